"""enquiries: why one was held (the limit it was over) and the others from the same address

Enquiries held before this have no recorded reason (held_reason ""): the inbox says so.

Revision ID: d3f7b1c5e9a2
Revises: d3f8b2a6c1e7
Create Date: 2026-11-27 10:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = 'd3f7b1c5e9a2'
down_revision: Union[str, Sequence[str], None] = 'd3f8b2a6c1e7'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    # Existing rows get "" and an empty list; the defaults go once they are filled, as the
    # models have none in the database.
    with op.batch_alter_table('enquiry', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('held_reason', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False, server_default='')
        )
        batch_op.add_column(sa.Column('same_address', sa.JSON(), nullable=True))
    op.execute("UPDATE enquiry SET same_address = '[]'")
    with op.batch_alter_table('enquiry', schema=None) as batch_op:
        batch_op.alter_column('held_reason', existing_type=sqlmodel.sql.sqltypes.AutoString(length=20), server_default=None)
        batch_op.alter_column('same_address', existing_type=sa.JSON(), nullable=False)

    with op.batch_alter_table('recent_submission', schema=None) as batch_op:
        batch_op.add_column(sa.Column('enquiry_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f('fk_recent_submission_enquiry_id_enquiry'), 'enquiry', ['enquiry_id'], ['id'], ondelete='SET NULL'
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('recent_submission', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_recent_submission_enquiry_id_enquiry'), type_='foreignkey')
        batch_op.drop_column('enquiry_id')

    with op.batch_alter_table('enquiry', schema=None) as batch_op:
        batch_op.drop_column('same_address')
        batch_op.drop_column('held_reason')
