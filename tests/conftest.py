"""Shared fixtures: a real database per session (SQLite or PostgreSQL), migrated once, and each
test inside a transaction that is rolled back."""

from __future__ import annotations

import fcntl
import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from hypothesis import settings as hypothesis_settings
from sqlalchemy import Connection, Engine, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from filings.access import service as access
from filings.access.gate import utc_now
from filings.access.store import AccessStore
from filings.app import create_app
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.db.tables import metric_values

BACKEND = os.environ.get("FILINGS_TEST_BACKEND", "sqlite")
# Tests ingest and ask at once: read the data generation on every request (tested on its own).
os.environ.setdefault("FILINGS_DATA_POLL_SECONDS", "0")
IN_CI = os.environ.get("CI", "").lower() == "true"
CORPUS = Path(os.environ.get("FILINGS_CORPUS", Path(__file__).parents[1] / "../shared/corpus"))
# Passage vectors of the corpus, kept between runs by text hash: computing them takes minutes, and
# both passes of a run (and later runs) need the same ones. A missing file is only slower.
VECTOR_CACHE = Path(
    os.environ.get("FILINGS_TEST_VECTOR_CACHE", Path.home() / ".cache/filings/passage-vectors.npz")
)


@contextmanager
def vector_cache_held() -> Iterator[None]:
    """The vector cache held by this process alone: the SQLite and PostgreSQL passes run side by
    side (`make test`), and the second to need the corpus's vectors waits for the first to have
    computed and written them, then reads them, rather than computing them again beside it."""
    VECTOR_CACHE.parent.mkdir(parents=True, exist_ok=True)
    with VECTOR_CACHE.with_name(VECTOR_CACHE.name + ".lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


# Property tests: no per-example deadline (a busy CI machine is slow, not wrong), and under CI a
# fixed example sequence, so that a run is reproducible; locally each run explores anew.
hypothesis_settings.register_profile("filings", deadline=None, derandomize=IN_CI)
hypothesis_settings.load_profile("filings")


def unavailable(reason: str) -> None:
    """Skip for a missing service or corpus, but fail under CI, where it must be there."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: a missing service or corpus is a failure)")
    pytest.skip(reason)


def _postgres_url(schema: str) -> str:
    base = os.environ.get("FILINGS_TEST_DATABASE_URL")
    if not base:
        unavailable("FILINGS_TEST_BACKEND=postgres needs FILINGS_TEST_DATABASE_URL")
    admin = make_engine(str(base))
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except OperationalError as exc:
        unavailable(f"PostgreSQL unreachable at {base}: {exc.orig}")
    finally:
        admin.dispose()
    url = make_url(str(base)).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


@contextmanager
def new_database(directory: Path) -> Iterator[str]:
    """A new, empty database of the session's backend: a SQLite file or a PostgreSQL schema."""
    if BACKEND != "postgres":
        yield f"sqlite:///{directory / f'filings-{uuid.uuid4().hex[:8]}.db'}"
        return
    schema = f"filings_test_{uuid.uuid4().hex[:10]}"
    url = _postgres_url(schema)
    try:
        yield url
    finally:
        admin = make_engine(str(os.environ["FILINGS_TEST_DATABASE_URL"]))
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The session's database, shared by tests that roll back what they write."""
    with new_database(tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture
def committed_database_url(tmp_path: Path) -> Iterator[str]:
    """A migrated database of its own, for tests that commit (several connections, workers)."""
    with new_database(tmp_path) as url:
        engine = make_engine(url)
        upgrade(engine)
        engine.dispose()
        yield url


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The test Redis; missing is a skip locally and a failure under CI."""
    url = os.environ.get("FILINGS_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    client = redis.Redis.from_url(url)
    try:
        client.ping()
    except redis.RedisError as exc:
        unavailable(f"Redis unreachable at {url}: {exc}")
    finally:
        client.close()
    return url


@pytest.fixture
def redis_namespace(redis_url: str) -> Iterator[str]:
    """A Redis key namespace of this test's own, deleted afterwards."""
    namespace = f"filings-test-{uuid.uuid4().hex[:10]}"
    yield namespace
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(f"{namespace}:*"))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture(scope="session")
def engine(database_url: str) -> Iterator[Engine]:
    """The session's engine, with the migrations applied once."""
    engine = make_engine(database_url)
    upgrade(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def connection(engine: Engine) -> Iterator[Connection]:
    """A connection inside a transaction that is rolled back after the test."""
    with engine.connect() as conn:
        outer = conn.begin()
        yield conn
        outer.rollback()


class SavepointDatabase(Database):
    """Every 'transaction' is a savepoint inside the test's outer transaction."""

    def __init__(self, connection: Connection):
        super().__init__(connection.engine)
        self.connection = connection

    @contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Connection]:
        with self.connection.begin_nested():
            yield self.connection

    @contextmanager
    def statement(self) -> Iterator[Connection]:
        with self.transaction() as connection:
            yield connection


@pytest.fixture
def database(connection: Connection) -> SavepointDatabase:
    """A Database whose work is rolled back with the test."""
    return SavepointDatabase(connection)


@pytest.fixture
def settings_factory(database_url: str, tmp_path: Path) -> Callable[..., Settings]:
    """Settings for tests, with overrides."""

    def build(**overrides: Any) -> Settings:
        values: dict[str, Any] = {"database_url": database_url, "data_dir": tmp_path}
        return Settings(**{**values, **overrides})

    return build


@pytest.fixture
def api_key(connection: Connection, settings_factory: Callable[..., Settings]) -> str:
    """A key of an account on the api plan, inside the test's transaction."""
    now = datetime.now(UTC)
    access.create_account(connection, "tester", plan="api", now=now)
    secret = settings_factory().key_hash_secret.get_secret_value()
    return access.create_key(connection, "tester", secret=secret, now=now)[1]


@pytest.fixture
def make_client(
    settings_factory: Callable[..., Settings], database: SavepointDatabase, api_key: str
) -> Callable[..., TestClient]:
    """A TestClient over an app built with overridden settings, sending the tester's key."""

    def build(
        client_address: tuple[str, int] = ("127.0.0.1", 50000),
        key: str | None = api_key,
        store: AccessStore | None = None,
        clock: Callable[[], datetime] = utc_now,
        **overrides: Any,
    ) -> TestClient:
        app = create_app(settings_factory(**overrides), database, store, clock)
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return TestClient(
            app, raise_server_exceptions=False, client=client_address, headers=headers
        )

    return build


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    """A TestClient over the app with default settings."""
    return make_client()


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared corpus of real filings; missing is a skip locally and a failure under CI."""
    if not (CORPUS / "README.md").exists():
        unavailable(f"corpus not found at {CORPUS}")
    return CORPUS


@pytest.fixture(scope="session")
def financebench_pdfs(corpus: Path) -> Path:
    """The folder of FinanceBench's PDFs in the shared corpus (read there, never copied)."""
    folder = corpus / "financebench" / "pdfs"
    if not folder.is_dir():
        unavailable(f"the corpus at {corpus} has no financebench folder")
    return folder


@pytest.fixture(scope="session")
def sec_database_url(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> Iterator[str]:
    """A database with the SEC mirror and the Nordic corpus ingested once for the session."""
    from filings.ingest.nordic.pipeline import ingest_nordic
    from filings.ingest.sec.fetch import read_tickers
    from filings.ingest.sec.pipeline import ingest_sec, select_ciks
    from filings.ingest.sec.source import MirrorSource
    from filings.search.vectors import CachedEmbedder, E5Embedder, embed_missing

    with new_database(tmp_path_factory.mktemp("sec")) as url:
        db = Database(make_engine(url))
        upgrade(db.engine)
        source = MirrorSource(corpus / "sec")
        listings = read_tickers(source)
        ciks = select_ciks(source, listings, ciks=[], tickers=[], universe=False)
        summary = ingest_sec(db, source, ciks, listings, history=True)
        assert not summary.skipped, summary.skipped
        nordic = ingest_nordic(
            db,
            corpus / "nordic/feed.json",
            corpus / "nordic/instruments/all-nordic-instruments.json",
        )
        assert not nordic.skipped, nordic.skipped
        with db.transaction() as conn:  # the summaries count what is stored
            stored = dict(
                conn.execute(
                    select(metric_values.c.page_id.is_(None), func.count()).group_by(
                        metric_values.c.page_id.is_(None)
                    )
                ).all()
            )
        assert (summary.facts, nordic.figures) == (stored[True], stored[False])
        with vector_cache_held():  # the cache is read once held, so it holds the other's
            embed_missing(db, CachedEmbedder(E5Embedder(), VECTOR_CACHE))
        db.dispose()
        yield url


@pytest.fixture(scope="session")
def sec_client(
    sec_database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TestClient]:
    """A client over the SEC-ingested database with a key of an api-plan account."""
    secret = "sec-tests"
    db = Database(make_engine(sec_database_url))
    now = datetime.now(UTC)
    with db.transaction() as conn:
        access.create_account(conn, "sec-reader", plan="api", now=now)
        access.set_limits(
            conn, "sec-reader", monthly_quota=10**6, per_second=10**4, per_minute=10**6
        )
        key = access.create_key(conn, "sec-reader", secret=secret, now=now)[1]
    settings = Settings(
        database_url=sec_database_url,
        data_dir=tmp_path_factory.mktemp("sec-data"),
        key_hash_secret=secret,  # type: ignore[arg-type]
    )
    app = create_app(settings, db)
    yield TestClient(app, headers={"Authorization": f"Bearer {key}"})
    db.dispose()
