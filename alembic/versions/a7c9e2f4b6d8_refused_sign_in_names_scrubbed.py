"""staff audit: refused sign-ins no longer keep what was typed as the name

A refused, throttled, held or busy sign-in recorded the typed name as the actor, and the name
box may hold a mistyped password. Rows whose actor is no account's become "unknown name", as
new ones are written (staff.UNKNOWN_NAME). The sign-in throttle's rows, keyed by a plain
SHA-256 of the typed name until now, are deleted: they count at most the last hour, and the
new keyed hashes would not match them anyway. Nothing to undo on downgrade.

Revision ID: a7c9e2f4b6d8
Revises: f2c6a8e4d1b7
Create Date: 2026-11-27 15:20:00.000000

"""
from typing import Sequence, Union

from alembic import op


# revision identifiers, used by Alembic.
revision: str = 'a7c9e2f4b6d8'
down_revision: Union[str, Sequence[str], None] = 'f2c6a8e4d1b7'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade data."""
    op.execute(
        "UPDATE staff_audit SET actor = 'unknown name' "
        "WHERE action IN ('refused', 'throttled', 'held', 'busy') "
        "AND actor NOT IN (SELECT name FROM staff_user)"
    )
    op.execute("DELETE FROM sign_in_failure")


def downgrade() -> None:
    """Downgrade: what was scrubbed is not brought back."""
