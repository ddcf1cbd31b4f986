"""SEC ingestion: companies, filings and figures, one company per transaction.

A company's bad file is reported and skipped; the batch goes on. Re-running with the same input
writes nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection

from filings.companies.extraction import extract_company_dimensions, extract_filing
from filings.core.collector import as_bulk_work
from filings.core.errors import FilingsError, MalformedInput, SourceMissing
from filings.core.ids import normalize_cik
from filings.core.markets import EDGAR, US
from filings.db.engine import Database
from filings.db.tables import metric_values
from filings.ingest.load import (
    MALFORMED,
    CompanyIn,
    find_company,
    sync_filings,
    sync_history,
    sync_metrics,
    touch_company,
    upsert_company,
)
from filings.ingest.sec.documents import (
    DocumentSelection,
    FilingDocuments,
    read_filing_documents,
)
from filings.ingest.sec.documents_load import (
    filing_keys,
    stored_document_facts,
    sync_filing_documents,
)
from filings.ingest.sec.envelope import read_header
from filings.ingest.sec.sectors import sector_tags
from filings.ingest.sec.source import TICKERS_PATH, SecSource, parse_json
from filings.ingest.sec.submissions import (
    FORMS,
    CompanyInfo,
    FilingInfo,
    fiscal_labels,
    older_pages,
    read_company,
    read_filings,
)
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import (
    document_facts,
    fiscal_year_end,
    merge_facts,
    read_companyfacts,
    reporting_currency,
    standardize,
)
from filings.ingest.standardize.history import versions


@dataclass
class SecSummary:
    """What a run did."""

    companies: int = 0
    filings: int = 0
    facts: int = 0
    documents: int = 0  # filings whose documents were read
    unchanged: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Listing:
    """What company_tickers.json says of one CIK."""

    title: str
    tickers: tuple[str, ...]


def read_tickers(source: SecSource) -> dict[str, Listing]:
    """company_tickers.json by 10-digit CIK (one CIK may have several tickers)."""
    try:
        raw = source.read(TICKERS_PATH)
    except SourceMissing as exc:
        raise SourceMissing(
            f"no SEC ticker list at {source.describe(TICKERS_PATH)}: a mirror holds the SEC's "
            "hosts as folders (www.sec.gov/files/company_tickers.json, data.sec.gov/...)"
        ) from exc
    document = parse_json(raw, TICKERS_PATH)
    titles: dict[str, str] = {}
    tickers: dict[str, list[str]] = defaultdict(list)
    for entry in document.values():
        cik = str(entry["cik_str"]).zfill(10)
        titles.setdefault(cik, str(entry["title"]))
        tickers[cik].append(str(entry["ticker"]))
    return {cik: Listing(titles[cik], tuple(tickers[cik])) for cik in titles}


def _optional_json(source: SecSource, path: str) -> Any:
    try:
        return parse_json(source.read(path), path)
    except SourceMissing:
        return None


@dataclass
class _Company:
    cik: str
    info: CompanyInfo | None
    listing: Listing | None
    facts_document: Any
    filings: list[FilingInfo]
    warnings: list[str]
    documents: dict[str, FilingDocuments] = field(default_factory=dict)

    def document_facts(self, labels: dict[tuple[str, str], str]) -> list[Fact]:
        """The figures' facts that the filings' own documents state."""
        out: list[Fact] = []
        for filing in self.filings:
            found = self.documents.get(filing.accession_number)
            if found is not None:
                out += document_facts(
                    found.facts,
                    accession=filing.accession_number,
                    form=filing.form,
                    filed=filing.filed_date,
                    labels=labels,
                )
        return out


def _read_documents(source: SecSource, fetched: _Company, selection: DocumentSelection) -> None:
    """Read the wanted filings' documents; a missing one is passed over, a bad one reported."""
    for filing in fetched.filings:
        if not selection.wants(filing):
            continue
        try:
            fetched.documents[filing.accession_number] = read_filing_documents(
                source, fetched.cik, filing
            )
        except SourceMissing:
            continue
        except (MalformedInput, *MALFORMED) as exc:
            fetched.warnings.append(f"documents of {filing.accession_number} skipped: {exc}")


def _fetch(source: SecSource, cik: str, listing: Listing | None) -> _Company:
    submissions = _optional_json(source, f"data.sec.gov/submissions/CIK{cik}.json")
    facts_document = _optional_json(source, f"data.sec.gov/api/xbrl/companyfacts/CIK{cik}.json")
    if submissions is None and facts_document is None and listing is None:
        raise SourceMissing(f"nothing known of CIK {cik}")
    info, found, warnings = None, [], []
    if submissions is not None:
        info = read_company(submissions)
        found = read_filings(
            (submissions.get("filings") or {}).get("recent")
            or {"form": [], "accessionNumber": [], "filingDate": []}
        )
        for page in older_pages(submissions):
            older = _optional_json(source, f"data.sec.gov/submissions/{page}")
            if older is None:
                warnings.append(f"older filings page {page} not found")
            else:
                found.extend(read_filings(older))
    found.extend(_unindexed_filings(source, cik, {f.accession_number for f in found}, warnings))
    return _Company(cik, info, listing, facts_document, found, warnings)


