"""The interface of the stores that hold rate-limit windows, monthly quotas and idempotency
records: SQL by default (`store_sql`), Redis for several hosts (`store_redis`)."""

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
    """Atomic counters and idempotency records; safe across workers and, for Redis, hosts."""

    def take_rate(
        self, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome:
        """Count one request against both windows, only if both have room."""
        ...

    def reserve_quota(
        self, account_pk: int, bucket: str, limit: int, now: datetime
    ) -> QuotaOutcome:
        """Count one request against the month `bucket`, only if it is under `limit`."""
        ...

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        """`take_rate`, then `reserve_quota` when the rate allowed it, in one round trip to the
        store; when the rate refused, the quota is only read."""
        ...

    def refund_quota(self, account_pk: int, bucket: str) -> None:
        """Give back a reserved request (the answer was a 4xx or 5xx)."""
        ...

    def quota_used(self, account_pk: int, bucket: str) -> int:
        """Requests counted in the month `bucket`."""
        ...

    def claim(
        self, account_pk: int, key: str, request_hash: str, now: datetime
    ) -> IdempotencyRecord | None:
        """Claim an Idempotency-Key: None when this request now owns it, else the record."""
        ...

    def complete(self, account_pk: int, key: str, response: StoredResponse, now: datetime) -> None:
        """Store the owner's finished response for replay."""
        ...

    def release(self, account_pk: int, key: str) -> None:
        """Drop a claim whose request failed, so that a retry runs again."""
        ...

    def take_attempt(self, who: str, now: datetime, per_minute: int) -> bool:
        """Count a sign-in attempt of `who` (an address, an account); False past the limit."""
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
