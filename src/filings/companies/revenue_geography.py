"""Revenue by geography (4.7): what ingestion stored, chosen and answered at request time.

Sources, each read once at ingestion (companies/extraction.py) and stored as breakdowns with their
lines (`revenue_geography_tables`, `revenue_geography_lines`):
- **Dimensional XBRL facts** (`us_geography`, below): revenue facts (the `revenue` metric's
  concepts) for a fiscal year's duration on `srt:StatementGeographicalAxis`, or another axis all
  of whose members are places (Apple's geographic segments; Tesla's business segments are not),
  alone or beside an axis that says which part of the company the value covers (the operating
  segments' total, one business segment: see `_scope`). The axis with countries fills
  `countries` (and its regions and catch-alls `regions` and `other`); another geographic axis
  fills `regions`, so nothing is counted twice in `total_revenue_mappable`, the sum of
  `countries`. Per year the newest filing wins, and the year is the company's own label. Every
  row cites the accession.
- **Tagged reports of any other kind** (ESEF, `tagged_geography`): the same reading, per filing.
- **Report tables** (companies/geography_tables.py): every table of countries, market areas or
  regions a report prints, amounts or shares of a printed total turned into amounts.

The answer takes, for the year asked (default: the newest), the breakdown covering most of the
year (a year, else the longest year to date, else the latest quarter), amounts before shares,
the newest document first, and says which period it covers and whether its lines add up.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection

from filings.companies import queries
from filings.companies.geography import Place, classify_member, member_label
from filings.companies.schemas import GeoEntry, GeoPeriod, RevenueGeography
from filings.core.concepts import GEOGRAPHIC_AXIS
from filings.core.periods import fiscal_year_of

ANNUAL_DAYS = range(350, 381)


@dataclass
class YearGeography:
    """One fiscal year's rows, as found."""

    countries: list[GeoEntry] = field(default_factory=list)
    regions: list[GeoEntry] = field(default_factory=list)
    other: list[GeoEntry] = field(default_factory=list)
    currency: str | None = None  # as printed with the table, where it is

    def add(self, place: Place, revenue: Decimal, page_id: str, as_region: bool = False) -> None:
        """File a row under countries, regions or other."""
        entry = GeoEntry(
            name=place.name,
            iso_alpha2=place.iso_alpha2,
            entity_type=place.entity_type,
            revenue=revenue,
            page_id=page_id,
        )
        if as_region or place.kind == "region":
            self.regions.append(entry)
        elif place.kind == "country":
            self.countries.append(entry)
        else:
            self.other.append(entry)


# --- US -----------------------------------------------------------------------------------------

# Axes a geographic fact may carry besides its place, and what the value then covers: nothing
# else (the company), the operating segments' total (`srt:ConsolidationItemsAxis` =
# OperatingSegmentsMember: Johnson & Johnson's Europe, Western Hemisphere, Asia-Pacific), or one
# business segment (Walmart's Canada, China and Mexico inside Walmart International), whose
# values for a place are summed over the segments. Any other axis (products, sub-segments,
# eliminations) makes a part of a place's revenue, never its whole, and is passed over.
CONSOLIDATION_AXIS = "srt:ConsolidationItemsAxis"
SEGMENTS_TOTAL = "us-gaap:OperatingSegmentsMember"
BUSINESS_SEGMENTS_AXIS = "us-gaap:StatementBusinessSegmentsAxis"
COMPANY, SEGMENTS, BY_SEGMENT = 0, 1, 2  # scopes, the first available wins
_LOWER_JOIN = re.compile(r"(?<=[a-z])(and|of|including|excluding)(?=[A-Z])")


def _capitalized_joins(member: str) -> str:
    """`wmt:MexicoandCentralAmericaMember` -> `wmt:MexicoAndCentralAmericaMember`, so that its
    words split."""
    return _LOWER_JOIN.sub(lambda m: m.group(1).capitalize(), member)


def us_member_place(member: str) -> Place | None:
    """What a member of a geographic axis stands for, its name read with its lower-case joins
    (`wmt:MexicoandCentralAmericaMember`: Mexico and Central America)."""
    return classify_member(member) or classify_member(_capitalized_joins(member))


def us_member_name(member: str) -> str:
    """A member's name as words, for a place the vocabulary does not know."""
    return member_label(_capitalized_joins(member))


