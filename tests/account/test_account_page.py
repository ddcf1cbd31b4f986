"""The account page in a real browser (Debian's chromium, driven by Selenium): sign in, create,
list, rotate and revoke keys, see the plan and the month's use; sessions and forms are
protected."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
import uvicorn
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.wait import WebDriverWait

from filings.access import passwords, service
from filings.app import create_app
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine
from tests.conftest import unavailable

SECRET = "account-page-secret-0123456789abcdef"
PASSWORD = "correct horse battery staple"


@pytest.fixture
def site(committed_database_url: str, tmp_path: Path) -> Iterator[str]:
    """The app over HTTP with an account `owner` whose password is set: its base URL."""
    database = Database(make_engine(committed_database_url))
    with database.transaction() as conn:
        service.create_account(conn, "owner", plan="api", now=datetime.now(UTC))
        passwords.set_password(conn, "owner", PASSWORD)
    settings = Settings(
        database_url=committed_database_url,
        data_dir=tmp_path,
        key_hash_secret=SECRET,  # type: ignore[arg-type]
    )
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    database.dispose()


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    chromium = shutil.which("chromium")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        unavailable("Debian's chromium and chromium-driver are needed for the browser tests")
    options = Options()
    options.binary_location = str(chromium)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(driver_path)), options=options)
    driver.implicitly_wait(5)
    yield driver
    driver.quit()


def sign_in(browser: webdriver.Chrome, site: str, password: str = PASSWORD) -> None:
    browser.get(f"{site}/account")
    assert browser.current_url.endswith("/account/sign-in")  # no session: to the sign-in form
    browser.find_element(By.ID, "account").send_keys("owner")
    browser.find_element(By.ID, "password").send_keys(password)
    click(browser, browser.find_element(By.ID, "sign-in"))


def click(browser: webdriver.Chrome, button: WebElement) -> None:
    """Submit a form and wait for the page it leads to: a new document, fully loaded (the old
    one's marker gone)."""
    browser.execute_script("window.beforeClick = true;")
    button.click()
    WebDriverWait(browser, 10, ignored_exceptions=(WebDriverException,)).until(
        lambda driver: driver.execute_script(
            "return window.beforeClick === undefined && document.readyState === 'complete'"
        )
    )


def test_keys_plan_and_use_in_a_browser(browser: webdriver.Chrome, site: str) -> None:
    sign_in(browser, site, password="wrong password!")
    assert browser.find_element(By.ID, "error").text == "Wrong account name or password."
    sign_in(browser, site)
    assert browser.current_url.endswith("/account")
    assert "Plan api" in browser.find_element(By.ID, "plan").text
    assert "This month: 0 of" in browser.find_element(By.ID, "usage").text
    cookie = browser.get_cookie("filings_session")
    assert cookie and cookie["httpOnly"] and cookie["sameSite"] == "Strict"

    browser.find_element(By.ID, "key-name").send_keys("notebook")
    browser.find_element(By.ID, "key-days").send_keys("30")
    click(browser, browser.find_element(By.ID, "create-key"))
    key = browser.find_element(By.ID, "new-key-value").text
    assert key.startswith("svc_")
    rows = browser.find_elements(By.CSS_SELECTOR, "#keys tr[data-key-id]")
    assert [r.find_element(By.CLASS_NAME, "prefix").text for r in rows] == [key[:12]]
    assert "notebook" in rows[0].text

    # the key works on the API, and the page counts the request
    answer = httpx.get(
        f"{site}/api/v1/data/companies/AAPL/financials", headers={"Authorization": f"Bearer {key}"}
    )
    assert answer.status_code == 200
    browser.get(f"{site}/account")
    assert "This month: 1 of" in browser.find_element(By.ID, "usage").text
    assert (
        "never"
        not in browser.find_elements(By.CSS_SELECTOR, "#keys tr[data-key-id]")[0].text.split("\n")[
            0
        ]
    )

    # rotate asks first: cancelling changes nothing
    click(browser, browser.find_element(By.CLASS_NAME, "rotate"))
    assert "revoked at once" in browser.find_element(By.ID, "consequence").text
    click(browser, browser.find_element(By.ID, "cancel"))
    states = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#keys .state")]
    assert states == ["active"]
    click(browser, browser.find_element(By.CLASS_NAME, "rotate"))
    click(browser, browser.find_element(By.ID, "confirm"))
    rotated = browser.find_element(By.ID, "new-key-value").text
    assert rotated.startswith("svc_") and rotated != key
    states = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#keys .state")]
    assert states == ["revoked", "active"]
    old = httpx.get(
        f"{site}/api/v1/data/companies/AAPL/financials", headers={"Authorization": f"Bearer {key}"}
    )
    assert old.status_code == 401

    click(browser, browser.find_element(By.CLASS_NAME, "revoke"))
    assert "cannot be undone" in browser.find_element(By.ID, "consequence").text
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith(f"Revoke key {rotated[:12]}")
    click(browser, browser.find_element(By.ID, "confirm"))
    states = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#keys .state")]
    assert states == ["revoked", "revoked"]

    click(browser, browser.find_element(By.ID, "sign-out"))
    assert browser.current_url.endswith("/account/sign-in")
    browser.get(f"{site}/account")
    assert browser.current_url.endswith("/account/sign-in")


def _clear_of_a_minute_boundary(needed: float = 20.0) -> None:
    """Wait for the next minute when fewer than `needed` seconds are left in this one: attempts
    are counted per minute, and a boundary in the middle of the test would reset the count."""
    left = 60 - datetime.now(UTC).second - datetime.now(UTC).microsecond / 1e6
    if left < needed:
        time.sleep(left + 0.5)


def test_forms_need_their_csrf_token_and_sign_in_is_rate_limited(
    browser: webdriver.Chrome, site: str
) -> None:
    _clear_of_a_minute_boundary()
    sign_in(browser, site)
    session = browser.get_cookie("filings_session")
    assert session
    cookies = {"filings_session": session["value"]}
    forged = httpx.post(
        f"{site}/account/keys", data={"csrf": "forged", "name": "x"}, cookies=cookies
    )
    assert forged.status_code == 403
    anonymous = httpx.post(f"{site}/account/keys", data={"csrf": "x"})
    assert anonymous.status_code == 303  # no session: to the sign-in form

    with httpx.Client(base_url=site) as client:
        form = client.get("/account/sign-in")
        token = form.text.split('name="csrf" value="')[1].split('"')[0]
        statuses = [
            client.post(
                "/account/sign-in",
                data={"account": "owner", "password": "nope nope nope", "csrf": token},
            ).status_code
            for _ in range(6)
        ]
    assert statuses[:4] == [401] * 4 and statuses[-1] == 429  # 5 a minute (one used above)


def test_the_sign_in_page_names_the_product_and_helps(browser: webdriver.Chrome, site: str) -> None:
    browser.get(f"{site}/account/sign-in")
    assert "filings API" in browser.title
    assert "filings API" in browser.find_element(By.TAG_NAME, "h1").text
    help_text = browser.find_element(By.ID, "help").text
    assert "operator" in help_text and "Authorization: Bearer" in help_text
    assert browser.find_element(By.LINK_TEXT, "API documentation").get_attribute("href") == (
        f"{site}/docs"
    )


def test_the_key_table_fits_a_phone(browser: webdriver.Chrome, site: str, tmp_path: Path) -> None:
    browser.set_window_size(375, 812)  # a phone's CSS width
    sign_in(browser, site)
    for name in ("laptop", "notebook on the train"):
        browser.find_element(By.ID, "key-name").send_keys(name)
        click(browser, browser.find_element(By.ID, "create-key"))
    width = browser.execute_script("return window.innerWidth")
    page_width = browser.execute_script("return document.documentElement.scrollWidth")
    assert page_width <= width  # nothing runs off the screen sideways
    for row in browser.find_elements(By.CSS_SELECTOR, "#keys tr[data-key-id]"):
        assert row.rect["x"] >= 0 and row.rect["x"] + row.rect["width"] <= width
        revoke = row.find_element(By.CLASS_NAME, "revoke")
        assert revoke.is_displayed() and revoke.rect["x"] + revoke.rect["width"] <= width
    first = browser.find_elements(By.CSS_SELECTOR, "#keys tr[data-key-id] td")[2]
    label = browser.execute_script(
        "return getComputedStyle(arguments[0], '::before').content", first
    )
    assert label == '"Created: "'  # each line of the card says what it is
    screenshot = tmp_path / "account-phone.png"
    assert browser.save_screenshot(str(screenshot))
    assert screenshot.stat().st_size > 0
