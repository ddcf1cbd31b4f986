"""From XBRL facts (companyfacts JSON) to metric rows: periods from start and end dates, only
periodic reports, the newest filing per period, discrete quarters and derived values."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from operator import attrgetter
from typing import Any

from filings.core.concepts import (
    INSTANT_METRICS,
    PER_SHARE_METRICS,
    PERIODIC_FORMS,
    TAXONOMIES,
    mapped_concepts,
)
from filings.core.errors import MalformedInput
from filings.core.metrics import metric_unit
from filings.core.periods import (
    ANNUAL_DAYS,
    HALF_DAYS,
    NINE_MONTH_DAYS,
    QUARTER_DAYS,
    fiscal_quarter_of,
    fiscal_year_of,
)
from filings.ingest.standardize.debt import total_debt
from filings.ingest.standardize.depreciation import METRIC as D_AND_A
from filings.ingest.standardize.depreciation import (
    composed_d_and_a,
    is_d_and_a_line,
    statement_lines,
)
from filings.ingest.standardize.derive import derive_metrics, derive_quarters
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.fiscal_years import fiscal_year_offset
from filings.ingest.standardize.rows import MetricRow
from filings.ingest.standardize.splits import detect_splits, restate_per_share
from filings.ingest.xbrl.model import XbrlFact
from filings.ingest.xbrl.placement import statement_of, statement_tables


def read_companyfacts(document: Mapping[str, Any]) -> list[Fact]:
    """The facts of a companyfacts document that periodic reports carried, for mapped concepts."""
    try:
        taxonomies = document["facts"]
    except (KeyError, TypeError) as exc:
        raise MalformedInput("companyfacts without 'facts'") from exc
    wanted = mapped_concepts()
    facts: list[Fact] = []
    for taxonomy, concepts in taxonomies.items():
        for concept, body in concepts.items():
            if concept not in wanted.get(taxonomy, ()):
                continue
            for unit, entries in body.get("units", {}).items():
                facts.extend(_facts(taxonomy, concept, body.get("label") or concept, unit, entries))
    return facts


def _facts(
    taxonomy: str, concept: str, label: str, unit: str, entries: Iterable[Any]
) -> list[Fact]:
    out = []
    for entry in entries:
        if entry.get("form") not in PERIODIC_FORMS:
            continue
        try:
            out.append(
                Fact(
                    taxonomy=taxonomy,
                    concept=concept,
                    label=label,
                    unit=unit,
                    start=date.fromisoformat(entry["start"]) if entry.get("start") else None,
                    end=date.fromisoformat(entry["end"]),
                    value=Decimal(str(entry["val"])),
                    accession=entry["accn"],
                    form=entry["form"],
                    filed=date.fromisoformat(entry["filed"]),
                    fy=entry["fy"] if isinstance(entry.get("fy"), int) else None,
                )
            )
        except (KeyError, ValueError, ArithmeticError) as exc:
            raise MalformedInput(f"bad fact of {taxonomy}:{concept}: {entry!r}") from exc
    return out


def spaced_label(concept: str) -> str:
    """`NetIncomeLoss` as `Net Income Loss`: a label for a concept companyfacts never named."""
    return "".join(f" {c}" if c.isupper() and i else c for i, c in enumerate(concept)).strip()


def _fiscal_year_focus(facts: Iterable[XbrlFact]) -> int | None:
    """The document's own fiscal-year label (`dei:DocumentFiscalYearFocus`)."""
    for fact in facts:
        if fact.name == "dei:DocumentFiscalYearFocus" and not fact.context.dimensions:
            text = str(fact.value or "").strip()
            return int(text[:4]) if text[:4].isdigit() else None
    return None


