"""The admission contract: what every access store answers, and the interface they share.

Four implementations keep it: `SqlAccessStore` (`store_sql.py`: SQLAlchemy statements on
PostgreSQL, the driver's own SQL on SQLite), PostgreSQL's function `filings_admit` (migrations
0010 and 0019, the gate's one call per request on PostgreSQL) and `RedisAccessStore`
(`store_redis.py`, one Lua script per check-and-count). `tests/access/reference.py` is this
contract as plain Python, and `tests/access/test_store_parity.py` runs the same scenarios, at
controlled clock times, against the model and the four.

Counters. A counter is a window of a scope (a key's second, a key's minute, an account's month,
a sign-in attempt's minute, an account's use through a channel in a month) named by its bucket
(`second_bucket`, `minute_bucket`, `plans.month_bucket`).
- Counting is atomic: concurrent requests against a window with `n` units left get exactly `n`
  admissions, across threads, workers and (Redis) hosts.
- A limit of 0 or less refuses everything; counts never go below zero.
- A window lives for its TTL from its first count (`SECOND_WINDOW_TTL`, `MINUTE_WINDOW_TTL`,
  `QUOTA_TTL`; sign-in attempts a minute's, channel use a month's) and reads its count all
  that time, so last month's quota still reads during this month. Past its TTL it is forgotten:
  Redis drops it at the TTL, the SQL store when the scope's next window opens (its first count
  deletes the scope's windows whose TTL has passed). Between those two moments a read is left
  open; nothing reads a window that old.

Rate (`take_rate`, the rate half of `take`). A request is counted in its key's second window and
minute window only when both have room; a refused request counts in neither. The second window
is asked first: full, the answer is `retry_after=1` with the minute window's count; else a full
minute window answers `retry_after=60` with `minute_used` = the per-minute limit (the window is
full; a store that counts the second first gives that count back). Allowed: `retry_after=0` and
the minute window's new count.

Quota (`reserve_quota`, the quota half of `take`). One unit of the account's month is reserved
atomically, only when the rate allowed the request (a request the quota then refuses stays
counted in the rate windows: the quota is the later check); when the rate refused it, the month
is only read (`QuotaOutcome(True, used)`: the quota was not asked). Full: `QuotaOutcome(False,
used)`. `refund_quota` gives one unit back, never below zero; `quota_used` reads the month.

Idempotency (`claim`, `complete`, `release`). A claim of an (account, Idempotency-Key) that no
live record holds creates a running record and answers None (the caller owns it); otherwise it
answers the record: its request hash, and its response once the owner completed it. A record
lives `IDEMPOTENCY_TTL` (24 hours) from its claim, completed or not; at that moment a claim
owns it anew. `complete` stores the response of a record that still exists and keeps its
expiry; a record released or expired meanwhile stays gone. `release` drops it, so a retry owns
it again. Keys are at most 200 characters (the gate refuses longer ones before asking).

Sign-in attempts (`take_attempt`): a minute window per `who` (any string, of any length) with
the given limit; True when counted. Channel use (`count_use`, `used_by`): a month window per
account and channel with no limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

IDEMPOTENCY_TTL = timedelta(hours=24)
SECOND_WINDOW_TTL = timedelta(seconds=5)
MINUTE_WINDOW_TTL = timedelta(minutes=3)
QUOTA_TTL = timedelta(days=62)


@dataclass(frozen=True)
class RateOutcome:
    """The result of taking one request from a key's per-second and per-minute windows."""

    allowed: bool
    retry_after: int  # 1 when the second window is full, 60 when the minute window is
    minute_used: int


@dataclass(frozen=True)
class QuotaOutcome:
    """The result of reserving one request of an account's monthly quota."""

    allowed: bool
    used: int


@dataclass(frozen=True)
class Take:
    """One request's counting: its key's rate windows and its account's monthly quota."""

    key_pk: int
    account_pk: int
    now: datetime
    per_second: int
    per_minute: int
    bucket: str
    quota: int


@dataclass(frozen=True)
class StoredResponse:
    """A finished response kept for idempotent replay."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes


@dataclass(frozen=True)
class IdempotencyRecord:
    """Someone else's claim of an Idempotency-Key: still running (`response` None) or done."""

    request_hash: str
    response: StoredResponse | None


class AccessStore(Protocol):
    """Atomic counters and idempotency records, safe across workers and, for Redis, hosts; each
    method keeps the admission contract of this module's docstring."""

    def take_rate(
        self, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome:
        """Count one request in both of the key's windows, only if both have room; refused by
        the second window first (`retry_after` 1, the minute's count), then by the minute
        (`retry_after` 60, `minute_used` = `per_minute`)."""
        ...

    def reserve_quota(
        self, account_pk: int, bucket: str, limit: int, now: datetime
    ) -> QuotaOutcome:
        """Count one request against the month `bucket`, only if it is under `limit`; the count
        after, or (refused) the count as it is."""
        ...

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        """`take_rate`, then `reserve_quota` when the rate allowed it, in one round trip to the
        store; when the rate refused, the quota is only read (`QuotaOutcome(True, used)`)."""
        ...

    def refund_quota(self, account_pk: int, bucket: str) -> None:
        """Give back a reserved request (the answer was a 4xx or 5xx); never below zero."""
        ...

    def quota_used(self, account_pk: int, bucket: str) -> int:
        """Requests counted in the month `bucket` (0 when none, or forgotten)."""
        ...

    def claim(
        self, account_pk: int, key: str, request_hash: str, now: datetime
    ) -> IdempotencyRecord | None:
        """Claim an Idempotency-Key: None when this request now owns it (no record, or one 24
        hours old or more at `now`), else the live record."""
        ...

    def complete(self, account_pk: int, key: str, response: StoredResponse, now: datetime) -> None:
        """Store the owner's finished response for replay, keeping the record's expiry; nothing
        when the record is gone (released or expired)."""
        ...

    def release(self, account_pk: int, key: str) -> None:
        """Drop a claim whose request failed, so that a retry runs again."""
        ...

    def take_attempt(self, who: str, now: datetime, per_minute: int) -> bool:
        """Count a sign-in attempt of `who` (an address, an account; any length) in `now`'s
        minute; False past the limit."""
        ...

    def count_use(self, account_pk: int, channel: str, bucket: str, now: datetime) -> None:
        """Note one admitted request that came through `channel` (mcp) in the month `bucket`."""
        ...

    def used_by(self, account_pk: int, channel: str, bucket: str) -> int:
        """Requests that came through `channel` in the month `bucket`."""
        ...

    def ping(self) -> None:
        """Raise unless the store answers (readiness)."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...


def second_bucket(now: datetime) -> str:
    """The per-second window of `now`."""
    return str(int(now.timestamp()))


def minute_bucket(now: datetime) -> str:
    """The per-minute window of `now`."""
    return str(int(now.timestamp()) // 60)