def _unindexed_filings(
    source: SecSource, cik: str, known: set[str], warnings: list[str]
) -> list[FilingInfo]:
    """Filings the source holds a full submission of but the submissions index does not list
    (a mirror newer than its index): known from the submission's own SGML header."""
    out = []
    for path in source.submission_texts(cik):
        try:
            header = read_header(source.read(path))
        except (MalformedInput, SourceMissing) as exc:
            warnings.append(f"{path}: {exc}")
            continue
        if header.accession in known or header.form not in FORMS:
            continue
        out.append(
            FilingInfo(
                accession_number=header.accession,
                form=header.form,
                document_type=FORMS[header.form],
                filed_date=header.filed,
                period_end=header.period,
                primary_document=header.primary_document,
                description=None,
            )
        )
    return out


def _company_in(fetched: _Company, currency: str | None, fye: str | None) -> CompanyIn:
    info, listing = fetched.info, fetched.listing
    entity = fetched.facts_document.get("entityName") if fetched.facts_document else None
    name = (info.name if info else None) or (listing.title if listing else None) or str(entity)
    tickers = tuple(
        dict.fromkeys([*(info.tickers if info else ()), *(listing.tickers if listing else ())])
    )
    aliases = [*(info.former_names if info else ()), *([listing.title] if listing else [])]
    aliases += [str(entity)] if entity else []
    return CompanyIn(
        company_id=tickers[0].lower() if tickers else f"cik{int(fetched.cik)}",
        company_name=name,
        display_name=name,
        market=US.key,
        country="US",
        exchange=info.exchange if info else None,
        cik=fetched.cik,
        lei=info.lei if info else None,
        industry=info.industry if info else None,
        currency=currency,
        fiscal_year_end=(info.fiscal_year_end if info else None) or fye,
        tickers=tickers,
        aliases=tuple(dict.fromkeys(a for a in aliases if a)),
        tags=tuple(sector_tags(info.sic if info else None)),
    )


def _edgar_url(cik: str, filing: FilingInfo) -> str:
    folder = filing.accession_number.replace("-", "")
    document = filing.primary_document or f"{filing.accession_number}-index.htm"
    return f"https://www.sec.gov/Archives/edgar/data/{int(cik)}/{folder}/{document}"


def _load_listing(conn: Connection, fetched: _Company, now: datetime) -> tuple[int, int, bool]:
    """A company the source knows only from its ticker list: its name and identifiers. Figures
    and filings stored by earlier runs are left as they are (a source that has no file for a
    company is no reason to drop what was read before), and so is its reporting currency."""
    company = _company_in(fetched, None, None)
    existing = find_company(conn, company)
    if existing is not None:
        company = replace(
            company,
            currency=existing.currency,
            fiscal_year_end=existing.fiscal_year_end or company.fiscal_year_end,
        )
    _, changed = upsert_company(conn, company, now)
    return 0, 0, changed


def _load(
    conn: Connection, fetched: _Company, now: datetime, history: bool = False
) -> tuple[int, int, bool]:
    reported = read_companyfacts(fetched.facts_document) if fetched.facts_document else []
    labels = {(f.taxonomy, f.concept): f.label for f in reported}
    earlier = stored_document_facts(conn, fetched.cik, set(fetched.documents), labels)
    facts = merge_facts(reported, fetched.document_facts(labels) + earlier)
    fye_pair = fiscal_year_end(facts)
    fye_text = f"{fye_pair[0]:02d}{fye_pair[1]:02d}" if fye_pair else None
    company = _company_in(fetched, reporting_currency(facts), fye_text)
    pk, changed = upsert_company(conn, company, now)
    listed: list[dict[str, Any]] = []
    for filing in fetched.filings:
        year, quarter = fiscal_labels(filing, company.fiscal_year_end)
        listed.append(
            {
                "market": US.key,
                "document_format": EDGAR.key,
                "accession_number": filing.accession_number,
                "document_type": filing.document_type,
                "form": filing.form,
                "fiscal_year": year,
                "fiscal_quarter": quarter,
                "period_end": filing.period_end,
                "filed_date": filing.filed_date,
                "listed_date": filing.filed_date,
                "primary_document": filing.primary_document,
                "title": filing.description,
                "source_url": _edgar_url(fetched.cik, filing),
            }
        )
    filing_pks, filings_changed = sync_filings(conn, pk, listed, now)
    changed |= filings_changed
    fye = (
        (int(company.fiscal_year_end[:2]), int(company.fiscal_year_end[2:]))
        if company.fiscal_year_end
        else None
    )
    rows = standardize(facts, fye) if facts else []
    counts = sync_metrics(conn, pk, rows, metric_values.c.page_id.is_(None), filing_pks)
    if history and facts:
        sync_history(conn, pk, versions(facts, fye))
    if changed or counts.changed:
        touch_company(conn, pk, now)
    return len(fetched.filings), len(rows), changed or counts.changed


