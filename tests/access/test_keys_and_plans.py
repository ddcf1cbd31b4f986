"""Key material and plan arithmetic."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from hypothesis import given
from hypothesis import strategies as st

from filings.access.keys import display_prefix, generate_key, hash_key, hashes_match, looks_like_key
from filings.access.plans import (
    PLANS,
    end_of_day,
    limits_for,
    month_bucket,
    next_month_start,
    plan_is_active,
)


def test_keys_are_svc_and_at_least_40_url_safe_characters() -> None:
    keys = {generate_key() for _ in range(200)}
    assert len(keys) == 200
    for key in keys:
        assert re.fullmatch(r"svc_[A-Za-z0-9_-]{40,}", key)
        assert looks_like_key(key)
        assert display_prefix(key) == key[:12]


def test_hash_is_keyed() -> None:
    key = generate_key()
    assert hash_key(key, "a") != hash_key(key, "b")
    assert hashes_match(hash_key(key, "a"), hash_key(key, "a"))
    assert key not in hash_key(key, "a")


def test_plans_from_the_issue() -> None:
    assert not PLANS["free"].api_access
    assert PLANS["pro"].monthly_quota == 10_000
    assert PLANS["api"].monthly_quota == 100_000
    assert (PLANS["pro"].per_second, PLANS["pro"].per_minute) == (10, 300)
    limits = limits_for("pro", monthly_quota=5, per_second=None, per_minute=7)
    assert (limits.monthly_quota, limits.per_second, limits.per_minute) == (5, 10, 7)


def test_plan_activity() -> None:
    now = datetime(2026, 11, 21, tzinfo=UTC)
    assert plan_is_active("pro", None, now)
    assert not plan_is_active("free", None, now)
    assert not plan_is_active("pro", now, now)
    assert plan_is_active("pro", end_of_day(date(2026, 11, 21)), now)


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31)))
def test_next_month_start_is_the_first_after_now(naive: datetime) -> None:
    now = naive.replace(tzinfo=UTC)
    start = next_month_start(now)
    assert start > now and start.day == 1 and start.hour == 0
    assert month_bucket(start) != month_bucket(now)
    assert (start - now).days <= 31
