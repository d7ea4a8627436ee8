"""staff inbox: a second factor (TOTP and recovery codes), admins, the places staff signed
in from, notices to staff through the mail queue, and what the list of open sessions shows

Users that exist before this have no second factor: their next sign-in opens only the
enrolment page (staff_session.enrolling), and the inbox once they have enrolled.

Revision ID: f2b6d9a4c8e1
Revises: d3f7b1c5e9a2
Create Date: 2026-11-27 12:11:57.434693

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = 'f2b6d9a4c8e1'
down_revision: Union[str, Sequence[str], None] = 'd3f7b1c5e9a2'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

# Each queued email has exactly one subject; a notice to a member of staff is the fourth kind.
ONE_OF_THREE = (
    "(CASE WHEN enquiry_id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN reminder_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN confirm_subscription_id IS NULL THEN 0 ELSE 1 END) = 1"
)
ONE_OF_FOUR = (
    "(CASE WHEN enquiry_id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN reminder_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN confirm_subscription_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN staff_notice_id IS NULL THEN 0 ELSE 1 END) = 1"
)


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('staff_known_place',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('place_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('first_seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['staff_user.id'], name=op.f('fk_staff_known_place_user_id_staff_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_staff_known_place')),
    sa.UniqueConstraint('user_id', 'kind', 'place_key', name='uq_staff_known_place')
    )
    with op.batch_alter_table('staff_known_place', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_staff_known_place_user_id'), ['user_id'], unique=False)

    op.create_table('staff_notice',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('recipient', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('subject', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['staff_user.id'], name=op.f('fk_staff_notice_user_id_staff_user'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_staff_notice'))
    )
    with op.batch_alter_table('staff_notice', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_staff_notice_user_id'), ['user_id'], unique=False)

    op.create_table('staff_recovery_code',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('code_hash', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['staff_user.id'], name=op.f('fk_staff_recovery_code_user_id_staff_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_staff_recovery_code'))
    )
    with op.batch_alter_table('staff_recovery_code', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_staff_recovery_code_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_mail_queue_one_subject'), type_='check')
        batch_op.add_column(sa.Column('staff_notice_id', sa.Integer(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_mail_queue_staff_notice_id'), ['staff_notice_id'])
        batch_op.create_foreign_key(batch_op.f('fk_mail_queue_staff_notice_id_staff_notice'), 'staff_notice', ['staff_notice_id'], ['id'], ondelete='CASCADE')
        batch_op.create_check_constraint(op.f('ck_mail_queue_one_subject'), ONE_OF_FOUR)

    with op.batch_alter_table('staff_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('enrolling', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('agent', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('reauthenticated_at', sa.DateTime(timezone=True), nullable=True))

    with op.batch_alter_table('staff_user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('is_admin', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('totp_secret', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.add_column(sa.Column('totp_confirmed_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('totp_last_step', sa.Integer(), nullable=False, server_default='0'))



def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('staff_user', schema=None) as batch_op:
        batch_op.drop_column('totp_last_step')
        batch_op.drop_column('totp_confirmed_at')
        batch_op.drop_column('totp_secret')
        batch_op.drop_column('is_admin')
        batch_op.drop_column('email')

    with op.batch_alter_table('staff_session', schema=None) as batch_op:
        batch_op.drop_column('reauthenticated_at')
        batch_op.drop_column('agent')
        batch_op.drop_column('address')
        batch_op.drop_column('enrolling')

    # The older schema has no notices to staff: queued ones go.
    op.execute("DELETE FROM mail_queue WHERE staff_notice_id IS NOT NULL")
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_mail_queue_one_subject'), type_='check')
        batch_op.drop_constraint(batch_op.f('fk_mail_queue_staff_notice_id_staff_notice'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_mail_queue_staff_notice_id'), type_='unique')
        batch_op.drop_column('staff_notice_id')
        batch_op.create_check_constraint(op.f('ck_mail_queue_one_subject'), ONE_OF_THREE)

    with op.batch_alter_table('staff_recovery_code', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staff_recovery_code_user_id'))

    op.drop_table('staff_recovery_code')
    with op.batch_alter_table('staff_notice', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staff_notice_user_id'))

    op.drop_table('staff_notice')
    with op.batch_alter_table('staff_known_place', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staff_known_place_user_id'))

    op.drop_table('staff_known_place')
