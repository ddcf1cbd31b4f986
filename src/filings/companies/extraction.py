"""What ingestion reads out of a stored filing for the companies' answers, once, so that a request
only reads: revenue geography (report tables on its pages, tagged facts) and profile sections.

The pipelines call `extract_filing` after they store a filing's pages or text (Nordic documents,
SEC documents, documents added with a manifest) and `extract_company_dimensions` after they
store a company's dimensional facts (SEC documents, the Financial Statement Data Sets). Both read
what is stored, whatever the market, and write only what changed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from functools import cache
from typing import Any

from sqlalchemy import Connection, Row

from filings.companies import queries
from filings.companies.geography_tables import (
    ADJUSTMENT,
    DocumentContext,
    DocumentLine,
    GeoTable,
    geography_tables_of,
    table_reading,
)
from filings.companies.profile_store import read_pages, store_profile
from filings.companies.revenue_geography import YearGeography, tagged_geography, us_geography
from filings.companies.revenue_segments import read_segments
from filings.companies.segment_tables import SegmentTable, segment_tables_of
from filings.companies.statement_figures import read_statement_figures
from filings.core.concepts import revenue_concepts
from filings.core.markets import DOCUMENT_SPANS
from filings.core.numbers import rounding_unit

REPORT_TABLE, ESEF = "report_table", "esef"
XBRL_DIMENSIONS = queries.TAGGED
_YEAR_END_RELEASE = re.compile(
    r"financial statements?|year[- ]end|full[- ]year|annual|bokslutskommunik|tilinpäätös",
    re.IGNORECASE,
)


def extract_filing(conn: Connection, filing_pk: int) -> bool:
    """Read a stored filing's geography tables, tagged geography and profile sections, and store
    them in place of what an earlier run stored; whether anything changed."""
    filing = queries.filing_summary(conn, filing_pk)
    pages = read_pages(conn, filing)
    # the document's lines as its tables are read, once for the readers of revenue tables
    lines, context = table_reading(pages, _context(filing)) if pages else ([], _context(filing))
    changed = _store_report_tables(conn, filing, lines, context)
    changed |= _store_statement_figures(conn, filing, pages)
    changed |= _store_segment_tables(conn, filing, lines, context)
    if filing.form is None:  # a tagged report that is no SEC form (ESEF): per filing
        changed |= _store_tagged(conn, filing)
    changed |= store_profile(conn, filing)
    return changed


def extract_company_dimensions(conn: Connection, company_pk: int) -> bool:
    """Store each fiscal year's geography (`us_geography`) and revenue by product line and
    segment (`read_segments`) from the company's 10-K dimensional facts, newest filing first;
    whether anything changed."""
    # the company's dimensional revenue facts, read once for its geography and its segments
    facts = queries.annual_dimensional_revenue(conn, company_pk, revenue_concepts())
    years = us_geography(conn, company_pk, revenue_concepts(), facts)
    accessions = {e.page_id for g in years.values() for e in _all(g) if e.page_id}
    filing_pks = queries.filing_pks_of(conn, accessions)
    totals = queries.annual_revenues(conn, company_pk)
    found = [
        _dimensional_record(year, geography, filing_pks, totals.get(year), position)
        for position, (year, geography) in enumerate(sorted(years.items(), reverse=True))
    ]
    wanted = [r for r in found if r is not None]
    changed = queries.replace_geography(
        conn, company_pk, wanted, filing_pk=None, sources=[XBRL_DIMENSIONS]
    )
    return _store_segments(conn, company_pk, totals, facts) | changed


def _store_segments(
    conn: Connection, company_pk: int, totals: dict[int, Decimal], facts: list[Any]
) -> bool:
    """Store each fiscal year's revenue by product line and by segment from the company's 10-K
    dimensional facts (`read_segments`), naming the lines as the filing prints them."""
    filing_pks = queries.filing_pks_of(conn, {f.accession_number for f in facts})

    @cache
    def text_of(accession: str) -> str:
        filing_pk = filing_pks.get(accession)
        units = queries.filing_text_units(conn, filing_pk) if filing_pk else []
        return "\n".join(str(unit.text) for unit in units)

    labels = queries.fiscal_years_by_end(conn, company_pk)
    found = read_segments(facts, labels, totals, text_of)
    wanted = [
        {**r, "filing_pk": filing_pks[r["page_id"]]} for r in found if r["page_id"] in filing_pks
    ]
    return queries.replace_segments(conn, company_pk, XBRL_DIMENSIONS, wanted)


def _all(geography: YearGeography) -> list[Any]:
    return [*geography.countries, *geography.regions, *geography.other]


def _adds_up(geography: YearGeography, total: Decimal | None) -> bool | None:
    """Whether some partition of the lines (countries and other; with the regions; regions and
    other) adds up to the year's revenue, within half a unit of the values' rounding each."""
    if total is None:
        return None
    values = [e.revenue for e in _all(geography) if e.revenue is not None]
    if not values:
        return None
    unit = min(rounding_unit(v) for v in values)
    tolerance = unit * (len(values) + 1) / 2

    def summed(*lists: list[Any]) -> Decimal:
        return sum((e.revenue or Decimal(0) for entries in lists for e in entries), Decimal(0))

    g = geography
    partitions = [
        summed(g.countries, g.other),
        summed(g.countries, g.regions, g.other),
        summed(g.regions, g.other),
    ]
    return any(abs(p - total) <= tolerance for p in partitions if p)


def _dimensional_record(
    year: int,
    geography: YearGeography,
    filing_pks: dict[str, int],
    total: Decimal | None,
    position: int,
) -> dict[str, Any] | None:
    geography = _without_subtotal(geography)
    entries = _all(geography)
    newest = next((filing_pks[e.page_id] for e in entries if e.page_id in filing_pks), None)
    if newest is None:
        return None
    lines = [
        _line(i, listed, e.name, e.iso_alpha2, e.entity_type, e.revenue, None, None, e.page_id)
        for i, (listed, e) in enumerate(
            [("countries", e) for e in geography.countries]
            + [("regions", e) for e in geography.regions]
            + [("other", e) for e in geography.other]
        )
    ]
    return {
        "filing_pk": newest,
        "source": XBRL_DIMENSIONS,
        "position": position,
        "fiscal_year": year,
        "period_kind": "annual",
        "period_start": None,
        "period_end": None,
        "period_label": str(year),
        "title": None,
        "page_id": entries[0].page_id,
        "page_number": None,
        "currency": geography.currency,
        "basis": "amounts",
        "share_base": None,
        "share_base_source": None,
        "printed_total": None,
        "adds_up": _adds_up(geography, total),
        "lines": lines,
    }


def _without_subtotal(geography: YearGeography) -> YearGeography:
    """The year's lines without an "other" member that is exactly the sum of the regions beside
    it: tagged facts give Johnson & Johnson's Non-US next to Europe, Western Hemisphere and Asia
    Pacific, and a flat list would count those sales twice. The regions are the finer answer."""
    regions = [e.revenue for e in geography.regions]
    if len(regions) < 2 or None in regions:
        return geography
    total = sum((r for r in regions if r is not None), Decimal(0))
    other = [e for e in geography.other if e.revenue != total]
    if len(other) == len(geography.other):
        return geography
    return replace(geography, other=other)


def _line(
    position: int,
    listed: str,
    name: str | None,
    iso: str | None,
    entity_type: str | None,
    revenue: Decimal | None,
    share: Decimal | None,
    included_in: str | None,
    page_id: str | None,
) -> dict[str, Any]:
    return {
        "position": position,
        "list": listed,
        "name": name or "",
        "iso_alpha2": iso,
        "entity_type": entity_type or "other",
        "revenue": _text(revenue),
        "share": _text(share),
        "included_in": included_in,
        "page_id": page_id,
    }


def _text(value: Decimal | None) -> str | None:
    """An exact decimal as plain text (no exponent): 1.799E+9 is 1799000000."""
    if value is None:
        return None
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


# --- report tables ------------------------------------------------------------------------------


def _context(filing: Row[Any]) -> DocumentContext:
    span = DOCUMENT_SPANS.get(filing.document_type)
    year_end_release = (
        span == "release"
        and filing.fiscal_quarter is None
        and bool(_YEAR_END_RELEASE.search(f"{filing.title or ''} {filing.headline or ''}"))
    )
    return DocumentContext(filing.fiscal_year, span == "year" or year_end_release)


def _store_statement_figures(
    conn: Connection, filing: Row[Any], pages: list[tuple[str, int | None, str]]
) -> bool:
    """Store a US annual report's key figures as its printed income statement gives them, where
    its pages are read (a PDF: EDGAR's filings and inline-XBRL reports have tagged figures)."""
    annual = filing.form in queries.US_ANNUAL_FORMS
    found = read_statement_figures(pages, filing.fiscal_year) if annual and pages else []
    wanted = [
        {
            "metric_key": f.metric_key,
            "name": f.name,
            "fiscal_year": f.fiscal_year,
            "value": format(f.value, "f"),
            "currency": f.currency,
            "page_id": f.page_id,
            "page_number": f.page_number,
        }
        for f in found
    ]
    return queries.replace_statement_figures(conn, filing.id, filing.company_pk, wanted)


def _store_segment_tables(
    conn: Connection, filing: Row[Any], lines: list[DocumentLine], context: DocumentContext
) -> bool:
    """Store the revenue by product line and by segment a filing's tables print for its fiscal
    year (`read_segment_tables`), where its pages are read: of each axis, the table with the
    most lines (the first of equals)."""
    found = segment_tables_of(lines, context)
    best: dict[str, SegmentTable] = {}
    for table in found:
        if table.axis not in best or len(table.lines) > len(best[table.axis].lines):
            best[table.axis] = table
    wanted = [
        {
            "filing_pk": filing.id,
            "fiscal_year": table.period.year,
            "axis": table.axis,
            "source": REPORT_TABLE,
            # the table prints the year, not its days (a fiscal year ending on a Saturday)
            "period_start": None,
            "period_end": None,
            "page_id": table.page_id,
            "total": format(table.total, "f"),
            "adds_up": True,  # a table is read only when its lines add up to its printed total
            "lines": [
                {
                    "name": line.name,
                    "member": None,
                    "revenue": format(line.value, "f"),
                    "part_of": line.part_of,
                }
                for line in table.lines
            ],
            "currency": table.currency,
            "title": table.title,
        }
        for table in sorted(best.values(), key=lambda t: t.axis)
    ]
    return queries.replace_filing_segments(conn, filing.id, filing.company_pk, REPORT_TABLE, wanted)


def _store_report_tables(
    conn: Connection, filing: Row[Any], lines: list[DocumentLine], context: DocumentContext
) -> bool:
    """Store a filing's report tables of revenue by place, one record per period: amounts first;
    a table of shares of a period already read is left out, but the largest places a partial
    table of shares lists ("Top 5 countries in sales") join that period's amounts as "of which"
    lines."""
    found = geography_tables_of(lines, context)
    wanted: list[dict[str, Any]] = []
    by_period: dict[tuple[Any, ...], dict[str, Any]] = {}
    for table in sorted(found, key=lambda t: t.basis != "amounts"):  # amounts first
        key = (
            table.period.year,
            table.period.kind,
            table.period.first_month,
            table.period.last_month,
        )
        kept = by_period.get(key)
        if kept is not None:
            if table.partial and kept["basis"] == "amounts":
                _add_largest_places(conn, filing, kept, table)
            continue
        if table.partial:
            continue  # a few places' shares are no breakdown of the period on their own
        record = _table_record(conn, filing, table)
        if record is not None:
            by_period[key] = record
            wanted.append(record)
    for position, record in enumerate(wanted):
        record["position"] = position
    return queries.replace_geography(
        conn, filing.company_pk, wanted, filing_pk=filing.id, sources=[REPORT_TABLE]
    )


def _add_largest_places(
    conn: Connection, filing: Row[Any], record: dict[str, Any], table: GeoTable
) -> None:
    """Add the places of a partial table of shares to the same period's amounts as "of which"
    lines: each its share of the amounts' printed total (else the period's revenue), part of
    the lines the amounts add up from, the record's `share_base` saying which. A place the
    amounts already list is not repeated."""
    printed = record["printed_total"]
    found = (Decimal(printed), record["page_id"]) if printed else None
    found = found or _period_revenue(conn, filing, table)
    if found is None:
        return
    base = found[0]
    record["share_base"], record["share_base_source"] = _text(base), found[1]
    listed = record["lines"]
    # the place is in one of the lines the total adds up from, which one the table does not say
    parents = "; ".join(
        line["name"]
        for line in listed
        if not line["included_in"] and not ADJUSTMENT.search(line["name"])
    )
    known = {(line["iso_alpha2"] or line["name"]).casefold() for line in listed}
    for line in table.lines:
        place = line.place
        if (place.iso_alpha2 or place.name).casefold() in known:
            continue
        revenue = base * line.value / 100
        listed.append(
            _line(
                len(listed),
                _list_of(place.kind),
                place.name,
                place.iso_alpha2,
                place.entity_type,
                revenue,
                line.value,
                parents,
                line.page_id,
            )
        )


def _list_of(kind: str) -> str:
    """The list of an answer a place's line goes to."""
    return {"country": "countries", "region": "regions"}.get(kind, "other")


def _period_revenue(
    conn: Connection, filing: Row[Any], table: GeoTable
) -> tuple[Decimal, str | None] | None:
    """The revenue stored for exactly the table's period, the filing's own first."""
    prefix = f"{filing.docid}_" if filing.docid else None
    return queries.period_revenue(
        conn, filing.company_pk, table.period.start, table.period.end, prefix
    )


def _table_record(conn: Connection, filing: Row[Any], table: GeoTable) -> dict[str, Any] | None:
    base: tuple[Decimal, str | None] | None = None
    if table.basis == "shares_of_total":
        base = _period_revenue(conn, filing, table)
        if base is None:
            return None  # shares with no printed revenue to apply them to: left out
    lines = []
    for position, line in enumerate(table.lines):
        listed = _list_of(line.place.kind)
        share = line.value if base else None
        revenue = base[0] * line.value / 100 if base else line.value
        lines.append(
            _line(
                position,
                listed,
                line.place.name,
                line.place.iso_alpha2,
                line.place.entity_type,
                revenue,
                share,
                line.included_in,
                line.page_id,
            )
        )
    return {
        "filing_pk": filing.id,
        "source": REPORT_TABLE,
        "position": 0,
        "fiscal_year": table.period.year,
        "period_kind": table.period.kind,
        "period_start": table.period.start,
        "period_end": table.period.end,
        "period_label": table.period.label,
        "title": table.title or None,
        "page_id": table.page_id,
        "page_number": table.page_number,
        "currency": table.currency or filing.currency,
        "basis": table.basis,
        "share_base": _text(base[0]) if base else None,
        "share_base_source": base[1] if base else None,
        "printed_total": _text(table.total),
        "adds_up": table.adds_up(),
        "lines": lines,
    }


def _store_tagged(conn: Connection, filing: Row[Any]) -> bool:
    years = tagged_geography(conn, filing.id, revenue_concepts())
    totals = queries.annual_revenues(conn, filing.company_pk) if years else {}
    wanted = []
    for position, (year, geography) in enumerate(sorted(years.items(), reverse=True)):
        page_id = filing.docid or filing.accession_number
        for entry in _all(geography):
            entry.page_id = page_id
        record = _dimensional_record(
            year, geography, {page_id: filing.id}, totals.get(year), position
        )
        if record is not None:
            wanted.append({**record, "source": ESEF})
    return queries.replace_geography(
        conn, filing.company_pk, wanted, filing_pk=filing.id, sources=[ESEF]
    )
