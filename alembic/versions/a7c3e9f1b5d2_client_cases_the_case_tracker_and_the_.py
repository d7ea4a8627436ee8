"""client cases: the case tracker and the client's links

Revision ID: a7c3e9f1b5d2
Revises: a7c9e2f4b6d8
Create Date: 2026-11-27 14:16:40.472659


Each approval of a case reads its facts of law from its record; the case keeps only what
happened (stages, dates, documents received) and the office's own work. A client's link is
kept as a keyed hash only. The mail queue gains a fifth kind of email: one to a case's contact.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = 'a7c3e9f1b5d2'
down_revision: Union[str, Sequence[str], None] = 'a7c9e2f4b6d8'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

ONE_OF_FOUR = (
    "(CASE WHEN enquiry_id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN reminder_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN confirm_subscription_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN staff_notice_id IS NULL THEN 0 ELSE 1 END) = 1"
)
ONE_OF_FIVE = (
    "(CASE WHEN enquiry_id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN reminder_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN confirm_subscription_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN staff_notice_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN case_mail_id IS NULL THEN 0 ELSE 1 END) = 1"
)


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('client_case',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('reference', sqlmodel.sql.sqltypes.AutoString(length=24), nullable=False),
    sa.Column('organisation', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('enquiry_id', sa.Integer(), nullable=True),
    sa.Column('finder_answers', sa.Text(), nullable=False),
    sa.Column('assigned_to', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('handler_phone', sqlmodel.sql.sqltypes.AutoString(length=13), nullable=False),
    sa.Column('callback_on', sa.Date(), nullable=True),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.CheckConstraint("status IN ('open', 'closed')", name=op.f('ck_client_case_status')),
    sa.ForeignKeyConstraint(['enquiry_id'], ['enquiry.id'], name=op.f('fk_client_case_enquiry_id_enquiry'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_client_case')),
    sa.UniqueConstraint('reference', name=op.f('uq_client_case_reference'))
    )
    with op.batch_alter_table('client_case', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_client_case_assigned_to'), ['assigned_to'], unique=False)
        batch_op.create_index(batch_op.f('ix_client_case_callback_on'), ['callback_on'], unique=False)
        batch_op.create_index(batch_op.f('ix_client_case_closed_at'), ['closed_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_client_case_enquiry_id'), ['enquiry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_client_case_status'), ['status'], unique=False)

    op.create_table('case_approval',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('approval_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('stage', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('stage_changed_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('holder', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('holder_since', sa.DateTime(timezone=True), nullable=False),
    sa.Column('portal', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('application_no', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('filed_on', sa.Date(), nullable=True),
    sa.Column('pauses', sa.JSON(), nullable=False),
    sa.Column('reply_due_on', sa.Date(), nullable=True),
    sa.Column('inspection_on', sa.Date(), nullable=True),
    sa.Column('order_no', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('issued_on', sa.Date(), nullable=True),
    sa.Column('expires_on', sa.Date(), nullable=True),
    sa.Column('refused_on', sa.Date(), nullable=True),
    sa.Column('renewals_agreed_at', sa.DateTime(timezone=True), nullable=True),
    sa.CheckConstraint("holder IN ('firm', 'client', 'authority')", name=op.f('ck_case_approval_holder')),
    sa.CheckConstraint("stage IN ('gathering', 'filed', 'query', 'inspection', 'granted', 'refused', 'renewal')", name=op.f('ck_case_approval_stage')),
    sa.ForeignKeyConstraint(['case_id'], ['client_case.id'], name=op.f('fk_case_approval_case_id_client_case'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_approval'))
    )
    with op.batch_alter_table('case_approval', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_approval_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_case_approval_expires_on'), ['expires_on'], unique=False)
        batch_op.create_index(batch_op.f('ix_case_approval_holder'), ['holder'], unique=False)
        batch_op.create_index(batch_op.f('ix_case_approval_stage'), ['stage'], unique=False)

    op.create_table('case_contact',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('phone', sqlmodel.sql.sqltypes.AutoString(length=13), nullable=False),
    sa.Column('is_primary', sa.Boolean(), nullable=False),
    sa.Column('stage_emails_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['case_id'], ['client_case.id'], name=op.f('fk_case_contact_case_id_client_case'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_contact'))
    )
    with op.batch_alter_table('case_contact', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_contact_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_case_contact_email'), ['email'], unique=False)

    op.create_table('case_mail',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('recipient', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('subject', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['client_case.id'], name=op.f('fk_case_mail_case_id_client_case'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_mail'))
    )
    with op.batch_alter_table('case_mail', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_mail_case_id'), ['case_id'], unique=False)

    op.create_table('case_note',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('author', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['client_case.id'], name=op.f('fk_case_note_case_id_client_case'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_note'))
    )
    with op.batch_alter_table('case_note', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_note_case_id'), ['case_id'], unique=False)

    op.create_table('case_document',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('approval_row_id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('description', sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
    sa.Column('received_on', sa.Date(), nullable=True),
    sa.ForeignKeyConstraint(['approval_row_id'], ['case_approval.id'], name=op.f('fk_case_document_approval_row_id_case_approval'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_document'))
    )
    with op.batch_alter_table('case_document', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_document_approval_row_id'), ['approval_row_id'], unique=False)

    op.create_table('case_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('approval_row_id', sa.Integer(), nullable=True),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('actor', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('stage', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('detail', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('public', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['approval_row_id'], ['case_approval.id'], name=op.f('fk_case_event_approval_row_id_case_approval'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['case_id'], ['client_case.id'], name=op.f('fk_case_event_case_id_client_case'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_event'))
    )
    with op.batch_alter_table('case_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_event_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_case_event_case_id'), ['case_id'], unique=False)

    op.create_table('case_link',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('contact_id', sa.Integer(), nullable=True),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_used_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['case_id'], ['client_case.id'], name=op.f('fk_case_link_case_id_client_case'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['contact_id'], ['case_contact.id'], name=op.f('fk_case_link_contact_id_case_contact'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_link')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_case_link_token_hash'))
    )
    with op.batch_alter_table('case_link', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_link_case_id'), ['case_id'], unique=False)

    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_mail_queue_one_subject'), type_='check')
        batch_op.add_column(sa.Column('case_mail_id', sa.Integer(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_mail_queue_case_mail_id'), ['case_mail_id'])
        batch_op.create_foreign_key(batch_op.f('fk_mail_queue_case_mail_id_case_mail'), 'case_mail', ['case_mail_id'], ['id'], ondelete='CASCADE')
        batch_op.create_check_constraint(op.f('ck_mail_queue_one_subject'), ONE_OF_FIVE)



def downgrade() -> None:
    """Downgrade schema."""
        # The older schema has no emails to clients about cases: queued ones go.
    op.execute("DELETE FROM mail_queue WHERE case_mail_id IS NOT NULL")
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_mail_queue_one_subject'), type_='check')
        batch_op.drop_constraint(batch_op.f('fk_mail_queue_case_mail_id_case_mail'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_mail_queue_case_mail_id'), type_='unique')
        batch_op.drop_column('case_mail_id')
        batch_op.create_check_constraint(op.f('ck_mail_queue_one_subject'), ONE_OF_FOUR)

    with op.batch_alter_table('case_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_link_case_id'))

    op.drop_table('case_link')
    with op.batch_alter_table('case_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_event_case_id'))
        batch_op.drop_index(batch_op.f('ix_case_event_at'))

    op.drop_table('case_event')
    with op.batch_alter_table('case_document', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_document_approval_row_id'))

    op.drop_table('case_document')
    with op.batch_alter_table('case_note', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_note_case_id'))

    op.drop_table('case_note')
    with op.batch_alter_table('case_mail', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_mail_case_id'))

    op.drop_table('case_mail')
    with op.batch_alter_table('case_contact', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_contact_email'))
        batch_op.drop_index(batch_op.f('ix_case_contact_case_id'))

    op.drop_table('case_contact')
    with op.batch_alter_table('case_approval', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_approval_stage'))
        batch_op.drop_index(batch_op.f('ix_case_approval_holder'))
        batch_op.drop_index(batch_op.f('ix_case_approval_expires_on'))
        batch_op.drop_index(batch_op.f('ix_case_approval_case_id'))

    op.drop_table('case_approval')
    with op.batch_alter_table('client_case', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_client_case_status'))
        batch_op.drop_index(batch_op.f('ix_client_case_enquiry_id'))
        batch_op.drop_index(batch_op.f('ix_client_case_closed_at'))
        batch_op.drop_index(batch_op.f('ix_client_case_callback_on'))
        batch_op.drop_index(batch_op.f('ix_client_case_assigned_to'))

    op.drop_table('client_case')
