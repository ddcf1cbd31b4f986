"""The account page: an account owner signs in with the password the operator set
(`filings accounts set-password`), manages the account's API keys and sees the plan and this
month's use. Server-rendered HTML, no JavaScript.

Revoking and rotating a key ask first: the table's buttons open a page that says what will
happen, whose form does it. The key table becomes a list of cards at phone width.

Sessions live in a signed cookie (HttpOnly, SameSite=Strict, Secure over HTTPS, path /account,
8 hours); every form carries a CSRF token bound to the session (or, before sign-in, to a signed
pre-session cookie); sign-in attempts are limited per address and per account name.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

import anyio
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer
from jinja2 import Environment, PackageLoader, select_autoescape
from sqlalchemy import Connection

from filings.access import passwords, service
from filings.access.plans import month_bucket, next_month_start
from filings.access.store import AccessStore
from filings.api.state import services_of
from filings.core.errors import FilingsError
from filings.db.engine import Database

router = APIRouter(prefix="/account", include_in_schema=False)
SESSION_COOKIE = "filings_session"
SIGNIN_COOKIE = "filings_signin"
SESSION_SECONDS = 8 * 3600
ATTEMPTS_PER_MINUTE = 5
_templates = Environment(
    loader=PackageLoader("filings.account", "templates"),
    autoescape=select_autoescape(["html"]),
)


class Pages:
    """What the pages need: the database, the access store and the signing secret."""

    def __init__(self, database: Database, store: AccessStore, secret: str):
        self.database, self.store = database, store
        # a key of its own for sessions, derived from the key-hash secret
        self.secret = hmac.new(secret.encode(), b"account-page", hashlib.sha256).hexdigest()
        self.key_secret = secret
        self.signer = URLSafeTimedSerializer(self.secret, salt="account-session")

    def csrf(self, nonce: str) -> str:
        return hmac.new(self.secret.encode(), f"csrf:{nonce}".encode(), "sha256").hexdigest()

    def session(self, request: Request) -> dict[str, Any] | None:
        raw = request.cookies.get(SESSION_COOKIE)
        if not raw:
            return None
        try:
            data: dict[str, Any] = self.signer.loads(raw, max_age=SESSION_SECONDS)
        except BadSignature:
            return None
        return data

    async def run(self, work: Callable[[Connection], Any]) -> Any:
        def job() -> Any:
            with self.database.transaction(write=True) as conn:
                return work(conn)

        return await anyio.to_thread.run_sync(job)


def _pages(request: Request) -> Pages:
    """The pages' state, from the app's services (cheap to make: two HMAC keys)."""
    services = services_of(request.app)
    secret = services.settings.key_hash_secret.get_secret_value()
    return Pages(services.database, services.store, secret)


def _render(name: str, status: int = 200, **values: Any) -> HTMLResponse:
    return HTMLResponse(_templates.get_template(name).render(**values), status_code=status)


def _cookie(response: Response, request: Request, name: str, value: str, age: int) -> None:
    response.set_cookie(
        name,
        value,
        max_age=age,
        path="/account",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


@router.get("/sign-in")
async def sign_in_form(request: Request) -> HTMLResponse:
    """The sign-in form, with a pre-session cookie its CSRF token is bound to."""
    pages = _pages(request)
    nonce = secrets.token_urlsafe(16)
    response = _render("sign_in.html", csrf=pages.csrf(nonce), error=None)
    _cookie(response, request, SIGNIN_COOKIE, pages.signer.dumps({"n": nonce}), 900)
    return response


@router.post("/sign-in")
async def sign_in(
    request: Request,
    account: Annotated[str, Form(max_length=120)],
    password: Annotated[str, Form(max_length=1000)],
    csrf: Annotated[str, Form(max_length=200)],
) -> Response:
    """Check the password; on success a session cookie and the account page."""
    pages = _pages(request)
    try:
        nonce = pages.signer.loads(request.cookies.get(SIGNIN_COOKIE, ""), max_age=900)["n"]
    except (BadSignature, KeyError, TypeError):
        return _render("message.html", 403, message="The form expired; open it again.")
    if not hmac.compare_digest(csrf, pages.csrf(nonce)):
        return _render("message.html", 403, message="The form expired; open it again.")
    now = datetime.now(UTC)
    client = request.client.host if request.client else "unknown"
    allowed = True
    for who in (f"ip:{client}", f"account:{account}"):  # both count, whatever the other says
        taken = await anyio.to_thread.run_sync(
            pages.store.take_attempt, who, now, ATTEMPTS_PER_MINUTE
        )
        allowed = allowed and taken
    if not allowed:
        return _render(
            "sign_in.html",
            429,
            csrf=csrf,
            error="Too many attempts; wait a minute before trying again.",
        )
    found = await pages.run(lambda conn: passwords.check_password(conn, account, password))
    if found is None:
        return _render("sign_in.html", 401, csrf=csrf, error="Wrong account name or password.")
    response = RedirectResponse("/account", status_code=303)
    session = {"a": found.name, "n": secrets.token_urlsafe(16)}
    _cookie(response, request, SESSION_COOKIE, pages.signer.dumps(session), SESSION_SECONDS)
    response.delete_cookie(SIGNIN_COOKIE, path="/account")
    return response


def _signed_in(request: Request) -> tuple[Pages, dict[str, Any]] | Response:
    pages = _pages(request)
    session = pages.session(request)
    if session is None:
        return RedirectResponse("/account/sign-in", status_code=303)
    return pages, session


def _checked(request: Request, csrf: str) -> tuple[Pages, dict[str, Any]] | Response:
    found = _signed_in(request)
    if isinstance(found, Response):
        return found
    pages, session = found
    if not hmac.compare_digest(csrf, pages.csrf(session["n"])):
        return _render("message.html", 403, message="The form expired; reload the page.")
    return found


@router.get("")
async def account_page(request: Request) -> Response:
    """The plan, this month's use and the keys."""
    found = _signed_in(request)
    if isinstance(found, Response):
        return found
    pages, session = found
    return await _page(request, pages, session)


