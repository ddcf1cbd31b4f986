"""The Financial Statement Data Sets (issue 17): values per second of `ingest_datasets` next to
a plain `csv` read of the same zip's num.txt in the same run, on SQLite and PostgreSQL, and the
projection for every quarter since 2009 (about 70 zips of the mirror's size)."""

from __future__ import annotations

import csv
import io
import tempfile
import time
import zipfile
from pathlib import Path

from bench.common import CORPUS, postgres_schema
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.ingest.sec.datasets import ingest_datasets

ZIP = CORPUS / "sec/www.sec.gov/files/dera/data/financial-statement-data-sets/2009q3.zip"
QUARTERS = 70
RECENT_QUARTER_VALUES = 3_000_000  # num.txt of a recent quarter: all filers, about 3M rows


def plain_read_seconds() -> tuple[int, float]:
    """(rows, seconds) of reading num.txt with the csv module alone, best of three."""
    best = float("inf")
    rows = 0
    for _ in range(3):
        started = time.perf_counter()
        with zipfile.ZipFile(ZIP) as archive, archive.open("num.txt") as raw:
            text = io.TextIOWrapper(raw, encoding="utf-8", newline="")
            rows = sum(1 for _ in csv.reader(text, delimiter="\t", quoting=csv.QUOTE_NONE))
        best = min(best, time.perf_counter() - started)
    return rows - 1, best


def ingest_seconds(url: str) -> tuple[int, float]:
    database = Database(make_engine(url))
    try:
        upgrade(database.engine)
        started = time.perf_counter()
        summary = ingest_datasets(database, [ZIP])
        return summary.values, time.perf_counter() - started
    finally:
        database.dispose()


def main() -> None:
    """Print values/s against the plain read and the 70-quarter projection per store."""
    rows, plain = plain_read_seconds()
    print(f"\nFinancial Statement Data Sets, {ZIP.name}: {rows} values in num.txt")
    print(f"plain csv read of num.txt: {plain:.2f} s ({rows / plain:,.0f} rows/s)")
    with tempfile.TemporaryDirectory() as tmp:
        stores = {"SQLite": f"sqlite:///{Path(tmp) / 'datasets.db'}"}
        with postgres_schema() as pg_url:
            if pg_url is not None:
                stores["PostgreSQL"] = pg_url
            for store, url in stores.items():
                kept, seconds = ingest_seconds(url)
                projection = seconds * QUARTERS / 60
                rate = rows / seconds
                full = QUARTERS * RECENT_QUARTER_VALUES / rate / 60
                print(
                    f"{store}: {kept} company totals of mapped concepts kept in {seconds:.2f} s "
                    f"({rate:,.0f} values read/s, x{seconds / plain:.1f} the plain read); "
                    f"{QUARTERS} quarters of this size in {projection:.0f} min, of recent size "
                    f"(~{RECENT_QUARTER_VALUES:,} values each) in {full:.0f} min (target 30)"
                )


if __name__ == "__main__":
    main()
