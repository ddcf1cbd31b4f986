"""`filings index`: compute the passage vectors content search needs (the server also does it in
the background; this shows progress and ends when all are done)."""

from __future__ import annotations

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from filings.cli.common import console, database, load_settings
from filings.search.vectors import E5Embedder, embed_missing, index_status


def index() -> None:
    """Embed every passage that has no vector yet; re-running does nothing."""
    settings = load_settings()
    with database(settings) as db:
        with db.transaction() as conn:
            total, done = index_status(conn)
        columns = (
            TextColumn("vectors"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=console) as bar:
            task = bar.add_task("", total=total, completed=done)
            count = embed_missing(db, E5Embedder(), lambda n: bar.update(task, advance=n))
    typer.echo(f"passages: {total}, vectors computed now: {count}, before: {done}")
