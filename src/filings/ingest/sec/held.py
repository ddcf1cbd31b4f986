"""What a source holds of a company beyond its submissions index, and why a held document was
not read.

A mirror lists the filing folders it holds for a CIK (`SecSource.archive_folders`). A folder whose
filing the submissions index does not list is known from its own full submission's SGML header
(the pipeline reads those), else from the companyfacts facts that name its accession number: their
form, filing date and the end of the period the filing reports (Alphabet's FY2024 10-K, held
without a submissions file). Every held folder is then read, or reported with why not
(`DocumentSkip`), so an ingestion never passes over a document without a word.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from filings.ingest.sec.submissions import FORMS, FilingInfo

# Why a held document was not read.
UNKNOWN_FILING = "no filing known"  # no submissions entry, SGML header or companyfacts fact
FORM_NOT_READ = "form not read"
NOT_SELECTED = "not selected"  # --forms / --since
NO_DOCUMENT = "no readable document"  # the folder holds none of the files the reader takes
UNREADABLE = "unreadable"  # a document that is not what it claims (bad HTML, XML, zip)
REASONS = (UNKNOWN_FILING, FORM_NOT_READ, NOT_SELECTED, NO_DOCUMENT, UNREADABLE)

_INDEX_PAGE = re.compile(r"-index(-headers)?\.html?$", re.IGNORECASE)
_INLINE_NAME = re.compile(r"^[a-z0-9]+-\d{8}\.htm$", re.IGNORECASE)  # goog-20241231.htm


@dataclass(frozen=True)
class DocumentSkip:
    """A held filing whose documents were not read, and why."""

    cik: str
    accession: str
    reason: str  # one of REASONS
    detail: str


def primary_in_folder(files: Iterable[str]) -> str | None:
    """The folder's main HTML document: EDGAR's inline-XBRL name (`goog-20241231.htm`) where
    there is one, else its only `.htm` that is not an index page."""
    pages = [
        f for f in files if f.lower().endswith((".htm", ".html")) and not _INDEX_PAGE.search(f)
    ]
    named = [f for f in pages if _INLINE_NAME.match(f)]
    if len(named) == 1:
        return named[0]
    return pages[0] if len(pages) == 1 else None


def _entries_by_accession(facts_document: Mapping[str, Any]) -> dict[str, list[Mapping[str, Any]]]:
    out: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for concepts in (facts_document.get("facts") or {}).values():
        for body in concepts.values():
            for entries in (body.get("units") or {}).values():
                for entry in entries:
                    if isinstance(entry, Mapping) and entry.get("accn"):
                        out[str(entry["accn"])].append(entry)
    return out


def _period_end(entries: list[Mapping[str, Any]], filed: date) -> date | None:
    """The end of the period a filing reports: its newest duration that ends before it was
    filed."""
    ends = [
        date.fromisoformat(e["end"])
        for e in entries
        if e.get("start") and e.get("end") and date.fromisoformat(e["end"]) <= filed
    ]
    return max(ends, default=None)


def filings_from_facts(
    facts_document: Mapping[str, Any] | None, folders: Mapping[str, list[str]], known: set[str]
) -> list[FilingInfo]:
    """Held filings the index does not list, as the companyfacts facts that name them say:
    form, filing date and period; the primary document from the folder."""
    wanted = set(folders) - known
    if not wanted or not facts_document:
        return []
    out = []
    by_accession = _entries_by_accession(facts_document)
    for accession in sorted(wanted):
        entries = by_accession.get(accession)
        if not entries:
            continue
        form, filed = str(entries[0].get("form")), str(entries[0].get("filed"))
        if form not in FORMS or not filed:
            continue
        filed_date = date.fromisoformat(filed)
        out.append(
            FilingInfo(
                accession_number=accession,
                form=form,
                document_type=FORMS[form],
                filed_date=filed_date,
                period_end=_period_end(entries, filed_date),
                primary_document=primary_in_folder(folders[accession]),
                description=None,
            )
        )
    return out
