"""The `filings` command: names operators and scripts rely on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import inspect
from typer.testing import CliRunner

from filings.cli.main import app
from filings.db.engine import make_engine

runner = CliRunner()


def test_command_groups_exist() -> None:
    output = runner.invoke(app, ["--help"]).output
    for name in ("serve", "db", "ingest", "accounts", "keys"):
        assert name in output


def test_db_upgrade_creates_the_schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("FILINGS_DATABASE_URL", url)
    result = runner.invoke(app, ["db", "upgrade"])
    assert result.exit_code == 0, result.output
    engine = make_engine(url)
    assert "companies" in inspect(engine).get_table_names()
    engine.dispose()
    assert runner.invoke(app, ["db", "upgrade"]).exit_code == 0  # idempotent


def test_unknown_settings_stop_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FILINGS_DATABSE_URL", "sqlite://")
    result = runner.invoke(app, ["db", "upgrade"])
    assert result.exit_code == 2
    assert "FILINGS_DATABSE_URL" in result.output


def test_invalid_settings_exit_with_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FILINGS_REQUEST_TIMEOUT", "-1")
    result = runner.invoke(app, ["db", "upgrade"])
    assert result.exit_code == 2
    assert "FILINGS_REQUEST_TIMEOUT" in result.output
    assert "Traceback" not in result.output


def test_openapi_command_writes_the_document(tmp_path: Path) -> None:
    target = tmp_path / "openapi.json"
    assert runner.invoke(app, ["openapi", "--output", str(target)]).exit_code == 0
    assert json.loads(target.read_text())["info"]["version"] == "1.0.0"
