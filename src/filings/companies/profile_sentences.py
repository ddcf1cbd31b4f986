"""The sentences a profile is made of: a document's usable sentences with the headings above
them, the issuer's names, and choosing the best few in reading order.

A usable sentence is the issuer's own, 6 to 75 words, begins a sentence (not the tail of one cut
by a page), is no footnote, and is never off topic (profile_vocabulary.OFF_TOPIC) or boilerplate
(forward-looking warnings, cross-references, an auditor's review statement). A 10-K's cover and
Part III are never read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from filings.companies.profile_document import BULLETS, Block
from filings.companies.profile_vocabulary import FURNITURE, HEADINGS, OFF_TOPIC

_SENTENCE_END = re.compile(rf"(?<=[.!?])[”\"]?\s+(?=[A-ZÅÄÖ“\"({BULLETS}])")

_BOILERPLATE = re.compile(
    r"forward-looking|safe harbor|undue reliance|incorporated (herein )?by reference|"
    r"table of contents|should be read (in conjunction|together) with|framtidsinriktad|"
    r"tulevaisuutta koskev|our review|nothing has come to our attention|we have reviewed|"
    r"can be found (on|at|in)|is available (on|at|in) (our|the)|excel format|you should read|"
    # trademark and copyright notices
    r"(registered )?trademarks? (of|owned by)|are the property of their respective|all rights "
    r"reserved|©|varumärken som tillhör|tavaramerkkejä|"
    # why segments are what they are ("These segments reflect the way the Company evaluates its
    # business performance and manages its operations")
    r"reflects? the way (the company|we|management) (evaluates?|manages?|reviews?)|"
    # how segments are reported, which every 10-K's segment note says
    r"operating segments (are|were) the same as (our |its |the )?reportable segments|chief "
    r"operating decision[- ]maker",
    re.IGNORECASE,
)

_CONTACT_LABEL = re.compile(
    r"\b(contacts?|kontakt(er)?|yhteyshenkilö\w*|lisätiedot\w*)\s*:\s*$", re.IGNORECASE
)

# A table's rows run into the sentence after them ("Income Before Provision For Income Taxes
# $ 28,271 $ 29,420 $ 23,967 No single customer accounted for ..."; "... to 737 MAX customers 16
# 14 (498) Total revenues $66,608 $62,286 $58,158 Revenues from ..."): each a label and three or
# more amounts, before a capitalised word.
_TABLE_ROW_BEFORE = re.compile(
    r"^(?:[^.]{0,80}?(?:^|\s)(?:[$€£]?\s?\(?\d[\d,]*(?:\.\d+)?\)?%?\s+){3,})+(?=[A-Z][a-z])"
)

# Rows of a label and one amount in thousands ("Penang, Malaysia 150,000 Assembly, Test, Mark &
# Packaging Suzhou, China 115,000 ...": a table of properties) run into the sentence after them,
# which opens with one of the words sentences open with: each amount followed by a label's
# capital, the rows close together from the start.
_ROW_AMOUNT = re.compile(r"\s\d{1,3}(?:,\d{3})+\s(?=[A-Z])")
_OPENER = re.compile(r"\s(?:The|We|Our|Its|In|As|These|This|All|Each|Substantially)\s")
_ROW_CHARS = 120  # the most characters of a row's label


def _without_labelled_rows(text: str) -> str:
    amounts = list(_ROW_AMOUNT.finditer(text))
    if len(amounts) < 2 or amounts[0].start() > _ROW_CHARS:
        return text
    if any(b.start() - a.end() > _ROW_CHARS for a, b in pairwise(amounts)):
        return text
    opener = _OPENER.search(text, amounts[-1].end())
    if opener is None or opener.start() - amounts[-1].end() > _ROW_CHARS:
        return text
    return text[opener.start() + 1 :]


# A list's marker and the title of its item run into the item's text, whose first word the title
# opens with ("(iii) King Digital Entertainment King is a leading global developer ...").
_MARKER = re.compile(r"^\((?:[ivx]{1,4}|[a-h])\)\s+")
_TITLE_WORDS = 6


def _without_marker_and_title(text: str) -> str:
    marked = _MARKER.match(text)
    if marked is None:
        return text
    words = text[marked.end() :].split()
    for k in range(1, min(_TITLE_WORDS, len(words) - 1) + 1):
        if words[k] == words[0] and all(w[:1].isupper() for w in words[1:k]):
            return " ".join(words[k:])
    return text


# A one-word title a PDF runs into its paragraph, the paragraph's subject after it: "Customers Our
# primary customers are grocery stores, ..."
_RUN_IN_TITLE = re.compile(r"^(?P<title>[A-Z][a-z]{3,}) (?=(Our|We|The|Its) )")


# A note's title of two parts joined by a dash, run into its first sentence ("Financial
# instruments - classification and fair values Tele2's financial assets consist mainly of ..."):
# the title's second part in lower case, then the sentence's capital.
_RUN_IN_NOTE_TITLE = re.compile(
    r"^[A-Z][a-z]+(?: [a-z]+){0,4} [–—] [a-z]+(?: [a-z]+){0,6} (?=[A-Z]\w*[’']?s? [a-z])"
)


def _without_run_in_title(text: str) -> str:
    text = _RUN_IN_NOTE_TITLE.sub("", text, count=1)
    titled = _RUN_IN_TITLE.match(text)
    if titled is None:
        return text
    stem = titled["title"].lower()[:6]
    rest = text[titled.end() :]
    return rest if re.search(rf"\b{stem}", rest, re.IGNORECASE) else text


_PART_THREE = re.compile(r"^item_1[0-4]$|^item_9[bc]?$|^item_1[56]$|^item_4$|^item_5$")

MIN_WORDS, MAX_WORDS = 6, 75
MIN_CHARS = 60  # fewer words, as long as six of English: "Palvelut-liiketoiminta-alue tarjoaa ..."


@dataclass(frozen=True)
class Sentence:
    """A sentence of the document, the headings above it (nearest first) and its page."""

    text: str
    page_id: str
    page_number: int | None
    position: int
    section: str
    headings: tuple[str, ...]
    bullet: bool = False


@dataclass(frozen=True)
class Item:
    """A name in the issuer's own list (a product line, a segment, a kind of risk)."""

    name: str
    page_id: str
    page_number: int | None
    part_of: str | None = None


