"""FinanceBench, development split (`../shared/corpus/financebench`, CC-BY-NC-4.0, evaluation
only): page-level retrieval of the service's content search over the split's 30 PDFs.

    python -m bench.financebench [--db PATH] [--vectors]    # make bench-financebench

The manifest is ingested into a fresh SQLite file (`filings ingest documents`'s pipeline, the
companies made from the corpus's SEC listing), then each of the 51 questions is asked verbatim
with the `company` (ticker) and `year` (fiscal year) filters, and with `company` alone, limit 10.
A question is a hit@k when one of its gold pages (document and 1-based page of the PDF) is among
the first k hits. By default the passages get no vectors (embedding the split's 11,696 passages
takes about 45 minutes on this 2-core machine), so the mode measured is full text; `--vectors`
embeds them first, through the vector cache (`FILINGS_VECTOR_CACHE`, by default the folder
`~/.cache/filings/financebench-vectors`), so that later runs embed nothing, and the answers are
hybrid. The output says which mode answered.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filings.companies.service import CompanyDirectory
from filings.core.misses import Miss
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.ingest.documents.companies import read_listings
from filings.ingest.documents.pipeline import DocumentsSummary, ingest_documents
from filings.search.schemas import ContentSearchRequest
from filings.search.service import SearchEngine, content_search
from filings.search.vectors import embed_missing, passage_embedder

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
FINANCEBENCH = CORPUS / "financebench"
LIMIT = 10
CUTS = (1, 5, 10)
VECTOR_CACHE = Path(
    os.environ.get("FILINGS_VECTOR_CACHE", Path.home() / ".cache/filings/financebench-vectors")
)


@dataclass
class Scores:
    """Ranks of the first gold page per question (None: not in the first LIMIT), by group."""

    ranks: dict[str, list[int | None]] = field(default_factory=lambda: defaultdict(list))
    modes: set[str] = field(default_factory=set)

    def add(self, group: str, rank: int | None) -> None:
        """Count a question's rank in `group` and in `all`."""
        self.ranks["all"].append(rank)
        self.ranks[group].append(rank)

    def hit_at(self, k: int, group: str = "all") -> float:
        """The share of questions with a gold page in the first k hits."""
        ranks = self.ranks[group]
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else 0.0

    def mrr(self, group: str = "all") -> float:
        """Mean reciprocal rank (0 for a question without a gold page in the first LIMIT)."""
        ranks = self.ranks[group]
        return sum(1 / r for r in ranks if r is not None) / len(ranks) if ranks else 0.0


def load_questions(folder: Path = FINANCEBENCH) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The questions, and each document's docid (the first 16 hex digits of its SHA-256, as
    ingestion names it) -> its doc_name."""
    data = json.loads((folder / "questions.json").read_text())
    docs = {d["sha256"][:16]: d["doc_name"] for d in data["documents"]}
    return data["questions"], docs


def ingest(db_url: str, folder: Path = FINANCEBENCH) -> DocumentsSummary:
    """A migrated database at `db_url` with the split's manifest ingested."""
    database = Database(make_engine(db_url))
    upgrade(database.engine)
    try:
        listings = read_listings(CORPUS / "sec", None)
        return ingest_documents(database, folder / "manifest.json", listings)
    finally:
        database.dispose()


def first_gold_rank(hits: list[tuple[str, int]], doc_name: str, gold: list[int]) -> int | None:
    """The rank (from 1) of the first hit on a gold page of the question's document."""
    for rank, (hit_doc, page) in enumerate(hits, start=1):
        if hit_doc == doc_name and page in gold:
            return rank
    return None


def evaluate(db_url: str, folder: Path = FINANCEBENCH) -> dict[str, Scores]:
    """Scores with the company and year filters, and with the company alone."""
    questions, docs = load_questions(folder)
    database = Database(make_engine(db_url))
    directory, engine = CompanyDirectory(), SearchEngine()
    results = {"company+year": Scores(), "company": Scores()}
    try:
        with database.transaction() as conn:
            for question in questions:
                for setting, year in (("company+year", question["fiscal_year"]), ("company", None)):
                    request = ContentSearchRequest(
                        query=question["question"],
                        company=question["ticker"],
                        year=year,
                        limit=LIMIT,
                    )
                    answer = content_search(conn, directory, request, engine)
                    if isinstance(answer, Miss):
                        raise RuntimeError(f"{question['financebench_id']}: {answer.error}")
                    results[setting].modes.add(str(answer.mode))
                    hits = [
                        (docs.get(str(h.docid), "?"), int(str(h.page_id).rsplit("_", 1)[1]))
                        for h in answer.results
                    ]
                    rank = first_gold_rank(hits, question["doc_name"], question["gold_pages"])
                    results[setting].add(question["document_type"], rank)
    finally:
        database.dispose()
    return results


@contextmanager
def fresh_database(path: str | None) -> Iterator[str]:
    """A new SQLite file: at `path` (replaced), or in a temporary folder removed afterwards."""
    if path is not None:
        Path(path).unlink(missing_ok=True)
        yield f"sqlite:///{Path(path).resolve()}"
        return
    with tempfile.TemporaryDirectory() as folder:
        yield f"sqlite:///{folder}/financebench.db"


def report(results: dict[str, Scores]) -> None:
    """The table: hit@1, hit@5, hit@10 and MRR per setting, overall and per document type."""
    for setting, scores in results.items():
        print(f"\n{setting} filters (mode: {', '.join(sorted(scores.modes))})")
        print(f"{'group':<18}{'n':>4}" + "".join(f"{f'hit@{k}':>9}" for k in CUTS) + f"{'MRR':>8}")
        for group in ["all", *sorted(g for g in scores.ranks if g != "all")]:
            cells = "".join(f"{scores.hit_at(k, group):>9.3f}" for k in CUTS)
            print(f"{group:<18}{len(scores.ranks[group]):>4}{cells}{scores.mrr(group):>8.3f}")


def main(argv: list[str] | None = None) -> None:
    """Ingest the split, ask every question, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--db", help="keep the SQLite file here (default: a temporary one)")
    parser.add_argument(
        "--vectors", action="store_true", help="embed the passages first (hybrid answers)"
    )
    args = parser.parse_args(argv)
    if not (FINANCEBENCH / "manifest.json").is_file():
        print(f"FinanceBench: no manifest at {FINANCEBENCH}; skipped")
        return
    with fresh_database(args.db) as url:
        started = time.monotonic()
        summary = ingest(url)
        print(
            f"FinanceBench dev split: {summary.stored} documents, {summary.pages} pages stored "
            f"in {time.monotonic() - started:.0f} s; skipped: {summary.skipped or 'none'}"
        )
        if args.vectors:
            started = time.monotonic()
            database = Database(make_engine(url))
            count = embed_missing(database, passage_embedder(None, VECTOR_CACHE))
            database.dispose()
            print(f"{count} passage vectors in {time.monotonic() - started:.0f} s")
        started = time.monotonic()
        results = evaluate(url)
        print(f"asked in {time.monotonic() - started:.0f} s (limit {LIMIT})")
        report(results)


if __name__ == "__main__":
    main()
