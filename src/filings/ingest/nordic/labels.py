"""Line labels of Nordic reports (English, Swedish, Finnish) and the metric keys they carry.

A printed label is normalised first: footnote markers (`¹⁾`, `3)`, `*`), parenthesised asides
(`(see below)`, `(loss)`, `(IFRS)`), note references, units at its end (`, SEK`, `, EUR
million`) and list dashes go; `&` is `and`, `profit/loss` is `profit`. The normalised label is
looked up among the synonyms of each metric; a label one or two letters off a synonym (a
typo: "Cost of good sold") matches it too. A label that qualifies its figure (adjusted,
operative, comparable, underlying, excluding ..., of which, a percentage, a margin, per
cent) never matches a reported metric. Which statement a line sits in, and the heading above
it ("attributable to", "continuing operations"), decide the rest (`map_line`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from filings.ingest.nordic.synonyms import LABELS

# Cost and outflow lines, stored as positive amounts (as US GAAP reports them).
EXPENSES = frozenset(
    {
        "cost_of_revenue",
        "research_and_development",
        "selling_general_and_administrative",
        "depreciation_and_amortization",
        "income_tax",
        "capital_expenditure",
        "dividends_paid",
        "share_repurchases",
    }
)
# Parts of selling, general and administrative expenses printed on lines of their own.
SELLING = (
    "selling expenses",
    "selling costs",
    "sales expenses",
    "marketing expenses",
    "sales and marketing expenses",
    "marketing and sales expenses",
    "selling and marketing expenses",
    "distribution costs",
    "distribution expenses",
    "försäljningskostnader",
    "myynnin ja markkinoinnin kulut",
    "myynti- ja markkinointikulut",
)
ADMINISTRATIVE = (
    "administrative expenses",
    "administration expenses",
    "administrative costs",
    "general and administrative expenses",
    "administrationskostnader",
    "hallinnon kulut",
    "hallintokulut",
)
# Borrowing lines whose sum is total debt (each line counted once; lease lines apart).
BORROWINGS = re.compile(
    r"^(?:(?:non-?current|current|long-term|short-term)\s+)?(?:interest-bearing\s+)?"
    r"(?:borrowings|loans|bonds|bond loans|loans and borrowings|borrowings and loans|"
    r"liabilities to (?:credit|financial) institutions(?: and similar liabilities)?|"
    r"bank loans|commercial papers?|interest-bearing loans|bonds and loans|"
    r"skulder till kreditinstitut|obligationslån|räntebärande lån|lainat|"
    r"korolliset lainat|rahoituslaitoslainat|joukkovelkakirjalainat)"
    r"(?:,?\s*(?:non-?current|current|long-term|short-term))?$"
)

# Words that make a figure something other than the reported line.
_QUALIFIED = re.compile(
    r"\b(?:adjusted|adj\.|operative|operational|comparable|underlying|excl\.?|excluding|"
    r"exclusive|before items|items affecting|of which|whereof|varav|josta|average|margin|"
    r"per cent|percent|growth|organic|rolling|ltm|pro forma|like-for-like|guidance|target|"
    r"change in|share of|ratio|justerad|justerat|jämförbar|jämförelsestörande|vertailukelpoinen|"
    r"oikaistu|keskimäärin|rullande|marginal|liikevoittoprosentti|per employee|"
    r"recurring|cash conversion)\b|%",
    re.I,
)
_FOOTNOTES = re.compile(r"[¹²³⁴⁵⁶⁷⁸⁹⁰⁾*†‡]+|\(\d{1,2}\)|(?<=[a-zåäö)])\d\)|\s\d{1,2}\)")
_ASIDES = re.compile(
    r"\((?:loss|losses|see below|see note \d+|note \d+|ifrs|ebit|ebitda|sek|eur|msek|meur|nok|"
    r"dkk|usd|net|condensed|-|\+|sek m|eur m|sek million|eur million|mkr|tkr|teur|tsek|"
    r"basic|diluted|continuing operations|total operations|total|reported)\)",
    re.I,
)
_UNIT_TAIL = re.compile(
    r"[,;:]?\s*(?:\(?(?:sek|eur|nok|dkk|usd|msek|meur|tsek|teur|ksek|mkr|tkr|sek m|eur m|"
    r"sek million|eur million|eur thousand|sek thousand|sek/share|eur/share|sek per share|"
    r"eur per share|kr|euro|euroa|milj\. euroa|€)\)?)\s*$",
    re.I,
)
_LEAD = re.compile(r"^[\s\-–—•·*+=]+|[\s:;,.\-–—]+$")


@dataclass(frozen=True)
class Label:
    """A normalised label and what its words say about the figure."""

    text: str
    qualified: bool  # adjusted, a margin, "of which" ...
    continuing: bool  # "continuing operations" only
    total_operations: bool  # "total operations", "incl. discontinued"
    percent: bool


def normalize(label: str) -> Label:
    """The label as looked up: lower case, without footnote markers, asides and units."""
    text = label.replace("\u00a0", " ").replace("’", "'").replace("´", "'")
    continuing = bool(
        re.search(r"continuing operations|kvarvarande verksamhet|jatkuvat", text, re.I)
    )
    total_ops = bool(
        re.search(
            r"total operations|all operations|incl(?:uding|\.)? discontinued|"
            r"including discontinued|total verksamhet|koko toiminta",
            text,
            re.I,
        )
    )
    percent = "%" in text
    text = re.sub(r"\((basic|diluted)\)", r" \1", text, flags=re.I)
    text = re.sub(
        r",?\s*(?:from all operations|from total operations|total operations|"
        r"incl(?:uding|\.)? discontinued operations|from continuing operations|"
        r"continuing operations|kvarvarande verksamhet|total verksamhet)",
        " ",
        text,
        flags=re.I,
    )
    text = _FOOTNOTES.sub(" ", text)
    text = _ASIDES.sub(" ", text)
    text = re.sub(r"\bnote\s+\d+(?:[.,]\s*\d+)*\b", " ", text, flags=re.I)
    text = text.replace("&", " and ").replace("＆", " and ")
    text = re.sub(r"\bcash-?flow\b", "cash flow", text, flags=re.I)
    text = re.sub(r"\bprofit\s*/\s*loss\b|\bprofit\s*\(\s*loss\s*\)", "profit", text, flags=re.I)
    text = re.sub(r"\bearnings\s*\(\s*loss\s*\)", "earnings", text, flags=re.I)
    text = re.sub(r"\bincome\s*/\s*loss\b|\bresult\s*/\s*loss\b", "income", text, flags=re.I)
    text = re.sub(r"\bvoitto\s*/\s*tappio\b|\btulos\s*/\s*tappio\b", "tulos", text, flags=re.I)
    text = re.sub(r"\bs\s*g\s*and\s*a\b|\bsg&a\b", "sga", text, flags=re.I)
    text = re.sub(r"\br\s*and\s*d\b|\br&d\b", "r and d", text, flags=re.I)
    for _ in range(2):
        text = _UNIT_TAIL.sub("", text.strip())
        text = _LEAD.sub("", text)
    text = re.sub(r"[,;:]\s*(?:continuing operations|total operations)$", "", text, flags=re.I)
    text = re.sub(r"\s*,\s*", ", ", text)
    text = re.sub(r"\s+", " ", text).strip(" ,;:-").lower()
    return Label(text, bool(_QUALIFIED.search(label)), continuing, total_ops, percent)


_BY_LABEL = {label: key for key, labels in LABELS.items() for label in labels}
# Synonyms by word count and first three letters: a typo keeps both (`_few_edits`).
_BY_SHAPE: dict[tuple[int, str], list[str]] = {}
for _label in _BY_LABEL:
    _BY_SHAPE.setdefault((len(_label.split()), _label[:3]), []).append(_label)
_BOTH_EPS = re.compile(
    r"^(?:earnings|profit|result) per share(?:,)? (?:basic and diluted|before and after dilution)|"
    r"^(?:basic and diluted|diluted and basic) (?:earnings per share|eps)|"
    r"^eps,? basic and diluted|^resultat per aktie (?:före och efter|efter och före) utspädning|"
    r"^osakekohtainen tulos,? laimentamaton ja laimennettu"
)
_TAILS = (
    " at end of period",
    " at the end of the period",
    " at end of the period",
    " at period end",
    " at the end of the year",
    " at year-end",
    " at year end",
    ", end of period",
    " end of period",
    " vid periodens slut",
    " kauden lopussa",
    " for the period",
    " for the year",
    " total",
    ", total",
    " total operations",
    ", total operations",
    " from continuing operations",
    ", continuing operations",
    " continuing operations",
)
PARENT_OWNERS = re.compile(
    r"^(?:to )?(?:the )?(?:owners|shareholders|equity holders|stockholders|holders)"
    r"(?: of the)? parent(?: company)?(?:'s)?(?: shareholders| owners)?$|"
    r"^(?:the )?parent company(?:'s)? (?:shareholders|owners|equity holders)$|"
    r"^(?:the )?parent company$|^owners of the company$|^shareholders of the company$|"
    r"^moderbolagets (?:aktieägare|ägare)$|^emoyhtiön (?:omistajille|osakkeenomistajille)$"
)


_TO_PARENT = {"net_income": "net_income_to_parent", "equity": "equity_to_parent"}
_PROFIT_WORDS = frozenset(
    {
        "profit",
        "net profit",
        "result",
        "net result",
        "earnings",
        "net earnings",
        "income",
        "net income",
        "resultat",
        "tulos",
    }
)


@lru_cache(maxsize=8192)
def lookup(text: str) -> str | None:
    """The metric key of a normalised label: exact, then without a tail that does not change
    the line ("... for the period", "..., total"), then one or two letters off a synonym.
    "<profit or equity> attributable to owners of the parent" is the parent's share."""
    if text in _BY_LABEL:
        return _BY_LABEL[text]
    base, _, owner = text.partition(" attributable to ")
    if owner:
        key = "net_income" if base in _PROFIT_WORDS else lookup(base)
        if key in _TO_PARENT and PARENT_OWNERS.match(owner.strip(" -–:")):
            return _TO_PARENT[key]
        return None
    for tail in _TAILS:
        if text.endswith(tail) and text[: -len(tail)] in _BY_LABEL:
            return _BY_LABEL[text[: -len(tail)]]
    if len(text) >= 12:
        words = text.split()
        for candidate in _BY_SHAPE.get((len(words), text[:3]), ()):
            if _few_edits(text, candidate):
                return _BY_LABEL[candidate]
    return None


