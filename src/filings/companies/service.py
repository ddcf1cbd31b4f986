"""Companies: loading them, resolving `company` arguments, and the misses resolution gives."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from sqlalchemy import Connection

from filings.companies import queries
from filings.companies.profile import (
    SOURCE,
    choose_sections,
    geography_breakdown,
    geography_tags,
    key_figures,
    language_of,
    present,
    segment_breakdowns,
    segment_items,
    updated_at,
)
from filings.companies.profile_locale import locale_note
from filings.companies.profile_vocabulary import SECTIONS
from filings.companies.resolve import CompanyIndex, CompanyRecord, Resolved, Unresolved
from filings.companies.revenue_geography import choose_by_year, geography_answer
from filings.companies.schemas import ProfileResponse, RevenueGeography
from filings.core.markets import MARKET_KEYS
from filings.core.misses import Alternative, FailureKind, Miss, invalid_choice, miss
from filings.db.generation import GenerationClock


@dataclass(frozen=True)
class Company:
    """A company as the endpoints present it."""

    pk: int
    company_id: str
    company_name: str
    display_name: str
    market: str
    country: str
    exchange: str | None
    ticker: str | None
    isin: str | None
    cik: str | None
    industry: str | None
    currency: str | None
    updated_at: object = None  # the version of the company's data, for caches


def _load_records(conn: Connection) -> list[CompanyRecord]:
    identifiers = queries.identifiers_by_company(conn)
    aliases = queries.aliases_by_company(conn)
    held = queries.companies_with_data(conn)
    return [
        CompanyRecord(
            pk=row.id,
            company_id=row.company_id,
            company_name=row.company_name,
            display_name=row.display_name,
            market=row.market,
            tickers=tuple(identifiers[row.id]["ticker"]),
            isin=tuple(
                dict.fromkeys([*([row.isin] if row.isin else []), *identifiers[row.id]["isin"]])
            ),
            cik=row.cik,
            aliases=tuple(aliases[row.id]),
            has_data=row.id in held,
            lei=tuple(identifiers[row.id]["lei"]),
        )
        for row in queries.company_summaries(conn)
    ]


class CompanyDirectory:
    """The resolution index, rebuilt only when the data generation moves (ingestion moves it
    whenever companies, their identifiers or their data change), as `clock` reads it."""

    def __init__(self, clock: GenerationClock | None = None) -> None:
        self._lock = threading.Lock()
        self._generation: int | None = None
        self._clock = clock or GenerationClock(0.0)
        self._index = CompanyIndex()

    def index(self, conn: Connection) -> CompanyIndex:
        """The current index, rebuilt if the data changed since it was built."""
        generation = self._clock.current(conn)
        with self._lock:
            if generation != self._generation:
                self._index = CompanyIndex.build(_load_records(conn))
                self._generation = generation
            return self._index


def _alternatives(records: tuple[CompanyRecord, ...]) -> list[Alternative]:
    return [
        Alternative(
            display_name=r.display_name,
            ticker=r.primary_ticker,
            market=r.market,
            company_id=r.company_id,
        )
        for r in records
    ]


def unresolved_miss(text: str, unresolved: Unresolved) -> Miss:
    """The miss for a company argument that did not resolve to one company."""
    alternatives = _alternatives(unresolved.alternatives)
    if unresolved.reason == "ambiguous":
        return miss(
            "Ambiguous company name",
            FailureKind.VALIDATION_ERROR,
            company=text,
            alternatives=alternatives,
            hint="Several companies match equally well; send a ticker, ISIN or the full name.",
        )
    return miss(
        f"Company not found: {text}",
        FailureKind.NOT_FOUND,
        company=text,
        alternatives=alternatives,
        hint="Send a ticker, ISIN, CIK or the company's name as filed.",
    )


def load_company(conn: Connection, pk: int) -> Company:
    """The company with primary key `pk`."""
    row = queries.company_row(conn, pk)
    return Company(
        pk=row.id,
        company_id=row.company_id,
        company_name=row.company_name,
        display_name=row.display_name,
        market=row.market,
        country=row.country,
        exchange=row.exchange,
        ticker=queries.primary_tickers(conn, [pk]).get(pk),
        isin=row.isin,
        cik=row.cik,
        industry=row.industry,
        currency=row.currency,
        updated_at=row.updated_at,
    )


def company_not_found(company: Company, text: str, error: str, hint: str, **extras: object) -> Miss:
    """A not_found miss for a company that resolved but has nothing to answer with."""
    return miss(
        error,
        FailureKind.NOT_FOUND,
        company=text,
        resolved_name=company.company_name,
        cik=company.cik,
        ticker=company.ticker,
        hint=hint,
        **extras,
    )


def check_market(market: str | None) -> Miss | None:
    """A validation miss when `market` is not one of the markets."""
    if market is not None and market not in MARKET_KEYS:
        return invalid_choice("market", market, MARKET_KEYS)
    return None


def resolve_company(
    conn: Connection, directory: CompanyDirectory, text: str, market: str | None = None
) -> Company | Miss:
    """Resolve a company argument to a company, or the miss that explains why not."""
    invalid = check_market(market)
    if invalid is not None:
        return invalid
    outcome = directory.index(conn).resolve(text, market)
    if isinstance(outcome, Resolved):
        return load_company(conn, outcome.company.pk)
    return unresolved_miss(text, outcome)


def profile(
    conn: Connection,
    directory: CompanyDirectory,
    *,
    company: str,
    locale: str,
    include_full_text: bool = False,
) -> ProfileResponse | Miss:
    """A company profile drawn from its filings: each section from the document that answers it
    (stored at ingestion), every sentence cited to its page."""
    resolved = resolve_company(conn, directory, company)
    if isinstance(resolved, Miss):
        return miss(**{**resolved.model_dump(exclude_none=True), "locale": locale})
    documents = queries.company_documents(conn, resolved.pk)
    if not documents:
        return company_not_found(
            resolved,
            company,
            f"No profile for {resolved.display_name}",
            "Profiles are drawn from the text of a company's reports, 10-Ks and releases; none "
            "is held for this company.",
            locale=locale,
            alternatives=[],
        )
    records = queries.profile_records(conn, [d.id for d in documents])
    chosen = choose_sections(documents, records, locale)
    sections = {name: present(name, chosen[name], locale, include_full_text) for name in SECTIONS}
    stored_tags, breakdown = geography_breakdown(conn, resolved.pk, resolved.currency)
    sections["geography"]["tags"] = geography_tags(
        sections["geography"], stored_tags, locale, resolved.market
    )
    if breakdown:
        sections["geography"]["breakdown"] = breakdown
        sections["geography"]["reason"] = None
    segments = segment_breakdowns(conn, resolved.pk, resolved.currency)
    if segments:
        sections["products_services"]["breakdowns"] = segments
        sections["products_services"]["reason"] = None
    language = language_of(chosen)
    overview, strategy = sections.pop("overview"), sections.pop("strategy")
    if not overview["items"]:
        overview["items"] = segment_items(segments)
    size = key_figures(conn, resolved.pk)
    if size:
        overview["key_figures"] = size
    full_text = overview.pop("full_text", None)
    return ProfileResponse(
        company_name=resolved.company_name,
        locale=language,
        requested_locale=locale,
        locale_note=None if language == locale else locale_note(locale, language),
        source=SOURCE,
        updated_at=updated_at(chosen),
        overview=overview["text"] or None,
        strategy=strategy["text"] or None,
        citations={"overview": overview["sentences"], "strategy": strategy["sentences"]},
        overview_section=overview,
        strategy_section=strategy,
        **({"overview_full_text": full_text} if include_full_text and full_text else {}),
        **sections,
    )


def revenue_geography(
    conn: Connection, directory: CompanyDirectory, *, company: str, year: int | None
) -> RevenueGeography | Miss:
    """Revenue by country and region for one fiscal year (the newest with geography), as
    ingestion stored it."""
    resolved = resolve_company(conn, directory, company)
    if isinstance(resolved, Miss):
        return resolved
    by_year = choose_by_year(queries.company_geography(conn, resolved.pk))
    if not by_year:
        return company_not_found(
            resolved,
            company,
            f"No revenue geography for {resolved.display_name}",
            "None of this company's filings held here breaks revenue down by geography.",
            year=year,
        )
    chosen = year if year is not None else max(by_year)
    years = sorted(by_year, reverse=True)
    if chosen not in by_year:
        listed = ", ".join(str(y) for y in years)
        return company_not_found(
            resolved,
            company,
            f"No revenue geography for {resolved.display_name} in {chosen}",
            f"Years with revenue geography: {listed}.",
            year=year,
        )
    total = queries.annual_revenues(conn, resolved.pk).get(chosen)
    return geography_answer(resolved, by_year[chosen], total, years)
