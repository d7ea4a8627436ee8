"""sign-in failures: the browser they came from

A known browser may skip the account's guessing budget only while its own failures in the hour
are few; each failure therefore notes the hash of the browser's device token (known_places.py),
empty when the browser sent none.

Revision ID: b4e8d2f6a9c3
Revises: a7c3e9f1b5d2
Create Date: 2026-11-29 03:00:00.000000

"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


# revision identifiers, used by Alembic.
revision: str = 'b4e8d2f6a9c3'
down_revision: Union[str, Sequence[str], None] = 'a7c3e9f1b5d2'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("sign_in_failure", schema=None) as batch_op:
        batch_op.add_column(sa.Column("device_key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.create_index(batch_op.f("ix_sign_in_failure_device_key"), ["device_key"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("sign_in_failure", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sign_in_failure_device_key"))
        batch_op.drop_column("device_key")
