"""Company profiles (4.6) at request time: what ingestion stored, chosen and presented.

Each section comes from the best document that answers it: a year's report first (an annual
report, a 10-K), then interim reports, then releases; the newest first; documents in the language
asked for before others. A section no document answers is empty and says why. Headings and tags
are in the locale asked for; the text is the document's own (the profile says when it is in
another language). The geography section adds the stored revenue breakdown of the newest year;
the products section the newest year's revenue by product line and by segment, as a 10-K tags them
or a report's table prints them; the overview the company's size (revenue, operating income, net
income of its newest year) and its segments as that revenue by segment names them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, Row

from filings.companies import queries
from filings.companies.geography import places_in, us_state
from filings.companies.geography_tables import ADJUSTMENT
from filings.companies.place_names import local_place
from filings.companies.profile_locale import heading, tags_of, translate_tags
from filings.companies.profile_vocabulary import PLACE_WORD, SECTIONS
from filings.companies.revenue_geography import choose_by_year
from filings.core.markets import DOCUMENT_SPANS, DOCUMENT_TYPE_LABELS
from filings.core.numbers import round_percent

SOURCE = "filings_extractive"
_SPAN_ORDER = {"year": 0, "interim": 1, "release": 2}
_TAG_KINDS = {
    "products_services": "products",
    "customers": "customers",
    "risks": "risks",
    "accounting": "accounting",
}


@dataclass
class Chosen:
    """A section as one document gives it, and the document."""

    record: dict[str, Any] | None
    document: Row[Any] | None
    reason: str | None


def _order(documents: list[Row[Any]], locale: str) -> list[Row[Any]]:
    """Documents in the order a section looks at them: in the locale's language first, annual
    reports before interim ones and releases, the newest first (by fiscal year, then by the date
    listed: a document added by manifest may carry only its fiscal year)."""
    return sorted(
        documents,
        key=lambda d: (
            (d.language or "en") != locale,
            _SPAN_ORDER.get(DOCUMENT_SPANS.get(d.document_type, "release"), 3),
            -(d.fiscal_year or (d.listed_date.year if d.listed_date else 0)),
            -(d.listed_date or date.min).toordinal(),
            -d.id,
        ),
    )


def _label(document: Row[Any]) -> str:
    kind = DOCUMENT_TYPE_LABELS.get(document.document_type, document.document_type)
    year = f" {document.fiscal_year}" if document.fiscal_year else ""
    return f"{document.form or kind}{year}"


def choose_sections(
    documents: list[Row[Any]], records: list[dict[str, Any]], locale: str
) -> dict[str, Chosen]:
    """Each section from the first document (in `_order`) that answers it."""
    by_document: dict[int, dict[str, dict[str, Any]]] = {}
    for record in records:
        by_document.setdefault(record["filing_pk"], {})[record["section"]] = record
    ordered = _order(documents, locale)
    chosen: dict[str, Chosen] = {}
    for section in SECTIONS:
        for document in ordered:
            found = by_document.get(document.id, {}).get(section)
            if found and (found["sentences"] or found["items"]):
                chosen[section] = Chosen(found, document, None)
                break
        else:
            best = ordered[0] if ordered else None
            why = (by_document.get(best.id, {}).get(section) or {}).get("reason") if best else None
            reason = f"{_label(best)}: {why}." if best and why else "No document held answers it."
            chosen[section] = Chosen(None, None, reason)
    return chosen


def present(section: str, chosen: Chosen, locale: str, with_text: bool) -> dict[str, Any]:
    """A section as the response shows it: text, tags, sources, sentences, the issuer's own
    items, its heading in the locale, where it was found, or why it is empty."""
    record = chosen.record or {}
    sentences = [
        {
            "text": s["text"],
            "page_id": s["page_id"],
            "page_number": s["page_number"],
            **({"about": s["about"]} if s.get("about") else {}),
        }
        for s in record.get("sentences", [])
    ]
    text = " ".join(s["text"] for s in sentences)
    kind = _TAG_KINDS.get(section)
    out: dict[str, Any] = {
        "heading": heading(section, locale),
        "text": text,
        "tags": translate_tags(tags_of(kind, text, record.get("language")), locale) if kind else [],
        "sources": list(dict.fromkeys(s["page_id"] for s in sentences)),
        "sentences": sentences,
        "items": [
            {k: v for k, v in item.items() if v is not None} for item in record.get("items", [])
        ],
        "language": record.get("language"),
        "source_heading": record.get("source_heading"),
        "document": _label(chosen.document) if chosen.document is not None else None,
        "reason": chosen.reason,
    }
    if with_text and record.get("full_text"):
        out["full_text"] = record["full_text"]
    return out


def geography_breakdown(
    conn: Connection, company_pk: int, currency: str | None = None
) -> tuple[list[str], dict[str, Any]]:
    """Tags (country codes, region names) and the newest year's stored revenue breakdown, in the
    currency its table prints, else the company's reporting `currency` (as the revenue geography
    endpoint answers: tagged facts carry no currency of their own)."""
    chosen = choose_by_year(queries.company_geography(conn, company_pk))
    if not chosen:
        return [], {}
    newest = chosen[max(chosen)]
    lines = [line for line in newest["lines"] if not line["included_in"]]
    # the "of which" lines: parts of the lines above (Ericsson's Sweden, its five largest
    # countries by their share of net sales), never added to them
    parts = [line for line in newest["lines"] if line["included_in"]]
    tags = [
        line["iso_alpha2"] or line["name"]
        for line in [*lines, *parts]
        if line["list"] in ("countries", "regions")
    ]
    total = _geography_total(conn, company_pk, newest)
    breakdown = {
        "year": newest["fiscal_year"],
        "period": newest["period_label"],
        "source": newest["source"],
        "basis": newest["basis"],
        "currency": newest["currency"] or currency,
        "total": str(total) if total is not None else None,
        "adds_up": newest["adds_up"],
        # which of the endpoint's lists a line stands in: countries and the rest, or regions,
        # are two views of one total (Apple's countries and its regional segments)
        "lines": [{**_breakdown_line(line, total), "list": line["list"]} for line in lines],
    }
    if parts:
        breakdown["of_which"] = [
            {**_breakdown_line(line, total), "included_in": line["included_in"]} for line in parts
        ]
    return tags, breakdown


def _breakdown_line(line: dict[str, Any], total: Decimal | None) -> dict[str, Any]:
    """A stored line as the profile's breakdown gives it, with its share of the total."""
    return {
        "name": line["name"],
        "entity_type": line["entity_type"],
        "revenue": line["revenue"],
        "share": line["share"] or _share_of(line["revenue"], total),
        "page_id": line["page_id"],
    }


