"""Nordic ingestion: instruments become companies; feed records become documents with their
pages and key figures. One document per transaction; a bad one is reported and skipped."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import Connection, delete, func, select, update

from filings.companies.extraction import extract_filing
from filings.core.collector import as_bulk_work
from filings.core.errors import FilingsError, MalformedInput
from filings.core.markets import NORDIC, PDF, TEXT, issuer_country
from filings.db.engine import Database
from filings.db.tables import companies, filings, metric_values
from filings.ingest.esef.precedence import Disagreement, without_esef_periods
from filings.ingest.load import (
    MALFORMED,
    CompanyIn,
    find_company,
    slugify,
    sync_filing,
    sync_metrics,
    sync_pages,
    touch_company,
    upsert_company,
)
from filings.ingest.nordic.classify import (
    detect_language,
    document_type,
    fiscal_period,
    reporting_quarter,
)
from filings.ingest.nordic.documents import DocumentText, read_document
from filings.ingest.nordic.figures import extract_figures
from filings.ingest.nordic.history import sync_printings
from filings.ingest.nordic.instruments import read_instruments
from filings.ingest.nordic.reading import finer_printing
from filings.ingest.passages import (
    PlacedPassage,
    paged_passages,
    split_passages,
    sync_passages,
)
from filings.ingest.standardize.rows import MetricRow


@dataclass(frozen=True)
class FeedRecord:
    """One document of the feed."""

    path: str
    issuer_name: str
    issuer_isin: str | None
    published: date | None
    category: str
    headline: str
    language: str | None


@dataclass
class NordicSummary:
    """What a run did."""

    companies: int = 0
    documents: int = 0
    pages: int = 0
    figures: int = 0  # stored for this run's documents when it ends
    unchanged: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    # annual figures an ESEF filing states otherwise (beyond rounding): the ESEF one is kept
    disagreements: list[Disagreement] = field(default_factory=list)


def _feed_record(raw: Any) -> FeedRecord:
    """One feed record; MalformedInput names what is wrong with it."""
    if not isinstance(raw, dict):
        raise MalformedInput("a record that is not an object")
    for required in ("path", "issuer_name"):
        if not isinstance(raw.get(required), str) or not raw[required].strip():
            raise MalformedInput(f"a record without {required!r}")
    try:
        published = date.fromisoformat(raw["published"]) if raw.get("published") else None
    except (TypeError, ValueError) as exc:
        raise MalformedInput(f"{raw['path']}: published {raw['published']!r}: {exc}") from exc
    return FeedRecord(
        path=raw["path"],
        issuer_name=raw["issuer_name"],
        issuer_isin=str(raw.get("issuer_isin") or "") or None,
        published=published,
        category=str(raw.get("category") or ""),
        headline=str(raw.get("headline") or ""),
        language=str(raw.get("language") or "") or None,
    )


def read_feed(content: bytes) -> tuple[list[FeedRecord], list[tuple[str, str]]]:
    """The records of a feed file, and (record, problem) for each one that cannot be read."""
    try:
        raw_records = json.loads(content)["documents"]
    except (KeyError, TypeError, ValueError) as exc:
        raise MalformedInput(f"feed: not a JSON object with a 'documents' list ({exc})") from exc
    if not isinstance(raw_records, list):
        raise MalformedInput("feed: 'documents' is not a list")
    records, problems = [], []
    for index, raw in enumerate(raw_records):
        try:
            records.append(_feed_record(raw))
        except MalformedInput as exc:
            problems.append((f"record {index + 1}", str(exc)))
    return records, problems


def fetch(location: str, base: Path, client: httpx.Client | None) -> tuple[bytes, str]:
    """A document's bytes and where it was read: a path inside the feed's directory, or a URL.

    A local path that leads out of `base` (`..`, an absolute path, a link) is refused.
    """
    if location.startswith(("http://", "https://")):
        if client is None:
            raise MalformedInput(f"{location}: no HTTP client")
        try:
            response = client.get(location)
        except httpx.HTTPError as exc:
            raise MalformedInput(f"{location}: {exc}") from exc
        if response.status_code != 200:
            raise MalformedInput(f"{location}: HTTP {response.status_code}")
        return response.content, location
    root = base.resolve()
    file = (root / location).resolve()
    if not file.is_relative_to(root):
        raise MalformedInput(f"{location}: outside the feed's directory")
    if not file.is_file():
        raise MalformedInput(f"{location}: no such file")
    return file.read_bytes(), str(file)


def _company_for(conn: Connection, record: FeedRecord, now: datetime) -> int:
    """The company of a feed record, found by ISIN (any share class), else made from the feed."""
    company = CompanyIn(
        company_id=slugify(record.issuer_name),
        company_name=record.issuer_name,
        display_name=record.issuer_name,
        market=NORDIC.key,
        country=issuer_country(record.issuer_isin),
        isin=record.issuer_isin,
        aliases=(record.issuer_name,),
    )
    existing = find_company(conn, company) if record.issuer_isin else None
    if existing is None:
        return upsert_company(conn, company, now)[0]
    if existing.company_name != record.issuer_name:
        # The feed names the issuer as filed (Atlas Copco AB); the listing has a short name.
        conn.execute(
            update(companies)
            .where(companies.c.id == existing.id)
            .values(company_name=record.issuer_name)
        )
        touch_company(conn, int(existing.id), now)
    return int(existing.id)


def document_passages(text: DocumentText, values: Mapping[str, Any]) -> list[PlacedPassage]:
    """A Nordic document's passages: each PDF page's, or a release's by its headings."""
    if text.kind == "release":
        found = split_passages(text.pages[0], values.get("title"), markdown=True)
        return [PlacedPassage(f"{text.docid}_1", 1, p) for p in found]
    return [
        PlacedPassage(f"{text.docid}_{number}", number, p)
        for number, found in enumerate(paged_passages(text.pages), start=1)
        for p in found
    ]


