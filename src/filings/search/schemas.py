"""Request and response shapes of content search (4.2)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ContentSearchRequest(BaseModel):
    """Body of POST /filings/content-search."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, description="Natural-language query.")
    company: str | None = Field(default=None, min_length=1)
    year: int | None = None
    document_type: str | None = None
    limit: int = Field(default=5, ge=1, le=20)


class ContentHit(BaseModel):
    """One passage found inside a filing (spec 2.2)."""

    company_name: str | None = None
    year: str | None = None
    document_type: str | None = None
    content: str | None = None
    content_title: str | None = None
    docid: str | None = None
    page_id: str | None = Field(default=None, description="Resolvable with the snapshot endpoint.")
    source_url: str | None = None
    score: float | None = Field(default=None, description="Relevance in [0, 1].")


class ContentSearchResponse(BaseModel):
    """Answer of content search."""

    results: list[ContentHit]
    total: int
    query: str
