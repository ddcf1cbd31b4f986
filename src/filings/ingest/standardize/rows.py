"""The unit of stored figures: one metric value of one company for one period."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cached_property


@dataclass(frozen=True)
class MetricRow:
    """A metric value with its period, unit and source, as stored in `metric_values`."""

    metric_key: str
    period_kind: str  # annual | quarter | instant
    period_start: date | None
    period_end: date
    fiscal_year: int
    fiscal_quarter: int | None
    value: Decimal
    unit: str | None
    currency: str | None
    metric_name: str | None
    source: str
    accession_number: str | None = None
    page_id: str | None = None
    derived: str | None = None
    filed_date: date | None = None
    preliminary: bool = False  # a results release's figure, until the periodic report's

    @cached_property
    def period_key(self) -> str:
        """What makes a period unique for one company and metric."""
        if self.period_start is None:
            return f"@{self.period_end.isoformat()}"
        return f"{self.period_start.isoformat()}..{self.period_end.isoformat()}"
