"""PDF hyphenation marks: pdfium gives a hyphen that breaks a word at a line's end as U+FFFE
(`custom\\uFFFE\\ners`). The mark is never text: the two halves are joined, with the hyphen kept
only where the document writes that word with one (`large-size`) or the second half does not
go on in lower case (`X-AIR`, `report-2025`), and without it otherwise (`customers`)."""

from __future__ import annotations

import re

MARK = "\ufffe"
# A mark, the line break and indentation after it, and the word halves on either side.
_BROKEN = re.compile(r"(\w*)\ufffe[ \t]*(?:\r?\n[ \t]*)?(\w*)")
_HYPHENATED = re.compile(r"\w+(?:-\w+)+")
_WORD = re.compile(r"\w+")


def _vocabulary(texts: list[str]) -> tuple[set[str], set[str]]:
    """(words, hyphenated words) the texts write in full, lower-cased."""
    joined = "\n".join(texts).replace(MARK, " ")
    words = {w.lower() for w in _WORD.findall(joined)}
    hyphenated = {w.lower() for w in _HYPHENATED.findall(joined)}
    return words, hyphenated


def join_hyphenated(texts: list[str]) -> list[str]:
    """The texts (a document's pages) with every hyphenation mark resolved, the document's own
    spelling deciding between `customers` and `large-size`."""
    if not any(MARK in t for t in texts):
        return texts
    words, hyphenated = _vocabulary(texts)

    def joined(match: re.Match[str]) -> str:
        head, tail = match.group(1), match.group(2)
        if not head or not tail:  # a mark with no word on one side: only the mark goes
            return head + tail
        with_hyphen = f"{head}-{tail}"
        if with_hyphen.lower() in hyphenated:
            return with_hyphen
        if (head + tail).lower() in words or tail[0].islower():
            return head + tail
        return with_hyphen

    return [_BROKEN.sub(joined, t).replace(MARK, "") if MARK in t else t for t in texts]


def without_marks(text: str) -> str:
    """One text with its hyphenation marks resolved (no document around it)."""
    return join_hyphenated([text])[0]
