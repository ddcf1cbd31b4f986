"""A US filing's documents, read from wherever the source has them, as text units and facts.

Which documents: the primary document of a 10-K, 10-Q, 8-K, 20-F or 40-F (and amendments),
and the EX-99 exhibits (press releases) of an 8-K. Where from, in order: for an 8-K the full
submission `.txt` (it holds the exhibits), then the primary document; for the other forms the
primary document, then the `-xbrl.zip` package, then the full submission `.txt`, then the XBRL
instance EDGAR extracts from an inline filing (`aapl-20220924_htm.xml`: facts, no text).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import date

from filings.core.errors import MalformedInput, SourceMissing
from filings.ingest.sec.envelope import FiledDocument, is_linkbase, read_envelope, read_package
from filings.ingest.sec.html_text import read_pages
from filings.ingest.sec.releases import ReleaseFigure, read_release
from filings.ingest.sec.sections import TextUnit, text_units
from filings.ingest.sec.source import SecSource
from filings.ingest.sec.submissions import FilingInfo
from filings.ingest.xbrl.inline import inline_facts, is_inline, parse_xml
from filings.ingest.xbrl.instance import read_instance
from filings.ingest.xbrl.labels import best_labels, issuer_labels
from filings.ingest.xbrl.model import XbrlFact
from filings.ingest.xbrl.presentation import PrintedLabel

DOCUMENT_FORMS = frozenset(
    f"{form}{amendment}"
    for form in ("10-K", "10-Q", "8-K", "20-F", "40-F")
    for amendment in ("", "/A")
)
_INSTANCE_MARK = b"http://www.xbrl.org/2003/instance"
RESULTS_ITEM = "item_2.02"  # an 8-K's "Results of Operations and Financial Condition"
INSTANCE_SUFFIX = "_htm.xml"  # EDGAR's name for the instance extracted from `<name>.htm`
# Part of every filing's hash: a new reader version reads stored filings again.
# 2: passages; 3: statements, release figures; 4: labels; 5: pages
READER_VERSION = b"filing-documents/5"


@dataclass(frozen=True)
class DocumentSelection:
    """Which filings' documents a run reads: forms, and filings filed on or after `since`."""

    forms: frozenset[str] = DOCUMENT_FORMS
    since: date | None = None

    def wants(self, filing: FilingInfo) -> bool:
        """Whether the run reads this filing's documents."""
        if filing.form.upper() not in self.forms:
            return False
        return self.since is None or filing.filed_date >= self.since


@dataclass(frozen=True)
class ReadDocument:
    """One document of a filing, read: where its text units and facts came from."""

    filename: str
    type: str  # the EDGAR document type: 10-K, EX-99.1
    units: list[TextUnit]
    facts: list[XbrlFact]
    labels: dict[str, PrintedLabel] = field(default_factory=dict)  # concept -> issuer's label
    figures: list[ReleaseFigure] = field(default_factory=list)  # an earnings release's


@dataclass
class FilingDocuments:
    """What a filing's documents say, and a hash of their bytes (unchanged input: no writes)."""

    accession: str
    documents: list[ReadDocument] = field(default_factory=list)
    sha256: str = ""

    @property
    def facts(self) -> list[XbrlFact]:
        """The facts of every document."""
        return [fact for document in self.documents for fact in document.facts]

    @property
    def labels(self) -> dict[str, PrintedLabel]:
        """The issuer's label of each concept, from its documents (the primary one first)."""
        return best_labels(*(document.labels for document in self.documents))

    @property
    def release_figures(self) -> list[tuple[ReadDocument, ReleaseFigure]]:
        """The figures its earnings releases print, each with its release."""
        return [(d, figure) for d in self.documents for figure in d.figures]

    @property
    def page_count(self) -> int:
        """Pages of the primary document."""
        units = self.documents[0].units if self.documents else []
        return max((u.page_number for u in units), default=0)

    @property
    def pages(self) -> list[FilingPage]:
        """The pages of its documents in reading order, numbered from 1 over the whole filing
        (an 8-K's exhibit goes on after the pages of the documents before it); a page left
        without text (its footer alone) keeps its number and has no row."""
        found: list[FilingPage] = []
        offset = 0
        for document in self.documents:
            on_page: dict[int, list[TextUnit]] = {}
            for unit in document.units:
                on_page.setdefault(unit.page_number, []).append(unit)
            for number, units in on_page.items():
                printed = units[0].printed_page
                found.append(FilingPage(offset + number, document.filename, printed, units))
            offset += max(on_page, default=0)
        return found


