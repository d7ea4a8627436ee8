"""enquiries: several services, held for review over a limit, the browser's key

Revision ID: c4d8a2e6f1b3
Revises: b7e3c1a9d2f4
Create Date: 2026-11-25 22:30:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel

# revision identifiers, used by Alembic.
revision: str = 'c4d8a2e6f1b3'
down_revision: Union[str, Sequence[str], None] = 'b7e3c1a9d2f4'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

OLD_STATUSES = "status IN ('new', 'contacted', 'quoted', 'closed')"
NEW_STATUSES = "status IN ('new', 'contacted', 'quoted', 'closed', 'held')"


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('enquiry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('services', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('held_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('client_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.create_index(batch_op.f('ix_enquiry_held_at'), ['held_at'], unique=False)
        batch_op.create_unique_constraint(batch_op.f('uq_enquiry_client_key'), ['client_key'])
        batch_op.drop_constraint(op.f('ck_enquiry_status'), type_='check')
        batch_op.create_check_constraint(op.f('ck_enquiry_status'), NEW_STATUSES)

    # Every enquiry so far had one service: its list is that one.
    enquiry = sa.table('enquiry', sa.column('id', sa.Integer), sa.column('service', sa.String), sa.column('services', sa.JSON))
    connection = op.get_bind()
    for row_id, service in connection.execute(sa.select(enquiry.c.id, enquiry.c.service)).all():
        connection.execute(enquiry.update().where(enquiry.c.id == row_id).values(services=[service]))

    with op.batch_alter_table('enquiry', schema=None) as batch_op:
        batch_op.alter_column('services', existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    """Downgrade schema."""
    # Held enquiries go back to "new": the older schema has no such status, and none is lost.
    op.execute("UPDATE enquiry SET status = 'new' WHERE status = 'held'")
    with op.batch_alter_table('enquiry', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_enquiry_status'), type_='check')
        batch_op.create_check_constraint(op.f('ck_enquiry_status'), OLD_STATUSES)
        batch_op.drop_constraint(batch_op.f('uq_enquiry_client_key'), type_='unique')
        batch_op.drop_index(batch_op.f('ix_enquiry_held_at'))
        batch_op.drop_column('client_key')
        batch_op.drop_column('held_at')
        batch_op.drop_column('services')
