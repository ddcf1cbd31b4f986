"""`filings accounts ...` and `filings keys ...` on a real database file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from filings.cli.main import app

runner = CliRunner()


@pytest.fixture
def db_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cli.db"
    monkeypatch.setenv("FILINGS_DATABASE_URL", f"sqlite:///{path}")
    assert runner.invoke(app, ["db", "upgrade"]).exit_code == 0
    return path


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_accounts_create_set_plan_and_list(db_file: Path) -> None:
    assert run("accounts", "create", "acme", "--plan", "pro", "--monthly-quota", "500").startswith(
        "acme\tpro\tuntil=-\tquota=500/month"
    )
    assert "trial" in run("accounts", "create", "newco")  # trial by default, 14 days
    line = run("accounts", "set-plan", "acme", "api", "--until", "2027-01-31")
    assert "until=2027-02-01T00:00:00Z" in line  # through the last day, UTC
    assert "rate=5/s,20/min" in run(
        "accounts", "set-limits", "acme", "--per-second", "5", "--per-minute", "20"
    )
    listing = run("accounts", "list").splitlines()
    assert [line.split("\t")[0] for line in listing] == ["acme", "newco"]


def test_operator_errors_exit_non_zero_with_a_sentence(db_file: Path) -> None:
    run("accounts", "create", "acme")
    for args in (
        ["accounts", "create", "acme"],
        ["accounts", "set-plan", "ghost", "pro"],
        ["accounts", "set-plan", "acme", "platinum"],
        ["keys", "create", "ghost"],
        ["keys", "revoke", "999"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, args
        assert "error:" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["accounts", "set-plan", "acme", "pro", "--until", "soon"])
    assert result.exit_code == 2


def test_keys_create_list_revoke_rotate(db_file: Path) -> None:
    run("accounts", "create", "acme", "--plan", "pro")
    key = run("keys", "create", "acme", "--name", "ci", "--expires-in-days", "30").splitlines()[-1]
    assert re.fullmatch(r"svc_[A-Za-z0-9_-]{40,}", key)
    listing = run("keys", "list", "acme").splitlines()
    assert len(listing) == 1
    fields = listing[0].split("\t")
    assert fields[0] == "1" and fields[1] == key[:12] and fields[2] == "ci"
    assert fields[5] != "-" and fields[6] == "-"  # expires, not revoked
    assert key not in run("keys", "list", "acme")
    new_key = run("keys", "rotate", "1").splitlines()[-1]
    assert new_key != key and new_key.startswith("svc_")
    rows = [line.split("\t") for line in run("keys", "list", "acme").splitlines()]
    assert [(r[0], r[2], r[6] != "-") for r in rows] == [("1", "ci", True), ("2", "ci", False)]
    assert run("keys", "revoke", "2").split("\t")[6] != "-"


def test_at_most_five_active_keys(db_file: Path) -> None:
    run("accounts", "create", "acme", "--plan", "pro")
    for _ in range(5):
        run("keys", "create", "acme")
    assert runner.invoke(app, ["keys", "create", "acme"]).exit_code == 1
    run("keys", "revoke", "3")
    run("keys", "create", "acme")  # room again


def test_the_raw_key_is_nowhere_in_the_database_file(db_file: Path) -> None:
    run("accounts", "create", "acme", "--plan", "pro")
    keys = [run("keys", "create", "acme").splitlines()[-1] for _ in range(3)]
    keys.append(run("keys", "rotate", "1").splitlines()[-1])
    contents = b"".join(p.read_bytes() for p in db_file.parent.glob("cli.db*"))
    for key in keys:
        assert key.encode() not in contents
        assert key[4:].encode() not in contents  # nor its secret part
        assert key[:12].encode() in contents  # the display prefix is kept


def test_bootstrap_keeps_the_demo_key_across_runs(
    db_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FILINGS_DATA_DIR", str(tmp_path / "data"))
    kept = tmp_path / "data" / "demo-key"

    def demo_key() -> str:
        out = run("bootstrap", "--corpus", str(tmp_path / "none"))
        assert "curl" in out and "Authorization: Bearer" in out
        found = re.search(r"svc_[A-Za-z0-9_-]{40,}", out)
        assert found
        return found.group()

    first = demo_key()
    assert kept.read_text().strip() == first
    assert kept.stat().st_mode & 0o777 == 0o600  # the operator's only
    assert demo_key() == first  # a restart keeps it: a key kept in a script still works
    active = [r for r in run("keys", "list", "demo").splitlines() if r.split("\t")[6] == "-"]
    assert len(active) == 1
    run("keys", "revoke", active[0].split("\t")[0])
    second = demo_key()  # revoked: a new one, kept in its place
    assert second != first and kept.read_text().strip() == second
    kept.unlink()
    third = demo_key()  # lost: a new one, the previous revoked
    assert third != second
    active = [r for r in run("keys", "list", "demo").splitlines() if r.split("\t")[6] == "-"]
    assert len(active) == 1


def test_bootstrap_in_the_background_returns_at_once_and_ingests_beside(
    db_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    monkeypatch.setenv("FILINGS_DATA_DIR", str(tmp_path / "data"))
    corpus = tmp_path / "corpus"  # a corpus with nothing in it: the ingestion ends at once
    corpus.mkdir()
    fresh = tmp_path / "fresh.db"  # not migrated: --migrate does it
    monkeypatch.setenv("FILINGS_DATABASE_URL", f"sqlite:///{fresh}")
    command = ["bootstrap", "--migrate", "--background", "--corpus", str(corpus)]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    out = result.output  # the summary line goes to the console (stderr), the key to stdout
    assert "in the background" in out and "Authorization: Bearer" in out
    key = re.search(r"svc_[A-Za-z0-9_-]{40,}", out)
    assert key and (tmp_path / "data" / "demo-key").read_text().strip() == key.group()
    log = tmp_path / "data" / "bootstrap.log"
    for _ in range(600):  # the process beside: started, and it finishes on its own
        if "ready in" in (log.read_text() if log.exists() else ""):
            break
        time.sleep(0.1)
    assert "demo key kept" in log.read_text()  # it found the key the command kept
