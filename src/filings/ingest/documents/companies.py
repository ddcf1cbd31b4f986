"""Whose document a manifest record is (docs/decisions.md, "Documents by manifest").

1. The record's identifiers (`cik`, `isin`, `ticker`) and its `company` are resolved as the API
   resolves a company argument, over the companies stored, within the record's market; only an
   exact match counts (ticker, ISIN, CIK, LEI, name): a fuzzy match at ingestion would file a
   document under another company. Identifiers naming two companies are refused.
2. Else the company is made from a listing that knows it: the SEC's company_tickers.json (by the
   record's CIK or ticker, in a market whose companies have CIKs) or the Nordic instruments list
   (by ISIN).
3. Else, for an SEC form whose cover page states the registrant ("... (Exact name of registrant
   as specified in its charter)") and lists the record's ticker, the company is made from the
   document: that name, the record's ticker (and CIK, if given).
4. Else the record is reported and skipped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from sqlalchemy import Connection

from filings.companies.resolve import CompanyIndex, Resolved
from filings.companies.service import CompanyDirectory
from filings.core.errors import MalformedInput
from filings.core.ids import normalize_cik, normalize_isin
from filings.core.markets import SEC_FORMS, market
from filings.ingest.documents.manifest import ManifestRecord
from filings.ingest.documents.reading import registrant_name
from filings.ingest.load import CompanyIn, slugify, upsert_company
from filings.ingest.nordic.instruments import read_instruments
from filings.ingest.sec.fetch import Listing, read_tickers
from filings.ingest.sec.source import MirrorSource

EXACT = frozenset({"ticker", "isin", "cik", "lei", "name"})
COVER_PAGES = 2  # an SEC form's cover is its first page (a page of contents may come first)


@dataclass
class Listings:
    """The registries a company unknown to the database may be made from."""

    sec: Mapping[str, Listing] = field(default_factory=dict)  # by 10-digit CIK
    nordic: Sequence[CompanyIn] = ()

    def __post_init__(self) -> None:
        self._cik_by_ticker = {t.upper(): cik for cik, got in self.sec.items() for t in got.tickers}
        self._by_isin = {i.upper(): c for c in self.nordic for i in (c.isin, *c.isins) if i}

    def from_sec(self, record: ManifestRecord) -> CompanyIn | None:
        """The company of the record's CIK or ticker in the SEC's listing, or None."""
        if "cik" not in market(record.market).identifier_kinds:
            return None
        cik = normalize_cik(record.cik or "") or normalize_cik(record.company)
        if cik is None:
            ticker = (record.ticker or record.company).upper()
            cik = self._cik_by_ticker.get(ticker)
        listing = self.sec.get(cik) if cik else None
        if cik is None or listing is None:
            return None
        return CompanyIn(
            company_id=listing.tickers[0].lower() if listing.tickers else f"cik{int(cik)}",
            company_name=listing.title,
            display_name=listing.title,
            market=record.market,
            country=market(record.market).countries[0],
            cik=cik,
            tickers=listing.tickers,
        )

    def from_nordic(self, record: ManifestRecord) -> CompanyIn | None:
        """The company of the record's ISIN in the Nordic instruments list, or None."""
        isin = normalize_isin(record.isin or "") or normalize_isin(record.company)
        found = self._by_isin.get(isin) if isin else None
        return found if found is not None and found.market == record.market else None


def _exact_matches(index: CompanyIndex, record: ManifestRecord) -> dict[int, str]:
    """pk -> the record's value that named it, for every exact match of its identifiers."""
    found: dict[int, str] = {}
    for given in (record.cik, record.isin, record.ticker, record.company):
        if not given:
            continue
        outcome = index.resolve(given, record.market)
        if isinstance(outcome, Resolved) and outcome.matched_by in EXACT:
            found.setdefault(outcome.company.pk, given)
    return found


def _from_cover(record: ManifestRecord, pages: list[str]) -> CompanyIn | None:
    """A company the document itself names: an SEC form's registrant, whose cover lists the
    record's ticker."""
    ticker = record.ticker or record.company
    if record.document_type not in SEC_FORMS or not re.fullmatch(r"[A-Za-z0-9.\-]{1,10}", ticker):
        return None
    cover = pages[:COVER_PAGES]
    name = registrant_name(cover)
    if name is None or not any(re.search(rf"\b{re.escape(ticker)}\b", p) for p in cover):
        return None
    return CompanyIn(
        company_id=slugify(name),
        company_name=name,
        display_name=name,
        market=record.market,
        country=market(record.market).countries[0],
        cik=normalize_cik(record.cik or ""),
        tickers=(ticker.upper(),),
    )


def company_for(
    conn: Connection, record: ManifestRecord, pages: list[str], listings: Listings, now: datetime
) -> tuple[int, str]:
    """(pk, how it was found) of the company a record's document belongs to; MalformedInput
    with one sentence when there is none."""
    index = CompanyDirectory().index(conn)  # built anew: a rolled-back record leaves no trace
    found = _exact_matches(index, record)
    if len(found) > 1:
        names = ", ".join(f"{v!r} is {index.records[pk].company_name}" for pk, v in found.items())
        raise MalformedInput(f"the record names different companies: {names}")
    if found:
        pk = next(iter(found))
        stored_cik, given_cik = index.records[pk].cik, normalize_cik(record.cik or "")
        if given_cik and stored_cik and normalize_cik(stored_cik) != given_cik:
            raise MalformedInput(
                f"{record.company!r} is {index.records[pk].company_name} (CIK {stored_cik}), "
                f"not CIK {given_cik}"
            )
        return pk, "stored"
    for how, made in (
        ("sec listing", listings.from_sec(record)),
        ("nordic listing", listings.from_nordic(record)),
        ("cover page", _from_cover(record, pages)),
    ):
        if made is not None:
            return upsert_company(conn, made, now)[0], how
    raise MalformedInput(
        f"no company known by {record.company!r} in the {record.market} market: not stored, "
        "not in the SEC or Nordic listings by CIK, ticker or ISIN, and not named by the "
        "document's cover"
    )


def read_listings(sec_mirror: Path | None, instruments: Path | None) -> Listings:
    """The SEC listing of a mirror (its company_tickers.json) and the Nordic instruments list,
    each when given."""
    sec = read_tickers(MirrorSource(sec_mirror)) if sec_mirror is not None else {}
    nordic: list[CompanyIn] = []
    if instruments is not None:
        try:
            nordic = read_instruments(json.loads(instruments.read_bytes()))
        except ValueError as exc:
            raise MalformedInput(f"{instruments}: not a JSON instruments list ({exc})") from exc
    return Listings(sec=sec, nordic=nordic)