@dataclass(frozen=True)
class FilingPage:
    """One page of a filing's documents: its number over the filing, the document it is in,
    the number printed on it, and the text units (sections) on it."""

    number: int
    document: str
    printed_page: str | None
    units: list[TextUnit]

    @property
    def text(self) -> str:
        """The page's text: its units' texts, in reading order."""
        return "\n\n".join(unit.text for unit in self.units)


def _folder(cik: str, accession: str) -> str:
    return f"www.sec.gov/Archives/edgar/data/{int(cik)}/{accession.replace('-', '')}/"


def _wanted_in_envelope(documents: list[FiledDocument], form: str) -> list[FiledDocument]:
    primary = [d for d in documents if d.type == form.upper()]
    exhibits = (
        [d for d in documents if d.type.startswith("EX-99")] if form.startswith("8-K") else []
    )
    linkbases = tuple((d.filename, d.content) for d in documents if is_linkbase(d.filename))
    return [replace(d, linkbases=linkbases) for d in primary[:1]] + exhibits


def fetch_documents(source: SecSource, cik: str, filing: FilingInfo) -> list[FiledDocument]:
    """The filing's wanted documents as filed; SourceMissing when the source has none."""
    folder = _folder(cik, filing.accession_number)
    primary_name = filing.primary_document
    envelope_path = f"{folder}{filing.accession_number}.txt"
    attempts: list[str] = []
    if filing.form.upper().startswith("8-K"):
        attempts.append("envelope")
    attempts += ["primary", "package", "envelope", "instance"]
    for attempt in dict.fromkeys(attempts):
        try:
            if attempt == "envelope":
                found = _wanted_in_envelope(read_envelope(source.read(envelope_path)), filing.form)
                if found:
                    return found
            elif attempt == "primary" and primary_name:
                content = source.read(folder + primary_name)
                return [FiledDocument(filing.form.upper(), primary_name, "", content)]
            elif attempt == "package":
                package = source.read(f"{folder}{filing.accession_number}-xbrl.zip")
                document = read_package(package, primary_name)
                return [FiledDocument(filing.form.upper(), document.filename, "", document.content)]
            elif attempt == "instance" and primary_name and primary_name.endswith(".htm"):
                name = primary_name.removesuffix(".htm") + INSTANCE_SUFFIX
                return [FiledDocument(filing.form.upper(), name, "", source.read(folder + name))]
        except SourceMissing:
            continue
    raise SourceMissing(f"no document of {filing.accession_number} at the source")


def is_instance(document: FiledDocument) -> bool:
    """Whether a document is an XBRL instance (facts without text), not an HTML document."""
    head = document.content[:4000]
    return document.filename.lower().endswith(".xml") and _INSTANCE_MARK in head


def read_document(document: FiledDocument, form: str) -> ReadDocument:
    """The text units of one document and, for inline XBRL, its facts; an XBRL instance gives
    facts and no text."""
    if is_instance(document):
        facts = read_instance(document.content)
        return ReadDocument(document.filename, document.type or form.upper(), [], facts)
    exhibit = document.type.lower() if document.type.startswith("EX-") else None
    pages = read_pages(document.content)
    if not pages:
        raise MalformedInput(f"{document.filename}: no text")
    units = text_units(pages, form, section_prefix=exhibit)
    root = parse_xml(document.content) if is_inline(document.content) else None
    facts = inline_facts(root) if root is not None else []
    labels = issuer_labels(root, document.linkbases)
    figures = read_release(document.content) if exhibit and form.startswith("8-K") else []
    kind = document.type or form.upper()
    return ReadDocument(document.filename, kind, units, facts, labels, figures)


def read_filing_documents(source: SecSource, cik: str, filing: FilingInfo) -> FilingDocuments:
    """Every wanted document of a filing, read; MalformedInput names a document that is not."""
    found = FilingDocuments(filing.accession_number)
    digest = hashlib.sha256(READER_VERSION)
    for document in fetch_documents(source, cik, filing):
        try:
            found.documents.append(read_document(document, filing.form))
        except MalformedInput as exc:
            raise MalformedInput(f"{document.filename}: {exc}") from exc
        digest.update(document.filename.encode() + b"\0" + document.content)
        for name, content in document.linkbases:
            digest.update(name.encode() + b"\0" + content)
    found.sha256 = digest.hexdigest()
    if not _results_of_operations(found):
        for read in found.documents:
            read.figures.clear()
    return found


def _results_of_operations(found: FilingDocuments) -> bool:
    """Whether a filing is an 8-K reporting results (Item 2.02): only its exhibits' figures are
    an earnings release's (an 8-K on a director's departure may carry other exhibits)."""
    primary = found.documents[0].units if found.documents else []
    return any(unit.section.startswith(RESULTS_ITEM) for unit in primary)
