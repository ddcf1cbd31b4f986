"""The data generation: one number that every ingestion changing data moves, read by the app
now and then (never per request) to learn that its caches are stale."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from sqlalchemy import Connection, select, update

from filings.db.tables import data_state


def bump_generation(conn: Connection) -> None:
    """Mark the data as changed, in the caller's transaction."""
    conn.execute(
        update(data_state)
        .where(data_state.c.id == 1)
        .values(generation=data_state.c.generation + 1)
    )


def read_generation(conn: Connection) -> int:
    """The current generation (0 before any ingestion)."""
    return int(
        conn.execute(select(data_state.c.generation).where(data_state.c.id == 1)).scalar() or 0
    )


class GenerationClock:
    """The generation as last read, read again at most every `interval` seconds: an ingestion
    is seen within that time, and requests in between ask no store."""

    def __init__(self, interval: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self._clock = clock
        self._lock = threading.Lock()
        self._value: int | None = None
        self._read_at = float("-inf")

    def peek(self) -> int | None:
        """The generation while it is fresh enough, without asking the store; else None."""
        with self._lock:
            if self._value is not None and self._clock() - self._read_at < self.interval:
                return self._value
        return None

    def current(self, conn: Connection) -> int:
        """The generation, from memory while it is fresh enough."""
        now = self._clock()
        with self._lock:
            if self._value is not None and now - self._read_at < self.interval:
                return self._value
        value = read_generation(conn)
        with self._lock:
            self._value, self._read_at = value, now
        return value
