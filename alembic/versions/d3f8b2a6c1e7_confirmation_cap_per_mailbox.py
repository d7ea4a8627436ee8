"""renewal reminders: confirmation emails capped per mailbox (mail_recipient), and a
reminders request's recipient counted in the hourly limit (recent_submission.contact_key)

Mailboxes start with no count: confirmation emails sent before this do not count against the
new cap (their addresses were never kept as the cap's keyed hash).

Revision ID: d3f8b2a6c1e7
Revises: a9c2e4f6b8d1
Create Date: 2026-11-27 11:40:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = 'd3f8b2a6c1e7'
down_revision: Union[str, Sequence[str], None] = 'a9c2e4f6b8d1'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('mail_recipient',
    sa.Column('recipient_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('period_started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('sent_in_period', sa.Integer(), nullable=False),
    sa.Column('last_sent_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('recipient_key', name=op.f('pk_mail_recipient'))
    )
    with op.batch_alter_table('mail_recipient', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_mail_recipient_period_started_at'), ['period_started_at'], unique=False)

    with op.batch_alter_table('recent_submission', schema=None) as batch_op:
        batch_op.add_column(sa.Column('contact_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.create_index(batch_op.f('ix_recent_submission_contact_key'), ['contact_key'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('recent_submission', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_recent_submission_contact_key'))
        batch_op.drop_column('contact_key')

    with op.batch_alter_table('mail_recipient', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_mail_recipient_period_started_at'))
    op.drop_table('mail_recipient')
