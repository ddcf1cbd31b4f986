"""The SQL access store: conditional upserts that are atomic on SQLite (WAL) and PostgreSQL.

It keeps the admission contract of `store.py`, as PostgreSQL's `filings_admit` (migration
0019) does for the gate's one call per request; `tests/access/test_store_parity.py` checks both
against the contract's model.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, bindparam, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite

from filings.access.plans import PLANS
from filings.access.service import LAST_USED_RESOLUTION
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
from filings.db.engine import Database
from filings.db.tables import idempotency_records, usage_counters


def _insert(conn: Connection, table: Any) -> Any:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


def _increment_statement() -> Any:
    """Add one to a counter below its limit, in PostgreSQL's upsert; built once (building
    statements costs more than running them). SQLite runs `_SQLITE_INCREMENT` below."""
    stmt = postgresql.insert(usage_counters).values(
        scope=bindparam("scope"),
        bucket=bindparam("bucket"),
        count=1,
        expires_at=bindparam("expires"),
    )
    return stmt.on_conflict_do_update(
        index_elements=[usage_counters.c.scope, usage_counters.c.bucket],
        set_={"count": usage_counters.c.count + 1},
        where=usage_counters.c.count < bindparam("limit"),
    ).returning(usage_counters.c.count)


_INCREMENT = _increment_statement()
_FORGET_STALE = delete(usage_counters).where(
    usage_counters.c.scope == bindparam("scope"),
    usage_counters.c.bucket != bindparam("bucket"),
    usage_counters.c.expires_at <= bindparam("now"),
)
_DECREMENT = (
    update(usage_counters)
    .where(
        usage_counters.c.scope == bindparam("b_scope"),
        usage_counters.c.bucket == bindparam("b_bucket"),
        usage_counters.c.count > 0,
    )
    .values(count=usage_counters.c.count - 1)
)
_COUNT = select(usage_counters.c.count).where(
    usage_counters.c.scope == bindparam("scope"), usage_counters.c.bucket == bindparam("bucket")
)


# The whole access check of a request in one call (migrations 0010 and 0019, PostgreSQL): the
# key with its account, its use noted, and the request counted when the key and its plan allow
# it. The plans' numbers go with each call, so that Python's `PLANS` stays their one source. It
# is the driver's SQL, run prepared (`Database.fetch_prepared`): through SQLAlchemy's execution
# the call cost twice the CPU.
_ADMIT = "SELECT * FROM filings_admit(%s, %s, %s::jsonb, %s, %s, %s, %s, %s, %s, %s)"
_PLANS = json.dumps(
    {p.name: [p.api_access, p.monthly_quota, p.per_second, p.per_minute] for p in PLANS.values()}
)


# The same counters on SQLite, run on the driver's connection (inside the SQLAlchemy transaction
# of the caller): through SQLAlchemy's execution they cost four times what SQLite spends on them.
# Times are written as SQLAlchemy writes them there (`_sqlite_time`), so both read each other's.
_SQLITE_INCREMENT = (
    "INSERT INTO usage_counters (scope, bucket, count, expires_at) VALUES (?, ?, 1, ?)"
    " ON CONFLICT (scope, bucket) DO UPDATE SET count = count + 1"
    " WHERE usage_counters.count < ? RETURNING count"
)
_SQLITE_FORGET_STALE = (
    "DELETE FROM usage_counters WHERE scope = ? AND bucket != ? AND expires_at <= ?"
)
_SQLITE_DECREMENT = (
    "UPDATE usage_counters SET count = count - 1 WHERE scope = ? AND bucket = ? AND count > 0"
)
_SQLITE_COUNT = "SELECT count FROM usage_counters WHERE scope = ? AND bucket = ?"


def _sqlite_time(moment: datetime) -> str:
    """`moment` as SQLAlchemy stores a DateTime in SQLite: its fields in UTC, no zone."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")


def _sqlite(conn: Connection) -> Any | None:
    """The sqlite3 connection under `conn`, or None on another database."""
    return conn.connection.driver_connection if conn.dialect.name == "sqlite" else None


def _sqlite_rows(raw: Any, sql: str, params: tuple[Any, ...]) -> list[Any]:
    cursor = raw.execute(sql, params)
    try:
        return list(cursor.fetchall())  # every row read: the statement is done before COMMIT
    finally:
        cursor.close()


