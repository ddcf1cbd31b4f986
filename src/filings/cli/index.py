"""`filings index`: compute the passage vectors content search needs (the server also does it in
the background; this shows progress and ends when all are done)."""

from __future__ import annotations

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from filings.cli.common import console, database, load_settings
from filings.search.vectors import embed_missing, index_status, passage_embedder


def index() -> None:
    """Embed every passage that has no vector yet, on all cores (FILINGS_INDEX_THREADS), taking
    what FILINGS_VECTOR_CACHE already holds; re-running does nothing."""
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
            embedder = passage_embedder(settings.index_threads, settings.vector_cache)
            count = embed_missing(db, embedder, lambda n: bar.update(task, advance=n))
    typer.echo(f"passages: {total}, vectors computed now: {count}, before: {done}")
