"""The admission contract, scenario by scenario, on the four access stores.

Each scenario is a list of operations at controlled clock times. The reference model
(`reference.py`) answers each one; every store must answer the same: `SqlAccessStore` on SQLite
(the driver's SQL), its SQLAlchemy statements on PostgreSQL, PostgreSQL's `filings_admit`
function (the gate's one call per request there; the other operations are the SQLAlchemy
store's) and `RedisAccessStore` (Lua). Many steps also carry the answer written out by hand,
which the model must give: the model is checked too.

The races run one operation from many threads at once (against two connection pools, as two
workers would) and compare the set of answers with the model's answers to the same operations
in a row: for example exactly the remaining units of a quota admitted.

SQLite always runs. PostgreSQL runs when `FILINGS_TEST_DATABASE_URL` is set, whatever
`FILINGS_TEST_BACKEND` says, in a schema of its own; Redis at `FILINGS_TEST_REDIS_URL`. Missing,
they skip locally and fail under CI=true.
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import pytest
import redis
from sqlalchemy import Connection, func, select, text, update

from filings.access import service
from filings.access.keys import hash_key
from filings.access.plans import month_bucket
from filings.access.queries import key_and_account
from filings.access.service import caller_of
from filings.access.store import (
    IdempotencyRecord,
    QuotaOutcome,
    RateOutcome,
    StoredResponse,
    Take,
)
from filings.access.store_redis import RedisAccessStore
from filings.access.store_sql import SqlAccessStore
from filings.core.errors import ApiError
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.db.tables import api_keys, usage_counters
from tests.access.conftest import Clock
from tests.access.reference import (
    ReferenceStore,
    Unspecified,
    minute_scope,
    quota_scope,
    second_scope,
)
from tests.conftest import unavailable

START = datetime(2026, 3, 10, 12, 0, 0, tzinfo=UTC)  # the start of a minute
SECRET = "parity-secret"
DAY = 24 * 3600.0


# ---- operations: each runs on any store that speaks the protocol with the scenario's ids


class Store(Protocol):
    """What a scenario asks: the AccessStore protocol and one observation."""

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]: ...
    def take_rate(
        self, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome: ...
    def reserve_quota(
        self, account_pk: int, bucket: str, limit: int, now: datetime
    ) -> QuotaOutcome: ...
    def refund_quota(self, account_pk: int, bucket: str) -> None: ...
    def quota_used(self, account_pk: int, bucket: str) -> int: ...
    def claim(
        self, account_pk: int, key: str, request_hash: str, now: datetime
    ) -> IdempotencyRecord | None: ...
    def complete(
        self, account_pk: int, key: str, response: StoredResponse, now: datetime
    ) -> None: ...
    def release(self, account_pk: int, key: str) -> None: ...
    def take_attempt(self, who: str, now: datetime, per_minute: int) -> bool: ...
    def count_use(self, account_pk: int, channel: str, bucket: str, now: datetime) -> None: ...
    def used_by(self, account_pk: int, channel: str, bucket: str) -> int: ...
    def stored_windows(self, scope: tuple[str, str]) -> int: ...


@dataclass(frozen=True)
class T:
    """A request of key `key` (of account `key // 10`): `take`."""

    key: int
    ps: int = 10
    pm: int = 300
    quota: int = 1000

    def run(self, store: Store, now: datetime) -> Any:
        request = Take(
            self.key, self.key // 10, now, self.ps, self.pm, month_bucket(now), self.quota
        )
        return store.take(request)


@dataclass(frozen=True)
class Rate:
    """`take_rate` alone (the path of a request with an Idempotency-Key)."""

    key: int
    ps: int = 10
    pm: int = 300

    def run(self, store: Store, now: datetime) -> Any:
        return store.take_rate(self.key, now, self.ps, self.pm)


@dataclass(frozen=True)
class Reserve:
    account: int
    limit: int

    def run(self, store: Store, now: datetime) -> Any:
        return store.reserve_quota(self.account, month_bucket(now), self.limit, now)


@dataclass(frozen=True)
class Refund:
    account: int
    month: str | None = None

    def run(self, store: Store, now: datetime) -> Any:
        return store.refund_quota(self.account, self.month or month_bucket(now))


@dataclass(frozen=True)
class Used:
    account: int
    month: str | None = None

    def run(self, store: Store, now: datetime) -> Any:
        return store.quota_used(self.account, self.month or month_bucket(now))


@dataclass(frozen=True)
class Claim:
    account: int
    key: str
    hash: str

    def run(self, store: Store, now: datetime) -> Any:
        return store.claim(self.account, self.key, self.hash, now)


RESPONSE = StoredResponse(201, [("content-type", "application/json"), ("x-a", "1")], b'{"a":1}')


@dataclass(frozen=True)
class Complete:
    account: int
    key: str

    def run(self, store: Store, now: datetime) -> Any:
        return store.complete(self.account, self.key, RESPONSE, now)


@dataclass(frozen=True)
class Release:
    account: int
    key: str

    def run(self, store: Store, now: datetime) -> Any:
        return store.release(self.account, self.key)


@dataclass(frozen=True)
class Attempt:
    who: str
    limit: int = 5

    def run(self, store: Store, now: datetime) -> Any:
        return store.take_attempt(self.who, now, self.limit)


@dataclass(frozen=True)
class CountUse:
    account: int
    channel: str = "mcp"

    def run(self, store: Store, now: datetime) -> Any:
        return store.count_use(self.account, self.channel, month_bucket(now), now)


@dataclass(frozen=True)
class UsedBy:
    account: int
    channel: str = "mcp"
    month: str | None = None

    def run(self, store: Store, now: datetime) -> Any:
        return store.used_by(self.account, self.channel, self.month or month_bucket(now))


@dataclass(frozen=True)
class Windows:
    """How many windows of a scope hold a count: whether stale ones were forgotten."""

    scope: tuple[str, str]

    def run(self, store: Store, now: datetime) -> Any:
        return store.stored_windows(self.scope)


class Op(Protocol):
    def run(self, store: Store, now: datetime) -> Any: ...


_NOT_WRITTEN = object()


@dataclass(frozen=True)
class Step:
    at: float  # seconds after the scenario's start
    op: Op
    expect: Any = _NOT_WRITTEN  # the answer written by hand, when given


@dataclass(frozen=True)
class Scenario:
    name: str
    steps: Sequence[Step]
    start: datetime = START


def ok(minute: int, used: int) -> tuple[RateOutcome, QuotaOutcome]:
    """An admitted request: the minute's count and the month's."""
    return RateOutcome(True, 0, minute), QuotaOutcome(True, used)


def rate_refused(retry: int, minute: int, used: int) -> tuple[RateOutcome, QuotaOutcome]:
    """Refused by a rate window; the month only read."""
    return RateOutcome(False, retry, minute), QuotaOutcome(True, used)


def quota_refused(minute: int, used: int) -> tuple[RateOutcome, QuotaOutcome]:
    """Counted by the rate windows, refused by the month."""
    return RateOutcome(True, 0, minute), QuotaOutcome(False, used)


def running(request_hash: str) -> IdempotencyRecord:
    return IdempotencyRecord(request_hash, None)


def done(request_hash: str) -> IdempotencyRecord:
    return IdempotencyRecord(request_hash, RESPONSE)


LONG_NAME = "account:" + "n" * 120  # the longest account name the sign-in form takes

SCENARIOS = [
    Scenario(
        "second_window_refuses_with_retry_after_1",
        [
            Step(0, T(11, ps=3, pm=100), ok(1, 1)),
            Step(0.2, T(11, ps=3, pm=100), ok(2, 2)),
            Step(0.4, T(11, ps=3, pm=100), ok(3, 3)),
            Step(0.6, T(11, ps=3, pm=100), rate_refused(1, 3, 3)),
            Step(1, T(11, ps=3, pm=100), ok(4, 4)),
        ],
    ),
    Scenario(
        "minute_refusal_gives_the_second_back",
        [
            Step(0, T(11, ps=2, pm=3), ok(1, 1)),
            Step(0, T(11, ps=2, pm=3), ok(2, 2)),
            Step(1, T(11, ps=2, pm=3), ok(3, 3)),
            Step(1.2, T(11, ps=2, pm=3), rate_refused(60, 3, 3)),
            # the refused request left the second window at 1: one more fits in it
            Step(1.4, T(11, ps=2, pm=10), ok(4, 4)),
            Step(1.6, T(11, ps=2, pm=10), rate_refused(1, 4, 4)),
        ],
    ),
    Scenario(
        "both_windows_full_the_second_answers",
        [
            Step(0, T(11, ps=1, pm=1), ok(1, 1)),
            Step(0.5, T(11, ps=1, pm=1), rate_refused(1, 1, 1)),
            Step(1, T(11, ps=1, pm=1), rate_refused(60, 1, 1)),
            Step(59.9, T(11, ps=1, pm=1), rate_refused(60, 1, 1)),
            Step(60, T(11, ps=1, pm=1), ok(1, 2)),
        ],
    ),
    Scenario(
        "windows_per_key_quota_per_account",
        [
            Step(0, T(11, ps=1, quota=3), ok(1, 1)),
            Step(0, T(12, ps=1, quota=3), ok(1, 2)),
            Step(0.5, T(11, ps=1, quota=3), rate_refused(1, 1, 2)),
            Step(1, T(11, ps=1, quota=3), ok(2, 3)),
            Step(1, T(12, ps=1, quota=3), quota_refused(2, 3)),
            Step(1, T(21, ps=1, quota=3), ok(1, 1)),
            Step(1, Used(1), 3),
            Step(1, Used(2), 1),
        ],
    ),
    Scenario(
        "minute_windows_follow_the_clock",
        [
            Step(0, T(11, pm=2), ok(1, 1)),
            Step(30, T(11, pm=2), ok(2, 2)),
            Step(59.9, T(11, pm=2), rate_refused(60, 2, 2)),
            Step(60, T(11, pm=2), ok(1, 3)),
            Step(119, T(11, pm=2), ok(2, 4)),
        ],
    ),
    Scenario(
        "limits_of_zero_refuse",
        [
            Step(0, T(11, ps=0), rate_refused(1, 0, 0)),
            Step(0, T(11, pm=0), rate_refused(60, 0, 0)),
            Step(0, T(11, quota=0), quota_refused(1, 0)),
            Step(0, Reserve(1, 0), QuotaOutcome(False, 0)),
            Step(0, Attempt("ip:192.0.2.1", 0), False),
            Step(0, Used(1), 0),
        ],
    ),
    Scenario(
        "a_lowered_minute_limit_reports_the_limit",
        [
            *[Step(0, T(11, ps=100, pm=10), ok(n, n)) for n in range(1, 6)],
            Step(0.5, T(11, ps=100, pm=3), rate_refused(60, 3, 5)),
            Step(0.5, T(11, ps=0, pm=3), rate_refused(1, 5, 5)),  # the window's own count
            Step(0.5, T(11, ps=100, pm=10), ok(6, 6)),
        ],
    ),
    Scenario(
        "take_rate_and_take_share_the_windows",
        [
            Step(0, Rate(11, ps=2, pm=5), RateOutcome(True, 0, 1)),
            Step(0, T(11, ps=2, pm=5), ok(2, 1)),
            Step(0, Rate(11, ps=2, pm=5), RateOutcome(False, 1, 2)),
            Step(1, Rate(11, ps=2, pm=2), RateOutcome(False, 60, 2)),
            Step(1, Used(1), 1),
        ],
    ),
    Scenario(
        "quota_only_read_when_the_rate_refuses",
        [
            Step(0, T(11, ps=1, quota=5), ok(1, 1)),
            Step(0, T(11, ps=1, quota=5), rate_refused(1, 1, 1)),
            Step(0, Used(1), 1),
            Step(1, T(11, ps=1, quota=5), ok(2, 2)),
        ],
    ),
    Scenario(
        "a_full_quota_still_counts_the_rate_windows",
        [
            Step(0, T(11, pm=5, quota=2), ok(1, 1)),
            Step(1, T(11, pm=5, quota=2), ok(2, 2)),
            Step(2, T(11, pm=5, quota=2), quota_refused(3, 2)),
            Step(3, T(11, pm=5, quota=2), quota_refused(4, 2)),
            Step(4, T(11, pm=5, quota=2), quota_refused(5, 2)),
            Step(5, T(11, pm=5, quota=2), rate_refused(60, 5, 2)),
            Step(5, Used(1), 2),
        ],
    ),
    Scenario(
        "refunds_never_go_below_zero",
        [
            Step(0, Reserve(1, 10), QuotaOutcome(True, 1)),
            Step(0, Reserve(1, 10), QuotaOutcome(True, 2)),
            Step(0, Refund(1)),
            Step(0, Refund(1)),
            Step(0, Refund(1)),
            Step(0, Used(1), 0),
            Step(0, Refund(1, "2026-07")),  # a month never counted
            Step(0, Used(1, "2026-07"), 0),
            Step(0, Reserve(1, 10), QuotaOutcome(True, 1)),
        ],
    ),
    Scenario(
        "a_refund_frees_a_unit_of_a_full_month",
        [
            Step(0, T(11, quota=2), ok(1, 1)),
            Step(0, T(11, quota=2), ok(2, 2)),
            Step(0, T(11, quota=2), quota_refused(3, 2)),
            Step(0, Refund(1)),
            Step(0, T(11, quota=2), ok(4, 2)),
            Step(0, T(11, quota=2), quota_refused(5, 2)),
        ],
    ),
    Scenario(
        "reserve_quota_under_a_changing_limit",
        [
            Step(0, Reserve(1, 2), QuotaOutcome(True, 1)),
            Step(0, Reserve(1, 2), QuotaOutcome(True, 2)),
            Step(0, Reserve(1, 2), QuotaOutcome(False, 2)),
            Step(0, Reserve(1, 3), QuotaOutcome(True, 3)),
            Step(0, Reserve(1, 1), QuotaOutcome(False, 3)),
            Step(0, Used(1), 3),
        ],
    ),
    Scenario(
        "the_month_resets_and_last_month_still_reads",
        [
            Step(0, T(11, quota=2), ok(1, 1)),
            Step(1, T(11, quota=2), ok(2, 2)),
            Step(2, T(11, quota=2), quota_refused(3, 2)),
            Step(15, T(11, quota=2), ok(1, 1)),  # 2026-04-01T00:00:05Z
            Step(15, Used(1, "2026-03"), 2),
            Step(15, Used(1), 1),
            Step(16, Refund(1, "2026-03")),  # a late refund of last month's request
            Step(16, Used(1, "2026-03"), 1),
        ],
        start=datetime(2026, 3, 31, 23, 59, 50, tzinfo=UTC),
    ),
    Scenario(
        "a_month_past_its_ttl_is_forgotten",
        [
            Step(0, T(11), ok(1, 1)),  # 2026-03-31T23:59:00Z: March opens, for 62 days
            Step(120, T(11), ok(1, 1)),  # April opens
            Step(120, Used(1, "2026-03"), 1),
            Step(120, Windows(quota_scope(1)), 2),
            # 2026-06-02T00:00:00Z: March's 62 days are over, April's are not
            Step(62 * DAY + 60, T(11), ok(1, 1)),
            Step(62 * DAY + 60, Used(1, "2026-03"), 0),
            Step(62 * DAY + 60, Used(1, "2026-04"), 1),
            Step(62 * DAY + 60, Windows(quota_scope(1)), 2),
        ],
        start=datetime(2026, 3, 31, 23, 59, 0, tzinfo=UTC),
    ),
    Scenario(
        "rate_windows_past_their_ttl_are_forgotten",
        [
            *[Step(s, T(11)) for s in range(10)],
            Step(9, Windows(second_scope(11)), 5),  # the windows of 5..9 s: a TTL of 5 s
            Step(9, Windows(minute_scope(11)), 1),
            Step(50, T(11), ok(11, 11)),
            Step(60, T(11), ok(1, 12)),
            Step(120, T(11), ok(1, 13)),
            # minute 0 opened at 0 s: past its 3 minutes at 180 s, counted last at 50 s
            Step(185, T(11), ok(1, 14)),
            Step(185, Windows(minute_scope(11)), 3),
            Step(185, Windows(second_scope(11)), 1),
        ],
    ),
    Scenario(
        "claim_replay_and_release",
        [
            Step(0, Claim(1, "order-1", "h1"), None),
            Step(0, Claim(1, "order-1", "h1"), running("h1")),
            Step(0, Claim(1, "order-1", "h2"), running("h1")),
            Step(1, Complete(1, "order-1")),
            Step(2, Claim(1, "order-1", "h1"), done("h1")),
            Step(2, Claim(1, "order-1", "h2"), done("h1")),
            Step(3, Release(1, "order-1")),
            Step(3, Claim(1, "order-1", "h2"), None),
            Step(4, Release(1, "never-claimed")),
            Step(4, Claim(1, "never-claimed", "h3"), None),
        ],
    ),
    Scenario(
        "idempotency_records_live_24_hours_from_the_claim",
        [
            Step(0, Claim(1, "k", "h1"), None),
            Step(12 * 3600, Complete(1, "k")),
            Step(DAY - 1, Claim(1, "k", "h1"), done("h1")),
            Step(DAY, Claim(1, "k", "h2"), None),
            Step(DAY + 1, Claim(1, "k", "h1"), running("h2")),
            Step(2 * DAY, Claim(1, "k", "h3"), None),  # a running record expires as well
        ],
    ),
    Scenario(
        "a_late_completion_keeps_nothing",
        [
            Step(0, Claim(1, "released", "h1"), None),
            Step(0, Release(1, "released")),
            Step(1, Complete(1, "released")),
            Step(2, Claim(1, "released", "h2"), None),
            Step(3, Claim(1, "expired", "h1"), None),
            Step(3 + DAY, Complete(1, "expired")),
            Step(3 + DAY, Claim(1, "expired", "h2"), None),
        ],
    ),
    Scenario(
        "idempotency_records_per_account",
        [
            Step(0, Claim(1, "k", "h"), None),
            Step(0, Claim(2, "k", "h"), None),
            Step(1, Complete(1, "k")),
            Step(1, Claim(1, "k", "h"), done("h")),
            Step(1, Claim(2, "k", "h"), running("h")),
        ],
    ),
    Scenario(
        "sign_in_attempts_per_minute",
        [
            *[Step(0, Attempt("ip:192.0.2.1"), True) for _ in range(5)],
            Step(1, Attempt("ip:192.0.2.1"), False),
            Step(1, Attempt("account:acme"), True),
            Step(30, Attempt("ip:192.0.2.1", limit=6), True),
            Step(60, Attempt("ip:192.0.2.1"), True),
            *[Step(61, Attempt(LONG_NAME), True) for _ in range(5)],
            Step(61, Attempt(LONG_NAME), False),
            Step(61, Attempt(LONG_NAME[:-1]), True),
        ],
    ),
    Scenario(
        "channel_use_by_month",
        [
            Step(0, CountUse(1)),
            Step(1, CountUse(1)),
            Step(2, CountUse(1)),
            Step(2, UsedBy(1), 3),
            Step(2, UsedBy(1, "http"), 0),
            Step(2, UsedBy(2), 0),
            Step(2, CountUse(2, "http")),
            Step(2, UsedBy(2, "http"), 1),
            Step(DAY, CountUse(1)),  # 2026-04-01T...
            Step(DAY, UsedBy(1), 1),
            Step(DAY, UsedBy(1, month="2026-03"), 3),
        ],
        start=datetime(2026, 3, 31, 6, 0, 0, tzinfo=UTC),
    ),
]


# ---- the four stores, speaking the scenarios' ids


class Backend:
    """A store under test with the scenarios' ids: ids of accounts (1, 2) and keys (11, 12:
    key 11 belongs to account 1)."""

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        raise NotImplementedError

    def advance(self, delta: timedelta) -> None:
        """The store's own clock moves on by `delta` (Redis expires keys on its clock)."""

    def check(self) -> None:
        """Raise when the store breaks an invariant of its own between steps."""

    def sibling(self) -> Backend:
        """The same store through other connections (another worker)."""
        raise NotImplementedError


