"""The background vector indexer when its store is away: a failed pass is one warning line, and
the indexer goes on polling until the server stops it (before, the first failure ended it with a
traceback)."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import pytest

from filings import app as app_module
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine


def test_a_store_fault_is_a_warning_and_the_indexer_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # a database without the passages table: every pass fails as a dropped schema does
    database = Database(make_engine(f"sqlite:///{tmp_path / 'empty.db'}"))
    monkeypatch.setattr(app_module, "passage_embedder", lambda threads, cache: object())
    monkeypatch.setattr(app_module, "VECTOR_POLL_SECONDS", 0.05)
    stop = threading.Event()
    caplog.set_level(logging.INFO, logger="filings.search")
    before = set(threading.enumerate())
    app_module.start_vector_indexer(database, Settings(database_url="sqlite://"), stop)
    # this call's indexer (other tests' apps may have theirs running)
    [indexer] = [t for t in set(threading.enumerate()) - before if t.name == "vector-indexer"]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        failed = [r for r in caplog.records if "vector indexing pass failed" in r.getMessage()]
        if len(failed) >= 2:
            break
        time.sleep(0.02)
    stop.set()
    assert len(failed) >= 2  # it tried again after the first failure
    assert all(r.levelno == logging.WARNING and r.exc_info is None for r in failed)
    assert "\n" not in failed[0].getMessage()
    assert not any("vector indexing stopped" in r.getMessage() for r in caplog.records)
    indexer.join(timeout=5)
    assert not indexer.is_alive()  # it ends when the server stops it
    database.dispose()
