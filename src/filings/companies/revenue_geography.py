"""Revenue by geography (4.7): US from the 10-K's dimensional inline-XBRL facts, Nordic from the
report notes that print net sales by geographic market.

US: revenue facts (the `revenue` metric's concepts) for a fiscal year's duration on
`srt:StatementGeographicalAxis`, or another axis all of whose members are places (Apple's
geographic segments; Tesla's business segments are not), alone or beside an axis that says which
part of the company the value covers (the operating segments' total, one business segment: see
`_scope`). The axis with countries fills `countries` (and its regions and catch-alls `regions`
and `other`); another geographic axis fills `regions`, so nothing is counted twice in
`total_revenue_mappable`, the sum of `countries`. Per year the newest filing wins, and the year is
the company's own label. Every row cites the accession.

Nordic: a page line such as "Net sales by geographic market" (or Swedish, Finnish), then one row
per place until the total, the first value column being the year the header names (or the
report's fiscal year); amounts scaled by the unit printed above ("SEK million", "MSEK").
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, select

from filings.companies.geography import Place, classify, classify_member, member_label
from filings.companies.schemas import GeoEntry, RevenueGeography
from filings.core.concepts import GEOGRAPHIC_AXIS
from filings.core.periods import fiscal_year_of
from filings.db.tables import companies, filings, metric_values, pages, xbrl_facts

ANNUAL_DAYS = range(350, 381)
US_ANNUAL_FORMS = ("10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A")
_HEADING = re.compile(
    r"^(net sales|sales|revenue|revenues|nettoomsättning|omsättning|intäkter|liikevaihto)\b.{0,20}"
    r"\b(by|per|fördelad på|fördelat på)?\s*(geographic(al)?|geografisk[a]?|maantieteellis|"
    r"markkina-alue|region|market)",
    re.IGNORECASE,
)
_TOTAL = re.compile(r"^(total|totalt|summa|yhteensä|group total)\b", re.IGNORECASE)
_ROW = re.compile(r"^(?P<name>[^\d\-–(]+?)\s+(?P<values>-?[\d][\d  ,.]*(?:\s+-?[\d][\d  ,.]*)*)$")
# Amounts with spaces between thousands (Swedish style: 44 485) or with commas (2,046).
_SPACED_VALUE = re.compile(r"-?\d{1,3}(?:[  ]\d{3})+(?!\d)|-?\d+(?:[.,]\d+)*")
_COMMA_VALUE = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?")
_COMMA_THOUSANDS = re.compile(r"\d,\d{3}(?!\d)")
_YEARS = re.compile(r"\b(19|20)\d{2}\b")
_UNIT = re.compile(
    r"\b(SEK|EUR|NOK|DKK|USD)\s*(million|m|bn|billion|thousand|k)\b|\bM(SEK|EUR|NOK|DKK|USD)\b|"
    r"\b(T|K)(SEK|EUR)\b",
    re.IGNORECASE,
)
_SCALES = {"million": 6, "m": 6, "bn": 9, "billion": 9, "thousand": 3, "k": 3}


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


def _us_facts(conn: Connection, company_pk: int, concepts: list[str]) -> list[Any]:
    """The company's annual-report revenue facts with a dimension, newest filing first."""
    return list(
        conn.execute(
            select(
                xbrl_facts.c.concept,
                xbrl_facts.c.period_start,
                xbrl_facts.c.period_end,
                xbrl_facts.c.value,
                xbrl_facts.c.dimensions,
                filings.c.accession_number,
                filings.c.filed_date,
            )
            .join(filings, filings.c.id == xbrl_facts.c.filing_pk)
            .where(
                filings.c.company_pk == company_pk,
                filings.c.form.in_(US_ANNUAL_FORMS),
                xbrl_facts.c.concept.in_(concepts),
                xbrl_facts.c.period_start.is_not(None),
            )
            .order_by(filings.c.filed_date.desc(), filings.c.accession_number.desc())
        )
    )