def _scope(others: dict[str, str]) -> tuple[int, str] | None:
    """What a geographic fact covers, from its other axes (see above); None for a part."""
    total = others.get(CONSOLIDATION_AXIS) == SEGMENTS_TOTAL
    rest = {a: m for a, m in others.items() if a != CONSOLIDATION_AXIS or not total}
    if not rest:
        return (SEGMENTS if total else COMPANY), ""
    if set(rest) == {BUSINESS_SEGMENTS_AXIS}:
        return BY_SEGMENT, rest[BUSINESS_SEGMENTS_AXIS]
    return None


def _geographic(facts: list[Any]) -> set[str]:
    """The axes of places: `srt:StatementGeographicalAxis`, and any other all of whose members
    are places (Apple's geographic segments; never Tesla's business segments)."""
    members: dict[str, set[str]] = defaultdict(set)
    for fact in facts:
        for axis, member in fact.dimensions:
            members[axis].add(member)
    return {
        axis
        for axis, held in members.items()
        if axis == GEOGRAPHIC_AXIS
        or (axis != CONSOLIDATION_AXIS and all(us_member_place(m) for m in held))
    }


Found = dict[tuple[int, str, str], dict[int, tuple[str, dict[str, Decimal]]]]


def _found(facts: list[Any], labels: dict[date, int]) -> Found:
    """(year, axis, member) -> scope -> (accession, values by segment): the newest filing's."""
    axes = _geographic(facts)
    found: Found = defaultdict(dict)
    for fact in facts:
        if (fact.period_end - fact.period_start).days + 1 not in ANNUAL_DAYS:
            continue
        dimensions = dict(fact.dimensions)
        places = [a for a in dimensions if a in axes]
        if len(places) != 1 or len(dimensions) != len(fact.dimensions):
            continue
        axis = places[0]
        scope = _scope({a: m for a, m in dimensions.items() if a != axis})
        if scope is None:
            continue
        year = labels.get(fact.period_end, fiscal_year_of(fact.period_end))
        held = found[(year, axis, dimensions[axis])]
        accession, values = held.setdefault(scope[0], (fact.accession_number, {}))
        if accession == fact.accession_number:  # newest filing first: later ones are older
            values.setdefault(scope[1], Decimal(fact.value))
    return found


def us_geography(
    conn: Connection, company_pk: int, concepts: list[str], facts: list[Any] | None = None
) -> dict[int, YearGeography]:
    """Each fiscal year's geography from the 10-Ks' dimensional revenue facts (`facts`, where
    the caller has read them already): a place's company-wide value, else its operating
    segments' total, else the sum over the business segments that state it."""
    by_axis: dict[tuple[int, str], dict[str, tuple[Decimal, str]]] = defaultdict(dict)
    if facts is None:
        facts = queries.annual_dimensional_revenue(conn, company_pk, concepts)
    for (year, axis, member), scopes in _found(
        facts,
        queries.fiscal_years_by_end(conn, company_pk),
    ).items():
        accession, values = scopes[min(scopes)]
        by_axis[(year, axis)][member] = (sum(values.values(), Decimal(0)), accession)
    years: dict[int, YearGeography] = {}
    for (year, _axis), members in sorted(
        by_axis.items(), key=lambda kv: (kv[0][1] != GEOGRAPHIC_AXIS, kv[0][1])
    ):
        places = {member: us_member_place(member) for member in members}
        geography = years.setdefault(year, YearGeography())
        country_axis = not geography.countries and any(
            p is not None and p.kind == "country" for p in places.values()
        )
        for member, (revenue, accession) in members.items():
            place = places[member] or Place("region", us_member_name(member))
            geography.add(place, revenue, accession, as_region=not country_axis)
    return {y: g for y, g in years.items() if g.countries or g.regions or g.other}


# --- other tagged reports (ESEF) ---------------------------------------------------------------

# Axes of revenue by place in tagged reports: the SEC's and the IFRS taxonomy's.
GEOGRAPHIC_AXES = (GEOGRAPHIC_AXIS, "ifrs-full:GeographicalAreasAxis")


