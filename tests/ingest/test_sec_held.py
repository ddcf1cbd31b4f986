"""Every filing the mirror holds a document for is read, or the ingestion says why not."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from filings.cli.main import app
from filings.db.engine import Database, make_engine
from filings.db.tables import companies, filings, xbrl_facts
from filings.ingest.sec.documents import DocumentSelection
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.held import NO_DOCUMENT, NOT_SELECTED, UNKNOWN_FILING, UNREADABLE
from filings.ingest.sec.pipeline import ingest_sec
from filings.ingest.sec.source import MirrorSource, accession_of_folder

ARCHIVES = "www.sec.gov/Archives/edgar/data"
NVIDIA = "0001045810"
runner = CliRunner()


def held_accessions(corpus: Path) -> set[str]:
    return {
        accession
        for folder in (corpus / "sec" / ARCHIVES).glob("*/*")
        if (accession := accession_of_folder(folder.name)) is not None
    }


def test_every_held_filing_has_its_documents_read(sec_database_url: str, corpus: Path) -> None:
    held = held_accessions(corpus)
    assert len(held) == 19  # the mirror's filing folders
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        read = {
            row.accession_number: row
            for row in conn.execute(select(filings).where(filings.c.accession_number.in_(held)))
        }
    db.dispose()
    assert set(read) == held
    assert all(row.sha256 for row in read.values())  # each one's documents were read


def test_a_10k_known_only_from_companyfacts(sec_database_url: str) -> None:
    # Alphabet has no submissions file in the mirror; its FY2024 10-K folder holds
    # goog-20241231.htm. companyfacts names the accession: form 10-K, filed 2025-02-05.
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        row = conn.execute(
            select(filings).where(filings.c.accession_number == "0001652044-25-000014")
        ).one()
        facts = conn.execute(
            select(xbrl_facts.c.id).where(xbrl_facts.c.filing_pk == row.id).limit(1)
        ).all()
    db.dispose()
    assert (row.form, row.filed_date, row.period_end, row.fiscal_year) == (
        "10-K",
        date(2025, 2, 5),
        date(2024, 12, 31),
        2024,
    )
    assert row.primary_document == "goog-20241231.htm" and facts


def test_a_company_known_only_from_its_filing_folder(sec_database_url: str) -> None:
    # Adobe: no submissions, no companyfacts, one 8-K folder with its full submission. The SGML
    # header: ADOBE INC., fiscal year end 1202, 8-K filed 2023-03-15.
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        company = conn.execute(select(companies).where(companies.c.cik == "0000796343")).one()
        filing = conn.execute(
            select(filings).where(filings.c.accession_number == "0000796343-23-000044")
        ).one()
    db.dispose()
    assert company.company_name == "ADOBE INC." and company.fiscal_year_end == "1202"
    assert (filing.form, filing.filed_date) == ("8-K", date(2023, 3, 15))


@pytest.fixture
def odd_mirror(corpus: Path, tmp_path: Path) -> Path:
    """NVIDIA's submissions and 10-K, 10-Q and 8-K folders, plus folders the reader cannot use:
    a folder of no known filing, a listed 10-Q's folder holding only an image, and a listed
    10-K whose document is not HTML."""
    mirror = tmp_path / "mirror"
    for path in (
        "www.sec.gov/files/company_tickers.json",
        f"data.sec.gov/submissions/CIK{NVIDIA}.json",
    ):
        (mirror / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus / "sec" / path, mirror / path)
    shutil.copytree(corpus / "sec" / ARCHIVES / "1045810", mirror / ARCHIVES / "1045810")
    nvda = mirror / ARCHIVES / "1045810"
    (nvda / "000104581099000001").mkdir()
    (nvda / "000104581099000001" / "R1.htm").write_text("<html><body>R1</body></html>")
    # the 10-Q of 2024-08-28 (0001045810-24-000264) is listed in the submissions index
    (nvda / "000104581024000264").mkdir()
    (nvda / "000104581024000264" / "image.jpg").write_bytes(b"\xff\xd8\xff")
    # the 10-K of 2024-02-21 (0001045810-24-000029): its primary document, inline XBRL that is
    # not well-formed XML
    (nvda / "000104581024000029").mkdir()
    (nvda / "000104581024000029" / "nvda-20240128.htm").write_bytes(
        b'<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body><p>Form 10-K</p>'
        b'<ix:nonFraction name="us-gaap:Revenues">1</body></html>'
    )
    return mirror


def test_held_documents_not_read_are_reported_with_why(
    odd_mirror: Path, committed_database_url: str
) -> None:
    source = MirrorSource(odd_mirror)
    db = Database(make_engine(committed_database_url))
    selection = DocumentSelection(forms=frozenset({"10-K", "10-Q"}))
    summary = ingest_sec(db, source, [NVIDIA], read_tickers(source), documents=selection)
    db.dispose()
    why = {skip.accession: skip.reason for skip in summary.document_skips}
    assert why == {
        "0001045810-99-000001": UNKNOWN_FILING,
        "0001045810-24-000264": NO_DOCUMENT,
        "0001045810-24-000029": UNREADABLE,
        "0001045810-26-000024": NOT_SELECTED,  # an 8-K, and only 10-K and 10-Q were asked
    }
    assert summary.skips_by_reason() == {
        UNKNOWN_FILING: 1,
        NOT_SELECTED: 1,
        NO_DOCUMENT: 1,
        UNREADABLE: 1,
    }
    assert summary.documents == 2  # the 10-K and the 10-Q the mirror holds documents of
    assert summary.documents_not_held > 20  # listed filings without a folder in the mirror


def test_the_cli_summary_counts_them(
    odd_mirror: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FILINGS_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("FILINGS_DATA_DIR", str(tmp_path))
    assert runner.invoke(app, ["db", "upgrade"]).exit_code == 0
    result = runner.invoke(app, ["ingest", "sec", "--mirror", str(odd_mirror)])
    assert result.exit_code == 0, result.output
    assert (
        "held documents not read: 3 (no filing known: 1; no readable document: 1; "
        "unreadable: 1)" in result.stdout
    )
    assert "0001045810-99-000001" in result.output  # each one named, with why
