"""The metric vocabulary: one set of snake_case keys for both markets (decisions.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Statement(StrEnum):
    """The statement a metric belongs to."""

    INCOME = "income_statement"
    BALANCE = "balance_sheet"
    CASH_FLOW = "cash_flow"
    RATIOS = "ratios"
    OPERATIONS = "operations"


class UnitKind(StrEnum):
    """How a metric's unit is written: money in the reporting currency, per share, and so on."""

    MONEY = "money"
    PER_SHARE = "per_share"
    PERCENT = "percent"
    SHARES = "shares"


@dataclass(frozen=True)
class MetricDef:
    """One canonical metric key."""

    key: str
    statement: Statement
    unit_kind: UnitKind = UnitKind.MONEY
    label: str = ""


def _defs(statement: Statement, unit_kind: UnitKind, *keys: str) -> list[MetricDef]:
    return [MetricDef(k, statement, unit_kind, k.replace("_", " ").capitalize()) for k in keys]


METRICS: dict[str, MetricDef] = {
    d.key: d
    for d in [
        *_defs(
            Statement.INCOME,
            UnitKind.MONEY,
            "revenue",
            "cost_of_revenue",
            "gross_profit",
            "research_and_development",
            "selling_general_and_administrative",
            "depreciation_and_amortization",
            "ebitda",
            "operating_income",
            "net_financial_items",
            "pretax_income",
            "income_tax",
            "net_income",
            "net_income_to_parent",
        ),
        *_defs(
            Statement.INCOME,
            UnitKind.PER_SHARE,
            "eps_basic",
            "eps_diluted",
            "eps",
            "dividend_per_share",
        ),
        *_defs(
            Statement.BALANCE,
            UnitKind.MONEY,
            "cash_and_equivalents",
            "current_assets",
            "property_plant_equipment",
            "goodwill",
            "intangible_assets",
            "total_assets",
            "current_liabilities",
            "total_debt",
            "total_liabilities",
            "equity",
            "equity_to_parent",
            "net_debt",
        ),
        *_defs(
            Statement.CASH_FLOW,
            UnitKind.MONEY,
            "operating_cash_flow",
            "capital_expenditure",
            "free_cash_flow",
            "investing_cash_flow",
            "financing_cash_flow",
            "dividends_paid",
            "share_repurchases",
        ),
        *_defs(
            Statement.RATIOS,
            UnitKind.PERCENT,
            "gross_margin",
            "operating_margin",
            "ebitda_margin",
            "net_margin",
            "equity_ratio",
            "return_on_equity",
        ),
        *_defs(Statement.OPERATIONS, UnitKind.MONEY, "order_intake", "order_book"),
        # Property companies (decisions.md, industry lines): their statements' own totals.
        *_defs(
            Statement.INCOME,
            UnitKind.MONEY,
            "rental_income",
            "net_operating_income",
            "income_from_property_management",
            "property_value_changes",
        ),
        *_defs(Statement.BALANCE, UnitKind.MONEY, "investment_properties"),
    ]
}

METRIC_ALIASES: dict[str, str] = {
    "ebit": "operating_income",
    "operating_profit": "operating_income",
    "sales": "revenue",
    "net_sales": "revenue",
    "revenues": "revenue",
    "turnover": "revenue",
    "profit_before_tax": "pretax_income",
    "net_profit": "net_income",
    "earnings_per_share": "eps",
    "capex": "capital_expenditure",
    "fcf": "free_cash_flow",
    "total_equity": "equity",
    "cash": "cash_and_equivalents",
}


def canonical_metric(name: str) -> str | None:
    """The canonical key for a metric name or alias, or None when it is not one."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key in METRICS:
        return key
    return METRIC_ALIASES.get(key)


def metric_unit(key: str, currency: str | None) -> str | None:
    """The `unit` string of a metric in a given reporting currency."""
    kind = METRICS[key].unit_kind
    if kind is UnitKind.PERCENT:
        return "%"
    if kind is UnitKind.SHARES:
        return "shares"
    if currency is None:
        return None
    return f"{currency}/share" if kind is UnitKind.PER_SHARE else currency


def statement_metrics(statement: Statement) -> list[str]:
    """The canonical keys of one statement, in vocabulary order."""
    return [k for k, d in METRICS.items() if d.statement is statement]


BALANCE_KEYS = frozenset(statement_metrics(Statement.BALANCE))
"""Metrics that are balances at a date, not flows over a period."""

PER_SHARE_KEYS = frozenset(k for k, d in METRICS.items() if d.unit_kind is UnitKind.PER_SHARE)
"""Metrics per share: never scaled, never summed or subtracted across periods."""
