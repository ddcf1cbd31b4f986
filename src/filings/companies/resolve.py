"""Company resolution (decisions.md): ticker, ISIN, CIK, LEI, exact name, then a careful fuzzy
match.

Pure functions over a `CompanyIndex`; the service builds the index from the database.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from filings.core.ids import normalize_cik, normalize_isin, normalize_lei
from filings.core.markets import exchange_suffixes

FUZZY_THRESHOLD = 90.0  # a fuzzy match must score at least this (0-100)
FUZZY_MARGIN = 5.0  # ... and lead every other company by at least this much
FUZZY_MIN_LENGTH = 3  # shorter inputs are never matched fuzzily
ALTERNATIVES_FLOOR = 50.0
MAX_ALTERNATIVES = 5

_EXCHANGE_SUFFIX = re.compile(rf"[\s.:\-]({'|'.join(exchange_suffixes())})$")
_TICKER_SEPARATORS = re.compile(r"[\s.\-/:]+")
_TICKER_LIKE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.\-]{0,7}$")  # one word, as tickers are
_LEGAL_SUFFIXES = frozenset(
    {
        "oyj",
        "abp",
        "ab",
        "publ",
        "asa",
        "as",
        "oy",
        "inc",
        "incorporated",
        "corp",
        "corporation",
        "co",
        "company",
        "ltd",
        "limited",
        "plc",
        "sa",
        "nv",
        "ag",
        "se",
        "the",
    }
)


def _acronym_form(text: str) -> list[str]:
    """An input as an initialism is looked up: one word of capitals, as initialisms are
    written (TSMC, I.B.M.), or none."""
    word = text.strip().replace(".", "")
    if not (word.isalpha() and word.isupper() and len(word) >= _SHORTEST_ACRONYM):
        return []
    return [word.casefold()]


def normalize_ticker(text: str) -> str:
    """A ticker as matched: upper case, separators removed (`ATCO A`, `ATCO-A` → `ATCOA`)."""
    return _TICKER_SEPARATORS.sub("", text.strip().upper())


def ticker_candidates(text: str) -> list[str]:
    """Normalized forms to look a ticker up by: as sent, then without an exchange suffix."""
    raw = text.strip().upper()
    forms = [normalize_ticker(raw)]
    stripped = _EXCHANGE_SUFFIX.sub("", raw)
    if stripped != raw and stripped:
        forms.append(normalize_ticker(stripped))
    return [f for f in forms if f]


def normalize_name(text: str) -> str:
    """A name as matched: accents, case, punctuation and legal suffixes (Oyj, AB (publ)) dropped."""
    decomposed = unicodedata.normalize("NFKD", text.replace("&", " and "))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    tokens = re.sub(r"[^0-9a-z]+", " ", plain).split()
    while len(tokens) > 1 and tokens[-1] in _LEGAL_SUFFIXES:
        tokens.pop()
    while len(tokens) > 1 and tokens[0] == "the":
        tokens.pop(0)
    return " ".join(tokens)


# Legal suffixes that name the kind of company rather than its form: an initialism may take
# their letter (Taiwan Semiconductor Manufacturing Co: TSMC) or leave it out (TSM).
_COMPANY_WORDS = frozenset({"co", "company", "corp", "corporation"})
_ACRONYM_FILLERS = frozenset({"and", "of", "the", "de", "och", "ja"})
_SHORTEST_ACRONYM = 3  # letters; two-letter initialisms name too many companies


def _plain_words(text: str) -> list[str]:
    decomposed = unicodedata.normalize("NFKD", text.replace("&", " and "))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    return re.sub(r"[^0-9a-z]+", " ", plain).split()


def acronyms(name: str) -> set[str]:
    """The initialisms a company is called by, from how its name is written: the initials of
    its words (three or more), with and without a trailing company word (Taiwan Semiconductor
    Manufacturing Co Ltd: `tsm`, `tsmc`; International Business Machines Corp: `ibm`,
    `ibmc`). Fillers (and, of, the) have no letter."""
    words = _plain_words(re.sub(r"\([^)]*\)", " ", name))  # not what brackets add: (bry)
    while words and words[-1] in _LEGAL_SUFFIXES and words[-1] not in _COMPANY_WORDS:
        words.pop()
    with_company = [w for w in words if w not in _ACRONYM_FILLERS]
    without = list(with_company)
    while without and without[-1] in _COMPANY_WORDS:
        without.pop()
    found = set()
    for form in (with_company, without):
        # a word of one letter is a piece of a legal form (A/S, S.A.), not a word of the name
        if len(form) >= _SHORTEST_ACRONYM and all(len(w) > 1 and w[0].isalpha() for w in form):
            found.add("".join(w[0] for w in form))
    return found


def leads(query: str, name: str) -> bool:
    """Whether a normalized `query` is the leading whole words of a normalized `name` (Stora
    of Stora Enso; never Stora of Storage)."""
    return name != query and name.startswith(query + " ")


# A word of a free text as a company name may be written in it: letters, digits, `&`, `.`, `-`
# inside, and a genitive ending after an apostrophe or colon.
_MENTION_WORD = re.compile(r"[\w&][\w&.\-]*(?:['\u2019:][a-z]+)?", re.UNICODE)
_GENITIVES = ("'s", "\u2019s", ":s", ":n", "in", "en", "s", "n")
_SHORTEST_ONE_WORD_NAME = 4  # "Net", "Q3" or "AI" at the head of a question name no company
# Words that end a company's registered name and that it is called without in running text:
# Musti Group is "Musti", Wihlborgs Fastigheter (real estate) is "Wihlborgs".
_DESCRIPTIVE_ENDINGS = frozenset(
    {"group", "groups", "holding", "holdings", "fastigheter", "properties", "konserni", "koncern"}
)
# Finnish consonant gradation: the weak grade a stem shows before a case ending (`Outokummun`,
# `Sammon`) and the strong grade of the name (`Outokumpu`, `Sampo`).
_WEAK_GRADE = re.compile(r"(mm|nn|ll|rr|ng|kk|pp|tt|[kptvd])([aeiouyäö])$")
_STRONG_GRADE = {"mm": "mp", "nn": "nt", "ll": "lt", "rr": "rt", "ng": "nk", "v": "p", "d": "t"}
_STRONG_GRADE |= {c: c + c for c in "kpt"}


def short_name(name: str) -> str | None:
    """A normalized name without the descriptive words that end it (`musti group` -> `musti`),
    when that leaves a name long enough to tell from a word; else None."""
    words = name.split()
    while len(words) > 1 and words[-1] in _DESCRIPTIVE_ENDINGS:
        words.pop()
    shortened = " ".join(words)
    return shortened if shortened != name and len(shortened) >= _SHORTEST_ONE_WORD_NAME else None


def _name_forms(last: str) -> Iterator[str]:
    """The forms a name's last word may have before a possessive or a case ending: as written,
    the ending dropped, and for a Finnish genitive the stem's strong grade too."""
    yield last
    for ending in _GENITIVES:
        if last.endswith(ending) and len(last) > len(ending) + 2:
            stem = last.removesuffix(ending)
            yield stem
            graded = _WEAK_GRADE.search(stem) if ending.endswith("n") else None
            if graded and graded.group(1) in _STRONG_GRADE:
                yield stem[: graded.start()] + _STRONG_GRADE[graded.group(1)] + graded.group(2)


