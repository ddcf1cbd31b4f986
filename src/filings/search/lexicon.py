"""General Finnish and Swedish words to English, for full text across languages beyond the report
vocabulary of `search/glossary.py`: a question's word the glossary does not know is lemmatised
(simplemma: `kaivoksen` -> `kaivos`, `personaloptioner` -> `personaloption`) and looked up in
the FreeDict dictionaries Debian packages (Finnish-English from Wiktionary, 38,000 headwords;
Swedish-English, with English-Swedish read the other way), or, for a compound no dictionary
holds, as its two parts, the longest known last part first (`kaivosyhtiö` -> `kaivos` +
`yhtiö`: mine, company).

The dictionaries are read from `FILINGS_LEXICON_DIR` (default `/usr/share/dictd`, where the
packages `dict-freedict-fin-eng`, `dict-freedict-swe-eng` and `dict-freedict-eng-swe` put them);
without them the lexicon is empty and the glossary alone translates. They are CC BY-SA data,
read where Debian installed them and never copied into this repository.
"""

from __future__ import annotations

import gzip
import os
import re
import threading
from functools import lru_cache
from pathlib import Path

import simplemma

DIRECTORY = Path(os.environ.get("FILINGS_LEXICON_DIR", "/usr/share/dictd"))
# (dictionary, its direction): from the question's language to English, or English to it
SOURCES = {
    "fi": (("fin-eng", False),),
    "sv": (("swe-eng", False), ("eng-swe", True)),
}
SENSES = 2  # the first translations of a headword that are taken (the commonest sense first)
PART = 3  # the shortest part of a compound that is looked up
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_PRONUNCIATION = re.compile(r"/[^/]*/|<[^>]*>")
_NUMBERED = re.compile(r"^\s*\d+\.\s*|\s*\d+\.\s*$")
# English words a translation may hold that would only add noise to a full-text query
_ENGLISH_STOP = frozenset(
    """a an the of to in on at by for from with and or be is are was been as it its that this
    into out up one's someone something sb sth oneself do does make get take have give go come
    put""".split()
)
REVERSED_SENSES = 1  # a word read from the English side counts when one English word names it
_lock = threading.Lock()


def _number(value: str) -> int:
    total = 0
    for c in value:
        total = total * 64 + _B64.index(c)
    return total


def _entries(name: str) -> list[tuple[str, str]]:
    """(headword, entry text) of a dictd dictionary, or none when it is not installed."""
    index, data = DIRECTORY / f"freedict-{name}.index", DIRECTORY / f"freedict-{name}.dict.dz"
    if not index.exists() or not data.exists():
        return []
    body = gzip.decompress(data.read_bytes())
    found = []
    for line in index.read_text(encoding="utf-8").splitlines():
        head, offset, length = line.split("\t")
        if head.startswith("00-database"):
            continue
        start = _number(offset)
        found.append((head, body[start : start + _number(length)].decode("utf-8")))
    return found


def _translations(entry: str) -> list[str]:
    """An entry's translations of its first sense (the line after the headword)."""
    lines = [_PRONUNCIATION.sub("", line).strip() for line in entry.splitlines()]
    body = [line for line in lines[1:] if line]
    if not body:
        return []
    return [t.strip() for t in _NUMBERED.sub("", body[0]).split(",") if t.strip()]


@lru_cache(maxsize=2)
def _dictionary(language: str) -> dict[str, tuple[str, ...]]:
    """The lower-cased words of `language` with their English translations."""
    with _lock:
        found: dict[str, list[str]] = {}
        reversed_words: dict[str, list[str]] = {}
        for name, reverse in SOURCES.get(language, ()):
            for head, entry in _entries(name):
                if not reverse:
                    found.setdefault(head.lower(), []).extend(_translations(entry)[:SENSES])
                    continue
                for line in entry.splitlines()[1:]:  # English headword: its words in `language`
                    for word in _NUMBERED.sub("", line).split(","):
                        word = word.strip().lower()
                        if word and " " not in word:
                            reversed_words.setdefault(word, []).append(head)
        if reversed_words:
            for word, heads in reversed_words.items():
                if len(set(heads)) <= REVERSED_SENSES and word not in found:
                    found[word] = heads
        return {w: tuple(dict.fromkeys(t)) for w, t in found.items()}


def _english(translations: tuple[str, ...], *own: str) -> list[str]:
    """The words of the translations, less function words and the word itself (a name)."""
    words = [w for t in translations for w in re.findall(r"[a-z]+", t.lower())]
    return [
        w for w in dict.fromkeys(words) if w not in _ENGLISH_STOP and len(w) > 1 and w not in own
    ]


def lemma(word: str, language: str) -> str:
    """The word's lemma (lower-cased) in `language` (`fi`, `sv`)."""
    return str(simplemma.lemmatize(word.lower(), lang=language)).lower()


@lru_cache(maxsize=65536)
def english(word: str, language: str) -> tuple[str, ...]:
    """The English words of a Finnish (`fi`) or Swedish (`sv`) word: of its lemma's headword,
    else of the two parts of the compound it is (the longest last part first), else none."""
    dictionary = _dictionary(language)
    if not dictionary:
        return ()
    word = word.lower()
    forms = tuple(dict.fromkeys((lemma(word, language), word)))
    for form in forms:
        if form in dictionary:
            return tuple(_english(dictionary[form], *forms))
    for form in forms:
        for cut in range(PART, len(form) - PART + 1):
            head, tail = form[:cut], form[cut:]
            head_words = dictionary.get(head) or dictionary.get(lemma(head, language))
            if tail in dictionary and head_words:
                return tuple(_english((*head_words[:1], *dictionary[tail][:1]), *forms))
    return ()


def language_of(question: str) -> str | None:
    """`fi` or `sv` when the question is in Finnish or Swedish, else None."""
    shares = dict(simplemma.langdetect(question, lang=("fi", "sv", "en")))
    best = max(("fi", "sv"), key=lambda lang: shares.get(lang, 0.0))
    return best if shares.get(best, 0.0) > shares.get("en", 0.0) else None


def warm() -> None:
    """Read the dictionaries and the lemmatiser's data (about five seconds), so that the first
    Finnish or Swedish question does not wait for them."""
    for language, word in (("fi", "osakkeiden"), ("sv", "bolagen")):
        english(word, language)
    language_of("Mitä yhtiö tekee? Vad gör bolaget?")
