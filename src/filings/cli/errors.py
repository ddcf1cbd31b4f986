"""The CLI's one error boundary: every failure a sentence on stderr and a non-zero exit, with
the next step where there is one; the traceback only with `--debug`."""

from __future__ import annotations

import sqlite3

from alembic.util import CommandError
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError, ProgrammingError

from filings.core.errors import FilingsError

NOT_MIGRATED = "the database is not migrated: run `filings db upgrade`"


def explain(exc: BaseException) -> str:
    """One sentence for a failure of a command."""
    if isinstance(exc, FilingsError):
        return str(exc)
    if isinstance(exc, CommandError):
        text = str(exc)
        if "Can't locate revision" in text or "No such revision" in text:
            return f"{text.rstrip('.')}; `filings db upgrade` without a revision goes to the newest"
        return f"migration failed: {text}"
    if isinstance(exc, (NoSuchModuleError, ArgumentError)):
        return (
            "FILINGS_DATABASE_URL is not a database URL this service can use "
            "(sqlite:///path/to/file.db or postgresql://user@host/db)"
        )
    if isinstance(exc, (OperationalError, ProgrammingError)):
        original = exc.orig
        text = str(original).strip().splitlines()[0] if original else str(exc)
        if _missing_table(text):
            return NOT_MIGRATED
        if isinstance(original, sqlite3.OperationalError) and "unable to open" in text:
            return f"cannot open the SQLite database: {text}"
        return f"the database did not answer: {text}"
    if isinstance(exc, FileNotFoundError):
        return f"no such file or directory: {exc.filename}"
    if isinstance(exc, PermissionError):
        return f"permission denied: {exc.filename}"
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")
    return f"{type(exc).__name__}: {exc} (run with --debug for the traceback)"


def _missing_table(text: str) -> bool:
    return "no such table" in text or ("relation" in text and "does not exist" in text)