def document_facts(
    facts: Iterable[XbrlFact],
    *,
    accession: str,
    form: str,
    filed: date,
    labels: Mapping[tuple[str, str], str],
    lines: frozenset[str] = frozenset(),
) -> list[Fact]:
    """A filing document's own inline-XBRL facts as companyfacts would list them: numeric,
    without dimensions, of a mapped concept (or one of `lines`, the company's D&A lines on its
    cash-flow statement, or a D&A line this document places there), from a periodic report.
    Each keeps the statement its document places it on."""
    if form not in PERIODIC_FORMS:
        return []
    facts = list(facts)
    wanted = mapped_concepts()
    tables = statement_tables(facts)
    fy = _fiscal_year_focus(facts)
    out: dict[tuple[object, ...], Fact] = {}
    precision: dict[tuple[object, ...], tuple[float, bool]] = {}
    for fact in facts:
        taxonomy, _, concept = fact.name.partition(":")
        if fact.context.dimensions or fact.unit is None or not isinstance(fact.value, Decimal):
            continue
        statement = statement_of(fact, tables)
        if fact.context.end is None or not (
            concept in wanted.get(taxonomy, ())
            or fact.name in lines
            or (statement is not None and is_d_and_a_line(concept))
        ):
            continue
        start = None if fact.context.instant else fact.context.start
        key = (taxonomy, concept, fact.unit, start, fact.context.end)
        # A fact stated twice (NVIDIA's goodwill: "$5.2 billion" in the text, 5,188 million in
        # the balance sheet) counts at its most precise statement, as companyfacts keeps it;
        # at equal precision, where it stands on a statement.
        rank = (fact_precision(fact.decimals), statement is not None)
        if precision.get(key, (float("-inf"), False)) >= rank:
            continue
        precision[key] = rank
        out[key] = Fact(
            taxonomy=taxonomy,
            concept=concept,
            label=labels.get((taxonomy, concept)) or spaced_label(concept),
            unit=fact.unit,
            start=start,
            end=fact.context.end,
            value=fact.value,
            accession=accession,
            form=form,
            filed=filed,
            fy=fy,
            statement=statement,
        )
    return list(out.values())


def fact_precision(decimals: str | None) -> float:
    """How precise a fact is: its `decimals`, INF (or none given) most precise."""
    if decimals is None or decimals.upper() == "INF":
        return float("inf")
    try:
        return float(int(decimals))
    except ValueError:
        return float("-inf")


def _period_class(fact: Fact) -> str:
    days = fact.days
    if days is None:
        return "instant"
    for name, span in (
        ("quarter", QUARTER_DAYS),
        ("half", HALF_DAYS),
        ("nine", NINE_MONTH_DAYS),
        ("annual", ANNUAL_DAYS),
    ):
        if days in span:
            return name
    return f"{days}d"


def merge_facts(companyfacts: list[Fact], documents: list[Fact]) -> list[Fact]:
    """Both sources as one list: a fact both hold (same filing, concept, unit and period) once,
    as companyfacts has it; the newest-filing rule then applies across both. A fact whose
    period starts on another day than companyfacts' period of the same length ending on the same
    day (the Financial Statement Data Sets give no start) takes companyfacts' start."""
    starts = {(f.end, _period_class(f)): f.start for f in companyfacts if f.start is not None}
    aligned = []
    for fact in documents:
        exact = starts.get((fact.end, _period_class(fact))) if fact.start is not None else None
        aligned.append(fact if exact is None or exact == fact.start else replace(fact, start=exact))

    def key(fact: Fact) -> tuple[object, ...]:
        return (fact.taxonomy, fact.concept, fact.unit, fact.start, fact.end, fact.accession)

    placed = {key(f): f.statement for f in aligned if f.statement is not None}
    known = {key(f) for f in companyfacts}
    # companyfacts' copy of a fact a document places on a statement keeps the placement
    kept = [replace(f, statement=placed[k]) if (k := key(f)) in placed else f for f in companyfacts]
    return kept + [f for f in aligned if key(f) not in known]


def _is_money(unit: str) -> bool:
    return len(unit) == 3 and unit.isalpha() and unit.isupper()


def reporting_currency(facts: Iterable[Fact]) -> str | None:
    """The currency most of the company's money facts are in (TSMC: TWD, not its USD extras)."""
    units = Counter(map(attrgetter("unit"), facts))  # counted in C; each unit judged once
    counts = Counter({unit: n for unit, n in units.items() if _is_money(unit)})
    return counts.most_common(1)[0][0] if counts else None


def fiscal_year_end(facts: Iterable[Fact]) -> tuple[int, int] | None:
    """(month, day) on which the company's fiscal year ends, from its newest annual facts."""
    annual_ends = [f.end for f in facts if f.days in ANNUAL_DAYS]
    if not annual_ends:
        return None
    latest = max(annual_ends)
    return latest.month, latest.day


