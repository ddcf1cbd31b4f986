"""FinanceBench's development split (bench/financebench.py): page-level retrieval in full-text
mode stays above floors set below what was measured (docs/decisions.md gives the figures; the
benchmark's targets, 80 % and 60 % at hit@5, are not reached by full text alone). The floors
guard against regressions; nothing is tuned to these 51 questions."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench import financebench

from tests.conftest import BACKEND, unavailable

# measured 2026-11-25 in full-text mode: hit@5 0.510 (company+year), 0.451 (company);
# hit@10 0.627 and 0.569 (before the glossary's statement words: 0.333, 0.294, 0.451, 0.431)
FLOORS = {"company+year": (0.45, 0.55), "company": (0.39, 0.52)}


@pytest.mark.skipif(BACKEND == "postgres", reason="measured on SQLite's full text (FTS5)")
def test_financebench_dev_split_page_hits_stay_above_their_floors(
    corpus: Path, tmp_path: Path
) -> None:
    folder = corpus / "financebench"
    if not (folder / "manifest.json").is_file():
        unavailable(f"the corpus at {corpus} has no financebench folder")
    url = f"sqlite:///{tmp_path / 'financebench.db'}"
    summary = financebench.ingest(url, folder)
    assert (summary.stored, summary.pages, summary.skipped) == (30, 3344, [])
    results = financebench.evaluate(url, folder)
    for setting, (at5, at10) in FLOORS.items():
        scores = results[setting]
        assert scores.modes == {"fulltext"}
        assert len(scores.ranks["all"]) == 51
        assert scores.hit_at(5) >= at5, (setting, scores.hit_at(5))
        assert scores.hit_at(10) >= at10, (setting, scores.hit_at(10))
