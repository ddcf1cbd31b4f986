"""Which of the issuer's own segments or business areas a cited sentence speaks of, where the
sentence does not name it: the heading it stands under ("Packaging Materials" above "Recycled
containerboard volumes are expected to remain stable") or the sentence that opens its paragraph
("The Compressor Technique business area provides ... Principal product development and
manufacturing units are located in Belgium, ..."). A reader of the sentence alone would not
know; the profile says it beside the sentence (`about`), the text itself as the page prints it.
"""

from __future__ import annotations

import re

from filings.companies.profile_document import Block
from filings.companies.profile_sentences import Issuer, Item, Sentence, split_sentences

# A heading that names a segment with its kind after it ("Power Technique business area").
_KIND = re.compile(
    r"\s+(business area|business segment|segment|division|affärsområde(t)?|"
    r"liiketoiminta-alue|segmentti)$",
    re.IGNORECASE,
)
# The words a paragraph's opening sentence takes to name its subject ("The Compressor Technique
# business area provides ...", "In Packaging Materials, ...").
_OPENING_WORDS = 6
# A sentence about the whole group, not one of its parts.
_THE_GROUP = re.compile(
    r"^(the |our )?(group|company|koncernen|konsernin?|yhtiön?)\b|^(we|our|vi|me)\b", re.I
)


def _top_level(items: list[Item]) -> list[str]:
    """The names of the issuer's list that no other name of it contains (its segments, not the
    product lines under one of them)."""
    names = {i.name for i in items}
    return list(dict.fromkeys(i.name for i in items if i.part_of not in names))


def _names(text: str, names: list[str], flags: re.RegexFlag = re.IGNORECASE) -> list[str]:
    return [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text, flags)]


def _named(text: str, names: list[str]) -> bool:
    """Whether a sentence names one of the names itself, or a part of one ("Flexibles" of
    "Flexibles Segment", "Wearables" of "Wearables, Home and Accessories")."""
    parts = [p for n in names for p in _PARTS.split(_KIND.sub("", n)) if len(p) > 3]
    return bool(_names(text, [*names, *parts]))


# Where a name lists its parts: "Wearables, Home and Accessories", "Display & Solar".
_PARTS = re.compile(r",\s*|\s+(?:and|&|och|ja)\s+")
# A sentence that opens with what it defines ("Corporate and support consists of ..."): about
# that, not about the segment whose heading stands above it.
_DEFINES_ITS_OWN = re.compile(
    r"^[A-Z][\w&,'’. -]{2,60}? (consists? of|comprises?|is comprised of|består av|koostuu)\b"
)


def _heading_name(heading: str, names: list[str]) -> str | None:
    bare = _KIND.sub("", heading.strip().rstrip(":")).casefold()
    return next((n for n in names if n.casefold() == bare), None)


def _heading_near(blocks: list[Block], index: int, heading: str) -> bool:
    """Whether the heading stands at most `_NEAR` paragraphs above the block at `index`, none of
    them opening with a title of its own ("Employee Benefit Plans: The Company sponsors ..."): a
    segment's heading in an MD&A is no heading of the critical estimates after it."""
    for block in reversed(blocks[max(0, index - _NEAR) : index]):
        if block.kind == "heading":
            return block.text == heading
        if _RUN_IN_TITLE.match(block.text):
            return False
    return False


_NEAR = 6
# A paragraph that opens with its own title ("Income Taxes: Income taxes are recorded ...").
_RUN_IN_TITLE = re.compile(r"^[A-Z][\w&,'’ -]{2,60}:\s")


def _opening_name(block: Block, index: int, names: list[str]) -> str | None:
    """In a paragraph whose first sentence opens with one of the names, capitalized as named
    ("The Compressor Technique business area provides ..."; not "For mobility glass processing
    equipment ..."), the name the nearest such sentence before the one at `index` opens with
    (one paragraph may run on from one business area to the next)."""
    opened = [
        _names(" ".join(part.split()[:_OPENING_WORDS]), names, re.NOFLAG)
        for part in split_sentences(block.text)[:index]
    ]
    if not opened or len(opened[0]) != 1:
        return None
    return next((named[0] for named in reversed(opened) if len(named) == 1), None)


def subjects(
    chosen: list[Sentence], blocks: list[Block], items: list[Item], issuer: Issuer
) -> dict[int, str]:
    """For each chosen sentence (by position) that speaks of one of the issuer's segments without
    naming it, that segment's name."""
    # a line named as the issuer is ("Foot Locker" of Foot Locker, Inc.) is no part to tell apart
    called = {name.casefold() for name in issuer.names}
    names = [n for n in _top_level(items) if n.casefold() not in called]
    if len(names) < 2:
        return {}  # one name is the whole business
    index_of = {b.position: i for i, b in enumerate(blocks)}
    out: dict[int, str] = {}
    for s in chosen:
        if _named(s.text, names) or issuer.is_subject(s.text) or _THE_GROUP.match(s.text):
            continue
        if _DEFINES_ITS_OWN.match(s.text):
            continue
        index = index_of.get(s.position // 1000)
        if index is None or _RUN_IN_TITLE.match(blocks[index].text):
            continue  # a paragraph with a title of its own is about that
        name = _heading_name(s.headings[0], names) if s.headings else None
        if name is not None and not _heading_near(blocks, index, s.headings[0]):
            name = None
        if name is None and s.position % 1000:  # not the paragraph's first sentence
            name = _opening_name(blocks[index], s.position % 1000, names)
        if name is not None:
            out[s.position] = name
    return out
