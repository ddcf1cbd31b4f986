"""SEC ingestion: idempotent, a bad file skipped, the HTTP path against a local mirror server."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select, text
from typer.testing import CliRunner

from filings.cli.main import app
from filings.core.errors import ConfigurationError, DataSourceUnavailable, SourceMissing
from filings.db.engine import Database, make_engine
from filings.db.tables import companies, filing_texts, filings, metric_values
from filings.ingest.sec.documents import DocumentSelection
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import ingest_sec, select_ciks
from filings.ingest.sec.source import HttpSource, MirrorSource

runner = CliRunner()
APPLE, NVIDIA = "0000320193", "0001045810"
UNINDEXED_8K = "0001045810-26-000024"


def snapshot(url: str) -> list[tuple[object, ...]]:
    """Every stored figure and filing (without database-assigned keys and times)."""
    figure_columns = [c for c in metric_values.c if c.name not in {"id", "company_pk", "filing_pk"}]
    filing_columns = [c for c in filings.c if c.name not in {"id", "company_pk", "ingested_at"}]
    db = Database(make_engine(url))
    with db.transaction() as conn:
        rows = list(conn.execute(select(*figure_columns).order_by(*figure_columns[:2])).all())
        rows += list(
            conn.execute(select(*filing_columns).order_by(filings.c.accession_number)).all()
        )
        rows += list(
            conn.execute(
                select(
                    filings.c.accession_number,
                    filing_texts.c.position,
                    filing_texts.c.section,
                    filing_texts.c.page_number,
                    filing_texts.c.text,
                ).join(filings, filings.c.id == filing_texts.c.filing_pk)
            ).all()
        )
    db.dispose()
    return sorted((tuple(r) for r in rows), key=str)


def run(
    source: MirrorSource | HttpSource,
    url: str,
    ciks: list[str] | None = None,
    documents: DocumentSelection | None = DocumentSelection(),
) -> object:
    db = Database(make_engine(url))
    listings = read_tickers(source)
    chosen = ciks or select_ciks(source, listings, ciks=[], tickers=[], universe=False)
    summary = ingest_sec(db, source, chosen, listings, documents=documents)
    db.dispose()
    return summary


def test_a_rerun_changes_nothing(committed_database_url: str, corpus: Path) -> None:
    source = MirrorSource(corpus / "sec")
    first = run(source, committed_database_url, [APPLE, NVIDIA])
    before = snapshot(committed_database_url)
    second = run(source, committed_database_url, [APPLE, NVIDIA])
    assert snapshot(committed_database_url) == before
    assert second.unchanged == 2 and second.facts == first.facts  # type: ignore[attr-defined]


def test_the_default_covers_the_mirrors_companies(corpus: Path) -> None:
    source = MirrorSource(corpus / "sec")
    ciks = select_ciks(source, read_tickers(source), ciks=[], tickers=[], universe=False)
    # a submissions or companyfacts file, or a filing folder (Adobe's 8-K: 0000796343)
    assert set(ciks) == {
        "0000021344",
        "0000104169",
        "0000200406",
        "0000320193",
        "0000354950",
        "0000789019",
        "0000796343",
        "0000909832",
        "0001045810",
        "0001046179",
        "0001067983",
        "0001318605",
        "0001640147",
        "0001652044",
        "0001744489",
        "0001835632",
    }


def test_a_bad_file_is_reported_and_skipped(
    committed_database_url: str, corpus: Path, tmp_path: Path
) -> None:
    mirror = tmp_path / "mirror"
    shutil.copytree(
        corpus / "sec", mirror, ignore=shutil.ignore_patterns("*.zip", "*.htm", "*.txt")
    )
    broken = mirror / f"data.sec.gov/api/xbrl/companyfacts/CIK{NVIDIA}.json"
    broken.write_text('{"cik": 1045810, "facts": {"us-gaap": {"Revenues": {"units": {"USD": 7}}}}}')
    summary = run(MirrorSource(mirror), committed_database_url, [APPLE, NVIDIA])
    assert [cik for cik, _ in summary.skipped] == [NVIDIA]  # type: ignore[attr-defined]
    assert summary.companies == 1  # type: ignore[attr-defined]
    db = Database(make_engine(committed_database_url))
    with db.transaction() as conn:
        names = conn.execute(select(companies.c.company_name)).scalars().all()
    db.dispose()
    assert names == ["Apple Inc."]  # nothing half-written for NVIDIA


def test_filings_carry_fiscal_labels_and_edgar_links(sec_database_url: str) -> None:
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        rows = {
            r.accession_number: r
            for r in conn.execute(
                select(filings).where(
                    filings.c.accession_number.in_(
                        ["0000320193-24-000123", "0001045810-25-000209", "0001045810-26-000019"]
                    )
                )
            )
        }
        total = conn.execute(select(func.count()).select_from(filings)).scalar_one()
    db.dispose()
    apple_10k = rows["0000320193-24-000123"]
    assert (apple_10k.document_type, apple_10k.fiscal_year, apple_10k.fiscal_quarter) == (
        "10-K",
        2024,
        None,
    )
    assert apple_10k.source_url.endswith("/320193/000032019324000123/aapl-20240928.htm")
    nvda_10q = rows["0001045810-25-000209"]
    assert (nvda_10q.document_type, nvda_10q.fiscal_year, nvda_10q.fiscal_quarter) == (
        "10-Q",
        2026,
        2,
    )
    assert rows["0001045810-26-000019"].document_type == "8-K"
    assert total > 600


class _MirrorHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def mirror_server(corpus: Path) -> Iterator[str]:
    """A local HTTP server serving the mirror at the SEC's paths."""
    handler = functools.partial(_MirrorHandler, directory=str(corpus / "sec"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_http_ingestion_equals_mirror_ingestion(
    mirror_server: str,
    committed_database_url: str,
    corpus: Path,
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    source = HttpSource(
        user_agent="filings tests test@example.com", cache_dir=tmp_path, base_url=mirror_server
    )
    # Documents of 2025 on: over HTTP every filing's documents cost requests at 10 a second.
    recent = DocumentSelection(since=date(2025, 1, 1))
    summary = run(source, committed_database_url, [NVIDIA], recent)
    assert summary.facts > 1000 and not summary.skipped  # type: ignore[attr-defined]
    via_http = snapshot(committed_database_url)
    db = Database(make_engine(committed_database_url))
    with db.transaction() as conn:
        conn.execute(text("DELETE FROM filing_texts"))
        conn.execute(text("DELETE FROM xbrl_facts"))
        conn.execute(text("DELETE FROM metric_values"))
        conn.execute(text("DELETE FROM filings"))
        conn.execute(text("DELETE FROM company_identifiers"))
        conn.execute(text("DELETE FROM company_aliases"))
        conn.execute(text("DELETE FROM company_tags"))
        conn.execute(text("DELETE FROM companies"))
    db.dispose()
    run(MirrorSource(corpus / "sec"), committed_database_url, [NVIDIA], recent)
    # Only a mirror can list the filings its folders hold beyond the submissions index: the
    # 8-K of 2026-03-06 is ingested from the mirror alone.
    via_mirror = [r for r in snapshot(committed_database_url) if UNINDEXED_8K not in r]
    assert via_mirror == via_http
    assert any(row[0] == "0001045810-25-000023" for row in via_http)  # a 10-K's text, via HTTP


def test_the_cli_over_http(
    mirror_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FILINGS_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("FILINGS_DATA_DIR", str(tmp_path))
    assert runner.invoke(app, ["db", "upgrade"]).exit_code == 0
    refused = runner.invoke(app, ["ingest", "sec", "--base-url", mirror_server, "--ticker", "NVDA"])
    assert refused.exit_code == 1 and "FILINGS_SEC_USER_AGENT" in refused.output
    monkeypatch.setenv("FILINGS_SEC_USER_AGENT", "filings tests test@example.com")
    selection = ["--forms", "10-Q", "--since", "2025-06-01"]
    result = runner.invoke(
        app, ["ingest", "sec", "--base-url", mirror_server, "--ticker", "NVDA", *selection]
    )
    assert result.exit_code == 0, result.output
    assert "companies: 1," in result.stdout and "skipped: 0" in result.stdout
    assert "filings with documents read: 1," in result.stdout  # the 10-Q of 2025-08-27


def _recording(responses: list[int], seen: list[httpx.Request]) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        status = responses.pop(0) if responses else 200
        return httpx.Response(status, content=b'{"ok": 1.10}')

    return httpx.MockTransport(handle)


def test_http_source_rules(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError):
        HttpSource(user_agent=None, cache_dir=tmp_path)
    seen: list[httpx.Request] = []
    source = HttpSource(
        user_agent="filings tests test@example.com",
        cache_dir=tmp_path,
        transport=_recording([429, 503], seen),
        backoff_seconds=0.01,
    )
    assert source.read("data.sec.gov/x.json") == b'{"ok": 1.10}'
    assert len(seen) == 3  # two retries
    assert seen[0].headers["User-Agent"] == "filings tests test@example.com"
    assert str(seen[0].url) == "https://data.sec.gov/x.json"
    archive = "www.sec.gov/Archives/edgar/data/1/000000000000000001/a.htm"
    source.read(archive)
    source.read(archive)
    assert len(seen) == 4  # immutable Archives files are cached for good
    assert (tmp_path / archive).read_bytes() == b'{"ok": 1.10}'


def test_http_source_gives_up_and_reports_missing(tmp_path: Path) -> None:
    seen: list[httpx.Request] = []
    failing = HttpSource(
        user_agent="ua x@example.com",
        cache_dir=tmp_path,
        transport=_recording([500] * 9, seen),
        backoff_seconds=0.001,
    )
    with pytest.raises(DataSourceUnavailable):
        failing.read("data.sec.gov/y.json")
    missing = HttpSource(
        user_agent="ua x@example.com", cache_dir=tmp_path, transport=_recording([404], [])
    )
    with pytest.raises(SourceMissing):
        missing.read("data.sec.gov/z.json")


def test_at_most_ten_requests_a_second(tmp_path: Path) -> None:
    import time

    seen: list[httpx.Request] = []
    source = HttpSource(
        user_agent="ua x@example.com", cache_dir=tmp_path, transport=_recording([], seen)
    )
    started = time.monotonic()
    for i in range(11):
        source.read(f"data.sec.gov/{i}.json")
    assert time.monotonic() - started >= 1.0  # 11 starts need at least ten 0.1 s gaps
