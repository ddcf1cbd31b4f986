"""Accounts, plans and API keys: creating and managing them, and authenticating a key."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Row
from sqlalchemy.exc import IntegrityError

from filings.access import queries
from filings.access.keys import display_prefix, generate_key, hash_key, hashes_match, looks_like_key
from filings.access.plans import PLANS, Limits, as_utc, default_until, limits_for, plan_is_active
from filings.core.errors import (
    Conflict,
    MalformedInput,
    PaymentRequired,
    RecordNotFound,
    Unauthorized,
)
from filings.db.engine import Database

MAX_ACTIVE_KEYS = 5
LAST_USED_RESOLUTION = timedelta(minutes=1)


@dataclass(frozen=True)
class Account:
    """An account and its plan."""

    pk: int
    name: str
    plan: str
    plan_until: datetime | None
    limits: Limits
    created_at: datetime


@dataclass(frozen=True)
class KeyInfo:
    """A key as listed: never the secret."""

    pk: int
    prefix: str
    name: str | None
    created_at: datetime
    last_used_at: datetime | None
    expires_at: datetime | None
    revoked_at: datetime | None


@dataclass(frozen=True)
class Caller:
    """Who an authenticated request comes from."""

    key_pk: int
    account: Account
    key_last_used_at: datetime | None = None

    def key_needs_touch(self, now: datetime) -> bool:
        """Whether the key's last-used time is stale enough to be written again."""
        last = self.key_last_used_at
        return last is None or as_utc(last) < now - LAST_USED_RESOLUTION


def _utc(moment: datetime | None) -> datetime | None:
    return as_utc(moment) if moment is not None else None


def _account(r: Any, prefix: str = "") -> Account:
    """An account from a row of `accounts`, or from its columns named `<prefix><column>`."""

    def column(name: str) -> Any:
        return getattr(r, prefix + name)

    return Account(
        pk=column("id"),
        name=column("name"),
        plan=column("plan"),
        plan_until=_utc(column("plan_until")),
        limits=limits_for(
            column("plan"),
            monthly_quota=column("monthly_quota"),
            per_second=column("rate_per_second"),
            per_minute=column("rate_per_minute"),
        ),
        created_at=as_utc(column("created_at")),
    )


def _check_plan(plan: str) -> None:
    if plan not in PLANS:
        raise Conflict(f"unknown plan {plan!r}; plans: {', '.join(PLANS)}")


def create_account(
    conn: Connection, name: str, *, plan: str, now: datetime, monthly_quota: int | None = None
) -> Account:
    """Open an account on `plan` (a trial lapses after 14 days)."""
    _check_plan(plan)
    try:
        queries.insert_account(
            conn,
            {
                "name": name,
                "plan": plan,
                "plan_until": default_until(plan, now),
                "monthly_quota": monthly_quota,
                "created_at": now,
            },
        )
    except IntegrityError as exc:
        raise Conflict(f"an account named {name!r} exists") from exc
    return get_account(conn, name)


def get_account(conn: Connection, name: str) -> Account:
    """The account called `name`."""
    row = queries.account_by_name(conn, name)
    if row is None:
        raise RecordNotFound(f"no account named {name!r}")
    return _account(row)


def list_accounts(conn: Connection) -> list[Account]:
    """Every account, by name."""
    return [_account(r) for r in queries.accounts_by_name(conn)]


def set_plan(
    conn: Connection, name: str, plan: str, *, now: datetime, until: datetime | None = None
) -> Account:
    """Move an account to `plan`, active until `until` (default: 14 days for a trial, else open)."""
    _check_plan(plan)
    account = get_account(conn, name)
    until = until if until is not None else default_until(plan, now)
    queries.update_account(conn, account.pk, {"plan": plan, "plan_until": until})
    return get_account(conn, name)


def set_limits(
    conn: Connection,
    name: str,
    *,
    monthly_quota: int | None = None,
    per_second: int | None = None,
    per_minute: int | None = None,
) -> Account:
    """Override an account's monthly quota and per-key rate limits (at least one)."""
    if monthly_quota is None and per_second is None and per_minute is None:
        raise MalformedInput("no limit to set: give a monthly quota or a rate limit")
    account = get_account(conn, name)
    values = {
        "monthly_quota": monthly_quota,
        "rate_per_second": per_second,
        "rate_per_minute": per_minute,
    }
    queries.update_account(conn, account.pk, {k: v for k, v in values.items() if v is not None})
    return get_account(conn, name)


