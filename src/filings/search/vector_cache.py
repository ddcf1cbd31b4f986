"""Passage vectors kept outside the database, by model and text hash (`FILINGS_VECTOR_CACHE`),
so re-ingesting the corpus or building a new database does not embed the same texts again.

The cache is either one `.npz` file or a folder of them:

- a file is read whole and, on each flush, merged with what is on disk and replaced atomically
  (write beside, then rename), so a reader never sees half a file and two writers lose at most
  the entries of the one that flushed first;
- a folder is read as the union of its `.npz` files, and each flush writes a new file of the new
  entries only (named by process and a counter, renamed into place when complete), so writers
  beside each other never overwrite one another and a flush costs the new entries, not the whole
  cache. `compact()` folds the files into one.

Keys are `<model>:<sha256 of the embedded text>`; a vector of another model is never returned.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import uuid
import zipfile
from pathlib import Path

import numpy as np

FLUSH_EVERY = 256  # new entries kept in memory before they are written


def cache_key(model: str, text: str) -> str:
    """The key of a text's vector under a model."""
    return f"{model}:{hashlib.sha256(text.encode()).hexdigest()}"


def _read(path: Path) -> dict[str, np.ndarray]:
    """A file's entries; an unreadable or truncated file counts as empty (it is only a cache)."""
    try:
        with np.load(path) as stored:
            return {key: stored[key] for key in stored.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        return {}


def _write(path: Path, entries: dict[str, np.ndarray]) -> None:
    """Write `entries` to `path` atomically: beside it first, then renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{uuid.uuid4().hex}.partial")
    with partial.open("wb") as out:
        np.savez(out, **entries)  # type: ignore[arg-type]
    os.replace(partial, path)


class VectorCache:
    """Vectors by key, read from and written to a file or a folder (see the module's note)."""

    def __init__(self, path: Path, flush_every: int = FLUSH_EVERY) -> None:
        self.path = path
        self.folder = path.suffix != ".npz"
        self.flush_every = flush_every
        self._entries: dict[str, np.ndarray] = {}
        self._new: dict[str, np.ndarray] = {}
        self._names = itertools.count()
        for part in self._files():
            self._entries.update(_read(part))

    def _files(self) -> list[Path]:
        if not self.folder:
            return [self.path] if self.path.is_file() else []
        return sorted(self.path.glob("*.npz")) if self.path.is_dir() else []

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: str) -> np.ndarray | None:
        """The vector kept under `key`, if any."""
        return self._entries.get(key)

    def put(self, key: str, vector: np.ndarray) -> None:
        """Keep a vector; written out every `flush_every` new entries and on `flush()`."""
        self._entries[key] = vector
        self._new[key] = vector
        if len(self._new) >= self.flush_every:
            self.flush()

    def flush(self) -> None:
        """Write the entries added since the last flush."""
        if not self._new:
            return
        if self.folder:
            name = f"{os.getpid()}-{uuid.uuid4().hex[:8]}-{next(self._names)}.npz"
            _write(self.path / name, self._new)
        else:
            merged = _read(self.path) if self.path.is_file() else {}
            merged.update(self._entries)
            _write(self.path, merged)
        self._new = {}

    def compact(self) -> None:
        """Fold a folder's files into one (a file cache is always one)."""
        self.flush()
        if not self.folder:
            return
        parts = self._files()
        if len(parts) <= 1:
            return
        merged: dict[str, np.ndarray] = {}
        for part in parts:
            merged.update(_read(part))
        _write(self.path / f"compacted-{uuid.uuid4().hex[:8]}.npz", merged)
        for part in parts:
            part.unlink(missing_ok=True)
