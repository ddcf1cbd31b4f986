"""Fiscal periods: how a period end is labelled as a fiscal year, quarter and period label."""

from __future__ import annotations

from datetime import date

# A fiscal year that ends in the first days of January belongs to the previous year
# (52/53-week years such as NVIDIA's).
JANUARY_GRACE_DAYS = 7


def fiscal_year_of(period_end: date) -> int:
    """The fiscal-year label of a year ending on `period_end`."""
    if period_end.month == 1 and period_end.day <= JANUARY_GRACE_DAYS:
        return period_end.year - 1
    return period_end.year


def annual_label(fiscal_year: int) -> str:
    """`FY2024`: the `period_label` of an annual period."""
    return f"FY{fiscal_year}"


def quarter_label(fiscal_year: int, quarter: int) -> str:
    """`Q3/2025`: the label of a fiscal quarter."""
    if not 1 <= quarter <= 4:
        raise ValueError(f"quarter out of range: {quarter}")
    return f"Q{quarter}/{fiscal_year}"


def period_label(fiscal_year: int, quarter: int | None) -> str:
    """The label of an annual (`quarter` None) or quarterly period."""
    return annual_label(fiscal_year) if quarter is None else quarter_label(fiscal_year, quarter)


# Lengths of the periods filers report, in days (both ends counted). A quarter is three months
# or 12 to 17 weeks: a 4-4-5 calendar's 13 weeks, Costco's 12-week first three quarters and its
# 16-week (17 in a 53-week year) fourth; the half and nine months of those calendars are 24 and 36
# weeks (168 and 252 days) as well as six and nine calendar months.
ANNUAL_DAYS = range(350, 381)
QUARTER_DAYS = range(80, 121)
HALF_DAYS = range(160, 200)
NINE_MONTH_DAYS = range(245, 290)

DAYS_PER_MONTH = 30.44
FISCAL_END_TOLERANCE_DAYS = 10


def _anniversary(year: int, month: int, day: int) -> date:
    """`month`/`day` in `year`, with the day clipped to the month's length."""
    for clipped in range(day, 27, -1):
        try:
            return date(year, month, clipped)
        except ValueError:
            continue
    return date(year, month, min(day, 28))


def fiscal_year_end_after(period_end: date, month: int, day: int) -> date:
    """The fiscal year end (month/day, within 10 days) that closes the year of `period_end`."""
    for year in (period_end.year - 1, period_end.year, period_end.year + 1):
        candidate = _anniversary(year, month, day)
        if (candidate - period_end).days >= -FISCAL_END_TOLERANCE_DAYS:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


def fiscal_quarter_of(period_end: date, month: int, day: int) -> tuple[int, int]:
    """(fiscal year, quarter) of a quarter (or balance) ending on `period_end`, for a company
    whose fiscal year ends on `month`/`day` (52/53-week years fall within the tolerance)."""
    year_end = fiscal_year_end_after(period_end, month, day)
    months_left = max((year_end - period_end).days, 0) / DAYS_PER_MONTH
    quarter = 4 - min(round(months_left / 3), 3)
    return fiscal_year_of(year_end), quarter
