"""Request and response shapes of filing search (4.1) and page snapshots (4.3)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_serializer
from pydantic_core.core_schema import SerializerFunctionWrapHandler

from filings.core.markets import DOCUMENT_TYPES, MARKET_KEYS
from filings.core.shapes import AnswerShape


class FilingSearchRequest(BaseModel):
    """Body of POST /filings/search; every field is optional."""

    model_config = ConfigDict(extra="forbid")

    company: str | None = Field(
        default=None, min_length=1, description="Company name, ticker or ISIN; fuzzy match."
    )
    year_from: int | None = Field(
        default=None, ge=1990, le=2100, description="Earliest fiscal year."
    )
    year_to: int | None = Field(default=None, ge=1990, le=2100, description="Latest fiscal year.")
    document_type: str | None = Field(
        default=None, description=f"One of: {', '.join(DOCUMENT_TYPES)}."
    )
    market: str | None = Field(
        default=None, description=f"{' or '.join(MARKET_KEYS)}; omit to search both markets."
    )
    limit: int = Field(default=20, ge=1, le=100, description="Rows to return; there is no offset.")


class SnapshotQuery(BaseModel):
    """Arguments of get_snapshot (GET /filings/{page_id}/snapshot)."""

    model_config = ConfigDict(extra="forbid")

    page_id: str = Field(
        min_length=1,
        description="A page id `<docid>_<page>` (from a search hit or a figure's page_id), a US "
        "filing's page `<accession>_<page>`, or a US accession number.",
    )
    dpi: int = Field(
        default=150, ge=72, le=300, description="Resolution of a rendered page image (72 to 300)."
    )


class MetadataQuality(AnswerShape):
    """What Nordic rows do not track."""

    period_end: str = Field(description="How reliable period_end is for this market.")
    filed_date: str = Field(description="How reliable filed_date is for this market.")


class FilingItem(BaseModel):
    """One filing row (spec 2.1); empty fields are omitted."""

    docid: str | None = Field(
        default=None,
        description=(
            "The document id: Nordic page ids are `<docid>_<page>`; for "
            "US filings the accession number when the search named a "
            "company."
        ),
    )
    company_name: str = Field(description="The issuer's name as filed.")
    year: str | int | None = Field(
        default=None, description=("The fiscal year, as the contract's `year` key.")
    )
    fiscal_year: str | int | None = Field(
        default=None, description=("The fiscal year the filing reports on.")
    )
    quarter: int | None = Field(
        default=None, description=("The fiscal quarter of an interim report.")
    )
    document_type: str = Field(
        description=("annual_report, interim_report, stock_exchange_release, 10-K, 10-Q, 8-K ...")
    )
    document_type_label: str | None = Field(default=None, description="The document type in words.")
    page_count: int | None = Field(default=None, description="Pages of the document (Nordic).")
    market: str = Field(description=f"{' or '.join(MARKET_KEYS)}.")
    citation_label: str | None = Field(
        default=None, description=("How to cite the filing, in words.")
    )
    citation_markdown: str | None = Field(
        default=None,
        description=("The citation as a Markdown link to the filing or its first page."),
    )
    metadata_quality: MetadataQuality | None = Field(
        default=None, description=("Which dates are tracked for this market.")
    )
    ticker: str | None = Field(default=None, description="The company's first ticker.")
    cik: str | None = Field(default=None, description="SEC Central Index Key, 10 digits (US).")
    period_end: str | None = Field(
        default=None, description=("The end of the period the filing reports on (US).")
    )
    filed_date: str | None = Field(
        default=None, description=("The date the SEC received the filing (US).")
    )
    accession_number: str | None = Field(default=None, description="SEC accession number (US).")
    result_kind: str | None = Field(
        default=None,
        description=("filing, or company_index for a company held without filing-level data."),
    )

    @model_serializer(mode="wrap")
    # No return annotation: the API document then shows the model's fields, not a bare object.
    def _omit_empty(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if v is not None}


class Resolution(AnswerShape):
    """How the company argument was resolved."""

    input_company: str = Field(description="The company argument as sent.")
    resolved_name: str = Field(description="The company it resolved to.")
    market: str = Field(description="The market of the company it resolved to.")
    ticker: str | None = Field(default=None, description="That company's first ticker.")


class FilingSearchResponse(BaseModel):
    """Answer of filing search."""

    filings: list[FilingItem] = Field(description="Filings, newest first.")
    total: int = Field(description="Rows in this response.")
    total_available: int = Field(description="All matches before the limit.")
    has_more: bool = Field(description="True when more matches exist than were returned.")
    resolution: Resolution | None = Field(
        default=None, description="Present when company was given."
    )

    @model_serializer(mode="wrap")
    # No return annotation: the API document then shows the model's fields, not a bare object.
    def _omit_empty(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if v is not None}


class Snapshot(AnswerShape):
    """A page resolved to a viewable source (spec 2.3); else `available` false with a `reason`."""

    page_id: str = Field(description="The page id asked for.")
    available: bool = Field(description="Whether the page can be viewed; `reason` says why not.")
    kind: str | None = Field(
        default=None,
        description="rendered_png (a Nordic report page), release_text (a release, as text) or "
        "edgar_link (a US page's document, or an accession's filing index, on the SEC's site).",
    )
    snapshot_url: str | None = Field(
        default=None,
        description=(
            "A link to the page (a signed link that expires), or to the page's document or the "
            "filing on the SEC's site."
        ),
    )
    company_name: str | None = Field(default=None, description="The issuer of the document.")
    year: str | None = Field(default=None, description="Fiscal year of the document.")
    quarter: int | None = Field(
        default=None, description="Fiscal quarter of the document, when it is an interim report."
    )
    document_type: str | None = Field(default=None, description="The document's type.")
    page_number: int | None = Field(
        default=None,
        description="The page within the document (a US filing's: counted over its documents).",
    )
    dpi: int | None = Field(default=None, description="Resolution of the rendered page image.")
    reason: str | None = Field(default=None, description="Why the page cannot be resolved.")