def _geography_total(conn: Connection, company_pk: int, record: dict[str, Any]) -> Decimal | None:
    """The revenue a breakdown's lines are parts of: the printed revenue its shares were applied
    to, else the table's printed total, else (tagged facts print none) the year's revenue as the
    financials report it; None where none is known."""
    shares = record["basis"] == "shares_of_total"
    known = record["share_base"] if shares else record["printed_total"]
    if known:
        return Decimal(known)
    if record["period_kind"] != "annual":
        return None
    return queries.annual_revenues(conn, company_pk).get(record["fiscal_year"])


def _share_of(revenue: str | None, total: Decimal | None) -> str | None:
    """A line's share of the total, percent with two decimals, where the report prints none."""
    if not revenue or not total:
        return None
    return str(round_percent(Decimal(revenue) / total * 100))


# The figures that give an overview the company's size, in this order.
KEY_FIGURES = ["revenue", "operating_income", "net_income"]


def key_figures(conn: Connection, company_pk: int) -> dict[str, Any] | None:
    """The company's size for its overview: revenue, operating income and net income of its
    newest fiscal year with revenue, as the figures endpoint answers them (each with the line
    and source it is read from); for a company without them, as a PDF 10-K's income statement
    prints them; else None."""
    rows = sorted(
        queries.newest_annual_figures(conn, company_pk, KEY_FIGURES),
        key=lambda row: KEY_FIGURES.index(row.metric_key),
    )
    revenue = next((row for row in rows if row.metric_key == "revenue"), None)
    if revenue is None:
        return _statement_figures(conn, company_pk)
    return {
        "year": revenue.fiscal_year,
        "period_end": revenue.period_end.isoformat(),
        "currency": revenue.currency,
        "figures": [
            {
                "metric": row.metric_key,
                "name": row.metric_name,
                "value": row.value,
                "currency": row.currency,
                "source": row.source,
                "page_id": row.page_id,
                "preliminary": row.preliminary,
            }
            for row in rows
        ],
    }


