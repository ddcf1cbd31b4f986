"""Ingestion throughput: SEC mirror facts/s next to plain JSON parsing of the same files, and
the latency of financials and statement over the ingested data, measured in one run."""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient

from filings.access import service
from filings.app import create_app
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.ingest.sec.pipeline import ingest_sec, read_tickers, select_ciks
from filings.ingest.sec.source import MirrorSource

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
LATENCY_REQUESTS = 200


def _plain_parse_seconds(source: MirrorSource, ciks: list[str]) -> float:
    started = time.perf_counter()
    for cik in ciks:
        for path in (
            f"data.sec.gov/submissions/CIK{cik}.json",
            f"data.sec.gov/api/xbrl/companyfacts/CIK{cik}.json",
        ):
            file = source.root / path
            if file.exists():
                json.loads(file.read_bytes())
    return time.perf_counter() - started


def _p50_ms(client: TestClient, url: str) -> float:
    samples = []
    for _ in range(LATENCY_REQUESTS):
        started = time.perf_counter()
        client.get(url).raise_for_status()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def main() -> None:
    """Ingest the mirror into a fresh SQLite file and report throughput and latency."""
    source = MirrorSource(CORPUS / "sec")
    listings = read_tickers(source)
    ciks = select_ciks(source, listings, ciks=[], tickers=[], universe=False)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        db = Database(make_engine(url))
        upgrade(db.engine)
        parse_seconds = _plain_parse_seconds(source, ciks)
        started = time.perf_counter()
        summary = ingest_sec(db, source, ciks, listings)
        ingest_seconds = time.perf_counter() - started
        started = time.perf_counter()
        ingest_sec(db, source, ciks, listings)
        rerun_seconds = time.perf_counter() - started
        now = datetime.now(UTC)
        with db.transaction() as conn:
            service.create_account(conn, "bench", plan="custom", now=now)
            service.set_limits(
                conn, "bench", monthly_quota=10**9, per_second=10**6, per_minute=10**8
            )
            key = service.create_key(conn, "bench", secret="b", now=now)[1]
        settings = Settings(database_url=url, data_dir=Path(tmp), key_hash_secret="b")  # type: ignore[arg-type]
        client = TestClient(create_app(settings, db), headers={"Authorization": f"Bearer {key}"})
        financials = _p50_ms(client, "/api/v1/data/companies/AAPL/financials")
        statement = _p50_ms(
            client, "/api/v1/data/companies/AAPL/statement?period_type=quarterly&years=25"
        )
        db.dispose()
    rate = summary.facts / ingest_seconds
    print(f"\nSEC mirror: {summary.companies} companies, {summary.filings} filings, ", end="")
    print(f"{summary.facts} facts")
    print(f"plain JSON parsing of the same files: {parse_seconds:.2f} s")
    print(f"ingestion (parse, standardize, write): {ingest_seconds:.2f} s = {rate:,.0f} facts/s")
    print(f"ingestion / plain parsing: {ingest_seconds / parse_seconds:.1f}x the time")
    print(f"re-run (nothing changes): {rerun_seconds:.2f} s")
    print(f"p50 in-process: financials {financials:.2f} ms, ", end="")
    print(f"quarterly statement (25 periods) {statement:.2f} ms")
