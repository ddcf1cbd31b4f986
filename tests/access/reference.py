"""The admission contract (`filings.access.store`'s docstring) as plain Python: the answers every
access store must give, which `test_store_parity.py` compares the four implementations with.

It is written from the contract, not from any implementation: both windows are checked before
either is counted (the SQL stores count the second first and give it back), and a window's life
is its TTL from its first count. Where the contract leaves an answer open (a window past its TTL
that no newer window of its scope has swept yet), the model raises `Unspecified`, so that a
scenario cannot ask it by accident.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from filings.access.store import (
    IDEMPOTENCY_TTL,
    MINUTE_WINDOW_TTL,
    QUOTA_TTL,
    SECOND_WINDOW_TTL,
    IdempotencyRecord,
    QuotaOutcome,
    RateOutcome,
    StoredResponse,
    Take,
    minute_bucket,
    second_bucket,
)

UNLIMITED = 2**62


class Unspecified(Exception):
    """The contract leaves this answer open; a scenario must not depend on it."""


# The scopes of the counters, as the parity test names them to every store.
def second_scope(key_pk: int) -> tuple[str, str]:
    """The scope of a key's per-second windows."""
    return ("second", str(key_pk))


def minute_scope(key_pk: int) -> tuple[str, str]:
    """The scope of a key's per-minute windows."""
    return ("minute", str(key_pk))


def quota_scope(account_pk: int) -> tuple[str, str]:
    """The scope of an account's monthly quota."""
    return ("quota", str(account_pk))


@dataclass
class _Window:
    count: int
    expires: datetime


@dataclass
class _Record:
    request_hash: str
    response: StoredResponse | None
    expires: datetime


class ReferenceStore:
    """An in-memory store that keeps the admission contract; `clock` dates the reads that take
    no time of their own (`quota_used`, `used_by`)."""

    def __init__(self, clock: Callable[[], datetime]):
        self.clock = clock
        self.windows: dict[tuple[str, str], dict[str, _Window]] = {}
        self.records: dict[tuple[int, str], _Record] = {}

    # counters

    def _window(self, scope: tuple[str, str], bucket: str, now: datetime) -> _Window | None:
        window = self.windows.get(scope, {}).get(bucket)
        if window is not None and window.expires <= now:
            raise Unspecified(f"{scope} {bucket} is past its TTL and not yet swept")
        return window

    def _read(self, scope: tuple[str, str], bucket: str, now: datetime) -> int:
        window = self._window(scope, bucket, now)
        return window.count if window is not None else 0

    def _has_room(self, scope: tuple[str, str], bucket: str, limit: int, now: datetime) -> bool:
        return limit > 0 and self._read(scope, bucket, now) < limit

    def _count(self, scope: tuple[str, str], bucket: str, now: datetime, ttl: timedelta) -> int:
        """One more in a window that has room; its first count opens it for `ttl` and sweeps
        the scope's windows whose TTL has passed."""
        window = self._window(scope, bucket, now)
        if window is None:
            window = self.windows.setdefault(scope, {})[bucket] = _Window(0, now + ttl)
        window.count += 1
        if window.count == 1:
            windows = self.windows[scope]
            for stale in [b for b, w in windows.items() if b != bucket and w.expires <= now]:
                del windows[stale]
        return window.count

    def _take(
        self, scope: tuple[str, str], bucket: str, limit: int, now: datetime, ttl: timedelta
    ) -> int | None:
        if not self._has_room(scope, bucket, limit, now):
            return None
        return self._count(scope, bucket, now, ttl)

    def stored_windows(self, scope: tuple[str, str]) -> int:
        """How many windows of `scope` hold a count (an observation of forgetting)."""
        now = self.clock()
        windows = self.windows.get(scope, {})
        if any(w.expires <= now and w.count > 0 for w in windows.values()):
            raise Unspecified(f"{scope} holds a window past its TTL, not yet swept")
        return sum(1 for w in windows.values() if w.count > 0)

    # the AccessStore protocol

    def take_rate(
        self, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome:
        """Both windows counted only when both have room; the second window refuses first."""
        second, minute = second_bucket(now), minute_bucket(now)
        if not self._has_room(second_scope(key_pk), second, per_second, now):
            return RateOutcome(False, 1, self._read(minute_scope(key_pk), minute, now))
        if not self._has_room(minute_scope(key_pk), minute, per_minute, now):
            return RateOutcome(False, 60, per_minute)
        self._count(second_scope(key_pk), second, now, SECOND_WINDOW_TTL)
        return RateOutcome(
            True, 0, self._count(minute_scope(key_pk), minute, now, MINUTE_WINDOW_TTL)
        )

    def reserve_quota(
        self, account_pk: int, bucket: str, limit: int, now: datetime
    ) -> QuotaOutcome:
        """One unit of the month when it is under `limit`."""
        used = self._take(quota_scope(account_pk), bucket, limit, now, QUOTA_TTL)
        if used is None:
            return QuotaOutcome(False, self._read(quota_scope(account_pk), bucket, now))
        return QuotaOutcome(True, used)

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        """The rate, then the quota only when the rate allowed; else the quota is read."""
        rate = self.take_rate(request.key_pk, request.now, request.per_second, request.per_minute)
        if not rate.allowed:
            used = self._read(quota_scope(request.account_pk), request.bucket, request.now)
            return rate, QuotaOutcome(True, used)
        quota = self.reserve_quota(request.account_pk, request.bucket, request.quota, request.now)
        return rate, quota

    def refund_quota(self, account_pk: int, bucket: str) -> None:
        """One unit back, never below zero."""
        window = self._window(quota_scope(account_pk), bucket, self.clock())
        if window is not None and window.count > 0:
            window.count -= 1

    def quota_used(self, account_pk: int, bucket: str) -> int:
        """The month's count."""
        return self._read(quota_scope(account_pk), bucket, self.clock())

    def claim(
        self, account_pk: int, key: str, request_hash: str, now: datetime
    ) -> IdempotencyRecord | None:
        """None when this request owns the key now, else the live record."""
        record = self.records.get((account_pk, key))
        if record is None or record.expires <= now:
            self.records[(account_pk, key)] = _Record(request_hash, None, now + IDEMPOTENCY_TTL)
            return None
        return IdempotencyRecord(record.request_hash, record.response)

    def complete(self, account_pk: int, key: str, response: StoredResponse, now: datetime) -> None:
        """The response kept on a live record; a record gone stays gone."""
        record = self.records.get((account_pk, key))
        if record is not None and record.expires > now:
            record.response = response

    def release(self, account_pk: int, key: str) -> None:
        """The record dropped."""
        self.records.pop((account_pk, key), None)

    def take_attempt(self, who: str, now: datetime, per_minute: int) -> bool:
        """A sign-in attempt counted in its minute, under the limit."""
        scope = ("signin", who)
        return self._take(scope, minute_bucket(now), per_minute, now, MINUTE_WINDOW_TTL) is not None

    def count_use(self, account_pk: int, channel: str, bucket: str, now: datetime) -> None:
        """One more use through `channel`."""
        self._take(("use", f"{channel}:{account_pk}"), bucket, UNLIMITED, now, QUOTA_TTL)

    def used_by(self, account_pk: int, channel: str, bucket: str) -> int:
        """Uses through `channel` in the month."""
        return self._read(("use", f"{channel}:{account_pk}"), bucket, self.clock())

    def ping(self) -> None:
        """Always answers."""

    def close(self) -> None:
        """Nothing to release."""
