"""`filings ingest ...`: load filings and figures."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import httpx
import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from filings.cli.common import console, database, load_settings
from filings.core.errors import FilingsError
from filings.core.settings import Settings
from filings.ingest.documents.companies import read_listings
from filings.ingest.documents.pipeline import ingest_documents
from filings.ingest.esef.pipeline import EsefSummary, gather_offers, ingest_esef
from filings.ingest.esef.precedence import Disagreement
from filings.ingest.esef.source import EsefHttp, Locations, is_url
from filings.ingest.nordic.pipeline import ingest_nordic
from filings.ingest.sec.datasets import dataset_zips, ingest_datasets
from filings.ingest.sec.documents import DOCUMENT_FORMS, DocumentSelection
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import SecSummary, ingest_sec, select_ciks
from filings.ingest.sec.source import HttpSource, MirrorSource, SecSource

LIVE_YEARS_BACK = 2  # live runs read the documents of this many past years by default
app = typer.Typer(help="Load filings and figures into the database.", no_args_is_help=True)


def _sec_source(
    mirror: Path | None, base_url: str | None, user_agent: str | None, cache: Path
) -> SecSource:
    if mirror is not None and base_url is not None:
        raise FilingsError("give --mirror or --base-url, not both")
    if mirror is not None:
        return MirrorSource(mirror)
    return HttpSource(user_agent=user_agent, cache_dir=cache, base_url=base_url)


def _document_selection(
    wanted: bool, forms: list[str], since: datetime | None, *, live: bool
) -> DocumentSelection | None:
    """Which filings' documents a run reads (None: none)."""
    if not wanted:
        return None
    chosen = frozenset(f.strip().upper() for f in forms) or DOCUMENT_FORMS
    unknown = sorted(chosen - DOCUMENT_FORMS)
    if unknown:
        raise FilingsError(
            f"--forms: {', '.join(unknown)} not read; choose from "
            f"{', '.join(sorted(DOCUMENT_FORMS))}"
        )
    start = since.date() if since else None
    if start is None and live:
        start = date(date.today().year - LIVE_YEARS_BACK, 1, 1)
    return DocumentSelection(chosen, start)


def _print_summary(summary: SecSummary) -> None:
    for cik, reason in summary.skipped:
        console.print(f"[yellow]skipped[/yellow] CIK {cik}: {reason}")
    for cik, warning in summary.warnings:
        console.print(f"[yellow]warning[/yellow] CIK {cik}: {warning}")
    for skip in summary.document_skips:
        console.print(
            f"[yellow]documents not read[/yellow] CIK {skip.cik} {skip.accession}: "
            f"{skip.reason} ({escape(skip.detail)})",
            soft_wrap=True,
        )
    for cik, difference in summary.preliminary_differences:
        console.print(
            f"[yellow]preliminary figure changed[/yellow] CIK {cik} {difference.metric_key} "
            f"{difference.period_kind} ending {difference.period_end}: released "
            f"{difference.preliminary}, reported {difference.reported} "
            f"({escape(difference.report)})",
            soft_wrap=True,
        )
    by_reason = "; ".join(f"{why}: {n}" for why, n in summary.skips_by_reason().items())
    typer.echo(
        f"companies: {summary.companies}, filings: {summary.filings}, facts: {summary.facts}, "
        f"filings with documents read: {summary.documents}, held documents not read: "
        f"{len(summary.document_skips)}{f' ({by_reason})' if by_reason else ''}, filings "
        f"without documents at the source: {summary.documents_not_held}, preliminary figures: "
        f"{summary.preliminary} ({len(summary.preliminary_differences)} replaced with another "
        f"value), skipped: "
        f"{len(summary.skipped)} ({summary.unchanged} companies unchanged)"
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
    documents: bool = typer.Option(
        True, "--documents/--no-documents", help="Read the filings' documents (text and facts)."
    ),
    forms: list[str] = typer.Option(
        [],
        "--forms",
        help="Read the documents of this form (repeatable); default: 10-K, 10-Q, 8-K, 20-F, "
        "40-F and their amendments.",
    ),
    since: datetime | None = typer.Option(
        None,
        formats=["%Y-%m-%d"],
        help="Read the documents of filings filed on or after this date; default: all that a "
        "mirror holds, and from January 1 two years back on the live hosts.",
    ),
    history: bool = typer.Option(
        False,
        "--history/--no-history",
        help="Also keep every version of every figure, for answers as of a date (`as_of`).",
    ),
    datasets: str | None = typer.Option(
        None,
        help="The SEC's Financial Statement Data Sets instead: a quarter's zip, a folder of "
        "zips, or the zip's URL on www.sec.gov.",
    ),
) -> None:
    """Ingest SEC EDGAR companies, filings, XBRL figures and filing documents; re-running
    changes nothing."""
    settings = load_settings()
    if datasets is not None:
        _ingest_datasets(settings, datasets)
        return
    try:
        source = _sec_source(
            mirror, base_url, settings.sec_user_agent, settings.data_dir / "sec-cache"
        )
        selection = _document_selection(documents, forms, since, live=mirror is None)
        listings = read_tickers(source)
        ciks = select_ciks(source, listings, ciks=cik, tickers=ticker, universe=universe)
    except FilingsError as exc:
        console.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
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

        summary = ingest_sec(
            db, source, ciks, listings, progress=advance, documents=selection, history=history
        )
    _print_summary(summary)


