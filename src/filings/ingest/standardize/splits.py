"""Stock splits, read from the filings themselves, and per-share values put on one basis.

A filing after a split restates the per-share comparatives it repeats (NVIDIA's FY2023 diluted
EPS: 1.74 as first reported, 0.17 in the 10-K after the 10-for-1 split of 2024), but figures of
years no later filing repeats stay as first reported, so a series would mix bases. The split is
the ratio between two consecutive filings' values of the same per-share fact; its date is the
first filing that shows the restated value. Every per-share value first reported before a split
is divided by the ratios of the splits after it, and says so in `source`.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.rows import MetricRow

RATIOS = (Decimal("1.5"), *(Decimal(k) for k in range(2, 51)))
PLACES = Decimal("0.0001")
MIN_VALUE = Decimal("0.10")


@dataclass(frozen=True)
class Split:
    """`ratio` new shares for one (below 1 for a reverse split), first seen in a filing filed on
    `seen`; filings filed on or after `seen` state per-share values on the new basis."""

    ratio: Decimal
    seen: date
    last_before: date  # the newest filing seen on the old basis

    def describe(self) -> str:
        """`10-for-1 (seen 2024-08-28)`."""
        if self.ratio >= 1:
            return f"{_plain(self.ratio)}-for-1 (seen {self.seen.isoformat()})"
        return f"1-for-{_plain(1 / self.ratio)} (seen {self.seen.isoformat()})"


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _tolerance(value: Decimal) -> Decimal:
    """Half a unit of the last place a value is stated to, cents at the coarsest (0.005)."""
    exponent = value.normalize().as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return Decimal(5) / Decimal(10) ** (max(places, 2) + 1)


def _implied_ratio(old: Fact, new: Fact) -> Decimal | None:
    """The split ratio between an old statement of a per-share value and a newer one, when the
    newer one is the old one divided (or multiplied) by a usual ratio, to its rounding. Values
    under 0.10 are too coarse to tell one ratio from the next (0.09 and 0.01)."""
    if (old.value > 0) != (new.value > 0) or min(abs(old.value), abs(new.value)) < MIN_VALUE:
        return None
    big, small = (old, new) if abs(old.value) > abs(new.value) else (new, old)
    if abs(big.value) < abs(small.value) * Decimal("1.4"):
        return None
    error, ratio = min((abs(abs(big.value) / r - abs(small.value)), r) for r in RATIOS)
    if error > _tolerance(small.value):
        return None
    return ratio if big is old else 1 / ratio


def detect_splits(facts: Iterable[Fact]) -> list[Split]:
    """The splits the per-share facts imply, oldest first."""
    series: dict[tuple[str, str, date | None, date], list[Fact]] = defaultdict(list)
    for fact in facts:
        series[(fact.concept, fact.unit, fact.start, fact.end)].append(fact)
    observed: list[tuple[Decimal, date, date]] = []  # ratio, newest old filing, first new one
    for stated in series.values():
        stated.sort(key=lambda f: (f.filed, f.accession))
        for old, new in itertools.pairwise(stated):
            if new.filed > old.filed and (ratio := _implied_ratio(old, new)) is not None:
                observed.append((ratio, old.filed, new.filed))
    splits: list[Split] = []
    for ratio, before, seen in sorted(observed, key=lambda o: (o[2], o[1])):
        same = [
            i
            for i, s in enumerate(splits)
            if s.ratio == ratio and before < s.seen and s.last_before < seen
        ]
        if same:
            s = splits[same[0]]
            splits[same[0]] = Split(ratio, min(s.seen, seen), max(s.last_before, before))
        else:
            splits.append(Split(ratio, seen, before))
    return sorted(splits, key=lambda s: s.seen)


def on_current_basis(row: MetricRow, splits: list[Split]) -> MetricRow:
    """A per-share row restated by every split after its filing, the value as first reported
    kept in `source`."""
    if row.filed_date is None:
        return row
    later = [s for s in splits if s.seen > row.filed_date]
    if not later:
        return row
    factor = Decimal(1)
    for split in later:
        factor *= split.ratio
    value = (row.value / factor).quantize(PLACES).normalize()
    note = ", ".join(s.describe() for s in later)
    return replace(
        row,
        value=value,
        source=f"{row.source}; restated for stock splits {note}: as first reported {row.value}",
        derived="split_restated",
    )


def restate_per_share(rows: list[MetricRow], splits: list[Split]) -> list[MetricRow]:
    """Every row on the basis of today's shares."""
    return [on_current_basis(r, splits) for r in rows] if splits else rows
