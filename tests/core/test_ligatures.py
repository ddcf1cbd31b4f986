"""`ff` ligatures pdfium reads as `f ` (`core/ligatures.py`): built examples, and Amcor's fiscal
2023 10-K (FinanceBench's development split, read here and never copied), whose bold-italic risk
headings set `ff` as one glyph mapped to `f`."""

from __future__ import annotations

from pathlib import Path

from filings.core.ligatures import join_ligatures
from filings.ingest.documents.reading import read_document
from tests.conftest import unavailable


def test_a_split_is_joined_where_the_document_writes_the_word_whole() -> None:
    pages = [
        "Risks that could adversely af ect our business. Our Chief Executive Of icer and the "
        "sales of af ected products in Buf alo.",
        "Inflation may affect the results, which affected sales; the Officer left Buffalo.",
    ]
    assert join_ligatures(pages)[0] == (
        "Risks that could adversely affect our business. Our Chief Executive Officer and the "
        "sales of affected products in Buffalo."
    )
    assert join_ligatures(pages)[1] == pages[1]


def test_a_split_stays_where_the_document_never_writes_the_word_or_both_halves_are_words() -> None:
    # no "different" anywhere: nothing to go by, nothing guessed
    assert join_ligatures(["Results may be significantly dif erent."]) == [
        "Results may be significantly dif erent."
    ]
    # "of" and "set" are both words of their own here: "of set" may be what it says
    pages = ["The terms of set-off apply; we offset the amounts; a set of rules of set."]
    assert join_ligatures(pages) == pages
    # a word ending in f before a word that ends no ligature stays as it is
    assert join_ligatures(["On behalf of the Chief of Staff, the staff effect."]) == [
        "On behalf of the Chief of Staff, the staff effect."
    ]


def test_the_ligatures_of_amcors_risk_headings_are_read_as_words(corpus: Path) -> None:
    path = corpus / "financebench/pdfs/AMCOR_2023_10K.pdf"
    if not path.is_file():
        unavailable(f"no {path.name} in the corpus")
    pages = read_document(path.read_bytes(), path.name).pages
    # page 14 as printed: "Challenging current and future global economic conditions ...
    # could adversely affect our business." (a heading in bold italics)
    assert "which could adversely affect our business." in pages[13]
    assert not any(" af ect" in page or " ef ect" in page for page in pages)
