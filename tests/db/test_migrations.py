"""The migrations build exactly the tables the code declares, down and up again, on each backend."""

from __future__ import annotations

from alembic import command
from sqlalchemy import Engine, inspect

from filings.db.migrate import alembic_config, downgrade, upgrade
from filings.db.tables import metadata


def test_migrated_schema_matches_the_tables(engine: Engine) -> None:
    command.check(alembic_config(engine))  # raises when the tables and migrations differ
    assert set(metadata.tables) <= set(inspect(engine).get_table_names())


def test_downgrade_and_upgrade_round_trip(database_url: str, tmp_path_factory: object) -> None:
    from filings.db.engine import make_engine

    engine = make_engine(database_url)
    try:
        downgrade(engine, "base")
        assert not set(metadata.tables) & set(inspect(engine).get_table_names())
        upgrade(engine)
        assert set(metadata.tables) <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