@dataclass
class Found:
    """What a document gives a section."""

    sentences: list[Sentence] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    source_heading: str | None = None
    full_text: str | None = None
    # the next best sentences, in rank order: what the section takes in place of one a narrower
    # section cites
    spare: list[Sentence] = field(default_factory=list)
    # the segment a sentence speaks of without naming it, by the sentence's position
    about: dict[int, str] = field(default_factory=dict)
    # what the document names of the section's matter only in passing, where the section is
    # empty (the places of an acquisition, a plant or a market's growth), for its reason
    in_passing: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Issuer:
    """The names a document may call its issuer by."""

    names: tuple[str, ...]

    @classmethod
    def of(cls, *names: str | None) -> Issuer:
        """The names and their short forms, without legal suffixes (AB, Oyj, Inc., (publ))."""
        out: list[str] = []
        for name in names:
            if not name:
                continue
            short = re.sub(
                r"[,.]?\s*\b(AB|ASA|A/S|Oyj|Abp|Oy|plc|Inc|Corp|Corporation|Company|Co|Ltd|"
                r"Group|Holding|Fastigheter)\b\.?|\(publ\)|\bThe\b",
                "",
                name,
                flags=re.IGNORECASE,
            ).strip(" ,.")
            out += [name.strip(), short, short.split()[0] if short.split() else ""]
        kept = [n for n in dict.fromkeys(out) if len(n) >= 3]
        return cls(tuple(kept))

    def is_subject(self, sentence: str) -> bool:
        """Whether a sentence is about the issuer itself: it opens with its name, We, Our, the
        Company or the Group, after a word of time if any ("Today, we are ...")."""
        opening = _NOW.sub("", sentence[:100].lower(), count=1)
        if re.match(
            r"^(we|our|the company|the group|the corporation|koncernen|konserni|"
            r"yhtiö|bolaget)\b",
            opening,
        ):
            return True
        named = opening.removeprefix("the ")  # "The Boeing Company, together with ..."
        return any(named.startswith(n.lower()) for n in self.names)


