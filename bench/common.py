"""What the benchmarks share: a loaded database (SQLite or a PostgreSQL schema) with a bench
key, servers on free ports, and the settings of a measured server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import httpx
from sqlalchemy import make_url, text
from sqlalchemy.exc import OperationalError

from filings.access import service
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import ingest_sec
from filings.ingest.sec.source import MirrorSource

SECRET = "bench-secret"
CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
PG_URL = os.environ.get("BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432/test")


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve_process(
    factory: str, env: dict[str, str], *, cpus: str | None = None, workers: int = 1
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """uvicorn serving `factory` on a free loopback port (on the `cpus` given, with `workers`
    processes): its URL and process."""
    port = free_port()
    command = [] if cpus is None else ["taskset", "-c", cpus]
    command += [sys.executable, "-m", "uvicorn", factory, "--factory", "--port", str(port)]
    command += ["--log-level", "warning", "--no-access-log", "--workers", str(workers)]
    full_env = {**os.environ, **env, "PYTHONPATH": str(Path.cwd())}
    process = subprocess.Popen(command, env=full_env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/openapi.json", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=20)


def loaded_database(url: str) -> str:
    """Migrate the database at `url`, ingest the SEC mirror into it and open a bench account
    with limits that never interfere; the account's key."""
    database = Database(make_engine(url))
    upgrade(database.engine)
    source = MirrorSource(CORPUS / "sec")  # real figures behind the data endpoints
    listings = read_tickers(source)
    ingest_sec(database, source, source.known_ciks() or [], listings)
    database.dispose()
    return bench_key(url)


def bench_key(url: str, account: str = "bench") -> str:
    """A new bench account on the migrated database at `url`, with limits that never
    interfere; its key."""
    database = Database(make_engine(url))
    now = datetime.now(UTC)
    with database.transaction() as conn:
        service.create_account(conn, account, plan="custom", now=now)
        service.set_limits(conn, account, monthly_quota=10**9, per_second=10**6, per_minute=10**8)
        key = service.create_key(conn, account, secret=SECRET, now=now)[1]
    database.dispose()
    return key


def _database(directory: Path) -> tuple[str, str]:
    """A loaded SQLite database in `directory`: its URL and the bench key."""
    url = f"sqlite:///{directory / 'bench.db'}"
    return url, loaded_database(url)


@contextmanager
def postgres_schema() -> Iterator[str | None]:
    """A new schema on the bench's PostgreSQL (`BENCH_PG_URL`), dropped afterwards; None when
    PostgreSQL is not reachable."""
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    admin = make_engine(PG_URL)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except OperationalError:
        admin.dispose()
        yield None
        return
    try:
        url = make_url(PG_URL).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def service_env(url: str, data_dir: str) -> dict[str, str]:
    """The settings of a measured server: its database, and no background vector indexing."""
    return {
        "FILINGS_DATABASE_URL": url,
        "FILINGS_KEY_HASH_SECRET": SECRET,
        "FILINGS_INDEX_VECTORS": "false",  # nothing else competes with what is measured
        "FILINGS_DATA_DIR": data_dir,
    }
