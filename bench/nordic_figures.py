"""Nordic figures per company and against the values read by hand (`python -m
bench.nordic_figures`): ingests the corpus's Nordic feed into a throwaway SQLite database and
prints, per company, the values stored (standard metrics, of which derived, and the issuers'
own statement lines), then exact / wrong / missing against tests/ingest/nordic_truth.py for the
documents the reader was built on and for the held-out releases. Not part of `make bench`:
it measures coverage, not speed. Run it on another commit (its own checkout) to compare."""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from decimal import Decimal
from pathlib import Path

from sqlalchemy import select

from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.db.tables import companies, filings, metric_values
from filings.ingest.nordic.pipeline import ingest_nordic

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))


def _ingest(url: str) -> list[tuple[str, str, str, str, str, str | None, str | None]]:
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    db = Database(make_engine(url))
    ingest_nordic(db, CORPUS / "nordic/feed.json")
    with db.transaction() as conn:
        rows = conn.execute(
            select(
                companies.c.company_id,
                filings.c.docid,
                metric_values.c.metric_key,
                metric_values.c.period_key,
                metric_values.c.value,
                metric_values.c.page_id,
                metric_values.c.derived,
            )
            .join(companies, companies.c.id == metric_values.c.company_pk)
            .join(filings, filings.c.id == metric_values.c.filing_pk, isouter=True)
        ).all()
    db.dispose()
    return [tuple(r) for r in rows]  # type: ignore[misc]


def _per_company(rows: list[tuple[str, str, str, str, str, str | None, str | None]]) -> None:
    total, lines, derived = Counter[str](), Counter[str](), Counter[str]()
    for company, _, key, _, _, _, how in rows:
        total[company] += 1
        lines[company] += key.startswith("line:")
        derived[company] += bool(how) and not key.startswith("line:")
    print(f"{'company':34s} {'values':>7s} {'standard':>9s} {'derived':>8s} {'own lines':>10s}")
    for company in sorted(total):
        standard = total[company] - lines[company]
        print(
            f"{company:34s} {total[company]:7d} {standard:9d} {derived[company]:8d} "
            f"{lines[company]:10d}"
        )
    print(f"{'total':34s} {sum(total.values()):7d}")


def _against_truth(rows: list[tuple[str, str, str, str, str, str | None, str | None]]) -> None:
    sys.path.insert(0, str(Path(__file__).parents[1]))
    from tests.ingest import nordic_truth as truth

    by_doc_company = {docid: company for company, docid, *_ in rows if docid}
    stored = {(company, key, period): value for company, _, key, period, value, _, _ in rows}
    for name, labelled in (
        ("built on (printed)", truth.PRINTED),
        ("built on (composed)", truth.COMPOSED),
        ("held out", truth.HELD_OUT),
    ):
        exact = wrong = missing = 0
        for docid, values in labelled.items():
            company = by_doc_company.get(docid, "")
            for metric, period, value, _ in values:
                found = stored.get((company, metric, period))
                if found is None:
                    missing += 1
                elif Decimal(found) == Decimal(value):
                    exact += 1
                else:
                    wrong += 1
        count = exact + wrong + missing
        print(f"{name:22s} {exact}/{count} exact, {wrong} wrong, {missing} missing")


def main() -> None:
    """Ingest the feed and print the counts."""
    with tempfile.TemporaryDirectory() as folder:
        rows = _ingest(f"sqlite:///{folder}/nordic.db")
    _per_company(rows)
    _against_truth(rows)


if __name__ == "__main__":
    main()
