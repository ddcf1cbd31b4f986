"""The vector cache outside the database (FILINGS_VECTOR_CACHE): a file or a folder, writers
beside each other losing nothing in a folder, and an embedder behind it computing each text once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from filings.search.vector_cache import VectorCache, cache_key
from filings.search.vectors import CachedEmbedder


class CountingEmbedder:
    """Vectors made from the text's length, counting the texts it was asked to embed."""

    model = "counting"

    def __init__(self) -> None:
        self.embedded: list[str] = []

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        self.embedded.extend(texts)
        return np.array([[len(t), 1.0] for t in texts], dtype=np.float32)

    def query(self, text: str) -> np.ndarray:
        return np.array([len(text), 0.0], dtype=np.float32)


@pytest.mark.parametrize("name", ["vectors.npz", "vectors"])
def test_a_second_embedder_over_the_same_cache_embeds_nothing_again(
    tmp_path: Path, name: str
) -> None:
    first = CountingEmbedder()
    cached = CachedEmbedder(first, tmp_path / name)
    vectors = cached.passages(["alpha", "beta", "alpha"])
    cached.flush()
    assert first.embedded == ["alpha", "beta"]  # a repeated text is embedded once
    assert vectors[:, 0].tolist() == [5.0, 4.0, 5.0]

    again = CountingEmbedder()
    reopened = CachedEmbedder(again, tmp_path / name)
    assert reopened.passages(["beta", "gamma"])[:, 0].tolist() == [4.0, 5.0]
    assert again.embedded == ["gamma"]


def test_writers_beside_each_other_lose_nothing_in_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    one, two = VectorCache(folder), VectorCache(folder)
    one.put(cache_key("m", "a"), np.ones(2, dtype=np.float32))
    two.put(cache_key("m", "b"), np.zeros(2, dtype=np.float32))
    one.flush()
    two.flush()
    assert len(list(folder.glob("*.npz"))) == 2  # each flush a file of its own
    merged = VectorCache(folder)
    assert len(merged) == 2
    merged.compact()
    assert len(list(folder.glob("*.npz"))) == 1 and len(VectorCache(folder)) == 2


def test_a_file_flush_merges_with_what_another_writer_put_there(tmp_path: Path) -> None:
    path = tmp_path / "vectors.npz"
    one, two = VectorCache(path), VectorCache(path)
    one.put(cache_key("m", "a"), np.ones(2, dtype=np.float32))
    one.flush()
    two.put(cache_key("m", "b"), np.zeros(2, dtype=np.float32))
    two.flush()
    assert len(VectorCache(path)) == 2
    assert not list(tmp_path.glob(".*partial"))  # written beside, then renamed


def test_flushes_come_every_so_many_new_entries(tmp_path: Path) -> None:
    cache = VectorCache(tmp_path / "vectors", flush_every=3)
    for text in "abcde":
        cache.put(cache_key("m", text), np.ones(2, dtype=np.float32))
    assert len(VectorCache(tmp_path / "vectors")) == 3  # the first three, written at the third
    cache.flush()
    assert len(VectorCache(tmp_path / "vectors")) == 5


def test_a_broken_cache_file_is_an_empty_cache(tmp_path: Path) -> None:
    path = tmp_path / "vectors.npz"
    path.write_bytes(b"PK\x03\x04 truncated")
    assert len(VectorCache(path)) == 0
    embedder = CountingEmbedder()
    CachedEmbedder(embedder, path).passages(["text"])
    assert embedder.embedded == ["text"]


def test_keys_belong_to_a_model(tmp_path: Path) -> None:
    cache = VectorCache(tmp_path / "v.npz")
    cache.put(cache_key("one-model", "text"), np.ones(2, dtype=np.float32))
    assert cache.get(cache_key("another-model", "text")) is None
