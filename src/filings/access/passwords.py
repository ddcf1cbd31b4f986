"""Account passwords for the account page: argon2 hashes, never the password."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection

from filings.access import queries
from filings.access.service import Account, get_account
from filings.core.errors import MalformedInput

MIN_LENGTH = 12
_hasher = PasswordHasher()
# Verified when the account does not exist, so that a wrong name costs as long as a wrong password.
_DUMMY = _hasher.hash("not a password of anyone")


def set_password(conn: Connection, name: str, password: str) -> None:
    """Set (or replace) the account's password."""
    if len(password) < MIN_LENGTH:
        raise MalformedInput(f"a password needs at least {MIN_LENGTH} characters")
    account = get_account(conn, name)
    queries.update_account(conn, account.pk, {"password_hash": _hasher.hash(password)})


def check_password(conn: Connection, name: str, password: str) -> Account | None:
    """The account when `password` is its password; None otherwise (unknown name included)."""
    row = queries.password_hash(conn, name)
    stored = row.password_hash if row is not None and row.password_hash else _DUMMY
    try:
        _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return None
    return get_account(conn, name) if row is not None and row.password_hash else None
