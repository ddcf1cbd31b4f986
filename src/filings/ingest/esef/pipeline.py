"""ESEF ingestion: report packages, named one by one or listed by a filings.xbrl.org index,
become annual filings of listed Nordic companies with their figures.

Each package is read whole before anything is written (a broken one is reported and skipped),
then stored in one transaction: the company matched, its LEI kept, the filing and its facts,
and the company's figures made again with their versions and their precedence over the PDF and
release reader. Re-running with the same input writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path

from filings.core.collector import as_bulk_work
from filings.core.errors import FilingsError, MalformedInput
from filings.db.engine import Database
from filings.ingest.esef.companies import match_company
from filings.ingest.esef.figures import select_facts
from filings.ingest.esef.index import IndexEntry, IndexPage, on_origin, reports_in_order
from filings.ingest.esef.load import Edition, store_report
from filings.ingest.esef.package import ReportPackage, open_package
from filings.ingest.esef.precedence import Disagreement
from filings.ingest.esef.queries import esef_figure_count
from filings.ingest.esef.report import Report, read_report
from filings.ingest.esef.source import Locations
from filings.ingest.esef.taxonomy import Taxonomy, read_taxonomy
from filings.ingest.esef.vocabulary import INDEX_HOST
from filings.ingest.load import MALFORMED
from filings.ingest.nordic.pipeline import load_instruments


@dataclass(frozen=True)
class Offer:
    """One package to ingest, with what an index said of it."""

    location: str  # a path or a URL
    label: str  # how messages name it: the index's fxo_id, or the location
    filed: datetime | None = None  # the date the index added it
    lei: str | None = None
    entity_name: str | None = None
    country: str | None = None


@dataclass
class EsefSummary:
    """What a run did."""

    companies: int = 0  # listings loaded with --instruments
    index_entries: int = 0
    packages: int = 0  # read and stored (or found unchanged)
    unchanged: int = 0
    figures: int = 0  # stored from ESEF filings for the companies of this run, at its end
    matched: list[tuple[str, str, str]] = field(default_factory=list)  # filer, company, how
    skipped: list[tuple[str, str]] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)


def package_offers(locations: list[str]) -> list[Offer]:
    """`--package` arguments as offers."""
    return [Offer(location, location) for location in locations]


def index_offers(pages: list[IndexPage], origin: str) -> tuple[list[Offer], list[str]]:
    """The packages an index lists, oldest first within each report, with their URLs on the
    host of `origin`; and the index's own problems."""
    entries: list[IndexEntry] = [e for page in pages for e in page.entries]
    offers = [
        Offer(
            location=on_origin(entry.package_url, origin),
            label=entry.fxo_id or entry.id,
            filed=entry.added,
            lei=entry.lei,
            entity_name=entry.entity_name,
            country=entry.country,
        )
        for group in reports_in_order(entries)
        for entry in group
    ]
    return offers, [problem for page in pages for problem in page.problems]


def index_origin(page: IndexPage, given: str | None) -> str:
    """Where an index's relative package paths live: the URL it was read from, else the host
    its own `self` link names, else filings.xbrl.org."""
    return given or page.self_url or INDEX_HOST


def gather_offers(
    locations: Locations, packages: list[str], index: str | None
) -> tuple[list[Offer], list[str]]:
    """The packages of a run: those an index lists (in the order they are to be stored), then
    those named; and the problems of the index's entries."""
    offers: list[Offer] = []
    problems: list[str] = []
    if index is not None:
        pages, read_from = locations.index(index)
        offers, problems = index_offers(pages, index_origin(pages[0], read_from))
    return offers + package_offers(packages), problems


@dataclass(frozen=True)
class _Read:
    package: ReportPackage
    taxonomy: Taxonomy
    report: Report
    notes: list[str]


def _read(content: bytes, offer: Offer) -> _Read:
    package = open_package(content, offer.location.rsplit("/", 1)[-1])
    taxonomy, _ = read_taxonomy(package.taxonomy)
    report = read_report(package.documents)
    if offer.lei and report.lei and offer.lei != report.lei:
        raise MalformedInput(f"the index names {offer.lei}, the report {report.lei}")
    notes = list(report.problems)
    if not package.taxonomy:
        notes.append("no extension taxonomy in the package: extension concepts are not used")
    return _Read(package, taxonomy, report, notes)


def _edition(read: _Read, offer: Offer, period_end: date, today: date) -> Edition:
    """When the report became known: the index's date, else the newest time stamp of the
    package's report files (when not before the period's end), else today."""
    moment = offer.filed
    newest = read.package.newest_entry
    if moment is None and newest is not None and newest.date() > period_end:
        moment = newest
    moment = moment or datetime(today.year, today.month, today.day)
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return Edition(
        language=read.report.language,
        filed=aware.date(),
        published=aware,
        sha256=read.package.sha256,
        location=offer.location,
        title=read.report.title,
    )


def _count_figures(database: Database, company_pks: set[int]) -> int:
    with database.transaction() as conn:
        return esef_figure_count(conn, company_pks)


@as_bulk_work
def ingest_esef(
    database: Database,
    offers: list[Offer],
    fetch: Callable[[str], bytes],
    instruments: Path | None = None,
    progress: Callable[[str], None] = lambda _: None,
) -> EsefSummary:
    """Ingest each offered package in its own transaction; report and skip what fails."""
    summary = EsefSummary()
    if instruments is not None:
        summary.companies = load_instruments(database, json.loads(instruments.read_bytes()))
    now = datetime.now(UTC)
    touched: set[int] = set()
    for offer in offers:
        progress(offer.label)
        try:
            read = _read(fetch(offer.location), offer)
            lei, period_end = read.report.lei, read.report.period_end
            if lei is None or period_end is None:
                raise MalformedInput("no LEI or no annual period: not an ESEF annual report")
            kept, notes = select_facts(read.report, read.taxonomy)
            name = offer.entity_name or read.report.entity_name
            if not name:
                raise MalformedInput("the report does not name its entity")
            edition = _edition(read, offer, period_end, now.date())
            with database.transaction(write=True) as conn:
                match = match_company(conn, lei, name, offer.country or read.report.country)
                stored = store_report(
                    conn, match.company_pk, match.company_name, edition, lei, period_end, kept, now
                )
        except FilingsError as exc:
            summary.skipped.append((offer.label, str(exc)))
            continue
        except MALFORMED as exc:
            summary.skipped.append((offer.label, f"malformed: {type(exc).__name__}: {exc}"))
            continue
        summary.packages += 1
        summary.unchanged += 0 if stored.changed else 1
        summary.matched.append((name, match.company_name, match.how))
        summary.notes.extend((offer.label, n) for n in [*read.notes, *notes, *stored.notes])
        summary.disagreements.extend(stored.disagreements)
        touched.add(match.company_pk)
    if touched:
        summary.figures = _count_figures(database, touched)
    return summary
