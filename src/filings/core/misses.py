"""Tool-level misses: HTTP-200 answers with an `error` instead of data (spec 7.3).

Every miss the service gives is built here, by `miss()`, so its shape is the same everywhere.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_serializer
from pydantic_core.core_schema import SerializerFunctionWrapHandler

from filings.core.markets import MARKET_KEYS
from filings.core.shapes import AnswerShape


class FailureKind(StrEnum):
    """The machine-readable reason of a miss; clients branch on it."""

    NOT_FOUND = "not_found"
    VALIDATION_ERROR = "validation_error"
    UPSTREAM_UNAVAILABLE = "upstream_unavailable"
    MISSING_DEPENDENCY = "missing_dependency"
    SEARCH_UPSTREAM = "search_upstream"
    INVOCATION_ERROR = "invocation_error"


# The kinds a client retries with backoff (spec 7.3): a data source or component failed.
RETRYABLE = frozenset(
    {
        FailureKind.UPSTREAM_UNAVAILABLE,
        FailureKind.MISSING_DEPENDENCY,
        FailureKind.SEARCH_UPSTREAM,
        FailureKind.INVOCATION_ERROR,
    }
)


class Alternative(AnswerShape):
    """A candidate offered when a company argument did not resolve to one company."""

    display_name: str | None = Field(default=None, description="The company's short name.")
    ticker: str | None = Field(
        default=None, description="The company's first ticker, when it has one."
    )
    market: str | None = Field(default=None, description=f"{' or '.join(MARKET_KEYS)}.")
    company_id: str | None = Field(
        default=None, description="The service's id of the company (aapl, cik1046179)."
    )


class Miss(BaseModel):
    """A miss body: `error`, `failure_kind`, and explanatory extras; empty ones omitted."""

    model_config = ConfigDict(extra="allow")

    error: str = Field(description="What went wrong, for people; branch on failure_kind.")
    failure_kind: FailureKind = Field(description="Machine-readable reason: see spec 7.3.")
    company: str | None = Field(default=None, description="The company argument sent.")
    resolved_name: str | None = Field(
        default=None,
        description=(
            "The company the argument resolved to, when it resolved but has nothing to answer with."
        ),
    )
    cik: str | None = Field(
        default=None, description=("The SEC CIK of the company the argument resolved to.")
    )
    ticker: str | None = Field(default=None, description="That company's first ticker.")
    locale: str | None = Field(default=None, description="The locale asked for (profiles).")
    alternatives: list[Alternative] | list[str] | None = Field(
        default=None, description="Close candidates, or the allowed values of an argument."
    )
    hint: str | None = Field(default=None, description="How to get an answer instead.")

    @model_serializer(mode="wrap")
    # No return annotation: the API document then shows the model's fields, not a bare object.
    def _omit_empty(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if v is not None}


def miss(error: str, failure_kind: FailureKind, **extras: Any) -> Miss:
    """Build a miss body; the one place misses are made."""
    return Miss(error=error, failure_kind=failure_kind, **extras)


def invalid_choice(argument: str, value: str, allowed: list[str]) -> Miss:
    """The miss for a value outside an `a | b` list: validation_error with the allowed values."""
    return miss(
        f"Invalid {argument}: {value!r}",
        FailureKind.VALIDATION_ERROR,
        argument=argument,
        value=value,
        alternatives=list(allowed),
        hint=f"Use one of: {', '.join(allowed)}",
    )
