"""Retrying transient data-source failures: a locked SQLite file, a dropped connection."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError, OperationalError

from filings.core.errors import DataSourceUnavailable, TransientFailure
from filings.db.engine import Database

T = TypeVar("T")
log = logging.getLogger("filings.db")
BACKOFF_SECONDS = 0.05


def as_transient(exc: BaseException) -> TransientFailure | None:
    """The TransientFailure a database error stands for, or None when it is not transient."""
    if isinstance(exc, TransientFailure):
        return exc
    if isinstance(exc, OperationalError) or (
        isinstance(exc, DBAPIError) and exc.connection_invalidated
    ):
        return DataSourceUnavailable(str(exc.orig) if isinstance(exc, DBAPIError) else str(exc))
    return None


def run_with_retries(database: Database, work: Callable[[Connection], T], max_retries: int) -> T:
    """Run `work` in a transaction, retrying transient failures up to `max_retries` times.

    Raises the last TransientFailure when every attempt failed; other errors pass through.
    """
    for attempt in range(max_retries + 1):
        try:
            with database.transaction() as connection:
                return work(connection)
        except Exception as exc:
            transient = as_transient(exc)
            if transient is None:
                raise
            log.warning("transient failure (attempt %d): %s", attempt + 1, exc)
            if attempt == max_retries:
                raise transient from exc
            time.sleep(BACKOFF_SECONDS * 2**attempt)
    raise AssertionError("unreachable")  # pragma: no cover
