"""Each profile section drawn from the part of a document that answers it, by its own rules.

- **overview**: what the company does, as it says it itself: the sentences under a heading such
  as "Company background", "Our company", "In brief", "About ...", and sentences whose subject is
  the issuer and whose verb says what it does ("X is a leading provider", "We design ...").
- **products_services**: the issuer's own list: the headings under a 10-K's products, services,
  segments or markets heading (iPhone, Mac ...; Data Center, Gaming ...), the rows of a table of
  revenue by segment or business area, the names a sentence gives ("the X and Y segments"), the
  headings under a heading that names a segment; with the first sentence of each, never figures.
- **customers**: who buys, and how concentrated: concentration sentences wherever they stand
  ("no single customer accounts for more than ten per cent"), then sentences under customer or
  distribution headings, then descriptions of who the customers are.
- **geography**: sentences naming where the company sells or operates (segments that are places,
  N countries, shares of sales outside the home market, market areas); the breakdown itself is
  the stored revenue geography, added at request.
- **strategy**: stated strategy, goals, targets and outlook: sentences under such headings and
  sentences that state them; never biographies, contact lines, webcast links or remuneration.
- **risks**: as the issuer ranks them: a 10-K's Item 1A risk headings in order; a report's risk
  section in order, its kinds of risk as items.
- **accounting**: critical estimates and policies: the headings and first sentences of a 10-K's
  critical accounting estimates (Item 7); a report's accounting-principles and estimates notes.

Sentences that are off topic anywhere (profile_vocabulary.OFF_TOPIC) are never chosen, and a
10-K's Part III (directors, compensation) is never read. A section with nothing that answers it
stays empty; the caller says why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from filings.companies.geography import classify
from filings.companies.geography_tables import DocumentLine
from filings.companies.profile_document import Block
from filings.companies.profile_vocabulary import (
    CUES,
    FURNITURE,
    HEADINGS,
    OFF_TOPIC,
    PERFORMANCE,
    RISK_FACTOR,
    SECTIONS,
    SEGMENT_KINDS,
    SEGMENT_TABLE,
    STRONG,
    TOPICS,
)

_SENTENCE_END = re.compile(r"(?<=[.!?])[”\"]?\s+(?=[A-ZÅÄÖ“\"(•])")
_DEFINITION = re.compile(
    r"the terms? [“\"]|referred to as|hereinafter|fiscal year (is|ends)|52- or 53-week|"
    r"unless (otherwise stated|the context)|refer(s)? to the|as used in this",
    re.IGNORECASE,
)
_REFERRAL = re.compile(
    r"^with reference to|^(please )?(refer|see)\b|for (more|further) information|"
    r"described in (more detail|the "
    r"annual report|note)|are described in",
    re.IGNORECASE,
)
_PART_THREE = re.compile(r"^item_1[0-4]$|^item_9[bc]?$|^item_1[56]$|^item_4$|^item_5$")
_CRITICAL_END = re.compile(
    r"results of operations|liquidity|recent accounting|executive (overview|summary)|"
    r"off-balance|contractual obligations|non-gaap|quantitative and qualitative|"
    r"management’s discussion|management's discussion|^item |new accounting|recently issued|"
    r"pronouncements|economic and market|other information|legal proceedings|segment$",
    re.IGNORECASE,
)
_PLACE_WORD = re.compile(r"\b[A-ZÅÄÖ][\w’'.-]+(?:\s+[A-ZÅÄÖ][\w’'-]+){0,3}")
_BOILERPLATE = re.compile(
    r"forward-looking|safe harbor|undue reliance|incorporated (herein )?by reference|"
    r"table of contents|should be read (in conjunction|together) with|framtidsinriktad|"
    r"tulevaisuutta koskev|our review|nothing has come to our attention|we have reviewed|"
    r"can be found (on|at|in)|is available (on|at|in) (our|the)|excel format|you should read",
    re.IGNORECASE,
)
_LINES_END = re.compile(
    r"^(innovation|acquisitions?|divestments?|revenues?|net sales|orders|market|review|summary|"
    r"financial|profitability|operating|outlook|events|key figures|sales|employees|capital|"
    r"cash|dividend|parent|other|note|product development|board|ceo|president|the share)",
    re.IGNORECASE,
)
_CRITICAL = re.compile(
    r"critical accounting|significant (accounting )?(estimates|judge?ments)|estimates and "
    r"(judge?ments|assumptions)|bedömningar och uppskattningar|arviot ja harkin",
    re.IGNORECASE,
)
# What a company is, in its own words: "X is a world-leading provider of ...".
_WHAT_IT_IS = re.compile(
    r"\b(is|are) (a|an|the|one of the) ([\w-]+ ){0,5}(leader|leading|company|group|provider|"
    r"supplier|manufacturer|producer|operator|developer|retailer|player|specialist|owner|"
    r"retailers?|companies)\b|\bär (en|ett) |\bon (\w+ ){0,3}(yhtiö|konserni|johtava)",
    re.IGNORECASE,
)
# "As one of the Nordic region's leading suppliers of ..., we help ...".
_AS_ONE_OF = re.compile(
    r"^as (a|an|the|one of the) ([\w’'-]+ ){0,6}(leader|leading|supplier|provider|company|"
    r"manufacturer|producer|operator|retailer|group)[^.]{0,120},\s*(we|our)\b",
    re.IGNORECASE,
)
# A sentence that opens with what its subject does: "We design, develop ...", "Neste uses ...".
_DOES = re.compile(
    r"^([\w&’'.,()-]+\s){1,5}(also )?(designs?|develops?|manufactures?|produces?|provides?|"
    r"offers?|operates?|sells?|supplies|delivers?|serves?|owns?|acquires?|pioneered|uses?|"
    r"creates?|enables?|innovates?|deliver|erbjuder|utvecklar|tillverkar|tarjoaa|valmistaa)\b",
    re.IGNORECASE,
)
# Verbs that say what something is or offers, not how it fared.
_SAYS_WHAT = re.compile(
    r"\b(includes?|including|consists? of|comprises?|offers?|provides?|develops?|designs?|"
    r"manufactures?|produces?|sells?|supplies|delivers?|serves?|markets?|operates?|is (a|an|the)|"
    r"are (a|an|the)|focus(es|ed)? on|specializ\w+|specialis\w+|erbjuder|tillhandahåller|"
    r"utvecklar|tillverkar|tarjoaa|valmistaa|kehittää)\b",
    re.IGNORECASE,
)
_NOT_AN_OFFERING = re.compile(
    r"recogni[sz]ed|performance obligation|right of return|allowance|geographic|expenses|"
    r"costs?\b|margin|CODM|chief operating decision|expected|amortization|impairment|"
    r"restructuring|growth|outlook|divest\w*|performance|profitab\w+|\borders?\b|order intake|"
    r"\bdemand\b|remained|\bflat\b",
    re.IGNORECASE,
)
_NOT_WHERE_IT_SELLS = re.compile(
    r"employees|associates|workforce|headcount|headquarter|tax|exchange rates?|inflation|"
    r"^\(\d\)|warehouses?|risks?\b|subject to|investigation|lawsuit|court|export|licens|"
    r"regulat|government|hired|trainees|recruit",
    re.IGNORECASE,
)
_PEOPLE = re.compile(
    r"employee|talent|workforce|culture|diversity|inclusion|human capital|benefits|associates|"
    r"people|personnel|medarbetare|henkilöstö",
    re.IGNORECASE,
)
MIN_WORDS, MAX_WORDS = 6, 75
KEEP = {
    "overview": 3,
    "products_services": 6,
    "customers": 3,
    "geography": 3,
    "strategy": 4,
    "risks": 6,
    "accounting": 4,
}
FULL_TEXT_CHARS = 20_000


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
        Company or the Group."""
        opening = sentence[:80].lower()
        if re.match(
            r"^(we|our|the company|the group|the corporation|koncernen|konserni|"
            r"yhtiö|bolaget)\b",
            opening,
        ):
            return True
        return any(opening.startswith(n.lower()) for n in self.names)


