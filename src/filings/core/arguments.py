"""Arguments several operations share, declared once with their descriptions and bounds.

The operations' argument models (`<domain>/schemas.py`) are built from these; the HTTP routes'
parameters, the MCP tools' JSON schemas and the answer cache's keys are derived from the models
(`filings.api`), so a description or a bound written here shows on every surface.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from pydantic import BeforeValidator, Field

from filings.core.markets import MARKET_KEYS
from filings.core.metrics import METRICS


def split_commas(value: object) -> object:
    """A list argument sent as `a,b` (or as several `a`, `b`) as one list of trimmed items."""
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list):
        return [part.strip() for item in value for part in str(item).split(",") if part.strip()]
    return value


CompanyArgument = Annotated[
    str,
    Field(
        min_length=1,
        description="Name, ticker, ISIN or CIK (a name with `/`, such as `AGCO CORP /DE`, is "
        "sent URL-encoded in a path).",
    ),
]
MarketArgument = Annotated[
    str | None,
    Field(description=f"{' or '.join(MARKET_KEYS)}; narrows resolution."),
]
YearArgument = Annotated[
    int | None,
    Field(
        description="Fiscal year to pin (the year in which the fiscal year ends); default: the "
        "newest."
    ),
]
QuarterArgument = Annotated[
    int | None,
    Field(
        ge=1,
        le=4,
        description="Fiscal quarter 1 to 4; pins the quarter (of `year`, or of the newest year "
        "that has it).",
    ),
]
AsOfArgument = Annotated[
    date | None,
    Field(
        description="The figures as they were known on this day (YYYY-MM-DD): only filings "
        "filed on or before it, restatements filed later unseen. Omitted: today's figures.",
    ),
]
MetricsArgument = Annotated[
    list[str] | None,
    BeforeValidator(split_commas),
    Field(
        description="Only these metric keys (repeat the parameter or separate keys with commas; "
        "aliases such as `sales` accepted); omitted: every metric. Keys: "
        + ", ".join(METRICS)
        + ".",
    ),
]
