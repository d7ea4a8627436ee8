"""enquiries: each source's share of the store a day

One address (or network) filled the store's daily cap and every visitor was refused for a day.
Each address and network now stores at most its share a day; beyond it its enquiries are
counted here, one row a source a day.

Revision ID: d6a1f4b8c2e5
Revises: c5f9e3a7b1d4
Create Date: 2026-11-29 04:00:00.000000

"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

from consultancy.records.models import UTCDateTime


# revision identifiers, used by Alembic.
revision: str = 'd6a1f4b8c2e5'
down_revision: Union[str, Sequence[str], None] = 'c5f9e3a7b1d4'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "source_share",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("source_key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("stored", sa.Integer(), nullable=False),
        sa.Column("over", sa.Integer(), nullable=False),
        sa.Column("last_over_at", UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("source_key", "day", name="one_row_a_day"),
    )
    with op.batch_alter_table("source_share", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_source_share_day"), ["day"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("source_share", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_source_share_day"))
    op.drop_table("source_share")
