"""The Redis access store, for several hosts: each check-and-count is one Lua script, keeping
the admission contract of `store.py` (checked by `tests/access/test_store_parity.py`)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

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
from filings.core.errors import DependencyUnavailable

# Every counting script starts with this: one more in a window, which lives its TTL (ms) from
# its first count (as in SQL; later counts keep the expiry, as a refund does).
_COUNT = """
local function count(key, ttl)
  local n = redis.call('INCR', key)
  if n == 1 and redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ttl) end
  return n
end
"""

# KEYS: second window, minute window. ARGV: per-second, per-minute limits and their TTLs (ms).
# Returns {allowed, retry_after, minute_used}: both windows counted only when both have room.
_TAKE_RATE = (
    _COUNT
    + """
local s = tonumber(redis.call('GET', KEYS[1]) or '0')
local m = tonumber(redis.call('GET', KEYS[2]) or '0')
if s >= tonumber(ARGV[1]) then return {0, 1, m} end
if m >= tonumber(ARGV[2]) then return {0, 60, tonumber(ARGV[2])} end
count(KEYS[1], ARGV[3])
return {1, 0, count(KEYS[2], ARGV[4])}
"""
)

# KEYS: a counter (a month's quota, a minute's sign-in attempts, a month's use). ARGV: limit,
# TTL (ms). Returns {allowed, used}.
_RESERVE = (
    _COUNT
    + """
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return {0, used} end
return {1, count(KEYS[1], ARGV[2])}
"""
)

# KEYS: second window, minute window, quota counter. ARGV: per-second, per-minute limits and
# their TTLs (ms), quota limit and TTL (ms). Returns {allowed, retry_after, minute_used,
# quota_allowed, quota_used}: the rate, then the quota only when the rate allowed it.
_TAKE = (
    _COUNT
    + """
local s = tonumber(redis.call('GET', KEYS[1]) or '0')
local m = tonumber(redis.call('GET', KEYS[2]) or '0')
local used = tonumber(redis.call('GET', KEYS[3]) or '0')
if s >= tonumber(ARGV[1]) then return {0, 1, m, 1, used} end
if m >= tonumber(ARGV[2]) then return {0, 60, tonumber(ARGV[2]), 1, used} end
count(KEYS[1], ARGV[3])
m = count(KEYS[2], ARGV[4])
if used >= tonumber(ARGV[5]) then return {1, 0, m, 0, used} end
return {1, 0, m, 1, count(KEYS[3], ARGV[6])}
"""
)

_REFUND = """
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then redis.call('DECR', KEYS[1]) end
return 0
"""

# KEYS: record. ARGV: request hash, TTL (ms). Returns {} when claimed, else the record's fields.
_CLAIM = """
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'hash', ARGV[1], 'state', 'running')
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {}
end
return redis.call('HGETALL', KEYS[1])
"""

# KEYS: record. ARGV: status, headers (JSON), body. The response kept on a record that still
# exists, with its expiry; a record released or expired meanwhile stays gone (an HSET alone
# would make one without a request hash and without an expiry).
_COMPLETE = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'state', 'done', 'status', ARGV[1], 'headers', ARGV[2],
             'body', ARGV[3])
end
return 0
"""


def _ms(delta: Any) -> int:
    return int(delta.total_seconds() * 1000)