# --- sentences ---------------------------------------------------------------------------------


def _split(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def _usable(text: str, bullet: bool) -> bool:
    words = text.split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS:
        return False
    if not bullet and text[-1] not in '.!?”"':
        return False
    if sum(w[0].isdigit() for w in words) > len(words) / 3:
        return False
    if not (text[0].isupper() or text[0].isdigit() or text[0] in '“"(' or text[1:2].isupper()):
        return False  # the tail of a sentence cut by a page or a column
    if re.match(r"^\(\d+\)", text) or text.count(")") > text.count("("):
        return False  # a footnote, or a sentence cut after its opening bracket
    opening = [w.lower() for w in words[:3]]
    if any([w.lower() for w in words[i : i + 3]] == opening for i in range(3, 16)):
        return False  # headings run together with their text ("Notes Notes (unaudited) ...")
    return not OFF_TOPIC.search(text) and not _BOILERPLATE.search(text)


def sentences_of(blocks: list[Block]) -> list[Sentence]:
    """The usable sentences of a document, each with the headings above it (nearest first, the
    furniture of tables left out, reset where a 10-K item begins)."""
    out: list[Sentence] = []
    headings: list[str] = []
    item = None
    sectioned = any(b.section for b in blocks)
    for block in blocks:
        if block.section != item:
            item, headings = block.section, []
        if _PART_THREE.match(block.section or "-") or (sectioned and not block.section):
            continue  # a 10-K's Part III, or its cover and contents before Item 1
        if block.kind == "heading":
            if not FURNITURE.search(block.text) or HEADINGS["strategy"].search(block.text):
                headings = [block.text, *headings[:3]]
            continue
        bullet = block.kind == "item"
        for index, text in enumerate(_split(block.text)):
            text = text.lstrip("•·▪■* ").strip()
            if _usable(text, bullet):
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


def _under(sentence: Sentence, section: str, depth: int = 2) -> bool:
    """Whether one of the nearest headings above a sentence names the section (a risk heading
    names no other section: "Risks related to product liability" is not about products)."""
    return any(
        HEADINGS[section].search(h) and (section == "risks" or not HEADINGS["risks"].search(h))
        for h in sentence.headings[:depth]
    )


def _in_items(sentence: Sentence, *items: str) -> bool:
    """Whether a sentence is in one of these 10-K items (item_1 is not item_1a), or in a
    document without items."""
    section = sentence.section
    return not section or any(section == i or section.startswith(f"{i}/") for i in items)


def _not_risk_factor(sentence: Sentence) -> bool:
    return sentence.section != "item_1a" and not RISK_FACTOR.search(sentence.text)


def _pick(
    candidates: Iterable[Sentence], keep: int, rank: Callable[[Sentence], int]
) -> list[Sentence]:
    """The `keep` best-ranked sentences (ties by reading order), no two alike, in reading order."""
    chosen: list[Sentence] = []
    for sentence in sorted(candidates, key=lambda s: (-rank(s), s.position)):
        if rank(sentence) <= 0 or any(_alike(sentence.text, c.text) for c in chosen):
            continue
        chosen.append(sentence)
        if len(chosen) == keep:
            break
    return sorted(chosen, key=lambda s: s.position)


def _alike(a: str, b: str) -> bool:
    wa, wb = set(a.lower().split()), set(b.lower().split())
    return len(wa & wb) >= 0.7 * min(len(wa), len(wb))


# --- sections ----------------------------------------------------------------------------------


def overview(sentences: list[Sentence], issuer: Issuer, listed: set[str]) -> Found:
    """What the company does, as it says itself: under an overview heading, then sentences about
    the issuer that say what it does (not under one product's heading)."""

    def rank(s: Sentence) -> int:
        if s.headings and s.headings[0] in listed:
            return 0
        if not _in_items(s, "item_1") or s.section == "item_1a" or _DEFINITION.search(s.text):
            return 0
        if PERFORMANCE.search(s.text) and re.search(r"\d", s.text):
            return 0
        if RISK_FACTOR.search(s.text) or s.bullet:
            return 0
        about = bool(_AS_ONE_OF.match(s.text)) or (
            issuer.is_subject(s.text)
            and bool(
                _WHAT_IT_IS.search(s.text)
                or (_DOES.match(s.text) and CUES["products_services"].search(s.text))
            )
        )
        under = _under(s, "overview", 1) and (
            bool(s.section) or not re.fullmatch(r"(financial )?overview", s.headings[0], re.I)
        )
        if PERFORMANCE.search(s.text):
            return 0
        return 3 * under + 2 * about + (s.section == "item_1")

    chosen = _pick(sentences, KEEP["overview"], lambda s: rank(s) if rank(s) >= 2 else 0)
    return Found(chosen, source_heading=_heading_of(chosen))


def _descriptive(s: Sentence) -> bool:
    """Not a change of the period, not a risk, not accounting for revenue, not a pointer to
    another part, not a place."""
    return not (
        PERFORMANCE.search(s.text)
        or RISK_FACTOR.search(s.text)
        or _REFERRAL.search(s.text)
        or _NOT_AN_OFFERING.search(s.text)
    )


def products(
    blocks: list[Block], lines: list[DocumentLine], sentences: list[Sentence], issuer: Issuer
) -> Found:
    """The issuer's own list of products, services, segments or business areas."""
    segments = segment_rows(lines) + _named_segments(sentences) + _listed_in_sentences(sentences)
    listed = listed_products(blocks)
    if not any(b.section for b in blocks):  # a report's headings: only those it names segments
        known = {i.name.lower() for i in segments}
        listed = [i for i in listed if i.name.lower() in known]
    items = _unique(listed + segments + _lines_under_segments(blocks, segments))
    firsts = _first_sentences(sentences, {i.name for i in items})

    def rank(s: Sentence) -> int:
        if not _in_items(s, "item_1", "item_7", "item_8") or not _descriptive(s):
            return 0
        if s.section.startswith(("item_7", "item_8")) and not SEGMENT_KINDS.search(s.text):
            return 0
        if _places_named(s.text) >= 2 and "segment" in s.text.lower():
            return 0  # segments that are places: geography
        cue = bool(CUES["products_services"].search(s.text))
        says = bool(_SAYS_WHAT.search(s.text))
        return (
            6 * (s.position in firsts)
            + 3 * (_under(s, "products_services", 1) and cue)
            + 2 * bool(SEGMENT_KINDS.search(s.text) and cue and says)
            + 2 * (issuer.is_subject(s.text) and cue and says)
        )

    chosen = _pick(sentences, KEEP["products_services"], lambda s: rank(s) if rank(s) >= 2 else 0)
    return Found(chosen, items[:20], _heading_of(chosen))


def listed_products(blocks: list[Block]) -> list[Item]:
    """The headings under a 10-K's business description's (or a report's) products, services,
    segments or markets heading, up to a heading of another part of the description."""
    items: list[Item] = []
    listing: str | None = None
    for block in blocks:
        if block.section and block.section != "item_1":
            listing = None
            continue
        if block.kind != "heading":
            continue
        text = block.text.strip("•· ")
        if TOPICS.search(text) or block.text.lower().startswith("item "):
            listing = None
        elif HEADINGS["products_services"].search(text) and _generic(text):
            listing = text
        elif (
            listing is not None
            and not FURNITURE.search(text)
            and len(text.split()) <= 6
            and classify(text) is None
        ):
            items.append(Item(text, block.page_id, block.page_number, listing))
    return items


_GENERIC_WORDS = re.compile(
    r"\b(our|the|and|of|&|information|business|businesses|products?|services|segments?|"
    r"offerings?|solutions|brands|markets|areas?|divisions|reportable|operating|portfolio|"
    r"we|serve|affärsområden?|produkter|tjänster|segment|tuotteet|palvelut|ja|och)\b",
    re.IGNORECASE,
)


def _generic(heading: str) -> bool:
    """A heading made of the products vocabulary alone ("Our Products and Services",
    "Segments"), not a product's own name ("Cloud Services")."""
    return not _GENERIC_WORDS.sub("", heading).strip(" ,-–")


_ROW_LABEL = re.compile(r"^(?P<name>[^\d(%]+?)\s+[-−–(]?\d")
_NOT_A_SEGMENT = re.compile(
    r"^(total|summa|yhteensä|of which|varav|josta|common|other|share|note|change|growth|"
    r"organic|currency|structural|internal|eliminat|övrig|net sales|revenues?|cost|gross|"
    r"operating|financial)|\b(group|koncernen?|konserni)\b|\s[-–]\s",
    re.IGNORECASE,
)


def segment_rows(lines: list[DocumentLine]) -> list[Item]:
    """The row labels of a table of revenue (or orders) by segment or business area: the names of
    the issuer's segments; places, totals, "of which" lines, eliminations and breakdowns of a
    segment left out."""
    items: list[Item] = []
    for index, line in enumerate(lines):
        title = line.text
        if not SEGMENT_TABLE.search(title) or len(title.split()) > 12:
            continue
        if re.search(r"\.{4,}|growth|change|tillväxt|kasvu", title, re.IGNORECASE):
            continue  # a table of contents line, a table of changes
        for following in lines[index + 1 : index + 30]:
            row = _ROW_LABEL.match(following.text)
            if row is None:
                continue
            name = row["name"].strip(" -–:")
            if len(name.split()) > 6 or FURNITURE.search(name) or len(name) < 3:
                continue
            if _NOT_A_SEGMENT.search(name) or classify(name) is not None or TOPICS.search(name):
                continue
            items.append(Item(name, following.page_id, following.page_number, title))
    return _unique(items)


_NOT_A_NAME = re.compile(
    r"^(the|our|its|all|both|each|these|those|four|three|two|five|six|reportable|operating|"
    r"business|geographic|other|total|new|remaining|respective|certain|several|for|in|of|"
    r"company|company’s|company's|group|group’s|group's)\b",
    re.IGNORECASE,
)


def _names_before(text: str) -> list[str]:
    """The capitalised names just before a position, as a list prints them: "Pulp & Paper and
    Industry & Water" gives both."""
    tokens = text.split()
    taken: list[str] = []
    for token in reversed(tokens[-14:]):
        bare = token.strip(",")
        if bare[:1].isupper() or bare in {"&", "and", "of", "for"}:
            taken.insert(0, token)
        else:
            break
    names = re.split(r",\s*|\s+and\s+(?=[A-Z])", " ".join(taken))
    return [n.strip(" ,&") for n in names if n.strip(" ,&")]


def _named_segments(sentences: list[Sentence]) -> list[Item]:
    """Names sentences give the issuer's segments or business areas ("the Pulp & Paper and
    Industry & Water segments"), each named at least twice in the document."""
    found: list[Item] = []
    for s in sentences:
        for match in SEGMENT_KINDS.finditer(s.text):
            for name in _names_before(s.text[: match.start()]):
                name = re.sub(r"^\S+[’']s\s+", "", name)  # a possessive: the issuer's Dental
                if not 1 <= len(name.split()) <= 5 or _NOT_A_NAME.match(name):
                    continue
                if name[0].isupper() and classify(name) is None:
                    found.append(Item(name, s.page_id, s.page_number, match.group().lower()))
    counts: dict[str, int] = {}
    for item in found:
        counts[item.name] = counts.get(item.name, 0) + 1
    return _unique([i for i in found if counts[i.name] >= 2])


_FOLLOWING_LIST = re.compile(
    r"\b(following|these|two|three|four|five|six|seven) (product )?(categories|segments|"
    r"business areas|divisions|brands|product lines|markets|business units)\s*(:|are|include)"
    r"\s*(?P<list>.+)$",
    re.IGNORECASE,
)


def _listed_in_sentences(sentences: list[Sentence]) -> list[Item]:
    """The names a sentence lists after "the following categories:" or "four business areas:",
    in the business description."""
    items: list[Item] = []
    for s in sentences:
        match = _FOLLOWING_LIST.search(s.text)
        if match is None or not _in_items(s, "item_1"):
            continue
        parts = re.split(
            r";\s*(?:and\s+)?|,\s*(?:and\s+)?(?=[A-Z])|\s+and\s+(?=[A-Z])", match["list"]
        )
        for part in parts:
            name = part.strip(" .;:")
            if 1 <= len(name.split()) <= 8 and classify(name) is None:
                items.append(Item(name, s.page_id, s.page_number, match.group(3).lower()))
    return items


def _lines_under_segments(blocks: list[Block], segments: list[Item]) -> list[Item]:
    """In a report, the headings right under a heading that names a segment, on its page, up to
    the segment's figures: its product lines."""
    if any(b.section for b in blocks):
        return []
    names = {i.name.lower() for i in segments}
    items: list[Item] = []
    current: Block | None = None
    for block in blocks:
        if block.kind != "heading":
            continue
        text = block.text
        if text.lower() in names:
            current = block
        elif current is not None:
            if block.page_id != current.page_id or _LINES_END.match(text):
                current = None
            elif (
                not FURNITURE.search(text)
                and not TOPICS.search(text)
                and classify(text) is None
                and len(text.split()) <= 6
            ):
                items.append(Item(text, block.page_id, block.page_number, current.text))
    return items[:16]


def _unique(items: list[Item]) -> list[Item]:
    seen: set[str] = set()
    out = []
    for item in items:
        key = item.name.lower()
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _first_sentences(sentences: list[Sentence], names: set[str]) -> set[int]:
    """Positions of the first sentence under each listed heading."""
    firsts: dict[str, int] = {}
    for s in sentences:
        if s.headings and s.headings[0] in names and s.headings[0] not in firsts:
            firsts[s.headings[0]] = s.position
    return set(firsts.values())


def _places_named(text: str) -> int:
    return sum(classify(m.group()) is not None for m in _PLACE_WORD.finditer(text))


def customers(sentences: list[Sentence]) -> Found:
    """Who buys, and how concentrated."""

    def rank(s: Sentence) -> int:
        if not _not_risk_factor(s) or not CUES["customers"].search(s.text):
            return 0
        if not _in_items(s, "item_1", "item_7", "item_8") or s.section.startswith("item_1c"):
            return 0
        strong = bool(STRONG["customers"].search(s.text))
        if not strong and (PERFORMANCE.search(s.text) and re.search(r"\d", s.text)):
            return 0
        if not strong and _DEFINITION.search(s.text):
            return 0
        return 4 * strong + 3 * _under(s, "customers", 1) + 1 * _in_items(s, "item_1")

    chosen = _pick(sentences, KEEP["customers"], lambda s: rank(s) if rank(s) >= 3 else 0)
    if not chosen:  # who the customers are, as the report's text tells it
        chosen = _pick(
            sentences,
            KEEP["customers"] - 1,
            lambda s: int(
                _not_risk_factor(s)
                and bool(CUES["customers"].search(s.text))
                and not _DEFINITION.search(s.text)
                and (_under(s, "overview", 2) or _under(s, "products_services", 2))
            ),
        )
    return Found(chosen, source_heading=_heading_of(chosen))


def geography(sentences: list[Sentence]) -> Found:
    """Where the company sells and operates, in its own words."""

    def rank(s: Sentence) -> int:
        if not _not_risk_factor(s) or s.section.startswith("item_7a"):
            return 0
        strong = bool(STRONG["geography"].search(s.text))
        places = _places_named(s.text)
        if not strong and (PERFORMANCE.search(s.text) or places < 2):
            return 0
        if _DEFINITION.search(s.text) or _NOT_WHERE_IT_SELLS.search(s.text):
            return 0
        return 3 * strong + 2 * _under(s, "geography", 2) + (3 if places >= 3 else places // 2)

    chosen = _pick(sentences, KEEP["geography"], lambda s: rank(s) if rank(s) >= 3 else 0)
    return Found(chosen, source_heading=_heading_of(chosen))


def _under_strategy(s: Sentence) -> bool:
    """Under a strategy, goals or outlook heading that is not a risk or security heading: the
    nearest two in a 10-K (a strategy and its parts), the nearest in a report."""
    depth = 2 if s.section else 1
    return any(
        HEADINGS["strategy"].search(h) and not re.search(r"risk|cyber|tax|securit", h, re.I)
        for h in s.headings[:depth]
    )


def strategy(blocks: list[Block], sentences: list[Sentence]) -> Found:
    """Stated strategy, goals, targets and outlook; the strategies the issuer names as items."""

    def rank(s: Sentence) -> int:
        if not _not_risk_factor(s) or s.section.startswith(("item_8", "item_7a", "item_1c")):
            return 0
        if _DEFINITION.search(s.text) or _REFERRAL.search(s.text):
            return 0
        if _PEOPLE.search(s.text) or any(_PEOPLE.search(h) for h in s.headings[:2]):
            return 0  # the strategy for the workforce is not the company's strategy
        if re.search(
            r"impairment|goodwill|amortization|recogni[sz]|transaction is subject",
            s.text,
            re.IGNORECASE,
        ):
            return 0
        strong = bool(STRONG["strategy"].search(s.text))
        if PERFORMANCE.search(s.text) and re.search(r"\d", s.text) and not strong:
            return 0
        under = _under_strategy(s)
        cue = bool(CUES["strategy"].search(s.text))
        if s.text.rstrip(".") in named:
            return 0  # the strategy's name is an item
        return 5 * under + 3 * strong + (cue and (under or strong))

    named = {i.name for i in _named_strategies(blocks)}
    chosen = _pick(sentences, KEEP["strategy"], lambda s: rank(s) if rank(s) >= 3 else 0)
    return Found(chosen, _named_strategies(blocks), _heading_of(chosen))


def _named_strategies(blocks: list[Block]) -> list[Item]:
    """The strategies a strategy part names: the short lead sentence of each of its paragraphs
    ("Advancing the NVIDIA accelerated computing platform."), or its bullets."""
    items: list[Item] = []
    inside: str | None = None
    headings_above: list[str] = []
    for block in blocks:
        if block.kind == "heading":
            strategic = HEADINGS["strategy"].search(block.text) and not _PEOPLE.search(
                " ".join(headings_above)
            )
            headings_above = [block.text, *headings_above[:1]]
            inside = (
                block.text if strategic and not re.search(r"risk|cyber", block.text, re.I) else None
            )
            continue
        if inside is None:
            continue
        lead = _split(block.text)[0].lstrip("•· ")
        if (
            2 <= len(lead.split()) <= 9
            and (lead.endswith(".") or block.kind == "item")
            and not re.search(r"\d", lead)
            and not OFF_TOPIC.search(lead)
        ):
            items.append(Item(lead.rstrip("."), block.page_id, block.page_number, inside))
    return _unique(items)[:8]


def risks(blocks: list[Block], sentences: list[Sentence]) -> Found:
    """The risks, as the issuer ranks them."""
    item_1a = [b for b in blocks if b.section == "item_1a"]
    if item_1a:
        return _risk_headings(item_1a)
    under = [
        s
        for s in sentences
        if _under(s, "risks", 1) and not s.section and not _REFERRAL.search(s.text)
    ]
    referrals = [s for s in sentences if _under(s, "risks", 1) and _REFERRAL.search(s.text)]
    chosen = (under or referrals)[: KEEP["risks"]]
    kinds = _risk_kinds(blocks)
    return Found(chosen, kinds, _heading_of(chosen))


def _risk_headings(blocks: list[Block]) -> Found:
    """Item 1A's risk headings (one-sentence paragraphs and bullets), in the filing's order; the
    category headings above them as items."""
    chosen: list[Sentence] = []
    kinds: list[Item] = []
    for block in blocks:
        text = block.text.lstrip("•· ")
        parts = _split(text)
        if block.kind == "heading" and re.search(r"risks?$", text, re.IGNORECASE):
            kinds.append(Item(text, block.page_id, block.page_number))
        elif (
            len(parts) == 1
            and len(text.split()) <= 45
            and text[-1:] in ".!?"
            and _usable(text, True)
            and not _REFERRAL.search(text)
        ):
            chosen.append(
                Sentence(
                    text, block.page_id, block.page_number, block.position * 1000, "item_1a", ()
                )
            )
        if len(chosen) == KEEP["risks"]:
            break
    return Found(chosen, kinds, "Item 1A. Risk Factors")


def _risk_kinds(blocks: list[Block]) -> list[Item]:
    """The headings under a report's risk heading that name kinds of risk."""
    kinds: list[Item] = []
    inside = False
    for block in blocks:
        if block.kind != "heading":
            continue
        if HEADINGS["risks"].search(block.text) and not inside:
            inside = True
            continue
        if inside:
            if re.search(r"\brisks?\b|\brisker\b|\briskit\b", block.text, re.IGNORECASE):
                kinds.append(Item(block.text, block.page_id, block.page_number))
            else:
                inside = False
    return _unique(kinds)[:10]


def accounting(blocks: list[Block], sentences: list[Sentence]) -> Found:
    """Critical estimates and policies."""
    items = _critical_estimates(blocks)
    firsts = _first_sentences(sentences, {i.name for i in items})

    def rank(s: Sentence) -> int:
        if s.section.startswith(("item_1a", "item_7a")) or _REFERRAL.search(s.text):
            return 0
        if s.section and not s.section.startswith(("item_7", "item_8")):
            return 0
        strong = bool(STRONG["accounting"].search(s.text))
        under = _under(s, "accounting", 2)
        return 4 * (s.position in firsts) + 3 * under + 2 * strong

    chosen = _pick(sentences, KEEP["accounting"], lambda s: rank(s) if rank(s) >= 2 else 0)
    return Found(chosen, items, _heading_of(chosen))


def _critical_estimates(blocks: list[Block]) -> list[Item]:
    """The headings under a critical accounting estimates (or a report's estimates and
    judgements) heading, in the same part of the document, up to the next note: the estimates
    the issuer names."""
    items: list[Item] = []
    inside: str | None = None
    section = ""
    for block in blocks:
        if inside is not None and block.section != section:
            inside = None
        if block.kind != "heading":
            continue
        text = block.text
        if _CRITICAL.search(text):
            inside, section = text, block.section
            continue
        if inside is None:
            continue
        if (
            _CRITICAL_END.search(text)
            or FURNITURE.search(text)
            or re.match(r"^note\s*\d", text, re.IGNORECASE)
            or (text.isupper() and len(text) > 12 and not inside.isupper())
            or len(items) >= 10
        ):
            inside = None
            continue
        items.append(Item(text, block.page_id, block.page_number, inside))
    return _unique(items)


def _heading_of(chosen: list[Sentence]) -> str | None:
    return next((s.headings[0] for s in chosen if s.headings), None)


def read_sections(
    blocks: list[Block], issuer: Issuer, lines: list[DocumentLine] | None = None
) -> dict[str, Found]:
    """Every section a document gives, by each section's rules (`lines`: a report's page lines,
    for its tables of revenue by segment)."""
    lines = lines or []
    sentences = sentences_of(blocks)
    listed = {i.name for i in listed_products(blocks)}
    found = {
        "overview": overview(sentences, issuer, listed),
        "products_services": products(blocks, lines, sentences, issuer),
        "customers": customers(sentences),
        "geography": geography(sentences),
        "strategy": strategy(blocks, sentences),
        "risks": risks(blocks, sentences),
        "accounting": accounting(blocks, sentences),
    }
    for section in found.values():
        section.full_text = _full_text(blocks, section) if section.sentences else None
    return {name: found[name] for name in SECTIONS}


def _full_text(blocks: list[Block], section: Found) -> str:
    """The text of the blocks the section's sentences come from and those around them, up to
    FULL_TEXT_CHARS."""
    wanted = {s.position // 1000 for s in section.sentences}
    near = {p + d for p in wanted for d in range(-2, 4)}
    text = "\n\n".join(b.text for b in blocks if b.position in near)
    return text[:FULL_TEXT_CHARS]
