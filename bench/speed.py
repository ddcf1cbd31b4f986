"""Throughput of each endpoint next to a bare FastAPI endpoint, measured with wrk in the same run
(issue 14): the server pinned to one core, wrk to the other, one uvicorn worker, a key whose
limits never interfere. Then the scale check: the same database grown to 5,000 companies with
figures and 500,000 filings, cloned from the real companies, where screen and filing search must
answer with a p50 of at most 50 ms. `BENCH_SECONDS` (default 8) sets each wrk run's length,
`BENCH_SCALE=0` skips the scale check, `BENCH_BACKENDS` (default `sqlite,postgresql`) names the
databases measured.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.common import (
    PG_URL,
    _database,
    loaded_database,
    postgres_schema,
    serve_process,
    service_env,
)
from bench.scale import grow

SECONDS = int(os.environ.get("BENCH_SECONDS", "8"))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "16"))
SCALE = os.environ.get("BENCH_SCALE", "1") != "0"
BACKENDS = os.environ.get("BENCH_BACKENDS", "sqlite,postgresql").split(",")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
API = "/api/v1/data"


@dataclass(frozen=True)
class Target:
    """One measured request and the least throughput ratio to the bare endpoint it must reach."""

    name: str
    method: str
    path: str
    body: dict[str, object] | None
    target: float | None


TARGETS = [
    Target("financials AAPL", "GET", f"{API}/companies/AAPL/financials", None, 0.25),
    Target(
        "statement, 25 quarters",
        "GET",
        f"{API}/companies/AAPL/statement?statement=income_statement&period_type=quarterly&years=7",
        None,
        0.15,
    ),
    Target(
        "filing search, market us, limit 100",
        "POST",
        f"{API}/filings/search",
        {"market": "us", "limit": 100},
        0.1,
    ),
    Target(
        "filing search, company Apple, limit 20",
        "POST",
        f"{API}/filings/search",
        {"company": "Apple", "limit": 20},
        None,
    ),
    Target(
        "compare, 3 companies",
        "POST",
        f"{API}/companies/compare",
        {"companies": ["AAPL", "NVDA", "TSLA"]},
        0.15,
    ),
    Target(
        "screen, growth",
        "POST",
        f"{API}/companies/screen",
        {"metric": "revenue", "mode": "growth", "compare_years": 3},
        0.05,
    ),
]

LUA = """
wrk.method = "{method}"
wrk.headers["Content-Type"] = "application/json"
{auth}
{body}
"""


@contextmanager
def pinned_server(factory: str, env: dict[str, str]) -> Iterator[tuple[str, int]]:
    """uvicorn serving `factory` with one worker on core 0: its URL and pid."""
    with serve_process(factory, env, cpus="0") as (base, process):
        yield base, process.pid


def wrk(
    base: str,
    target: Target,
    key: str | None,
    directory: Path,
    *,
    connections: int = CONNECTIONS,
    threads: int = 1,
    wrk_prefix: tuple[str, ...] = ("taskset", "-c", "1"),
) -> tuple[float, float, float]:
    """(requests/s, p50 ms, p99 ms) of `target` under wrk (on core 1 by default)."""
    script = directory / "request.lua"
    auth = f'wrk.headers["Authorization"] = "Bearer {key}"' if key else ""
    body = f"wrk.body = {json.dumps(json.dumps(target.body))}" if target.body else ""
    script.write_text(LUA.format(method=target.method, auth=auth, body=body))
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    warm = httpx.request(target.method, base + target.path, json=target.body, headers=headers)
    if warm.status_code != 200:
        raise SystemExit(f"{target.name}: HTTP {warm.status_code} {warm.text[:300]}")
    command = [*wrk_prefix, "wrk", f"-t{threads}", f"-c{connections}", f"-d{SECONDS}s"]
    command += ["--latency", "-s", str(script), base + target.path]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rps = float(next(x for x in out.splitlines() if x.startswith("Requests/sec")).split()[1])
    return rps, _percentile(out, "50%"), _percentile(out, "99%")


def _percentile(output: str, label: str) -> float:
    line = next(x for x in output.splitlines() if x.strip().startswith(label))
    value = line.split()[1]
    for suffix, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if value.endswith(suffix):
            return float(value.removesuffix(suffix)) * factor
    return float(value)


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _redis_reachable() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS_URL).ping())
    except redis.RedisError:
        return False


def throughput(url: str, key: str, tmp: Path) -> None:
    """The table of every endpoint, without and with the access layer, against the bare one."""
    env = service_env(url, str(tmp)) | {"FILINGS_DATA_POLL_SECONDS": "1"}
    bare_target = Target("bare FastAPI JSON endpoint", "GET", "/bare", None, None)
    with pinned_server("bench.apps:bare_app", env) as (base, _):
        bare, _, _ = wrk(base, bare_target, None, tmp)
    print(f"\nwrk: {CONNECTIONS} connections, {SECONDS} s per row; server on core 0, wrk on 1")
    print(f"bare FastAPI endpoint: {bare:.0f} req/s\n")
    columns = ("req/s", "ratio", "target", "p50", "p99")
    print(f"{'endpoint':40} {'access':8} " + " ".join(f"{c:>7}" for c in columns))
    runs: list[tuple[str, str, dict[str, str], str | None]] = [
        ("none", "bench.apps:service_app_without_access", env, None)
    ]
    runs.append(("SQL", "bench.apps:service_app", env, key))
    if _redis_reachable():
        redis_env = env | {"FILINGS_REDIS_URL": REDIS_URL, "FILINGS_REDIS_NAMESPACE": "speed"}
        runs.append(("Redis", "bench.apps:service_app", redis_env, key))
    for access, factory, run_env, run_key in runs:
        with pinned_server(factory, run_env) as (base, pid):
            for target in TARGETS:
                rps, p50, p99 = wrk(base, target, run_key, tmp)
                wanted = (
                    target.target
                    if access == "none"
                    else (0.15 if target.name == "financials AAPL" else None)
                )
                verdict = (
                    ""
                    if wanted is None
                    else f"{wanted:.2f} {'ok' if rps / bare >= wanted else 'MISSED'}"
                )
                print(
                    f"{target.name:40} {access:8} {rps:7.0f} {rps / bare:6.3f} {verdict:>7} "
                    f"{p50:6.1f}ms {p99:6.1f}ms"
                )
            print(f"{'server RSS after these runs':40} {access:8} {rss_mb(pid):7.0f} MB")


def latency(base: str, target: Target, n: int = 40) -> float:
    """p50 in ms of `n` requests one after the other."""
    times = []
    with httpx.Client(timeout=60) as client:
        for i in range(n + 3):
            started = time.perf_counter()
            response = client.request(target.method, base + target.path, json=target.body)
            elapsed = (time.perf_counter() - started) * 1000
            response.raise_for_status()
            if i >= 3:
                times.append(elapsed)
    return statistics.median(times)


SCALED = [t for t in TARGETS if t.name.startswith(("screen", "filing search, market"))] + [
    Target(
        "screen, value, year 2023",
        "POST",
        f"{API}/companies/screen",
        {"metric": "total_assets", "mode": "value", "year": 2023},
        None,
    ),
    Target(
        "filing search, 10-K 2020-2022",
        "POST",
        f"{API}/filings/search",
        {"market": "us", "document_type": "10-K", "year_from": 2020, "year_to": 2022, "limit": 20},
        None,
    ),
]


def scale(url: str, tmp: Path) -> None:
    """Screen and filing search p50 on the corpus and on it grown to 5,000 companies, every
    answer made afresh (no kept answers)."""
    env = service_env(url, str(tmp)) | {"FILINGS_ANSWER_CACHE_MB": "0"}
    with pinned_server("bench.apps:service_app_without_access", env) as (base, _):
        small = {t.name: latency(base, t) for t in SCALED}
    started = time.perf_counter()
    companies, figures, filings = grow(url, companies=5_000, filing_count=500_000)
    grown_in = time.perf_counter() - started
    print(
        f"\nscale: grown to {companies} companies, {figures} figure rows, {filings} filings "
        f"in {grown_in:.0f} s"
    )
    with pinned_server("bench.apps:service_app_without_access", env) as (base, _):
        large = {t.name: latency(base, t) for t in SCALED}
    print(f"{'request':40} {'corpus p50':>11} {'scaled p50':>11} {'target':>8}")
    for target in SCALED:
        ok = "ok" if large[target.name] <= 50 else "MISSED"
        print(
            f"{target.name:40} {small[target.name]:9.1f}ms {large[target.name]:9.1f}ms "
            f"{'50 ms ' + ok:>8}"
        )


def concurrency(url: str, key: str, tmp: Path) -> None:
    """p99 of financials at 200 connections against two workers, on each access store."""
    env = service_env(url, str(tmp)) | {"FILINGS_DATA_POLL_SECONDS": "1"}
    stores = {"SQL": env}
    if _redis_reachable():
        stores["Redis"] = env | {"FILINGS_REDIS_URL": REDIS_URL, "FILINGS_REDIS_NAMESPACE": "c200"}
    target = TARGETS[0]
    for store, store_env in stores.items():
        with serve_process("bench.apps:service_app", store_env, workers=2) as (base, process):
            time.sleep(2)  # both workers up
            rps, p50, p99 = wrk(base, target, key, tmp, connections=200, threads=2, wrk_prefix=())
            children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text()
            memory = sum(rss_mb(int(pid)) for pid in children.split())
        verdict = "ok" if p99 <= 250 else "MISSED"
        print(
            f"200 connections, 2 workers, {target.name}, access on the {store} store: "
            f"{rps:.0f} req/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms (target 250 ms: {verdict}); "
            f"workers' RSS {memory:.0f} MB"
        )


def run(backend: str, url: str, key: str, tmp: Path) -> None:
    """Every measurement on one database."""
    print(f"\n=== {backend} ===")
    throughput(url, key, tmp)
    print()
    concurrency(url, key, tmp)
    if SCALE:
        scale(url, tmp)


def main() -> None:
    """Throughput, concurrency and scale, on SQLite and then on PostgreSQL."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install wrk (make bench does)")
    with tempfile.TemporaryDirectory() as directory:
        tmp = Path(directory)
        if "sqlite" in BACKENDS:
            url, key = _database(tmp)
            run("SQLite", url, key, tmp)
        if "postgresql" not in BACKENDS:
            return
        with postgres_schema() as pg_url:
            if pg_url is None:
                print(f"\n(PostgreSQL not reachable at {PG_URL}: not measured)")
            else:
                run("PostgreSQL", pg_url, loaded_database(pg_url), tmp)


if __name__ == "__main__":
    main()