def _statement_figures(conn: Connection, company_pk: int) -> dict[str, Any] | None:
    """The key figures a PDF 10-K's income statement prints, for a company with no stored
    figures (its newest fiscal year's)."""
    rows = queries.newest_statement_figures(conn, company_pk)
    if not rows:
        return None
    return {
        "year": rows[0].fiscal_year,
        "period_end": None,
        "currency": rows[0].currency,
        "figures": [
            {
                "metric": row.metric_key,
                "name": row.name,
                "value": row.value,
                "currency": row.currency,
                "source": f"{row.document} page {row.page_number}",
                "page_id": row.page_id,
                "preliminary": False,
            }
            for row in rows
        ],
    }


def segment_breakdowns(
    conn: Connection, company_pk: int, currency: str | None
) -> list[dict[str, Any]]:
    """The newest fiscal year's stored revenue by product line and by segment, each line with
    its share of the total (percent, two decimals): the year's revenue for tagged facts, in the
    company's reporting currency (they carry no other); a table's printed total, in the currency
    its unit names, with its title."""
    out = []
    for record in queries.newest_segments(conn, company_pk):
        total = Decimal(record["total"]) if record["total"] else None
        out.append(
            {
                "axis": record["axis"],
                "year": record["fiscal_year"],
                "period_start": _iso(record["period_start"]),
                "period_end": _iso(record["period_end"]),
                "source": record["source"],
                **({"title": record["title"]} if record["title"] else {}),
                "currency": record["currency"] or currency,
                "page_id": record["page_id"],
                "total": record["total"],
                "adds_up": record["adds_up"],
                "lines": [
                    {
                        "name": line["name"],
                        "revenue": line["revenue"],
                        "share": str(round_percent(Decimal(line["revenue"]) / total * 100))
                        if total
                        else None,
                        **({"part_of": line["part_of"]} if line["part_of"] else {}),
                    }
                    for line in record["lines"]
                ],
            }
        )
    return out


# A line that names no segment: "Reportable segments", "All other segments", "Other"; or one
# that reconciles the segments to the group's revenue (`ADJUSTMENT`: "Unallocated items,
# eliminations and other", "Corporate", "Eliminations")
_NO_SEGMENT = re.compile(r"^(all )?(other|reportable|operating)\b", re.IGNORECASE)


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def segment_items(breakdowns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The issuer's segments as its revenue by segment names them (tagged, or a table that adds
    up), for the overview: what the company is made of; none without two such names."""
    named = [
        {"name": line["name"], "page_id": breakdown["page_id"], "part_of": "segments"}
        for breakdown in breakdowns
        if breakdown["axis"] == "segments"
        for line in breakdown["lines"]
        if "part_of" not in line
        and not _NO_SEGMENT.match(line["name"])
        and not ADJUSTMENT.search(line["name"])
    ]
    return named if len(named) >= 2 else []


def geography_tags(
    section: dict[str, Any], stored: list[str], locale: str, market: str | None = None
) -> list[str]:
    """The geography section's tags: the places of the stored revenue breakdown, else the
    countries (ISO codes) and regions its sentences and market areas name; regions in the
    locale asked for (`market`: the issuer's, "us" for an SEC registrant)."""
    if not stored:
        named = " ".join([section["text"], *(item["name"] for item in section["items"])])
        places = places_in(named, section["language"] or "en")
        stored = [place.iso_alpha2 or place.name for place in places]
        # a US issuer names where it operates by state ("Detroit, Michigan; Biloxi, Mississippi"),
        # or counts them ("445 stores in 42 states": states of its own country)
        english = (section["language"] or "en") == "en"
        by_state = any(map(us_state, PLACE_WORD.findall(named))) or (
            market == "us" and bool(_STATES_COUNTED.search(named))
        )
        if english and "US" not in stored and by_state:
            stored.append("US")
    return list(dict.fromkeys(local_place(tag, locale) for tag in stored))


# States counted, as a US issuer counts where it operates: "in 42 states", "all 50 states".
_STATES_COUNTED = re.compile(r"\b(\d+|all (50|fifty)) (u\.s\. )?states\b", re.IGNORECASE)


def language_of(chosen: dict[str, Chosen]) -> str:
    """The language most of the chosen sections are in."""
    languages = [c.record["language"] for c in chosen.values() if c.record]
    return max(set(languages), key=languages.count) if languages else "en"


def updated_at(chosen: dict[str, Chosen]) -> str | None:
    """The date of the newest document the profile draws on."""
    dates = [c.document.listed_date for c in chosen.values() if c.document is not None]
    dated = [d for d in dates if d is not None]
    return max(dated).isoformat() if dated else None
