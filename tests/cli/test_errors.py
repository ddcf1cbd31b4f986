"""The CLI's error boundary: every failure is one sentence on stderr and a non-zero exit, with
the next step where there is one; a traceback only with --debug."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from filings.cli.main import main
from filings.db.engine import make_engine
from filings.db.migrate import upgrade

CORPUS_FEED = "nordic/feed.json"


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str]:
    """Run `filings ARGS` through its entry point: (exit code, stderr)."""
    monkeypatch.setattr(sys, "argv", ["filings", *args])
    with pytest.raises(SystemExit) as done:
        main()
    code = done.value.code
    return (code if isinstance(code, int) else 1), capsys.readouterr().err


def one_sentence(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


@pytest.fixture
def migrated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    monkeypatch.setenv("FILINGS_DATABASE_URL", url)
    monkeypatch.setenv("FILINGS_DATA_DIR", str(tmp_path))
    return url


@pytest.fixture
def unmigrated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    monkeypatch.setenv("FILINGS_DATABASE_URL", url)
    monkeypatch.setenv("FILINGS_DATA_DIR", str(tmp_path))
    return url


def test_set_limits_without_a_limit(migrated: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, err = run(["accounts", "create", "demo"], capsys, monkeypatch)
    assert code == 0, err
    code, err = run(["accounts", "set-limits", "demo"], capsys, monkeypatch)
    assert code == 1
    assert "nothing to set: give --monthly-quota" in one_sentence(err)


def test_a_missing_instruments_file(migrated: str, corpus: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    feed = str(corpus / CORPUS_FEED)
    code, err = run(
        ["ingest", "nordic", "--feed", feed, "--instruments", "/nope.json"], capsys, monkeypatch
    )
    assert code == 1
    assert one_sentence(err).endswith("/nope.json")


def test_postgres_urls_are_accepted_as_users_write_them() -> None:
    for url in ("postgres://u@localhost/db", "postgresql://u@localhost/db"):
        engine = make_engine(url)
        assert engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg"
        engine.dispose()


def test_a_database_url_of_no_known_kind(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FILINGS_DATABASE_URL", "mysql+nodriver://x@y/z")
    code, err = run(["db", "upgrade"], capsys, monkeypatch)
    assert code == 1
    assert "FILINGS_DATABASE_URL is not a database URL" in one_sentence(err)


def test_an_unknown_migration(migrated: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, err = run(["db", "upgrade", "nosuchrev"], capsys, monkeypatch)
    assert code == 1
    sentence = one_sentence(err)
    assert "nosuchrev" in sentence and "`filings db upgrade`" in sentence


@pytest.mark.parametrize(
    "args",
    [
        ["accounts", "list"],
        ["keys", "list", "demo"],
        ["accounts", "set-limits", "demo", "--per-second", "5"],
        ["serve", "--port", "0"],
    ],
)
def test_an_unmigrated_database(unmigrated: str, args: list[str], capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FILINGS_DEV_MODE", "true")  # serve: get past the secrets check
    code, err = run(args, capsys, monkeypatch)
    assert code == 1
    assert one_sentence(err) == "error: the database is not migrated: run `filings db upgrade`"


def test_a_wrong_mirror(migrated: str, tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, err = run(["ingest", "sec", "--mirror", str(tmp_path / "nope")], capsys, monkeypatch)
    assert code == 1
    assert "no SEC mirror at" in one_sentence(err)
    empty = tmp_path / "empty-mirror"
    empty.mkdir()
    code, err = run(["ingest", "sec", "--mirror", str(empty)], capsys, monkeypatch)
    assert code == 1
    sentence = one_sentence(err)
    assert "no SEC ticker list at" in sentence and "company_tickers.json" in sentence


def test_version(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "argv", ["filings", "--version"])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("filings ")


def test_debug_shows_the_traceback(unmigrated: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["filings", "--debug", "accounts", "list"])
    with pytest.raises(Exception, match="not migrated"):
        main()


def test_ingest_documents_reports_each_bad_record_and_goes_on(  # type: ignore[no-untyped-def]
    migrated: str, tmp_path: Path, capsys, monkeypatch
) -> None:
    (tmp_path / "fake.pdf").write_bytes(b"no PDF here")
    record = {"company": "Nobody", "market": "us", "document_type": "10-K", "fiscal_year": 2023}
    manifest = tmp_path / "manifest.json"
    manifest.write_text(
        json.dumps({"documents": [{**record, "path": "fake.pdf"}, {**record, "path": "x.pdf"}]})
    )
    code, err = run(["ingest", "documents", "--manifest", str(manifest)], capsys, monkeypatch)
    assert code == 0, err
    assert "skipped fake.pdf: named .pdf but its bytes are not a PDF" in err
    assert "skipped x.pdf: no such file" in err
    code, err = run(["ingest", "documents", "--manifest", "/nope.json"], capsys, monkeypatch)
    assert code == 1
    assert one_sentence(err) == "error: no such file or directory: /nope.json"
