"""staff sessions' idle timeout, the sign-in throttle and the staff audit table

Revision ID: b7e3c1a9d2f4
Revises: fcd341f2d033
Create Date: 2026-11-25 21:40:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel

# revision identifiers, used by Alembic.
revision: str = 'b7e3c1a9d2f4'
down_revision: Union[str, Sequence[str], None] = 'fcd341f2d033'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('staff_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=True))

    op.create_table('sign_in_failure',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('address_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('name_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_in_failure'))
    )
    with op.batch_alter_table('sign_in_failure', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_in_failure_address_key'), ['address_key'], unique=False)
        batch_op.create_index(batch_op.f('ix_sign_in_failure_name_key'), ['name_key'], unique=False)
        batch_op.create_index(batch_op.f('ix_sign_in_failure_created_at'), ['created_at'], unique=False)

    op.create_table('staff_audit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('actor', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('action', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('detail', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_staff_audit'))
    )
    with op.batch_alter_table('staff_audit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_staff_audit_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_staff_audit_action'), ['action'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('staff_audit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staff_audit_action'))
        batch_op.drop_index(batch_op.f('ix_staff_audit_at'))
    op.drop_table('staff_audit')
    with op.batch_alter_table('sign_in_failure', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sign_in_failure_created_at'))
        batch_op.drop_index(batch_op.f('ix_sign_in_failure_name_key'))
        batch_op.drop_index(batch_op.f('ix_sign_in_failure_address_key'))
    op.drop_table('sign_in_failure')
    with op.batch_alter_table('staff_session', schema=None) as batch_op:
        batch_op.drop_column('last_seen_at')