# A sentence whose subject or object is a bare demonstrative says nothing without the sentence
# before it: "This allows us to ...", "These are fundamentally new technologies ...", "Therefore,
# we consider these to be our critical accounting estimates.", "Any of the foregoing events
# could ...", "Detta innebär ...", "Tämä tarkoittaa ...". A demonstrative before its noun
# ("This segment includes ...", "These customers are ...") names what it speaks of and stands.
_BARE_DEMONSTRATIVE = re.compile(
    r"^(?:(?:therefore|thus|accordingly|consequently|as a result|hence),?\s+)?(?:this|that) (?:is|"
    r"was|has|will|can|could|may|would|should|must|might|allows|enables|ensures|means|reflects|"
    r"represents|results|helps|makes|gives|requires|creates|leads|includes|provides)\b|"
    r"^(?:(?:therefore|thus|accordingly|consequently|as a result|hence),?\s+)?(?:these|those) "
    r"(?:are|were|have|will|can|could|may|would|should|include|represent|reflect|allow|enable|"
    r"ensure|mean)\b|\b(?:consider|deem|believe|regard) (?:these|this|those|them|it) (?:to be|as)"
    r"\b|^(?:detta|dessa|det här) (?:är|var|har|innebär|gör|ger|leder|kommer)\b|^(?:tämä|nämä) "
    r"(?:on|ovat|oli|olivat|tarkoittaa|merkitsee|johtaa)\b|^any of (?:the )?(?:foregoing|above)\b|"
    r"\b(?:subject to|owing to|in light of|because of|given) the foregoing\b|"
    # what the sentence before said is done: "We accomplish this by ..."
    r"^(?:we|it|the company) (?:accomplish|achieve|do|deliver)(?:es)? (?:this|that|these|so)\b|"
    r"^it (?:also )?means\b|^(?:and|but|or) |"
    # a part of what was listed before ("Of these facilities, 25 ..."), or a generic noun that
    # only points back ("These factors could ...", "Such events may ...")
    r"^(?:of|among) (?:these|those|them)\b|^(?:these|those|such) (?:factors|risks|events|matters|"
    r"circumstances|conditions|items|developments|changes|actions|measures|steps|efforts)\b|"
    # a pronoun that stands for what was said before ("Indeed, it can help solve ...", "We
    # expect this will be a complex ... initiative"), or the others of what was ("We continue to
    # advance our other strategic initiatives as well.")
    r"^(?:indeed,?\s+)?(?:it|they) (?:can|could|may|might|will|would|helps?|allows?|enables?)\b|"
    r"^indeed\b|\b(?:expect|believe|anticipate) (?:that )?(?:this|these|those|it)"
    r"(?: and other \w+)? (?:will|would|could|may)\b|\bour other\b.*\bas well\.?$",
    re.IGNORECASE,
)

# A word of time before the subject: "Today, we are ...", "Nykyään konserni on ...".
_NOW = re.compile(r"^(today|currently|now|at present|nowadays|nykyään|tänään),?\s+")


# Abbreviations a sentence goes on after ("approx. SEK 4.6 billion", "ca. 200", "e.g. Finland"),
# each a word of its own: a domain that ends a sentence ("bestbuy.ca.") is none.
_ABBREVIATION = re.compile(
    r"(?<![\w.])(approx|appr|ca|e\.g|i\.e|incl|excl|no|nr|vs|resp|abt|n\.b|bl\.a|t\.ex|esim|"
    r"milj|mrd|st)\.$",
    re.IGNORECASE,
)


# A company's legal suffix, whose full stop ends no sentence before the brackets that name it.
_LEGAL_SUFFIX = re.compile(r"\b(Inc|Corp|Co|Ltd|Plc|L\.P|N\.V|S\.A|AG|Oyj|Abp|ASA)\.$")

# "U.S." ends no sentence before the words it qualifies: "U.S. GAAP", "U.S. dollars".
_US_BEFORE = re.compile(r"\bU\.S\.$")
_QUALIFIED_BY_US = re.compile(
    r"^\(?(GAAP|dollars?|Dollars?|federal|Federal|government|Government|Treasury|Securities|"
    r"Department|Food|FDA|SEC|Internal|generally|operations|subsidiaries)\b"
)


def _without_lone_quote_marks(text: str) -> str:
    """A sentence without the quote marks of the quotation it opens or closes: "“We had a
    strong year." and "... is then expected to rise slightly again.”" (a CEO's words quoted over
    several sentences) carry a mark whose pair is in another sentence."""
    if text.startswith("“") and "”" not in text:
        text = text[1:]
    if text.endswith("”") and "“" not in text:
        text = text[:-1]
    return text


