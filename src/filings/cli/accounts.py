"""`filings accounts ...`: accounts and their plans."""

from __future__ import annotations

from datetime import date

import typer

from filings.access import passwords, service
from filings.access.gate import utc_now
from filings.access.plans import PLANS, end_of_day
from filings.cli.common import console, load_settings, run_in_transaction, show_time
from filings.core.errors import FilingsError

app = typer.Typer(help="Accounts and their plans.", no_args_is_help=True)
PLAN_HELP = f"One of: {', '.join(PLANS)}."


def _describe(account: service.Account) -> str:
    limits = account.limits
    return (
        f"{account.name}\t{account.plan}\tuntil={show_time(account.plan_until)}\t"
        f"quota={limits.monthly_quota}/month\trate={limits.per_second}/s,{limits.per_minute}/min"
    )


@app.command("create")
def create(
    name: str,
    plan: str = typer.Option("trial", help=PLAN_HELP),
    monthly_quota: int | None = typer.Option(None, min=0, help="Override the plan's quota."),
) -> None:
    """Open an account (a trial lapses after 14 days)."""
    settings = load_settings()
    account = run_in_transaction(
        settings,
        lambda conn: service.create_account(
            conn, name, plan=plan, now=utc_now(), monthly_quota=monthly_quota
        ),
    )
    typer.echo(_describe(account))


@app.command("set-plan")
def set_plan(
    name: str,
    plan: str = typer.Argument(..., help=PLAN_HELP),
    until: str | None = typer.Option(
        None, help="Last day (YYYY-MM-DD, UTC) of the plan; default: 14 days for a trial."
    ),
) -> None:
    """Change an account's plan; renewal restores access at once."""
    settings = load_settings()
    try:
        until_at = end_of_day(date.fromisoformat(until)) if until else None
    except ValueError as exc:
        console.print(
            f"[red]error:[/red] --until must be a date such as 2026-12-31: {until}", soft_wrap=True
        )
        raise typer.Exit(2) from exc
    account = run_in_transaction(
        settings, lambda conn: service.set_plan(conn, name, plan, now=utc_now(), until=until_at)
    )
    typer.echo(_describe(account))


@app.command("set-limits")
def set_limits(
    name: str,
    monthly_quota: int | None = typer.Option(None, min=0, help="Requests a month."),
    per_second: int | None = typer.Option(None, min=0, help="Requests a second, per key."),
    per_minute: int | None = typer.Option(None, min=0, help="Requests a minute, per key."),
) -> None:
    """Override an account's monthly quota and per-key rate limits."""
    if monthly_quota is None and per_second is None and per_minute is None:
        raise FilingsError("nothing to set: give --monthly-quota, --per-second or --per-minute")
    settings = load_settings()
    account = run_in_transaction(
        settings,
        lambda conn: service.set_limits(
            conn, name, monthly_quota=monthly_quota, per_second=per_second, per_minute=per_minute
        ),
    )
    typer.echo(_describe(account))


@app.command("set-password")
def set_password(
    name: str,
    password_stdin: bool = typer.Option(
        False, "--password-stdin", help="Read the password from standard input."
    ),
) -> None:
    """Set the password the account's owner signs in to the account page with."""
    import sys

    if password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    settings = load_settings()
    run_in_transaction(settings, lambda conn: passwords.set_password(conn, name, password))
    typer.echo(f"password set for {name}; sign in at /account/sign-in")


@app.command("list")
def list_accounts() -> None:
    """Every account with its plan and limits."""
    settings = load_settings()
    for account in run_in_transaction(settings, service.list_accounts):
        typer.echo(_describe(account))
