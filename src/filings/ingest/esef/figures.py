"""From an ESEF report's facts to the service's figures.

Which facts count (`select_facts`, at ingestion, stored with the filing):
- numeric facts without dimensions of an `ifrs-full` concept that `core/concepts.py` maps to a
  metric key, the same table TSMC's companyfacts are read with;
- an extension concept only through its anchor, and never beside a standard line: it stands in
  for the IFRS concept it is anchored to (narrower than) when the report states no fact of any
  concept of that metric, it is the only extension anchored there with values, and neither its
  name nor its labels mark it as a company's adjusted measure ("comparable operating profit",
  "operatiivinen liikevoitto", "justerat rörelseresultat");
- a fact stated more than once counts at its most precise `decimals`; stated with values that
  disagree beyond rounding, it is left out (ESMA's "inconsistent duplicate"), with a reason.

Figures (`esef_figures`, for the company's stored ESEF filings together): the US
standardization (newest filing wins per period, derived metrics), keeping the annual periods and
the balances at the fiscal year end; every version of every row as the filings became known
(restated comparatives give new versions, read by `as_of`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from filings.core.concepts import IFRS, mapped_concepts
from filings.ingest.esef.report import Report, ReportFact
from filings.ingest.esef.taxonomy import Taxonomy
from filings.ingest.esef.vocabulary import is_adjusted_measure
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import (
    fact_precision,
    fiscal_year_end,
    spaced_label,
    standardize,
)
from filings.ingest.standardize.history import Version, versions_over
from filings.ingest.standardize.rows import MetricRow

FORM = "ESEF"
TAXONOMY = "ifrs-full"
STANDARD = f"{TAXONOMY}:"


@dataclass(frozen=True)
class KeptFact:
    """A fact the figures are read from, as stored with its filing (`xbrl_facts`)."""

    concept: str  # `ifrs-full:Revenue`, or an extension as written: `lifco:NetSales`
    unit: str
    start: date | None
    end: date
    value: Decimal
    decimals: str | None
    label: str | None
    anchor: str | None = None  # `ifrs-full:Revenue`: the concept a stand-in counts as


def _metrics_of() -> dict[str, set[str]]:
    """Per IFRS concept, the metrics it is read for."""
    out: dict[str, set[str]] = defaultdict(set)
    for metric, concepts in IFRS.items():
        for concept in concepts:
            out[concept].add(metric)
    return out


def _consistent(facts: list[ReportFact]) -> bool:
    """Whether duplicates agree once rounded to the least precise of them."""
    places = min(fact_precision(f.decimals) for f in facts)
    if places == float("inf"):
        return len({f.value for f in facts}) == 1
    exponent = Decimal(1).scaleb(-int(places))
    return len({f.value.quantize(exponent, rounding=ROUND_HALF_EVEN) for f in facts}) == 1


def _deduplicated(facts: Iterable[ReportFact], notes: list[str]) -> list[ReportFact]:
    groups: dict[tuple[Any, ...], list[ReportFact]] = defaultdict(list)
    for fact in facts:
        groups[(fact.concept, fact.unit, fact.start, fact.end)].append(fact)
    kept = []
    for (_, unit, start, end), group in groups.items():
        if not _consistent(group):
            values = ", ".join(sorted({str(f.value) for f in group}))
            notes.append(
                f"{group[0].name} {start or ''}..{end} {unit}: stated as {values}; left out"
            )
            continue
        best = max(group, key=lambda f: fact_precision(f.decimals))
        labels = [f.label for f in group if f.label]
        kept.append(replace(best, label=best.label or (labels[0] if labels else None)))
    return kept


def _stand_ins(facts: list[ReportFact], taxonomy: Taxonomy, notes: list[str]) -> dict[str, str]:
    """Extension concept -> the IFRS concept it stands in for (see the module's rules)."""
    metrics_of = _metrics_of()
    stated = {
        metric
        for f in facts
        if f.concept.startswith("ifrs-full:")
        for metric in metrics_of.get(f.concept.removeprefix("ifrs-full:"), ())
    }
    candidates: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for concept in dict.fromkeys(f.concept for f in facts if not f.concept.startswith(STANDARD)):
        labels = [f.label for f in facts if f.concept == concept]
        for anchor in sorted(taxonomy.wider.get(concept, ())):
            metrics = metrics_of.get(anchor, set())
            if not metrics or metrics & stated:
                continue  # not a mapped line, or the standard line is there
            local = concept.rsplit("}", 1)[-1]
            if is_adjusted_measure(local, *labels, *taxonomy.labels.get(concept, {}).values()):
                notes.append(f"{local}: a company's adjusted measure, not {anchor}")
                continue
            for metric in metrics:
                candidates[metric].append((concept, anchor))
    chosen: dict[str, str] = {}
    for metric, found in candidates.items():
        if len({c for c, _ in found}) > 1:
            names = ", ".join(sorted({c.rsplit("}", 1)[-1] for c, _ in found}))
            notes.append(f"{metric}: several extensions anchored to it ({names}); none used")
            continue
        concept, anchor = found[0]
        chosen[concept] = anchor
    return chosen


def select_facts(report: Report, taxonomy: Taxonomy) -> tuple[list[KeptFact], list[str]]:
    """The facts the figures are read from, and notes on what was left out and why."""
    notes: list[str] = []
    wanted = mapped_concepts()[TAXONOMY]
    plain = [f for f in report.facts if not f.dimensional]
    facts = _deduplicated(plain, notes)
    stand_ins = _stand_ins(facts, taxonomy, notes)
    kept = []
    for fact in facts:
        standard = fact.concept.startswith("ifrs-full:")
        local = fact.concept.removeprefix("ifrs-full:")
        if standard and local not in wanted:
            continue
        if not standard and fact.concept not in stand_ins:
            continue
        label = fact.label or (
            taxonomy.label(fact.concept, report.language) if not standard else None
        )
        kept.append(
            KeptFact(
                concept=fact.concept if standard else fact.name,
                unit=fact.unit,
                start=fact.start,
                end=fact.end,
                value=fact.value,
                decimals=fact.decimals,
                label=label,
                anchor=f"ifrs-full:{stand_ins[fact.concept]}" if not standard else None,
            )
        )
    return kept, notes


@dataclass(frozen=True)
class StoredFact:
    """A kept fact as read back with its filing, for the company's figures."""

    fact: KeptFact
    docid: str
    filed: date
    filing: str  # how sources name the filing: `ESEF <LEI>-<period end>`


def _fact(stored: StoredFact) -> Fact:
    kept = stored.fact
    concept = (kept.anchor or kept.concept).removeprefix("ifrs-full:")
    return Fact(
        taxonomy=TAXONOMY,
        concept=concept,
        label=kept.label or spaced_label(concept),
        unit=kept.unit,
        start=kept.start,
        end=kept.end,
        value=kept.value,
        accession=stored.docid,
        form=FORM,
        filed=stored.filed,
    )


def _annual(row: MetricRow, fye: tuple[int, int]) -> bool:
    if row.period_kind == "annual":
        return True
    end = row.period_end
    return row.period_kind == "instant" and (end.month, end.day) == fye


class _Sources:
    """Rewrites the standardizer's sources (`ifrs-full:Revenue <docid>`) to name the filing,
    and a stand-in's extension concept with its anchor."""

    def __init__(self, stored: list[StoredFact]):
        self.filings = {s.docid: s.filing for s in stored}
        self.stand_ins = {
            f"{s.fact.anchor} {s.docid}": f"{s.fact.concept}, anchored to {s.fact.anchor}, "
            f"{s.filing}"
            for s in stored
            if s.fact.anchor
        }

    def __call__(self, row: MetricRow) -> MetricRow:
        source = row.source
        for written, named in self.stand_ins.items():
            source = source.replace(written, named)
        for docid, filing in self.filings.items():
            source = source.replace(docid, filing)
        return replace(row, source=source)


def esef_figures(
    stored: list[StoredFact], fye: tuple[int, int] | None = None
) -> tuple[list[MetricRow], list[Version]]:
    """The company's annual figures from its ESEF filings, and every version of them: on each
    day, each report counts with its latest submission known by then (a correction replaces
    the submission it corrects from its own date)."""
    facts: dict[tuple[str, date], list[Fact]] = defaultdict(list)
    for item in stored:
        facts[(item.docid, item.filed)].append(_fact(item))
    dates: dict[str, list[date]] = defaultdict(list)
    for docid, day in sorted(facts):
        dates[docid].append(day)
    fye = fye or fiscal_year_end([f for group in facts.values() for f in group])
    if not facts or fye is None:
        return [], []
    rename = _Sources(stored)

    def rows_on(day: date | None) -> list[MetricRow]:
        known = [
            fact
            for docid, days in dates.items()
            if (held := [d for d in days if day is None or d <= day])
            for fact in facts[(docid, held[-1])]
        ]
        return [rename(r) for r in standardize(known, fye) if _annual(r, fye)] if known else []

    days = sorted({day for _, day in facts})
    return rows_on(None), versions_over(days, rows_on)
