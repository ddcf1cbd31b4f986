"""Full-text search over passages, on each backend's own index: SQLite FTS5 (`passages_fts`,
BM25, over the words stemmed in the passage's language: `db/stemming.py`) and PostgreSQL
(`search_vector` in the passage's language's configuration, `ts_rank_cd`); a query's word is
looked up as its stem in each passage language on both.

A query is never taken as query syntax: it is cut into words (letters and digits), each matched
as a plain term, any of them enough (OR), so quotes, operators, `*`, `NEAR` or parentheses in what
a user typed can never break or steer the search. The cost is bounded whatever the number of
passages: the query keeps its rarest words within a budget of matching passages, and at most the
budget's matches are scored (see `budget`); when even its rarest word is that common, the
passages holding two of its rarest words come first (`PAIR_WORDS`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from filings.core.errors import SearchBackendError
from filings.db import stemming

MAX_TERMS = 32
_WORD = re.compile(r"\w+", re.UNICODE)


def query_terms(query: str) -> list[str]:
    """The words of a query, lower-cased, each once, in order: the only thing searched for."""
    words = [w.lower() for w in _WORD.findall(query.replace("_", " "))]
    return list(dict.fromkeys(words))[:MAX_TERMS]


def fts5_expression(terms: list[str]) -> str:
    """An FTS5 MATCH expression that ORs the terms, each as its stems in the passage languages
    (the index holds each passage's words stemmed in its own: `db/stemming.py`), each a quoted
    string (no syntax inside)."""
    return " OR ".join(
        '"' + stem.replace('"', "") + '"' for term in terms for stem in stemming.variants(term)
    )


def tsquery_text(terms: list[str]) -> str:
    """A to_tsquery text that ORs the terms (each only letters and digits)."""
    return " | ".join(terms)


def fts5_pairs(terms: list[str]) -> str:
    """An FTS5 MATCH expression for the passages holding at least two of the terms: the OR of
    each pair's AND, each term as its stems (`fts5_expression`)."""
    return " OR ".join(
        f"(({fts5_expression([a])}) AND ({fts5_expression([b])}))"
        for a, b in itertools.combinations(terms, 2)
    )


def tsquery_pairs(terms: list[str]) -> str:
    """A to_tsquery text for the passages holding at least two of the terms."""
    return " | ".join(f"({a} & {b})" for a, b in itertools.combinations(terms, 2))


@dataclass(frozen=True)
class PassageFilter:
    """Which passages a search may return."""

    company_pk: int | None = None
    year: int | None = None
    document_type: str | None = None

    def sql(self) -> tuple[str, dict[str, object]]:
        """Conditions on passage `p` and filing `f`, with their bound parameters."""
        conditions: list[str] = []
        params: dict[str, object] = {}
        if self.company_pk is not None:
            conditions.append("p.company_pk = :company_pk")
            params["company_pk"] = self.company_pk
        if self.year is not None:
            conditions.append("f.fiscal_year = :year")
            params["year"] = self.year
        if self.document_type is not None:
            conditions.append("f.document_type = :document_type")
            params["document_type"] = self.document_type
        return "".join(f" AND {c}" for c in conditions), params

    def joins(self, passage_id: str, hinted: bool = False) -> str:
        """The joins the conditions need, from the passage id column `passage_id`: none without
        a filter (two lookups a match saved), the passage for a company, its filing for a year
        or a document type. `hinted` (SQLite) reads them through their narrow covering indexes:
        a passage row holds its whole text, and looking up wide rows for every match of a
        common word is what filtered search used to spend its time on."""
        passage = " INDEXED BY ix_passages_filter" if hinted else ""
        filing = " INDEXED BY ix_filings_filter" if hinted else ""
        by_filing = self.year is not None or self.document_type is not None
        joined = ""
        if passage_id != "p.id" and (by_filing or self.company_pk is not None):
            joined = f" JOIN passages p{passage} ON p.id = {passage_id}"
        return joined + (f" JOIN filings f{filing} ON f.id = p.filing_pk" if by_filing else "")


# What one full-text query may score. BM25 over an OR of words costs about a microsecond per
# matching passage, and at a million passages a common word ("sales", "the") matches hundreds of
# thousands: the query keeps its rarest words while their passages add up to at most BUDGET
# (always the rarest one), like a stopword list learnt from the data, and scores at most BUDGET
# matches, the newest first. Below BUDGET matches (any corpus of a few thousand passages) the
# ranking is plain BM25 over every word of the query.
BUDGET = 10_000
# PostgreSQL reads and ranks a matching passage's tsvector in about 13 microseconds (FTS5 about
# one): its budget is smaller, for the same bounded time.
PG_BUDGET = 2_000
# When even the rarest word of a query is in more passages than the budget, the passages holding
# two of its PAIR_WORDS rarest words are ranked first (far fewer than those holding one, so the
# budget's newest-first cut does not hide an older passage that holds several of them), then the
# budget's passages of the rarest words as before. Each pair is an AND over two long lists of
# passages, so three words (three pairs) rather than five (ten): at a million passages five cost
# the fused search a p95 of 449 ms against 71 ms without pairs.
PAIR_WORDS = 3


def budget(conn: Connection) -> int:
    """The number of matching passages a query may count per word and score, on this backend."""
    return BUDGET if conn.dialect.name == "sqlite" else PG_BUDGET


# Words found common (in at least the budget's passages) per database: passages only grow, so a
# common word stays common and is not counted again.
_COMMON: dict[str, set[str]] = {}
_COMMON_MAX = 100_000
# On PostgreSQL (no inverse document frequency), a word in more passages than this share is
# dropped like a stopword when the query has any other word.
COMMON_SHARE = 0.05


def _document_counts(conn: Connection, terms: list[str]) -> list[int]:
    """In how many passages each term occurs, counted up to the budget (a bounded cost per
    term)."""
    params: dict[str, object] = {"cap": budget(conn)}
    if conn.dialect.name == "sqlite":
        params |= {f"t{i}": fts5_expression([term]) for i, term in enumerate(terms)}
        probe = (
            "(SELECT count(*) FROM (SELECT 1 FROM passages_fts "
            "WHERE passages_fts MATCH :{} LIMIT :cap))"
        )
    else:
        params |= {f"t{i}": term for i, term in enumerate(terms)}
        probe = (
            "(SELECT count(*) FROM (SELECT 1 FROM passages WHERE search_vector @@ "  # noqa: S608
            + _TSQUERY
            + " LIMIT :cap) c)"
        )
    columns = ", ".join(probe.format(f"t{i}") for i in range(len(terms)))
    return [int(c) for c in conn.execute(text(f"SELECT {columns}"), params).one()]


def _word_counts(conn: Connection, terms: list[str]) -> dict[str, int]:
    """Each term's passages, counted up to the budget (common words from memory). PostgreSQL is
    told to read its full-text index for these and the ranking: for a word no passage holds it
    would otherwise scan every passage, expecting to meet the budget soon."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SET LOCAL enable_seqscan TO off")  # this transaction only
    cap_all = budget(conn)
    common = _COMMON.setdefault(str(conn.engine.url), set())
    unknown = [t for t in terms if t not in common]
    counts = dict(zip(unknown, _document_counts(conn, unknown), strict=True)) if unknown else {}
    for term, count in counts.items():
        if count >= cap_all and len(common) < _COMMON_MAX:
            common.add(term)
    return counts | {t: cap_all for t in terms if t in common}


def selective_terms(conn: Connection, terms: list[str]) -> list[str]:
    """The query's rarest words whose passages add up to at most the budget, at least the rarest
    one the index knows; the words no passage holds are left out (nothing to score)."""
    return _selective(conn, _word_counts(conn, terms))


def _selective(conn: Connection, counts: dict[str, int]) -> list[str]:
    """See `selective_terms`. PostgreSQL's ranking knows no inverse document frequency, so there
    a word in more than COMMON_SHARE of the passages (`2019` in a 2019 annual report) is dropped
    too when the query has a rarer word that some passage holds (the query's words no passage
    holds leave the common ones: they are all that full text can rank by, and its weight in the
    fusion is the share of the query's words it knows)."""
    cap_all = budget(conn)
    if conn.dialect.name == "postgresql":
        cap = min(max(int(_passage_estimate(conn) * COMMON_SHARE), 1), cap_all)
        if any(0 < c < cap for c in counts.values()):  # a rare word some passage holds decides
            counts = {t: c for t, c in counts.items() if c < cap}
    known = sorted((t for t in counts if counts[t] > 0), key=lambda t: counts[t])
    kept: list[str] = []
    total = 0
    for term in known:
        if kept and total + counts[term] > cap_all:
            break
        kept.append(term)
        total += counts[term]
    return kept


def _passage_estimate(conn: Connection) -> int:
    """About how many passages there are: the planner's estimate (no scan), else a count."""
    estimate = conn.execute(
        text("SELECT reltuples FROM pg_class WHERE relname = 'passages'")
    ).scalar()
    if estimate is not None and estimate > 0:
        return int(estimate)
    return int(conn.execute(text("SELECT count(*) FROM passages")).scalar_one())


@dataclass(frozen=True)
class FullText:
    """A query's full-text ranking, and how much of the query the index understands."""

    ranked: list[tuple[int, float]]  # (passage id, score), best first; higher is better
    # The share of the query's words (numbers aside) that occur in any passage at all (a
    # Finnish question over English reports: little); 1.0 when it has no words but numbers.
    known_share: float
    known: frozenset[str] = frozenset()  # the query's words (lower-cased) some passage holds


# What a failed full-text statement says when the store itself is out of reach (a lock held too
# long, a file that cannot be opened, a connection gone): `upstream_unavailable`, not the index.
_STORE_TROUBLE = ("locked", "busy", "unable to open", "disk i/o", "connection", "server closed")


@contextmanager
def _index_errors() -> Iterator[None]:
    """A full-text statement that fails on its own (the index missing or damaged, the query
    refused or cancelled) becomes `SearchBackendError` (`search_upstream`); a store out of reach
    passes through as it is (`db/retry.py` answers it as `upstream_unavailable`)."""
    try:
        yield
    except DBAPIError as exc:
        message = str(exc.orig).lower()
        if exc.connection_invalidated or any(t in message for t in _STORE_TROUBLE):
            raise
        raise SearchBackendError(f"full-text search failed: {exc.orig}") from exc


def full_text(
    conn: Connection, query: str, limit: int, where: PassageFilter = PassageFilter()
) -> FullText:
    """The best `limit` full-text matches of the query, and the share of its words known."""
    terms = query_terms(query)
    with _index_errors():
        counts = _word_counts(conn, terms) if terms else {}
        words = [t for t in terms if not t.isdigit()]
        share = sum(1 for w in words if counts[w] > 0) / len(words) if words else 1.0
        kept = _selective(conn, counts)
        known = frozenset(t for t, count in counts.items() if count > 0)
        ranked = _ranked(conn, kept, limit, where) if kept else []
        if kept and sum(counts[t] for t in kept) >= budget(conn) and len(known) >= 2:
            rarest = sorted(known, key=lambda t: (counts[t], terms.index(t)))[:PAIR_WORDS]
            ranked = _before(_ranked(conn, rarest, limit, where, paired=True), ranked, limit)
        return FullText(ranked, share, known)


def _before(
    first: list[tuple[int, float]], then: list[tuple[int, float]], limit: int
) -> list[tuple[int, float]]:
    """`first`'s passages, then `then`'s others, best first: the scores of `first` raised above
    every score of `then` (each ranking's own order kept), so higher stays better."""
    if not first:
        return then
    lift = max((s for _, s in then), default=0.0) - min(s for _, s in first) + 1.0
    seen = {i for i, _ in first}
    merged = [(i, s + max(lift, 0.0)) for i, s in first]
    return (merged + [(i, s) for i, s in then if i not in seen])[:limit]


def ranked_passages(
    conn: Connection, query: str, limit: int, where: PassageFilter = PassageFilter()
) -> list[tuple[int, float]]:
    """(passage id, score) of the best `limit` full-text matches, best first; higher is better."""
    return full_text(conn, query, limit, where).ranked


def _ranked(
    conn: Connection, terms: list[str], limit: int, where: PassageFilter, paired: bool = False
) -> list[tuple[int, float]]:
    """The best `limit` of at most the budget's passages matching any of `terms` (`paired`: at
    least two of them)."""
    # Only fixed SQL and the filter's fixed conditions are joined; every value is a parameter.
    condition, params = where.sql()
    params |= {"budget": budget(conn), "limit": limit}
    if conn.dialect.name == "sqlite":
        sql = text(
            "SELECT id, score FROM (SELECT passages_fts.rowid AS id, "  # noqa: S608
            "-bm25(passages_fts, 2.0, 1.0) AS score "
            f"FROM passages_fts{where.joins('passages_fts.rowid', hinted=True)} "
            f"WHERE passages_fts MATCH :expression{condition} "
            "ORDER BY passages_fts.rowid DESC LIMIT :budget) "
            "ORDER BY score DESC, id LIMIT :limit"
        )
        params["expression"] = (fts5_pairs if paired else fts5_expression)(terms)
    else:
        sql = text(
            "SELECT id, score FROM (SELECT p.id, ts_rank_cd(p.search_vector, q.query) AS score "  # noqa: S608
            f"FROM passages p{where.joins('p.id')}, "
            "(SELECT to_tsquery('english', :terms) || to_tsquery('finnish', :terms) "
            "|| to_tsquery('swedish', :terms) AS query) q "
            f"WHERE p.search_vector @@ q.query{condition} LIMIT :budget) s "
            "ORDER BY score DESC, id LIMIT :limit"
        )
        params["terms"] = (tsquery_pairs if paired else tsquery_text)(terms)
    return [(int(r[0]), float(r[1])) for r in conn.execute(sql, params)]


# The query side of PostgreSQL's search: a term in each passage language's configuration.
_TSQUERY = (
    "(to_tsquery('english', :{0}) || to_tsquery('finnish', :{0}) || to_tsquery('swedish', :{0}))"
)
