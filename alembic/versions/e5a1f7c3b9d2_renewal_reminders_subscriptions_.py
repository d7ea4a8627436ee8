"""renewal reminders: subscriptions, one row per reminder due, reminder emails in the mail queue

Revision ID: e5a1f7c3b9d2
Revises: c4d8a2e6f1b3
Create Date: 2026-11-26 00:18:51.908624

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = 'e5a1f7c3b9d2'
down_revision: Union[str, Sequence[str], None] = 'c4d8a2e6f1b3'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

# Each queued email is either an enquiry's notification to the firm or a reminder.
ONE_SUBJECT = "(enquiry_id IS NULL) <> (reminder_id IS NULL)"


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('reminder_subscription',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('enquiry_id', sa.Integer(), nullable=False),
    sa.Column('held', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ends_on', sa.Date(), nullable=False),
    sa.Column('unsubscribed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['enquiry_id'], ['enquiry.id'], name=op.f('fk_reminder_subscription_enquiry_id_enquiry'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_reminder_subscription')),
    sa.UniqueConstraint('enquiry_id', name=op.f('uq_reminder_subscription_enquiry_id'))
    )
    with op.batch_alter_table('reminder_subscription', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reminder_subscription_ends_on'), ['ends_on'], unique=False)
        batch_op.create_index(batch_op.f('ix_reminder_subscription_unsubscribed_at'), ['unsubscribed_at'], unique=False)

    op.create_table('reminder',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('subscription_id', sa.Integer(), nullable=False),
    sa.Column('item_uid', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('title', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('detail', sa.Text(), nullable=False),
    sa.Column('due_on', sa.Date(), nullable=False),
    sa.Column('days_before', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('mailed', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['subscription_id'], ['reminder_subscription.id'], name=op.f('fk_reminder_subscription_id_reminder_subscription'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_reminder')),
    sa.UniqueConstraint('subscription_id', 'item_uid', 'days_before', name='uq_reminder_once')
    )
    with op.batch_alter_table('reminder', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reminder_subscription_id'), ['subscription_id'], unique=False)

    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reminder_id', sa.Integer(), nullable=True))
        batch_op.alter_column('enquiry_id',
               existing_type=sa.INTEGER(),
               nullable=True)
        batch_op.create_unique_constraint(batch_op.f('uq_mail_queue_reminder_id'), ['reminder_id'])
        batch_op.create_foreign_key(batch_op.f('fk_mail_queue_reminder_id_reminder'), 'reminder', ['reminder_id'], ['id'], ondelete='CASCADE')
        batch_op.create_check_constraint(op.f('ck_mail_queue_one_subject'), ONE_SUBJECT)



def downgrade() -> None:
    """Downgrade schema."""
    # The older schema has no reminders: their queued emails go with them.
    op.execute("DELETE FROM mail_queue WHERE enquiry_id IS NULL")
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_mail_queue_one_subject'), type_='check')
        batch_op.drop_constraint(batch_op.f('fk_mail_queue_reminder_id_reminder'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_mail_queue_reminder_id'), type_='unique')
        batch_op.alter_column('enquiry_id',
               existing_type=sa.INTEGER(),
               nullable=False)
        batch_op.drop_column('reminder_id')

    with op.batch_alter_table('reminder', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reminder_subscription_id'))

    op.drop_table('reminder')
    with op.batch_alter_table('reminder_subscription', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reminder_subscription_unsubscribed_at'))
        batch_op.drop_index(batch_op.f('ix_reminder_subscription_ends_on'))

    op.drop_table('reminder_subscription')
