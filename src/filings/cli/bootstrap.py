"""`filings bootstrap`: what `make run` does before serving: data if empty, and a demo key."""

from __future__ import annotations

from pathlib import Path

import typer
from sqlalchemy import Connection, func, select

from filings.access import service
from filings.access.gate import utc_now
from filings.cli.common import console, database, load_settings, run_in_transaction
from filings.core.errors import RecordNotFound
from filings.core.settings import Settings
from filings.db.tables import companies
from filings.ingest.nordic.pipeline import ingest_nordic
from filings.ingest.sec.pipeline import ingest_sec, read_tickers, select_ciks
from filings.ingest.sec.source import MirrorSource

DEMO_ACCOUNT = "demo"
DEMO_KEY_NAME = "demo"


def _fresh_demo_key(conn: Connection, secret: str) -> str:
    now = utc_now()
    try:
        service.get_account(conn, DEMO_ACCOUNT)
    except RecordNotFound:
        service.create_account(conn, DEMO_ACCOUNT, plan="pro", now=now)
    for key in service.list_keys(conn, DEMO_ACCOUNT):
        if key.name == DEMO_KEY_NAME and key.revoked_at is None:
            service.revoke_key(conn, key.pk, now=now)
    return service.create_key(conn, DEMO_ACCOUNT, secret=secret, now=now, name=DEMO_KEY_NAME)[1]


def _ingest_corpus(settings: Settings, corpus: Path) -> None:
    mirror = corpus / "sec"
    if mirror.is_dir():
        console.print(
            f"ingesting the SEC mirror at {mirror} (every company of company_tickers.json)"
        )
        source = MirrorSource(mirror)
        listings = read_tickers(source)
        ciks = select_ciks(source, listings, ciks=[], tickers=[], universe=True)
        known = source.known_ciks() or []
        ciks = [*known, *(c for c in ciks if c not in known)]  # the ones with data first
        with database(settings) as db:
            summary = ingest_sec(db, source, ciks, listings)
        console.print(
            f"SEC: companies {summary.companies}, filings {summary.filings}, "
            f"facts {summary.facts}, skipped {len(summary.skipped)}"
        )
    feed, instruments = (
        corpus / "nordic/feed.json",
        corpus / "nordic/instruments/all-nordic-instruments.json",
    )
    if feed.is_file():
        console.print(f"ingesting the Nordic feed at {feed}")
        with database(settings) as db:
            nordic = ingest_nordic(db, feed, instruments if instruments.is_file() else None)
        console.print(
            f"Nordic: companies {nordic.companies}, documents {nordic.documents}, "
            f"pages {nordic.pages}, figures {nordic.figures}, skipped {len(nordic.skipped)}"
        )


def bootstrap(
    corpus: Path = typer.Option(Path("../shared/corpus"), help="Corpus to ingest when empty."),
    host: str = typer.Option("127.0.0.1", help="Host shown in the curl example."),
    port: int = typer.Option(8000, help="Port shown in the curl example."),
) -> None:
    """Ingest the corpus into an empty database, then issue a fresh demo key and show it."""
    settings = load_settings()
    count = run_in_transaction(
        settings,
        lambda conn: conn.execute(select(func.count()).select_from(companies)).scalar_one(),
    )
    if count:
        console.print(f"database holds {count} companies; not ingesting")
    elif not corpus.exists():
        console.print(f"no corpus at {corpus}; starting with an empty database")
    else:
        _ingest_corpus(settings, corpus)
    secret = settings.key_hash_secret.get_secret_value()
    key = run_in_transaction(settings, lambda conn: _fresh_demo_key(conn, secret))
    base = f"http://{host}:{port}/api/v1/data"
    typer.echo(
        f"\nDemo API key (account '{DEMO_ACCOUNT}', plan pro):\n\n  {key}\n\nTry:\n\n"
        f"  curl -s -X POST {base}/filings/search \\\n"
        f'    -H "Authorization: Bearer {key}" -H "Content-Type: application/json" \\\n'
        f'    -d \'{{"market": "us", "limit": 5}}\'\n'
    )