def _unclosed(text: str) -> bool:
    return text.count("(") > text.count(")")


def _closes(part: str) -> bool:
    """Whether a part closes a bracket before it opens one, within its first few words."""
    head = part[:40]
    close = head.find(")")
    return close >= 0 and "(" not in head[:close]


def split_sentences(text: str) -> list[str]:
    """A paragraph's sentences; an abbreviation's full stop ends none."""
    out: list[str] = []
    for part in (p.strip() for p in _SENTENCE_END.split(text)):
        qualified = bool(out and _US_BEFORE.search(out[-1]) and _QUALIFIED_BY_US.match(part))
        # "Netflix, Inc. (“Netflix”, “the Company”, ...) is ...": a name's defining brackets
        named = bool(out and _LEGAL_SUFFIX.search(out[-1]) and part.startswith("("))
        # "... the United States Department of Defense (U.S. DoD).": a stop inside brackets that
        # the next part closes ends no sentence
        # "... throughout the U.S. (including the Commonwealth of Puerto Rico ...), Canada, and
        # Mexico.": brackets opening in lower case go on with the sentence before them
        bracketed = bool(out and _unclosed(out[-1]) and _closes(part)) or bool(
            out and re.match(r"\([a-z]{2,}\s", part)  # not a list's "(i)", "(a)"
        )
        joined = qualified or named or bracketed
        if out and (_ABBREVIATION.search(out[-1]) or joined):
            out[-1] = f"{out[-1]} {part}"
        elif part:
            out.append(part)
    return out


# A word in lower case that is not a joining word: a list item with fewer than two says nothing
# of its names (in a sentence, the verb and its object are such words).
_PLAIN_WORD = re.compile(
    r"\b(?!(?:and|or|of|the|och|eller|av|samt|ja|tai|sekä)\b)[a-zåäöéü][a-zåäöéü-]+\b"
)


_ITEM_SEPARATOR = re.compile(r"\s*;(\s+(and|or))?$")


def usable(text: str, bullet: bool, most: int = MAX_WORDS, fewest: int = MIN_WORDS) -> bool:
    words = text.split()
    if len(words) > most or (len(words) < fewest and len(text) < MIN_CHARS):
        return False  # a long word's few words make a sentence (Finnish compounds)
    if not bullet and text[-1] not in '.!?”"' and not _ENDS_IN_ITS_BRACKET.search(text):
        return False
    if text[-1] in ",;":
        return False  # a list item cut before its end ("A focus on primary packaging for ...,")
    if bullet and len(_PLAIN_WORD.findall(text)) < 2:
        return False  # a list of names ("South East Asia, Oceania and India"), not a sentence
    figures = [w for w in words if w[0].isdigit()]
    if len(figures) > len(words) / 3 and sum(w.endswith(",") for w in figures) <= len(figures) / 2:
        return False  # a table's rows; figures listed in prose ("17%, 13%, and 11%,") are not
    if not (text[0].isupper() or text[0].isdigit() or text[0] in '“"(' or text[1:2].isupper()):
        return False  # the tail of a sentence cut by a page or a column
    if re.match(r"^\(\d+\)", text) or text.count(")") > text.count("("):
        return False  # a footnote, or a sentence cut after its opening bracket
    # headings run together with their text ("Notes Notes (unaudited) ..."), repeated as
    # printed (a title's words again in its text, in lower case, are its text: "Changes in
    # Consumer Demand — We are exposed to changes in consumer demand ...")
    if any(words[i : i + 3] == words[:3] for i in range(3, 16)):
        return False
    if _BARE_DEMONSTRATIVE.search(text):
        return False  # it speaks of what the sentence before it said
    return not OFF_TOPIC.search(text) and not _BOILERPLATE.search(text)


# The most list items a lead-in makes one sentence with, and the most words of that sentence: a
# list of a company's targets or offerings runs longer than a sentence of prose (General Mills'
# five long-term growth objectives are 74 words with their lead-in), so it has a cap of its own.
_LIST_ITEMS, MAX_LIST_WORDS = 6, 100
# A paragraph of one sentence that ends in its bracket, no stop after it ("Kemira's operative
# EBITDA is expected to be between EUR 540 and EUR 640 million in 2025 (reported 2024 operative
# EBITDA: EUR 585.4 million)"): a statement, with its verb, of a dozen words or more
_ENDS_IN_ITS_BRACKET = re.compile(
    r"^(?=(\S+\s+){11})(?=.*\b(is|are|was|were|will|has|have|expects?|expected)\b)[^()]*"
    r"(\([^()]*\)[^()]*)*\([^()]*\)$"
)


