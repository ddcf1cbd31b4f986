"""One reported XBRL value, the input of standardization (a module of its own, so that the
readers that derive from facts import it without importing the standardizer)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal


@dataclass(frozen=True)
class Fact:
    """One reported XBRL value."""

    taxonomy: str
    concept: str
    label: str
    unit: str
    start: date | None
    end: date
    value: Decimal
    accession: str
    form: str
    filed: date
    fy: int | None = None  # the filing's own fiscal-year label (companyfacts `fy`, dei)
    statement: str | None = None  # the statement its document places it on (`cash_flow`)

    @property
    def days(self) -> int | None:
        """The length of a duration, both ends counted; None for an instant."""
        return None if self.start is None else (self.end - self.start).days + 1
