"""SEC ingestion: companies, filings and figures, one company per transaction.

A company's bad file is reported and skipped; the batch goes on. Re-running with the same input
writes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection

from filings.companies.extraction import extract_company_dimensions, extract_filing
from filings.core.collector import as_bulk_work
from filings.core.errors import FilingsError, MalformedInput
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
)
from filings.ingest.sec.documents_load import (
    StoredRelease,
    filing_keys,
    release_figures_of,
    stored_document_facts,
    stored_release_figures,
    sync_filing_documents,
)
from filings.ingest.sec.fetch import (
    FetchedCompany,
    Listing,
    fetch_company,
    read_documents,
)
from filings.ingest.sec.held import (
    REASONS,
    DocumentSkip,
)
from filings.ingest.sec.labels_load import stored_labels
from filings.ingest.sec.release_rows import preliminary_rows
from filings.ingest.sec.sectors import sector_tags
from filings.ingest.sec.source import SecSource
from filings.ingest.sec.submissions import (
    FilingInfo,
    fiscal_labels,
)
from filings.ingest.standardize.depreciation import statement_lines
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import (
    fiscal_year_end,
    merge_facts,
    read_companyfacts,
    reporting_currency,
    standardize,
)
from filings.ingest.standardize.fiscal_years import fiscal_year_offset
from filings.ingest.standardize.history import versions
from filings.ingest.standardize.labels import company_labels, relabel
from filings.ingest.standardize.preliminary import Difference, settle


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
    # held filings whose documents were not read, each with why; and the filings listed whose
    # documents the source does not hold (a mirror holds a few of a company's thousands)
    document_skips: list[DocumentSkip] = field(default_factory=list)
    documents_not_held: int = 0
    # figures served preliminary (earnings releases no periodic report covers yet), and the
    # preliminary figures a periodic report states otherwise
    preliminary: int = 0
    preliminary_differences: list[tuple[str, Difference]] = field(default_factory=list)

    def skips_by_reason(self) -> dict[str, int]:
        """How many held filings' documents were not read, per reason."""
        counts = Counter(skip.reason for skip in self.document_skips)
        return {reason: counts[reason] for reason in REASONS if counts[reason]}


def _company_in(fetched: FetchedCompany, currency: str | None, fye: str | None) -> CompanyIn:
    info, listing, header = fetched.info, fetched.listing, fetched.header
    entity = fetched.facts_document.get("entityName") if fetched.facts_document else None
    entity = entity or (header.company_name if header else None)
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
        fiscal_year_end=(info.fiscal_year_end if info else None)
        or fye
        or (header.fiscal_year_end if header else None),
        tickers=tickers,
        aliases=tuple(dict.fromkeys(a for a in aliases if a)),
        tags=tuple(sector_tags(info.sic if info else None)),
    )


def _edgar_url(cik: str, filing: FilingInfo) -> str:
    folder = filing.accession_number.replace("-", "")
    document = filing.primary_document or f"{filing.accession_number}-index.htm"
    return f"https://www.sec.gov/Archives/edgar/data/{int(cik)}/{folder}/{document}"


def _load_listing(conn: Connection, fetched: FetchedCompany, now: datetime) -> _Loaded:
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
    return _Loaded(0, 0, changed)


@dataclass
class _Loaded:
    """What loading one company wrote."""

    filings: int
    figures: int
    changed: bool
    preliminary: int = 0  # figures served as preliminary (an earnings release's)
    differences: list[Difference] = field(default_factory=list)


def _listed(fetched: FetchedCompany, company: CompanyIn, offset: int) -> list[dict[str, Any]]:
    """The company's filings as `filings` rows."""
    listed: list[dict[str, Any]] = []
    for filing in fetched.filings:
        year, quarter = fiscal_labels(filing, company.fiscal_year_end, offset)
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
    return listed


def _releases(conn: Connection, fetched: FetchedCompany) -> list[StoredRelease]:
    """The figures of the company's earnings releases: read in this run, or stored before."""
    filed = {f.accession_number: f.filed_date for f in fetched.filings}
    out = stored_release_figures(conn, fetched.cik, set(fetched.documents))
    for accession, found in fetched.documents.items():
        if accession in filed:
            out += release_figures_of(found, filed[accession])
    return out


