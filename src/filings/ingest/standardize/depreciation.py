"""Depreciation and amortization where a filer states no total under a standard concept.

Two kinds of filer (core/concepts.D_AND_A_PARTS):
- IFRS filers that state depreciation and amortisation expense apart (TSMC's
  `DepreciationExpense` and `AmortisationExpense`): both are the entity's totals, so their sum is
  its D&A, in a filing and period that states both.
- Filers whose cash-flow statement carries the line under another concept: a company extension
  (Tesla's `tsla:DepreciationAmortizationAndImpairment`) or a narrower standard one (Alphabet's
  `us-gaap:Depreciation`, "Depreciation of property and equipment"). Such a concept counts where
  the company's own documents place it on the cash-flow statement (ingest/xbrl/placement.py),
  and then in each of its filings; a filing that states such lines and an amortization of
  intangibles line placed there too gives their sum.

Each made value is a fact of its own filing and period, named after its parts
(`DepreciationExpense+AmortisationExpense`), taken after the standard concepts: within one filing
the largest D&A concept is the statement's total (facts.STATEMENT_TOTAL_IS_LARGEST).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal

from filings.core.concepts import D_AND_A_PARTS, D_AND_A_PARTS_ARE_TOTALS, TAXONOMIES
from filings.ingest.standardize.fact import Fact

CASH_FLOW = "cash_flow"
METRIC = "depreciation_and_amortization"
_STANDARD = frozenset(c for metrics in TAXONOMIES.values() for c in metrics[METRIC])


def is_d_and_a_line(concept: str) -> bool:
    """Whether a concept's name (`prefix:Name` or `Name`) reads as a depreciation line, or as
    the amortization of intangibles beside one, and is not a standard D&A total."""
    local = concept.rsplit(":", 1)[-1]
    if local in _STANDARD or "Accumulated" in local:
        return False
    return local.startswith(("Depreciation", "AmortizationOfIntangibleAssets"))


def statement_lines(facts: Iterable[Fact]) -> frozenset[str]:
    """`prefix:Name` of the D&A lines the company's documents place on its cash-flow statement."""
    return frozenset(
        f"{f.taxonomy}:{f.concept}"
        for f in facts
        if f.statement == CASH_FLOW and is_d_and_a_line(f.concept)
    )


def _part_of(fact: Fact, lines: frozenset[str]) -> bool:
    if f"{fact.taxonomy}:{fact.concept}" in lines:
        return True
    return fact.taxonomy in D_AND_A_PARTS_ARE_TOTALS and fact.concept in D_AND_A_PARTS.get(
        fact.taxonomy, ()
    )


def _complete(parts: dict[str, Fact]) -> bool:
    """Whether a filing's parts for a period make its D&A: IFRS needs both expense lines; a
    statement's lines need a depreciation line (amortization alone is not D&A)."""
    taxonomy = next(iter(parts.values())).taxonomy
    if taxonomy in D_AND_A_PARTS_ARE_TOTALS and all(f.taxonomy == taxonomy for f in parts.values()):
        return set(D_AND_A_PARTS[taxonomy]) <= set(parts)
    return any(name.startswith("Depreciation") for name in parts)


def composed_d_and_a(facts: Iterable[Fact], lines: frozenset[str]) -> list[Fact]:
    """One fact per filing, period and unit whose parts make its D&A (see the module)."""
    groups: dict[tuple[object, ...], dict[str, Fact]] = defaultdict(dict)
    for fact in facts:
        if fact.start is not None and _part_of(fact, lines):
            key = (fact.accession, fact.unit, fact.start, fact.end)
            groups[key].setdefault(fact.concept, fact)
    out = []
    for parts in groups.values():
        if not _complete(parts):
            continue
        ordered = sorted(parts.values(), key=lambda f: (not f.concept.startswith("Dep"), f.concept))
        first = ordered[0]
        out.append(
            replace(
                first,
                concept="+".join(f.concept for f in ordered),
                label=" + ".join(f.label for f in ordered),
                value=sum((f.value for f in ordered), Decimal(0)),
            )
        )
    return out