def _increment_below(
    conn: Connection, scope: str, bucket: str, limit: int, now: datetime, ttl: timedelta
) -> int | None:
    """Add one to a counter if it is below `limit`; the new count, or None when full. A window
    lives `ttl` from its first count; that first count forgets the scope's windows whose TTL
    has passed (only those: last month's count still reads this month)."""
    if limit <= 0:
        return None
    expires = now + ttl
    raw = _sqlite(conn)
    if raw is not None:
        rows = _sqlite_rows(raw, _SQLITE_INCREMENT, (scope, bucket, _sqlite_time(expires), limit))
        count = rows[0][0] if rows else None
        if count == 1:  # a new window: forget this scope's stale ones
            _sqlite_rows(raw, _SQLITE_FORGET_STALE, (scope, bucket, _sqlite_time(now)))
        return None if count is None else int(count)
    values = {"scope": scope, "bucket": bucket, "expires": expires, "limit": limit}
    count = conn.execute(_INCREMENT, values).scalar_one_or_none()
    if count == 1:  # a new window: forget this scope's stale ones
        conn.execute(_FORGET_STALE, {"scope": scope, "bucket": bucket, "now": now})
    return None if count is None else int(count)


_SCOPE_LENGTH = 80  # usage_counters.scope


def _scope(kind: str, name: str) -> str:
    """The counters' scope of `name` (a sign-in's address or account name, a channel): as it is
    when it fits the column, else its digest, so that a name of any length is counted."""
    scope = f"{kind}:{name}"
    if len(scope) <= _SCOPE_LENGTH:
        return scope
    return f"{kind}:sha256:{hashlib.sha256(name.encode()).hexdigest()}"


def _decrement(conn: Connection, scope: str, bucket: str) -> None:
    raw = _sqlite(conn)
    if raw is not None:
        _sqlite_rows(raw, _SQLITE_DECREMENT, (scope, bucket))
        return
    conn.execute(_DECREMENT, {"b_scope": scope, "b_bucket": bucket})