def _company_facts(conn: Connection, fetched: FetchedCompany) -> list[Fact]:
    """The company's facts from companyfacts, its documents and those stored before."""
    reported = read_companyfacts(fetched.facts_document) if fetched.facts_document else []
    labels = {(f.taxonomy, f.concept): f.label for f in reported}
    earlier = stored_document_facts(conn, fetched.cik, set(fetched.documents), labels)
    own = fetched.document_facts(labels)
    lines = statement_lines(own + earlier)
    if lines:  # filings whose documents hold no table (an XBRL instance) state them too
        own = fetched.document_facts(labels, lines)
    facts = merge_facts(reported, own + earlier)
    # every line named as the issuer printed it (its filings' tables or label linkbases)
    stored = stored_labels(conn, fetched.cik, set(fetched.documents), facts)
    issuer = fetched.issuer_labels() + stored
    return relabel(facts, company_labels(facts, issuer))


def _load(
    conn: Connection, fetched: FetchedCompany, now: datetime, history: bool = False
) -> _Loaded:
    facts = _company_facts(conn, fetched)
    offset = fiscal_year_offset(facts)
    fye_pair = fiscal_year_end(facts)
    fye_text = f"{fye_pair[0]:02d}{fye_pair[1]:02d}" if fye_pair else None
    currency = reporting_currency(facts)
    company = _company_in(fetched, currency, fye_text)
    pk, changed = upsert_company(conn, company, now)
    filing_pks, filings_changed = sync_filings(conn, pk, _listed(fetched, company, offset), now)
    changed |= filings_changed
    fye = (
        (int(company.fiscal_year_end[:2]), int(company.fiscal_year_end[2:]))
        if company.fiscal_year_end
        else None
    )
    preliminary = preliminary_rows(
        _releases(conn, fetched), facts, fye=fye, offset=offset, currency=currency
    )
    rows, differences = settle(standardize(facts, fye) if facts else [], preliminary)
    counts = sync_metrics(conn, pk, rows, metric_values.c.page_id.is_(None), filing_pks)
    if history and (facts or preliminary):
        sync_history(conn, pk, versions(facts, fye, preliminary))
    if changed or counts.changed:
        touch_company(conn, pk, now)
    return _Loaded(
        len(fetched.filings),
        len(rows),
        changed or counts.changed,
        sum(1 for r in rows if r.preliminary and not r.derived),
        differences,
    )


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
    registry_only: list[
        FetchedCompany
    ] = []  # companies with nothing but a listing: loaded in batches

    def counted(fetched: FetchedCompany, loaded: _Loaded) -> None:
        summary.companies += 1
        summary.filings += loaded.filings
        summary.facts += loaded.figures
        summary.documents += len(fetched.documents)
        summary.unchanged += 0 if loaded.changed else 1
        summary.preliminary += loaded.preliminary
        summary.preliminary_differences.extend((fetched.cik, d) for d in loaded.differences)
        summary.warnings.extend((fetched.cik, w) for w in fetched.warnings)
        summary.document_skips.extend(fetched.skips)
        summary.documents_not_held += fetched.not_held

    def load_one(fetched: FetchedCompany) -> None:
        try:
            with database.transaction(write=True) as conn:
                loaded = _load(conn, fetched, now, history)
            company_pk = None
            for accession, found in fetched.documents.items():
                with database.transaction(write=True) as conn:
                    loaded.changed |= sync_filing_documents(conn, accession, found)
                    keys = filing_keys(conn, accession)
                    if keys is not None:  # what profiles and geography read, read once
                        loaded.changed |= extract_filing(conn, keys[0])
                        company_pk = keys[1]
            if company_pk is not None:
                with database.transaction(write=True) as conn:
                    loaded.changed |= extract_company_dimensions(conn, company_pk)
        except FilingsError as exc:
            summary.skipped.append((fetched.cik, str(exc)))
            return
        except MALFORMED as exc:  # a file of an unexpected shape: this company only
            summary.skipped.append((fetched.cik, f"malformed data: {type(exc).__name__}: {exc}"))
            return
        counted(fetched, loaded)

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
            fetched = fetch_company(source, cik, listings.get(cik))
            if documents is not None:
                read_documents(source, fetched, documents)
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
