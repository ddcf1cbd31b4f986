"""SQLite writers of one process take turns in the process, each turn bounded by the timeout."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from filings.core.errors import DataSourceUnavailable
from filings.db.engine import open_database


def test_a_writer_waits_its_turn_then_gives_up_as_unavailable(tmp_path: Path) -> None:
    database = open_database(f"sqlite:///{tmp_path / 'turns.db'}", timeout=0.3)
    with database.transaction(write=True) as conn:
        conn.execute(text("CREATE TABLE t (x INTEGER)"))
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with database.transaction(write=True) as conn:
            conn.execute(text("INSERT INTO t VALUES (1)"))
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)
    with (
        pytest.raises(DataSourceUnavailable, match="no turn to write"),
        database.transaction(write=True) as conn,
    ):
        conn.execute(text("INSERT INTO t VALUES (2)"))
    with database.transaction() as conn:  # readers never queue behind a writer
        assert conn.execute(text("SELECT count(*) FROM t")).scalar() == 0
    release.set()
    holder.join()
    with database.transaction(write=True) as conn:
        conn.execute(text("INSERT INTO t VALUES (3)"))
        assert conn.execute(text("SELECT count(*) FROM t")).scalar() == 2
    database.dispose()
