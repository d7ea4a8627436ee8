"""mail queue: a digest row sums up the hour's enquiries that got no email of their own

Revision ID: f2c6a8e4d1b7
Revises: f2b6d9a4c8e1
Create Date: 2026-11-27 13:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = 'f2c6a8e4d1b7'
down_revision: Union[str, Sequence[str], None] = 'f2b6d9a4c8e1'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.add_column(sa.Column('digest_until', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_column('digest_until')