@app.command("nordic")
def nordic(
    feed: str = typer.Option(..., help="The document feed: a file, or a URL."),
    instruments: Path | None = typer.Option(None, help="The list of listed instruments."),
) -> None:
    """Ingest Helsinki and Stockholm issuers and their reports; re-running changes nothing."""
    for given in (feed, instruments):
        if given is not None and not str(given).startswith("http") and not Path(given).is_file():
            raise FilingsError(f"no such file or directory: {given}")
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
            console.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
            raise typer.Exit(1) from exc
    for path, reason in summary.skipped:
        console.print(f"[yellow]skipped[/yellow] {path}: {reason}")
    _print_disagreements(summary.disagreements)
    typer.echo(
        f"companies: {summary.companies}, documents: {summary.documents}, pages: {summary.pages}, "
        f"figures: {summary.figures}, skipped: {len(summary.skipped)} "
        f"({summary.unchanged} documents unchanged), "
        f"disagreements with ESEF: {len(summary.disagreements)}"
    )


def _print_disagreements(disagreements: list[Disagreement]) -> None:
    """The annual figures two sources state differently: a list for a person to check."""
    for found in disagreements:
        console.print(f"[yellow]disagreement[/yellow] {escape(found.describe())}", soft_wrap=True)


def _print_esef(summary: EsefSummary) -> None:
    for label, reason in summary.skipped:
        console.print(f"[yellow]skipped[/yellow] {escape(label)}: {escape(reason)}", soft_wrap=True)
    for label, note in summary.notes:
        console.print(f"note {escape(label)}: {escape(note)}", soft_wrap=True)
    for filer, company, how in dict.fromkeys(summary.matched):
        if how != "lei":
            console.print(f"matched {escape(filer)} to {escape(company)} by {how}", soft_wrap=True)
    _print_disagreements(summary.disagreements)
    typer.echo(
        f"packages: {summary.packages} ({summary.unchanged} unchanged), figures: "
        f"{summary.figures}, skipped: {len(summary.skipped)}, disagreements with other "
        f"sources: {len(summary.disagreements)}"
    )


