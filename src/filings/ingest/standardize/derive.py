"""Values made from other values: missing quarters from year-to-date figures, and the derived
metrics of decisions.md (eps, ebitda, free cash flow, margins, net debt, equity ratio, ROE)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from filings.core.concepts import INSTANT_METRICS, PER_SHARE_METRICS
from filings.core.metrics import metric_unit
from filings.core.numbers import round_percent
from filings.core.periods import fiscal_quarter_of
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.rows import MetricRow

HUNDRED = Decimal(100)
PeriodKey = tuple[date | None, date]


def _quarter(
    base: MetricRow,
    start: date,
    end: date,
    value: Decimal,
    how: str,
    parts: list[str],
    fye: tuple[int, int],
) -> MetricRow:
    year, quarter = fiscal_quarter_of(end, *fye)
    return replace(
        base,
        period_kind="quarter",
        period_start=start,
        period_end=end,
        fiscal_year=year,
        fiscal_quarter=quarter,
        value=value,
        source=f"derived: {how} ({'; '.join(parts)})",
        derived=how,
    )


def _fact_source(fact: Fact) -> str:
    return f"{fact.taxonomy}:{fact.concept} {fact.accession}"


def derive_quarters(
    rows: list[MetricRow], ytd: dict[str, dict[PeriodKey, Fact]], fye: tuple[int, int]
) -> list[MetricRow]:
    """The rows with the quarters a filing gave only as year-to-date values: Q2 = H1 - Q1,
    Q3 = 9M - H1, and Q4 = FY - 9M (decisions.md), for flow metrics. A reported three-month
    value gives way to the derived one when the year-to-date values are from a newer filing
    (Apple's cash-flow quarters: a 10-Q restates the half year, never the second quarter
    alone), so the quarters add up to the year."""
    out: list[MetricRow] = []
    by_metric: dict[str, list[MetricRow]] = defaultdict(list)
    for row in rows:
        by_metric[row.metric_key].append(row)
    for metric, metric_rows in by_metric.items():
        if metric in INSTANT_METRICS or metric in PER_SHARE_METRICS:
            out.extend(metric_rows)
            continue
        out.extend(_metric_quarters(metric_rows, ytd.get(metric, {}), fye))
    return out


def _rounding(value: Decimal) -> Decimal:
    """The unit a value was rounded to, read from its trailing zeros (1 for none)."""
    digits = str(abs(int(value)))
    zeros = len(digits) - len(digits.rstrip("0")) if value else 0
    return Decimal(10) ** zeros


def _replace(
    reported: MetricRow | None, value: Decimal, inputs: list[tuple[Decimal, date | None]]
) -> bool:
    """Whether a derived quarter takes the place of the reported one: when none is reported,
    or when its inputs were filed later and differ from it by more than their rounding (a
    restatement; a newer filing's rounder figures are no reason to replace a precise one)."""
    if reported is None:
        return True
    filed = reported.filed_date
    if filed is None or not any(d is not None and d > filed for _, d in inputs):
        return False
    return abs(value - reported.value) > max(_rounding(v) for v, _ in inputs)


def _metric_quarters(
    rows: list[MetricRow], ytd: dict[PeriodKey, Fact], fye: tuple[int, int]
) -> list[MetricRow]:
    quarters = {r.period_start: r for r in rows if r.period_kind == "quarter"}
    annual = {r.period_start: r for r in rows if r.period_kind == "annual"}
    halves = {s: f for (s, _), f in ytd.items() if f.days is not None and f.days < 200}
    nines = {s: f for (s, _), f in ytd.items() if f.days is not None and f.days >= 200}
    for start, q1 in [(r.period_start, r) for r in rows if r.period_kind == "quarter"]:
        half, nine, year = halves.get(start), nines.get(start), annual.get(start)
        q2_start = q1.period_end + timedelta(days=1)
        if half is not None:
            value = half.value - q1.value
            inputs = [(half.value, half.filed), (q1.value, q1.filed_date)]
            if _replace(quarters.get(q2_start), value, inputs):
                quarters[q2_start] = _quarter(
                    q1,
                    q2_start,
                    half.end,
                    value,
                    "h1_minus_q1",
                    [_fact_source(half), q1.source],
                    fye,
                )
        if half is not None and nine is not None:
            q3_start = half.end + timedelta(days=1)
            value = nine.value - half.value
            inputs = [(nine.value, nine.filed), (half.value, half.filed)]
            if _replace(quarters.get(q3_start), value, inputs):
                quarters[q3_start] = _quarter(
                    q1,
                    q3_start,
                    nine.end,
                    value,
                    "9m_minus_h1",
                    [_fact_source(nine), _fact_source(half)],
                    fye,
                )
        if nine is not None and year is not None:
            q4_start = nine.end + timedelta(days=1)
            value = year.value - nine.value
            inputs = [(year.value, year.filed_date), (nine.value, nine.filed)]
            if _replace(quarters.get(q4_start), value, inputs):
                quarters[q4_start] = _quarter(
                    year,
                    q4_start,
                    year.period_end,
                    value,
                    "fy_minus_9m",
                    [year.source, _fact_source(nine)],
                    fye,
                )
    others = [r for r in rows if r.period_kind != "quarter"]
    return others + list(quarters.values())


def _percent(numerator: MetricRow, denominator: MetricRow) -> Decimal | None:
    if denominator.value == 0:
        return None
    return round_percent(numerator.value * HUNDRED / denominator.value)


def _combine(
    key: str,
    parts: list[MetricRow],
    value: Decimal | None,
    formula: str,
    currency: str,
) -> MetricRow | None:
    if value is None:
        return None
    base = parts[0]
    return replace(
        base,
        metric_key=key,
        value=value,
        unit=metric_unit(key, currency),
        metric_name=formula,
        source=f"derived: {formula} ({'; '.join(p.source for p in parts)})",
        derived=key,
        accession_number=max((p.accession_number or "" for p in parts), default=None) or None,
        preliminary=any(p.preliminary for p in parts),
    )


Recipe = tuple[str, tuple[str, ...], Callable[..., Decimal | None], str]

DURATION_RECIPES: list[Recipe] = [
    (
        "gross_profit",
        ("revenue", "cost_of_revenue"),
        lambda r, c: r.value - c.value,
        "revenue - cost of revenue",
    ),
    (
        "ebitda",
        ("operating_income", "depreciation_and_amortization"),
        lambda o, d: o.value + d.value,
        "operating income + depreciation and amortization",
    ),
    (
        "free_cash_flow",
        ("operating_cash_flow", "capital_expenditure"),
        lambda o, c: o.value - c.value,
        "operating cash flow - capital expenditure",
    ),
    ("gross_margin", ("gross_profit", "revenue"), _percent, "gross profit / revenue, %"),
    (
        "operating_margin",
        ("operating_income", "revenue"),
        _percent,
        "operating income / revenue, %",
    ),
    ("ebitda_margin", ("ebitda", "revenue"), _percent, "EBITDA / revenue, %"),
    ("net_margin", ("net_income", "revenue"), _percent, "net income / revenue, %"),
]
INSTANT_RECIPES: list[Recipe] = [
    (
        "net_debt",
        ("total_debt", "cash_and_equivalents"),
        lambda d, c: d.value - c.value,
        "total debt - cash and equivalents",
    ),
    ("equity_ratio", ("equity", "total_assets"), _percent, "equity / total assets, %"),
]


def _apply(recipes: list[Recipe], metrics: dict[str, MetricRow], currency: str) -> list[MetricRow]:
    out: list[MetricRow] = []
    for key, inputs, compute, formula in recipes:
        if key in metrics or not all(i in metrics for i in inputs):
            continue
        parts = [metrics[i] for i in inputs]
        row = _combine(key, parts, compute(*parts), formula, currency)
        if row is not None:
            out.append(row)
            metrics[key] = row  # later recipes build on it (ebitda -> ebitda_margin)
    return out


def derive_metrics(rows: list[MetricRow], currency: str) -> list[MetricRow]:
    """The derived metrics of every period that has their inputs."""
    periods: dict[tuple[str, date | None, date], dict[str, MetricRow]] = defaultdict(dict)
    for row in rows:
        periods[(row.period_kind, row.period_start, row.period_end)][row.metric_key] = row
    out: list[MetricRow] = []
    for (kind, _, end), metrics in periods.items():
        if kind == "instant":
            out.extend(_apply(INSTANT_RECIPES, metrics, currency))
            continue
        if "eps" not in metrics and (eps := metrics.get("eps_diluted") or metrics.get("eps_basic")):
            row = replace(eps, metric_key="eps", derived="eps")
            out.append(row)
            metrics["eps"] = row
        out.extend(_apply(DURATION_RECIPES, metrics, currency))
        equity = periods.get(("instant", None, end), {}).get("equity")
        if kind == "annual" and equity is not None and "net_income" in metrics:
            roe = _combine(
                "return_on_equity",
                [metrics["net_income"], equity],
                _percent(metrics["net_income"], equity),
                "net income / equity, %",
                currency,
            )
            out.extend([roe] if roe else [])
    return out
