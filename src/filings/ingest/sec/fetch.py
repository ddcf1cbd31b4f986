"""What the source holds of one company: its submissions, companyfacts, the filings its folders
hold beyond the index, and their documents, read (or reported with why not)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from filings.core.concepts import PERIODIC_FORMS
from filings.core.errors import MalformedInput, SourceMissing
from filings.ingest.load import MALFORMED
from filings.ingest.sec.documents import (
    DocumentSelection,
    FilingDocuments,
    read_filing_documents,
)
from filings.ingest.sec.envelope import SubmissionHeader, read_header
from filings.ingest.sec.held import (
    FORM_NOT_READ,
    NO_DOCUMENT,
    NOT_SELECTED,
    UNKNOWN_FILING,
    UNREADABLE,
    DocumentSkip,
    filings_from_facts,
)
from filings.ingest.sec.labels_load import seen_labels
from filings.ingest.sec.source import TICKERS_PATH, SecSource, parse_json
from filings.ingest.sec.submissions import (
    FORMS,
    CompanyInfo,
    FilingInfo,
    older_pages,
    read_company,
    read_filings,
)
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import document_facts
from filings.ingest.standardize.labels import SeenLabel


@dataclass(frozen=True)
class Listing:
    """What company_tickers.json says of one CIK."""

    title: str
    tickers: tuple[str, ...]


def read_tickers(source: SecSource) -> dict[str, Listing]:
    """company_tickers.json by 10-digit CIK (one CIK may have several tickers)."""
    try:
        raw = source.read(TICKERS_PATH)
    except SourceMissing as exc:
        raise SourceMissing(
            f"no SEC ticker list at {source.describe(TICKERS_PATH)}: a mirror holds the SEC's "
            "hosts as folders (www.sec.gov/files/company_tickers.json, data.sec.gov/...)"
        ) from exc
    document = parse_json(raw, TICKERS_PATH)
    titles: dict[str, str] = {}
    tickers: dict[str, list[str]] = defaultdict(list)
    for entry in document.values():
        cik = str(entry["cik_str"]).zfill(10)
        titles.setdefault(cik, str(entry["title"]))
        tickers[cik].append(str(entry["ticker"]))
    return {cik: Listing(titles[cik], tuple(tickers[cik])) for cik in titles}


def _optional_json(source: SecSource, path: str) -> Any:
    try:
        return parse_json(source.read(path), path)
    except SourceMissing:
        return None


@dataclass
class FetchedCompany:
    cik: str
    info: CompanyInfo | None
    listing: Listing | None
    facts_document: Any
    filings: list[FilingInfo]
    warnings: list[str]
    documents: dict[str, FilingDocuments] = field(default_factory=dict)
    header: SubmissionHeader | None = None  # a full submission's header, when nothing else names it
    unread_forms: dict[str, str] = field(default_factory=dict)  # held filing -> its form, not read
    skips: list[DocumentSkip] = field(default_factory=list)
    not_held: int = 0

    def document_facts(
        self, labels: dict[tuple[str, str], str], lines: frozenset[str] = frozenset()
    ) -> list[Fact]:
        """The figures' facts that the filings' own documents state (and the company's D&A
        lines on its cash-flow statement, `lines`)."""
        out: list[Fact] = []
        for filing in self.filings:
            found = self.documents.get(filing.accession_number)
            if found is not None:
                out += document_facts(
                    found.facts,
                    accession=filing.accession_number,
                    form=filing.form,
                    filed=filing.filed_date,
                    labels=labels,
                    lines=lines,
                )
        return out

    def issuer_labels(self) -> list[SeenLabel]:
        """The labels the periodic filings read by this run give their concepts."""
        out: list[SeenLabel] = []
        for filing in self.filings:
            found = self.documents.get(filing.accession_number)
            if found is not None and filing.form in PERIODIC_FORMS:
                out += seen_labels(
                    found.labels, accession=filing.accession_number, filed=filing.filed_date
                )
        return out


def read_documents(
    source: SecSource, fetched: FetchedCompany, selection: DocumentSelection
) -> None:
    """Read the wanted filings' documents; every filing the source holds a folder of is read or
    reported with why not."""
    folders = source.archive_folders(fetched.cik)

    def skip(accession: str, reason: str, detail: str) -> None:
        fetched.skips.append(DocumentSkip(fetched.cik, accession, reason, detail))

    for filing in fetched.filings:
        accession = filing.accession_number
        if not selection.wants(filing):
            if accession in folders:
                skip(accession, NOT_SELECTED, f"{filing.form} filed {filing.filed_date}")
            continue
        try:
            fetched.documents[accession] = read_filing_documents(source, fetched.cik, filing)
        except SourceMissing:
            if accession in folders:
                skip(accession, NO_DOCUMENT, "holds " + ", ".join(folders[accession]))
            else:
                fetched.not_held += 1
        except (MalformedInput, *MALFORMED) as exc:
            skip(accession, UNREADABLE, str(exc))
    listed = {f.accession_number for f in fetched.filings}
    for accession in sorted(set(folders) - listed):
        if accession in fetched.unread_forms:
            skip(accession, FORM_NOT_READ, f"form {fetched.unread_forms[accession]}")
        else:
            skip(
                accession,
                UNKNOWN_FILING,
                "no submissions entry, SGML header or companyfacts fact names it",
            )


def fetch_company(source: SecSource, cik: str, listing: Listing | None) -> FetchedCompany:
    submissions = _optional_json(source, f"data.sec.gov/submissions/CIK{cik}.json")
    facts_document = _optional_json(source, f"data.sec.gov/api/xbrl/companyfacts/CIK{cik}.json")
    if submissions is None and facts_document is None and listing is None:
        raise SourceMissing(f"nothing known of CIK {cik}")
    info, found, warnings = None, [], []
    if submissions is not None:
        info = read_company(submissions)
        found = read_filings(
            (submissions.get("filings") or {}).get("recent")
            or {"form": [], "accessionNumber": [], "filingDate": []}
        )
        for page in older_pages(submissions):
            older = _optional_json(source, f"data.sec.gov/submissions/{page}")
            if older is None:
                warnings.append(f"older filings page {page} not found")
            else:
                found.extend(read_filings(older))
    fetched = FetchedCompany(cik, info, listing, facts_document, found, warnings)
    found.extend(_unindexed_filings(source, fetched, {f.accession_number for f in found}))
    folders = source.archive_folders(cik)
    found.extend(filings_from_facts(facts_document, folders, {f.accession_number for f in found}))
    return fetched


def _unindexed_filings(
    source: SecSource, fetched: FetchedCompany, known: set[str]
) -> list[FilingInfo]:
    """Filings the source holds a full submission of but the submissions index does not list
    (a mirror newer than its index): known from the submission's own SGML header."""
    out = []
    for path in source.submission_texts(fetched.cik):
        try:
            header = read_header(source.read(path))
        except (MalformedInput, SourceMissing) as exc:
            fetched.warnings.append(f"{path}: {exc}")
            continue
        fetched.header = fetched.header or header
        if header.accession in known:
            continue
        if header.form not in FORMS:
            fetched.unread_forms[header.accession] = header.form
            continue
        out.append(
            FilingInfo(
                accession_number=header.accession,
                form=header.form,
                document_type=FORMS[header.form],
                filed_date=header.filed,
                period_end=header.period,
                primary_document=header.primary_document,
                description=None,
            )
        )
    return out
