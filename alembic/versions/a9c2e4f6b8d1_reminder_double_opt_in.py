"""renewal reminders: double opt-in (confirmed_at, the last confirmation email, its queue rows)

Subscriptions stored before this have no confirmed_at: the reminders job emails each of them a
confirmation link and sends reminders only once it is followed (their address was never shown
to belong to whoever typed it).

Revision ID: a9c2e4f6b8d1
Revises: e5a1f7c3b9d2
Create Date: 2026-11-26 01:20:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = 'a9c2e4f6b8d1'
down_revision: Union[str, Sequence[str], None] = 'e5a1f7c3b9d2'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

# Each queued email has exactly one subject: an enquiry, a reminder, or a confirmation.
ONE_OF_TWO = "(enquiry_id IS NULL) <> (reminder_id IS NULL)"
ONE_OF_THREE = (
    "(CASE WHEN enquiry_id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN reminder_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN confirm_subscription_id IS NULL THEN 0 ELSE 1 END) = 1"
)


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('reminder_subscription', schema=None) as batch_op:
        batch_op.add_column(sa.Column('confirmed_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('confirmation_sent_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f('ix_reminder_subscription_confirmed_at'), ['confirmed_at'], unique=False)

    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_mail_queue_one_subject'), type_='check')
        batch_op.add_column(sa.Column('confirm_subscription_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_mail_queue_confirm_subscription_id'), ['confirm_subscription_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_mail_queue_confirm_subscription_id_reminder_subscription'), 'reminder_subscription', ['confirm_subscription_id'], ['id'], ondelete='CASCADE')
        batch_op.create_check_constraint(op.f('ck_mail_queue_one_subject'), ONE_OF_THREE)


def downgrade() -> None:
    """Downgrade schema."""
    # The older schema has no confirmation emails: queued ones go.
    op.execute("DELETE FROM mail_queue WHERE confirm_subscription_id IS NOT NULL")
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_mail_queue_one_subject'), type_='check')
        batch_op.drop_constraint(batch_op.f('fk_mail_queue_confirm_subscription_id_reminder_subscription'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_mail_queue_confirm_subscription_id'))
        batch_op.drop_column('confirm_subscription_id')
        batch_op.create_check_constraint(op.f('ck_mail_queue_one_subject'), ONE_OF_TWO)

    with op.batch_alter_table('reminder_subscription', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reminder_subscription_confirmed_at'))
        batch_op.drop_column('confirmation_sent_at')
        batch_op.drop_column('confirmed_at')
