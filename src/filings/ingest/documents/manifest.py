"""The manifest: `{"documents": [record, ...]}`, each record naming a file (`path`, relative to
the manifest) or a `url`, the company and what the document is. A record that cannot be read is
reported in one sentence and skipped; the others are loaded."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from filings.core.errors import MalformedInput
from filings.core.markets import MARKET_KEYS, manifest_document_types


class ManifestRecord(BaseModel):
    """One document of a manifest."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    path: str | None = Field(default=None, min_length=1, description="Relative to the manifest.")
    url: str | None = Field(default=None, min_length=1, description="An http(s) address.")
    company: str = Field(min_length=1, description="A ticker, CIK, ISIN or name.")
    cik: str | None = None
    ticker: str | None = None
    isin: str | None = None
    market: str
    document_type: str
    fiscal_year: int = Field(ge=1990, le=2100)
    quarter: int | None = Field(default=None, ge=1, le=4)
    period_end: date | None = None
    published: date | None = None
    language: str | None = Field(default=None, max_length=8)
    headline: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ManifestRecord:
        if (self.path is None) == (self.url is None):
            raise ValueError("give either path or url")
        if self.url is not None and not self.url.startswith(("http://", "https://")):
            raise ValueError(f"url {self.url!r} is not an http(s) address")
        if self.market not in MARKET_KEYS:
            raise ValueError(f"market {self.market!r} is not one of {', '.join(MARKET_KEYS)}")
        allowed = manifest_document_types(self.market)
        if self.document_type not in allowed:
            raise ValueError(
                f"document_type {self.document_type!r} is not one of {', '.join(allowed)} "
                f"for the {self.market} market"
            )
        return self

    @property
    def location(self) -> str:
        """The path or URL, as the manifest gives it."""
        return self.path or self.url or ""


def _problem(raw: Any, index: int, exc: ValidationError) -> tuple[str, str]:
    """(which record, one sentence) for a record that does not validate."""
    label = f"record {index + 1}"
    if isinstance(raw, dict) and isinstance(raw.get("path") or raw.get("url"), str):
        label = f"{label} ({raw.get('path') or raw.get('url')})"
    reasons = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        reasons.append(f"{where}: {message}" if where else message)
    return label, "; ".join(reasons)


def read_manifest(content: bytes) -> tuple[list[ManifestRecord], list[tuple[str, str]]]:
    """The records of a manifest, and (record, problem) for each one that cannot be read."""
    try:
        raw_records = json.loads(content)["documents"]
    except (KeyError, TypeError, ValueError) as exc:
        raise MalformedInput(
            f"manifest: not a JSON object with a 'documents' list ({exc})"
        ) from exc
    if not isinstance(raw_records, list):
        raise MalformedInput("manifest: 'documents' is not a list")
    records, problems = [], []
    for index, raw in enumerate(raw_records):
        try:
            records.append(ManifestRecord.model_validate(raw))
        except ValidationError as exc:
            problems.append(_problem(raw, index, exc))
    return records, problems
