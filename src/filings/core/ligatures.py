"""PDF ligatures read as one letter: where a font's `ff` (or `ffi`, `ffl`) glyph maps to a single
`f`, pdfium gives `af ect` for `affect` and `suf icient` for `sufficient` (the glyph is wider
than the letter, so a space is generated after it). The two halves are joined with the missing
`f` only where the document itself writes the joined word in full elsewhere, and never where
both halves are words the document uses on their own (`of set` stays unless `set` is never a
word of its own there); a document that never writes the word whole keeps what pdfium gave."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

# A word ending in `f`, one space, and a word going on in lower case: `af ect`, `Buf alo`; the
# second word is looked at, not taken, so that it may itself be the head of the next split.
_SPLIT = re.compile(r"\b([^\W\d_]*f) (?=([^\W\d_]+)\b)")
_WORD = re.compile(r"[^\W\d_]+")


def _candidates(texts: list[str], words: Counter[str]) -> Counter[tuple[str, str]]:
    """(head, tail) pairs, lower-cased, whose joined word with `ff` the texts write whole."""
    found: Counter[tuple[str, str]] = Counter()
    for text in texts:
        for match in _SPLIT.finditer(text):
            head, tail = match.group(1).lower(), match.group(2)
            if tail[0].islower() and f"{head}f{tail.lower()}" in words:
                found[(head, tail.lower())] += 1
    return found


def ligature_joiner(texts: list[str]) -> Callable[[str], str] | None:
    """What joins the splits in any text of a document (its pages, or passages cut from them) by
    the spelling of the texts given (a document's pages); None where there is nothing to join."""
    if not any("f " in t for t in texts):
        return None
    words = Counter(w.lower() for t in texts for w in _WORD.findall(t))
    candidates = _candidates(texts, words)
    at_sites: Counter[str] = Counter()
    for (head, tail), count in candidates.items():
        at_sites[head] += count
        at_sites[tail] += count

    def alone(word: str) -> bool:  # used as a word of its own beyond the split sites
        return words[word] > at_sites[word]

    wanted = {pair for pair in candidates if not (alone(pair[0]) and alone(pair[1]))}
    if not wanted:
        return None

    def joined(match: re.Match[str]) -> str:
        head, tail = match.group(1), match.group(2)
        return f"{head}f" if (head.lower(), tail.lower()) in wanted else match.group(0)

    return lambda text: _SPLIT.sub(joined, text)


def join_ligatures(texts: list[str]) -> list[str]:
    """The texts (a document's pages) with every `ff` ligature pdfium read as `f ` joined where
    the document's own spelling shows the word (see the module's docstring)."""
    joiner = ligature_joiner(texts)
    return texts if joiner is None else [joiner(t) for t in texts]
