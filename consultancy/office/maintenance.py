"""Looking after the stored enquiries: erasure on request, retention, and restore (the
copying itself is backups.py's).

Erasures last: each `erase` is recorded in the erasure ledger (ledger.py) first, so that
`restore` from an older backup deletes again what was erased since, and ends every staff
session. After a by-hand pg_restore, run `reapply-erasures`.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path

from sqlmodel import delete, func, select

from consultancy.content import content
from consultancy.records import ledger
from consultancy.records.backups import restore_tables
from consultancy.records.database import transaction
from consultancy.records.models import (
    CaseApproval,
    CaseContact,
    CaseDocument,
    CaseEvent,
    CaseLink,
    CaseMail,
    CaseNote,
    ClientCase,
    Enquiry,
    EnquiryNote,
    MailQueue,
    Reminder,
    ReminderSubscription,
    StaffSession,
    utcnow,
)
from consultancy.staff import audit


def _delete_enquiries(session, where) -> int:
    ids = select(Enquiry.id).where(where)
    # Children first, explicitly: the cascade in the schema needs SQLite's foreign_keys
    # pragma, and a connection opened by another tool may not have it.
    session.exec(delete(EnquiryNote).where(EnquiryNote.enquiry_id.in_(ids)))
    session.exec(delete(MailQueue).where(MailQueue.enquiry_id.in_(ids)))
    _delete_subscriptions(session, ReminderSubscription.enquiry_id.in_(ids))
    return session.exec(delete(Enquiry).where(where)).rowcount


def _delete_cases(session, where) -> int:
    """Cases with everything under them: contacts, approvals, history, documents, notes, links
    and queued emails (children first, as for enquiries)."""
    ids = select(ClientCase.id).where(where)
    approvals = select(CaseApproval.id).where(CaseApproval.case_id.in_(ids))
    mails = select(CaseMail.id).where(CaseMail.case_id.in_(ids))
    session.exec(delete(MailQueue).where(MailQueue.case_mail_id.in_(mails)))
    session.exec(delete(CaseMail).where(CaseMail.case_id.in_(ids)))
    session.exec(delete(CaseLink).where(CaseLink.case_id.in_(ids)))
    session.exec(delete(CaseDocument).where(CaseDocument.approval_row_id.in_(approvals)))
    session.exec(delete(CaseEvent).where(CaseEvent.case_id.in_(ids)))
    session.exec(delete(CaseNote).where(CaseNote.case_id.in_(ids)))
    session.exec(delete(CaseApproval).where(CaseApproval.case_id.in_(ids)))
    session.exec(delete(CaseContact).where(CaseContact.case_id.in_(ids)))
    return session.exec(delete(ClientCase).where(where)).rowcount


def _erase_case_contacts(session, email: str) -> int:
    """A person's own data in cases: their contact rows with the links and emails made for them.
    A case left with no contact (it was theirs alone) goes whole; a case of an organisation
    with other contacts stays, without them. The number of cases deleted."""
    theirs = func.lower(CaseContact.email) == email
    contacts = select(CaseContact.id).where(theirs)
    session.exec(delete(CaseLink).where(CaseLink.contact_id.in_(contacts)))
    mails = select(CaseMail.id).where(func.lower(CaseMail.recipient) == email)
    session.exec(delete(MailQueue).where(MailQueue.case_mail_id.in_(mails)))
    session.exec(delete(CaseMail).where(func.lower(CaseMail.recipient) == email))
    touched = list(session.exec(select(CaseContact.case_id).where(theirs)).all())
    session.exec(delete(CaseContact).where(theirs))
    if not touched:
        return 0
    others = select(CaseContact.id).where(CaseContact.case_id == ClientCase.id).exists()
    return _delete_cases(session, ClientCase.id.in_(touched) & ~others)


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
    from consultancy.reminders.reminders import never_confirmed

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
    from consultancy.mail.recipients import delete_expired

    with transaction() as session:
        return delete_expired(session, now or utcnow())


def erase_email(email: str, *, now: datetime | None = None) -> int:
    """Delete every enquiry sent from `email` (any letter case), with its notes, queued email
    and renewal reminder subscriptions, and scrub the audit of their references and searches
    for them: a person's right to erasure under the DPDP Act, 2023. The erasure is recorded in
    the ledger first, so a later restore repeats it. The number deleted."""
    email = email.strip().lower()
    if not email:
        raise ValueError("an email address is needed")
    ledger.record(email, now or utcnow())
    theirs = func.lower(Enquiry.email) == email
    with transaction() as session:
        found = session.exec(select(Enquiry.reference, Enquiry.name, Enquiry.phone, Enquiry.organisation).where(theirs))
        references, texts = [], [email]
        for reference, name, phone, organisation in found.all():
            references.append(reference)
            texts += [name, phone, phone.removeprefix("+91"), organisation]
        # What the audit holds of them goes in the same transaction as the enquiries.
        audit.scrub(session, email, references, list(dict.fromkeys(texts)))
        _erase_case_contacts(session, email)
        return _delete_enquiries(session, theirs)


def reapply_erasures(url: str | None = None) -> int:
    """Delete again every enquiry whose address is in the ledger (after a restore), and
    end every staff session. The number deleted. Raises LedgerKeyMissing (and changes
    nothing) when the ledger holds lines no configured key can check."""
    erased = ledger.erased_matcher()
    with transaction(url) as session:
        session.exec(delete(StaffSession))
        # A backup may hold clients' links revoked since: every link ends, staff send fresh ones.
        session.exec(delete(CaseLink))
        columns = select(
            Enquiry.id, Enquiry.email, Enquiry.reference, Enquiry.name, Enquiry.phone, Enquiry.organisation
        )
        found = [row for row in session.exec(columns).all() if row[1] and erased(row[1])]
        if not found:
            return 0
        # A by-hand pg_restore of a whole dump brings back the audit as it was too.
        for row in found:
            texts = [row[1], row[3], row[4], row[4].removeprefix("+91"), row[5]]
            audit.scrub(session, row[1], [row[2]], list(dict.fromkeys(texts)))
            _erase_case_contacts(session, row[1].strip().lower())
        return _delete_enquiries(session, Enquiry.id.in_([row[0] for row in found]))


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
    # An enquiry that became a case follows the case's retention (delete_closed_cases).
    in_case = select(ClientCase.id).where(ClientCase.enquiry_id == Enquiry.id).exists()
    closed = closed & ~in_case
    untouched = (
        ~in_case
        & (Enquiry.status != "closed")
        & (Enquiry.created_at < cutoff)
        & (Enquiry.status_changed_at < cutoff)
        & ~recent_note
        & ~running
    )
    with transaction() as session:
        return _delete_enquiries(session, closed | untouched)


def delete_closed_cases(*, years: int | None = None, now: datetime | None = None) -> int:
    """Delete cases closed more than `years` years ago (data/enquiries.toml's
    case_closed_keep_years unless given), with the enquiries they were opened from."""
    years = content().enquiries.case_closed_keep_years if years is None else years
    if years < 1:
        raise ValueError("a closed case is kept at least a year")
    cutoff = months_before(now or utcnow(), 12 * years)
    old = (ClientCase.status == "closed") & (ClientCase.closed_at < cutoff)
    with transaction() as session:
        enquiries = [e for e in session.exec(select(ClientCase.enquiry_id).where(old)).all() if e is not None]
        count = _delete_cases(session, old)
        if enquiries:
            _delete_enquiries(session, Enquiry.id.in_(enquiries))
        return count


def restore(source: Path, url: str | None = None) -> int:
    """Put the enquiry side of a backup back (backups.restore_tables: staff, sessions and the
    audit stay as they are), then make again the erasures made since it was taken and sign
    every member of staff out. Stop the backend first. The number of enquiries restored.
    Raises LedgerKeyMissing, before anything is replaced, when the ledger cannot be checked."""
    ledger.erased_matcher()  # fails now, not after the backup has replaced anything
    count = restore_tables(source, url)
    return count - reapply_erasures(url)