def select_ciks(
    source: SecSource,
    listings: dict[str, Listing],
    *,
    ciks: Iterable[str],
    tickers: Iterable[str],
    universe: bool,
) -> list[str]:
    """The CIKs a run covers: those named, those of the tickers named, the whole ticker list,
    or (by default) every company the source can list."""
    chosen: list[str] = []
    for text in ciks:
        cik = normalize_cik(text)
        if cik is None:
            raise MalformedInput(f"not a CIK: {text}")
        chosen.append(cik)
    by_ticker = {t.upper(): cik for cik, listing in listings.items() for t in listing.tickers}
    for ticker in tickers:
        if ticker.upper() not in by_ticker:
            raise MalformedInput(f"ticker {ticker} is not in company_tickers.json")
        chosen.append(by_ticker[ticker.upper()])
    if universe:
        chosen.extend(listings)
    if not chosen and not universe:
        known = source.known_ciks()
        if known is None:
            raise MalformedInput("choose companies with --cik, --ticker or --universe")
        chosen = known
    return list(dict.fromkeys(chosen))


REGISTRY_BATCH = 500  # companies known only from the ticker list, loaded per transaction


@as_bulk_work
def ingest_sec(
    database: Database,
    source: SecSource,
    ciks: list[str],
    listings: dict[str, Listing],
    progress: Callable[[str], None] = lambda _: None,
    documents: DocumentSelection | None = DocumentSelection(),
    history: bool = False,
) -> SecSummary:
    """Ingest each CIK: the company, its filings and figures in one transaction, then each
    filing's documents in one of their own; report and skip what fails. Companies the source
    knows only from its ticker list (no filings, no figures) go in batches of REGISTRY_BATCH.

    `documents` selects the filings whose documents are read (None: none); `history` keeps
    every version of every figure for point-in-time answers (`as_of`).
    """
    summary = SecSummary()
    now = datetime.now(UTC)
    registry_only: list[_Company] = []  # companies with nothing but a listing: loaded in batches

    def counted(fetched: _Company, loaded: tuple[int, int, bool]) -> None:
        filings_count, facts_count, changed = loaded
        summary.companies += 1
        summary.filings += filings_count
        summary.facts += facts_count
        summary.documents += len(fetched.documents)
        summary.unchanged += 0 if changed else 1
        summary.warnings.extend((fetched.cik, w) for w in fetched.warnings)

    def load_one(fetched: _Company) -> None:
        try:
            with database.transaction(write=True) as conn:
                loaded = _load(conn, fetched, now, history)
            changed = loaded[2]
            company_pk = None
            for accession, found in fetched.documents.items():
                with database.transaction(write=True) as conn:
                    changed |= sync_filing_documents(conn, accession, found)
                    keys = filing_keys(conn, accession)
                    if keys is not None:  # what profiles and geography read, read once
                        changed |= extract_filing(conn, keys[0])
                        company_pk = keys[1]
            if company_pk is not None:
                with database.transaction(write=True) as conn:
                    changed |= extract_company_dimensions(conn, company_pk)
        except FilingsError as exc:
            summary.skipped.append((fetched.cik, str(exc)))
            return
        except MALFORMED as exc:  # a file of an unexpected shape: this company only
            summary.skipped.append((fetched.cik, f"malformed data: {type(exc).__name__}: {exc}"))
            return
        counted(fetched, (loaded[0], loaded[1], changed))

    def flush() -> None:
        """The waiting registry-only companies in one transaction; one by one if it fails."""
        batch = list(registry_only)
        registry_only.clear()
        if not batch:
            return
        try:
            with database.transaction(write=True) as conn:
                results = [_load_listing(conn, fetched, now) for fetched in batch]
        except (FilingsError, *MALFORMED):
            for fetched in batch:
                load_one(fetched)
            return
        for fetched, loaded in zip(batch, results, strict=True):
            counted(fetched, loaded)

    for cik in ciks:
        progress(cik)
        try:
            fetched = _fetch(source, cik, listings.get(cik))
            if documents is not None:
                _read_documents(source, fetched, documents)
        except FilingsError as exc:
            summary.skipped.append((cik, str(exc)))
            continue
        except MALFORMED as exc:
            summary.skipped.append((cik, f"malformed data: {type(exc).__name__}: {exc}"))
            continue
        if fetched.facts_document is None and not fetched.filings and not fetched.documents:
            registry_only.append(fetched)
            if len(registry_only) >= REGISTRY_BATCH:
                flush()
            continue
        flush()
        load_one(fetched)
    flush()
    return summary
