"""The record of staff access: sign-ins, failed and throttled sign-ins, enquiries opened,
searches, status changes and exports, with who, when and from where.

Rows are only ever inserted; `retention` deletes those older than KEEP_FOR. An export of
more than EXPORT_NOTICE_ROWS rows (environment, 100 by default) also mails a notice to the
firm's address, so a bulk copy of the enquiries never goes unnoticed.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, delete, select

from .database import transaction
from .models import StaffAudit, utcnow
from .settings import IST

logger = logging.getLogger(__name__)

KEEP_FOR = timedelta(days=366)
DETAIL_MAX = 300


@dataclass(frozen=True)
class Entry:
    at: datetime
    actor: str
    action: str
    detail: str
    address: str

    def line(self) -> str:
        when = self.at.astimezone(IST).isoformat(timespec="seconds")
        return "\t".join([when, self.actor, self.action, self.address or "-", self.detail])


def record(
    action: str,
    actor: str,
    detail: str = "",
    *,
    address: str = "",
    now: datetime | None = None,
    session: Session | None = None,
) -> None:
    """Append one entry, in the caller's transaction when given one. An audit write that
    fails is logged and does not undo what the member of staff did (the caller's own write
    has failed then too, in the same database)."""
    row = StaffAudit(
        at=now or utcnow(),
        actor=str(actor)[:60],
        action=action[:20],
        detail=_plain(str(detail))[:DETAIL_MAX],
        address=str(address or "")[:64],
    )
    if session is not None:
        session.add(row)
        return
    try:
        with transaction() as own:
            own.add(row)
    except SQLAlchemyError as error:
        logger.warning("staff audit entry not written (%s): %s", action, type(error).__name__)


def _plain(text: str) -> str:
    # One line per entry in `audit`'s output, whatever was typed into a search box.
    return "".join(" " if ch in "\r\n\t" or ord(ch) < 32 else ch for ch in text)


def entries(since: date | None = None) -> list[Entry]:
    """Oldest first; from the start of `since` (IST) when given."""
    query = select(StaffAudit).order_by(StaffAudit.at, StaffAudit.id)
    if since is not None:
        query = query.where(StaffAudit.at >= datetime.combine(since, time(), IST))
    with transaction() as session:
        return [Entry(row.at, row.actor, row.action, row.detail, row.address) for row in session.exec(query).all()]


def delete_older(now: datetime | None = None) -> int:
    """Entries past KEEP_FOR, deleted (run by `retention`)."""
    with transaction() as session:
        result = session.exec(delete(StaffAudit).where(StaffAudit.at < (now or utcnow()) - KEEP_FOR))
        return result.rowcount or 0


def export_notice_rows() -> int:
    return int(os.environ.get("EXPORT_NOTICE_ROWS", "").strip() or 100)


def exported(actor: str, rows: int, *, address: str = "", how: str = "download", background: bool = True) -> None:
    """Record an export; above EXPORT_NOTICE_ROWS, tell the firm by email too (in the
    background: the download does not wait for the mail server)."""
    record("export", actor, f"{rows} rows ({how})", address=address)
    if rows > export_notice_rows():
        from . import mail

        text = (
            f"{actor} exported {rows} enquiries ({how}) from {address or 'this server'} at "
            f"{utcnow().astimezone(IST).strftime('%d %B %Y, %H:%M IST')}.\n\n"
            "If this was not expected, change that person's password "
            "(python -m consultancy.enquiries add-user NAME --reset) and read "
            "python -m consultancy.enquiries audit."
        )
        subject = f"Enquiries exported: {rows} rows by {actor}"
        if background:
            threading.Thread(target=mail.send_notice, args=(subject, text), daemon=True).start()
        else:
            mail.send_notice(subject, text)
