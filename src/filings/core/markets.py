"""Markets, venues and document formats: what differs per market and per source, in one place.

Code asks this registry (or dispatches on a stored document format) instead of comparing a
market name: adding a venue (Oslo and Copenhagen file the same ESEF reports as Helsinki and
Stockholm) is a line in `VENUES`; adding a market or a source is an entry here, and the
services that present filings, pages, figures and profiles follow it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Venue:
    """A stock exchange: its MIC, the suffix of its tickers (Yahoo style), its country."""

    mic: str
    suffix: str
    country: str
    city: str
    market: str
    served: bool  # whether its listings become companies (the contract's Helsinki and Stockholm)


@dataclass(frozen=True)
class Market:
    """What the contract and the sources make different for one market."""

    key: str
    name: str  # in words: "not tracked for Nordic filings"
    document_types: tuple[str, ...]
    identifier_kinds: tuple[str, ...]  # what `company` may be, besides names
    fiscal_year_as_text: bool  # filing rows carry `year` as a string (contract 2.1)
    regulator_metadata: bool  # filing rows carry ticker, CIK, accession, period end, filed date
    quarterly_line_items: bool  # statements by quarter (contract 4.5: not for Nordic issuers)

    @property
    def venues(self) -> tuple[Venue, ...]:
        """The exchanges of this market."""
        return tuple(v for v in VENUES if v.market == self.key)

    @property
    def countries(self) -> tuple[str, ...]:
        """The ISO alpha-2 countries of this market's served venues, in registry order."""
        return tuple(dict.fromkeys(v.country for v in self.venues if v.served))


@dataclass(frozen=True)
class DocumentFormat:
    """How a stored document's pages are shown: the snapshot kind and the served file suffix
    (None: the page is shown on the regulator's site, not served here); whether its pages are
    what readers of tables and profiles read (False: its text is stored by section and read so,
    its pages only place passages and citations)."""

    key: str
    snapshot_kind: str
    served_suffix: str | None
    description: str
    pages_read: bool = True


NORDIC = Market(
    key="nordic",
    name="Nordic",
    document_types=("annual_report", "interim_report", "stock_exchange_release"),
    identifier_kinds=("ticker", "isin", "lei"),
    fiscal_year_as_text=True,
    regulator_metadata=False,
    quarterly_line_items=False,
)
US = Market(
    key="us",
    name="US",
    document_types=("10-K", "10-Q", "8-K"),
    identifier_kinds=("ticker", "cik", "isin", "lei"),
    fiscal_year_as_text=False,
    regulator_metadata=True,
    quarterly_line_items=True,
)
MARKETS: dict[str, Market] = {m.key: m for m in (NORDIC, US)}
MARKET_KEYS: list[str] = list(MARKETS)

VENUES: tuple[Venue, ...] = (
    Venue("XHEL", "HE", "FI", "Helsinki", NORDIC.key, served=True),
    Venue("XSTO", "ST", "SE", "Stockholm", NORDIC.key, served=True),
    Venue("XOSL", "OL", "NO", "Oslo", NORDIC.key, served=False),
    Venue("XCSE", "CO", "DK", "Copenhagen", NORDIC.key, served=False),
    Venue("XNAS", "US", "US", "New York", US.key, served=True),
    Venue("XNYS", "US", "US", "New York", US.key, served=True),
)
_BY_SUFFIX = {v.suffix: v for v in reversed(VENUES)}  # the first venue of a suffix wins
_BY_MIC = {v.mic: v for v in VENUES}

# Document types of no one market: a company's own earnings release (a press release of its
# results, not filed as a form), added with a manifest for any market.
ANY_MARKET_DOCUMENT_TYPES: tuple[str, ...] = ("earnings_release",)
# The contract's document types in its order (4.1), then those of any market, with their labels.
DOCUMENT_TYPES: list[str] = [
    *(t for m in MARKETS.values() for t in m.document_types),
    *ANY_MARKET_DOCUMENT_TYPES,
]
DOCUMENT_TYPE_LABELS = {
    "annual_report": "Annual report",
    "interim_report": "Interim report",
    "stock_exchange_release": "Stock exchange release",
    "10-K": "Annual report (Form 10-K)",
    "10-Q": "Quarterly report (Form 10-Q)",
    "8-K": "Current report (Form 8-K)",
    "earnings_release": "Earnings release",
}
# What span of the fiscal year a document type reports on: a whole year (its bare year columns
# are fiscal years; a profile draws on it first), part of one, or a release of news.
DOCUMENT_SPANS = {
    "annual_report": "year",
    "10-K": "year",
    "interim_report": "interim",
    "10-Q": "interim",
    "stock_exchange_release": "release",
    "8-K": "release",
    "earnings_release": "release",
}
# SEC forms among the document types: a document of one carries the form as filed.
SEC_FORMS = frozenset(US.document_types)
# Countries a screen may filter on: those of the served venues (contract 4.9: FI, SE, US).
SCREEN_COUNTRIES: list[str] = list(dict.fromkeys(v.country for v in VENUES if v.served))

PDF = DocumentFormat("pdf", "rendered_png", "png", "a PDF: each page rendered as a PNG")
TEXT = DocumentFormat("text", "release_text", "txt", "a release text: its text is the page")
EDGAR = DocumentFormat(
    "edgar",
    "edgar_link",
    None,
    "an SEC filing: the page's document on EDGAR",
    pages_read=False,
)
ESEF = DocumentFormat(
    "esef", "esef_report", None, "an ESEF report read for its tagged figures: no pages held"
)
DOCUMENT_FORMATS: dict[str, DocumentFormat] = {f.key: f for f in (PDF, TEXT, EDGAR, ESEF)}


def market(key: str) -> Market:
    """The market named `key` (one of `MARKET_KEYS`)."""
    return MARKETS[key]


def manifest_document_types(market_key: str) -> tuple[str, ...]:
    """The document types a manifest record of `market_key` may give: the market's own, then
    those of any market."""
    return (*market(market_key).document_types, *ANY_MARKET_DOCUMENT_TYPES)


def document_format(key: str) -> DocumentFormat:
    """The document format named `key` (one of `DOCUMENT_FORMATS`)."""
    return DOCUMENT_FORMATS[key]


def venue_by_suffix(suffix: str) -> Venue | None:
    """The venue of a ticker suffix (`HE`, `ST`, `OL`, `CO`), or None."""
    return _BY_SUFFIX.get(suffix.upper())


def venue_by_mic(mic: str) -> Venue | None:
    """The venue of a MIC (`XHEL`), or None."""
    return _BY_MIC.get(mic.upper())


def home_venue(isin: str | None, market_key: str) -> Venue | None:
    """The served venue of `market_key` in the country of an ISIN, or None when the ISIN is of
    no such country (a Swedish-listed company incorporated elsewhere)."""
    country = (isin or "")[:2].upper()
    return next(
        (v for v in VENUES if v.market == market_key and v.country == country and v.served),
        None,
    )


def issuer_country(isin: str | None, market_key: str = NORDIC.key) -> str:
    """The country of an issuer known only by its ISIN (not by a listing): the ISIN's country
    (a Norwegian ISIN is NO, never SE); without an ISIN, the market's first served country."""
    country = (isin or "")[:2].upper()
    if len(country) == 2 and country.isalpha():
        return country
    return market(market_key).countries[0]


def exchange_suffixes() -> tuple[str, ...]:
    """Every suffix or MIC a ticker may carry (`FSKRS.HE`, `VOLV B XSTO`)."""
    return tuple(dict.fromkeys([*(v.suffix for v in VENUES), *(v.mic for v in VENUES)]))
