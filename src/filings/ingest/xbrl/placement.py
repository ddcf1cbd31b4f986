"""Where an inline-XBRL fact sits: on a primary statement, told by the statement's own total.

A table of the document that holds the operating cash flow total
(`us-gaap:NetCashProvidedByUsedInOperatingActivities`,
`ifrs-full:CashFlowsFromUsedInOperatingActivities`) is the cash-flow statement, and every fact in
it is one of that statement's lines. Filers tag the same concept on a statement and in notes, and
tag statement lines with concepts of their own (Tesla: `us-gaap:Depreciation` of property in a
note, `tsla:DepreciationAmortizationAndImpairment` on the cash-flow statement), so where a fact
sits tells which is the statement's line. This is the presentation a filing shows in its own
document; its linkbases are not read.
"""

from __future__ import annotations

from collections.abc import Iterable

from filings.core.concepts import TAXONOMIES
from filings.ingest.xbrl.model import XbrlFact

CASH_FLOW = "cash_flow"
_OPERATING_TOTALS = frozenset(
    f"{taxonomy}:{concept}"
    for taxonomy, metrics in TAXONOMIES.items()
    for concept in metrics["operating_cash_flow"]
)


def statement_tables(facts: Iterable[XbrlFact]) -> dict[int, str]:
    """The tables of a document that are primary statements: table number -> statement."""
    return {
        fact.table: CASH_FLOW
        for fact in facts
        if fact.table is not None and fact.name in _OPERATING_TOTALS and not fact.context.dimensions
    }


def statement_of(fact: XbrlFact, tables: dict[int, str]) -> str | None:
    """The statement a fact sits on (`cash_flow`), None for a note, the text or an instance."""
    return None if fact.table is None else tables.get(fact.table)