@dataclass(frozen=True)
class CompanyRecord:
    """What resolution needs to know of a company."""

    pk: int
    company_id: str
    company_name: str
    display_name: str
    market: str
    tickers: tuple[str, ...] = ()
    isin: tuple[str, ...] = ()
    cik: str | None = None
    aliases: tuple[str, ...] = ()
    has_data: bool = False  # filings or figures are held for it, not only a registry entry
    lei: tuple[str, ...] = ()  # Legal Entity Identifiers (ESEF filers; SEC registrants with one)

    @property
    def primary_ticker(self) -> str | None:
        """The first listed ticker."""
        return self.tickers[0] if self.tickers else None

    def names(self) -> set[str]:
        """Every normalized name this company answers to."""
        names = {normalize_name(n) for n in (self.company_name, self.display_name, *self.aliases)}
        return {n for n in names if n}


@dataclass(frozen=True)
class Resolved:
    """A company argument resolved to one company."""

    company: CompanyRecord
    matched_by: Literal["ticker", "isin", "cik", "lei", "name", "acronym", "fuzzy", "ticker_typo"]


@dataclass(frozen=True)
class Unresolved:
    """No single company: `not_found`, or `ambiguous` when several match equally well."""

    reason: Literal["not_found", "ambiguous"]
    alternatives: tuple[CompanyRecord, ...] = ()


def _capitalised_run(span: list[str]) -> bool:
    """Whether words may be a company's name as written in a text: each capitalised or a
    number, an `&` between two of them (`Johnson & Johnsonin`)."""
    return all(
        w[:1].isupper() or w[:1].isdigit() or (w == "&" and 0 < n < len(span) - 1)
        for n, w in enumerate(span)
    )