def _with_its_items(lead: str, blocks: list[Block], position: int) -> str:
    """A lead-in ending in a colon and the list items after it on its page, as one sentence, when
    they are few and end it ("... primarily offering: x86 microprocessors ...; and server and
    embedded CPUs ... for game consoles."); else the lead-in as it is."""
    items: list[str] = []
    for n, block in enumerate(blocks[position + 1 : position + 2 + _LIST_ITEMS]):
        # a PDF may lose the first item's mark: the block right after the colon is the first;
        # an HTML list may keep its marks in paragraphs ("•We intend to ...;")
        listed = (
            block.kind == "item"
            or (n == 0 and block.kind == "text")
            or (block.kind == "text" and block.text.lstrip()[:1] in BULLETS)
        )
        if not listed or block.page_id != blocks[position].page_id:
            break
        text = _MARKER.sub("", block.text.lstrip(f"{BULLETS}* ").strip())
        if len(split_sentences(text)) > 1:
            return lead  # items of sentences of their own
        # several items run on in one line, each after its mark ("2 to 3 percent annual growth
        # in organic net sales; ● mid-single-digit annual growth in adjusted operating profit")
        items += [i.strip() for i in re.split(f"[{BULLETS}]", text) if i.strip()]
    joined = " ".join([lead, *items])
    if not 2 <= len(items) <= _LIST_ITEMS or len(joined.split()) > MAX_LIST_WORDS:
        return lead
    return joined if joined.endswith(".") else lead


# A ratio the sentence names only as "the ratio", which the sentence before it names in full:
# "The net debt to adjusted EBITDA (LTM) ratio improved to 3.0 (3.2). The target to keep the ratio
# below 2.0 remains." says which ratio the target is of only with the sentence before it.
_BARE_NOUN = re.compile(r"\b(?:the|this|that) (ratio|multiple|metric)\b", re.IGNORECASE)


def _names_in_full(text: str, noun: str) -> bool:
    return bool(re.search(rf"\b(?!(?:the|this|that)\b)\w+\)? {noun}\b", text, re.IGNORECASE))


