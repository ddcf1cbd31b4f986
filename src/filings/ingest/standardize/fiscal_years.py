"""The fiscal-year labels a filer gives its own years.

`core.periods.fiscal_year_of` labels a year by the calendar year it ends in (or the one before,
for a year ending in the first days of January). Most filers agree, but not all whose years end
in January or February: Walmart and NVIDIA call the year ended 31 January 2025 (26 January)
fiscal 2025, The Home Depot calls the year ended 2 February 2025 fiscal 2024. The filing says
which: its fiscal-year focus (companyfacts' `fy`, inline XBRL's `dei:DocumentFiscalYearFocus`)
against the end of the year it reports. The newest annual reports decide, since the `fy` of
early XBRL filings is sometimes wrong (Walmart's 10-Ks of 2010 to 2014 say a year less than
Walmart's own label).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import date

from filings.core.periods import ANNUAL_DAYS, fiscal_year_of
from filings.ingest.standardize.fact import Fact

ANNUAL_FORMS = frozenset({"10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A", "10-KT"})
NEWEST_ANNUAL_REPORTS = 5
PLAUSIBLE_OFFSETS = (-1, 0, 1)


def fiscal_year_offset(facts: Iterable[Fact]) -> int:
    """Years to add to `fiscal_year_of(end)` to get the filer's own label: the most common
    difference over its newest annual reports (ties to the newest), 0 when none says."""
    reports: dict[str, tuple[date, date, int]] = {}  # accession -> (filed, year end, fy)
    for fact in facts:
        if fact.fy is None or fact.form not in ANNUAL_FORMS or fact.days not in ANNUAL_DAYS:
            continue
        if fact.end > fact.filed:
            continue
        held = reports.get(fact.accession)
        if held is None or fact.end > held[1]:
            reports[fact.accession] = (fact.filed, fact.end, fact.fy)
    newest = sorted(reports.values(), reverse=True)[:NEWEST_ANNUAL_REPORTS]
    votes = Counter(
        offset for _, end, fy in newest if (offset := fy - fiscal_year_of(end)) in PLAUSIBLE_OFFSETS
    )
    return votes.most_common(1)[0][0] if votes else 0
