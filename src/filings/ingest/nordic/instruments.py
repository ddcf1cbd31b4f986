"""Listings of the served Nordic venues (the registry's: Helsinki and Stockholm) from the
instruments list; share classes of one issuer (Atlas Copco A and B, Stora Enso A and R on both
venues) become one company."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from filings.core.errors import MalformedInput
from filings.core.markets import NORDIC, Venue, venue_by_suffix
from filings.ingest.load import CompanyIn, slugify

_SHARE_CLASS = re.compile(r"\s+(?:ser\.?\s*)?(A|B|C|D|R|K|SDB|Pref|PREF)$")


def base_name(name: str) -> str:
    """The issuer's name without a share-class suffix: `Atlas Copco B` -> `Atlas Copco`."""
    return _SHARE_CLASS.sub("", name.strip())


def _venue(instrument: Mapping[str, Any]) -> Venue | None:
    """The served Nordic venue of a listing (by its Yahoo symbol's suffix), or None."""
    suffix = str(instrument.get("yahoo") or "").rsplit(".", 1)
    venue = venue_by_suffix(suffix[1]) if len(suffix) == 2 else None
    return venue if venue is not None and venue.served and venue.market == NORDIC.key else None


def _listing_date(text: Any) -> date | None:
    try:
        return date.fromisoformat(str(text)[:10]) if text else None
    except ValueError:
        return None


def _company(name: str, listings: list[Mapping[str, Any]]) -> CompanyIn:
    venues = [v for i in listings if (v := _venue(i)) is not None]
    # The home listing: on the venue of the ISIN's country, else the first listed.
    home = next(
        (i for i in listings if (v := _venue(i)) and v.country == str(i["isin"])[:2]),
        listings[0],
    )
    venue = _venue(home) or venues[0]
    if len(set(venues)) == 1:
        venue = venues[0]
    # Home-venue listings first, so the primary ticker is the home one (NOKIA, not NOKIA SEK).
    listings = sorted(listings, key=lambda i: _venue(i) != venue)
    dates = [d for i in listings if (d := _listing_date(i.get("listingDate")))]
    return CompanyIn(
        company_id=slugify(name),
        company_name=name,
        display_name=name,
        market=NORDIC.key,
        country=venue.country,
        exchange=venue.mic,
        isin=str(home["isin"]),
        currency=str(home.get("reportCurrency") or home.get("stockPriceCurrency") or "") or None,
        listing_date=min(dates) if dates else None,
        tickers=tuple(dict.fromkeys(str(i["ticker"]) for i in listings if i.get("ticker"))),
        isins=tuple(dict.fromkeys(str(i["isin"]) for i in listings)),
        aliases=tuple(dict.fromkeys(str(i["name"]) for i in listings)),
        keep_name=True,
    )


def read_instruments(document: Mapping[str, Any]) -> list[CompanyIn]:
    """One company per issuer listed on a served Nordic venue; other venues are ignored."""
    try:
        instruments: Iterable[Mapping[str, Any]] = document["instruments"]
        groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
        for instrument in instruments:
            if _venue(instrument) is None or not instrument.get("isin"):
                continue
            groups[base_name(str(instrument["name"])).casefold()].append(instrument)
        return [_company(base_name(str(g[0]["name"])), g) for g in groups.values()]
    except (KeyError, TypeError) as exc:
        raise MalformedInput(f"instruments list: {exc}") from exc
