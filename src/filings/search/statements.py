"""The primary financial statements, as a question names them and as a page shows them.

A question that names a statement ("based on the balance sheet", "the P&L statement") or a
figure read from one ("the quick ratio", "capex": `glossary.STATEMENT_WORDS`) is answered by a
page of that statement: a table of figures under the statement's caption. Such a page shares
few words with the question, so content search raises the passages that show a named
statement (`search/service.py`, STATEMENT_BOOST), as it raises those of a named company.

A passage shows a statement when the statement's caption (US GAAP and IFRS wording in English,
and the Swedish and Finnish names) heads it, as its title or a short line of its own among its
first lines, and it holds a table: at least MIN_PAIRS times two amounts side by side (the
columns of two periods). The contents page that lists the captions with their page numbers, a
note that mentions "our consolidated balance sheets" in a sentence, or the auditor's report
naming them all do not show one.
"""

from __future__ import annotations

import itertools
import re

from filings.search.glossary import BALANCE, CASH_FLOW, INCOME, STATEMENT_WORDS

# The captions a statement is printed under: a line that begins with the statement's name (after
# the qualifiers a caption carries: "Condensed Consolidated", "Koncernens") and goes on, if at
# all, with what a caption adds (the unit, the dates, the company's name in capitals, before or
# after), not with
# more words of a note's heading ("Balance Sheet Location", "Supplemental Balance Sheet
# Information", "Amounts recognized in the balance sheets").
_QUALIFIERS = (
    r"(?:(?:condensed|consolidated|combined|unaudited|interim|group|parent company|company"
    r"|koncernens|moderbolagets|konsernin|emoyhtiön)\s+)*"
)
_NAMED_BY = r"(?-i:[^a-z]*?)"  # the company's name in capitals before it: "NETFLIX, INC."
_CAPTION_END = (
    r"(?=\s*(?:$|[(\[,\u2013\u2014-]|\d|(?:as of|at|in|years?|year ended)\b|(?-i:[A-Z]{2,})))"
)
_NAMES: dict[str, str] = {
    BALANCE: r"balance sheets?|statements? of financial (?:position|condition)|balansräkning(?:en)?"
    r"|tase",
    INCOME: r"(?:statements? of (?:income|operations|earnings|profit or loss)|income statements?"
    r"|profit and loss (?:statements?|accounts?)|resultaträkning(?:en)?|tuloslaskelma)",
    CASH_FLOW: r"statements? of cash flows?|cash flow statements?|kassaflödesanalys(?:en)?"
    r"|rahavirtalaskelma",
}
CAPTIONS: dict[str, re.Pattern[str]] = {
    kind: re.compile(rf"^{_NAMED_BY}{_QUALIFIERS}(?:{name}){_CAPTION_END}", re.IGNORECASE)
    for kind, name in _NAMES.items()
}
# The names of the statements in a question, in English, Swedish and Finnish (the figures each
# statement shows are in `glossary.STATEMENT_WORDS`).
NAMES_ASKED: dict[str, re.Pattern[str]] = {
    BALANCE: re.compile(
        r"\bbalance sheets?\b|\bstatements? of financial (?:position|condition)"
        r"|\bbalansräkning|\btase(?:essa|en|eseen)?\b",
        re.IGNORECASE,
    ),
    INCOME: re.compile(
        r"\bincome statements?\b|\bP ?& ?L\b|\bprofit and loss|\bstatements? of "
        r"(?:income|operations|earnings)|\bresultaträkning|\btuloslaskelm",
        re.IGNORECASE,
    ),
    CASH_FLOW: re.compile(
        r"\bcash ?flow statements?|\bstatements? of cash flows?|\bkassaflödesanalys"
        r"|\brahavirtalaskelm",
        re.IGNORECASE,
    ),
}
# The words of each statement's captions: what full text looks a named statement's pages up by.
CAPTION_WORDS: dict[str, str] = {
    BALANCE: "consolidated balance sheets statements of financial position balansräkning tase",
    INCOME: "consolidated statements of income operations earnings resultaträkning tuloslaskelma",
    CASH_FLOW: "consolidated statements of cash flows kassaflödesanalys rahavirtalaskelma",
}
HEAD_LINES = 4  # the caption is among a statement page's first lines (company, caption, unit)
BROKEN_WORDS = 2  # a line this short at the head is a word of a heading broken up
CAPTION_MAX_WORDS = 25  # a line of its own ("Consolidated Balance Sheets (in millions) ..."),
# not a sentence of prose that names the statement
MIN_PAIRS = 5  # and the passage is a table: figures side by side, the columns of two periods
_AMOUNT = re.compile(r"^[(\[]?[-\u2013\u2212+]?[$€£]?\d[\d.,]*[%)\]]*$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")  # a column's or a date's year, not an amount
_CURRENCY = frozenset("$€£")


def _figure_pairs(content: str) -> int:
    """How many times two amounts stand side by side (`1,779 1,640`, `$ 689 $ 775`): rows of a
    table of periods, counted the same whether the text keeps a row per line or runs them on.
    Years are no amounts: a contents line's "2022 and 2021 48" is no row."""
    tokens = [t for t in content.split() if t not in _CURRENCY]
    amounts = [bool(_AMOUNT.match(t)) and not _YEAR.match(t) for t in tokens]
    return sum(1 for a, b in itertools.pairwise(amounts) if a and b)


def _head(content: str) -> list[str]:
    """A passage's first HEAD_LINES lines, a heading whose words the text gives a line each
    ("CONSOLIDATED / BALANCE / SHEETS", as letter-spaced PDF headings come out) joined first."""
    lines = content.splitlines()
    broken = 0
    while broken < len(lines) and len(lines[broken].split()) <= BROKEN_WORDS:
        broken += 1
    if broken > 1:
        lines = [" ".join(lines[:broken]), *lines[broken:]]
    return lines[:HEAD_LINES]


def shown(title: str | None, content: str) -> frozenset[str]:
    """The statements a passage shows: a caption at its head, and a table below it."""
    heads = [h for h in [title or "", *_head(content)] if len(h.split()) <= CAPTION_MAX_WORDS]
    found = frozenset(
        kind for kind, caption in CAPTIONS.items() if any(caption.search(h) for h in heads)
    )
    if not found or _figure_pairs(content) < MIN_PAIRS:
        return frozenset()
    return found


def named(question: str) -> frozenset[str]:
    """The statements a question names outright ("based on the balance sheet")."""
    return frozenset(kind for kind, name in NAMES_ASKED.items() if name.search(question))


def read_from(question: str) -> frozenset[str]:
    """The statements that show a figure the question names ("capex", "the quick ratio"), and
    those it names outright."""
    found = set(named(question))
    for pattern, _, shown_in in STATEMENT_WORDS:
        if pattern.search(question):
            found |= shown_in
    return frozenset(found)


def caption_words(kinds: frozenset[str]) -> str:
    """The caption words of the statements, for a full-text ranking of their pages."""
    return " ".join(CAPTION_WORDS[kind] for kind in sorted(kinds))
