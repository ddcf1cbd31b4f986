"""Nordic ingestion: instruments, documents of the feed, and key figures read from the reports."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from filings.db.engine import Database, make_engine
from filings.db.tables import companies, filings, metric_values
from filings.ingest.nordic.instruments import read_instruments
from filings.ingest.nordic.pipeline import ingest_nordic

# Every document of the corpus feed: what it is, read from the document itself.
DOCUMENTS = {
    "atlas-copco-q3-2023-interim-report.pdf": ("dd6a00469c666a02", "interim_report", 2023, 3, 18),
    "atlas-copco-q3-2025-interim-report.pdf": ("43b2c95c2c845437", "interim_report", 2025, 3, 18),
    "ericsson-q3-2025-interim-report.pdf": ("45c1ace8f094da1d", "interim_report", 2025, 3, 46),
    "tele2-q3-2025-interim-report.pdf": ("23b1e57b6a0a3fa0", "interim_report", 2025, 3, 31),
    "lifco-annual-report-2017.pdf": ("d9388c0569e61a3f", "annual_report", 2017, None, 92),
    "lifco-annual-report-2019.pdf": ("d5fa7d60cb69f8b0", "annual_report", 2019, None, 104),
    "kemira-fy2024-financial-statements-bulletin-2025-02-11.md": (
        "49b29910f7e905af",
        "stock_exchange_release",
        2024,
        None,
        1,
    ),
    "stora-enso-fy2024-financial-statement-release-2025-02-11.md": (
        "76b1dfb5626d9df0",
        "stock_exchange_release",
        2024,
        None,
        1,
    ),
    "outokumpu-fy2024-financial-statements-release-2025-02-13.md": (
        "e4c72596bad583a6",
        "stock_exchange_release",
        2024,
        None,
        1,
    ),
    "neste-inside-information-financial-targets-2025-02-13.md": (
        "efaf2c5b1e4bc75c",
        "stock_exchange_release",
        2025,
        None,
        1,
    ),
    # Year-end releases are filed under the fiscal year they report, not their publication
    # year ("Year-end report 2024", "January 1 - December 31, 2024", "Interim Report
    # October-December 2024", "1 October 2023 - 31 December 2024").
    "glaston": ("ffd1e6cf73f74f8b", "stock_exchange_release", 2024, None, 1),
    "musti": ("01858133d4380b8d", "stock_exchange_release", 2024, None, 1),
    "bravida": ("7b58b4e21601447f", "stock_exchange_release", 2024, None, 1),
    "wihlborgs": ("75a8383c48850e6c", "stock_exchange_release", 2024, None, 1),
    "hanza": ("5c070bef44c06dad", "stock_exchange_release", 2024, None, 1),
}


def test_every_corpus_document(sec_database_url: str) -> None:
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        rows = conn.execute(select(filings).where(filings.c.market == "nordic")).all()
    db.dispose()
    found = {
        (Path(r.file_path).name if r.file_path else r.docid): (
            r.docid,
            r.document_type,
            r.fiscal_year,
            r.fiscal_quarter,
            r.page_count,
        )
        for r in rows
    }
    for name, expected in DOCUMENTS.items():
        key = name if name.endswith(".pdf") else expected[0]
        assert found[key] == expected, name
    assert {r.language for r in rows} == {"en"}


def test_instruments_become_one_company_per_issuer(corpus: Path) -> None:
    document = json.loads((corpus / "nordic/instruments/all-nordic-instruments.json").read_text())
    listed = {c.company_id: c for c in read_instruments(document)}
    assert len(listed) == 1196
    atlas = listed["atlas-copco"]
    assert (
        atlas.tickers == ("ATCO A", "ATCO B") and atlas.country == "SE" and atlas.exchange == "XSTO"
    )
    assert set(atlas.isins) == {"SE0017486889", "SE0017486897"} and atlas.currency == "SEK"
    stora = listed["stora-enso"]
    assert stora.country == "FI" and stora.exchange == "XHEL" and len(stora.tickers) == 4
    assert stora.tickers[:2] == ("STERV", "STEAV")  # Helsinki first: the home listing
    nokia = listed["nokia"]
    assert nokia.tickers == ("NOKIA", "NOKIA SEK") and nokia.exchange == "XHEL"
    assert listed["kemira"].listing_date is not None
    assert all(c.country in ("FI", "SE") for c in listed.values())
    oslo_only = {"equinor", "dnb-bank", "mowi"}
    assert not oslo_only & set(listed)


def _figures(url: str, company_id: str) -> dict[tuple[str, str], object]:
    db = Database(make_engine(url))
    with db.transaction() as conn:
        rows = conn.execute(
            select(metric_values)
            .join(companies, companies.c.id == metric_values.c.company_pk)
            .where(companies.c.company_id == company_id)
        ).all()
    db.dispose()
    return {(r.metric_key, r.period_key): r for r in rows}


def test_atlas_copco_q3_2023_from_the_report(sec_database_url: str) -> None:
    figures = _figures(sec_database_url, "atlas-copco")
    quarter = "2023-07-01..2023-09-30"
    revenue = figures[("revenue", quarter)]
    assert revenue.value == "44485000000" and revenue.currency == "SEK"  # type: ignore[attr-defined]
    assert revenue.metric_name == "Revenues"  # type: ignore[attr-defined]
    # The group income statement on page 9 is preferred to the summary table on page 1.
    assert revenue.page_id == "dd6a00469c666a02_9"  # type: ignore[attr-defined]
    assert figures[("operating_income", quarter)].value == "10117000000"  # type: ignore[attr-defined]
    assert figures[("revenue", "2023-01-01..2023-09-30")].value == "127710000000"  # type: ignore[attr-defined]
    order_intake = figures[("order_intake", quarter)]  # only the summary table has it
    assert order_intake.value == "42606000000"  # type: ignore[attr-defined]
    assert order_intake.page_id == "dd6a00469c666a02_1"  # type: ignore[attr-defined]
    assert figures[("eps_basic", quarter)].value == "1.60"  # type: ignore[attr-defined]
    assert figures[("total_assets", "@2023-09-30")].value == "193880000000"  # type: ignore[attr-defined]
    assert figures[("revenue", "2022-07-01..2022-09-30")].value == "38074000000"  # type: ignore[attr-defined]


def test_tele2_q3_2025_revenue(sec_database_url: str) -> None:
    figures = _figures(sec_database_url, "tele2")
    revenue = figures[("revenue", "2025-07-01..2025-09-30")]
    assert revenue.value == "7442000000" and revenue.page_id == "23b1e57b6a0a3fa0_17"  # type: ignore[attr-defined]
    assert figures[("revenue", "2024-01-01..2024-12-31")].value == "29583000000"  # type: ignore[attr-defined]
    assert figures[("eps_diluted", "2025-07-01..2025-09-30")].value == "1.85"  # type: ignore[attr-defined]


def test_ericsson_prefers_statements_to_billions_and_skips_change_columns(
    sec_database_url: str,
) -> None:
    figures = _figures(sec_database_url, "ericsson")
    quarter = "2025-07-01..2025-09-30"
    # The income statement (page 17, SEK million) prints EBIT 15,151; the summary's "15.2 b."
    # is the same line rounded: the most precise printing wins.
    assert figures[("operating_income", quarter)].value == "15151000000"  # type: ignore[attr-defined]
    # "Net income (loss) attributable to: Owners of the Parent Company 11,149" (page 17).
    parent = figures[("net_income_to_parent", quarter)]
    assert parent.value == "11149000000" and parent.page_id == "45c1ace8f094da1d_17"  # type: ignore[attr-defined]
    assert figures[("eps_diluted", quarter)].value == "3.33"  # type: ignore[attr-defined]
    # Q2 2025 from the isolated quarters (56,132 SEK million), not the summary's "56.1 b."
    assert figures[("revenue", "2025-04-01..2025-06-30")].value == "56132000000"  # type: ignore[attr-defined]
    # The group income statement (SEK million) wins over the summary (SEK b.).
    assert figures[("revenue", quarter)].value == "56239000000"  # type: ignore[attr-defined]


def test_lifco_annual_report_group_statement(sec_database_url: str) -> None:
    figures = _figures(sec_database_url, "lifco")
    year = "2019-01-01..2019-12-31"
    assert figures[("revenue", year)].value == "13845000000"  # type: ignore[attr-defined]
    assert figures[("operating_income", year)].value == "2059000000"  # type: ignore[attr-defined]
    assert figures[("net_income", year)].value == "1528000000"  # type: ignore[attr-defined]
    assert figures[("income_tax", year)].value == "468000000"  # printed -468  # type: ignore[attr-defined]
    assert figures[("eps_basic", year)].value == "16.57"  # type: ignore[attr-defined]
    # "Earnings per share before and after dilution" (page 48) states both.
    assert figures[("eps_diluted", year)].value == "16.57"  # type: ignore[attr-defined]
    assert figures[("total_assets", "@2019-12-31")].value == "17578000000"  # type: ignore[attr-defined]


def test_kemira_release_table(sec_database_url: str) -> None:
    figures = _figures(sec_database_url, "kemira")
    assert figures[("revenue", "2024-01-01..2024-12-31")].value == "2948100000"  # type: ignore[attr-defined]
    assert figures[("revenue", "2024-10-01..2024-12-31")].value == "723700000"  # type: ignore[attr-defined]
    assert figures[("eps_diluted", "2024-01-01..2024-12-31")].value == "1.61"  # type: ignore[attr-defined]
    assert figures[("revenue", "2024-01-01..2024-12-31")].unit == "EUR"  # type: ignore[attr-defined]


@pytest.fixture
def small_feed(corpus: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "feed"
    (folder / "reports").mkdir(parents=True)
    shutil.copy(
        corpus / "nordic/reports/tele2/tele2-q3-2025-interim-report.pdf", folder / "reports/t.pdf"
    )
    (folder / "reports/broken.pdf").write_bytes(b"%PDF-1.7 not really")
    release = '---\ntitle: "Q1 2025"\n---\nNet sales rose.\n'
    (tmp_path / "outside.md").write_text(release)  # a valid release, but outside the feed
    (folder / "reports/fake.pdf").write_text(release)  # text that calls itself a PDF
    (folder / "reports/notes.txt").write_text("just a note, no front matter\n")
    hostile = [
        {"issuer_name": "No Path AB"},
        "not an object",
        {"path": "../outside.md", "issuer_name": "Escape AB"},
        {"path": "reports/fake.pdf", "issuer_name": "Fake AB"},
        {"path": "reports/notes.txt", "issuer_name": "Notes AB"},
        {"path": "reports/t.pdf", "issuer_name": "Dated AB", "published": "2025-13-45"},
    ]
    records: list[object] = [
        {
            "path": "reports/t.pdf",
            "issuer_name": "Tele2 AB",
            "issuer_isin": "SE0005190238",
            "published": "2025-10-21",
            "category": "Interim report (Q1 and Q3)",
            "headline": "Tele2 Interim Report Third Quarter 2025",
            "language": "en",
        },
        {
            "path": "reports/broken.pdf",
            "issuer_name": "Broken AB",
            "issuer_isin": None,
            "published": None,
            "category": "Interim report",
            "headline": "Q1 2025",
            "language": "en",
        },
        {
            "path": "reports/missing.pdf",
            "issuer_name": "Gone AB",
            "issuer_isin": None,
            "published": None,
            "category": "Interim report",
            "headline": "Q1 2025",
            "language": "en",
        },
        *hostile,
    ]
    (folder / "feed.json").write_text(json.dumps({"documents": records}))
    return folder


def test_bad_documents_are_reported_and_skipped_and_reruns_change_nothing(
    committed_database_url: str, small_feed: Path
) -> None:
    db = Database(make_engine(committed_database_url))
    first = ingest_nordic(db, small_feed / "feed.json")
    assert first.documents == 1 and first.pages == 31 and first.figures > 50
    skipped = dict(first.skipped)
    assert sorted(skipped) == [
        "../outside.md",
        "record 4",
        "record 5",
        "record 9",
        "reports/broken.pdf",
        "reports/fake.pdf",
        "reports/missing.pdf",
        "reports/notes.txt",
    ]
    assert "without 'path'" in skipped["record 4"]
    assert "outside the feed" in skipped["../outside.md"]
    assert "not a PDF" in skipped["reports/fake.pdf"]
    assert "neither a PDF nor a release" in skipped["reports/notes.txt"]
    second = ingest_nordic(db, small_feed / "feed.json")
    assert second.unchanged == 1 and second.figures == first.figures
    with db.transaction() as conn:
        names = conn.execute(select(companies.c.company_name)).scalars().all()
    db.dispose()
    assert names == ["Tele2 AB"]  # nothing of the broken documents was written


@pytest.fixture
def feed_server(small_feed: Path) -> Iterator[str]:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(small_feed))
    handler.log_message = lambda *_: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_feed_over_http(committed_database_url: str, feed_server: str) -> None:
    import httpx

    db = Database(make_engine(committed_database_url))
    with httpx.Client() as client:
        summary = ingest_nordic(db, f"{feed_server}/feed.json", client=client)
    with db.transaction() as conn:
        docids = conn.execute(select(filings.c.docid)).scalars().all()
    db.dispose()
    assert summary.documents == 1 and docids == ["23b1e57b6a0a3fa0"]
