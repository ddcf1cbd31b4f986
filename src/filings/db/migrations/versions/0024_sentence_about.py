"""A profile sentence's subject: the issuer's segment or business area it speaks of without
naming it (issue 27), e.g. "Compressor Technique" beside "Principal product development and
manufacturing units are located in Belgium, ...".

Stored profiles get it when their filings are extracted again (ingestion re-reads every filing's
extraction).

Revision ID: 0024
Revises: 0023
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profile_sentences") as batch:
        batch.add_column(sa.Column("about", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("profile_sentences") as batch:
        batch.drop_column("about")
