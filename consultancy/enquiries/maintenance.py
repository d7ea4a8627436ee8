"""Looking after the stored enquiries: erasure on request, retention, backup and restore.

Erasures last: each `erase` appends a keyed hash of the address (never the address) to a
ledger kept outside the database (ERASURE_LEDGER, default var/erasures.ledger), so that
`restore` from an older backup deletes again what was erased since, and ends every staff
session. After a PostgreSQL pg_restore, run `reapply-erasures` by hand.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import sqlite3
from datetime import date, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from sqlmodel import delete, func, select

from consultancy.content import content

from . import database
from .database import transaction
from .models import Enquiry, EnquiryNote, MailQueue, Reminder, ReminderSubscription, StaffSession, utcnow
from .settings import PUBLIC_ADDRESS_KEY, ROOT, database_url, is_sqlite


class NotSqlite(Exception):
    """Backup and restore here are SQLite's; PostgreSQL has pg_dump and pg_restore."""


def _delete_enquiries(session, where) -> int:
    ids = select(Enquiry.id).where(where)
    # Children first, explicitly: the cascade in the schema needs SQLite's foreign_keys
    # pragma, and a connection opened by another tool may not have it.
    session.exec(delete(EnquiryNote).where(EnquiryNote.enquiry_id.in_(ids)))
    session.exec(delete(MailQueue).where(MailQueue.enquiry_id.in_(ids)))
    _delete_subscriptions(session, ReminderSubscription.enquiry_id.in_(ids))
    return session.exec(delete(Enquiry).where(where)).rowcount


def _delete_subscriptions(session, where) -> int:
    """Renewal reminder subscriptions with their reminders and queued reminder and
    confirmation emails."""
    subscriptions = select(ReminderSubscription.id).where(where)
    reminders = select(Reminder.id).where(Reminder.subscription_id.in_(subscriptions))
    session.exec(delete(MailQueue).where(MailQueue.reminder_id.in_(reminders)))
    session.exec(delete(MailQueue).where(MailQueue.confirm_subscription_id.in_(subscriptions)))
    session.exec(delete(Reminder).where(Reminder.subscription_id.in_(subscriptions)))
    return session.exec(delete(ReminderSubscription).where(where)).rowcount


def delete_finished_subscriptions(*, today: date | None = None) -> int:
    """Delete reminder subscriptions that are over: unsubscribed, or past the last date in
    their list. Their lead (the enquiry) stays, under the enquiries' own retention."""
    from consultancy.content.renewals import today_in_kolkata

    today = today or today_in_kolkata()
    finished = ReminderSubscription.unsubscribed_at.is_not(None) | (ReminderSubscription.ends_on < today)
    with transaction() as session:
        return _delete_subscriptions(session, finished)


def delete_unconfirmed_subscriptions(*, now: datetime | None = None) -> int:
    """Delete reminder subscriptions whose address's owner did not confirm them within
    reminder_confirm_days (data/enquiries.toml) of their first ask: asking again, or another
    confirmation email, does not put it off. Their lead stays, saying so."""
    from .reminders import never_confirmed

    now = now or utcnow()
    days = content().enquiries.reminder_confirm_days
    cutoff = now - timedelta(days=days)
    expired = ReminderSubscription.confirmed_at.is_(None) & (ReminderSubscription.created_at < cutoff)
    with transaction() as session:
        leads = list(session.exec(select(ReminderSubscription.enquiry_id).where(expired)).all())
        if not leads:
            return 0
        never_confirmed(session, leads, now, days)
        return _delete_subscriptions(session, ReminderSubscription.enquiry_id.in_(leads) & expired)


def delete_expired_recipients(*, now: datetime | None = None) -> int:
    """Forget the confirmation counts of mailboxes whose cap period is over (recipients.py)."""
    from .recipients import delete_expired

    with transaction() as session:
        return delete_expired(session, now or utcnow())


def ledger_path() -> Path:
    return Path(os.environ.get("ERASURE_LEDGER", "").strip() or ROOT / "var" / "erasures.ledger")


def erasure_key(email: str) -> str:
    """A keyed hash of an address for the ledger: it tells whether an address was erased,
    and gives no address back to someone who reads the ledger without the key."""
    key = (os.environ.get("ENQUIRY_ADDRESS_KEY", "") or PUBLIC_ADDRESS_KEY).encode()
    return hmac.new(key, email.strip().lower().encode("utf-8"), hashlib.sha256).hexdigest()


def _record_erasure(email: str, now: datetime) -> None:
    path = ledger_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Mode 600: it is about people, even as hashes.
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(descriptor, "a", encoding="ascii") as ledger:
        ledger.write(f"{now.isoformat(timespec='seconds')}\t{erasure_key(email)}\n")
        ledger.flush()
        os.fsync(ledger.fileno())


def erased_keys() -> set[str]:
    path = ledger_path()
    if not path.is_file():
        return set()
    return {line.split("\t")[1].strip() for line in path.read_text(encoding="ascii").splitlines() if "\t" in line}


