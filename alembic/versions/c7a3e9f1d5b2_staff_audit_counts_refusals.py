"""staff audit: a sign-in refusal's repeats counted in one row per source and interval
(staff_audit.count, staff_audit.source)

Rows written before this are one event each (count 1) and have no source.

Revision ID: c7a3e9f1d5b2
Revises: d6a1f4b8c2e5
Create Date: 2026-11-29 03:30:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = 'c7a3e9f1d5b2'
down_revision: Union[str, Sequence[str], None] = 'd6a1f4b8c2e5'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    # Existing rows get 1 and ""; the defaults go once they are filled, as the models have
    # none in the database.
    with op.batch_alter_table('staff_audit', schema=None) as batch_op:
        batch_op.add_column(sa.Column('count', sa.Integer(), nullable=False, server_default='1'))
        batch_op.add_column(
            sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False, server_default='')
        )
    with op.batch_alter_table('staff_audit', schema=None) as batch_op:
        batch_op.alter_column('count', existing_type=sa.Integer(), server_default=None)
        batch_op.alter_column('source', existing_type=sqlmodel.sql.sqltypes.AutoString(length=64), server_default=None)
        batch_op.create_index(batch_op.f('ix_staff_audit_source'), ['source'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('staff_audit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staff_audit_source'))
        batch_op.drop_column('source')
        batch_op.drop_column('count')
