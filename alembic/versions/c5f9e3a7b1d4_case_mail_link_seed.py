"""case emails: the client's link written in at sending, its seed kept instead

A case email's body held the client's whole link, token and all, after it was sent, so a copy of
the database opened live case pages. New emails keep a placeholder and the link's seed
(keys.case_link_token), the link written in only as the email goes. Emails already sent lose
the token from their stored body here; one still waiting keeps it until it goes.

Revision ID: c5f9e3a7b1d4
Revises: b4e8d2f6a9c3
Create Date: 2026-11-29 03:40:00.000000

"""
import re
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


# revision identifiers, used by Alembic.
revision: str = 'c5f9e3a7b1d4'
down_revision: Union[str, Sequence[str], None] = 'b4e8d2f6a9c3'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_LINK = re.compile(r"/case/[A-Za-z0-9_-]{43}")


def upgrade() -> None:
    """Upgrade schema, and scrub the links of emails already sent."""
    with op.batch_alter_table("case_mail", schema=None) as batch_op:
        batch_op.add_column(sa.Column("link_seed", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
    connection = op.get_bind()
    sent = connection.execute(
        sa.text(
            "SELECT id, body FROM case_mail WHERE NOT EXISTS (SELECT 1 FROM mail_queue "
            "WHERE mail_queue.case_mail_id = case_mail.id AND mail_queue.sent_at IS NULL)"
        )
    ).all()
    for mail_id, body in sent:
        scrubbed = _LINK.sub("/case/[link removed once sent]", body)
        if scrubbed != body:
            connection.execute(
                sa.text("UPDATE case_mail SET body = :body WHERE id = :id"), {"body": scrubbed, "id": mail_id}
            )


def downgrade() -> None:
    """Downgrade schema: the links scrubbed are not brought back."""
    with op.batch_alter_table("case_mail", schema=None) as batch_op:
        batch_op.drop_column("link_seed")
