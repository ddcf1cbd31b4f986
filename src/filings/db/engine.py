"""Database connections: one engine per process, transactions at the request or job boundary."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
from psycopg.rows import namedtuple_row
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from filings.core.errors import DataSourceUnavailable
from filings.db import stemming

WRITE_OPTION = "filings_write"
DEFAULT_TIMEOUT = 3.0
# PostgreSQL connections a process keeps open. Up to the worker threads that run queries at once
# (anyio's 40) may want one; a connection opened beyond the kept ones is closed when it is given
# back, and opening one costs far more than a request (a server process is forked), so a pool
# smaller than the load reopens connections on every request.
POOL_SIZE = 20
POOL_OVERFLOW = 20


def _prepare_sqlite(url: str, timeout: float) -> dict[str, Any]:
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    return {"check_same_thread": False, "timeout": timeout}


def _sqlite_connect_hook(timeout: float) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # pysqlite's own transaction handling breaks SAVEPOINT; let SQLAlchemy emit BEGIN itself.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        # A lock held elsewhere is waited on for `timeout`, then it is an OperationalError that
        # the service answers as unavailable, never a request hanging to its deadline.
        cursor.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
        # WAL lets readers run beside one writer, which several uvicorn workers need.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()
        # The full-text index's triggers stem a passage's words in its language (db/stemming.py).
        dbapi_connection.create_function(
            stemming.SQL_FUNCTION, 2, stemming.stems, deterministic=True
        )

    return on_connect


def _postgres_connect_hook(timeout: float) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Waiting for a row or table lock is bounded like SQLite's busy timeout.
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {int(timeout * 1000)}")
        dbapi_connection.commit()

    return on_connect


LOCK_POLL_SECONDS = 0.0002


def _sqlite_begin_hook(timeout: float) -> Any:
    def on_begin(connection: Connection) -> None:
        # A writer takes the write lock up front: a deferred transaction that reads first and
        # writes later fails at once under WAL when another writer got in between.
        if not connection.get_execution_options().get(WRITE_OPTION, False):
            connection.exec_driver_sql("BEGIN")
            return
        # The lock held by another process is asked for again every fraction of a millisecond:
        # SQLite's busy handler sleeps 1, 2, 5, 10 ... 100 ms between tries, and two processes
        # that each write a little per request (the access counters) wait on each other for
        # hundreds of milliseconds. Near the end of `timeout` the busy handler takes over, so
        # the last failure is SQLAlchemy's own error, as any other.
        raw: Any = connection.connection.driver_connection  # a sqlite3 connection
        deadline = time.monotonic() + timeout * 0.9
        raw.execute("PRAGMA busy_timeout = 0")
        try:
            while time.monotonic() < deadline:
                try:
                    raw.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) and "busy" not in str(exc):
                        break
                time.sleep(LOCK_POLL_SECONDS)
        finally:
            raw.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return on_begin


def make_engine(url: str, *, timeout: float = DEFAULT_TIMEOUT, **options: Any) -> Engine:
    """An engine for `url` with the per-dialect settings the service relies on.

    `timeout` bounds every wait on the store: a lock, a new connection, a pooled connection.
    """
    for plain in ("postgresql://", "postgres://"):  # the forms users write
        if url.startswith(plain):
            url = "postgresql+psycopg://" + url.removeprefix(plain)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args=_prepare_sqlite(url, timeout), **options)
        event.listen(engine, "connect", _sqlite_connect_hook(timeout))
        event.listen(engine, "begin", _sqlite_begin_hook(timeout))
        return engine
    engine = create_engine(
        url,
        # No ping before each use (a round trip per request): a connection the server closed
        # (a restart) fails its first statement as a disconnect, which invalidates the whole
        # pool, and the callers retry it (`db/retry.py`, the access gate).
        pool_pre_ping=False,
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
        pool_timeout=max(timeout, 1.0),
        connect_args={"connect_timeout": max(round(timeout), 1)},
        **options,
    )
    event.listen(engine, "connect", _postgres_connect_hook(timeout))
    return engine


class Database:
    """Hands out connections inside a transaction; commits when the block ends without error."""

    def __init__(self, engine: Engine, *, timeout: float = DEFAULT_TIMEOUT):
        self.engine = engine
        self.timeout = timeout
        # SQLite has one writer at a time. Its busy handler sleeps in growing steps, so threads
        # of one process that wait on it starve each other under load; they queue here instead,
        # and only one thread per process waits on the file lock (held by another process).
        self._sqlite_writer = threading.Lock() if engine.dialect.name == "sqlite" else None

    @contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Connection]:
        """A connection in a transaction that commits on success and rolls back on error.

        `write=True` takes the write lock at the start (SQLite's BEGIN IMMEDIATE).
        """
        with self._writer_turn(write), self.engine.connect() as connection:
            if write:
                connection = connection.execution_options(**{WRITE_OPTION: True})
            with connection.begin():
                yield connection

    @contextmanager
    def statement(self) -> Iterator[Connection]:
        """A connection for one statement that is a transaction of its own: on PostgreSQL it
        runs in autocommit, one round trip with no BEGIN or COMMIT around it; on SQLite (in the
        process, nothing to save) in a read transaction."""
        if self.engine.dialect.name != "postgresql":
            with self.transaction() as connection:
                yield connection
            return
        with self.engine.connect() as connection:
            yield connection.execution_options(isolation_level="AUTOCOMMIT")

    def fetch_prepared(self, sql: str, params: Any) -> Any:
        """The first row (attributes by column name; None: no row) of one statement in the
        driver's own SQL (`%s` or `%(name)s`), run as `statement` does, prepared, on the
        driver's connection: PostgreSQL only. For the few statements every request runs,
        where SQLAlchemy's execution costs as much CPU as the rest; a failure is raised as
        SQLAlchemy raises its own, a lost connection dropped with the rest of the pool."""
        with self.statement() as conn:
            driver: Any = conn.connection.driver_connection  # a psycopg connection
            try:
                with driver.cursor(row_factory=namedtuple_row) as cursor:
                    return cursor.execute(sql, params, prepare=True).fetchone()
            except psycopg.Error as exc:
                lost = bool(driver.broken or driver.closed)
                if lost:
                    conn.invalidate()
                    self.engine.pool.dispose()
                raise DBAPIError.instance(
                    sql, params, exc, psycopg.Error, connection_invalidated=lost
                ) from exc

    @contextmanager
    def _writer_turn(self, write: bool) -> Iterator[None]:
        if not write or self._sqlite_writer is None:
            yield
            return
        if not self._sqlite_writer.acquire(timeout=self.timeout):
            raise DataSourceUnavailable(
                f"no turn to write to the database within {self.timeout:g} s"
            )
        try:
            yield
        finally:
            self._sqlite_writer.release()

    def dispose(self) -> None:
        """Close pooled connections."""
        self.engine.dispose()


def open_database(url: str, *, timeout: float = DEFAULT_TIMEOUT) -> Database:
    """The Database at `url`, every wait on it bounded by `timeout` seconds."""
    return Database(make_engine(url, timeout=timeout), timeout=timeout)
