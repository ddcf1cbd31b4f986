"""What an XBRL document states: facts with their contexts and units."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

XBRLI = "http://www.xbrl.org/2003/instance"
XBRLDI = "http://xbrl.org/2006/xbrldi"
IX = "http://www.xbrl.org/2013/inlineXBRL"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
LINK = "http://www.xbrl.org/2003/linkbase"
XHTML = "http://www.w3.org/1999/xhtml"


@dataclass(frozen=True)
class Context:
    """Who and when a fact is about, and its explicit dimensions (axis, member)."""

    id: str
    entity: str
    start: date | None
    end: date | None  # the instant for instant contexts
    instant: bool
    dimensions: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class XbrlFact:
    """One fact: a concept (`prefix:Name` as resolved to its namespace), context and value."""

    concept: str  # Clark notation: {namespace}LocalName
    prefix: str  # the prefix the document used (us-gaap, dei, aapl)
    context: Context
    unit: str | None  # USD, shares, USD/shares
    decimals: str | None
    value: Decimal | str | None  # None when nil
    table: int | None = None  # inline XBRL: which HTML table of the document holds it (0, 1 ...)

    @property
    def name(self) -> str:
        """`prefix:LocalName`."""
        return f"{self.prefix}:{self.concept.rsplit('}', 1)[-1]}"

    @property
    def is_numeric(self) -> bool:
        """Whether the fact is a number (has a unit)."""
        return self.unit is not None
