"""Revenue by product line and by segment (the profile's products section), as a 10-K tags it:
read once at ingestion (companies/extraction.py) and stored (`revenue_segments`).

A fiscal year's lines on an axis (`srt:ProductOrServiceAxis`: products;
`us-gaap:StatementBusinessSegmentsAxis`: segments, unless every segment is a place, which is
revenue geography's) are the revenue facts (the `revenue` metric's concepts) of the year's
duration with that one dimension (or with it and the operating segments of
`srt:ConsolidationItemsAxis`, as segment notes tag it since ASU 2023-07, where no fact has it
alone), from the newest annual filing that tags the year, in the order the filing tags them. A
filing may tag groups and their parts on one axis (Apple's Products over iPhone, Mac, iPad and
Wearables; NVIDIA's Data Center over Compute and Networking; Tesla's automotive revenues over
sales, regulatory credits and leasing):
- the lines are the largest set of members that adds up to the year's revenue (within the
  values' rounding), and a member equal to the sum of exactly one set of those lines is their
  group, shown with its parts `part_of` it; a group overlapping one already taken (Tesla's "sales
  and services") is left out;
- where no set adds up, the members are the lines and `adds_up` says no, unless one member is the
  sum of others: then which are groups cannot be told and the axis is left out, as it is beyond
  `_MOST_MEMBERS` members or without the year's revenue.

Names are the members' words as the filing prints them (`aapl:IPhoneMember`: iPhone;
`ko:A.PacificMember`: Asia Pacific), else the member's words.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

from filings.companies.revenue_geography import (
    ANNUAL_DAYS,
    CONSOLIDATION_AXIS,
    SEGMENTS_TOTAL,
    us_member_name,
    us_member_place,
)
from filings.core.numbers import rounding_unit
from filings.core.periods import fiscal_year_of

AXES = {
    "srt:ProductOrServiceAxis": "products",
    "us-gaap:StatementBusinessSegmentsAxis": "segments",
}
# A segment's figure as its segment reports it, before eliminations (ASU 2023-07's segment
# notes tag NVIDIA's Compute & Networking revenue so): the segment's figure where no fact has the
# segment axis alone
_SEGMENTS_OWN = (CONSOLIDATION_AXIS, SEGMENTS_TOTAL)
_MOST_MEMBERS = 14  # members of one axis searched for the set that adds up (2**14 sums)
# Standard members whose words say little ("Reportable Segment Aggregation Before Other ...")
_STANDARD_NAMES = {
    "us-gaap:ReportableSegmentAggregationBeforeOtherOperatingSegmentMember": "Reportable segments",
    "us-gaap:AllOtherSegmentsMember": "All other segments",
    "us-gaap:CorporateNonSegmentMember": "Corporate",
    "us-gaap:ProductMember": "Products",
    "us-gaap:ServiceMember": "Services",
}
_SEPARATOR = r"[\s,&/\u2013-]*"  # spaces, commas, ampersands, slashes, dashes
_PUNCTUATED = r"['\u2019.]?"  # an apostrophe (straight or curly) or a point


def read_segments(
    facts: list[Any],
    labels: dict[date, int],
    totals: dict[int, Decimal],
    text_of: Callable[[str], str],
) -> list[dict[str, Any]]:
    """Each (fiscal year, axis) of the company's annual revenue facts as a record to store:
    `facts` as `queries.annual_dimensional_revenue` gives them (newest filing first), `labels`
    the fiscal years by year end, `totals` the years' revenue, `text_of` an accession's text
    (where the members' names are printed)."""
    found: dict[tuple[int, str], dict[str, Any]] = {}
    # each filing's facts with one dimension before those said of the operating segments too,
    # the filings still newest first
    filing_order = {a: n for n, a in enumerate(dict.fromkeys(f.accession_number for f in facts))}
    for fact in sorted(facts, key=lambda f: (filing_order[f.accession_number], len(f.dimensions))):
        dimensions = [d for d in fact.dimensions if tuple(d) != _SEGMENTS_OWN]
        if len(dimensions) != 1 or dimensions[0][0] not in AXES:
            continue
        if (fact.period_end - fact.period_start).days + 1 not in ANNUAL_DAYS:
            continue
        axis, member = dimensions[0]
        year = labels.get(fact.period_end, fiscal_year_of(fact.period_end))
        held = found.setdefault(
            (year, AXES[axis]),
            {
                "accession": fact.accession_number,
                "start": fact.period_start,
                "end": fact.period_end,
                "concepts": defaultdict(dict),
            },
        )
        if held["accession"] == fact.accession_number:  # newest filing first
            held["concepts"][fact.concept].setdefault(member, _tagged(fact))
    records = []
    for (year, axis), held in sorted(found.items(), key=lambda kv: (-kv[0][0], kv[0][1])):
        arranged = _best(list(held["concepts"].values()), totals.get(year))
        if arranged is None:
            continue
        lines, adds_up = arranged
        if axis == "segments" and all(us_member_place(member) for member, _, _ in lines):
            continue  # geographic segments: revenue geography's
        printed = text_of(held["accession"])
        names = {member: printed_name(member, printed) for member, _, _ in lines}
        records.append(
            {
                "fiscal_year": year,
                "axis": axis,
                "source": "xbrl_dimensions",
                "period_start": held["start"],
                "period_end": held["end"],
                "page_id": held["accession"],
                "total": _text(totals.get(year)),
                "adds_up": adds_up,
                "lines": [
                    {
                        "name": names[member],
                        "member": member,
                        "revenue": _text(value),
                        "part_of": names[group] if group else None,
                    }
                    for member, value, group in lines
                ],
                "currency": None,  # the company's reporting currency: tagged facts carry no other
                "title": None,
            }
        )
    return records


Line = tuple[str, Decimal, str | None]  # member, value, the group it is part of
Tagged = tuple[Decimal, Decimal]  # a value and the unit it is rounded to


def _tagged(fact: Any) -> Tagged:
    """A fact's value and its rounding: the unit its `decimals` give (-6: millions), else the
    unit of its last significant digit."""
    value = Decimal(fact.value)
    if fact.decimals and fact.decimals.lstrip("-").isdigit():
        return value, Decimal(1).scaleb(-int(fact.decimals))
    return value, rounding_unit(value)


def _best(
    concepts: list[dict[str, Tagged]], total: Decimal | None
) -> tuple[list[Line], bool] | None:
    """The lines of the concept whose members add up to the year's revenue, else of the first
    that can be told apart."""
    arranged = [a for a in (_arrange(members, total) for members in concepts) if a is not None]
    adding = [a for a in arranged if a[1]]
    chosen = adding or arranged
    return chosen[0] if chosen else None


def _arrange(members: dict[str, Tagged], total: Decimal | None) -> tuple[list[Line], bool] | None:
    """One concept's members as lines (see the module's docstring), whether they add up (within
    half the coarsest rounding per value summed); None where groups cannot be told from parts."""
    names, values = list(members), [value for value, _ in members.values()]
    if total is None or len(values) > _MOST_MEMBERS or not values:
        return None
    unit = max(unit for _, unit in members.values())
    sums = _subset_sums(values)

    def close(value: Decimal, count: int) -> bool:
        return abs(value) <= unit * (count + 1) / 2

    adding = [
        mask for mask, summed in enumerate(sums) if mask and close(summed - total, _size(mask))
    ]
    if not adding:
        has_groups = any(
            close(sums[mask] - value, _size(mask))
            for index, value in enumerate(values)
            for mask in range(1, len(sums))
            if not mask >> index & 1 and _size(mask) >= 2
        )
        return (
            None
            if has_groups
            else ([(n, v, None) for n, v in zip(names, values, strict=True)], False)
        )
    most = max(_size(mask) for mask in adding)
    finest = [mask for mask in adding if _size(mask) == most]
    if len(finest) > 1:
        return None  # two sets of lines add up alike: which are groups cannot be told
    lines = finest[0]
    candidates = {
        i: within
        for i in range(len(values))
        if not lines >> i & 1 and (within := _only_parts(i, lines, sums, values, close))
    }
    parts: dict[int, int] = {}  # a group's index -> the mask of its parts, fewest parts first
    for index, within in sorted(candidates.items(), key=lambda kv: _size(kv[1])):
        if not any(within & taken for taken in parts.values()):
            parts[index] = within
    group_of = {part: g for g, mask in parts.items() for part in _members(mask)}
    order: list[int] = []  # the tagged order, each group just before its first part
    for i in range(len(values)):
        if i in group_of and group_of[i] not in order:
            order.append(group_of[i])
        if (lines >> i & 1 or i in parts) and i not in order:
            order.append(i)
    part_of = {i: names[g] for i, g in group_of.items()}
    return [(names[i], values[i], part_of.get(i)) for i in order], True


def _only_parts(
    index: int, lines: int, sums: list[Decimal], values: list[Decimal], close: Any
) -> int | None:
    """The one set of two or more lines a member is the sum of, else None."""
    found = [
        mask
        for mask in range(1, len(sums))
        if mask & lines == mask and _size(mask) >= 2 and close(sums[mask] - values[index], 1)
    ]
    return found[0] if len(found) == 1 else None


def _subset_sums(values: list[Decimal]) -> list[Decimal]:
    """The sum of every subset of `values`, by the bit mask of its members."""
    sums = [Decimal(0)] * (1 << len(values))
    for mask in range(1, len(sums)):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    return sums


def _size(mask: int) -> int:
    return bin(mask).count("1")


def _members(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _text(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def printed_name(member: str, text: str) -> str:
    """A member's name as the filing prints it most often with a capital (`aapl:IPhoneMember`:
    iPhone), else its words."""
    words = _STANDARD_NAMES.get(member) or us_member_name(member)
    tokens = re.findall(r"[A-Za-z0-9]+\.?", words)
    if not tokens:
        return words
    # an abbreviated word ("A.Pacific") stands for any word it opens; a word may be printed
    # with an apostrophe or points ("Sams Club US": Sam's Club U.S.); a final plural is optional
    pattern = _SEPARATOR.join(_printed_token(t) for t in tokens)
    printed = [
        " ".join(m.group(0).split())
        for m in re.finditer(rf"(?<![\w-]){pattern}\.?s?(?![\w-])", text, re.IGNORECASE)
    ]
    # as a sentence or a table's row prints it: with a capital, never in capitals throughout
    # (a heading's "PRODUCTS")
    found = Counter(p for p in printed if any(c.isupper() for c in p) and not p.isupper())
    return found.most_common(1)[0][0] if found else words


def _printed_token(token: str) -> str:
    """A member's word as a filing may print it: an abbreviation opens any word, "And" may be
    printed "&" ("Compute & Networking"), a word may carry an apostrophe or points."""
    if token.endswith("."):
        return re.escape(token[:-1]) + r"\w*\.?"
    if token.lower() == "and":
        return "(?:and|&)"
    return _PUNCTUATED.join(map(re.escape, token))