async def _page(
    request: Request, pages: Pages, session: dict[str, Any], **extra: Any
) -> HTMLResponse:
    now = datetime.now(UTC)
    bucket = month_bucket(now)

    def read(conn: Connection) -> tuple[service.Account, list[service.KeyInfo]]:
        return service.get_account(conn, session["a"]), service.list_keys(conn, session["a"])

    account, keys = await pages.run(read)
    used = await anyio.to_thread.run_sync(pages.store.quota_used, account.pk, bucket)
    mcp = await anyio.to_thread.run_sync(pages.store.used_by, account.pk, "mcp", bucket)
    return _render(
        "account.html",
        extra.pop("status", 200),
        account=account,
        keys=keys,
        used=used,
        mcp=mcp,
        resets=next_month_start(now).strftime("%Y-%m-%d"),
        csrf=pages.csrf(session["n"]),
        now=now,
        **extra,
    )


@router.post("/keys")
async def create_key(
    request: Request,
    csrf: Annotated[str, Form(max_length=200)],
    name: Annotated[str, Form(max_length=80)] = "",
    expires_in_days: Annotated[str, Form(max_length=6)] = "",
) -> Response:
    """Issue a key and show it once."""
    found = _checked(request, csrf)
    if isinstance(found, Response):
        return found
    pages, session = found
    days = int(expires_in_days) if expires_in_days.strip().isdigit() else None
    now = datetime.now(UTC)
    try:
        _, key = await pages.run(
            lambda conn: service.create_key(
                conn,
                session["a"],
                secret=pages.key_secret,
                now=now,
                name=name.strip() or None,
                expires_in_days=days,
            )
        )
    except FilingsError as exc:
        return await _page(request, pages, session, status=409, error=str(exc))
    return await _page(request, pages, session, new_key=key)


async def _key_form(
    request: Request, csrf: str, key_id: int
) -> tuple[Pages, dict[str, Any]] | Response:
    """A signed-in form about one of the account's own keys; else the page that says why not."""
    found = _checked(request, csrf)
    if isinstance(found, Response):
        return found
    pages, session = found
    keys = await pages.run(lambda conn: service.list_keys(conn, session["a"]))
    if not any(k.pk == key_id for k in keys):
        return _render("message.html", 404, message="No such key in this account.")
    return found


CONFIRMATIONS = {
    "revoke": (
        "Revoke",
        "Requests with this key are refused from the moment it is revoked. This cannot be undone.",
    ),
    "rotate": (
        "Rotate",
        "A new key is made and shown once, and this key is revoked at once: every client "
        "that uses it must switch to the new one.",
    ),
}


@router.get("/keys/{key_id}/{action}")
async def confirm_key_action(
    request: Request, key_id: int, action: Literal["revoke", "rotate"]
) -> Response:
    """Ask before revoking or rotating a key: what it does, and a button to do it."""
    found = _signed_in(request)
    if isinstance(found, Response):
        return found
    pages, session = found
    keys = await pages.run(lambda conn: service.list_keys(conn, session["a"]))
    key = next((k for k in keys if k.pk == key_id and not k.revoked_at), None)
    if key is None:
        return _render("message.html", 404, message="No such active key in this account.")
    verb, consequence = CONFIRMATIONS[action]
    csrf = pages.csrf(session["n"])
    return _render(
        "confirm.html", key=key, verb=verb, consequence=consequence, action=action, csrf=csrf
    )


@router.post("/keys/{key_id}/revoke")
async def revoke_key(
    request: Request, key_id: int, csrf: Annotated[str, Form(max_length=200)]
) -> Response:
    """Revoke one of the account's keys."""
    found = await _key_form(request, csrf, key_id)
    if isinstance(found, Response):
        return found
    pages, _ = found
    now = datetime.now(UTC)
    await pages.run(lambda conn: service.revoke_key(conn, key_id, now=now))
    return RedirectResponse("/account", status_code=303)


@router.post("/keys/{key_id}/rotate")
async def rotate_key(
    request: Request, key_id: int, csrf: Annotated[str, Form(max_length=200)]
) -> Response:
    """Replace a key by a new one (shown once); the old one is revoked."""
    found = await _key_form(request, csrf, key_id)
    if isinstance(found, Response):
        return found
    pages, session = found
    now = datetime.now(UTC)
    _, key = await pages.run(
        lambda conn: service.rotate_key(conn, key_id, secret=pages.key_secret, now=now)
    )
    return await _page(request, pages, session, new_key=key)


@router.post("/sign-out")
async def sign_out(request: Request, csrf: Annotated[str, Form(max_length=200)]) -> Response:
    """End the session."""
    found = _checked(request, csrf)
    if isinstance(found, Response):
        return found
    response = RedirectResponse("/account/sign-in", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/account")
    return response
