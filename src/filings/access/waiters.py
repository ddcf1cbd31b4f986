"""Waiting for a running twin: requests that share an Idempotency-Key with one still running.

A waiting duplicate holds no worker thread: it sleeps on its event loop until the twin finishes
in this process (an in-process wake-up) or the poll interval passes (the twin may run in another
worker or host, which only the store can tell).
"""

from __future__ import annotations

import asyncio
import threading
from contextlib import suppress

import anyio

FIRST_POLL_SECONDS = 0.02
MAX_POLL_SECONDS = 0.25

_Waiter = tuple[asyncio.AbstractEventLoop, asyncio.Event]


class TwinWaiters:
    """In-process wake-ups per (account, Idempotency-Key); an entry lives while someone waits.

    Thread-safe and loop-aware: a twin may finish on another event loop (a test client runs one
    per request), so a wake-up is handed to each waiter's own loop.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[tuple[int, str], set[_Waiter]] = {}

    async def wait(self, account_pk: int, key: str, seconds: float) -> None:
        """Sleep until the twin finishes in this process or `seconds` pass, whichever is first."""
        ident = (account_pk, key)
        waiter = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiting.setdefault(ident, set()).add(waiter)
        try:
            with anyio.move_on_after(seconds):
                await waiter[1].wait()
        finally:
            with self._lock:
                others = self._waiting.get(ident, set())
                others.discard(waiter)
                if not others:
                    self._waiting.pop(ident, None)

    def wake(self, account_pk: int, key: str) -> None:
        """The twin finished: wake everyone waiting on it in this process."""
        with self._lock:
            waiters = self._waiting.pop((account_pk, key), set())
        for loop, event in waiters:
            with suppress(RuntimeError):  # that loop has closed: nobody is waiting there
                loop.call_soon_threadsafe(event.set)

    def __len__(self) -> int:
        with self._lock:
            return len(self._waiting)