def create_key(
    conn: Connection,
    account_name: str,
    *,
    secret: str,
    now: datetime,
    name: str | None = None,
    expires_in_days: int | None = None,
) -> tuple[KeyInfo, str]:
    """Issue a key; return its listing and the secret, which is shown this once."""
    account = get_account(conn, account_name)
    if queries.active_key_count(conn, account.pk, now) >= MAX_ACTIVE_KEYS:
        raise Conflict(
            f"account {account_name!r} has {MAX_ACTIVE_KEYS} active keys; revoke one first"
        )
    key = generate_key()
    expires = now + timedelta(days=expires_in_days) if expires_in_days is not None else None
    pk = queries.insert_key(
        conn,
        {
            "account_pk": account.pk,
            "key_hash": hash_key(key, secret),
            "prefix": display_prefix(key),
            "name": name,
            "created_at": now,
            "expires_at": expires,
        },
    )
    return get_key(conn, pk), key


def _key_info(r: Row[Any]) -> KeyInfo:
    return KeyInfo(
        pk=r.id,
        prefix=r.prefix,
        name=r.name,
        created_at=as_utc(r.created_at),
        last_used_at=_utc(r.last_used_at),
        expires_at=_utc(r.expires_at),
        revoked_at=_utc(r.revoked_at),
    )


def get_key(conn: Connection, key_pk: int) -> KeyInfo:
    """The key with id `key_pk`."""
    row = queries.key_by_id(conn, key_pk)
    if row is None:
        raise RecordNotFound(f"no key with id {key_pk}")
    return _key_info(row)


def list_keys(conn: Connection, account_name: str) -> list[KeyInfo]:
    """An account's keys, oldest first."""
    account = get_account(conn, account_name)
    return [_key_info(r) for r in queries.keys_of(conn, account.pk)]


def revoke_key(conn: Connection, key_pk: int, *, now: datetime) -> KeyInfo:
    """Revoke a key; it is refused from the next request on."""
    get_key(conn, key_pk)
    queries.revoke(conn, key_pk, now)
    return get_key(conn, key_pk)


def rotate_key(conn: Connection, key_pk: int, *, secret: str, now: datetime) -> tuple[KeyInfo, str]:
    """Issue a new key with the old one's name and account, and revoke the old one."""
    old = queries.key_owner(conn, key_pk)
    if old is None:
        raise RecordNotFound(f"no key with id {key_pk}")
    revoke_key(conn, key_pk, now=now)
    return create_key(conn, old.account, secret=secret, now=now, name=old.name)


def authenticate_offline(key: str | None) -> str:
    """The checks that need no store: 401 for a missing key or one that is no key at all."""
    if not key:
        raise Unauthorized("Missing API key: send Authorization: Bearer <API_KEY>")
    if not looks_like_key(key):
        raise Unauthorized("Invalid API key")
    return key


def authenticate_in(database: Database, key: str | None, *, secret: str, now: datetime) -> Caller:
    """`authenticate` as a statement of its own: on PostgreSQL one round trip, prepared."""
    if database.engine.dialect.name != "postgresql":
        with database.statement() as conn:
            return authenticate(conn, key, secret=secret, now=now)
    key = authenticate_offline(key)
    computed = hash_key(key, secret)
    row = database.fetch_prepared(queries.KEY_AND_ACCOUNT_PG, {"key_hash": computed})
    return caller_of(row, computed, now)


def authenticate(conn: Connection, key: str | None, *, secret: str, now: datetime) -> Caller:
    """The caller behind `key`: 401 if missing, unknown, revoked or expired; 402 without a plan."""
    key = authenticate_offline(key)
    computed = hash_key(key, secret)
    return caller_of(queries.key_and_account(conn, computed), computed, now)


def caller_of(row: Any, computed: str, now: datetime) -> Caller:
    """The caller of a key whose hash is `computed`, from its row (any with attributes) with its
    account's columns named `account_<column>` (None: unknown key); 401 or 402 as
    `authenticate` says."""
    if row is None or not hashes_match(row.key_hash, computed):
        raise Unauthorized("Invalid API key")
    if row.revoked_at is not None:
        raise Unauthorized("API key revoked")
    if row.expires_at is not None and as_utc(row.expires_at) <= now:
        raise Unauthorized("API key expired")
    account = _account(row, prefix="account_")
    if not plan_is_active(account.plan, account.plan_until, now):
        raise PaymentRequired(f"No active plan with API access (plan: {account.plan})")
    return Caller(key_pk=row.id, account=account, key_last_used_at=row.last_used_at)


def touch_key(conn: Connection, key_pk: int, now: datetime) -> None:
    """Note that a key was used."""
    # At most one write a minute per key: last_used_at is for people, not for metering.
    queries.touch_key(conn, key_pk, now, LAST_USED_RESOLUTION)
