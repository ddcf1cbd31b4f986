"""A text unit's document type as long as a filing's (`filing_texts.document_type` 20 -> 40): an
HTML document added by manifest is stored by its sections too, under the record's document type
(`stock_exchange_release`, `earnings_release`), not only an SEC form's (`10-K`, `EX-99.1`).

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("filing_texts") as batch:
        batch.alter_column(
            "document_type",
            existing_type=sa.String(length=20),
            type_=sa.String(length=40),
            existing_nullable=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("filing_texts") as batch:
        batch.alter_column(
            "document_type",
            existing_type=sa.String(length=40),
            type_=sa.String(length=20),
            existing_nullable=False,
        )
