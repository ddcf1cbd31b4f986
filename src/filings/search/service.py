"""Content search inside filings (4.2): full-text and dense-vector rankings of passages, fused.

Each side ranks the best CANDIDATES passages under the filters, and again under the company and
the year the question names (`Focus`: a company's name, `2024`, `Q3`, `kolmannella
neljänneksellä`; of several years the latest), when they go beyond the filters. A question that
names a primary statement, or a figure one shows, brings a ranking of its own: the pages of
those statements, found by their captions (`search/statements.py`); one that asks what the
company does, who its customers are or what it sells, the passages on the pages its profile's
sections were read from (`search/profile_intents.py`). What a question says to
whoever answers it (the answer's format, a fallback) is not searched by full text
(`search/instructions.py`). A Finnish or Swedish question also carries the English words of its
report vocabulary (`search/glossary.py`), and of its other words (`search/lexicon.py`), to both
sides. The rankings are fused by their scores
(each scaled to [0, 1] between its last and first candidate; full text weighted by the share of
the question's words it understands, `understood_share`, the vectors by VECTOR_WEIGHT), and a
passage of the named company or period, or one showing a named statement, has its fused score
raised (COMPANY_BOOST, PERIOD_BOOST, STATEMENT_BOOST): a boost, never a filter. `score` is in
[0, 1]. While the vectors
are still being computed the full-text side answers alone (`mode: fulltext`).
"""

from __future__ import annotations

from collections.abc import Set
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection

from filings.companies.resolve import CompanyIndex
from filings.companies.service import CompanyDirectory, resolve_company
from filings.core.markets import DOCUMENT_TYPES
from filings.core.misses import FailureKind, Miss, invalid_choice, miss
from filings.db.fulltext import PassageFilter, full_text, query_terms
from filings.documents.service import page_citation
from filings.search import glossary, lexicon, profile_intents, queries, statements
from filings.search.periods import NamedPeriod, named_period, period_words
from filings.search.schemas import (
    ContentHit,
    ContentSearchRequest,
    ContentSearchResponse,
    IndexStatus,
)
from filings.search.vectors import E5Embedder, Embedder, VectorIndex

CANDIDATES = 50
FUSION = "scores"  # scores | rrf: see `fuse`
TRANSLATE = True  # full text also searches the English words of a question's fi/sv report words
TRANSLATE_DENSE = True  # and so does the dense query
RRF_K = 60
VECTOR_WEIGHT = 0.35  # the dense ranking's weight in the fusion (full text: its understood share)
KEPT_FIRSTS = 3  # the first passages of each confident side kept near the top (0: none)
CONFIDENT = 0.6  # a side's weight from which its first passages are kept
FOCUS_WEIGHT = 1.0  # a ranking under the named company or period, beside the filters' own
COMPANY_BOOST = 0.5  # a passage of the company the question names: score x (1 + this)
PERIOD_BOOST = 0.5  # a passage of a filing of the period the question names
# The ranking of the pages of the statements a question names, beside full text's: as confident
# as full text when it names them outright ("based on the balance sheet"), less when it only
# names a figure one of them shows ("gross margin" is in the income statement, and in the
# review's prose about it).
STATEMENT_WEIGHT = 1.0
READ_FROM_WEIGHT = 0.5
# The ranking of the pages a company's profile sections were read from, for a question that asks
# what they answer (`search/profile_intents.py`).
PROFILE_WEIGHT = 1.0
STATEMENT_BOOST = 0.5  # a passage that shows a statement the question names (or reads from)


@dataclass
class SearchEngine:
    """What content search keeps per app: the vector index and the (lazily loaded) embedder."""

    index: VectorIndex = field(default_factory=VectorIndex)
    embedder: Embedder | None = None

    _dense: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(2, thread_name_prefix="dense-search")
    )

    def query_vector(self, text: str) -> Any:
        """The query's embedding; the model is loaded on first use."""
        if self.embedder is None:
            self.embedder = E5Embedder()
        return self.embedder.query(text)

    def start_dense(
        self, text: str, limit: int, wheres: list[PassageFilter]
    ) -> Future[list[list[tuple[int, float]] | None]]:
        """The dense rankings under each filter (the query embedded once, then the vectors in
        memory searched) on a thread of their own while the caller runs the full-text part: the
        model, faiss and SQLite all leave the interpreter lock, so the two take the time of the
        slower one."""

        def dense() -> list[list[tuple[int, float]] | None]:
            vector = self.query_vector(text)
            return [self.index.search_loaded(vector, limit, where) for where in wheres]

        return self._dense.submit(dense)