def with_their_referents(parts: list[str]) -> list[str]:
    """A paragraph's sentences, one that names a ratio only as "the ratio" joined to the
    sentence before it that names the ratio in full."""
    out: list[str] = []
    for part in parts:
        bare = _BARE_NOUN.search(part)
        if bare and out and not _names_in_full(part, bare[1]) and _names_in_full(out[-1], bare[1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def sentences_of(blocks: list[Block], also: tuple[str, ...] = ()) -> list[Sentence]:
    """The usable sentences of a document, each with the headings above it (nearest first, the
    furniture of tables left out, reset where a 10-K item begins); `also`: items of a 10-K's
    Part III (and Items 4 and 5) read all the same."""
    out: list[Sentence] = []
    headings: list[str] = []
    item = None
    sectioned = any(b.section for b in blocks)
    contact = False  # in the lines of a contact (names, titles) up to the next paragraph
    for position, block in enumerate(blocks):
        if block.section != item:
            item, headings = block.section, []
        unread = _PART_THREE.match(block.section or "-") and block.section not in also
        if unread or (sectioned and not block.section):
            continue  # a 10-K's Part III, or its cover and contents before Item 1
        if block.kind == "heading":
            if OFF_TOPIC.search(block.text):  # a contact line: the text below is no part of it
                headings, contact = ["", *headings[:3]], True
            elif contact:
                continue  # the contacts' names ("Robert Higginbotham Cara Tocci") head nothing
            elif not FURNITURE.search(block.text) or HEADINGS["strategy"].search(block.text):
                headings = [block.text, *headings[:3]]
            continue
        # a paragraph that ends in a contact's label ("Investor Contact: Media Contact:"): the
        # names under it head nothing
        contact = bool(_CONTACT_LABEL.search(block.text))
        if contact:
            headings = ["", *headings[:3]]
        bullet = block.kind == "item"
        parts = with_their_referents(split_sentences(block.text))
        listed = None  # the lead-in joined with its list items, if so
        if parts and parts[-1].endswith(":"):
            # "We are a global semiconductor company primarily offering:" and its few list items
            # are one sentence, also where the lead-in is a list item of its own ("• Tele2's
            # policy will aim to ... through:" and its two dashed items)
            parts[-1] = _with_its_items(parts[-1], blocks, position)
            listed = len(parts) - 1 if not parts[-1].endswith(":") else None
        for index, text in enumerate(parts):
            text = _TABLE_ROW_BEFORE.sub("", text.lstrip(f"{BULLETS}* ").strip())
            text = _without_labelled_rows(text)
            text = _without_run_in_title(_without_marker_and_title(text))
            text = _without_lone_quote_marks(text)
            if bullet:  # a list item's separator is no part of what it says ("...; and")
                text = _ITEM_SEPARATOR.sub("", text)
            if usable(text, bullet, MAX_LIST_WORDS if index == listed else MAX_WORDS):
                out.append(
                    Sentence(
                        text,
                        block.page_id,
                        block.page_number,
                        block.position * 1000 + index,
                        block.section,
                        tuple(headings),
                        bullet,
                    )
                )
    return out


def is_under(sentence: Sentence, section: str, depth: int = 2) -> bool:
    """Whether one of the nearest headings above a sentence names the section (a risk heading
    names no other section: "Risks related to product liability" is not about products)."""
    return any(
        HEADINGS[section].search(h) and (section == "risks" or not HEADINGS["risks"].search(h))
        for h in sentence.headings[:depth]
    )


def in_items(sentence: Sentence, *items: str) -> bool:
    """Whether a sentence is in one of these 10-K items (item_1 is not item_1a), or in a
    document without items."""
    section = sentence.section
    return not section or any(section == i or section.startswith(f"{i}/") for i in items)


def pick(
    candidates: Iterable[Sentence],
    keep: int,
    rank: Callable[[Sentence], int],
    per_heading: int | None = None,
) -> list[Sentence]:
    """The `keep` best-ranked sentences (ties by reading order), no two alike, in reading order;
    with `per_heading`, at most that many under one heading before the others have theirs."""
    # each ranked once; a sentence ranked nothing is never taken
    ranked = [(r, s) for s in candidates if (r := rank(s)) > 0]
    ordered = [s for _, s in sorted(ranked, key=lambda rs: (-rs[0], rs[1].position))]
    chosen: list[Sentence] = []
    taken: dict[str, int] = {}
    for capped in (True, False) if per_heading else (False,):
        for sentence in ordered:
            if len(chosen) == keep:
                break
            if any(alike(sentence.text, c.text) for c in chosen):
                continue
            heading = sentence.headings[0] if sentence.headings else ""
            if capped and taken.get(heading, 0) >= (per_heading or 0):
                continue
            taken[heading] = taken.get(heading, 0) + 1
            chosen.append(sentence)
    return sorted(chosen, key=lambda s: s.position)


def alike(a: str, b: str) -> bool:
    """Whether two sentences share most of their words (one restates the other): said of the
    same named things, or of other years (a year's statement restated for the year before,
    whoever it names). The same words said of two named things in the same year ("Our Consumer
    segment provides ...", "Our Business segment provides ...") restate neither."""
    lead_a, lead_b = a.partition(":")[0], b.partition(":")[0]
    if ":" in a and ":" in b and lead_a.lower() == lead_b.lower() and len(lead_a.split()) >= 5:
        return True  # one lead-in with its list named in full, and in short ("BCA, BDS, ...")
    if len(_figures(a) & _figures(b)) >= 2:
        return True  # the same targets or guidance in other words ("over 4%", "18-21%")
    if _same_matter(a, b):
        return True
    wa, wb = set(a.lower().split()), set(b.lower().split())
    if len(wa & wb) < 0.7 * min(len(wa), len(wb)):
        return False
    years_a, years_b = set(_YEARS.findall(a)), set(_YEARS.findall(b))
    if years_a and years_b and years_a != years_b:
        return True
    shorter, longer = sorted((a, b), key=lambda text: len(text.split()))
    # a name counts as said where the longer has a word of its stem ("Metabolic", "Metabolism")
    return {n[:_STEM] for n in _names_in(shorter)} <= {w[:_STEM] for w in _words(longer)}


_YEARS = re.compile(r"\b(?:19|20)\d\d\b")
_STEM = 6
# Sentences compared pairwise keep their words and figures at hand (a document's few thousand)
_CACHED_TEXTS = 8192
# A figure as a sentence states it: a percentage, a range, a decimal or a number of thousands
# ("4%", "18-21%", "2.0", "2,800"); a year or a count such as "two" or "17" is none.
_FIGURE = re.compile(
    r"(?<![\w.,])\d+(?:[.,]\d+)*(?:\s?[-–]\s?\d+(?:[.,]\d+)*)?(?:\s?%| per ?cent| procent|"
    r" prosenttia)?"
)


@lru_cache(maxsize=_CACHED_TEXTS)
def _figures(text: str) -> frozenset[str]:
    """The figures a sentence states, spaces and dashes made alike ("18 – 21 %" is "18-21%")."""
    found = set()
    for m in _FIGURE.finditer(text):
        figure = re.sub(r"\s+", "", m.group()).replace("–", "-")
        figure = re.sub(r"(percent|procent|prosenttia)$", "%", figure)
        plain = re.fullmatch(r"\d+", figure)
        if plain and (len(figure) < 3 or _YEARS.fullmatch(figure)):
            continue  # a count or a year
        found.add(figure)
    return frozenset(found)


# The words of a run two sentences share that names what they are about: a run of this many words
# with two names in it ("... ongoing investigations by Ericsson and US governmental authorities")
# says both speak of one matter; the phrases every risk factor ends in ("could have a material
# adverse effect on our business, financial condition and results of operations") name nothing.
_MATTER_RUN = 7
_NO_NAME = frozenset(("company", "group", "corporation", "we", "our", "the", "in", "i"))
_MONTH = re.compile(
    r"january|february|march|april|may|june|july|august|september|october|november|december"
)


def _same_matter(a: str, b: str) -> bool:
    """Whether two sentences share a run of words that names something: one matter, told
    twice."""
    runs_a, runs_b = _runs(a), _runs(b)
    if runs_a.keys().isdisjoint(runs_b.keys()):
        return False
    raw_a, raw_b = a.split(), b.split()
    words_a = _words(a)
    for i in range(len(words_a) - _MATTER_RUN + 1):
        at = runs_b.get(words_a[i : i + _MATTER_RUN])
        if at is None:
            continue
        # two or three names in the run: capitalized in both, neither sentence's first word, no
        # month (one place in common is no matter: "units are located in Belgium, ..."; nor is a
        # list of names: "throughout Europe, North America, Latin America, Africa")
        names = {
            words_a[i + k]
            for k in range(_MATTER_RUN)
            if raw_a[i + k][:1].isupper()
            and raw_b[at + k][:1].isupper()
            and i + k
            and at + k
            and words_a[i + k] not in _NO_NAME
            and not _MONTH.fullmatch(words_a[i + k])
        }
        if 2 <= len(names) <= _MATTER_RUN // 2:
            return True
    return False


@lru_cache(maxsize=_CACHED_TEXTS)
def _runs(text: str) -> dict[tuple[str, ...], int]:
    """Each run of `_MATTER_RUN` words of a sentence (`_words`) and where it starts (the last)."""
    words = _words(text)
    return {words[i : i + _MATTER_RUN]: i for i in range(len(words) - _MATTER_RUN + 1)}


@lru_cache(maxsize=_CACHED_TEXTS)
def _words(text: str) -> tuple[str, ...]:
    """A sentence's words in lower case, bare of punctuation and of a possessive's "'s"."""
    return tuple(_POSSESSIVE.sub("", w.strip(".,;:()[]“”\"'’")).lower() for w in text.split())


_POSSESSIVE = re.compile(r"[’']s$")


def _names_in(text: str) -> set[str]:
    """The capitalized words of a sentence after its first, in lower case (`_words`)."""
    pairs = list(zip(_words(text), text.split(), strict=True))[1:]
    return {word for word, raw in pairs if raw[:1].isupper()}


def unique(items: list[Item]) -> list[Item]:
    seen: set[str] = set()
    out = []
    for item in items:
        key = " ".join(re.findall(r"\w+", item.name.lower()))  # "Stock, and" is "Stock and"
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def heading_of(chosen: list[Sentence]) -> str | None:
    """The heading the first chosen sentence stands under, if it has one."""
    return next((s.headings[0] for s in chosen if s.headings), None) or None
