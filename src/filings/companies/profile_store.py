"""Profile sections read out of a filing at ingestion (placeholder while the rules are built)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Row


def store_profile(conn: Connection, filing: Row[Any]) -> bool:
    """Store a filing's profile sections; whether anything changed."""
    return False
