"""`filings bootstrap`: what `make run` does before serving: data if empty, and a demo key."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from sqlalchemy import Connection

from filings.access import service
from filings.access.gate import utc_now
from filings.cli.common import console, database, load_settings, run_in_transaction
from filings.companies.queries import company_count
from filings.core.errors import ApiError, RecordNotFound
from filings.core.settings import Settings
from filings.db.engine import make_engine
from filings.db.migrate import upgrade
from filings.ingest.nordic.pipeline import ingest_nordic
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import ingest_sec, select_ciks
from filings.ingest.sec.source import MirrorSource

DEMO_ACCOUNT = "demo"
DEMO_KEY_NAME = "demo"


DEMO_KEY_FILE = "demo-key"  # in the data directory, readable by the operator only
BOOTSTRAP_LOG = "bootstrap.log"  # in the data directory: the background ingestion's progress


def _demo_key(conn: Connection, secret: str, kept: Path) -> tuple[str, bool]:
    """The demo key: the one kept from an earlier run while it still works, else a new one
    (replacing any other demo key); (key, whether it is new)."""
    now = utc_now()
    if kept.is_file():
        key = kept.read_text().strip()
        try:
            service.authenticate(conn, key, secret=secret, now=now)
            return key, False
        except ApiError:
            pass  # revoked, expired or from another database: issue a new one
    try:
        service.get_account(conn, DEMO_ACCOUNT)
    except RecordNotFound:
        service.create_account(conn, DEMO_ACCOUNT, plan="pro", now=now)
    for old in service.list_keys(conn, DEMO_ACCOUNT):
        if old.name == DEMO_KEY_NAME and old.revoked_at is None:
            service.revoke_key(conn, old.pk, now=now)
    key = service.create_key(conn, DEMO_ACCOUNT, secret=secret, now=now, name=DEMO_KEY_NAME)[1]
    return key, True


def _keep(key: str, kept: Path) -> None:
    """Write the demo key where only the operator can read it."""
    kept.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(key + "\n")
    kept.chmod(0o600)


def _progress() -> Progress:
    return Progress(
        TextColumn("{task.fields[phase]:<7}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=console,
    )


def _ingest_corpus(settings: Settings, corpus: Path) -> list[str]:
    """Ingest the corpus with a progress bar per phase; a summary of what was stored."""
    done: list[str] = []
    mirror = corpus / "sec"
    feed, instruments = (
        corpus / "nordic/feed.json",
        corpus / "nordic/instruments/all-nordic-instruments.json",
    )
    with database(settings) as db, _progress() as bar:
        if mirror.is_dir():
            source = MirrorSource(mirror)
            listings = read_tickers(source)
            ciks = select_ciks(source, listings, ciks=[], tickers=[], universe=True)
            known = source.known_ciks() or []
            ciks = [*known, *(c for c in ciks if c not in known)]  # the ones with data first
            task = bar.add_task("", total=len(ciks), phase="SEC")

            def advance(cik: str) -> None:
                bar.update(task, advance=1, description=f"CIK {cik}")

            summary = ingest_sec(db, source, ciks, listings, progress=advance, history=True)
            bar.update(task, description="done")
            done.append(
                f"SEC {summary.companies} companies, {summary.filings} filings, "
                f"{summary.facts} figures"
            )
        if feed.is_file():
            task = bar.add_task("", total=None, phase="Nordic")

            def step(path: str, total: int) -> None:
                if total:
                    bar.update(task, total=total)
                else:
                    bar.update(task, advance=1, description=Path(path).name)

            nordic = ingest_nordic(
                db, feed, instruments if instruments.is_file() else None, progress=step
            )
            bar.update(task, description="done")
            done.append(
                f"Nordic {nordic.documents} documents, {nordic.pages} pages, "
                f"{nordic.figures} figures"
            )
    return done


def _migrate(settings: Settings) -> None:
    """Bring the database to the newest migration."""
    engine = make_engine(settings.database_url, timeout=settings.database_timeout)
    try:
        upgrade(engine)
    finally:
        engine.dispose()


def _ingest_beside(corpus: Path, settings: Settings, host: str, port: int) -> Path:
    """Start this command again without `--background` in a process of its own, which ingests
    the corpus while the server starts; its progress goes to a log in the data directory."""
    log = settings.data_dir / BOOTSTRAP_LOG
    log.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "filings", "bootstrap", "--corpus", str(corpus)]
    command += ["--host", host, "--port", str(port)]
    with log.open("w") as out:
        subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)  # noqa: S603
    return log


def bootstrap(
    corpus: Path = typer.Option(Path("../shared/corpus"), help="Corpus to ingest when empty."),
    host: str = typer.Option("127.0.0.1", help="Host shown in the curl example."),
    port: int = typer.Option(8000, help="Port shown in the curl example."),
    migrate: bool = typer.Option(
        False,
        "--migrate",
        help="Apply the database's migrations first (what `filings db upgrade` does), in the "
        "same process: `make run` starts one process fewer.",
    ),
    background: bool = typer.Option(
        False,
        "--background",
        help="Ingest an empty database's corpus in a process of its own and return at once, "
        "so that the server starts answering while the data arrive (`make run`).",
    ),
) -> None:
    """Ingest the corpus into an empty database, then show the demo key (kept across runs
    while it works) with a request to try."""
    started = time.monotonic()
    settings = load_settings()
    if migrate:
        _migrate(settings)
    count = run_in_transaction(settings, company_count)
    secret = settings.key_hash_secret.get_secret_value()
    kept = settings.data_dir / DEMO_KEY_FILE
    key, new = run_in_transaction(settings, lambda conn: _demo_key(conn, secret, kept))
    if new:
        _keep(key, kept)  # before any ingestion, which may run beside and keeps it
    if count:
        stored = [f"database holds {count} companies; not ingesting"]
    elif not corpus.exists():
        stored = [f"no corpus at {corpus}; starting with an empty database"]
    elif background:
        log = _ingest_beside(corpus, settings, host, port)
        stored = [
            f"ingesting {corpus} in the background (progress in {log}): the API answers "
            "now, each company as soon as it is stored, US companies with data first"
        ]
    else:
        stored = _ingest_corpus(settings, corpus)
    elapsed = time.monotonic() - started
    console.print(
        f"ready in {elapsed:.0f} s: {'; '.join(stored)}; demo key "
        f"{'issued' if new else 'kept'} in {kept}",
        soft_wrap=True,
    )
    base = f"http://{host}:{port}/api/v1/data"
    typer.echo(
        f"\nDemo API key (account '{DEMO_ACCOUNT}', plan pro):\n\n  {key}\n\nTry:\n\n"
        f"  curl -s -X POST {base}/filings/search \\\n"
        f'    -H "Authorization: Bearer {key}" -H "Content-Type: application/json" \\\n'
        f'    -d \'{{"market": "us", "limit": 5}}\'\n'
    )
