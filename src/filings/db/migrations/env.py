"""Alembic environment: runs migrations on the engine the caller passes in."""

from __future__ import annotations

from alembic import context

from filings.db.tables import metadata

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    context.run_migrations()
