"""Reading EDGAR submissions files: the company, and its 10-K, 10-Q and 8-K filings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from filings.core.errors import MalformedInput
from filings.core.periods import fiscal_quarter_of, fiscal_year_of

FORMS = {
    "10-K": "10-K",
    "10-K/A": "10-K",
    "10-Q": "10-Q",
    "10-Q/A": "10-Q",
    "8-K": "8-K",
    "8-K/A": "8-K",
    # A foreign private issuer's annual report: the contract's vocabulary has no 20-F or 40-F.
    "20-F": "annual_report",
    "20-F/A": "annual_report",
    "40-F": "annual_report",
    "40-F/A": "annual_report",
}
EXCHANGES = {
    "nasdaq": "XNAS",
    "nyse": "XNYS",
    "cboe": "XCBO",
    "nyse american": "XASE",
    "otc": "OTC",
}


@dataclass(frozen=True)
class CompanyInfo:
    """What a submissions file says of the company."""

    cik: str
    name: str
    tickers: tuple[str, ...]
    exchange: str | None
    sic: str | None
    industry: str | None
    fiscal_year_end: str | None  # MMDD
    former_names: tuple[str, ...]
    lei: str | None


@dataclass(frozen=True)
class FilingInfo:
    """One 10-K, 10-Q or 8-K (or amendment) of the company."""

    accession_number: str
    form: str
    document_type: str
    filed_date: date
    period_end: date | None
    primary_document: str | None
    description: str | None


def _optional(text: Any) -> str | None:
    return str(text).strip() or None if text not in (None, "") else None


def read_company(document: Mapping[str, Any]) -> CompanyInfo:
    """The company of a submissions file."""
    try:
        cik = str(document["cik"]).zfill(10)
        name = str(document["name"]).strip()
    except KeyError as exc:
        raise MalformedInput(f"submissions without {exc}") from exc
    exchanges = [e for e in document.get("exchanges") or [] if e]
    exchange = EXCHANGES.get(exchanges[0].lower(), exchanges[0]) if exchanges else None
    return CompanyInfo(
        cik=cik,
        name=name,
        tickers=tuple(t for t in document.get("tickers") or [] if t),
        exchange=exchange,
        sic=_optional(document.get("sic")),
        industry=_optional(document.get("sicDescription")),
        fiscal_year_end=_optional(document.get("fiscalYearEnd")),
        former_names=tuple(n["name"] for n in document.get("formerNames") or [] if n.get("name")),
        lei=_optional(document.get("lei")),
    )


def read_filings(columns: Mapping[str, Any]) -> list[FilingInfo]:
    """The 10-K, 10-Q and 8-K filings of one page of parallel arrays (`filings.recent` or an
    older page)."""
    try:
        forms = columns["form"]
        rows = zip(
            forms,
            columns["accessionNumber"],
            columns["filingDate"],
            columns.get("reportDate") or [""] * len(forms),
            columns.get("primaryDocument") or [""] * len(forms),
            columns.get("primaryDocDescription") or [""] * len(forms),
            strict=True,
        )
        return [
            FilingInfo(
                accession_number=accession,
                form=form,
                document_type=FORMS[form],
                filed_date=date.fromisoformat(filed),
                period_end=date.fromisoformat(report) if report else None,
                primary_document=_optional(primary),
                description=_optional(description),
            )
            for form, accession, filed, report, primary, description in rows
            if form in FORMS
        ]
    except (KeyError, ValueError, TypeError) as exc:
        raise MalformedInput(f"bad filings columns: {exc}") from exc


def older_pages(document: Mapping[str, Any]) -> list[str]:
    """File names of the older filing pages a submissions file lists."""
    files = (document.get("filings") or {}).get("files") or []
    return [f["name"] for f in files if f.get("name")]


def fiscal_labels(
    filing: FilingInfo, fiscal_year_end: str | None, offset: int = 0
) -> tuple[int | None, int | None]:
    """(fiscal year, quarter) of a filing per decisions.md; quarter only for 10-Qs. `offset`:
    years the filer's own labels differ from the calendar's (standardize/labels.py)."""
    end = filing.period_end
    if end is None:
        return None, None
    if filing.document_type == "10-K" or not fiscal_year_end:
        return fiscal_year_of(end) + offset, None
    year, quarter = fiscal_quarter_of(end, int(fiscal_year_end[:2]), int(fiscal_year_end[2:]))
    return year + offset, quarter if filing.document_type == "10-Q" else None
