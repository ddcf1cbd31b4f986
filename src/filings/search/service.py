"""Content search inside filings (4.2): full-text and dense-vector rankings of passages, fused.

Both rankings take the best CANDIDATES passages under the filters (and a question that names a
company adds that company's passages ranked by meaning); reciprocal-rank fusion (k = 60) merges
them, the full-text ranking weighted by the share of the query's words the index
knows at all, and `score` is the fused value over its maximum, so in [0, 1]. While the
vectors are still being computed the full-text ranking answers alone (`mode: fulltext`).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection

from filings.companies.service import CompanyDirectory, resolve_company
from filings.core.markets import DOCUMENT_TYPES
from filings.core.misses import FailureKind, Miss, invalid_choice, miss
from filings.db.fulltext import PassageFilter, full_text
from filings.search import queries
from filings.search.schemas import (
    ContentHit,
    ContentSearchRequest,
    ContentSearchResponse,
    IndexStatus,
)
from filings.search.vectors import E5Embedder, Embedder, VectorIndex

CANDIDATES = 50
RRF_K = 60


@dataclass
class SearchEngine:
    """What content search keeps per app: the vector index and the (lazily loaded) embedder."""

    index: VectorIndex = field(default_factory=VectorIndex)
    embedder: Embedder | None = None

    _dense: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(2, thread_name_prefix="dense-search")
    )

    def query_vector(self, text: str) -> Any:
        """The query's embedding; the model is loaded on first use."""
        if self.embedder is None:
            self.embedder = E5Embedder()
        return self.embedder.query(text)

    def start_dense(
        self, text: str, limit: int, wheres: list[PassageFilter]
    ) -> Future[list[list[tuple[int, float]] | None]]:
        """The dense rankings under each filter (the query embedded once, then the vectors in
        memory searched) on a thread of their own while the caller runs the full-text part: the
        model, faiss and SQLite all leave the interpreter lock, so the two take the time of the
        slower one."""

        def dense() -> list[list[tuple[int, float]] | None]:
            vector = self.query_vector(text)
            return [self.index.search_loaded(vector, limit, where) for where in wheres]

        return self._dense.submit(dense)


def fuse(
    rankings: list[list[tuple[int, float]]], weights: list[float] | None = None
) -> list[tuple[int, float]]:
    """Weighted reciprocal-rank fusion: (id, score in [0, 1]) best first."""
    weights = weights or [1.0] * len(rankings)
    if not rankings or not sum(weights):
        return []
    fused: dict[int, float] = {}
    for weight, ranking in zip(weights, rankings, strict=True):
        for rank, (item, _) in enumerate(ranking, start=1):
            fused[item] = fused.get(item, 0.0) + weight / (RRF_K + rank)
    best = sum(weights) / (RRF_K + 1)
    return sorted(((i, round(s / best, 6)) for i, s in fused.items()), key=lambda x: (-x[1], x[0]))


def _hits(conn: Connection, ranked: list[tuple[int, float]]) -> list[ContentHit]:
    """The hits for ranked passage ids, in one query."""
    by_id = queries.passage_hits(conn, [passage_id for passage_id, _ in ranked])
    hits = []
    for passage_id, score in ranked:
        r = by_id.get(passage_id)
        if r is None:  # re-ingested since the vectors were loaded: that passage is gone
            continue
        hits.append(
            ContentHit(
                company_name=r.company_name,
                year=str(r.fiscal_year) if r.fiscal_year is not None else None,
                document_type=r.document_type,
                content=r.content,
                content_title=r.content_title or r.title,  # no heading above: the document's
                docid=r.docid or r.accession_number,
                page_id=r.page_id,
                source_url=r.source_url or f"/api/v1/data/filings/{r.page_id}/snapshot",
                score=score,
                page_number=r.page_number,
            )
        )
    return hits


def content_search(
    conn: Connection,
    directory: CompanyDirectory,
    request: ContentSearchRequest,
    engine: SearchEngine,
) -> ContentSearchResponse | Miss:
    """Passages matching a natural-language query, best first."""
    if request.document_type is not None and request.document_type not in DOCUMENT_TYPES:
        return invalid_choice("document_type", request.document_type, DOCUMENT_TYPES)
    company_pk = None
    if request.company is not None:
        resolved = resolve_company(conn, directory, request.company)
        if isinstance(resolved, Miss):
            return resolved
        company_pk = resolved.pk
    total, with_vectors = engine.index.status(conn)
    if total == 0:
        return miss(
            "No filing text has been indexed",
            FailureKind.NOT_FOUND,
            company=request.company,
            hint="Ingest filings with `filings ingest` to make their text searchable.",
        )
    where = PassageFilter(company_pk, request.year, request.document_type)
    wheres = [where]
    if company_pk is None:
        # A company the question names ("Teslan liikevaihto") without the company filter: its
        # own passages ranked by meaning as a third ranking, so that they rise without others
        # being left out.
        mentioned = directory.index(conn).mentioned(request.query)
        if mentioned is not None:
            wheres.append(PassageFilter(mentioned.pk, request.year, request.document_type))
    started = (
        engine.start_dense(request.query, CANDIDATES, wheres) if with_vectors == total else None
    )
    words = full_text(conn, request.query, CANDIDATES, where)
    rankings = [words.ranked]
    weights = [1.0]
    dense, *named = started.result() if started is not None else [None]
    if dense is not None:
        rankings.append(dense)
        # Full text counts as far as it knows the query's words (a Finnish question over
        # English text matches little but numbers): the vectors carry the rest.
        weights = [words.known_share, 1.0]
        for own in named:
            if own:
                rankings.append(own)
                weights.append(1.0)
    hits = _hits(conn, fuse(rankings, weights))
    return ContentSearchResponse(
        results=hits[: request.limit],
        total=len(hits),
        query=request.query,
        mode="hybrid" if dense is not None else "fulltext",
        index=IndexStatus(passages=total, with_vectors=with_vectors),
    )