class SqlBackend(Backend):
    """`SqlAccessStore` on a migrated database; accounts and keys made as the scenario names
    them. `via_function`: requests (`take`) go through `filings_admit`."""

    def __init__(self, url: str, *, via_function: bool = False, shared: SqlBackend | None = None):
        self.url = url
        self.database = Database(make_engine(url))
        self.store = SqlAccessStore(self.database)
        self.via_function = via_function
        self.token = shared.token if shared else uuid.uuid4().hex[:8]
        self.accounts: dict[int, tuple[str, int]] = shared.accounts if shared else {}
        self.keys: dict[int, tuple[int, str]] = shared.keys if shared else {}
        self.limits: dict[int, tuple[int, int, int]] = shared.limits if shared else {}
        self.lock = shared.lock if shared else threading.Lock()

    def sibling(self) -> SqlBackend:
        return SqlBackend(self.url, via_function=self.via_function, shared=self)

    def close(self) -> None:
        self.database.dispose()

    def account(self, account: int) -> int:
        with self.lock:
            if account not in self.accounts:
                name = f"parity-{self.token}-{account}"
                with self.database.transaction() as conn:
                    made = service.create_account(conn, name, plan="api", now=datetime.now(UTC))
                self.accounts[account] = (name, made.pk)
            return self.accounts[account][1]

    def key(self, key: int) -> tuple[int, str]:
        """The key's id and hash."""
        account = self.account(key // 10)
        with self.lock:
            if key not in self.keys:
                name = self.accounts[key // 10][0]
                with self.database.transaction() as conn:
                    info, secret = service.create_key(
                        conn, name, secret=SECRET, now=datetime.now(UTC)
                    )
                self.keys[key] = (info.pk, hash_key(secret, SECRET))
            assert account  # made before the key
            return self.keys[key]

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        key_pk, key_hash = self.key(request.key_pk)
        account_pk = self.account(request.account_pk)
        if not self.via_function:
            real = Take(
                key_pk,
                account_pk,
                request.now,
                request.per_second,
                request.per_minute,
                request.bucket,
                request.quota,
            )
            return self.store.take(real)
        self._set_limits(request)
        row = self.store.admit(key_hash, request.now, request.bucket)
        assert row is not None and row.id == key_pk and row.account_id == account_pk
        return self.store.outcomes(row)

    def _set_limits(self, request: Take) -> None:
        """The account's overrides are the request's limits (the function reads them there)."""
        limits = (request.quota, request.per_second, request.per_minute)
        with self.lock:
            if self.limits.get(request.account_pk) == limits:
                return
            with self.database.transaction() as conn:
                service.set_limits(
                    conn,
                    self.accounts[request.account_pk][0],
                    monthly_quota=request.quota,
                    per_second=request.per_second,
                    per_minute=request.per_minute,
                )
            self.limits[request.account_pk] = limits

    def take_rate(
        self, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome:
        return self.store.take_rate(self.key(key_pk)[0], now, per_second, per_minute)

    def reserve_quota(
        self, account_pk: int, bucket: str, limit: int, now: datetime
    ) -> QuotaOutcome:
        return self.store.reserve_quota(self.account(account_pk), bucket, limit, now)

    def refund_quota(self, account_pk: int, bucket: str) -> None:
        self.store.refund_quota(self.account(account_pk), bucket)

    def quota_used(self, account_pk: int, bucket: str) -> int:
        return self.store.quota_used(self.account(account_pk), bucket)

    def claim(
        self, account_pk: int, key: str, request_hash: str, now: datetime
    ) -> IdempotencyRecord | None:
        return self.store.claim(self.account(account_pk), key, request_hash, now)

    def complete(self, account_pk: int, key: str, response: StoredResponse, now: datetime) -> None:
        self.store.complete(self.account(account_pk), key, response, now)

    def release(self, account_pk: int, key: str) -> None:
        self.store.release(self.account(account_pk), key)

    def take_attempt(self, who: str, now: datetime, per_minute: int) -> bool:
        # the scenarios share the database: each one's addresses and names are its own
        return self.store.take_attempt(f"{self.token}/{who}", now, per_minute)

    def count_use(self, account_pk: int, channel: str, bucket: str, now: datetime) -> None:
        self.store.count_use(self.account(account_pk), channel, bucket, now)

    def used_by(self, account_pk: int, channel: str, bucket: str) -> int:
        return self.store.used_by(self.account(account_pk), channel, bucket)

    def stored_windows(self, scope: tuple[str, str]) -> int:
        kind, ident = scope
        name = {
            "second": lambda: f"rate:{self.key(int(ident))[0]}:s",
            "minute": lambda: f"rate:{self.key(int(ident))[0]}:m",
            "quota": lambda: f"quota:{self.account(int(ident))}",
        }[kind]()
        with self.database.transaction() as conn:
            count = conn.execute(
                select(func.count()).where(
                    usage_counters.c.scope == name, usage_counters.c.count > 0
                )
            ).scalar_one()
        return int(count)


class RedisBackend(Backend):
    """`RedisAccessStore` under a namespace of the test's own; the scenarios' ids as they are.
    The scenario's clock moving on ages every key of the namespace by as much."""

    def __init__(self, url: str, namespace: str):
        self.url, self.namespace = url, namespace
        self.store = RedisAccessStore(url, namespace)
        self.client = redis.Redis.from_url(url)

    def sibling(self) -> RedisBackend:
        return RedisBackend(self.url, self.namespace)

    def close(self) -> None:
        self.store.close()
        self.client.close()

    def __getattr__(self, name: str) -> Any:  # the protocol's methods: the store's own
        return getattr(self.store, name)

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        return self.store.take(request)

    def _keys(self, pattern: str = "*") -> list[bytes]:
        return list(self.client.scan_iter(f"{self.namespace}:{pattern}"))

    def advance(self, delta: timedelta) -> None:
        elapsed = int(delta.total_seconds() * 1000)
        for key in self._keys():
            left = int(self.client.pttl(key))  # type: ignore[arg-type]
            if left < 0:
                continue  # no expiry: `check` reports it
            if left <= elapsed:
                self.client.delete(key)
            else:
                self.client.pexpire(key, left - elapsed)

    def check(self) -> None:
        lasting = [k for k in self._keys() if int(self.client.pttl(k)) < 0]  # type: ignore[arg-type]
        assert not lasting, f"keys that never expire: {lasting}"

    def stored_windows(self, scope: tuple[str, str]) -> int:
        kind, ident = scope
        pattern = {"second": f"rate:{ident}:s:*", "minute": f"rate:{ident}:m:*"}.get(
            kind, f"quota:{ident}:*"
        )
        return sum(1 for k in self._keys(pattern) if int(self.client.get(k) or 0) > 0)


# ---- where the stores live


@pytest.fixture(scope="module")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A migrated SQLite file for the module."""
    url = f"sqlite:///{tmp_path_factory.mktemp('parity') / 'parity.db'}"
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    return url


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A migrated PostgreSQL schema for the module, whatever the suite's backend."""
    from tests.conftest import _postgres_url

    base = os.environ.get("FILINGS_TEST_DATABASE_URL")
    if not base:
        unavailable("the PostgreSQL stores need FILINGS_TEST_DATABASE_URL")
    schema = f"filings_parity_{uuid.uuid4().hex[:10]}"
    url = _postgres_url(schema)
    engine = make_engine(url)
    try:
        upgrade(engine)
        engine.dispose()
        yield url
    finally:
        admin = make_engine(str(base))
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


STORES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
    pytest.param("postgres-function", id="postgres-function", marks=pytest.mark.postgres),
    pytest.param("redis", id="redis", marks=pytest.mark.redis),
]


@pytest.fixture(params=STORES)
def backend(request: pytest.FixtureRequest) -> Iterator[Backend]:
    """One of the four stores."""
    kind = request.param
    made: Backend
    if kind == "redis":
        made = RedisBackend(
            request.getfixturevalue("redis_url"), request.getfixturevalue("redis_namespace")
        )
    elif kind == "sqlite":
        made = SqlBackend(request.getfixturevalue("sqlite_url"))
    else:
        url = request.getfixturevalue("postgres_url")
        made = SqlBackend(url, via_function=kind == "postgres-function")
    yield made
    made.close()  # type: ignore[attr-defined]


# ---- running a scenario


def play(scenario: Scenario, store: Store | None) -> None:
    """Run `scenario` on the model, checking the written answers, and on `store` (when given),
    checking that it answers as the model does."""
    clock = Clock(scenario.start)
    model = ReferenceStore(clock)
    for number, step in enumerate(scenario.steps):
        now = scenario.start + timedelta(seconds=step.at)
        assert now >= clock.now, f"step {number} goes back in time"
        if store is not None and now > clock.now:
            store.advance(now - clock.now)  # type: ignore[attr-defined]
        clock.now = now
        expected = step.op.run(model, now)
        where = f"{scenario.name}, step {number} at +{step.at:g} s: {step.op}"
        if step.expect is not _NOT_WRITTEN:
            assert expected == step.expect, f"the model, {where}"
        if store is None:
            continue
        actual = step.op.run(store, now)
        assert actual == expected, f"{where}: the store answered {actual}, the contract {expected}"
        store.check()  # type: ignore[attr-defined]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_the_model_gives_the_written_answers(scenario: Scenario) -> None:
    play(scenario, None)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_the_store_answers_as_the_contract(scenario: Scenario, backend: Backend) -> None:
    play(scenario, backend)  # type: ignore[arg-type]


# ---- races


@dataclass(frozen=True)
class Race:
    """`setup` in a row, then `op` from `threads` threads at once, then `after` in a row."""

    name: str
    op: Op
    threads: int
    setup: Sequence[Op] = ()
    after: Sequence[Op] = ()
    expect: Callable[[list[Any]], bool] = field(default=lambda answers: True)


RACES = [
    Race(
        "the_last_units_of_a_quota",
        T(11, ps=1000, pm=1000, quota=10),
        threads=16,
        setup=[T(11, ps=1000, pm=1000, quota=10)] * 7,
        after=[Used(1)],
        expect=lambda answers: sum(quota.allowed for _, quota in answers) == 3,
    ),
    Race(
        "the_last_requests_of_a_second",
        T(11, ps=4, pm=1000),
        threads=12,
        after=[Used(1)],
        expect=lambda answers: sum(rate.allowed for rate, _ in answers) == 4,
    ),
    Race(
        "the_last_requests_of_a_minute",
        Rate(11, ps=1000, pm=6),
        threads=12,
        setup=[Rate(11, ps=1000, pm=6)] * 2,
        expect=lambda answers: sum(rate.allowed for rate in answers) == 4,
    ),
    Race(
        "the_last_units_reserved_alone",
        Reserve(1, 10),
        threads=16,
        setup=[Reserve(1, 10)] * 6,
        after=[Used(1)],
        expect=lambda answers: sum(quota.allowed for quota in answers) == 4,
    ),
    Race(
        "refunds_stop_at_zero",
        Refund(1),
        threads=12,
        setup=[Reserve(1, 100)] * 5,
        after=[Used(1), Reserve(1, 100)],
    ),
    Race(
        "one_claim_owns_the_key",
        Claim(1, "same", "h"),
        threads=12,
        expect=lambda answers: answers.count(None) == 1,
    ),
    Race(
        "sign_in_attempts",
        Attempt("ip:192.0.2.9", 5),
        threads=12,
        expect=lambda answers: answers.count(True) == 5,
    ),
]


@pytest.mark.parametrize("race", RACES, ids=[r.name for r in RACES])
def test_racing_requests_get_what_the_model_gives_in_a_row(race: Race, backend: Backend) -> None:
    """Many at once against a window: as many admitted as it has room for, never more."""
    clock = Clock(START)
    model = ReferenceStore(clock)
    store: Any = backend
    for op in race.setup:
        assert op.run(store, START) == op.run(model, START), op
    expected = [race.op.run(model, START) for _ in range(race.threads)]
    assert race.expect(expected)  # the model itself
    stores = [store, store.sibling()]  # two workers
    barrier = threading.Barrier(race.threads)

    def one(index: int) -> Any:
        barrier.wait()
        return race.op.run(stores[index % 2], START)

    try:
        with ThreadPoolExecutor(race.threads) as pool:
            answers = list(pool.map(one, range(race.threads)))
    finally:
        stores[1].close()
    assert sorted(map(repr, answers)) == sorted(map(repr, expected))
    for op in race.after:
        assert op.run(store, START) == op.run(model, START), op
    store.check()


KEY_STATES: dict[str, Callable[[Connection, str, int, datetime], Any]] = {
    "revoked": lambda conn, name, key_pk, now: service.revoke_key(conn, key_pk, now=now),
    "expired": lambda conn, name, key_pk, now: conn.execute(
        update(api_keys).where(api_keys.c.id == key_pk).values(expires_at=now)
    ),
    "free plan": lambda conn, name, key_pk, now: service.set_plan(conn, name, "free", now=now),
    "lapsed plan": lambda conn, name, key_pk, now: service.set_plan(
        conn, name, "pro", now=now - timedelta(days=2), until=now
    ),
}


@pytest.mark.postgres
@pytest.mark.parametrize("state", list(KEY_STATES))
def test_the_function_refuses_the_keys_python_refuses_and_counts_nothing(
    state: str, postgres_url: str
) -> None:
    """`filings_admit` takes the same keys as the gate's Python (`authenticate`): a key it
    refuses comes back uncounted, and Python gives it the same 401 or 402."""
    backend = SqlBackend(postgres_url, via_function=True)
    try:
        request = T(11).run  # the key exists and counts before its state changes
        assert request(backend, START) == ok(1, 1)  # type: ignore[arg-type]
        key_pk, key_hash = backend.key(11)
        name = backend.accounts[1][0]
        later = START + timedelta(seconds=2)
        with backend.database.transaction() as conn:
            KEY_STATES[state](conn, name, key_pk, later)
        row = backend.store.admit(key_hash, later, month_bucket(later))
        assert row is not None and row.allowed is None
        with pytest.raises(ApiError) as by_function:
            caller_of(row, key_hash, later)
        with backend.database.transaction() as conn:
            python_row = key_and_account(conn, key_hash)
        with pytest.raises(ApiError) as by_python:
            caller_of(python_row, key_hash, later)
        assert (type(by_function.value), str(by_function.value)) == (
            type(by_python.value),
            str(by_python.value),
        )
        assert backend.quota_used(1, month_bucket(later)) == 1  # nothing counted
        assert backend.stored_windows(second_scope(11)) == 1
        assert backend.stored_windows(minute_scope(11)) == 1
    finally:
        backend.close()


def test_the_model_leaves_open_what_the_contract_leaves_open() -> None:
    """A window past its TTL that no newer window of its scope has swept: Redis has dropped it,
    the SQL store still holds it; the model refuses to answer rather than pick one."""
    clock = Clock(datetime(2026, 3, 31, 12, 0, tzinfo=UTC))
    model = ReferenceStore(clock)
    model.reserve_quota(1, "2026-03", 10, clock.now)
    clock.advance(days=62)
    with pytest.raises(Unspecified):
        model.quota_used(1, "2026-03")
    model.reserve_quota(1, month_bucket(clock.now), 10, clock.now)  # June opens: March swept
    assert model.quota_used(1, "2026-03") == 0


def test_every_scenario_and_race_has_a_name_of_its_own() -> None:
    names = [s.name for s in SCENARIOS] + [r.name for r in RACES]
    assert len(names) == len(set(names))