@dataclass
class CompanyIndex:
    """Lookup tables over a set of companies."""

    records: dict[int, CompanyRecord] = field(default_factory=dict)
    by_ticker: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_isin: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_cik: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_lei: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_name: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_acronym: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_first_word: dict[str, set[tuple[str, int]]] = field(default_factory=lambda: defaultdict(set))
    by_short_name: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))

    @classmethod
    def build(cls, records: Iterable[CompanyRecord]) -> CompanyIndex:
        """Index `records` by every identifier and name."""
        index = cls()
        for record in records:
            index.records[record.pk] = record
            for ticker in record.tickers:
                index.by_ticker[normalize_ticker(ticker)].add(record.pk)
            for isin in record.isin:
                index.by_isin[isin.upper()].add(record.pk)
            if record.cik and (cik := normalize_cik(record.cik)):
                index.by_cik[cik].add(record.pk)
            for lei in record.lei:
                index.by_lei[lei.upper()].add(record.pk)
            for name in record.names():
                index.by_name[name].add(record.pk)
                index.by_first_word[name.split(" ", 1)[0]].add((name, record.pk))
                if (short := short_name(name)) is not None:
                    index.by_short_name[short].add(record.pk)
            for acronym in acronyms(record.company_name):
                index.by_acronym[acronym].add(record.pk)
        return index

    def mentioned(self, text: str) -> CompanyRecord | None:
        """The one company with data that a free text names ("What was Atlas Copco's operating
        profit", "Teslan liikevaihto", "Tele2:s intäkter"): a run of one to three capitalised
        words, as written or without a possessive or genitive ending ('s, :s, s; :n, in, en, n:
        "Walmartin", "Nesteen"), that
        is exactly a company's name or alias. None when no name, or more than one company, is
        found."""
        found: set[int] = set()
        for _, held in self._mentions(text):
            found |= held
        return self.records[found.pop()] if len(found) == 1 else None

    def words_naming(self, text: str, company_pk: int) -> list[str]:
        """The words of a free text that name the company (as `mentioned` finds names)."""
        return [w for span, held in self._mentions(text) if company_pk in held for w in span]

    def _mentions(self, text: str) -> Iterator[tuple[list[str], set[int]]]:
        """Each run of words naming companies with data, with the companies it names."""
        words = _MENTION_WORD.findall(text)
        for start in range(len(words)):
            for size in (3, 2, 1):
                span = words[start : start + size]
                if len(span) < size or not _capitalised_run(span):
                    continue
                if size == 1 and len(span[0]) < _SHORTEST_ONE_WORD_NAME:
                    continue
                held = self._named_by(" ".join(span[:-1]), span[-1])
                if held:
                    yield span, held
                    break

    def _named_by(self, head: str, last: str) -> set[int]:
        """The companies with data a run of words names, its last word in any of its forms."""
        for form in _name_forms(last):
            name = normalize_name(f"{head} {form}".strip())
            for table in (self.by_name, self.by_short_name):
                held = {pk for pk in table.get(name, ()) if self.records[pk].has_data}
                if held:
                    return held
        return set()

    def _pick(self, pks: set[int], market: str | None) -> set[int]:
        return {pk for pk in pks if market is None or self.records[pk].market == market}

    def _exact(self, text: str, market: str | None) -> tuple[set[int], str] | None:
        lookups: list[tuple[dict[str, set[int]], list[str], str]] = [
            (self.by_ticker, ticker_candidates(text), "ticker"),
            (self.by_isin, [i] if (i := normalize_isin(text)) else [], "isin"),
            (self.by_cik, [c] if (c := normalize_cik(text)) else [], "cik"),
            (self.by_lei, [e] if (e := normalize_lei(text)) else [], "lei"),
            (self.by_name, [normalize_name(text)], "name"),
        ]
        for table, keys, how in lookups:
            for key in keys:
                found = self._pick(table.get(key, set()), market)
                if found:
                    return found, how
        return None

    def _scores(self, text: str, market: str | None) -> list[tuple[int, float]]:
        query = normalize_name(text)
        choices = {name: pks for name, pks in self.by_name.items() if self._pick(pks, market)}
        best: dict[int, float] = {}
        for name, score, _ in process.extract(
            query, list(choices), scorer=fuzz.WRatio, limit=50, score_cutoff=ALTERNATIVES_FLOOR
        ):
            for pk in self._pick(choices[name], market):
                best[pk] = max(best.get(pk, 0.0), float(score))
        # A name the query begins with, word for word (Stora: Stora Enso), ranks first among
        # equals: it is how short names are written, unlike a part of a word (Storage).
        leading = {pk for pk in best if any(leads(query, n) for n in self.records[pk].names())}
        return sorted(
            best.items(),
            key=lambda item: (
                -item[1],
                item[0] not in leading,
                not self.records[item[0]].has_data,
                self.records[item[0]].company_id,
            ),
        )

    def _leading(self, text: str, market: str | None) -> list[int]:
        """Companies whose name begins with the input's whole words (Stora: Stora Enso), those
        with data first; looked up by the first word, never by scanning every name."""
        query = normalize_name(text)
        if len(query) < FUZZY_MIN_LENGTH:
            return []
        names = self.by_first_word.get(query.split(" ", 1)[0], set())
        found = self._pick({pk for name, pk in names if leads(query, name)}, market)
        return sorted(
            found, key=lambda pk: (not self.records[pk].has_data, self.records[pk].company_id)
        )

    def _ticker_typos(self, text: str, market: str | None) -> list[tuple[int, int]]:
        """Companies whose ticker is one edit (a letter changed, added, dropped or two swapped)
        away from a ticker-like input, closest first, then those we hold data for."""
        query = normalize_ticker(text)
        if not _TICKER_LIKE.match(text.strip()) or len(query) < FUZZY_MIN_LENGTH:
            return []
        found = process.extract(
            query, list(self.by_ticker), scorer=OSA.distance, score_cutoff=1, limit=50
        )
        edits: dict[int, int] = {}
        for ticker, distance, _ in found:
            for pk in self._pick(self.by_ticker[ticker], market):
                edits[pk] = min(edits.get(pk, 99), int(distance))
        return sorted(
            edits.items(),
            key=lambda item: (
                item[1],
                not self.records[item[0]].has_data,
                self.records[item[0]].company_id,
            ),
        )

    def resolve(self, text: str, market: str | None = None) -> Resolved | Unresolved:
        """Resolve a company argument in the order decisions.md gives."""
        exact = self._exact(text, market)
        if exact is not None:
            return self._one_of(*exact)
        # The first words of a name (Stora, of Stora Enso) are how people shorten it: such
        # companies lead the alternatives, and neither an initialism nor a ticker one edit away
        # wins over them (GFG is GFG Resources before Grupo Financiero Galicia).
        leading = self._leading(text, market)
        if not leading:
            acronym = self._pick(
                self.by_acronym.get(next(iter(_acronym_form(text)), ""), set()), market
            )
            if acronym:
                return self._one_of(acronym, "acronym")
        scores = self._scores(text, market)
        by_name = self._by_name(text, scores)
        if isinstance(by_name, Resolved):
            return by_name
        typos = self._ticker_typos(text, market)
        if not typos and not leading:
            return by_name
        # A misspelt ticker (APPL): it resolves only when one company is closest, as a name
        # must dominate, and is not another company than those the name begins (Stora is not
        # Storskogen's STOR); otherwise the closest tickers lead the alternatives.
        closest = [pk for pk, edits in typos if edits == typos[0][1]]
        if len(closest) == 1 and (not leading or closest[0] in leading):
            return Resolved(self.records[closest[0]], "ticker_typo")
        ranked = leading + [pk for pk, _ in typos] + [pk for pk, _ in scores]
        alternatives = tuple(self.records[pk] for pk in dict.fromkeys(ranked))
        reason = "ambiguous" if len(alternatives) > 1 else by_name.reason
        return Unresolved(reason, alternatives[:MAX_ALTERNATIVES])

    def _one_of(self, pks: set[int], how: str) -> Resolved | Unresolved:
        """The one company of an exact match; a tie between an issuer we hold filings for and
        registry-only entries (Atlas Copco in Stockholm and its ADR in the SEC's ticker list)
        goes to the issuer with data; else ambiguous."""
        if len(pks) > 1 and len(held := {pk for pk in pks if self.records[pk].has_data}) == 1:
            pks = held
        if len(pks) == 1:
            return Resolved(self.records[next(iter(pks))], how)  # type: ignore[arg-type]
        ordered = sorted((self.records[pk] for pk in pks), key=lambda r: r.company_id)
        return Unresolved("ambiguous", tuple(ordered[:MAX_ALTERNATIVES]))

    def _by_name(self, text: str, scores: list[tuple[int, float]]) -> Resolved | Unresolved:
        """Fuzzy name matching: one company scoring high and ahead of every other."""
        top = [self.records[pk] for pk, _ in scores[:MAX_ALTERNATIVES]]
        if not scores or len(normalize_name(text)) < FUZZY_MIN_LENGTH:
            return Unresolved("not_found", tuple(top))
        best = scores[0][1]
        if best < FUZZY_THRESHOLD:
            return Unresolved("not_found", tuple(top))
        rivals = [self.records[pk] for pk, score in scores if score > best - FUZZY_MARGIN]
        if len(rivals) > 1:
            return Unresolved("ambiguous", tuple(rivals[:MAX_ALTERNATIVES]))
        return Resolved(rivals[0], "fuzzy")
