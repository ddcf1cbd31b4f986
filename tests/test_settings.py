"""Settings: documented, validated, and unknown variables refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from filings.core.settings import Settings

README = Path(__file__).parents[1] / "README.md"


@pytest.mark.parametrize("name", sorted(Settings.model_fields))
def test_every_setting_is_documented_in_the_readme(name: str) -> None:
    assert f"FILINGS_{name.upper()}" in README.read_text()


def test_defaults_from_the_issue() -> None:
    settings = Settings(_env_file=None)
    assert settings.request_timeout == 30
    assert settings.max_body_bytes == 2 * 1024 * 1024
    assert settings.database_url.startswith("sqlite:///var/")
    assert settings.redis_url is None and settings.maintenance is False


def test_blocked_networks_from_a_comma_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FILINGS_BLOCKED_NETWORKS", "203.0.113.0/24, 2001:db8::/32")
    assert Settings().blocked_networks == ["203.0.113.0/24", "2001:db8::/32"]
    monkeypatch.setenv("FILINGS_BLOCKED_NETWORKS", "not-a-network")
    with pytest.raises(ValidationError):
        Settings()


def test_unknown_variables_are_reported() -> None:
    environ = {"FILINGS_DATABSE_URL": "x", "FILINGS_DATABASE_URL": "y", "FILINGS_TEST_BACKEND": "z"}
    assert Settings.unknown_variables(environ) == ["FILINGS_DATABSE_URL"]
