"""Applying the Alembic migrations that ship inside the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

from filings.core.errors import NotMigrated

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def alembic_config(engine: Engine) -> Config:
    """An Alembic config that runs the packaged migrations on `engine`."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database schema up to `revision`."""
    command.upgrade(alembic_config(engine), revision)


def downgrade(engine: Engine, revision: str = "base") -> None:
    """Take the database schema down to `revision`."""
    command.downgrade(alembic_config(engine), revision)


def check_migrated(engine: Engine) -> None:
    """Raise `NotMigrated` unless the database's schema is at the newest migration."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    newest = ScriptDirectory.from_config(alembic_config(engine)).get_current_head()
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
    if current is None:
        raise NotMigrated("the database is not migrated: run `filings db upgrade`")
    if current != newest:
        raise NotMigrated(
            f"the database is at migration {current}, the code needs {newest}: "
            "run `filings db upgrade`"
        )