def _fiscal_years(conn: Connection, company_pk: int) -> dict[date, int]:
    """The company's fiscal-year labels by year end, as its figures carry them (a filer's own
    labels: The Home Depot's year ended 2 February 2025 is fiscal 2024)."""
    rows = conn.execute(
        select(metric_values.c.period_end, metric_values.c.fiscal_year)
        .where(
            metric_values.c.company_pk == company_pk,
            metric_values.c.period_kind == "annual",
            metric_values.c.metric_key == "revenue",
        )
        .distinct()
    )
    return {end: year for end, year in rows}


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
    conn: Connection, company_pk: int, concepts: list[str]
) -> dict[int, YearGeography]:
    """Each fiscal year's geography from the 10-Ks' dimensional revenue facts: a place's
    company-wide value, else its operating segments' total, else the sum over the business
    segments that state it."""
    by_axis: dict[tuple[int, str], dict[str, tuple[Decimal, str]]] = defaultdict(dict)
    for (year, axis, member), scopes in _found(
        _us_facts(conn, company_pk, concepts), _fiscal_years(conn, company_pk)
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


# --- Nordic -------------------------------------------------------------------------------------


def _unit(lines: list[str]) -> tuple[int, str | None]:
    """(power of ten, currency) of the amounts, from the nearest unit printed above the table."""
    for line in reversed(lines):
        match = _UNIT.search(line)
        if match:
            if match.group(3):
                return 6, match.group(3).upper()
            if match.group(5):
                return 3, match.group(5).upper()
            return _SCALES[match.group(2).lower()], match.group(1).upper()
    return 0, None


def _amount(text: str, scale: int, comma_thousands: bool) -> Decimal:
    compact = "".join(text.split()).replace("\u202f", "")
    compact = compact.replace(",", "") if comma_thousands else compact.replace(",", ".")
    return Decimal(compact).scaleb(scale)


def parse_geography_table(
    lines: list[str], start: int, context: list[str], default_year: int
) -> tuple[dict[int, list[tuple[Place, Decimal]]], str | None]:
    """The rows after a heading at `start`: {year: [(place, amount)]}, and the currency printed
    with the unit. The years come from the nearest header line with years above."""
    scale, currency = _unit(context + lines[:start])
    years = [
        int(m.group())
        for m in _YEARS.finditer(
            next(
                (
                    line
                    for line in reversed(context + lines[:start])
                    if len(_YEARS.findall(line)) >= 2
                ),
                "",
            )
        )
    ]
    found: dict[int, list[tuple[Place, Decimal]]] = defaultdict(list)
    comma_thousands = bool(_COMMA_THOUSANDS.search("\n".join(lines[start + 1 : start + 30])))
    for line in lines[start + 1 :]:
        text = " ".join(line.split())
        if _TOTAL.match(text):
            break
        row = _ROW.match(text)
        place = classify(row.group("name")) if row else None
        if row is None or place is None:
            if found:
                break  # the table ended without a total line
            continue
        # A table that writes 2,046 separates its columns with spaces: "101 110" is two values.
        pattern = _COMMA_VALUE if comma_thousands else _SPACED_VALUE
        values = pattern.findall(row.group("values"))
        labels = years or [default_year]
        for year, value in zip(labels, values, strict=False):
            found[year].append((place, _amount(value, scale, comma_thousands)))
    return found, currency


def nordic_geography(conn: Connection, company_pk: int) -> dict[int, YearGeography]:
    """Each fiscal year's geography from the company's reports; the newest document wins."""
    rows = conn.execute(
        select(pages.c.page_id, pages.c.page_number, pages.c.text, filings.c.fiscal_year)
        .join(filings, filings.c.id == pages.c.filing_pk)
        .where(filings.c.company_pk == company_pk, filings.c.market == "nordic")
        .order_by(filings.c.fiscal_year.desc(), filings.c.published_at.desc(), pages.c.page_id)
    ).all()
    years: dict[int, YearGeography] = {}
    previous: list[str] = []
    carried: str | None = None  # a heading that ended the page before, its table on this one
    for row in rows:
        lines = [line.strip() for line in row.text.splitlines() if line.strip()]
        if carried is not None:
            lines = [carried, *lines]
        carried = None
        for index, line in enumerate(lines):
            if not _HEADING.match(line):
                continue
            found, currency = parse_geography_table(lines, index, previous, row.fiscal_year or 0)
            if not found and index >= len(lines) - 3:
                carried = line
            for year, entries in found.items():
                if year in years or not any(p.kind == "country" for p, _ in entries):
                    continue
                geography = years[year] = YearGeography(currency=currency)
                for place, amount in entries:
                    geography.add(place, amount, row.page_id)
        previous = lines[-40:]
    return years


# --- the answer ----------------------------------------------------------------------------------


def total_revenue(conn: Connection, company_pk: int, year: int) -> Decimal | None:
    """The year's revenue figure, as the financials report it."""
    value = conn.execute(
        select(metric_values.c.value).where(
            metric_values.c.company_pk == company_pk,
            metric_values.c.metric_key == "revenue",
            metric_values.c.period_kind == "annual",
            metric_values.c.fiscal_year == year,
        )
    ).scalar()
    return Decimal(value) if value is not None else None


def geography_answer(
    conn: Connection, company: Any, year: int, geography: YearGeography
) -> RevenueGeography:
    """The 2.7 response for one year."""
    currency = (
        conn.execute(select(companies.c.currency).where(companies.c.id == company.pk)).scalar()
        or geography.currency
    )
    mappable = sum((c.revenue or Decimal(0) for c in geography.countries), Decimal(0))
    return RevenueGeography(
        company_name=company.company_name,
        company_id=company.company_id,
        market=company.market,
        year=year,
        currency=currency,
        unit=currency,
        total_revenue=total_revenue(conn, company.pk, year),
        total_revenue_mappable=mappable if geography.countries else None,
        countries=geography.countries,
        regions=geography.regions,
        other=geography.other,
    )