def _load_document(
    conn: Connection, record: FeedRecord, text: DocumentText, location: str, now: datetime
) -> tuple[int, bool, list[Disagreement]]:
    company_pk = _company_for(conn, record, now)
    doc_type = document_type(text.kind, record.category, record.headline, text.pages[0])
    year, quarter = fiscal_period(doc_type, record.headline, text.pages[0], record.published)
    values: dict[str, Any] = {
        "market": NORDIC.key,
        "document_format": PDF.key if text.kind == "pdf" else TEXT.key,
        "docid": text.docid,
        "document_type": doc_type,
        "fiscal_year": year,
        "fiscal_quarter": quarter,
        "published_at": datetime(*record.published.timetuple()[:3], tzinfo=UTC)
        if record.published
        else None,
        "listed_date": record.published,
        "language": detect_language(" ".join(text.pages[:3]), record.language),
        "title": text.title or record.headline,
        "headline": record.headline,
        "page_count": len(text.pages),
        "sha256": text.sha256,
        "file_path": location if text.kind == "pdf" and not location.startswith("http") else None,
        "source_url": location if location.startswith("http") else None,
    }
    filing_pk, changed = sync_filing(conn, company_pk, values, now)
    changed |= sync_pages(conn, filing_pk, text.docid, text.pages)
    changed |= sync_passages(
        conn, filing_pk, company_pk, values["language"] or "en", document_passages(text, values)
    )
    company = conn.execute(
        select(companies.c.currency, companies.c.company_name).where(companies.c.id == company_pk)
    ).one()
    reported = quarter or reporting_quarter(doc_type, record.headline, text.pages[0])
    printed = extract_figures(text, doc_type, year, reported, company.currency)
    changed |= sync_printings(conn, company_pk, text.docid, record.published, printed)
    # ESEF wins for the annual figures an ESEF filing states (ingest/esef/precedence.py).
    rows, differing = without_esef_periods(conn, company_pk, company.company_name, printed)
    rows = _newest_document_wins(conn, company_pk, text.docid, _rank(values), rows)
    scope = metric_values.c.page_id.like(f"{text.docid}\\_%", escape="\\")
    counts = sync_metrics(conn, company_pk, rows, scope, {text.docid: filing_pk})
    changed |= extract_filing(conn, filing_pk)  # after the figures: shares need the revenue
    if changed or counts.changed:
        touch_company(conn, company_pk, now)
    return len(rows), changed or counts.changed, differing


Rank = tuple[int, int, str, str]


def _rank(values: Mapping[str, Any]) -> Rank:
    """How new a document is: fiscal year, quarter (a year after its Q4), publication, docid."""
    published = values.get("published_at")
    return (
        values.get("fiscal_year") or 0,
        values.get("fiscal_quarter") or 5,
        published.isoformat()[:10] if published else "",
        str(values["docid"]),
    )


