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


@pytest.mark.parametrize(
    ("environment", "problem"),
    [
        ({}, "FILINGS_SNAPSHOT_SECRET is the development default"),
        ({"FILINGS_SNAPSHOT_SECRET": "short"}, "FILINGS_SNAPSHOT_SECRET is shorter than 32"),
        ({"FILINGS_SNAPSHOT_SECRET": "s" * 40}, "FILINGS_KEY_HASH_SECRET is the development"),
    ],
)
def test_serve_refuses_default_or_short_secrets(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], problem: str
) -> None:
    for name in ("FILINGS_SNAPSHOT_SECRET", "FILINGS_KEY_HASH_SECRET", "FILINGS_DEV_MODE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2
    sentence = " ".join(result.output.split())
    assert sentence.startswith("error: refusing to serve:") and problem in sentence
    assert "FILINGS_DEV_MODE=true" in sentence and "Traceback" not in sentence


def test_the_app_factory_refuses_default_secrets_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from filings.app import app_from_environment
    from filings.core.errors import ConfigurationError

    monkeypatch.delenv("FILINGS_DEV_MODE", raising=False)
    with pytest.raises(ConfigurationError, match="refusing to serve"):
        app_from_environment()
    monkeypatch.setenv("FILINGS_DEV_MODE", "true")
    assert app_from_environment() is not None
