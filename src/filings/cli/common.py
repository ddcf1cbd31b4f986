"""What every command shares: settings built once, one console, and database work."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import TypeVar

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from sqlalchemy import Connection

from filings.core.errors import FilingsError
from filings.core.settings import Settings
from filings.db.engine import Database, open_database
from filings.db.migrate import check_migrated

console = Console(stderr=True)
T = TypeVar("T")


def load_settings() -> Settings:
    """Settings from the environment, or exit with one clear sentence."""
    unknown = Settings.unknown_variables(os.environ)
    if unknown:
        console.print(
            f"[red]error:[/red] unknown settings in the environment: {', '.join(unknown)}",
            soft_wrap=True,
        )
        raise typer.Exit(2)
    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(
            f"FILINGS_{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in exc.errors()
        )
        console.print(f"[red]error:[/red] invalid settings: {problems}", soft_wrap=True)
        raise typer.Exit(2) from exc


@contextmanager
def database(settings: Settings) -> Iterator[Database]:
    """The configured database for the length of a command; a command on a database that is
    not migrated stops with the sentence that says so."""
    db = open_database(settings.database_url, timeout=settings.database_timeout)
    try:
        check_migrated(db.engine)
        yield db
    finally:
        db.dispose()


def run_in_transaction(settings: Settings, work: Callable[[Connection], T]) -> T:
    """Run `work` in one transaction; a service error exits non-zero with its sentence."""
    with database(settings) as db:
        try:
            with db.transaction() as conn:
                return work(conn)
        except FilingsError as exc:
            console.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
            raise typer.Exit(1) from exc


def show_time(moment: datetime | None) -> str:
    """A timestamp for listings, or `-`."""
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else "-"
