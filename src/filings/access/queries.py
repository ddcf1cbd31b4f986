"""Reading and writing accounts and API keys (the counters and idempotency records are the
stores' own: `store_sql.py`, `store_redis.py`)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Row,
    and_,
    bindparam,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import psycopg as postgresql_psycopg

from filings.db.tables import accounts, api_keys


def insert_account(conn: Connection, values: dict[str, Any]) -> None:
    """Store a new account (IntegrityError when the name is taken)."""
    conn.execute(insert(accounts).values(**values))


def account_by_name(conn: Connection, name: str) -> Row[Any] | None:
    """The account row called `name`, or None."""
    return conn.execute(select(accounts).where(accounts.c.name == name)).first()


def accounts_by_name(conn: Connection) -> list[Row[Any]]:
    """Every account row, by name."""
    return list(conn.execute(select(accounts).order_by(accounts.c.name)))


def update_account(conn: Connection, account_pk: int, values: dict[str, Any]) -> None:
    """Change columns of an account."""
    conn.execute(update(accounts).where(accounts.c.id == account_pk).values(**values))


def password_hash(conn: Connection, name: str) -> Any:
    """The name and password hash of the account called `name`, or None."""
    return conn.execute(
        select(accounts.c.name, accounts.c.password_hash).where(accounts.c.name == name)
    ).first()


def _active(now: datetime) -> ColumnElement[bool]:
    return and_(
        api_keys.c.revoked_at.is_(None),
        or_(api_keys.c.expires_at.is_(None), api_keys.c.expires_at > now),
    )


def active_key_count(conn: Connection, account_pk: int, now: datetime) -> int:
    """How many of an account's keys are neither revoked nor expired at `now`."""
    return int(
        conn.execute(
            select(func.count()).where(api_keys.c.account_pk == account_pk, _active(now))
        ).scalar_one()
    )


def insert_key(conn: Connection, values: dict[str, Any]) -> int:
    """Store a new key; its id."""
    return int(
        conn.execute(insert(api_keys).values(**values).returning(api_keys.c.id)).scalar_one()
    )


def key_by_id(conn: Connection, key_pk: int) -> Row[Any] | None:
    """The key row with id `key_pk`, or None."""
    return conn.execute(select(api_keys).where(api_keys.c.id == key_pk)).first()


def keys_of(conn: Connection, account_pk: int) -> list[Row[Any]]:
    """An account's key rows, oldest first."""
    return list(
        conn.execute(
            select(api_keys).where(api_keys.c.account_pk == account_pk).order_by(api_keys.c.id)
        )
    )


def revoke(conn: Connection, key_pk: int, now: datetime) -> None:
    """Mark a key revoked at `now`, unless it already is."""
    conn.execute(
        update(api_keys)
        .where(api_keys.c.id == key_pk, api_keys.c.revoked_at.is_(None))
        .values(revoked_at=now)
    )


def key_owner(conn: Connection, key_pk: int) -> Any:
    """A key's account id, its name and its account's name, or None."""
    return conn.execute(
        select(api_keys.c.account_pk, api_keys.c.name, accounts.c.name.label("account"))
        .join(accounts, accounts.c.id == api_keys.c.account_pk)
        .where(api_keys.c.id == key_pk)
    ).first()


# Built once: every request runs it, and building a statement costs more than running it.
_KEY_AND_ACCOUNT = (
    select(api_keys, *(c.label(f"account_{c.name}") for c in accounts.c))
    .join(accounts, accounts.c.id == api_keys.c.account_pk)
    .where(api_keys.c.key_hash == bindparam("key_hash"))
)
# The same in PostgreSQL's driver SQL (`%(key_hash)s`), for `Database.fetch_prepared`.
KEY_AND_ACCOUNT_PG = str(
    _KEY_AND_ACCOUNT.compile(dialect=postgresql_psycopg.dialect())  # type: ignore[no-untyped-call]
)


def key_and_account(conn: Connection, key_hash: str) -> Row[Any] | None:
    """The key whose hash is `key_hash`, with its account's columns named `account_<column>`.

    Every request asks it: one indexed lookup (the unique index on `key_hash`)."""
    return conn.execute(_KEY_AND_ACCOUNT, {"key_hash": key_hash}).first()


def touch_key(conn: Connection, key_pk: int, now: datetime, resolution: timedelta) -> None:
    """Note that a key was used, at most once per `resolution`."""
    conn.execute(
        update(api_keys)
        .where(
            api_keys.c.id == key_pk,
            or_(api_keys.c.last_used_at.is_(None), api_keys.c.last_used_at < now - resolution),
        )
        .values(last_used_at=now)
    )