@app.command("esef")
def esef(
    package: list[str] = typer.Option(
        [],
        "--package",
        help="A report package (zip: the ESEF or Report Package 1.0 layout) or an inline-XBRL "
        ".xhtml/.html report, as a file or a URL (repeatable).",
    ),
    index: str | None = typer.Option(
        None,
        help="A filings.xbrl.org /api/filings response: a file, or the URL with its filters "
        "(its pages are followed).",
    ),
    instruments: Path | None = typer.Option(
        None, help="The list of listed instruments, loaded first (filers are matched to it)."
    ),
) -> None:
    """Ingest ESEF annual reports of Helsinki and Stockholm issuers; re-running changes
    nothing."""
    if not package and index is None:
        raise FilingsError("give --package or --index")
    for given in [*package, *([index] if index else []), instruments]:
        if given is not None and not is_url(str(given)) and not Path(given).is_file():
            raise FilingsError(f"no such file or directory: {given}")
    settings = load_settings()
    # an index's packages are always on its host, even when the index is a file
    live = index is not None or any(is_url(p) for p in package)
    http = (
        EsefHttp(
            user_agent=settings.esef_user_agent or settings.sec_user_agent,
            cache_dir=settings.data_dir / "esef-cache",
        )
        if live
        else None
    )
    columns = (
        TextColumn("ESEF"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
    )
    locations = Locations(http)
    try:
        offers, problems = gather_offers(locations, package, index)
        for problem in problems:
            console.print(f"[yellow]skipped[/yellow] {escape(problem)}", soft_wrap=True)
        with database(settings) as db, Progress(*columns, console=console) as bar:
            task = bar.add_task("", total=len(offers))

            def advance(label: str) -> None:
                bar.update(task, advance=1, description=label)

            summary = ingest_esef(db, offers, locations.package, instruments, progress=advance)
    finally:
        if http is not None:
            http.close()
    _print_esef(summary)


def _ingest_datasets(settings: Settings, location: str) -> None:
    """`filings ingest sec --datasets ...`: a progress bar per zip, then the summary."""
    if location.startswith(("http://", "https://")):
        host_path = location.split("://", 1)[1]
        source = HttpSource(
            user_agent=settings.sec_user_agent, cache_dir=settings.data_dir / "sec-cache"
        )
        target = settings.data_dir / "datasets" / Path(host_path).name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read(host_path))
        zips = [target]
    else:
        zips = dataset_zips(Path(location))
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with database(settings) as db, Progress(*columns, console=console) as bar:
        tasks: dict[str, Any] = {}

        def advance(name: str, done: int, total: int) -> None:
            if name not in tasks:
                tasks[name] = bar.add_task(name, total=total)
            bar.update(tasks[name], completed=done)

        summary = ingest_datasets(db, zips, progress=advance)
    for where, reason in summary.skipped[:50]:
        console.print(f"[yellow]skipped[/yellow] {escape(where)}: {escape(reason)}")
    typer.echo(
        f"zips: {summary.zips}, companies: {summary.companies}, filings: {summary.filings}, "
        f"values: {summary.values}, segment values: {summary.segment_values}, "
        "companies with figures computed: "
        f"{summary.companies_with_figures}, figures: {summary.figures}, skipped rows: "
        f"{len(summary.skipped)}"
    )


NORDIC_INSTRUMENTS = "nordic/instruments/all-nordic-instruments.json"


def _default(path: Path) -> Path | None:
    return path if path.exists() else None


@app.command("documents")
def documents(
    manifest: Path = typer.Option(
        ..., help='A JSON manifest: {"documents": [{"path" or "url", "company", ...}, ...]}.'
    ),
    sec_mirror: Path | None = typer.Option(
        None,
        help="A mirror of the SEC's hosts whose company_tickers.json makes the companies of "
        "records with a CIK or ticker not yet stored; default: the corpus's, when present.",
    ),
    instruments: Path | None = typer.Option(
        None,
        help="The Nordic instruments list, which makes the companies of records with an ISIN "
        "not yet stored; default: the corpus's, when present.",
    ),
    fetch: bool = typer.Option(
        False, "--fetch/--no-fetch", help="Fetch the records that give a `url` (HTTP)."
    ),
) -> None:
    """Ingest the PDF, HTML or text documents a manifest lists, each a filing of its company
    with pages and passages; re-running changes nothing."""
    for given in (manifest, sec_mirror, instruments):
        if given is not None and not given.exists():
            raise FilingsError(f"no such file or directory: {given}")
    settings = load_settings()
    corpus_mirror = settings.corpus / "sec"
    if sec_mirror is None and (corpus_mirror / "www.sec.gov/files/company_tickers.json").exists():
        sec_mirror = corpus_mirror
    listings = read_listings(
        sec_mirror, instruments or _default(settings.corpus / NORDIC_INSTRUMENTS)
    )
    columns = (
        TextColumn("Documents"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
    )
    client = httpx.Client(timeout=60, follow_redirects=True) if fetch else None
    try:
        with database(settings) as db, Progress(*columns, console=console) as bar:
            task = bar.add_task("", total=None)

            def advance(path: str, total: int) -> None:
                if total:
                    bar.update(task, total=total)
                else:
                    bar.update(task, advance=1, description=escape(path))

            summary = ingest_documents(db, manifest, listings, client, progress=advance)
    finally:
        if client is not None:
            client.close()
    for path, reason in summary.skipped:
        console.print(f"[yellow]skipped[/yellow] {escape(path)}: {escape(reason)}", soft_wrap=True)
    for path, how in summary.companies_made:
        console.print(f"company of {escape(path)} made from the {how}", soft_wrap=True)
    typer.echo(
        f"documents stored: {summary.stored} ({summary.unchanged} unchanged), pages: "
        f"{summary.pages}, companies made: {len(summary.companies_made)}, skipped: "
        f"{len(summary.skipped)}"
    )
