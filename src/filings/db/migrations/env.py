"""Alembic environment: runs migrations on the engine the caller passes in."""

from __future__ import annotations

from typing import Any

from alembic import context

from filings.db.tables import metadata

# The full-text index is each backend's own, outside the portable tables: SQLite's FTS5 table
# (and the shadow tables FTS5 makes) and PostgreSQL's generated tsvector with its index.
FULLTEXT_OBJECTS = ("passages_fts", "search_vector", "ix_passages_search_vector")


def include_object(obj: Any, name: str | None, kind: str, reflected: bool, other: Any) -> bool:
    """Leave the backend-specific full-text objects out of autogenerate's comparison."""
    return not (name or "").startswith(FULLTEXT_OBJECTS)


engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        include_object=include_object,
    )
    context.run_migrations()