def erase_email(email: str, *, now: datetime | None = None) -> int:
    """Delete every enquiry sent from `email` (any letter case), with its notes, queued email
    and renewal reminder subscriptions: a person's right to erasure under the DPDP Act, 2023. The erasure is recorded in
    the ledger first, so a later restore repeats it. The number deleted."""
    email = email.strip().lower()
    if not email:
        raise ValueError("an email address is needed")
    _record_erasure(email, now or utcnow())
    with transaction() as session:
        return _delete_enquiries(session, func.lower(Enquiry.email) == email)


def reapply_erasures(url: str | None = None) -> int:
    """Delete again every enquiry whose address is in the ledger (after a restore), and
    end every staff session. The number deleted."""
    keys = erased_keys()
    with transaction(url) as session:
        session.exec(delete(StaffSession))
        if not keys:
            return 0
        ids = [
            enquiry_id
            for enquiry_id, email in session.exec(select(Enquiry.id, Enquiry.email)).all()
            if erasure_key(email) in keys
        ]
        return _delete_enquiries(session, Enquiry.id.in_(ids)) if ids else 0


def months_before(moment: datetime, months: int) -> datetime:
    """The same day and time `months` calendar months earlier (31 March less one month is
    28 or 29 February)."""
    month_index = moment.year * 12 + moment.month - 1 - months
    year, month = divmod(month_index, 12)
    month += 1
    next_month = datetime(year + (month == 12), month % 12 + 1, 1)
    days = (next_month - datetime(year, month, 1)).days
    return moment.replace(year=year, month=month, day=min(moment.day, days))


def delete_closed(*, months: int | None = None, now: datetime | None = None) -> int:
    """Delete enquiries closed more than `months` months ago (data/enquiries.toml's
    retention_months unless given), and open ones nobody has touched for as long: received,
    status last changed and last note all before then (not while their reminders run: run
    `delete_finished_subscriptions` first, as `retention` does)."""
    months = content().enquiries.retention_months if months is None else months
    if months < 1:
        raise ValueError("retention must be at least one month")
    cutoff = months_before(now or utcnow(), months)
    recent_note = (
        select(EnquiryNote.id).where(EnquiryNote.enquiry_id == Enquiry.id, EnquiryNote.created_at >= cutoff).exists()
    )
    closed = (Enquiry.status == "closed") & (Enquiry.closed_at < cutoff)
    # A lead whose reminders are still running is in use, however long ago it came in.
    running = (
        select(ReminderSubscription.id)
        .where(ReminderSubscription.enquiry_id == Enquiry.id, ReminderSubscription.unsubscribed_at.is_(None))
        .exists()
    )
    untouched = (
        (Enquiry.status != "closed")
        & (Enquiry.created_at < cutoff)
        & (Enquiry.status_changed_at < cutoff)
        & ~recent_note
        & ~running
    )
    with transaction() as session:
        return _delete_enquiries(session, closed | untouched)


def sqlite_file(url: str | None = None) -> Path:
    url = url or database_url()
    if not is_sqlite(url):
        raise NotSqlite(url)
    name = sa.engine.make_url(url).database
    if not name or name == ":memory:":
        raise NotSqlite(url)
    return Path(name)


def backup(target: Path, url: str | None = None) -> int:
    """Copy the SQLite database to `target` while the site keeps running: SQLite's online
    backup reads one consistent snapshot (WAL readers do not stop the writers). The copy is
    a single self-contained file, checked before it replaces `target`. Returns the number of
    enquiries in it."""
    source_path = sqlite_file(url)
    if not source_path.is_file():
        raise FileNotFoundError(f"no database at {source_path}")
    target = Path(target)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    source = sqlite3.connect(source_path, timeout=database.SQLITE_BUSY_TIMEOUT_S)
    # Created mode 600 whatever the caller's umask: a backup holds every visitor's details.
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)  # all pages in one step: one snapshot
        copy.execute("PRAGMA journal_mode=DELETE")
        if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise RuntimeError("the copy failed SQLite's integrity check")
        count = copy.execute("SELECT count(*) FROM enquiry").fetchone()[0]
    finally:
        copy.close()
        source.close()
    with partial.open("rb") as handle:
        os.fsync(handle.fileno())
    partial.replace(target)
    return count


def restore(source: Path, url: str | None = None) -> int:
    """Replace the SQLite database's contents with the backup at `source` (stop the backend
    first: sessions open during the copy would see it change under them). Returns the
    number of enquiries restored."""
    source = Path(source)
    target_path = sqlite_file(url)
    backup_db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        if backup_db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise RuntimeError(f"{source} failed SQLite's integrity check; nothing was restored")
        count = backup_db.execute("SELECT count(*) FROM enquiry").fetchone()[0]
        database.dispose(url or database_url())
        live = sqlite3.connect(target_path, timeout=database.SQLITE_BUSY_TIMEOUT_S)
        try:
            backup_db.backup(live)
            live.execute("PRAGMA journal_mode=WAL")
        finally:
            live.close()
    finally:
        backup_db.close()
    # The backup predates the erasures made since: make them again, and sign everyone out.
    return count - reapply_erasures(url)
