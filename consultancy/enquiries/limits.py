"""The limits on enquiries, and what happens over them: an enquiry that passes the form's
checks is never dropped for a limit. Over the hourly limit per address or per contact (email
or phone) it is stored as held, for staff to check before it counts as new (or for the
visitor's browser to pass a small check, release.py). However many are held, none is refused
for it. The store's absolute cap on enquiries a day (`store_max_per_day`, far above the
office's busiest day) is shared: each address and each network may fill only its own share of
it in a day (`share_per_address_per_day`, `share_per_network_per_day`), beyond which its
enquiries are counted in one row for staff (SourceShare), not stored, so that no one source
can fill the store and silence the form for everyone else. A visitor refused by the cap or
their source's share is offered WhatsApp, email and the phone, and staff are alerted
(alerts.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import or_
from sqlmodel import Session, delete, func, select

from consultancy.content import content
from consultancy.content.models import EnquirySettings
from consultancy.forms.enquiry_form import EnquiryForm
from consultancy.records.errors import StoreFull
from consultancy.records.models import Enquiry, MailQueue, RecentSubmission, SourceShare
from consultancy.records.settings import IST

RATE_WINDOW = timedelta(hours=1)
# The window of the store's absolute cap.
STORE_WINDOW = timedelta(days=1)
# At most one notification email about held enquiries in this time.
HELD_MAIL_EVERY = timedelta(hours=1)


@dataclass(frozen=True)
class Verdict:
    held: bool
    # Why it is held, for staff: "address", "contact" or both.
    reasons: tuple[str, ...] = ()
    # Held: the references of the enquiries from the same address in the hour, oldest first.
    same_address: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        """What the enquiry stores as its `held_reason`."""
        return " ".join(self.reasons)


def _limit_words(reason: str, settings: EnquirySettings) -> str:
    if reason == "address":
        return f"the per-address limit ({settings.per_address_per_hour} enquiries an hour from one connection)"
    return (
        f"the per-contact limit ({settings.per_contact_per_hour} enquiries an hour "
        "with the same phone number or email address)"
    )


# Held whatever the limits: sent by a browser without scripts, which cannot do the form's check.
NO_SCRIPT = "nojs"
NO_SCRIPT_WORDS = "sent without JavaScript"


def held_summary(reason: str) -> str:
    """A held enquiry's reason in a few words, for the inbox's list."""
    names = {"address": "per-address limit", "contact": "per-contact limit"}
    known = [names[part] for part in reason.split() if part in names]
    if len(known) == 2:
        known = ["per-address and per-contact limits"]
    if NO_SCRIPT in reason.split():
        known.insert(0, NO_SCRIPT_WORDS)
    return ", ".join(known) if known else "limit not recorded"


def held_explanation(reason: str, settings: EnquirySettings | None = None) -> str:
    """Why an enquiry was held, for staff, from its stored `held_reason`."""
    settings = settings or content().enquiries
    parts = [_limit_words(part, settings) for part in ("address", "contact") if part in reason.split()]
    no_script = (
        "Held: sent by a browser without JavaScript (the form's plain post), which cannot do the page's check."
        if NO_SCRIPT in reason.split()
        else ""
    )
    if not parts:
        return no_script or "Held before the reason was recorded: over the per-address or the per-contact limit."
    over = "over " + " and ".join(parts) + "."
    return f"{no_script} Also {over}" if no_script else f"Held: {over}"


def store_full_message() -> str:
    """Never "received": nothing was stored, and the visitor needs another way to reach us."""
    site = content().site
    return (
        "Not sent yet: our website cannot take more enquiries just now. Please send it by WhatsApp or "
        f"email, or call us on {site.phone}; what you typed is still in the form."
    )


def check_store_cap(session: Session, now: datetime, settings: EnquirySettings) -> None:
    """Raise StoreFull once `store_max_per_day` enquiries were stored in the last 24 hours."""
    stored = session.exec(
        select(func.count()).select_from(Enquiry).where(Enquiry.created_at >= now - STORE_WINDOW)
    ).one()
    if stored >= settings.store_max_per_day:
        raise StoreFull(store_full_message())


def take_share(session: Session, address: str, network: str, now: datetime, settings: EnquirySettings) -> bool:
    """Count one enquiry against its address's and network's shares of the day: True when both
    have room (it is stored), False when either is spent (it is counted there as over, once,
    in the same row however many come). Inside the storing transaction, after the counter lock."""
    day = now.astimezone(IST).date()
    session.exec(delete(SourceShare).where(SourceShare.day < day - timedelta(days=1)))
    rows = []
    for key, kind, share in (
        (address, "address", settings.share_per_address_per_day),
        (network, "network", settings.share_per_network_per_day),
    ):
        row = session.exec(select(SourceShare).where(SourceShare.source_key == key, SourceShare.day == day)).first()
        if row is None:
            row = SourceShare(source_key=key, kind=kind, day=day)
        rows.append((row, share))
    spent = next((row for row, share in rows if row.stored >= share), None)
    if spent is not None:
        spent.over += 1
        spent.last_over_at = now
        session.add(spent)
        return False
    for row, _ in rows:
        row.stored += 1
        session.add(row)
    return True


def held_message(reference: str) -> str:
    """What a visitor whose enquiry was held is told: it is kept, and someone will look."""
    return (
        f"Received: your enquiry {reference} is saved. Many enquiries reached us from your "
        "connection or with these contact details in the last hour, so a member of our staff "
        "will check it before we reply."
    )


def judge(
    session: Session,
    form: EnquiryForm,
    key: str,
    now: datetime,
    settings: EnquirySettings,
    contact_key: str = "",
    *,
    hold: bool = False,
) -> Verdict:
    """Whether this enquiry is held, inside the storing transaction (after the counter lock,
    so concurrent submissions are counted one after another). `contact_key` is a reminders
    request's recipient: its asks count together, new lists and lists asked for again alike,
    however the address is spelt. Never refuses: over a limit the verdict is "held", and
    always with `hold` (a post without JavaScript)."""
    session.exec(delete(RecentSubmission).where(RecentSubmission.created_at < now - RATE_WINDOW))
    from_address = session.exec(
        select(func.count()).select_from(RecentSubmission).where(RecentSubmission.address_key == key)
    ).one()
    same_contact = [Enquiry.email == form.email] if form.email else []
    same_contact += [Enquiry.phone == form.phone] if form.phone else []
    from_contact = session.exec(
        select(func.count()).select_from(Enquiry).where(Enquiry.created_at >= now - RATE_WINDOW, or_(*same_contact))
    ).one()
    if contact_key:
        asks = session.exec(
            select(func.count()).select_from(RecentSubmission).where(RecentSubmission.contact_key == contact_key)
        ).one()
        from_contact = max(from_contact, asks)
    reasons = tuple(
        reason
        for reason, over in (
            ("address", from_address >= settings.per_address_per_hour),
            ("contact", from_contact >= settings.per_contact_per_hour),
        )
        if over
    )
    reasons = ((NO_SCRIPT,) if hold else ()) + reasons
    if not reasons:
        return Verdict(held=False)
    same_address = session.exec(
        select(Enquiry.reference)
        .join(RecentSubmission, RecentSubmission.enquiry_id == Enquiry.id)
        .where(RecentSubmission.address_key == key)
        .order_by(Enquiry.created_at, Enquiry.id)
    ).all()
    return Verdict(held=True, reasons=reasons, same_address=tuple(same_address))


def held_mail_due(session: Session, now: datetime) -> bool:
    """True when no email about a held enquiry was queued in the last HELD_MAIL_EVERY."""
    recent = session.exec(
        select(func.count())
        .select_from(MailQueue)
        .join(Enquiry, MailQueue.enquiry_id == Enquiry.id)
        .where(Enquiry.held_at.is_not(None), Enquiry.held_at >= now - HELD_MAIL_EVERY)  # type: ignore[union-attr]
    ).one()
    return recent == 0
