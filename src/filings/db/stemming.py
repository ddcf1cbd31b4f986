"""Words to their stems for SQLite's full-text index, with the Snowball stemmers (PyStemmer):
a passage's words are indexed stemmed in the passage's own language (`Kemiran`, `Kemira` ->
`kemir` in Finnish; `nettoomsättningen` -> `nettoomsättning` in Swedish), and a query's word is
looked up as its stem in each language a passage may be in.

PostgreSQL does the same with its own `finnish`, `swedish` and `english` text-search
configurations (the passage's `search_vector`, `db/fulltext.py`), so this module serves SQLite,
where the stemmed text is computed by the SQL function `filings_stems(language, text)` that
every connection registers (`db/engine.py`).

The Snowball algorithms are fixed, so what a passage was indexed under can be computed again to
remove it; were a stemmer ever to change, `db/fulltext.rebuild_index` indexes every passage anew.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

import Stemmer

# The stemmer of each passage language; any other language is indexed as English.
LANGUAGES = {"en": "english", "fi": "finnish", "sv": "swedish"}
DEFAULT = "en"
SQL_FUNCTION = "filings_stems"
_WORD = re.compile(r"\w+", re.UNICODE)
_local = threading.local()  # a PyStemmer object is not to be shared between threads


def _stemmer(language: str) -> Any:
    stemmers: dict[str, Any] | None = getattr(_local, "stemmers", None)
    if stemmers is None:
        stemmers = _local.stemmers = {}
    algorithm = LANGUAGES.get(language, LANGUAGES[DEFAULT])
    if algorithm not in stemmers:
        stemmers[algorithm] = Stemmer.Stemmer(algorithm)
    return stemmers[algorithm]


def stems(language: str | None, text: str | None) -> str:
    """The text's words lower-cased and stemmed in `language` (en, fi, sv), space-separated:
    what SQLite's index holds of a passage. Words with digits are kept as they are."""
    if not text:
        return ""
    stemmer = _stemmer(language or DEFAULT)
    words = [w.lower() for w in _WORD.findall(text.replace("_", " "))]
    return " ".join(
        w if any(c.isdigit() for c in w) else stemmed
        for w, stemmed in zip(words, stemmer.stemWords(words), strict=True)
    )


@lru_cache(maxsize=65536)
def variants(word: str) -> tuple[str, ...]:
    """A query word's stems in every passage language, each once (`liikevaihdon` ->
    `liikevaihdon`, `liikevaihdo`), the word itself for one with digits."""
    word = word.lower()
    if any(c.isdigit() for c in word):
        return (word,)
    stemmed = (_stemmer(language).stemWord(word) for language in LANGUAGES)
    return tuple(dict.fromkeys(stem or word for stem in stemmed))