def _unit_ok(metric: str, unit: str, currency: str) -> bool:
    if metric in PER_SHARE_METRICS:
        return unit == f"{currency}/shares"
    return unit == currency


Period = tuple[date | None, date]

# Metrics whose concepts differ in breadth, not only in name: a filing states the total on its
# statement and parts of it in a note (Apple's cash-flow "depreciation and amortization" of
# 734M under one concept, a note's 606M of depreciation under another). Within one filing the
# largest of them is the statement's total: a note's line is a component of it.
# R&D likewise: `ResearchAndDevelopmentExpense` is the broader concept (acquired in-process R&D
# included), yet Johnson & Johnson tags its "charges for acquired in-process research and
# development" (1,841M in 2024) with it and the statement's "Research and development expense"
# (17,232M) with `ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost`.
STATEMENT_TOTAL_IS_LARGEST = frozenset(
    {"depreciation_and_amortization", "research_and_development"}
)


def _candidates(
    facts: list[Fact], metric: str, concepts: dict[str, int], currency: str
) -> dict[Period, dict[str, Fact]]:
    """Per period and concept, the fact of the newest filing that states it."""
    out: dict[Period, dict[str, Fact]] = defaultdict(dict)
    for fact in facts:
        if fact.concept not in concepts or not _unit_ok(metric, fact.unit, currency):
            continue
        by_concept = out[(fact.start, fact.end)]
        best = by_concept.get(fact.concept)
        if best is None or (fact.filed, fact.accession) > (best.filed, best.accession):
            by_concept[fact.concept] = fact
    return out


def _preferred(metric: str, by_concept: dict[str, Fact], concepts: dict[str, int]) -> Fact:
    """The newest filing wins; within it, the statement's total where concepts differ in
    breadth, else the earlier concept in the list."""
    newest = max((f.filed, f.accession) for f in by_concept.values())
    same_filing = [f for f in by_concept.values() if (f.filed, f.accession) == newest]
    if metric in STATEMENT_TOTAL_IS_LARGEST:
        return max(same_filing, key=lambda f: (abs(f.value), -concepts[f.concept]))
    return min(same_filing, key=lambda f: concepts[f.concept])


def _one_concept_per_year(
    chosen: dict[Period, Fact], candidates: dict[Period, dict[str, Fact]]
) -> None:
    """Within a fiscal year the year and its quarters (and year-to-date values) come from one
    concept, so that the quarters add up to the year (Apple FY2017 `dividends_paid`: the
    year's `PaymentsOfDividends` with quarters of the same concept, not of
    `PaymentsOfDividendsCommonStock`). The year's concept is the one preferred for the year. A
    quarter that concept does not state, and that cannot be derived from its year-to-date
    values, is kept from the other concept as reported; derived quarters add up to the year
    whatever the concepts of the year-to-date values they are derived from."""
    for (start, end), year in list(chosen.items()):
        if start is None or year.days not in ANNUAL_DAYS:
            continue
        inside = [
            p
            for p in candidates
            if p[0] is not None and start <= p[0] and p[1] <= end and p != (start, end)
        ]
        if not inside:
            continue
        concept = year.concept
        to_date = {p[1] for p in inside if p[0] == start and concept in candidates[p]} | {end}
        for period in inside:
            if concept in candidates[period]:
                chosen[period] = candidates[period][concept]
            elif (
                period in chosen
                and period[0] != start
                and period[1] in to_date
                and _day_before(period[0]) in to_date
            ):
                del chosen[period]  # derivable from the concept's own year-to-date values


def _day_before(start: date | None) -> date | None:
    return None if start is None else start - timedelta(days=1)


def _pick_per_period(
    facts: list[Fact], metric: str, concepts: dict[str, int], currency: str
) -> dict[Period, Fact]:
    """One fact per period: see `_preferred` and `_one_concept_per_year`."""
    candidates = _candidates(facts, metric, concepts, currency)
    chosen = {p: _preferred(metric, cs, concepts) for p, cs in candidates.items()}
    if metric not in INSTANT_METRICS and metric not in PER_SHARE_METRICS:
        _one_concept_per_year(chosen, candidates)
    return chosen


