"""Finished JSON answers of the data endpoints, kept while the data they were made from has not
changed: a repeated question is answered from memory, without a worker thread or a query.

An answer is valid for the data generation it was made in (`db/generation.py`); the generation
is read at most every `FILINGS_DATA_POLL_SECONDS`, so an ingestion shows within that time. Only
answers that depend on nothing but the data and the question are kept: figures, statements,
comparisons, screens, filing searches, profiles and revenue geography; never snapshots (their
links expire) or content search (its index grows in the background). Misses are kept only when
the data decides them (not found, invalid); a failing data source is never remembered.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from pydantic import BaseModel
from sqlalchemy import Connection

from filings.core.misses import RETRYABLE, Miss
from filings.db.generation import GenerationClock


class AnswerCache:
    """A least-recently-used map from a question to its answer's JSON, bounded in bytes."""

    def __init__(self, clock: GenerationClock, max_bytes: int):
        self.clock = clock
        self.max_bytes = max_bytes
        self._entries: OrderedDict[Hashable, tuple[int, bytes, str]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, question: Hashable) -> tuple[bytes, str] | None:
        """The kept answer and its media type, when the generation it was made in is still the
        current one."""
        generation = self.clock.peek()
        if generation is None or not self.max_bytes:
            return None
        with self._lock:
            entry = self._entries.get(question)
            if entry is None or entry[0] != generation:
                return None
            self._entries.move_to_end(question)
            return entry[1], entry[2]

    def generation(self, conn: Connection) -> int:
        """The data generation an answer being made now belongs to."""
        return self.clock.current(conn)

    def put(
        self,
        question: Hashable,
        generation: int,
        answer: BaseModel,
        body: bytes,
        media_type: str = "application/json",
    ) -> None:
        """Keep an answer made in `generation`, unless a failing source decided it."""
        if not self.max_bytes or len(body) > self.max_bytes // 8:
            return
        if isinstance(answer, Miss) and answer.failure_kind in RETRYABLE:
            return
        with self._lock:
            old = self._entries.pop(question, None)
            if old is not None:
                self._bytes -= len(old[1])
            self._entries[question] = (generation, body, media_type)
            self._bytes += len(body)
            while self._bytes > self.max_bytes:
                _, (_, dropped, _) = self._entries.popitem(last=False)
                self._bytes -= len(dropped)
