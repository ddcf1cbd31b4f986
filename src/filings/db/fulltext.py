"""Full-text search over passages, on each backend's own index: SQLite FTS5 (`passages_fts`,
BM25) and PostgreSQL (`search_vector` in the passage's language, `ts_rank_cd`).

A query is never taken as query syntax: it is cut into words (letters and digits), each matched
as a plain term, any of them enough (OR), so quotes, operators, `*`, `NEAR` or parentheses in what
a user typed can never break or steer the search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import Connection, text

MAX_TERMS = 32
_WORD = re.compile(r"\w+", re.UNICODE)


def query_terms(query: str) -> list[str]:
    """The words of a query, lower-cased, each once, in order: the only thing searched for."""
    words = [w.lower() for w in _WORD.findall(query.replace("_", " "))]
    return list(dict.fromkeys(words))[:MAX_TERMS]


def fts5_expression(terms: list[str]) -> str:
    """An FTS5 MATCH expression that ORs the terms, each a quoted string (no syntax inside)."""
    return " OR ".join('"' + term.replace('"', "") + '"' for term in terms)


def tsquery_text(terms: list[str]) -> str:
    """A to_tsquery text that ORs the terms (each only letters and digits)."""
    return " | ".join(terms)


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


def ranked_passages(
    conn: Connection, query: str, limit: int, where: PassageFilter = PassageFilter()
) -> list[tuple[int, float]]:
    """(passage id, score) of the best `limit` full-text matches, best first; higher is better."""
    terms = query_terms(query)
    if not terms:
        return []
    # Only fixed SQL and the filter's fixed conditions are joined; every value is a parameter.
    condition, params = where.sql()
    if conn.dialect.name == "sqlite":
        sql = text(
            "SELECT p.id, -bm25(passages_fts, 2.0, 1.0) AS score FROM passages_fts "  # noqa: S608
            "JOIN passages p ON p.id = passages_fts.rowid "
            "JOIN filings f ON f.id = p.filing_pk "
            f"WHERE passages_fts MATCH :expression{condition} "
            "ORDER BY bm25(passages_fts, 2.0, 1.0) LIMIT :limit"
        )
        params |= {"expression": fts5_expression(terms), "limit": limit}
    else:
        terms = _rare_terms(conn, terms)
        sql = text(
            "SELECT p.id, ts_rank_cd(p.search_vector, q.query) AS score "  # noqa: S608
            "FROM passages p JOIN filings f ON f.id = p.filing_pk, "
            "(SELECT to_tsquery('english', :terms) || to_tsquery('finnish', :terms) "
            "|| to_tsquery('swedish', :terms) AS query) q "
            f"WHERE p.search_vector @@ q.query{condition} "
            "ORDER BY score DESC, p.id LIMIT :limit"
        )
        params |= {"terms": tsquery_text(terms), "limit": limit}
    return [(int(r[0]), float(r[1])) for r in conn.execute(sql, params)]


COMMON_SHARE = 0.05  # on PostgreSQL, a word in more passages than this is dropped like a stopword
# The query side of PostgreSQL's search: a term in each passage language's configuration.
_TSQUERY = (
    "(to_tsquery('english', :{0}) || to_tsquery('finnish', :{0}) || to_tsquery('swedish', :{0}))"
)


def _passage_estimate(conn: Connection) -> int:
    """About how many passages there are: the planner's estimate (no scan), else a count."""
    estimate = conn.execute(
        text("SELECT reltuples FROM pg_class WHERE relname = 'passages'")
    ).scalar()
    if estimate is not None and estimate > 0:
        return int(estimate)
    return int(conn.execute(text("SELECT count(*) FROM passages")).scalar_one())


def _rare_terms(conn: Connection, terms: list[str]) -> list[str]:
    """PostgreSQL's ranking knows no inverse document frequency: the terms without those that
    occur in more than COMMON_SHARE of the passages (`2019` in a 2019 annual report), unless
    nothing else is left. Counting stops at the threshold, so the cost is bounded."""
    cap = max(int(_passage_estimate(conn) * COMMON_SHARE), 1)
    params: dict[str, object] = {f"t{i}": term for i, term in enumerate(terms)} | {"cap": cap}
    columns = ", ".join(
        "(SELECT count(*) FROM (SELECT 1 FROM passages WHERE search_vector @@ "  # noqa: S608
        f"{_TSQUERY.format(name)} LIMIT :cap) c)"
        for name in (f"t{i}" for i in range(len(terms)))
    )
    counts = conn.execute(text(f"SELECT {columns}"), params).one()
    rare = [term for term, count in zip(terms, counts, strict=True) if count < cap]
    return rare or terms


def known_share(conn: Connection, query: str) -> float:
    """The share of the query's words (numbers aside) that occur in any passage at all: how much
    of the query the full-text index can understand (a Finnish question over English reports:
    little). 1.0 when the query has no words but numbers."""
    words = [t for t in query_terms(query) if not t.isdigit()]
    if not words:
        return 1.0
    params: dict[str, object] = {f"t{i}": word for i, word in enumerate(words)}
    if conn.dialect.name == "sqlite":
        params = {k: f'"{v}"' for k, v in params.items()}
        probe = "EXISTS (SELECT 1 FROM passages_fts WHERE passages_fts MATCH :{})"
    else:
        probe = "EXISTS (SELECT 1 FROM passages WHERE search_vector @@ " + _TSQUERY + ")"  # noqa: S608
    columns = ", ".join(probe.format(name) for name in params)
    found = conn.execute(text(f"SELECT {columns}"), params).one()
    return sum(1 for hit in found if hit) / len(words)
