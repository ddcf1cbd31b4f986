"""Identifiers: page ids, docids, accession numbers, ISINs, CIKs and LEIs."""

from __future__ import annotations

import re
from dataclasses import dataclass

_DOCUMENT_PAGE_RE = re.compile(r"^([0-9a-f]{16})_([1-9][0-9]{0,4})$")
_ACCESSION_RE = re.compile(r"^([0-9]{10})-?([0-9]{2})-?([0-9]{6})$")
_FILING_PAGE_RE = re.compile(r"^([0-9]{10})-?([0-9]{2})-?([0-9]{6})_([1-9][0-9]{0,4})$")
_ISIN_RE = re.compile(r"^[A-Z]{2}[A-Z0-9]{9}[0-9]$")
_CIK_RE = re.compile(r"^(?:CIK)?0*([0-9]{1,10})$", re.IGNORECASE)
_LEI_RE = re.compile(r"^[A-Z0-9]{18}[0-9]{2}$")


@dataclass(frozen=True)
class DocumentPageId:
    """A page of a stored document: `<docid>_<page>`, pages counted from 1; a US filing's
    docid is its accession number (`0001628280-25-003063_37`)."""

    docid: str
    page: int

    def __str__(self) -> str:
        return f"{self.docid}_{self.page}"


@dataclass(frozen=True)
class AccessionNumber:
    """An EDGAR accession number, `0000320193-24-000123`."""

    filer: str
    year: str
    sequence: str

    def __str__(self) -> str:
        return f"{self.filer}-{self.year}-{self.sequence}"

    @property
    def compact(self) -> str:
        """The 18 digits without dashes, as in Archives paths."""
        return f"{self.filer}{self.year}{self.sequence}"


def parse_accession(text: str) -> AccessionNumber | None:
    """An accession number with or without dashes, or None."""
    match = _ACCESSION_RE.match(text.strip())
    return AccessionNumber(*match.groups()) if match else None


def parse_page_id(text: str) -> DocumentPageId | AccessionNumber | None:
    """A snapshot page id: a document's `<docid>_<page>`, a US filing's `<accession>_<page>`
    (the accession with or without dashes) or an accession number; None if none of them."""
    text = text.strip()
    match = _DOCUMENT_PAGE_RE.match(text.lower())
    if match:
        return DocumentPageId(match.group(1), int(match.group(2)))
    filing_page = _FILING_PAGE_RE.match(text)
    if filing_page:
        accession = AccessionNumber(*filing_page.groups()[:3])
        return DocumentPageId(str(accession), int(filing_page.group(4)))
    return parse_accession(text)


def isin_check_digit_ok(isin: str) -> bool:
    """Whether an ISIN's last digit is the Luhn check digit of the rest."""
    digits = "".join(str(int(ch, 36)) for ch in isin[:-1])
    total = 0
    for position, ch in enumerate(reversed(digits)):
        n = int(ch)
        if position % 2 == 0:
            n *= 2
            n = n - 9 if n > 9 else n
        total += n
    return (10 - total % 10) % 10 == int(isin[-1])


def normalize_isin(text: str) -> str | None:
    """The ISIN in canonical form when `text` is a valid one, else None."""
    candidate = text.strip().upper()
    if _ISIN_RE.match(candidate) and isin_check_digit_ok(candidate):
        return candidate
    return None


def normalize_cik(text: str) -> str | None:
    """A CIK as 10 digits with leading zeros when `text` is one (with or without zeros)."""
    match = _CIK_RE.match(text.strip())
    if not match:
        return None
    return match.group(1).zfill(10)


def normalize_lei(text: str) -> str | None:
    """A Legal Entity Identifier (ISO 17442) in canonical form when `text` is a valid one: 18
    letters or digits and two check digits, the whole read as a number (A=10 ... Z=35) leaving
    1 modulo 97 (ISO 7064). None otherwise."""
    candidate = text.strip().upper()
    if not _LEI_RE.match(candidate):
        return None
    return candidate if int("".join(str(int(ch, 36)) for ch in candidate)) % 97 == 1 else None