def _newest_document_wins(
    conn: Connection, company_pk: int, docid: str, rank: Rank, rows: list[MetricRow]
) -> list[MetricRow]:
    """Per period, the newest document's figure is kept (as for US filings): an older document's
    row for the same period gives way, and ours is dropped where a newer document has one;
    except that a figure never gives way to a rounder printing of itself (a year-end
    release's "SEK 1.3 billion" does not replace the annual report's 1,290 million), and
    that where both print the same value the report of the period itself is cited (Lifco's
    2017 revenue from its 2017 income statement, not the 2019 report's ten-year summary)."""
    ours = {(r.metric_key, r.period_key): r for r in rows}
    others = conn.execute(
        select(
            metric_values.c.id,
            metric_values.c.metric_key,
            metric_values.c.period_key,
            metric_values.c.value,
            filings.c.fiscal_year,
            filings.c.fiscal_quarter,
            filings.c.published_at,
            filings.c.docid,
        )
        .join(filings, filings.c.id == metric_values.c.filing_pk)
        .where(metric_values.c.company_pk == company_pk, filings.c.docid != docid)
    ).all()
    dropped: set[tuple[str, str]] = set()
    for other in others:
        key = (other.metric_key, other.period_key)
        mine = ours.get(key)
        if mine is None:
            continue
        theirs = Decimal(other.value)
        newer = _rank(dict(other._mapping)) > rank
        if theirs == mine.value:
            # the same figure: cite the report of its own period
            mine_off = abs(rank[0] - mine.fiscal_year)
            their_off = abs((other.fiscal_year or 0) - mine.fiscal_year)
            newer = their_off < mine_off or (their_off == mine_off and newer)
        if (newer and not finer_printing(mine.value, theirs)) or (
            not newer and finer_printing(theirs, mine.value)
        ):
            dropped.add(key)
        else:
            conn.execute(delete(metric_values).where(metric_values.c.id == other.id))
    return [r for r in rows if (r.metric_key, r.period_key) not in dropped]


def load_instruments(database: Database, document: Mapping[str, Any]) -> int:
    """Upsert every Helsinki and Stockholm issuer; the number of companies."""
    listed = read_instruments(document)
    now = datetime.now(UTC)
    with database.transaction(write=True) as conn:
        for company in listed:
            upsert_company(conn, company, now)
    return len(listed)


def _fetch_feed(feed: str, client: httpx.Client | None) -> tuple[bytes, str]:
    """The feed itself: a URL, or a file anywhere the operator names."""
    if feed.startswith(("http://", "https://")):
        return fetch(feed, Path.cwd(), client)
    path = Path(feed)
    if not path.is_file():
        raise MalformedInput(f"{feed}: no such feed file")
    return path.read_bytes(), str(path.resolve())


@as_bulk_work
def ingest_nordic(
    database: Database,
    feed: Path | str,
    instruments: Path | None = None,
    progress: Callable[[str, int], None] = lambda _, __: None,
    client: httpx.Client | None = None,
) -> NordicSummary:
    """Ingest a feed (a file, or a URL) and optionally the instruments list."""
    summary = NordicSummary()
    if instruments is not None:
        summary.companies = load_instruments(database, json.loads(instruments.read_bytes()))
    feed_bytes, feed_location = _fetch_feed(str(feed), client)
    base = Path(feed_location).parent if not feed_location.startswith("http") else Path.cwd()
    records, summary.skipped = read_feed(feed_bytes)
    progress("", len(records))
    now = datetime.now(UTC)
    docids: list[str] = []
    for record in records:
        progress(record.path, 0)
        try:
            location = record.path
            if feed_location.startswith("http") and not location.startswith("http"):
                location = feed_location.rsplit("/", 1)[0] + "/" + location
            content, where = fetch(location, base, client)
            text = read_document(content, record.path)
            with database.transaction(write=True) as conn:
                _, changed, differing = _load_document(conn, record, text, where, now)
        except FilingsError as exc:
            summary.skipped.append((record.path, str(exc)))
            continue
        except MALFORMED as exc:
            summary.skipped.append((record.path, f"malformed: {type(exc).__name__}: {exc}"))
            continue
        summary.documents += 1
        summary.disagreements.extend(differing)
        summary.pages += len(text.pages)
        summary.unchanged += 0 if changed else 1
        docids.append(text.docid)
    # What is stored in the end: a newer document's figure replaces an older one's.
    with database.transaction() as conn:
        for start in range(0, len(docids), 500):
            summary.figures += conn.execute(
                select(func.count())
                .select_from(metric_values)
                .join(filings, filings.c.id == metric_values.c.filing_pk)
                .where(filings.c.docid.in_(docids[start : start + 500]))
            ).scalar_one()
    return summary
