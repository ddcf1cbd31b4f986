"""The lexicon across languages (`search/lexicon.py`): a Finnish or Swedish question's general
words, which the report glossary does not hold, reach English text through Debian's FreeDict
dictionaries and simplemma's lemmas."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from filings.search import glossary, lexicon

INSTALLED = (lexicon.DIRECTORY / "freedict-fin-eng.index").exists()


def test_the_dictionaries_are_installed_under_ci() -> None:
    # `make` installs them (the Makefile's LEXICON); without them only the glossary translates
    if not INSTALLED and os.environ.get("CI") != "true":
        pytest.skip("Debian's dict-freedict packages are not installed here")
    assert INSTALLED and (lexicon.DIRECTORY / "freedict-swe-eng.index").exists()


needs_dictionaries = pytest.mark.skipif(
    not INSTALLED and os.environ.get("CI") != "true", reason="no FreeDict dictionaries"
)


@needs_dictionaries
@pytest.mark.parametrize(
    ("word", "language", "wanted"),
    [
        ("kaivoksen", "fi", "mine"),  # an inflected form, through its lemma (kaivos)
        ("jalostamon", "fi", "refinery"),
        ("tuomioistuimen", "fi", "court"),
        ("konkurssi", "fi", "bankruptcy"),
        ("työntekijöiden", "fi", "employee"),
        ("tuulivoimala", "fi", "turbine"),
        ("kaivosyhtiö", "fi", "company"),  # a compound no headword holds: its two parts
        ("gruvan", "sv", "mine"),
        ("hyresgäster", "sv", "tenant"),
        ("strejk", "sv", "strike"),
        ("kunderna", "sv", "customer"),
    ],
)
def test_a_word_has_its_english_words(word: str, language: str, wanted: str) -> None:
    assert wanted in lexicon.english(word, language)


@needs_dictionaries
def test_a_name_is_not_translated_into_itself() -> None:
    # `Teslan` is Tesla's genitive: its "translation" would only repeat the name
    assert "tesla" not in lexicon.english("Teslan", "fi")
    assert lexicon.english("xyzzyplugh", "fi") == ()


def test_the_language_of_a_question() -> None:
    assert lexicon.language_of("Miksi Kemiran liikevaihto laski vuonna 2024?") == "fi"
    assert lexicon.language_of("Varför ökade Walmarts rörelsekostnader?") == "sv"
    assert lexicon.language_of("Why did Walmart's operating expenses rise?") is None


@needs_dictionaries
def test_the_glossary_adds_the_lexicons_words_only_where_it_has_none() -> None:
    words = glossary.english_words("Kemin kaivoksen mineraalivarannot kasvoivat")
    assert "mine" in words and "increased" in words  # the lexicon's, then the glossary's
    # an English question is never looked up in the lexicon
    assert glossary.english_words("Why did the mine close") == []


def test_a_named_quarters_words_are_not_translated() -> None:
    # the period's focus stands for them; "third quarter" would raise every passage naming one
    words = glossary.english_words("Ericssonin liikevaihto laski kolmannella neljänneksellä 2025")
    assert "revenue" in words and "quarter" not in words and "third" not in words


@needs_dictionaries
def test_a_report_word_is_found_through_its_lemma() -> None:
    # `velkojen` (of the debts) does not begin with the glossary's `velka`; its lemma does
    assert "debt" in glossary.english_words("Paljonko velkojen korot nousivat?")
    assert "debt" not in glossary.english_words("Paljonko velkojen korot nousivat?", "en")


def test_without_the_dictionaries_only_the_glossary_translates(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(lexicon, "DIRECTORY", tmp_path)
    lexicon._dictionary.cache_clear()
    lexicon.english.cache_clear()
    try:
        assert lexicon.english("kaivoksen", "fi") == ()
        assert "revenue" in glossary.english_words("Kemiran liikevaihto kasvoi")
    finally:
        lexicon._dictionary.cache_clear()
        lexicon.english.cache_clear()
