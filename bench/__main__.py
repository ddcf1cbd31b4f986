"""`make bench`: request throughput and latency of the service next to a bare FastAPI endpoint,
and what the access checks add on each store, all measured in the same run on this machine."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx

from filings.access import service
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.ingest.sec.pipeline import ingest_sec, read_tickers
from filings.ingest.sec.source import MirrorSource

REQUESTS = int(os.environ.get("BENCH_REQUESTS", "1500"))
CONCURRENCY = int(os.environ.get("BENCH_CONCURRENCY", "8"))
WARMUP = 100
SECRET = "bench-secret"
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))


@dataclass
class Result:
    name: str
    rps: float
    p50_ms: float
    p99_ms: float


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve(factory: str, env: dict[str, str]) -> Iterator[str]:
    """uvicorn serving `factory` on a free loopback port, one worker: its base URL."""
    with serve_process(factory, env) as (base, _):
        yield base


@contextmanager
def serve_process(
    factory: str, env: dict[str, str]
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """uvicorn serving `factory` on a free loopback port, one worker: its URL and process."""
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        factory,
        "--factory",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--no-access-log",
    ]
    full_env = {**os.environ, **env, "PYTHONPATH": str(Path.cwd())}
    process = subprocess.Popen(command, env=full_env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                httpx.get(f"{base}/openapi.json", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=20)


def measure(name: str, url: str, headers: dict[str, str]) -> Result:
    """REQUESTS GETs of `url` from CONCURRENCY threads, after a warm-up."""
    with httpx.Client(headers=headers, timeout=30) as client:
        for _ in range(WARMUP):
            client.get(url).raise_for_status()

        def one(_: int) -> float:
            started = time.perf_counter()
            response = client.get(url)
            response.raise_for_status()
            return time.perf_counter() - started

        started = time.perf_counter()
        with ThreadPoolExecutor(CONCURRENCY) as pool:
            latencies = sorted(pool.map(one, range(REQUESTS)))
        elapsed = time.perf_counter() - started
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    return Result(name, REQUESTS / elapsed, statistics.median(latencies) * 1000, p99 * 1000)


def _database(directory: Path) -> tuple[str, str]:
    url = f"sqlite:///{directory / 'bench.db'}"
    database = Database(make_engine(url))
    upgrade(database.engine)
    source = MirrorSource(CORPUS / "sec")  # real figures behind the data endpoint
    listings = read_tickers(source)
    ingest_sec(database, source, source.known_ciks() or [], listings)
    now = datetime.now(UTC)
    with database.transaction() as conn:
        service.create_account(conn, "bench", plan="custom", now=now)
        service.set_limits(conn, "bench", monthly_quota=10**9, per_second=10**6, per_minute=10**8)
        key = service.create_key(conn, "bench", secret=SECRET, now=now)[1]
    database.dispose()
    return url, key


def _redis_reachable() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS_URL).ping())
    except redis.RedisError:
        return False


def service_env(url: str, data_dir: str) -> dict[str, str]:
    """The settings of a measured server: its database, and no background vector indexing."""
    return {
        "FILINGS_DATABASE_URL": url,
        "FILINGS_KEY_HASH_SECRET": SECRET,
        "FILINGS_INDEX_VECTORS": "false",  # nothing else competes with what is measured
        "FILINGS_DATA_DIR": data_dir,
    }


def main() -> None:
    """Run every measurement and print the table and ratios."""
    with tempfile.TemporaryDirectory() as tmp:
        url, key = _database(Path(tmp))
        env = service_env(url, tmp)
        auth = {"Authorization": f"Bearer {key}"}
        data_path = "/api/v1/data/companies/AAPL/financials"
        results: list[Result] = []
        with serve("bench.apps:bare_app", env) as base:
            results.append(measure("bare FastAPI JSON endpoint", f"{base}/bare", {}))
        with serve("bench.apps:service_app_without_access", env) as base:
            results.append(measure("financials, no access checks", base + data_path, {}))
        with serve("bench.apps:service_app", env) as base:
            results.append(measure("financials, access on SQL store", base + data_path, auth))
        with serve("bench.apps:handler_styles_app", env) as base:
            styles = [
                measure("financials, sync handler", f"{base}/bench/sync/AAPL", {}),
                measure("financials, async + worker thread", f"{base}/bench/async/AAPL", {}),
            ]
        if _redis_reachable():
            redis_env = {**env, "FILINGS_REDIS_URL": REDIS_URL, "FILINGS_REDIS_NAMESPACE": "bench"}
            with serve("bench.apps:service_app", redis_env) as base:
                results.append(measure("financials, access on Redis store", base + data_path, auth))
        else:
            print(f"(Redis not reachable at {REDIS_URL}: Redis store not measured)")
    report(results)
    sync, run_in_thread = styles
    p50 = run_in_thread.p50_ms / sync.p50_ms
    rps = run_in_thread.rps / sync.rps
    print(
        f"\nhandler style, async + worker thread / sync handler: p50 x{p50:.2f}, req/s x{rps:.2f}"
    )


def report(results: list[Result]) -> None:
    """Print the table, then ratios against the bare endpoint and the unchecked endpoint."""
    print(f"\n{REQUESTS} requests, {CONCURRENCY} concurrent, one uvicorn worker each;", end=" ")
    print("the data endpoint answers Apple's figures from the ingested SEC mirror\n")
    print(f"{'target':36} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for r in results:
        print(f"{r.name:36} {r.rps:8.0f} {r.p50_ms:8.2f} {r.p99_ms:8.2f}")
    bare, unchecked = results[0], results[1]
    print(f"\nthroughput of the data endpoint / bare endpoint: {unchecked.rps / bare.rps:.2f}")
    print(f"p50 latency of the data endpoint / bare endpoint: {unchecked.p50_ms / bare.p50_ms:.2f}")
    for r in results[2:]:
        added = r.p50_ms - unchecked.p50_ms
        print(
            f"{r.name}: p50 x{r.p50_ms / unchecked.p50_ms:.2f} of no checks "
            f"(+{added:.2f} ms per request), throughput x{r.rps / unchecked.rps:.2f}"
        )


if __name__ == "__main__":
    main()
    from bench import documents, ingest, nordic, search

    ingest.main()
    nordic.main()
    documents.main()
    search.main()
