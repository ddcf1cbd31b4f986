"""`total_debt` composed of the borrowing lines a balance sheet states (core/concepts.DEBT_LINES):
current and non-current debt, convertible notes, commercial paper and short-term borrowings,
each line counted once.

One concept is not enough: NVIDIA's `LongTermDebt` was 0 at the end of FY2016 because its
1,413M of convertible notes had moved to `ConvertibleDebtCurrent`; Apple's debt is its long-term
notes, current and non-current, plus about 10B of commercial paper.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from filings.core.concepts import DEBT_LINES
from filings.core.periods import fiscal_quarter_of
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.rows import MetricRow

NONCURRENT = "long-term debt, non-current"
CURRENT = "current debt"
CONVERTIBLE_NONCURRENT = "convertible debt, non-current"
CONVERTIBLE_CURRENT = "convertible debt, current"
COMMERCIAL_PAPER = "commercial paper"
SHORT_TERM = "short-term borrowings"
LONG_TERM_STAND_IN = "long-term debt"
COMBINED = "debt"
IFRS_PARTS = ("bonds, non-current", "borrowings, non-current", CURRENT, SHORT_TERM)


def _lines_at(facts: Iterable[Fact], taxonomy: str, currency: str) -> dict[date, dict[str, Fact]]:
    """Per balance-sheet date and line: the newest filing's fact, within one filing the
    earlier concept of the line."""
    lines = DEBT_LINES.get(taxonomy, ())
    where = {c: (name, j) for name, cs in lines for j, c in enumerate(cs)}
    out: dict[date, dict[str, Fact]] = defaultdict(dict)
    for fact in facts:
        if fact.start is not None or fact.taxonomy != taxonomy or fact.unit != currency:
            continue
        if (found := where.get(fact.concept)) is None:
            continue
        line, order = found
        best = out[fact.end].get(line)
        if best is None or (fact.filed, fact.accession, -order) > (
            best.filed,
            best.accession,
            -where[best.concept][1],
        ):
            out[fact.end][line] = fact
    return out


def _us_parts(found: dict[str, Fact]) -> list[Fact]:
    """The lines of a US balance sheet that add up to its debt, none counted twice:
    `LongTermDebt` stands in for the non-current line only when the issuer states no split, and
    then includes its own current maturities; a current debt line includes the current
    convertible notes, and `DebtCurrent` also commercial paper and short-term borrowings; a
    non-current convertible line is part of any long-term line."""
    long_term = found.get(NONCURRENT)
    stand_in = long_term is None and LONG_TERM_STAND_IN in found
    if stand_in:
        long_term = found[LONG_TERM_STAND_IN]
    current = found.get(CURRENT)
    if stand_in and current is not None and current.concept == "LongTermDebtCurrent":
        current = None
    parts = [p for p in (long_term, current) if p is not None]
    if long_term is None and CONVERTIBLE_NONCURRENT in found:
        parts.append(found[CONVERTIBLE_NONCURRENT])
    if current is None and CONVERTIBLE_CURRENT in found:
        parts.append(found[CONVERTIBLE_CURRENT])
    if current is None or current.concept != "DebtCurrent":
        parts += [found[k] for k in (COMMERCIAL_PAPER, SHORT_TERM) if k in found]
    if not parts and COMBINED in found:
        parts.append(found[COMBINED])
    return parts


def _ifrs_parts(found: dict[str, Fact]) -> list[Fact]:
    parts = [found[k] for k in IFRS_PARTS if k in found]
    if not parts and COMBINED in found:
        parts.append(found[COMBINED])
    return parts


def total_debt(
    facts: Iterable[Fact], taxonomy: str, currency: str, fye: tuple[int, int]
) -> list[MetricRow]:
    """A `total_debt` row for every balance-sheet date that states a borrowing line."""
    compose = _us_parts if taxonomy == "us-gaap" else _ifrs_parts
    rows: list[MetricRow] = []
    for end, found in _lines_at(facts, taxonomy, currency).items():
        parts = compose(found)
        if not parts:
            continue
        year, quarter = fiscal_quarter_of(end, *fye)
        newest = max(parts, key=lambda f: (f.filed, f.accession))
        names = {id(f): n for n, f in found.items()}
        rows.append(
            MetricRow(
                metric_key="total_debt",
                period_kind="instant",
                period_start=None,
                period_end=end,
                fiscal_year=year,
                fiscal_quarter=quarter,
                value=sum((p.value for p in parts), Decimal(0)),
                unit=currency,
                currency=currency,
                metric_name="total debt: " + " + ".join(names[id(p)] for p in parts),
                source="derived: total debt ("
                + "; ".join(f"{p.taxonomy}:{p.concept} {p.accession}" for p in parts)
                + ")",
                accession_number=newest.accession,
                derived="total_debt" if len(parts) > 1 else None,
                filed_date=newest.filed,
            )
        )
    return rows