def fuse(
    rankings: list[list[tuple[int, float]]],
    weights: list[float] | None = None,
    method: str | None = None,
) -> list[tuple[int, float]]:
    """Weighted fusion of rankings, (id, score in [0, 1]) best first: `rrf`, reciprocal ranks
    (k = RRF_K), or `scores`, each ranking's scores scaled to [0, 1] between its last and its
    first (min-max) and added up by weight."""
    weights = weights or [1.0] * len(rankings)
    if not rankings or not sum(weights):
        return []
    fused: dict[int, float] = {}
    for weight, ranking in zip(weights, rankings, strict=True):
        if (method or FUSION) == "rrf":
            for rank_, (item, _) in enumerate(ranking, start=1):
                fused[item] = fused.get(item, 0.0) + weight / (RRF_K + rank_)
            continue
        if not ranking:
            continue
        top, low = ranking[0][1], ranking[-1][1]
        for item, score in ranking:
            scaled = (score - low) / (top - low) if top > low else 1.0
            fused[item] = fused.get(item, 0.0) + weight * scaled
    best = sum(weights) / (RRF_K + 1) if (method or FUSION) == "rrf" else sum(weights)
    return sorted(((i, round(s / best, 6)) for i, s in fused.items()), key=lambda x: (-x[1], x[0]))


@dataclass(frozen=True)
class Focus:
    """What a question names without filtering on it: a company (the filter's, or one it
    mentions) and a period. Their passages are searched as rankings of their own and boosted."""

    company_pk: int | None = None
    period: NamedPeriod = field(default_factory=NamedPeriod)
    named_statements: frozenset[str] = frozenset()  # `search/statements.py`: read from
    outright: bool = False  # the question names a statement itself

    def boost(self, row: Any) -> float:
        """The factor a passage's fused score is multiplied by (1 when nothing matches)."""
        factor = 1.0
        if self.company_pk is not None and row.company_pk == self.company_pk:
            factor += COMPANY_BOOST
        if self.period and _in_period(self.period, row.fiscal_year, row.fiscal_quarter):
            factor += PERIOD_BOOST
        if self.named_statements and self.named_statements & statements.shown(
            row.content_title, row.content
        ):
            factor += STATEMENT_BOOST
        return factor

    @property
    def most(self) -> float:
        """The largest factor `boost` gives."""
        return (
            1.0
            + (COMPANY_BOOST if self.company_pk is not None else 0.0)
            + (PERIOD_BOOST if self.period else 0.0)
            + (STATEMENT_BOOST if self.named_statements else 0.0)
        )


def _in_period(period: NamedPeriod, fiscal_year: int | None, quarter: int | None) -> bool:
    """Whether a filing of `fiscal_year` (and `quarter`, None for a year's) is of the period: a
    year's filing counts for its fourth quarter, which it reports."""
    if period.years and fiscal_year not in period.years:
        return False
    return (
        period.quarter is None
        or quarter == period.quarter
        or (quarter is None and period.quarter == 4)
    )


def _focus_filter(conn: Connection, where: PassageFilter, focus: Focus) -> PassageFilter | None:
    """The filter of the named company and year, as a ranking of its own beside `where`;
    None when the question names neither beyond the filters. Of several years named ("from
    FY2020 to FY2022", "FY2023 vs FY2022") the latest: its filing reports the earlier ones as
    comparatives, theirs do not report it. A year the company has no filing of is left out of
    it: the question is about that year as a report of another tells of it (the plans for 2025
    in the 2024 release), and the company's own passages still rise."""
    company_pk = where.company_pk or focus.company_pk
    year = where.year
    if year is None and focus.period.years:
        year = max(focus.period.years)
        if company_pk is not None and year not in queries.fiscal_years(conn, company_pk):
            year = None
    narrowed = PassageFilter(company_pk, year, where.document_type)
    return None if narrowed == where else narrowed


def _for_full_text(query: str) -> str:
    return glossary.for_full_text(query) if TRANSLATE else query


def _unnamed(searched: str, companies: CompanyIndex, where: PassageFilter) -> str:
    """The full-text query of a ranking within one company's passages, without the words that
    name that company: there they tell no passage from another, and would only raise those
    that repeat the name (a proxy statement's "Tesla's ..." above the income statement). The
    query as it is when nothing else would be left."""
    if where.company_pk is None:
        return searched
    naming = {w.casefold() for w in companies.words_naming(searched, where.company_pk)}
    kept = [w for w in searched.split() if w.casefold().strip(".,;:?!") not in naming]
    return " ".join(kept) if kept and naming else searched


