"""Which of a company's labels names its figure lines: the issuer's own, one per concept.

Every filing may give a concept a label (the row printed in its tables, its label linkbase, the
Financial Statement Data Sets' pre.txt). A company's lines of a concept all take one of them,
also for values that came from companyfacts (whose labels are the taxonomy's): the label of a
primary statement (or the statement of equity) before a note's, and among those the newest
filing's; a filing's printed row before a label another source gives for the same filing. A
concept no filing labels takes the label of a concept of the same metric that tags the same
printed line (the same value of the same period in the same filing); any other keeps the label
it came with (companyfacts' standard label, else the
concept's name spaced).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date

from filings.core.concepts import TAXONOMIES
from filings.ingest.standardize.fact import Fact

PLACEMENT_ORDER = ("statement", "equity_statement", "other")
ORIGIN_ORDER = ("document", "datasets")  # for one filing: its printed rows, then pre.txt


@dataclass(frozen=True)
class SeenLabel:
    """A label one filing gives a concept, and where it gave it."""

    taxonomy: str
    concept: str
    label: str
    placement: str  # statement | equity_statement | other
    filed: date
    accession: str
    origin: str = "document"  # document | datasets


def _order(value: str, order: tuple[str, ...]) -> int:
    return order.index(value) if value in order else len(order)


def _in_notes(seen: SeenLabel) -> bool:
    return _order(seen.placement, PLACEMENT_ORDER) >= PLACEMENT_ORDER.index("other")


def _better(candidate: SeenLabel, held: SeenLabel) -> bool:
    """A statement's label before a note's; then the newer filing's; then, within one filing,
    the better placement and the printed row before pre.txt."""
    if _in_notes(candidate) != _in_notes(held):
        return not _in_notes(candidate)
    if (candidate.filed, candidate.accession) != (held.filed, held.accession):
        return (candidate.filed, candidate.accession) > (held.filed, held.accession)
    return (
        _order(candidate.placement, PLACEMENT_ORDER),
        _order(candidate.origin, ORIGIN_ORDER),
    ) < (_order(held.placement, PLACEMENT_ORDER), _order(held.origin, ORIGIN_ORDER))


def chosen_labels(seen: Iterable[SeenLabel]) -> dict[tuple[str, str], str]:
    """(taxonomy, concept) -> the label of the company's lines of that concept."""
    best: dict[tuple[str, str], SeenLabel] = {}
    for candidate in seen:
        key = (candidate.taxonomy, candidate.concept)
        held = best.get(key)
        if held is None or _better(candidate, held):
            best[key] = candidate
    return {key: held.label for key, held in best.items()}


def _same_metric() -> dict[tuple[str, str], set[tuple[str, str]]]:
    """(taxonomy, concept) -> the other concepts of the metrics it carries."""
    out: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
    for taxonomy, metrics in TAXONOMIES.items():
        for concepts in metrics.values():
            for concept in concepts:
                out[(taxonomy, concept)] |= {(taxonomy, c) for c in concepts if c != concept}
    return out


def same_line_labels(
    facts: Iterable[Fact], labels: Mapping[tuple[str, str], str]
) -> dict[tuple[str, str], str]:
    """Labels for concepts no filing labels, from a concept of the same metric that one filing
    states with the same value for the same period: two tags of one printed line (Tesla's
    `Revenues` of a note and the statement's "Total revenues",
    `RevenueFromContractWithCustomerExcludingAssessedTax`). The newest such filing's."""
    siblings = _same_metric()
    lines: dict[tuple[object, ...], list[Fact]] = defaultdict(list)
    for fact in facts:
        if fact.value and (fact.taxonomy, fact.concept) in siblings:
            lines[(fact.accession, fact.unit, fact.start, fact.end, fact.value)].append(fact)
    found: dict[tuple[str, str], tuple[tuple[date, str], str]] = {}
    for line in lines.values():
        for fact in line:
            key = (fact.taxonomy, fact.concept)
            if key in labels:
                continue
            for other in line:
                other_key = (other.taxonomy, other.concept)
                if other_key in labels and other_key in siblings[key]:
                    when = (fact.filed, fact.accession)
                    if key not in found or when > found[key][0]:
                        found[key] = (when, labels[other_key])
    return {**labels, **{key: label for key, (_, label) in found.items()}}


def company_labels(facts: list[Fact], seen: Iterable[SeenLabel]) -> dict[tuple[str, str], str]:
    """(taxonomy, concept) -> the label of the company's lines: the label its filings give the
    concept (`chosen_labels`), else that of the same printed line (`same_line_labels`)."""
    return same_line_labels(facts, chosen_labels(seen))


def relabel(facts: list[Fact], labels: Mapping[tuple[str, str], str]) -> list[Fact]:
    """The facts with each concept's chosen label."""
    if not labels:
        return facts
    out = []
    for fact in facts:
        label = labels.get((fact.taxonomy, fact.concept))
        out.append(fact if label is None or label == fact.label else replace(fact, label=label))
    return out
