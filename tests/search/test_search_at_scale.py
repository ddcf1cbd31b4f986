"""What keeps content search's cost bounded at a million passages, checked at small sizes with
the limits lowered: the full text's word budget and the vectors' inverted-file index."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from sqlalchemy import Connection, insert

from filings.db import fulltext
from filings.db.engine import Database, make_engine
from filings.db.fulltext import PassageFilter, ranked_passages, selective_terms
from filings.db.tables import passage_vectors, passages
from filings.search import vectors
from filings.search.vectors import VectorIndex, hash_text
from tests.conftest import BACKEND
from tests.factories import add_company, add_filing


def _passages(conn: Connection, filing: int, company: int, texts: list[str]) -> list[int]:
    ids = []
    for position, content in enumerate(texts, start=1):
        row = {
            "filing_pk": filing,
            "company_pk": company,
            "position": position,
            "page_id": f"p{position}",
            "content": content,
            "language": "en",
            "text_hash": hash_text(f"{position} {content}"),
        }
        ids.append(
            int(conn.execute(insert(passages).values(row).returning(passages.c.id)).scalar_one())
        )
    return ids


@pytest.fixture
def budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """A budget of 4 passages on either backend, and no words known as common from other
    tests."""
    monkeypatch.setattr(fulltext, "BUDGET", 4)
    monkeypatch.setattr(fulltext, "PG_BUDGET", 4)
    monkeypatch.setattr(fulltext, "_COMMON", {})
    yield 4


def test_the_rarest_words_within_the_budget_are_searched(
    connection: Connection, budget: int
) -> None:
    company = add_company(connection, "acme", "Acme Inc")
    filing = add_filing(connection, company, fiscal_year=2024)
    texts = [f"net sales grew in quarter {i}" for i in range(5)]
    texts += ["acquisitions added to sales", "weather hurt sales", "weather again"]
    ids = _passages(connection, filing, company, texts)

    kept = selective_terms(connection, ["sales", "acquisitions", "weather"])
    # acquisitions (1 passage) and weather (2) fit in 4; sales (7) does not, and is now known
    # as common without being counted again.
    assert kept == ["acquisitions", "weather"]
    assert fulltext._COMMON[str(connection.engine.url)] == {"sales"}
    assert selective_terms(connection, ["sales"]) == ["sales"]  # the rarest is always kept
    assert selective_terms(connection, ["nowhere"]) == []  # in no passage: nothing to score

    # A common word alone: at most the budget's passages are scored, whatever matches.
    assert len(ranked_passages(connection, "sales", 10)) == budget
    found = ranked_passages(connection, "weather acquisitions sales", 10)
    assert {i for i, _ in found} == {ids[5], ids[6], ids[7]}
    # Filters apply before the budget: this company's passages of year 2024 only.
    narrowed = ranked_passages(connection, "weather", 10, PassageFilter(company, 2024))
    assert {i for i, _ in narrowed} == {ids[6], ids[7]}
    assert ranked_passages(connection, "weather", 10, PassageFilter(company, 1990)) == []


def test_a_passage_holding_several_words_is_found_when_each_word_is_common(
    connection: Connection, budget: int
) -> None:
    company = add_company(connection, "acme", "Acme Inc")
    filing = add_filing(connection, company, fiscal_year=2024)
    # The oldest passage holds both words; newer ones, more than the budget of each, hold one.
    texts = ["weather delayed the acquisitions"]
    texts += [f"acquisitions closed in quarter {i}" for i in range(6)]
    texts += [f"weather was mild in region {i}" for i in range(6)]
    ids = _passages(connection, filing, company, texts)

    # Each word alone fills the budget (on SQLite with its newest passages, not the oldest).
    alone = {i for i, _ in ranked_passages(connection, "acquisitions", 10)}
    assert len(alone) == budget and (BACKEND != "sqlite" or ids[0] not in alone)
    found = ranked_passages(connection, "weather acquisitions", 10)
    assert found[0][0] == ids[0]
    assert [s for _, s in found] == sorted((s for _, s in found), reverse=True)
    assert len({i for i, _ in found}) == len(found) > 1  # then the budget's passages, once each
    narrowed = ranked_passages(connection, "acquisitions weather", 10, PassageFilter(company))
    assert narrowed[0][0] == ids[0]
    assert ranked_passages(connection, "acquisitions weather", 10, PassageFilter(year=1990)) == []


def _clustered(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centers = rng.standard_normal((20, 32)).astype(np.float32)
    matrix = centers[rng.integers(0, 20, count)] + rng.standard_normal((count, 32)).astype(
        np.float32
    ) * np.float32(0.3)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def test_from_ann_min_on_vectors_are_searched_through_an_inverted_file(
    committed_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vectors, "ANN_MIN", 300)
    monkeypatch.setattr(vectors, "EXACT_MAX", 100)
    database = Database(make_engine(committed_database_url))
    matrix = _clustered(600, 1)
    with database.transaction(write=True) as conn:
        first = add_company(conn, "first", "First Inc")
        second = add_company(conn, "second", "Second Inc")
        filings = {
            (first, 2023): add_filing(conn, first, fiscal_year=2023),
            (first, 2024): add_filing(conn, first, fiscal_year=2024, document_type="10-Q"),
            (second, 2024): add_filing(conn, second, fiscal_year=2024),
        }
        owners = list(filings)
        ids: dict[int, tuple[int, int]] = {}
        for k, owner in enumerate(owners):
            rows = list(range(k, 600, 3))
            made = _passages(conn, filings[owner], owner[0], [f"passage {r}" for r in rows])
            for passage_id, r in zip(made, rows, strict=True):
                ids[passage_id] = owner
                digest = hash_text(f"{rows.index(r) + 1} passage {r}")
                vector = matrix[r].astype("<f4").tobytes()
                conn.execute(
                    insert(passage_vectors).values(text_hash=digest, model="m", vector=vector)
                )
    index = VectorIndex(refresh_seconds=0)
    with database.transaction() as conn:
        assert index.status(conn) == (600, 600)
    index.wait(30)  # 600 passages are at least ANN_MIN: loaded on a thread of its own
    loaded_ids, loaded = index.snapshot()
    assert len(loaded_ids) == 600
    query = _clustered(5, 2)
    with database.transaction() as conn:
        agreement = []
        for vector in query:
            exact = set(loaded_ids[np.argsort(-(loaded @ vector))[:10]].tolist())
            found = index.search(conn, vector, 10)
            assert found is not None and len(found) == 10
            assert [s for _, s in found] == sorted((s for _, s in found), reverse=True)
            agreement.append(len(exact & {i for i, _ in found}) / 10)
        assert np.mean(agreement) >= 0.8
        # A wide filter (200 passages, above EXACT_MAX) reads the inverted file's rows it keeps;
        # a narrow one (first company, 2024 and 10-Q: 200 too, so also wide) likewise; a filter
        # keeping nothing finds nothing.
        wide = index.search(conn, query[0], 10, PassageFilter(company_pk=second))
        assert wide and {ids[i][0] for i, _ in wide} == {second}
        typed = index.search(conn, query[0], 10, PassageFilter(document_type="10-Q"))
        assert typed and {ids[i] for i, _ in typed} == {(first, 2024)}
        assert index.search(conn, query[0], 10, PassageFilter(year=1990)) == []
    # A narrow filter (at most EXACT_MAX passages) is searched exactly.
    monkeypatch.setattr(vectors, "EXACT_MAX", 250)
    with database.transaction() as conn:
        narrow = index.search(conn, query[1], 10, PassageFilter(company_pk=first, year=2023))
    members = [i for i, owner in ids.items() if owner == (first, 2023)]
    rows = np.searchsorted(loaded_ids, members)
    exact = loaded_ids[rows[np.argsort(-(loaded[rows] @ query[1]))[:10]]].tolist()
    assert narrow is not None and [i for i, _ in narrow] == exact
    # A large store is counted off the request too: the status stands as counted.
    with database.transaction() as conn:
        assert index.status(conn) == (600, 600)
    index.wait(30)
    database.dispose()