def _few_edits(a: str, b: str) -> bool:
    """One word differs by at most two letters, keeping its first three (a typo: `good` for
    `goods`), never a prefix that turns the meaning (`intangible` for `tangible`)."""
    words_a, words_b = a.split(), b.split()
    if len(words_a) != len(words_b):
        return False
    differing = [(x, y) for x, y in zip(words_a, words_b, strict=True) if x != y]
    if len(differing) != 1:
        return False
    x, y = differing[0]
    if x[:3] != y[:3]:
        return False
    matcher = difflib.SequenceMatcher(None, x, y)
    changed = sum(
        max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"
    )
    return changed <= 2


def metrics_for_label(label: str) -> tuple[str, ...]:
    """Every metric key a printed line label carries by its words alone: none, one, or both
    EPS for "earnings per share before and after dilution"."""
    found = normalize(label)
    if found.percent or (found.qualified and not _BOTH_EPS.match(found.text)):
        return ()
    if _BOTH_EPS.match(found.text):
        return ("eps_basic", "eps_diluted")
    key = lookup(found.text)
    return (key,) if key else ()


def metric_for_label(label: str) -> str | None:
    """The metric key a printed line label carries, or None (the first, for a line that states
    two)."""
    keys = metrics_for_label(label)
    return keys[0] if keys else None


def is_selling(text: str) -> bool:
    """Whether a normalised label is a selling (or marketing, distribution) expense line."""
    return text in SELLING


def is_administrative(text: str) -> bool:
    """Whether a normalised label is an administrative expense line."""
    return text in ADMINISTRATIVE


def is_borrowing(text: str) -> bool:
    """Whether a normalised label is a borrowing line (counted in total debt)."""
    return bool(BORROWINGS.match(text)) and "lease" not in text


def slug(text: str) -> str:
    """A key for an issuer's own line: its normalised label in snake case (`Marketing
    expenses` -> `marketing_expenses`)."""
    value = re.sub(r"[^0-9a-zåäö]+", "_", normalize(text).text).strip("_")
    return value.replace("å", "a").replace("ä", "a").replace("ö", "o") or "line"
