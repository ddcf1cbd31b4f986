"""Line labels of Nordic reports (English, Swedish, Finnish) and the metric keys they carry."""

from __future__ import annotations

import re

LABELS: dict[str, tuple[str, ...]] = {
    "revenue": (
        "revenues",
        "revenue",
        "net sales",
        "sales",
        "total revenue",
        "total net sales",
        "nettoomsättning",
        "intäkter",
        "liikevaihto",
    ),
    "cost_of_revenue": ("cost of sales", "cost of goods sold", "kostnad för sålda varor"),
    "gross_profit": ("gross profit", "gross income", "bruttoresultat", "bruttokate"),
    "research_and_development": (
        "research and development costs",
        "research and development expenses",
        "research and development",
    ),
    "depreciation_and_amortization": (
        "depreciation/amortisation",
        "depreciation and amortisation",
        "depreciation and amortization",
        "depreciation, amortization and impairment",
        "avskrivningar",
        "poistot",
    ),
    "ebitda": ("ebitda",),
    "operating_income": (
        "operating profit",
        "operating income",
        "ebit",
        "operating result",
        # Ericsson: "Earnings (loss) before financial items and income tax (EBIT)"
        "earnings before financial items and income tax",
        "rörelseresultat",
        "liikevoitto",
        "liiketulos",
    ),
    "net_financial_items": ("net financial items", "financial net", "finansnetto", "rahoituserät"),
    "pretax_income": (
        "profit before tax",
        "profit before taxes",
        "income before tax",
        "income after financial items",
        "profit after financial items",
        "result before tax",
        "result before taxes",
        "resultat före skatt",
        "resultat efter finansiella poster",
        "voitto ennen veroja",
        "tulos ennen veroja",
    ),
    "income_tax": (
        "income tax expense",
        "income tax",
        "income taxes",
        "tax on profit for the year",
        "taxes",
    ),
    "net_income": (
        "profit for the period",
        "net result for the period",
        "net result for the year",
        "net profit",
        "net income",
        "net profit for the period",
        "net profit for the year",
        "profit for the year",
        "net income for the period",
        "periodens resultat",
        "årets resultat",
        "kauden tulos",
        "tilikauden tulos",
    ),
    "net_income_to_parent": (
        "owners of the parent",
        # Ericsson: under "Net income (loss) attributable to:"
        "owners of the parent company",
        "parent company shareholders",
        "attributable to owners of the parent",
    ),
    # Unqualified "earnings per share" in Nordic reports is the basic figure.
    "eps_basic": (
        "basic earnings per share",
        "earnings per share, basic",
        "earnings per share basic",
        "earnings per share",
        "eps basic",
        "eps, basic",
        "eps (basic)",
        "resultat per aktie före utspädning",
        "resultat per aktie",
        "osakekohtainen tulos",
    ),
    "eps_diluted": (
        "diluted earnings per share",
        "earnings per share, diluted",
        "earnings per share diluted",
        "earnings per share after dilution",
        "earnings per share, after dilution",
        "eps diluted",
        "eps, diluted",
        "eps (diluted)",
        "diluted eps",
        "resultat per aktie efter utspädning",
    ),
    "operating_cash_flow": (
        "operating cash flow",
        "cash flow from operating activities",
        "net cash from operating activities",
        "cash flow from operations",
        "kassaflöde från den löpande verksamheten",
        "liiketoiminnan rahavirta",
    ),
    "total_assets": ("total assets", "summa tillgångar", "taseen loppusumma", "varat yhteensä"),
    "equity": ("total equity", "equity", "summa eget kapital", "oma pääoma yhteensä"),
    "capital_expenditure": ("capital expenditure", "capital expenditures"),
    "order_intake": ("orders received", "order intake", "orderingång", "saadut tilaukset"),
    "order_book": ("order book", "order backlog", "orderstock", "tilauskanta"),
}
# Printed as negative costs in Nordic statements; stored as positive amounts, as US GAAP does.
EXPENSES = frozenset(
    {
        "cost_of_revenue",
        "research_and_development",
        "depreciation_and_amortization",
        "income_tax",
        "capital_expenditure",
    }
)
_BY_LABEL = {label: key for key, labels in LABELS.items() for label in labels}
_NOISE = re.compile(
    r"[*¹²³⁴⁵]|\(\d+\)|\bnote\s+\d+\b|\((?:loss|losses|sek|eur|nok|dkk|usd|ifrs|ebit)\)",
    re.I,
)
_CURRENCY_TAIL = re.compile(r",?\s*(sek|eur|nok|dkk|usd|msek|meur|%)\s*$", re.I)


# Lines that state both basic and diluted EPS, the two being equal (Lifco).
_BOTH_EPS = (
    "earnings per share before and after dilution",
    "resultat per aktie före och efter utspädning",
)


def _clean(label: str) -> str:
    text = _NOISE.sub("", label).strip(" -–—:\t").lower()
    text = _CURRENCY_TAIL.sub("", text).strip(" ,")
    return re.sub(r"\s+", " ", text)


def metric_for_label(label: str) -> str | None:
    """The metric key a printed line label carries, or None (the first, for a line that states
    two)."""
    keys = metrics_for_label(label)
    return keys[0] if keys else None


def metrics_for_label(label: str) -> tuple[str, ...]:
    """Every metric key a printed line label carries: none, one, or both EPS for "earnings per
    share before and after dilution"."""
    text = _clean(label)
    if text.startswith(_BOTH_EPS):
        return ("eps_basic", "eps_diluted")
    key = _BY_LABEL.get(text)
    return (key,) if key else ()
