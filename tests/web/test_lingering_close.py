"""A 413 reaches clients that write the whole body before reading (urllib, requests): after
answering, the server reads and discards the rest of the body instead of closing on them."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator

import pytest
import uvicorn

from filings.app import create_app
from filings.core.settings import Settings
from tests.access.conftest import free_port

LIMIT = 2 * 1024 * 1024


@pytest.fixture
def live_server(settings_factory: Callable[..., Settings]) -> Iterator[str]:
    """The app under a real uvicorn server on a loopback port, in a thread."""
    port = free_port()
    config = uvicorn.Config(
        create_app(settings_factory()), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def _post(url: str, size: int) -> int:
    request = urllib.request.Request(  # noqa: S310 - a loopback URL of the test's own
        url, data=b"x" * size, method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
            return int(response.status)
    except urllib.error.HTTPError as refused:
        return refused.code


@pytest.mark.parametrize(("size", "times"), [(LIMIT + 1, 10), (20 * 1000 * 1000, 3)])
def test_a_client_that_writes_everything_first_reads_the_413(
    live_server: str, size: int, times: int
) -> None:
    url = f"{live_server}/api/v1/data/filings/search"
    # Before the fix 4 in 10 of these broke with a broken pipe or a reset connection.
    assert [_post(url, size) for _ in range(times)] == [413] * times
