"""The `filings` command: serve, db, ingest, accounts and keys."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from filings.cli import accounts, bootstrap, index, ingest, keys
from filings.cli.common import console, load_settings
from filings.core.settings import Settings

app = typer.Typer(
    name="filings",
    help="Financial filings data service: serve the API and manage its data and access.",
    no_args_is_help=True,
    add_completion=False,
)
db_app = typer.Typer(help="Database schema.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(ingest.app, name="ingest")
app.add_typer(accounts.app, name="accounts")
app.add_typer(keys.app, name="keys")
app.command("bootstrap")(bootstrap.bootstrap)
app.command("index")(index.index)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to bind."),
    port: int = typer.Option(8000, help="Port to bind."),
    workers: int = typer.Option(1, min=1, help="Worker processes."),
) -> None:
    """Serve the HTTP API with uvicorn."""
    import uvicorn

    from filings.app import refusal_to_serve

    settings = load_settings()  # refuse to start on a bad configuration, before forking workers
    problems = settings.secret_problems()
    if problems:
        console.print(f"[red]error:[/red] {refusal_to_serve(problems)}")
        raise typer.Exit(2)
    uvicorn.run(
        "filings.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=False,
        log_level="info",
    )


@db_app.command("upgrade")
def db_upgrade(revision: str = typer.Argument("head", help="Target revision.")) -> None:
    """Apply the migrations up to REVISION (default: the newest)."""
    from filings.db.engine import make_engine
    from filings.db.migrate import upgrade

    settings = load_settings()
    engine = make_engine(settings.database_url)
    upgrade(engine, revision)
    engine.dispose()
    console.print(f"database at {revision}: {engine.url.render_as_string(hide_password=True)}")


@app.command()
def openapi(
    output: Path = typer.Option(Path("openapi.json"), help="File to write; - for stdout."),
) -> None:
    """Write the OpenAPI document generated from the app."""
    from filings.app import create_app

    document = create_app(Settings(database_url="sqlite://")).openapi()
    text = json.dumps(document, indent=2, sort_keys=True) + "\n"
    if str(output) == "-":
        typer.echo(text, nl=False)
    else:
        output.write_text(text)
        console.print(f"wrote {output}")
