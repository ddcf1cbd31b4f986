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

from bench.common import postgres_schema
from filings.access import service
from filings.app import create_app
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import ingest_sec, select_ciks
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


SEC_UNIVERSE_FACTS = 13_000_000  # standardized facts of every companyfacts file (issue 14)


def _ingest_rate(url: str, source: MirrorSource, ciks: list[str], listings: dict) -> tuple:
    """(facts, seconds) of a figures-only ingestion into a new database at `url`."""
    db = Database(make_engine(url))
    try:
        upgrade(db.engine)
        started = time.perf_counter()
        summary = ingest_sec(db, source, ciks, listings, documents=None)
        return summary.facts, time.perf_counter() - started
    finally:
        db.dispose()


def main() -> None:
    """Figures-only ingestion on SQLite and PostgreSQL against plain parsing, documents on
    SQLite, and the latency of two endpoints over the result."""
    source = MirrorSource(CORPUS / "sec")
    listings = read_tickers(source)
    ciks = select_ciks(source, listings, ciks=[], tickers=[], universe=False)
    parse_seconds = min(_plain_parse_seconds(source, ciks) for _ in range(3))
    print(f"\nplain JSON parsing of the companyfacts and submissions: {parse_seconds:.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        rates = {
            "SQLite": _ingest_rate(f"sqlite:///{Path(tmp) / 'facts.db'}", source, ciks, listings)
        }
        with postgres_schema() as pg_url:
            if pg_url is not None:
                rates["PostgreSQL"] = _ingest_rate(pg_url, source, ciks, listings)
        for store, (facts, seconds) in rates.items():
            projection = SEC_UNIVERSE_FACTS / (facts / seconds) / 60
            print(
                f"{store}: figures only, {facts} facts in {seconds:.2f} s = "
                f"{facts / seconds:,.0f} facts/s, {seconds / parse_seconds:.1f}x the parse time "
                f"(target 5x); the SEC universe (~13M facts) in {projection:.0f} min "
                "(target 30)"
            )
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        db = Database(make_engine(url))
        upgrade(db.engine)
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
    print(
        f"SQLite with documents (inline XBRL, text, passages): {summary.companies} companies, "
        f"{summary.filings} filings, {summary.documents} documents in {ingest_seconds:.2f} s; "
        f"re-run (nothing changes) {rerun_seconds:.2f} s"
    )
    print(f"p50 in-process: financials {financials:.2f} ms, ", end="")
    print(f"quarterly statement (25 periods) {statement:.2f} ms")


if __name__ == "__main__":
    main()