def _no_flush_wait(conn: Connection) -> None:
    """On PostgreSQL, commit the counters without waiting for the WAL flush (the transaction
    is atomic still; a crash may lose the last fraction of a second of counts, never corrupt
    them), so a request does not wait for a disk write to be counted."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")


class SqlAccessStore:
    """Counters and idempotency records in the service's own database."""

    def __init__(self, database: Database):
        self.database = database

    def take_rate(
        self, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome:
        """Count one request against both windows, only if both have room."""
        with self.database.transaction(write=True) as conn:
            return self._take_rate(conn, key_pk, now, per_second, per_minute)

    @property
    def admits_in_one_call(self) -> bool:
        """Whether `admit` can run: the database has the check as a function (PostgreSQL)."""
        return self.database.engine.dialect.name == "postgresql"

    def admit(self, key_hash: str, now: datetime, bucket: str) -> Any:
        """The key whose hash is `key_hash`, with its account's columns named `account_<name>`
        (None: no such key), and, when the key is valid and its plan active, its request taken
        from its rate windows and the month `bucket` of its account's quota: the rows of
        `authenticate` and `take` in one round trip to PostgreSQL. `allowed` is None when
        nothing was counted; `outcomes` reads the rest."""
        values = (
            key_hash,
            now,
            _PLANS,
            now - LAST_USED_RESOLUTION,
            second_bucket(now),
            now + SECOND_WINDOW_TTL,
            minute_bucket(now),
            now + MINUTE_WINDOW_TTL,
            bucket,
            now + QUOTA_TTL,
        )
        return self.database.fetch_prepared(_ADMIT, values)

    @staticmethod
    def outcomes(row: Any) -> tuple[RateOutcome, QuotaOutcome]:
        """The counting in a row of `admit` whose key the service admits."""
        if row is None or row.allowed is None:
            raise RuntimeError("the database counted nothing for a key the service admits")
        rate = RateOutcome(bool(row.allowed), int(row.retry_after), int(row.minute_used))
        return rate, QuotaOutcome(bool(row.quota_allowed), int(row.quota_used))

    def take(self, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        """Rate and quota in one transaction."""
        with self.database.transaction(write=True) as conn:
            return self.take_in(conn, request)

    def take_in(self, conn: Connection, request: Take) -> tuple[RateOutcome, QuotaOutcome]:
        """`take` inside the caller's write transaction (the gate's, which has just read the
        key there: one round trip for the whole check)."""
        _no_flush_wait(conn)
        scope = f"quota:{request.account_pk}"
        rate = self._take_rate(
            conn, request.key_pk, request.now, request.per_second, request.per_minute
        )
        if not rate.allowed:
            return rate, QuotaOutcome(True, self._count(conn, scope, request.bucket))
        used = _increment_below(conn, scope, request.bucket, request.quota, request.now, QUOTA_TTL)
        if used is None:
            return rate, QuotaOutcome(False, self._count(conn, scope, request.bucket))
        return rate, QuotaOutcome(True, used)

    def _take_rate(
        self, conn: Connection, key_pk: int, now: datetime, per_second: int, per_minute: int
    ) -> RateOutcome:
        second_scope, minute_scope = f"rate:{key_pk}:s", f"rate:{key_pk}:m"
        second = _increment_below(
            conn, second_scope, second_bucket(now), per_second, now, SECOND_WINDOW_TTL
        )
        if second is None:
            return RateOutcome(False, 1, self._count(conn, minute_scope, minute_bucket(now)))
        minute = _increment_below(
            conn, minute_scope, minute_bucket(now), per_minute, now, MINUTE_WINDOW_TTL
        )
        if minute is None:
            _decrement(conn, second_scope, second_bucket(now))
            return RateOutcome(False, 60, per_minute)
        return RateOutcome(True, 0, minute)

    def reserve_quota(
        self, account_pk: int, bucket: str, limit: int, now: datetime
    ) -> QuotaOutcome:
        """Count one request against the month `bucket`, only if it is under `limit`."""
        scope = f"quota:{account_pk}"
        with self.database.transaction(write=True) as conn:
            used = _increment_below(conn, scope, bucket, limit, now, QUOTA_TTL)
            if used is None:
                return QuotaOutcome(False, self._count(conn, scope, bucket))
            return QuotaOutcome(True, used)

    def refund_quota(self, account_pk: int, bucket: str) -> None:
        """Give back a reserved request."""
        with self.database.transaction(write=True) as conn:
            _decrement(conn, f"quota:{account_pk}", bucket)

    def quota_used(self, account_pk: int, bucket: str) -> int:
        """Requests counted in the month `bucket`."""
        with self.database.transaction() as conn:
            return self._count(conn, f"quota:{account_pk}", bucket)

    @staticmethod
    def _count(conn: Connection, scope: str, bucket: str) -> int:
        raw = _sqlite(conn)
        if raw is not None:
            rows = _sqlite_rows(raw, _SQLITE_COUNT, (scope, bucket))
            return int(rows[0][0]) if rows else 0
        count = conn.execute(_COUNT, {"scope": scope, "bucket": bucket}).scalar_one_or_none()
        return int(count or 0)

    def claim(
        self, account_pk: int, key: str, request_hash: str, now: datetime
    ) -> IdempotencyRecord | None:
        """Claim an Idempotency-Key: None when this request now owns it, else the record."""
        this = and_(
            idempotency_records.c.account_pk == account_pk, idempotency_records.c.key == key
        )
        with self.database.transaction(write=True) as conn:
            conn.execute(
                delete(idempotency_records).where(this, idempotency_records.c.expires_at <= now)
            )
            stmt = (
                _insert(conn, idempotency_records)
                .values(
                    account_pk=account_pk,
                    key=key,
                    request_hash=request_hash,
                    state="running",
                    created_at=now,
                    expires_at=now + IDEMPOTENCY_TTL,
                )
                .on_conflict_do_nothing()
                .returning(idempotency_records.c.key)
            )
            if conn.execute(stmt).first() is not None:
                return None
            row = conn.execute(select(idempotency_records).where(this)).one()
        response = None
        if row.state == "done":
            headers = [(str(k), str(v)) for k, v in row.headers]
            response = StoredResponse(int(row.status_code), headers, bytes(row.body))
        return IdempotencyRecord(row.request_hash, response)

    def complete(self, account_pk: int, key: str, response: StoredResponse, now: datetime) -> None:
        """Store the owner's finished response for replay."""
        with self.database.transaction(write=True) as conn:
            conn.execute(
                update(idempotency_records)
                .where(
                    idempotency_records.c.account_pk == account_pk,
                    idempotency_records.c.key == key,
                )
                .values(
                    state="done",
                    status_code=response.status,
                    headers=[list(pair) for pair in response.headers],
                    body=response.body,
                )
            )

    def release(self, account_pk: int, key: str) -> None:
        """Drop a claim whose request failed."""
        with self.database.transaction(write=True) as conn:
            conn.execute(
                delete(idempotency_records).where(
                    idempotency_records.c.account_pk == account_pk,
                    idempotency_records.c.key == key,
                )
            )

    def take_attempt(self, who: str, now: datetime, per_minute: int) -> bool:
        """One more sign-in attempt of `who` this minute, if under the limit."""
        with self.database.transaction(write=True) as conn:
            taken = _increment_below(
                conn, _scope("signin", who), minute_bucket(now), per_minute, now, MINUTE_WINDOW_TTL
            )
        return taken is not None

    def count_use(self, account_pk: int, channel: str, bucket: str, now: datetime) -> None:
        """One more request through `channel` this month."""
        with self.database.transaction(write=True) as conn:
            scope = _scope("use", f"{channel}:{account_pk}")
            _increment_below(conn, scope, bucket, 2**62, now, QUOTA_TTL)

    def used_by(self, account_pk: int, channel: str, bucket: str) -> int:
        """Requests through `channel` in the month `bucket`."""
        with self.database.transaction() as conn:
            return self._count(conn, _scope("use", f"{channel}:{account_pk}"), bucket)

    def ping(self) -> None:
        """The database answers a query."""
        with self.database.transaction() as conn:
            conn.execute(select(1))

    def close(self) -> None:
        """Nothing to release: the database is the app's."""