def tagged_geography(
    conn: Connection, filing_pk: int, concepts: list[str]
) -> dict[int, YearGeography]:
    """Each fiscal year's geography from one tagged report's facts (an ESEF annual report once
    its facts are stored in `xbrl_facts`): a year's revenue facts with one dimension, on a
    geographic axis or an axis whose members are all places. The hook ESEF ingestion fills:
    store the report's facts, then run the filing's extraction (companies/extraction.py)."""
    by_axis: dict[tuple[int, str], dict[str, Decimal]] = defaultdict(dict)
    for fact in queries.tagged_revenue_facts(conn, filing_pk, concepts):
        if (fact.period_end - fact.period_start).days + 1 not in ANNUAL_DAYS:
            continue
        axis, member = fact.dimensions[0]
        by_axis[(fiscal_year_of(fact.period_end), axis)].setdefault(member, Decimal(fact.value))
    years: dict[int, YearGeography] = {}
    for (year, axis), members in sorted(
        by_axis.items(), key=lambda kv: kv[0][1] not in GEOGRAPHIC_AXES
    ):
        places = {member: classify_member(member) for member in members}
        if axis not in GEOGRAPHIC_AXES and not all(places.values()):
            continue
        geography = years.setdefault(year, YearGeography())
        country_axis = not geography.countries and any(
            p is not None and p.kind == "country" for p in places.values()
        )
        for member, revenue in members.items():
            geography.add(places[member] or Place("region", member), revenue, "", not country_axis)
    return {y: g for y, g in years.items() if g.countries or g.regions or g.other}


# --- the answer ----------------------------------------------------------------------------------

_KIND_RANK = {"annual": 2, "ytd": 1, "quarter": 0}


def _preference(record: dict[str, Any]) -> tuple[Any, ...]:
    """How good a stored breakdown is as a year's answer: the most of the year, amounts before
    shares, lines that add up, the newest document, then in one document the most revenue (the
    company's breakdown before one segment's: Boeing's revenues by customer location before
    "BCA revenues by customer location")."""
    start, end = record["period_start"], record["period_end"]
    span = (end - start).days if start and end else 0
    covered = sum(
        (Decimal(line["revenue"]) for line in record["lines"] if _counted(line)), Decimal(0)
    )
    return (
        _KIND_RANK.get(record["period_kind"], 0),
        span,
        record["basis"] == "amounts",
        bool(record["adds_up"]),
        record["listed_date"] or date.min,
        covered,
        -record["position"],
    )


def _counted(line: dict[str, Any]) -> bool:
    return line["revenue"] is not None and not line["included_in"]


def choose_by_year(records: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each fiscal year's best stored breakdown."""
    best: dict[int, dict[str, Any]] = {}
    for record in records:
        kept = best.get(record["fiscal_year"])
        if kept is None or _preference(record) > _preference(kept):
            best[record["fiscal_year"]] = record
    return best


def _entries(record: dict[str, Any], listed: str) -> list[GeoEntry]:
    return [
        GeoEntry(
            name=line["name"],
            iso_alpha2=line["iso_alpha2"],
            entity_type=line["entity_type"],
            revenue=Decimal(line["revenue"]) if line["revenue"] is not None else None,
            page_id=line["page_id"],
            share=Decimal(line["share"]) if line["share"] is not None else None,
            included_in=line["included_in"],
        )
        for line in record["lines"]
        if line["list"] == listed
    ]


def geography_answer(
    company: Any, record: dict[str, Any], annual_total: Decimal | None, years: list[int]
) -> RevenueGeography:
    """The 2.7 response for one stored breakdown, with what it covers and how it was read."""
    countries = _entries(record, "countries")
    summed = [c.revenue or Decimal(0) for c in countries if not c.included_in]
    mappable = sum(summed, Decimal(0)) if summed else None
    printed = Decimal(record["printed_total"]) if record["printed_total"] else None
    shares = record["basis"] == "shares_of_total"
    base = Decimal(record["share_base"]) if record["share_base"] else None
    total = (annual_total if record["period_kind"] == "annual" else None) or (
        base if shares else printed
    )
    return RevenueGeography(
        company_name=company.company_name,
        company_id=company.company_id,
        market=company.market,
        year=record["fiscal_year"],
        currency=company.currency or record["currency"],
        unit=company.currency or record["currency"],
        total_revenue=total,
        total_revenue_mappable=mappable,
        countries=countries,
        regions=_entries(record, "regions"),
        other=_entries(record, "other"),
        period=GeoPeriod(
            kind=record["period_kind"],
            label=record["period_label"],
            start=record["period_start"],
            end=record["period_end"],
        ),
        source=record["source"],
        basis=record["basis"],
        table_title=record["title"],
        table_page_id=record["page_id"],
        share_base=base,
        share_base_page_id=record["share_base_source"],
        printed_total=None if shares else printed,
        adds_up=record["adds_up"],
        years_available=years,
    )
