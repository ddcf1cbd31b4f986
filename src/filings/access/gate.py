"""The access checks, in the order decisions.md gives, with metering and idempotency.

HTTP-agnostic: the ASGI layer in `middleware.py` feeds it headers and the request's hash, and
tells it how the response ended.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

import anyio
from anyio.lowlevel import RunVar
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from filings.access.keys import hash_key
from filings.access.plans import month_bucket, next_month_start
from filings.access.service import (
    Caller,
    authenticate,
    authenticate_in,
    authenticate_offline,
    caller_of,
    touch_key,
)
from filings.access.store import AccessStore, QuotaOutcome, RateOutcome, StoredResponse, Take
from filings.access.store_sql import SqlAccessStore
from filings.core.errors import (
    BadRequest,
    ServiceUnavailable,
    TooManyRequests,
    TransientFailure,
    UnprocessableRequest,
)
from filings.db.engine import Database

MAX_IDEMPOTENCY_KEY = 200
T = TypeVar("T")
log = logging.getLogger("filings.access")


@contextmanager
def store_faults() -> Iterator[None]:
    """Turn a store that failed to answer (database, Redis) into a 503 a client can act on."""
    try:
        yield
    except (SQLAlchemyError, TransientFailure) as exc:
        log.warning("access store unavailable: %s", exc)
        raise ServiceUnavailable(
            "A store the access checks need did not answer; retry shortly."
        ) from exc


def utc_now() -> datetime:
    """The current time, UTC."""
    return datetime.now(UTC)


def counted(status: int) -> bool:
    """Whether an answer with `status` spends a request of the monthly quota: not an error
    (4xx, 5xx), nor a 304 that tells the client its copy is current."""
    return status < 400 and status != 304


@dataclass
class Admission:
    """An admitted request: who it is, what it reserved, or the answer to replay."""

    caller: Caller
    now: datetime
    rate: RateOutcome
    quota_bucket: str
    quota_used: int
    quota_reserved: bool = False
    idempotency_key: str | None = None
    replay: StoredResponse | None = None
    pending: bool = False  # a twin with the same Idempotency-Key is still running
    headers: dict[str, str] = field(default_factory=dict)

    def limit_headers(self, status: int) -> dict[str, str]:
        """Rate-limit and quota headers for a response with `status`."""
        limits = self.caller.account.limits
        used = self.quota_used - (1 if self.quota_reserved and not counted(status) else 0)
        reset = next_month_start(self.now)
        seconds_left = 60 - int(self.now.timestamp()) % 60
        minute_left = max(limits.per_minute - self.rate.minute_used, 0)
        month_left = max(limits.monthly_quota - used, 0)
        month_start = self.now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        month_seconds = int((reset - month_start).total_seconds())
        reset_seconds = max(int((reset - self.now).total_seconds()), 0)
        return {
            "X-RateLimit-Limit": str(limits.per_minute),
            "X-RateLimit-Remaining": str(minute_left),
            "X-RateLimit-Reset": str(seconds_left),
            "X-Quota-Limit": str(limits.monthly_quota),
            "X-Quota-Used": str(used),
            "X-Quota-Remaining": str(month_left),
            "X-Quota-Reset": reset.strftime("%Y-%m-%dT%H:%M:%SZ"),
            # draft-ietf-httpapi-ratelimit-headers: the policies, then what is left of them
            "RateLimit-Policy": f'"second";q={limits.per_second};w=1, '
            f'"minute";q={limits.per_minute};w=60, '
            f'"month";q={limits.monthly_quota};w={month_seconds}',
            "RateLimit": f'"minute";r={minute_left};t={seconds_left}, '
            f'"month";r={month_left};t={reset_seconds}',
        }


class AccessGate:
    """Authenticates, limits, meters and deduplicates API requests."""

    def __init__(
        self,
        database: Database,
        store: AccessStore,
        *,
        secret: str,
        wait_seconds: float,
        clock: Callable[[], datetime] = utc_now,
        threads: int = 4,
    ):
        self.database = database
        self.store = store
        self.secret = secret
        self.wait_seconds = wait_seconds
        self.clock = clock
        # the checks' own few threads: under load, dozens of threads each asking a store for a
        # fraction of a millisecond mostly wait for the interpreter lock, and the tail grows.
        # One limiter per event loop (as anyio keeps its default one): a limiter made on one
        # loop cannot be waited on from another.
        self.threads = threads
        self._limiter: RunVar[anyio.CapacityLimiter] = RunVar("filings_access_threads")

    async def in_thread(self, call: Callable[..., T], *args: Any) -> T:
        """Run one of the gate's blocking calls on one of its threads, off the event loop."""
        try:
            limiter = self._limiter.get()
        except LookupError:
            limiter = anyio.CapacityLimiter(self.threads)
            self._limiter.set(limiter)
        return await anyio.to_thread.run_sync(call, *args, limiter=limiter)

    def admit(self, key: str | None, idempotency_key: str | None, request_hash: str) -> Admission:
        """Run the checks; raise the ApiError of the first that fails.

        With an Idempotency-Key held by a running twin the admission comes back `pending`: the
        caller waits without holding a thread and calls `claim_again`. A store that does not
        answer is a 503 (`ServiceUnavailable`), never a 500.
        """
        key = authenticate_offline(key)  # a malformed key is refused before any store is asked
        with store_faults():
            try:
                return self._admit(key, idempotency_key, request_hash)
            except DBAPIError as exc:
                # A pooled connection the database had closed (a restart): the failure renewed
                # the pool, so the check runs once more. Without an Idempotency-Key it is one
                # statement that failed before it counted anything (or a read).
                if not exc.connection_invalidated or idempotency_key is not None:
                    raise
            return self._admit(key, idempotency_key, request_hash)

    def record_use(self, admission: Admission, channel: str) -> None:
        """Note that an admitted request came through `channel` (mcp): usage by channel."""
        with store_faults():
            self.store.count_use(
                admission.caller.account.pk, channel, admission.quota_bucket, admission.now
            )

    def check_key(self, key: str | None) -> None:
        """Raise the ApiError of a key that does not authenticate (401, 402); count nothing."""
        key = authenticate_offline(key)
        with store_faults():
            authenticate_in(self.database, key, secret=self.secret, now=self.clock())

    def _admit(self, key: str, idempotency_key: str | None, request_hash: str) -> Admission:
        now = self.clock()
        bucket = month_bucket(now)
        quota: QuotaOutcome | None = None
        sql_store = self._sql_store()
        if idempotency_key is None and sql_store is not None and sql_store.admits_in_one_call:
            # the common case on PostgreSQL's SQL store: the key, its last use, its rate windows
            # and the month's quota in one call of a database function, one round trip
            computed = hash_key(key, self.secret)
            row = sql_store.admit(computed, now, bucket)
            caller = caller_of(row, computed, now)
            rate, quota = sql_store.outcomes(row)
        elif idempotency_key is None and sql_store is not None:
            # the same on SQLite, in one transaction in the process
            with self.database.transaction(write=True) as conn:
                caller = authenticate(conn, key, secret=self.secret, now=now)
                if caller.key_needs_touch(now):
                    touch_key(conn, caller.key_pk, now)
                rate, quota = sql_store.take_in(conn, self._take(caller, now, bucket))
        else:
            caller = authenticate_in(self.database, key, secret=self.secret, now=now)
            if caller.key_needs_touch(now):
                with self.database.transaction(write=True) as conn:
                    touch_key(conn, caller.key_pk, now)
            if idempotency_key is None:
                # the rate and the quota in one round trip to the counters' store
                rate, quota = self.store.take(self._take(caller, now, bucket))
            else:
                limits = caller.account.limits
                rate = self.store.take_rate(
                    caller.key_pk, now, limits.per_second, limits.per_minute
                )
        limits = caller.account.limits
        admission = Admission(caller, now, rate, bucket, 0, idempotency_key=idempotency_key)
        if not rate.allowed:
            admission.quota_used = (
                quota.used if quota else self.store.quota_used(caller.account.pk, bucket)
            )
            window = "second" if rate.retry_after == 1 else "minute"
            limit = limits.per_second if window == "second" else limits.per_minute
            raise TooManyRequests(
                f"Rate limit exceeded: {limit} requests per {window} per key",
                retry_after=rate.retry_after,
                headers=admission.limit_headers(429),
            )
        if idempotency_key is not None and len(idempotency_key) > MAX_IDEMPOTENCY_KEY:
            admission.quota_used = self.store.quota_used(caller.account.pk, bucket)
            raise BadRequest(
                f"Idempotency-Key longer than {MAX_IDEMPOTENCY_KEY} characters",
                headers=admission.limit_headers(400),
            )
        if quota is not None:
            self._reserved(admission, quota)
            return admission
        return self._claim(admission, request_hash)

    def _sql_store(self) -> SqlAccessStore | None:
        """The store when the counters live in the service's own database, else None."""
        store = self.store
        if isinstance(store, SqlAccessStore) and store.database is self.database:
            return store
        return None

    @staticmethod
    def _take(caller: Caller, now: datetime, bucket: str) -> Take:
        limits = caller.account.limits
        return Take(
            caller.key_pk,
            caller.account.pk,
            now,
            limits.per_second,
            limits.per_minute,
            bucket,
            limits.monthly_quota,
        )

    def claim_again(self, admission: Admission, request_hash: str) -> Admission:
        """Try a pending admission's Idempotency-Key once more: owned, replayed or still pending."""
        with store_faults():
            return self._claim(admission, request_hash)

    def _claim(self, admission: Admission, request_hash: str) -> Admission:
        account_pk, key = admission.caller.account.pk, str(admission.idempotency_key)
        record = self.store.claim(account_pk, key, request_hash, admission.now)
        admission.pending = False
        if record is None:
            self._reserve(admission)
            return admission
        if record.request_hash != request_hash:
            raise UnprocessableRequest(
                "Idempotency-Key reused with a different request; use a fresh key",
                location="header.Idempotency-Key",
                kind="idempotency_key_reused",
            )
        if record.response is None:
            admission.pending = True
            return admission
        admission.replay = record.response
        admission.quota_used = self.store.quota_used(account_pk, admission.quota_bucket)
        return admission

    def _reserve(self, admission: Admission) -> None:
        account = admission.caller.account
        quota = self.store.reserve_quota(
            account.pk, admission.quota_bucket, account.limits.monthly_quota, admission.now
        )
        self._reserved(admission, quota)

    def _reserved(self, admission: Admission, quota: QuotaOutcome) -> None:
        """Note the quota's answer; refuse with 429 when it was full."""
        account = admission.caller.account
        admission.quota_used = quota.used
        if not quota.allowed:
            self._release(admission)
            reset = next_month_start(admission.now)
            raise TooManyRequests(
                f"Monthly quota of {account.limits.monthly_quota} requests exceeded; "
                f"it resets at {reset.strftime('%Y-%m-%dT%H:%M:%SZ')}",
                retry_after=max(int((reset - admission.now).total_seconds()), 1),
                headers=admission.limit_headers(429),
            )
        admission.quota_reserved = True

    def _release(self, admission: Admission) -> None:
        if admission.idempotency_key is not None and admission.replay is None:
            self.store.release(admission.caller.account.pk, admission.idempotency_key)

    @staticmethod
    def has_work(admission: Admission, response: StoredResponse | None) -> bool:
        """Whether `finish` would ask the store anything (a refund, or an idempotent POST's
        record); most requests leave nothing to settle."""
        if admission.replay is not None or admission.pending:
            return False
        status = response.status if response is not None else 500
        refund = admission.quota_reserved and not counted(status)
        return refund or admission.idempotency_key is not None

    def finish(self, admission: Admission, response: StoredResponse | None) -> None:
        """Settle a request: refund 4xx/5xx and 304, keep the response of an idempotent POST."""
        if admission.replay is not None or admission.pending:
            return
        with store_faults():
            self._settle(admission, response)

    def _settle(self, admission: Admission, response: StoredResponse | None) -> None:
        status = response.status if response is not None else 500
        if admission.quota_reserved and not counted(status):
            self.store.refund_quota(admission.caller.account.pk, admission.quota_bucket)
        if admission.idempotency_key is None:
            return
        if response is None or status >= 500:
            self._release(admission)
        else:
            self.store.complete(
                admission.caller.account.pk, admission.idempotency_key, response, admission.now
            )
