"""Politeness toward a source: at most so many request starts a second, across threads."""

from __future__ import annotations

import threading
import time


class Pacer:
    """At most `per_second` request starts a second, across threads."""

    def __init__(self, per_second: float):
        self.interval = 1.0 / per_second
        self.lock = threading.Lock()
        self.next_start = 0.0

    def wait(self) -> None:
        """Sleep until the next request may start."""
        with self.lock:
            now = time.monotonic()
            start = max(now, self.next_start)
            self.next_start = start + self.interval
        time.sleep(max(start - now, 0.0))
