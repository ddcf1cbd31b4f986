"""Passages lose no text of their page, titles are headings (never table rows), and PDF
hyphenation marks are resolved: checked on the corpus's own pages and on small texts."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from filings.core.hyphens import MARK, join_hyphenated
from filings.ingest.documents.reading import read_document as read_any_document
from filings.ingest.nordic.documents import read_document
from filings.ingest.passages import (
    MAX_WORDS,
    OVERLAP_WORDS,
    goes_on_from_before,
    is_heading,
    is_table_row,
    paged_passages,
    section_heading,
    split_passages,
    without_furniture,
)
from tests.conftest import unavailable

REPORTS = "nordic/reports"
EN = "\u2013"  # the en dash that notes' headings print between number and name
LEGAL = f"Note 21 {EN} Legal Proceedings"


def _flat(text: str) -> str:
    return " ".join(text.split()).casefold()


def _pages(corpus: Path, name: str) -> list[str]:
    path = next((corpus / REPORTS).rglob(name))
    return read_document(path.read_bytes(), path.name).pages


def test_the_sentence_at_a_heading_like_line_stays_in_a_passage(corpus: Path) -> None:
    # Atlas Copco Q3 2025, page 6 (Industrial Technique), as the report prints it: "Adjusted for
    # restructuring costs of MSEK -53, the margin reached 18.8% (20.6)."
    page = without_furniture(_pages(corpus, "atlas-copco-q3-2025-interim-report.pdf"))[5]
    found = split_passages(page)
    sentence = _flat(
        "Adjusted for restructuring costs of MSEK -53, the margin reached 18.8% (20.6)."
    )
    assert any(sentence in _flat(p.content) for p in found)
    assert all(p.title is None or "restructuring" not in p.title for p in found)
    # The segment's table rows are text of a passage: "Orders received 6 197 6 644 -7% ..."
    assert any(_flat("Orders received 6 197 6 644 -7%") in _flat(p.content) for p in found)


def test_no_line_of_a_report_is_lost_and_no_title_is_a_table_row(corpus: Path) -> None:
    lines = lost = titles = row_titles = 0
    for name in ("tele2-q3-2025-interim-report.pdf", "lifco-annual-report-2019.pdf"):
        for page in without_furniture(_pages(corpus, name)):
            found = split_passages(page)
            text = _flat(" ".join(p.content for p in found))
            for line in (raw.strip() for raw in page.splitlines()):
                if len(line) > 25:
                    lines += 1
                    # a line cut by an overlap repeats across two passages: its halves count
                    lost += _flat(line) not in text and not all(
                        _flat(half) in text for half in _halves(line)
                    )
            titles += sum(1 for p in found if p.title)
            row_titles += sum(1 for p in found if p.title and is_table_row(p.title))
    assert lines > 3000 and lost / lines < 0.005, (lost, lines)
    assert titles > 200 and row_titles / titles < 0.01, (row_titles, titles)


def _halves(line: str) -> list[str]:
    words = line.split()
    return [" ".join(words[: len(words) // 2]), " ".join(words[len(words) // 2 :])]


def test_passages_keep_their_size_and_overlap_at_length_cuts() -> None:
    sentences = [f"Sentence number {i} says that sales grew by {i} per cent." for i in range(90)]
    found = split_passages("Net sales\n" + "\n".join(sentences))
    assert len(found) >= 4 and all(p.title == "Net sales" for p in found)
    assert all(len(p.content.split()) <= MAX_WORDS for p in found)
    for before, after in itertools.pairwise(found):
        opening = re.split(r"(?<=\.)\s", after.content)[0]
        assert opening in before.content  # the next opens with the last sentence(s) before
        assert len(opening.split()) <= OVERLAP_WORDS
    every = _flat(" ".join(p.content for p in found))
    assert all(_flat(s) in every for s in sentences)


def test_headings_and_rows() -> None:
    assert is_heading("Revenues and profitability")
    assert is_heading("Outlook 2025") and is_heading("Note 12 Leases")
    assert not is_heading("Inventories 31 979 27 113")
    assert not is_heading("MSEK 2025 2024 2025 2024")
    assert not is_heading("Ericsson or US governmental authorities that the")
    assert not is_heading("Adjusted for restructuring costs of MSEK -53, the margin reached")
    # a dash between words is no figure; a line that ends in one goes on in the next
    assert is_heading(f"Note 21 {EN} Legal Proceedings") and is_heading(
        "NOTE 9 \u2014 LONG-TERM DEBT"
    )
    assert not is_heading(f"Mobile Networks {EN}") and not is_heading(f"Revenue {EN} {EN}")
    assert is_table_row("Inventories 31 979 27 113")
    assert is_table_row("Revenues 6 515 6 832 -5% 19 576 21 817 -10%")
    assert is_table_row("Return on capital employed, % 18 21")
    assert not is_table_row("Revenues decreased 5% to MSEK 6 515 (6 832), corresponding to")
    # A heading-like line carried on by the next one is text, not a title.
    text = (
        "The operating profit decreased 14% to MSEK 1 173 (1 364).\n"
        "Adjusted for restructuring costs of MSEK -53 the margin reached\n"
        "18.8% (20.6). The lower margin can mainly be explained by lower volumes.\n" * 3
    )
    assert all(p.title is None for p in split_passages(text))


def test_a_short_remainder_joins_its_passage_and_a_cover_gives_none() -> None:
    body = " ".join(["Orders grew in all regions."] * 30)
    found = split_passages(f"Market\n{body}\nContact\nInvestor relations: +46 8 743 80 00")
    assert len(found) == 1 and "Investor relations" in found[0].content
    assert split_passages("LIFCO ANNUAL REPORT 2019") == []


def test_hyphenation_marks_are_joined_by_the_documents_own_spelling() -> None:
    pages = [
        f"Sales to custom{MARK}\ners grew. The large{MARK}\nsize presses and the X{MARK}\nAIR.",
        "Our customers buy large-size presses; q3-report" + MARK + "\n2025",
    ]
    joined = join_hyphenated(pages)
    assert joined[0] == "Sales to customers grew. The large-size presses and the X-AIR."
    assert joined[1] == "Our customers buy large-size presses; q3-report-2025"
    assert join_hyphenated(["sub" + MARK + " suppliers"]) == ["subsuppliers"]


def test_no_hyphenation_mark_is_read_from_the_reports(corpus: Path) -> None:
    # Lifco 2019 had 41 pages with the mark as pdfium reads them ("assess\ufffe\nment").
    pages = _pages(corpus, "lifco-annual-report-2019.pdf")
    assert not any(MARK in page for page in pages)
    assert any("assessment" in page for page in pages)


NOTE = (
    f"{LEGAL}\n"
    "Various legal proceedings, claims and investigations related to products, contracts and "
    "other matters are pending against us. Except as described below, we believe,"
)
CONTINUED = " ".join(
    f"based upon current information, that the outcome of legal proceeding {n} will not have a "
    "material effect on our financial position."
    for n in range(6)
)
SECOND = CONTINUED.replace("legal proceeding", "dispute")  # pages differ: no running text
THIRD = CONTINUED.replace("legal proceeding", "claim")
RECONCILIATION = (
    "Reconciliation of Non-GAAP Measures\n"
    "Reconciliation of adjusted earnings before interest and tax (EBIT) and net income for the "
    "three months ended June 30\n"
    "Three Months Ended\n"
    "Net income attributable to the company 109 181\n"
    "Tax expense 103 68\n"
)
ROWS = "\n".join(f"Item number {i} of the reconciliation {i * 7} {i * 9}" for i in range(1, 20))


def test_a_section_heading_opens_prose_and_a_tables_labels_do_not() -> None:
    assert section_heading(NOTE) == LEGAL
    # the caption opens the sentence that says what the table shows; `Three Months Ended`
    # labels the columns (rows follow it)
    assert section_heading(RECONCILIATION) == "Reconciliation of Non-GAAP Measures"
    labels = "Carrying\nAmount Total Fair Value Level 1 Level 2 Level 3\nNotes receivable 385 403"
    assert section_heading(labels) is None


def test_a_page_that_goes_on_carries_the_heading_in_force_before_it() -> None:
    assert goes_on_from_before(CONTINUED) and goes_on_from_before(ROWS)
    assert not goes_on_from_before("Competition\nThe market for our products is competitive.")
    pages = [NOTE, CONTINUED, SECOND, RECONCILIATION, ROWS, "Outlook\nDemand is " + THIRD]
    titles = [{p.title for p in found} for found in paged_passages(pages)]
    assert titles[1] == titles[2] == {LEGAL}  # and through a page that goes on
    assert titles[4] == {"Reconciliation of Non-GAAP Measures"}  # a table's rows under no caption
    assert titles[5] == {"Outlook"}  # a page that opens with its own heading keeps it
    # a page that begins a sentence of its own is given no heading of the page before
    assert {p.title for p in paged_passages([NOTE, "It" + CONTINUED])[1]} == {None}


def test_a_reconciliation_continued_on_the_next_page_carries_its_caption(corpus: Path) -> None:
    # Amcor's fiscal 2023 fourth-quarter release (FinanceBench's development split, read here and
    # never copied): page 11 opens the reconciliation of non-GAAP measures, page 12 goes on with
    # its twelve months' columns and rows under no caption
    path = corpus / "financebench/pdfs/AMCOR_2023Q4_EARNINGS.pdf"
    if not path.is_file():
        unavailable(f"no {path.name} in the corpus")
    pages = read_any_document(path.read_bytes(), path.name).pages
    found = paged_passages(pages)
    assert goes_on_from_before(without_furniture(pages)[11])
    assert found[11] and all(p.title == "Reconciliation of Non-GAAP Measures" for p in found[11])
    assert any("Adjusted EBITDA" in p.content for p in found[11])
