"""Request and response shapes of content search (4.2)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from filings.core.shapes import AnswerShape


class ContentSearchRequest(BaseModel):
    """Body of POST /filings/content-search."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(
        min_length=1,
        description="Natural-language query, in English, Finnish or Swedish; taken as words, "
        "never as query syntax.",
    )
    company: str | None = Field(
        default=None, min_length=1, description="Name, ticker or ISIN; only its passages."
    )
    year: int | None = Field(default=None, description="Fiscal year of the filing.")
    document_type: str | None = Field(
        default=None, description="annual_report, interim_report, stock_exchange_release, 10-K..."
    )
    limit: int = Field(default=5, ge=1, le=20, description="Hits to return, 1 to 20.")


class ContentHit(AnswerShape):
    """One passage found inside a filing (spec 2.2)."""

    company_name: str | None = Field(default=None, description="The issuer of the document.")
    year: str | None = Field(default=None, description="Fiscal year of the filing.")
    document_type: str | None = Field(
        default=None,
        description=(
            "The document's type (annual_report, interim_report, "
            "stock_exchange_release, 10-K, 10-Q, 8-K ...)."
        ),
    )
    content: str | None = Field(default=None, description="The passage, as the filing says it.")
    content_title: str | None = Field(
        default=None, description="The nearest heading (or the item's title)."
    )
    docid: str | None = Field(default=None, description="Nordic docid; US accession number.")
    page_id: str | None = Field(
        default=None,
        description="Resolvable with the snapshot endpoint: `<docid>_<page>`, for a US filing "
        "`<accession>_<page>`.",
    )
    source_url: str | None = Field(
        default=None,
        description=(
            "Where the document can be read: the filing on the SEC's "
            "site, or the service's page snapshot."
        ),
    )
    score: float | None = Field(default=None, description="Relevance in [0, 1].")
    page_number: int | None = Field(
        default=None,
        description="The page the passage is on, where known (US: counted over the filing's "
        "documents at their page breaks).",
    )
    citation_label: str | None = Field(
        default=None,
        description="How to cite the passage: its document and page (with the number printed "
        "on the page where known).",
    )


class IndexStatus(AnswerShape):
    """How far the vector index is."""

    passages: int = Field(description="Passages held for content search.")
    with_vectors: int = Field(
        description="Passages whose vectors are computed; the rest are found by full text only."
    )


class ContentSearchResponse(AnswerShape):
    """Answer of content search."""

    results: list[ContentHit] = Field(description="Passages, best first.")
    total: int = Field(description="Passages that matched (before `limit`).")
    query: str = Field(description="The query as received.")
    mode: Literal["hybrid", "fulltext"] = Field(
        description="hybrid: full text and vectors fused; fulltext: the vectors are still being "
        "computed (see `index`), so full-text ranking alone."
    )
    index: IndexStatus = Field(
        description="How much of the corpus the vector index covers while it is being built."
    )