class RedisAccessStore:
    """Counters and idempotency records in Redis, under a key namespace."""

    def __init__(self, url: str, namespace: str = "filings", *, timeout: float = 2.0):
        # Bounded waits: a Redis that is down or stalled is answered with 503 within `timeout`.
        self.client = redis.Redis.from_url(
            url,
            socket_connect_timeout=timeout,
            socket_timeout=timeout,
            retry=Retry(ExponentialBackoff(cap=0.1, base=0.02), retries=1),
        )
        self.namespace = namespace
        self._take_rate = self.client.register_script(_TAKE_RATE)
        self._reserve = self.client.register_script(_RESERVE)
        self._refund = self.client.register_script(_REFUND)
        self._take = self.client.register_script(_TAKE)
        self._claim = self.client.register_script(_CLAIM)
        self._complete = self.client.register_script(_COMPLETE)

    def _key(self, *parts: object) -> str:
        return ":".join([self.namespace, *map(str, parts)])

    def _run(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        try:
            return script(keys=keys, args=args)
        except redis.RedisError as exc:
            raise DependencyUnavailable(f"redis: {exc}") from exc

    def take_rate(
        self, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome:
        """Count one request against both windows, only if both have room."""
        keys = [
            self._key("rate", key_pk, "s", second_bucket(now)),
            self._key("rate", key_pk, "m", minute_bucket(now)),
        ]
        args = [per_second, per_minute, _ms(SECOND_WINDOW_TTL), _ms(MINUTE_WINDOW_TTL)]
        allowed, retry_after, used = self._run(self._take_rate, keys, args)
        return RateOutcome(bool(allowed), int(retry_after), int(used))

    def reserve_quota(
        self, account_pk: int, bucket: str, limit: int, now: datetime
    ) -> QuotaOutcome:
        """Count one request against the month `bucket`, only if it is under `limit`."""
        keys = [self._key("quota", account_pk, bucket)]
        allowed, used = self._run(self._reserve, keys, [limit, _ms(QUOTA_TTL)])
        return QuotaOutcome(bool(allowed), int(used))

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        """Rate and quota in one script."""
        keys = [
            self._key("rate", request.key_pk, "s", second_bucket(request.now)),
            self._key("rate", request.key_pk, "m", minute_bucket(request.now)),
            self._key("quota", request.account_pk, request.bucket),
        ]
        args = [
            request.per_second,
            request.per_minute,
            _ms(SECOND_WINDOW_TTL),
            _ms(MINUTE_WINDOW_TTL),
            request.quota,
            _ms(QUOTA_TTL),
        ]
        allowed, retry_after, minute, quota_allowed, used = self._run(self._take, keys, args)
        rate = RateOutcome(bool(allowed), int(retry_after), int(minute))
        return rate, QuotaOutcome(bool(quota_allowed), int(used))

    def refund_quota(self, account_pk: int, bucket: str) -> None:
        """Give back a reserved request."""
        self._run(self._refund, [self._key("quota", account_pk, bucket)], [])

    def quota_used(self, account_pk: int, bucket: str) -> int:
        """Requests counted in the month `bucket`."""
        try:
            value = self.client.get(self._key("quota", account_pk, bucket))
        except redis.RedisError as exc:
            raise DependencyUnavailable(f"redis: {exc}") from exc
        return int(value or 0)

    def claim(
        self, account_pk: int, key: str, request_hash: str, now: datetime
    ) -> IdempotencyRecord | None:
        """Claim an Idempotency-Key: None when this request now owns it, else the record."""
        record_key = self._key("idem", account_pk, key)
        fields = self._run(self._claim, [record_key], [request_hash, _ms(IDEMPOTENCY_TTL)])
        if not fields:
            return None
        record = {k.decode(): v for k, v in zip(fields[::2], fields[1::2], strict=True)}
        response = None
        if record.get("state") == b"done":
            headers = [(str(k), str(v)) for k, v in json.loads(record["headers"])]
            response = StoredResponse(int(record["status"]), headers, bytes(record["body"]))
        return IdempotencyRecord(record["hash"].decode(), response)

    def complete(self, account_pk: int, key: str, response: StoredResponse, now: datetime) -> None:
        """Store the owner's finished response for replay (the claim's TTL is kept); nothing
        when the record is gone."""
        args = [response.status, json.dumps(response.headers), response.body]
        self._run(self._complete, [self._key("idem", account_pk, key)], args)

    def release(self, account_pk: int, key: str) -> None:
        """Drop a claim whose request failed."""
        try:
            self.client.delete(self._key("idem", account_pk, key))
        except redis.RedisError as exc:
            raise DependencyUnavailable(f"redis: {exc}") from exc

    def take_attempt(self, who: str, now: datetime, per_minute: int) -> bool:
        """One more sign-in attempt of `who` this minute, if under the limit."""
        key = self._key("signin", who, minute_bucket(now))
        allowed, _ = self._run(self._reserve, [key], [per_minute, _ms(MINUTE_WINDOW_TTL)])
        return bool(allowed)

    def count_use(self, account_pk: int, channel: str, bucket: str, now: datetime) -> None:
        """One more request through `channel` this month."""
        key = self._key("use", channel, account_pk, bucket)
        self._run(self._reserve, [key], [2**62, _ms(QUOTA_TTL)])

    def used_by(self, account_pk: int, channel: str, bucket: str) -> int:
        """Requests through `channel` in the month `bucket`."""
        try:
            value = self.client.get(self._key("use", channel, account_pk, bucket))
        except redis.RedisError as exc:
            raise DependencyUnavailable(f"redis: {exc}") from exc
        return int(value or 0)

    def ping(self) -> None:
        """Redis answers PING."""
        try:
            self.client.ping()
        except redis.RedisError as exc:
            raise DependencyUnavailable(f"redis: {exc}") from exc

    def close(self) -> None:
        """Close the connection pool."""
        self.client.close()
