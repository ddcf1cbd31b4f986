"""Fixtures of the client tests: the app over real HTTP and its key."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from fastapi.testclient import TestClient


@pytest.fixture(scope="session")
def served(sec_client: TestClient) -> Iterator[str]:
    """The app over real HTTP: uvicorn in a thread on a free port; its base URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(sec_client.app, host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def key(sec_client: TestClient) -> str:
    return str(sec_client.headers["Authorization"]).removeprefix("Bearer ")