def _row(metric: str, fact: Fact, currency: str, fye: tuple[int, int]) -> MetricRow | None:
    days = fact.days
    if metric in INSTANT_METRICS:
        if days is not None:
            return None
        year, quarter = fiscal_quarter_of(fact.end, *fye)
        kind, start = "instant", None
    elif days in ANNUAL_DAYS:
        year, quarter, kind, start = fiscal_year_of(fact.end), None, "annual", fact.start
    elif days in QUARTER_DAYS:
        year, quarter = fiscal_quarter_of(fact.end, *fye)
        kind, start = "quarter", fact.start
    else:
        return None
    return MetricRow(
        metric_key=metric,
        period_kind=kind,
        period_start=start,
        period_end=fact.end,
        fiscal_year=year,
        fiscal_quarter=quarter,
        value=fact.value,
        unit=metric_unit(metric, currency),
        currency=currency,
        metric_name=fact.label,
        source=f"{fact.taxonomy}:{fact.concept} {fact.accession}",
        accession_number=fact.accession,
        filed_date=fact.filed,
    )


def _balance_dates(facts: Iterable[Fact]) -> set[date]:
    """The days a balance sheet can be drawn up on: the end of a reported period or the day
    before one starts (an opening balance). A balance dated otherwise is a note's event
    (Johnson & Johnson's commercial paper issued on 15 May 2024), not a period's balance."""
    out: set[date] = set()
    for fact in facts:
        if fact.start is not None:
            out.add(fact.end)
            out.add(fact.start - timedelta(days=1))
    return out


def standardize(
    facts: list[Fact],
    fye: tuple[int, int] | None = None,
    lines: frozenset[str] | None = None,
) -> list[MetricRow]:
    """Every metric row the facts support, derived quarters and metrics included, labelled
    with the filer's own fiscal years. `lines`: the D&A lines the company's documents place on
    its cash-flow statement (by default, those the facts' placements give)."""
    currency = reporting_currency(facts)
    fye = fye or fiscal_year_end(facts)
    if currency is None or fye is None:
        return []
    taxonomy = Counter(f.taxonomy for f in facts).most_common(1)[0][0]
    made = composed_d_and_a(facts, statement_lines(facts) if lines is None else lines)
    rows: list[MetricRow] = []
    ytd: dict[str, dict[Period, Fact]] = defaultdict(dict)
    # each metric reads only its concepts' facts, in the facts' own order (ties go to the first)
    positions: dict[str, list[int]] = defaultdict(list)
    for position, fact in enumerate(facts):
        positions[fact.concept].append(position)
    for metric, concepts in TAXONOMIES[taxonomy].items():
        held = [facts[p] for p in sorted(p for c in concepts for p in positions.get(c, ()))]
        if metric == D_AND_A:
            held += made
            concepts = concepts + tuple(dict.fromkeys(f.concept for f in made))
        order = {concept: i for i, concept in enumerate(concepts)}
        per_period = _pick_per_period(held, metric, order, currency)
        for fact in per_period.values():
            row = _row(metric, fact, currency, fye)
            if row is not None:
                rows.append(row)
            elif fact.days in HALF_DAYS or fact.days in NINE_MONTH_DAYS:
                ytd[metric][(fact.start, fact.end)] = fact
    per_share = {c for m in PER_SHARE_METRICS for c in TAXONOMIES[taxonomy].get(m, ())}
    splits = detect_splits(
        f for f in facts if f.concept in per_share and f.unit == f"{currency}/shares"
    )
    rows = [r for r in rows if r.metric_key not in PER_SHARE_METRICS] + restate_per_share(
        [r for r in rows if r.metric_key in PER_SHARE_METRICS], splits
    )
    rows = derive_quarters(rows, ytd, fye)
    rows.extend(total_debt(facts, taxonomy, currency, fye))
    dates = _balance_dates(facts)
    rows = [r for r in rows if r.period_kind != "instant" or r.period_end in dates]
    rows.extend(derive_metrics(rows, currency))
    offset = fiscal_year_offset(facts)
    return [replace(r, fiscal_year=r.fiscal_year + offset) for r in rows] if offset else rows
