"""Search quality on the labelled passages (`tests/search/labelled_passages.json`): recall@5
(strict: a hit on the labelled page holding the labelled quote; and page level) and MRR, by
group (en, fi, sv, cross-lingual, filtered) and split (tune, held-out), for the service's fused
ranking and for each of its two rankings alone.

    python -m bench.search_quality build DB      # ingest the corpus into a SQLite file, embed
                                                 # (--no-vectors: full text alone)
    python -m bench.search_quality evaluate DB   # the table; --queries to list every query,
                                                 # --labelled FILE to measure another set

The database is built by the `filings` on the path (so a checkout of another commit, put first
on PYTHONPATH, builds and measures that commit: how "before" is measured). Vectors come from the
shared cache by text hash, so only new passage texts are embedded.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import text

from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
LABELLED = Path(__file__).parents[1] / "tests/search/labelled_passages.json"
VECTOR_CACHE = Path(
    os.environ.get("FILINGS_TEST_VECTOR_CACHE", Path.home() / ".cache/filings/passage-vectors.npz")
)
TOP = 5


def build(path: str, vectors: bool = True) -> None:
    """Ingest the corpus (the SEC mirror and the Nordic feed) into a new SQLite file, with
    vectors unless told not to (full-text evaluation)."""
    from filings.ingest.nordic.pipeline import ingest_nordic
    from filings.ingest.sec.fetch import read_tickers
    from filings.ingest.sec.pipeline import ingest_sec, select_ciks
    from filings.ingest.sec.source import MirrorSource
    from filings.search.vectors import CachedEmbedder, E5Embedder, embed_missing

    Path(path).unlink(missing_ok=True)
    database = Database(make_engine(f"sqlite:///{path}"))
    upgrade(database.engine)
    source = MirrorSource(CORPUS / "sec")
    listings = read_tickers(source)
    ciks = select_ciks(source, listings, ciks=[], tickers=[], universe=False)
    ingest_sec(database, source, ciks, listings, history=True)
    ingest_nordic(
        database,
        CORPUS / "nordic/feed.json",
        CORPUS / "nordic/instruments/all-nordic-instruments.json",
    )
    if not vectors:
        return
    print("ingested; embedding", flush=True)
    embed_missing(
        database,
        CachedEmbedder(E5Embedder(), VECTOR_CACHE),
        progress=lambda n: print(".", end="", flush=True),
    )
    print("\ndone")


def normalized(value: str) -> str:
    """Text as compared with a quote: PDF hyphenation marks out, whitespace collapsed, case
    folded."""
    value = value.replace("\ufffe\n", "").replace("\ufffe", "").replace("\u00ad", "")
    return " ".join(value.split()).casefold()


def load_labelled(path: Path = LABELLED) -> list[dict[str, Any]]:
    """The labelled queries (of the project's set unless another file is named)."""
    queries: list[dict[str, Any]] = json.loads(path.read_text())["queries"]
    for item in queries:  # a set written apart may leave out what the project's set holds
        item.setdefault("split", "held")
        item.setdefault("doc_lang", "en")
    return queries


def groups(item: dict[str, Any]) -> list[str]:
    """The groups a query counts in."""
    found = [item["lang"]]
    if item["lang"] != item["doc_lang"]:
        found.append("cross")
    if item.get("filters"):
        found.append("filtered")
    return found


Hit = tuple[str, int | None, str]  # (document id, page number, passage text)


def first_rank(hits: list[Hit], answers: list[dict[str, Any]], strict: bool) -> int | None:
    """The rank (from 1) of the first hit that answers, among the first TOP."""
    for rank, (doc, page, content) in enumerate(hits[:TOP], start=1):
        for answer in answers:
            if doc != answer["doc"] or page != answer["page"]:
                continue
            if not strict or normalized(answer["quote"]) in normalized(content):
                return rank
    return None


def _passage_hits(conn: Any, ids: list[int]) -> list[Hit]:
    if not ids:
        return []
    rows = conn.execute(
        text(
            "SELECT p.id, coalesce(f.docid, f.accession_number), p.page_number, "  # noqa: S608
            "coalesce(p.content_title, '') || ' ' || p.content FROM passages p "
            "JOIN filings f ON f.id = p.filing_pk WHERE p.id IN "
            f"({', '.join(str(int(i)) for i in ids)})"
        )
    ).all()
    by_id = {r[0]: (r[1], r[2], r[3]) for r in rows}
    return [by_id[i] for i in ids if i in by_id]


def rankings(conn: Any, item: dict[str, Any], engine: Any, directory: Any) -> dict[str, list[Hit]]:
    """The hits of the service (fused) and of each ranking alone, for one labelled query."""
    from filings.companies.service import resolve_company
    from filings.core.misses import Miss
    from filings.db.fulltext import PassageFilter, full_text
    from filings.search.schemas import ContentSearchRequest
    from filings.search.service import content_search

    filters = item.get("filters") or {}
    request = ContentSearchRequest(query=item["q"], limit=10, **filters)
    answer = content_search(conn, directory, request, engine)
    assert not isinstance(answer, Miss), answer
    fused = [
        (h.docid or "", h.page_number, f"{h.content_title or ''} {h.content or ''}")
        for h in answer.results
    ]
    company_pk = None
    if filters.get("company"):
        resolved = resolve_company(conn, directory, filters["company"])
        assert not isinstance(resolved, Miss)
        company_pk = resolved.pk
    try:  # each side alone as the service ranks it (focus and boosts included)
        from filings.search.service import Sides, rank
    except ImportError:  # a commit before `rank`: each side's raw ranking
        where = PassageFilter(company_pk, filters.get("year"), filters.get("document_type"))
        words = [i for i, _ in full_text(conn, item["q"], 10, where).ranked]
        total, with_vectors = engine.index.status(conn)
        dense: list[int] = []
        if total == with_vectors:  # else the service answers from full text alone
            vector = engine.query_vector(item["q"])
            dense = [i for i, _ in engine.index.search(conn, vector, 10, where) or []]
    else:
        words = [
            i
            for i, _ in rank(conn, directory, request, company_pk, engine, Sides(vectors=False))[0][
                :10
            ]
        ]
        dense = [
            i
            for i, _ in rank(conn, directory, request, company_pk, engine, Sides(words=False))[0][
                :10
            ]
        ]
    return {
        "hybrid": fused,
        "fulltext": _passage_hits(conn, words),
        "dense": _passage_hits(conn, dense),
    }


def evaluate(
    path: str | Database,
    show: bool = False,
    split: str | None = None,
    engine: Any = None,
    labelled_file: Path = LABELLED,
) -> dict[str, Any]:
    """Recall@5 (strict and page level) and MRR by group and split for each ranking; prints
    the table and returns the per-query ranks."""
    from filings.companies.service import CompanyDirectory
    from filings.search.service import SearchEngine

    database = path if isinstance(path, Database) else Database(make_engine(f"sqlite:///{path}"))
    engine, directory = engine or SearchEngine(), CompanyDirectory()
    labelled = [q for q in load_labelled(labelled_file) if split is None or q["split"] == split]
    ranks: dict[str, dict[str, tuple[int | None, int | None]]] = defaultdict(dict)
    fffe = 0
    with database.transaction() as conn:
        for item in labelled:
            for name, hits in rankings(conn, item, engine, directory).items():
                strict = first_rank(hits, item["answers"], strict=True)
                page = first_rank(hits, item["answers"], strict=False)
                ranks[item["id"]][name] = (strict, page)
                fffe += sum(1 for h in hits if "\ufffe" in h[2])
            if show:
                r = ranks[item["id"]]
                print(f"{item['id']:6} {item['split']:5} {','.join(groups(item)):18} ", end="")
                print("  ".join(f"{n[:2]} {r[n][0] or '-'}/{r[n][1] or '-'}" for n in r), end="")
                print(f"  {item['q'][:70]}")
    _table(labelled, ranks)
    print(f"hits holding U+FFFE: {fffe}")
    return ranks


def _table(
    labelled: list[dict[str, Any]], ranks: dict[str, dict[str, tuple[int | None, int | None]]]
) -> None:
    by_group: dict[str, list[str]] = defaultdict(list)
    for item in labelled:
        for group in ["all", *groups(item), f"split:{item['split']}"]:
            by_group[group].append(item["id"])
    print(f"\n{'group':14} {'n':>4}  " + "  ".join(f"{n:>22}" for n in ranks[labelled[0]["id"]]))
    print(f"{'':14} {'':>4}  " + "  ".join(f"{'R@5 page R@5  MRR':>22}" for _ in range(3)))
    order = [
        "all",
        "en",
        "fi",
        "sv",
        "cross",
        "filtered",
        "split:tune",
        "split:held",
        "split:apart",
    ]
    for group in [g for g in order if g in by_group]:
        ids = by_group[group]
        cells = []
        for name in ranks[ids[0]]:
            strict = [ranks[i][name][0] for i in ids]
            page = [ranks[i][name][1] for i in ids]
            recall = sum(1 for r in strict if r) / len(ids)
            page_recall = sum(1 for r in page if r) / len(ids)
            mrr = statistics.mean(1 / r if r else 0.0 for r in strict)
            cells.append(f"{recall:6.2f} {page_recall:6.2f} {mrr:6.2f}")
        print(f"{group:14} {len(ids):4}  " + "  ".join(f"{c:>22}" for c in cells))


def main(argv: list[str] | None = None) -> None:
    """`build DB` or `evaluate DB [--queries] [--split tune|held] [--labelled FILE]`."""
    args = argv if argv is not None else sys.argv[1:]
    commands: dict[str, Callable[..., Any]] = {"build": build, "evaluate": evaluate}
    if len(args) < 2 or args[0] not in commands:
        raise SystemExit(__doc__)
    if args[0] == "build":
        build(args[1], vectors="--no-vectors" not in args)
        return
    split = args[args.index("--split") + 1] if "--split" in args else None
    labelled = Path(args[args.index("--labelled") + 1]) if "--labelled" in args else LABELLED
    evaluate(args[1], show="--queries" in args, split=split, labelled_file=labelled)


if __name__ == "__main__":
    main()
