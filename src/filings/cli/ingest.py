"""`filings ingest ...`: load filings and figures."""

from __future__ import annotations

from pathlib import Path

import httpx
import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from filings.cli.common import console, database, load_settings
from filings.core.errors import FilingsError
from filings.ingest.nordic.pipeline import ingest_nordic
from filings.ingest.sec.pipeline import SecSummary, ingest_sec, read_tickers, select_ciks
from filings.ingest.sec.source import HttpSource, MirrorSource, SecSource

app = typer.Typer(help="Load filings and figures into the database.", no_args_is_help=True)


def _sec_source(
    mirror: Path | None, base_url: str | None, user_agent: str | None, cache: Path
) -> SecSource:
    if mirror is not None and base_url is not None:
        raise FilingsError("give --mirror or --base-url, not both")
    if mirror is not None:
        return MirrorSource(mirror)
    return HttpSource(user_agent=user_agent, cache_dir=cache, base_url=base_url)


def _print_summary(summary: SecSummary) -> None:
    for cik, reason in summary.skipped:
        console.print(f"[yellow]skipped[/yellow] CIK {cik}: {reason}")
    for cik, warning in summary.warnings:
        console.print(f"[yellow]warning[/yellow] CIK {cik}: {warning}")
    typer.echo(
        f"companies: {summary.companies}, filings: {summary.filings}, facts: {summary.facts}, "
        f"skipped: {len(summary.skipped)} ({summary.unchanged} companies unchanged)"
    )


@app.command("sec")
def sec(
    mirror: Path | None = typer.Option(None, help="A local mirror laid out as the SEC's hosts."),
    base_url: str | None = typer.Option(
        None, help="A server with the SEC's paths; default: the SEC's live hosts."
    ),
    cik: list[str] = typer.Option([], help="Only this CIK (repeatable)."),
    ticker: list[str] = typer.Option([], help="Only this ticker (repeatable)."),
    universe: bool = typer.Option(False, help="Every company of company_tickers.json."),
) -> None:
    """Ingest SEC EDGAR companies, filings and XBRL figures; re-running changes nothing."""
    settings = load_settings()
    try:
        source = _sec_source(
            mirror, base_url, settings.sec_user_agent, settings.data_dir / "sec-cache"
        )
        listings = read_tickers(source)
        ciks = select_ciks(source, listings, ciks=cik, tickers=ticker, universe=universe)
    except FilingsError as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(1) from exc
    columns = (
        TextColumn("SEC"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
    )
    with database(settings) as db, Progress(*columns, console=console) as bar:
        task = bar.add_task("", total=len(ciks))

        def advance(current: str) -> None:
            bar.update(task, advance=1, description=f"CIK {current}")

        summary = ingest_sec(db, source, ciks, listings, progress=advance)
    _print_summary(summary)


@app.command("nordic")
def nordic(
    feed: str = typer.Option(..., help="The document feed: a file, or a URL."),
    instruments: Path | None = typer.Option(None, help="The list of listed instruments."),
) -> None:
    """Ingest Helsinki and Stockholm issuers and their reports; re-running changes nothing."""
    settings = load_settings()
    columns = (
        TextColumn("Nordic"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
    )
    with (
        database(settings) as db,
        Progress(*columns, console=console) as bar,
        httpx.Client(timeout=60, follow_redirects=True) as client,
    ):
        task = bar.add_task("", total=None)

        def advance(path: str, total: int) -> None:
            if total:
                bar.update(task, total=total)
            else:
                bar.update(task, advance=1, description=path)

        try:
            summary = ingest_nordic(db, feed, instruments, progress=advance, client=client)
        except FilingsError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(1) from exc
    for path, reason in summary.skipped:
        console.print(f"[yellow]skipped[/yellow] {path}: {reason}")
    typer.echo(
        f"companies: {summary.companies}, documents: {summary.documents}, pages: {summary.pages}, "
        f"figures: {summary.figures}, skipped: {len(summary.skipped)} "
        f"({summary.unchanged} documents unchanged)"
    )
