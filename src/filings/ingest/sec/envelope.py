"""The forms in which EDGAR serves a filing's documents: a plain document, the `-xbrl.zip`
package of an inline-XBRL filing, and the full submission `.txt` with its SGML envelope
(`<DOCUMENT><TYPE>EX-99.1<SEQUENCE>2<FILENAME>...<TEXT>...</TEXT></DOCUMENT>`)."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from datetime import date

from filings.core.errors import MalformedInput

_DOCUMENT = re.compile(rb"<DOCUMENT>(.*?)</DOCUMENT>", re.DOTALL | re.IGNORECASE)
_TEXT = re.compile(rb"<TEXT>\s*(.*?)\s*</TEXT>", re.DOTALL | re.IGNORECASE)
_XML_WRAPPER = re.compile(rb"^\s*<(XML|XBRL)>\s*(.*?)\s*</\1>\s*$", re.DOTALL | re.IGNORECASE)
MAX_ZIP_MEMBER = 64 * 1024 * 1024


LINKBASE_SUFFIXES = ("_lab.xml", "_pre.xml", ".xsd")


def is_linkbase(filename: str) -> bool:
    """Whether a file of a filing is one of its XBRL label or presentation linkbases or its
    schema (`aapl-20250329_lab.xml`, `_pre.xml`, `.xsd`)."""
    return filename.lower().endswith(LINKBASE_SUFFIXES)


@dataclass(frozen=True)
class FiledDocument:
    """One document of a filing: its EDGAR type (10-K, EX-99.1), file name and bytes."""

    type: str
    filename: str
    description: str
    content: bytes
    # the filing's XBRL linkbases (labels, presentation, schema) that came with the document
    # in its package or envelope, as (file name, bytes)
    linkbases: tuple[tuple[str, bytes], ...] = ()


def _field(header: bytes, name: bytes) -> str:
    match = re.search(rb"<" + name + rb">([^\r\n<]*)", header, re.IGNORECASE)
    return match.group(1).decode("latin-1").strip() if match else ""


def read_envelope(submission: bytes) -> list[FiledDocument]:
    """Every document inside a full submission text file."""
    documents = []
    for block in _DOCUMENT.finditer(submission):
        body = block.group(1)
        text = _TEXT.search(body)
        if text is None:
            continue
        header = body[: text.start()]
        content = text.group(1)
        wrapped = _XML_WRAPPER.match(
            content
        )  # inline XBRL documents sit inside <XBRL> (XML ones inside <XML>)
        documents.append(
            FiledDocument(
                type=_field(header, b"TYPE").upper(),
                filename=_field(header, b"FILENAME"),
                description=_field(header, b"DESCRIPTION"),
                content=wrapped.group(2) if wrapped else content,
            )
        )
    if not documents:
        raise MalformedInput("a submission text without <DOCUMENT> blocks")
    return documents


def read_package(package: bytes, primary: str | None) -> FiledDocument:
    """The primary document inside an `-xbrl.zip` package: the one named `primary`, else the
    largest `.htm` that is not an exhibit."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(package))
    except zipfile.BadZipFile as exc:
        raise MalformedInput(f"not a zip package: {exc}") from exc
    with archive:
        pages = [i for i in archive.infolist() if i.filename.lower().endswith((".htm", ".html"))]
        named = [i for i in pages if primary and i.filename == primary]
        candidates = named or [i for i in pages if "exhibit" not in i.filename.lower()]
        if not candidates:
            raise MalformedInput("a package without an HTML document")
        chosen = max(candidates, key=lambda i: i.file_size)
        if chosen.file_size > MAX_ZIP_MEMBER:
            raise MalformedInput(f"{chosen.filename} is larger than {MAX_ZIP_MEMBER} bytes")
        linkbases = tuple(
            (i.filename, archive.read(i))
            for i in archive.infolist()
            if is_linkbase(i.filename) and i.file_size <= MAX_ZIP_MEMBER
        )
        return FiledDocument("", chosen.filename, "", archive.read(chosen), linkbases)


@dataclass(frozen=True)
class SubmissionHeader:
    """What the SGML header of a full submission says of the filing."""

    accession: str
    form: str
    filed: date
    period: date | None
    primary_document: str | None
    company_name: str | None = None  # COMPANY CONFORMED NAME
    fiscal_year_end: str | None = None  # MMDD


def _header_date(text: str | None) -> date | None:
    return date(int(text[:4]), int(text[4:6]), int(text[6:8])) if text and len(text) >= 8 else None


def read_header(submission: bytes) -> SubmissionHeader:
    """The filing a full submission text file holds, from its SGML header."""
    head = submission[:20000].decode("latin-1")
    fields: dict[str, str] = {}
    for name, value in re.findall(r"^\s*([A-Z][A-Z -]+?):\s*(\S.*?)\s*$", head, re.MULTILINE):
        fields.setdefault(name, value)  # the filer's own fields come first
    filed = _header_date(fields.get("FILED AS OF DATE"))
    if (
        not fields.get("ACCESSION NUMBER")
        or not fields.get("CONFORMED SUBMISSION TYPE")
        or not filed
    ):
        raise MalformedInput("a submission text without its SGML header")
    first = re.search(r"<FILENAME>([^\r\n<]+)", head)
    return SubmissionHeader(
        accession=fields["ACCESSION NUMBER"],
        form=fields["CONFORMED SUBMISSION TYPE"].upper(),
        filed=filed,
        period=_header_date(fields.get("CONFORMED PERIOD OF REPORT")),
        primary_document=first.group(1).strip() if first else None,
        company_name=fields.get("COMPANY CONFORMED NAME"),
        fiscal_year_end=_month_day(fields.get("FISCAL YEAR END")),
    )


def _month_day(text: str | None) -> str | None:
    """`1202` as MMDD when it is a month and day, else None."""
    if not text or not re.fullmatch(r"\d{4}", text):
        return None
    return text if 1 <= int(text[:2]) <= 12 and 1 <= int(text[2:]) <= 31 else None
