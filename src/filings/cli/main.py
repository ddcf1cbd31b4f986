"""The `filings` command: serve, db, ingest, accounts and keys."""

from __future__ import annotations

import json
import sys
from importlib.metadata import version as package_version
from pathlib import Path

import click
import typer
from rich.markup import escape

from filings.cli import accounts, bootstrap, index, ingest, keys
from filings.cli.common import console, database, load_settings
from filings.cli.errors import explain
from filings.core.errors import FilingsError
from filings.core.settings import Settings
from filings.db.migrate import check_migrated

app = typer.Typer(
    name="filings",
    help="Financial filings data service: serve the API and manage its data and access.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
db_app = typer.Typer(help="Database schema.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(ingest.app, name="ingest")
app.add_typer(accounts.app, name="accounts")
app.add_typer(keys.app, name="keys")
app.command("bootstrap")(bootstrap.bootstrap)
app.command("index")(index.index)

_debug = False


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"filings {package_version('filings')}")
        raise typer.Exit()


@app.callback()
def root(
    debug: bool = typer.Option(False, "--debug", help="Show the traceback of a failure."),
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Show the version."
    ),
) -> None:
    """Financial filings data service: serve the API and manage its data and access."""
    global _debug
    _debug = debug


def main() -> None:
    """The `filings` command inside one error boundary: a failure is one sentence and a
    non-zero exit; `--debug` shows its traceback instead."""
    try:
        outcome = app(standalone_mode=False)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except click.ClickException as usage:
        usage.show()
        sys.exit(usage.exit_code)
    except click.exceptions.Abort:
        console.print("[red]error:[/red] aborted")
        sys.exit(130)
    except Exception as exc:
        if _debug or "--debug" in sys.argv:
            raise
        console.print(f"[red]error:[/red] {escape(explain(exc))}", soft_wrap=True)
        sys.exit(1)
    sys.exit(outcome if isinstance(outcome, int) else 0)


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
        console.print(f"[red]error:[/red] {refusal_to_serve(problems)}", soft_wrap=True)
        raise typer.Exit(2)
    with database(settings) as db:
        check_migrated(db.engine)  # one sentence now, not a 500 on every request
    uvicorn.run(
        "filings.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=False,
        log_level="info",
    )


@app.command("mcp")
def mcp_stdio() -> None:
    """Serve the API's nine tools over MCP's stdio transport; calls use FILINGS_API_KEY."""
    from filings.app import stdio_mcp

    settings = load_settings()
    if settings.api_key is None:
        raise FilingsError("set FILINGS_API_KEY: the MCP tools call the API with that key")
    with database(settings):
        pass  # stop at once on a database that is not migrated
    stdio_mcp(settings, settings.api_key.get_secret_value()).run("stdio")


@db_app.command("upgrade")
def db_upgrade(revision: str = typer.Argument("head", help="Target revision.")) -> None:
    """Apply the migrations up to REVISION (default: the newest)."""
    from filings.db.engine import make_engine
    from filings.db.migrate import upgrade

    settings = load_settings()
    engine = make_engine(settings.database_url, timeout=settings.database_timeout)
    try:
        upgrade(engine, revision)
    finally:
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
