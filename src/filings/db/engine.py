"""Database connections: one engine per process, transactions at the request or job boundary."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url

WRITE_OPTION = "filings_write"


def _prepare_sqlite(url: str) -> dict[str, Any]:
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    return {"check_same_thread": False, "timeout": 30}


def _on_sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # pysqlite's own transaction handling breaks SAVEPOINT; let SQLAlchemy emit BEGIN itself.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    # WAL lets readers run beside one writer, which several uvicorn workers need.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _on_sqlite_begin(connection: Connection) -> None:
    # A writer takes the write lock up front (waiting on busy_timeout): a deferred transaction
    # that reads first and writes later fails at once under WAL when another writer got in between.
    immediate = connection.get_execution_options().get(WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def make_engine(url: str, **options: Any) -> Engine:
    """An engine for `url` with the per-dialect settings the service relies on."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args=_prepare_sqlite(url), **options)
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=True, **options)


class Database:
    """Hands out connections inside a transaction; commits when the block ends without error."""

    def __init__(self, engine: Engine):
        self.engine = engine

    @contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Connection]:
        """A connection in a transaction that commits on success and rolls back on error.

        `write=True` takes the write lock at the start (SQLite's BEGIN IMMEDIATE).
        """
        with self.engine.connect() as connection:
            if write:
                connection = connection.execution_options(**{WRITE_OPTION: True})
            with connection.begin():
                yield connection

    def dispose(self) -> None:
        """Close pooled connections."""
        self.engine.dispose()