def understood_share(
    searched: str, question: str, known: frozenset[str], names: Set[str] = frozenset()
) -> float:
    """The share of the searched words full text understands: a word some passage holds, a
    Finnish or Swedish word whose English words (`glossary`) one holds, or a word naming the
    company the question names (`Teslan`) or its period (`kolmannella neljänneksellä`), which
    the focus stands for. Not counted: numbers, Finnish and Swedish function
    words, and the English words the glossary added (they stand for their word). 1.0 when no
    word is left."""
    language = lexicon.language_of(question)
    added = {w.lower() for w in glossary.english_words(question, language)} - set(
        query_terms(question)
    )
    words = [
        t
        for t in query_terms(searched)
        if not t.isdigit() and t not in added and t not in glossary.FUNCTION_WORDS
    ]
    if not words:
        return 1.0
    understood = [
        w in known
        or w in names
        or any(e.lower() in known for e in glossary.english_words(w, language))
        for w in words
    ]
    return sum(understood) / len(words)


def _focus_words(question: str, companies: CompanyIndex, company_pk: int | None) -> set[str]:
    """The question's words (case-folded) that name its company and its quarter."""
    named = companies.words_naming(question, company_pk) if company_pk is not None else []
    return period_words(question) | {w.casefold() for w in named}


def _statement_pages(
    conn: Connection, named: frozenset[str], where: PassageFilter
) -> list[tuple[int, float]]:
    """The passages that show a named statement, best first: full text of the statements'
    captions, less the passages that only name them (a contents page, a note's sentence)."""
    ranked = full_text(conn, statements.caption_words(named), CANDIDATES, where).ranked
    heads = queries.passage_hits(conn, [i for i, _ in ranked])
    return [
        (i, score)
        for i, score in ranked
        if (r := heads.get(i)) is not None and named & statements.shown(r.content_title, r.content)
    ]


@dataclass(frozen=True)
class Sides:
    """Which rankings a search fuses (both by default; one alone for comparisons)."""

    words: bool = True
    vectors: bool = True


def rank(
    conn: Connection,
    directory: CompanyDirectory,
    request: ContentSearchRequest,
    company_pk: int | None,
    engine: SearchEngine,
    sides: Sides = Sides(),
) -> tuple[list[tuple[int, float]], dict[int, Any], bool]:
    """(passage id, score) best first, the passages' rows by id, and whether the vectors took
    part. Each side ranks under the filters and, where the question names a company or a
    period beyond them, under that focus too; the rankings are fused, and a passage of the
    named company or period is boosted."""
    where = PassageFilter(company_pk, request.year, request.document_type)
    companies = directory.index(conn)
    mentioned = None
    if company_pk is None:
        # A company the question names ("Teslan liikevaihto") without the company filter: its
        # own passages are searched too and rise, without others being left out.
        record = companies.mentioned(request.query)
        mentioned = record.pk if record is not None else None
    focus = Focus(
        mentioned,
        named_period(request.query) if request.year is None else NamedPeriod(),
        statements.read_from(request.query),
        bool(statements.named(request.query)),
    )
    naming = _focus_words(request.query, companies, company_pk or mentioned)
    narrowed = _focus_filter(conn, where, focus)
    wheres = [where] if narrowed is None else [where, narrowed]
    total, with_vectors = engine.index.status(conn)
    # A Finnish or Swedish question meets English text through the report words it uses.
    searched = _for_full_text(request.query)
    started = (
        engine.start_dense(
            glossary.translated(request.query) if TRANSLATE_DENSE else request.query,
            CANDIDATES,
            wheres,
        )
        if sides.vectors and with_vectors == total
        else None
    )
    rankings: list[list[tuple[int, float]]] = []
    weights: list[float] = []
    if sides.words:
        share = 1.0
        for place, filter_ in enumerate(wheres):
            words = full_text(conn, _unnamed(searched, companies, filter_), CANDIDATES, filter_)
            rankings.append(words.ranked)
            # Full text counts as far as it understands the question's words (a Finnish
            # question over English text matches little but the words the glossary translates,
            # the company's name and the period): the vectors carry the rest.
            if not place:
                share = understood_share(searched, request.query, words.known, naming)
            weights.append(share * (FOCUS_WEIGHT if place else 1.0))
        if focus.named_statements:
            # the pages of the statements the question names, looked up by their captions
            for place, filter_ in enumerate(wheres):
                rankings.append(_statement_pages(conn, focus.named_statements, filter_))
                weight = STATEMENT_WEIGHT if focus.outright else READ_FROM_WEIGHT
                weights.append(weight * (FOCUS_WEIGHT if place else 1.0))
        asked = profile_intents.asked_sections(request.query)
        if asked:
            # the pages the company's profile sections were read from, for a question that asks
            # what the company does, who its customers are or what it sells
            for place, filter_ in enumerate(wheres):
                rankings.append(queries.profile_passages(conn, asked, filter_))
                weights.append(PROFILE_WEIGHT * (FOCUS_WEIGHT if place else 1.0))
    dense = started.result() if started is not None else None
    if dense is not None and dense[0] is not None:
        for place, own in enumerate(dense):
            rankings.append(own or [])
            weights.append(VECTOR_WEIGHT * (FOCUS_WEIGHT if place else 1.0))
    fused = fuse(rankings, weights)
    rows = queries.passage_hits(conn, [passage_id for passage_id, _ in fused])
    # each passage's boost, once; a passage gone since the vectors were loaded has no row
    factors = {i: focus.boost(r) / focus.most for i, r in rows.items()}

    def boosted(ranking: list[tuple[int, float]]) -> list[tuple[int, float]]:
        """The ranking with the focus's boosts, best first."""
        raised = [(i, round(score * factors[i], 6)) for i, score in ranking if i in factors]
        return sorted(raised, key=lambda x: (-x[1], x[0]))

    # Each confident side's first passages (under the same boosts) keep a place near the top,
    # so that what one side clearly found is not buried under what both found less well.
    firsts: list[list[int]] = []
    for start in range(0, len(rankings), len(wheres)):  # each side's rankings, fused alone
        side_weights = weights[start : start + len(wheres)]
        if side_weights[0] >= CONFIDENT:
            alone = boosted(fuse(rankings[start : start + len(wheres)], side_weights))
            firsts.append([i for i, _ in alone[:KEPT_FIRSTS]])
    return _keep_firsts(boosted(fused), firsts), rows, dense is not None and dense[0] is not None


