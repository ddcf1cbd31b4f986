"""The issuer's own label of each concept in a US filing, read from its documents (the table row
that prints the concept's value, or the filing's label linkbase), so that figure lines carry the
label the issuer printed rather than the taxonomy's name

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "concept_labels",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("concept", sa.String(length=200), nullable=False),
        sa.Column("label", sa.Text(), nullable=False),
        sa.Column("placement", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(
            ["filing_pk"],
            ["filings.id"],
            name=op.f("fk_concept_labels_filing_pk_filings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_concept_labels")),
        sa.UniqueConstraint("filing_pk", "concept", name=op.f("uq_concept_labels_filing_concept")),
    )


def downgrade() -> None:
    op.drop_table("concept_labels")
