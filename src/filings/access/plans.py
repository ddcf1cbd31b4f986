"""Plans: which give API access, their monthly quota and per-key rate limits."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

TRIAL_DAYS = 14
DEFAULT_PER_SECOND = 10
DEFAULT_PER_MINUTE = 300


@dataclass(frozen=True)
class Plan:
    """What a plan grants."""

    name: str
    api_access: bool
    monthly_quota: int
    per_second: int = DEFAULT_PER_SECOND
    per_minute: int = DEFAULT_PER_MINUTE


PLANS: dict[str, Plan] = {
    p.name: p
    for p in (
        Plan("free", api_access=False, monthly_quota=0),
        Plan("trial", api_access=True, monthly_quota=1_000),
        Plan("pro", api_access=True, monthly_quota=10_000),
        Plan("api", api_access=True, monthly_quota=100_000),
        # custom: negotiated; the account's overrides apply, else the api plan's numbers.
        Plan("custom", api_access=True, monthly_quota=100_000),
    )
}


@dataclass(frozen=True)
class Limits:
    """The limits in force for one account."""

    monthly_quota: int
    per_second: int
    per_minute: int


def limits_for(
    plan: str, *, monthly_quota: int | None, per_second: int | None, per_minute: int | None
) -> Limits:
    """The plan's limits with the account's overrides applied."""
    base = PLANS[plan]
    return Limits(
        monthly_quota=base.monthly_quota if monthly_quota is None else monthly_quota,
        per_second=base.per_second if per_second is None else per_second,
        per_minute=base.per_minute if per_minute is None else per_minute,
    )


def plan_is_active(plan: str, plan_until: datetime | None, now: datetime) -> bool:
    """Whether a plan gives API access at `now`; `plan_until` None means open-ended."""
    if not PLANS[plan].api_access:
        return False
    return plan_until is None or now < as_utc(plan_until)


def default_until(plan: str, now: datetime) -> datetime | None:
    """When a newly set plan lapses by default: a trial after 14 days, others never."""
    return now + timedelta(days=TRIAL_DAYS) if plan == "trial" else None


def end_of_day(day: date) -> datetime:
    """`--until 2026-12-31` keeps a plan active through that day, UTC."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


def as_utc(moment: datetime) -> datetime:
    """A datetime read back from a database that drops the zone (SQLite) is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def month_bucket(now: datetime) -> str:
    """The quota counter of `now`'s calendar month, UTC: `2026-11`."""
    return f"{now.year:04d}-{now.month:02d}"


def next_month_start(now: datetime) -> datetime:
    """00:00 UTC on the first day of the month after `now`."""
    year, month = (now.year + 1, 1) if now.month == 12 else (now.year, now.month + 1)
    return datetime(year, month, 1, tzinfo=UTC)