def _keep_firsts(
    ranked: list[tuple[int, float]], firsts: list[list[int]]
) -> list[tuple[int, float]]:
    """`ranked` with the n-th first passage of each side moved up, in turn, to place 2, 3, ...
    at the latest; a moved passage takes the score of the one whose place it takes, so the
    scores still fall (or stay) down the list."""
    order = list(ranked)
    slot = 1
    for depth in range(max((len(f) for f in firsts), default=0)):
        for side in firsts:
            if depth >= len(side):
                continue
            at = next((n for n, (i, _) in enumerate(order) if i == side[depth]), None)
            if at is not None and at > slot:
                item, score = order.pop(at)
                order.insert(slot, (item, max(score, order[slot][1])))
            slot += 1
    return order


def _hit(r: Any, score: float) -> ContentHit:
    return ContentHit(
        company_name=r.company_name,
        year=str(r.fiscal_year) if r.fiscal_year is not None else None,
        document_type=r.document_type,
        content=r.content,
        content_title=r.content_title or r.title,  # no heading above: the document's
        docid=r.docid or r.accession_number,
        page_id=r.page_id,
        source_url=r.source_url or f"/api/v1/data/filings/{r.page_id}/snapshot",
        score=score,
        page_number=r.page_number,
        citation_label=page_citation(r, r.page_number, r.printed_page),
    )


def content_search(
    conn: Connection,
    directory: CompanyDirectory,
    request: ContentSearchRequest,
    engine: SearchEngine,
) -> ContentSearchResponse | Miss:
    """Passages matching a natural-language query, best first."""
    if request.document_type is not None and request.document_type not in DOCUMENT_TYPES:
        return invalid_choice("document_type", request.document_type, DOCUMENT_TYPES)
    company_pk = None
    if request.company is not None:
        resolved = resolve_company(conn, directory, request.company)
        if isinstance(resolved, Miss):
            return resolved
        company_pk = resolved.pk
    total, with_vectors = engine.index.status(conn)
    if total == 0:
        return miss(
            "No filing text has been indexed",
            FailureKind.NOT_FOUND,
            company=request.company,
            hint="Ingest filings with `filings ingest` to make their text searchable.",
        )
    ranked, rows, hybrid = rank(conn, directory, request, company_pk, engine)
    return ContentSearchResponse(
        results=[_hit(rows[i], score) for i, score in ranked[: request.limit]],
        total=len(ranked),
        query=request.query,
        mode="hybrid" if hybrid else "fulltext",
        index=IndexStatus(passages=total, with_vectors=with_vectors),
    )
