"""`filings keys ...`: API keys. A key's secret is printed once, when it is made."""

from __future__ import annotations

import typer

from filings.access import service
from filings.access.gate import utc_now
from filings.cli.common import console, load_settings, run_in_transaction, show_time

app = typer.Typer(help="API keys of an account.", no_args_is_help=True)


def _line(key: service.KeyInfo) -> str:
    return "\t".join(
        [
            str(key.pk),
            key.prefix,
            key.name or "-",
            show_time(key.created_at),
            show_time(key.last_used_at),
            show_time(key.expires_at),
            show_time(key.revoked_at),
        ]
    )


@app.command("create")
def create(
    account: str,
    name: str | None = typer.Option(None, help="A label for the key."),
    expires_in_days: int | None = typer.Option(None, min=1, help="Days until the key expires."),
) -> None:
    """Issue a key; the key itself is the last line of the output, shown only this once."""
    settings = load_settings()
    secret = settings.key_hash_secret.get_secret_value()
    info, key = run_in_transaction(
        settings,
        lambda conn: service.create_key(
            conn, account, secret=secret, now=utc_now(), name=name, expires_in_days=expires_in_days
        ),
    )
    console.print(f"key {info.pk} ({info.prefix}...) for {account}; store it now, it is not kept")
    typer.echo(key)


@app.command("list")
def list_keys(account: str) -> None:
    """An account's keys: id, prefix, name, created, last used, expiry, revoked."""
    settings = load_settings()
    listed = run_in_transaction(settings, lambda conn: service.list_keys(conn, account))
    console.print("id\tprefix\tname\tcreated\tlast_used\texpires\trevoked")
    for key in listed:
        typer.echo(_line(key))


@app.command("revoke")
def revoke(key_id: int) -> None:
    """Revoke a key; it is refused from the next request on."""
    settings = load_settings()
    key = run_in_transaction(settings, lambda conn: service.revoke_key(conn, key_id, now=utc_now()))
    typer.echo(_line(key))


@app.command("rotate")
def rotate(key_id: int) -> None:
    """Issue a replacement key and revoke the old one; the new key is the last line."""
    settings = load_settings()
    secret = settings.key_hash_secret.get_secret_value()
    info, key = run_in_transaction(
        settings, lambda conn: service.rotate_key(conn, key_id, secret=secret, now=utc_now())
    )
    console.print(f"key {key_id} revoked; new key {info.pk} ({info.prefix}...)")
    typer.echo(key)
