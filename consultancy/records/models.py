"""The enquiry database's tables, migrated with Alembic through `reflex db`.

They are SQLModel tables on SQLModel's shared metadata, which is the metadata Reflex's
`reflex db makemigrations` compares with the database. (Reflex 0.10 deprecates `rx.Model`
in favour of SQLModel itself, for removal in 1.0; this is the same layer without it.)
Migrations live in alembic/versions/ at the project root, Reflex's convention.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

# Every constraint gets a predictable name, so later migrations (batch mode on SQLite) can
# refer to it. Set before any table is declared: names are given when a table is built.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

STATUSES: tuple[str, ...] = ("new", "contacted", "quoted", "closed", "held")
# Over a limit an enquiry is kept as "held" until staff release it to "new": never dropped.
HELD = "held"
# The limits an enquiry can be held for: enquiries from one address an hour, and with one
# phone number or email address an hour (data/enquiries.toml).
HELD_REASONS: tuple[str, ...] = ("address", "contact", "nojs")

# Longest values the form accepts (form.py refuses longer ones with a message first).
NAME_MAX = 100
EMAIL_MAX = 254
ORGANISATION_MAX = 200
NOTE_MAX = 4000


class UTCDateTime(sa.types.TypeDecorator):
    """A moment in UTC, read back as an aware datetime on SQLite and PostgreSQL alike.

    SQLite keeps no time zone, so values are written as naive UTC there and given their
    zone back on reading; mixing naive and aware datetimes would fail at comparison time.
    Migrations spell this column type as `sa.DateTime(timezone=True)`.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given for a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def utcnow() -> datetime:
    return datetime.now(UTC)


class Enquiry(SQLModel, table=True):
    __tablename__ = "enquiry"
    __table_args__ = (
        sa.UniqueConstraint("year", "number", name="uq_enquiry_year_number"),
        sa.CheckConstraint("status IN ('new', 'contacted', 'quoted', 'closed', 'held')", name="status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    # KSC-2026-0042: the prefix from data/enquiries.toml, the year in IST, `number` in that year.
    reference: str = Field(max_length=24, unique=True)
    year: int
    number: int
    created_at: datetime = Field(sa_type=UTCDateTime, index=True)
    name: str = Field(max_length=NAME_MAX)
    # +91 and ten digits, however the visitor typed it; "" when only an email was given.
    phone: str = Field(max_length=13)
    # "" when only a phone number was given (the form asks for one of the two).
    email: str = Field(max_length=EMAIL_MAX, index=True)
    organisation: str = Field(default="", max_length=ORGANISATION_MAX)
    # The first service chosen (a service route, or "not-sure"): the email's subject and sorting.
    service: str = Field(max_length=64)
    # Every service chosen, in the form's order; `service` is its first.
    services: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    # A district slug, "outside-odisha", or "" when not given.
    district: str = Field(default="", max_length=64)
    message: str = Field(sa_type=sa.Text)
    # DPDP Act, 2023: the firm must be able to show when and to which notice consent was given.
    consent_at: datetime = Field(sa_type=UTCDateTime)
    notice_version: str = Field(max_length=10)
    status: str = Field(default="new", max_length=10, index=True)
    status_changed_at: datetime = Field(sa_type=UTCDateTime)
    # Retention counts from here; cleared again when an enquiry is reopened.
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    # When it arrived over a limit and was held for staff review (kept after its release).
    held_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    # Why it was held, words of HELD_REASONS: "address", "contact", both, and "nojs" for a
    # post without JavaScript;
    # "" when not held, or held before the reason was kept.
    held_reason: str = Field(default="", max_length=20)
    # When held: the references of the enquiries sent from the same connection in the hour
    # before, so staff can see the caller's others (the address itself is never kept).
    same_address: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    # Made by the visitor's browser for this enquiry, so one sent again (after the backend
    # was away, or on a later visit) is stored once.
    client_key: str | None = Field(default=None, max_length=64, unique=True)


class EnquiryNote(SQLModel, table=True):
    __tablename__ = "enquiry_note"

    id: int | None = Field(default=None, primary_key=True)
    enquiry_id: int = Field(foreign_key="enquiry.id", ondelete="CASCADE", index=True)
    author: str = Field(max_length=60)
    text: str = Field(sa_type=sa.Text)
    created_at: datetime = Field(sa_type=UTCDateTime)


class ReferenceCounter(SQLModel, table=True):
    """The last number given out in each year. Submissions lock this row first, so the
    numbering and the per-address count are never raced, on SQLite or PostgreSQL."""

    __tablename__ = "reference_counter"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last: int


class SourceShare(SQLModel, table=True):
    """What one source (an address or a network, by keyed hash) stored on one day (IST), and
    how many enquiries it sent beyond its share of the store: those are counted here, one row
    however many, not stored (limits.take_share). Rows older than yesterday are deleted."""

    __tablename__ = "source_share"
    __table_args__ = (sa.UniqueConstraint("source_key", "day", name="one_row_a_day"),)

    id: int | None = Field(default=None, primary_key=True)
    source_key: str = Field(max_length=64)
    # "address" or "network"
    kind: str = Field(max_length=10)
    day: date = Field(index=True)
    stored: int = 0
    over: int = 0
    last_over_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class RecentSubmission(SQLModel, table=True):
    """One row per stored enquiry for the per-address limit, deleted after an hour.

    The address is kept only as a keyed hash and only for that hour (DPDP Act: data
    minimisation); the enquiry itself never records where it came from.
    """

    __tablename__ = "recent_submission"

    id: int | None = Field(default=None, primary_key=True)
    address_key: str = Field(max_length=64, index=True)
    # A reminders request's recipient (recipients.recipient_key, never the address), so that
    # asks for one mailbox count together whatever its spelling; None for other enquiries.
    contact_key: str | None = Field(default=None, max_length=64, index=True)
    # The enquiry stored, so one held over the address limit can name the others from the
    # same address in that hour (its `same_address`). Left when the enquiry is erased: the
    # hour's count stays.
    enquiry_id: int | None = Field(default=None, foreign_key="enquiry.id", ondelete="SET NULL")
    created_at: datetime = Field(sa_type=UTCDateTime, index=True)


class MailRecipient(SQLModel, table=True):
    """The confirmation emails one mailbox was sent, for the cap per recipient across every
    request (recipients.py). One row per mailbox, keyed by a keyed hash of its normalised
    address (never the address); deleted by `retention` once its period is over."""

    __tablename__ = "mail_recipient"

    recipient_key: str = Field(primary_key=True, max_length=64)
    # The period the count runs in starts with its first email.
    period_started_at: datetime = Field(sa_type=UTCDateTime, index=True)
    sent_in_period: int = 0
    last_sent_at: datetime = Field(sa_type=UTCDateTime)


# Exactly one of a queued email's subjects is set (CASE: PostgreSQL adds no booleans).
MAIL_ONE_SUBJECT = (
    "(CASE WHEN enquiry_id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN reminder_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN confirm_subscription_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN staff_notice_id IS NULL THEN 0 ELSE 1 END)"
    " + (CASE WHEN case_mail_id IS NULL THEN 0 ELSE 1 END) = 1"
)


class MailQueue(SQLModel, table=True):
    """One email to send: the firm's notification of an enquiry (written in the enquiry's
    transaction), a renewal reminder to a subscriber, the email asking a new subscriber to
    confirm their address, a notice to a member of staff about their account, or an email to a
    client about their case (cases.py). Exactly one of the five ids is set."""

    __tablename__ = "mail_queue"
    __table_args__ = (sa.CheckConstraint(MAIL_ONE_SUBJECT, name="one_subject"),)

    id: int | None = Field(default=None, primary_key=True)
    enquiry_id: int | None = Field(default=None, foreign_key="enquiry.id", ondelete="CASCADE", unique=True)
    reminder_id: int | None = Field(default=None, foreign_key="reminder.id", ondelete="CASCADE", unique=True)
    # Not unique: a subscription asked for again may get another confirmation email (within
    # its recipient's cap).
    confirm_subscription_id: int | None = Field(
        default=None, foreign_key="reminder_subscription.id", ondelete="CASCADE", index=True
    )
    staff_notice_id: int | None = Field(default=None, foreign_key="staff_notice.id", ondelete="CASCADE", unique=True)
    case_mail_id: int | None = Field(default=None, foreign_key="case_mail.id", ondelete="CASCADE", unique=True)
    attempts: int = 0
    next_try_at: datetime = Field(sa_type=UTCDateTime, index=True)
    # A sender that takes a row holds it until then, so two workers never send it twice.
    claimed_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    last_error: str = Field(default="", max_length=500)
    # Set on a digest (notifications.py): the end of the hour it sums up. Its `enquiry_id` is
    # the first enquiry in it, which keeps it among the firm's own emails.
    digest_until: datetime | None = Field(default=None, sa_type=UTCDateTime)


class StaffUser(SQLModel, table=True):
    __tablename__ = "staff_user"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=60, unique=True)
    # scrypt$n$r$p$salt$hash (base64): the parameters travel with the hash.
    password_hash: str = Field(max_length=200)
    failed_attempts: int = 0
    locked_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    created_at: datetime = Field(sa_type=UTCDateTime)
    # Where notices about the account go (new sign-in places, resets); "": the firm's address.
    email: str = Field(default="", max_length=254)
    # May see and end every member of staff's sessions (set by `add-user --admin`).
    is_admin: bool = False
    # The TOTP secret (base32). Until totp_confirmed_at is set it is only being enrolled:
    # the password alone then opens the enrolment page and nothing else.
    totp_secret: str | None = Field(default=None, max_length=64)
    totp_confirmed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # The last 30-second step a code was accepted for: the same code is never taken twice.
    totp_last_step: int = 0


class StaffSession(SQLModel, table=True):
    __tablename__ = "staff_session"

    id: int | None = Field(default=None, primary_key=True)
    # SHA-256 of the token: a copy of the database does not let anyone sign in.
    token_hash: str = Field(max_length=64, unique=True)
    user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE", index=True)
    created_at: datetime = Field(sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime, index=True)
    # The idle timeout counts from here (None: from created_at, for sessions made before it).
    last_seen_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Opened by the password alone for a user with no second factor yet: it may enrol one
    # and do nothing else.
    enrolling: bool = False
    # Shown in the list of open sessions: where it was opened and with which browser.
    address: str = Field(default="", max_length=64)
    agent: str = Field(default="", max_length=120)
    # The last time its user typed their password and second factor again (a bulk export).
    reauthenticated_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class StaffRecoveryCode(SQLModel, table=True):
    """One of a member of staff's recovery codes: shown once at enrolment, kept only as a
    salted SHA-256, usable once (used_at)."""

    __tablename__ = "staff_recovery_code"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE", index=True)
    # salt$sha256 (hex): each code has 100 random bits, the salt makes a table of them useless.
    code_hash: str = Field(max_length=120)
    created_at: datetime = Field(sa_type=UTCDateTime)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class StaffKnownPlace(SQLModel, table=True):
    """A browser (a random device token in a long-lived HttpOnly cookie) or a network (the
    keyed hash of its address, IPv6 by /64) that a member of staff signed in from with their
    second factor. A known browser is not held by the account's guessing budget; a sign-in
    from neither a known browser nor a known network is mailed to its owner."""

    __tablename__ = "staff_known_place"
    __table_args__ = (sa.UniqueConstraint("user_id", "kind", "place_key", name="uq_staff_known_place"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE", index=True)
    kind: str = Field(max_length=10)  # "browser" or "network"
    # SHA-256 of the device token, or the address's keyed hash: never the token or address.
    place_key: str = Field(max_length=64)
    first_seen_at: datetime = Field(sa_type=UTCDateTime)
    last_seen_at: datetime = Field(sa_type=UTCDateTime)


class StaffNotice(SQLModel, table=True):
    """An email to a member of staff about their own account (a sign-in from a new place, a
    new password, a second factor set up or reset), carried by the mail queue."""

    __tablename__ = "staff_notice"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int | None = Field(default=None, foreign_key="staff_user.id", ondelete="SET NULL", index=True)
    recipient: str = Field(max_length=254)
    subject: str = Field(max_length=200)
    body: str = Field(sa_type=sa.Text)
    created_at: datetime = Field(sa_type=UTCDateTime)


class SignInFailure(SQLModel, table=True):
    """A failed sign-in, for the throttles by address and by (name, address), the account's
    budget and a known browser's own allowance, kept for the longest of their windows. Keyed
    hashes, never the address or the name typed."""

    __tablename__ = "sign_in_failure"

    id: int | None = Field(default=None, primary_key=True)
    address_key: str = Field(max_length=64, index=True)
    name_key: str = Field(max_length=64, index=True)
    created_at: datetime = Field(sa_type=UTCDateTime, index=True)
    # The hash of the browser's device token (known_places.py), None when it sent none: a known
    # browser skips the account's budget only while its own failures are few.
    device_key: str | None = Field(default=None, max_length=64, index=True)


class StaffAudit(SQLModel, table=True):
    """Who did what in the inbox, when and from where. Rows older than a year are deleted by
    `retention`. Real events are inserted one row each; a sign-in refusal, which anyone can
    cause, is counted into its source's row of the interval (audit.py), the only update."""

    __tablename__ = "staff_audit"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(sa_type=UTCDateTime, index=True)
    # The member of staff, or the name typed at a failed sign-in, or "cli:USER".
    actor: str = Field(max_length=60)
    action: str = Field(max_length=20, index=True)
    detail: str = Field(default="", max_length=300)
    address: str = Field(default="", max_length=64)
    # How many times it happened: 1 for a real event; a refusal's row counts its repeats.
    count: int = Field(default=1)
    # A refusal's source (records.addresses.address_key: a keyed hash, IPv6 by its /64), what
    # its repeats are counted by; "" for a real event.
    source: str = Field(default="", max_length=64, index=True)


class ReminderSubscription(SQLModel, table=True):
    """A renewal calendar's list with reminders by email. Its enquiry (kind: the message
    starts "renewals") is the lead in the inbox and carries the email address, the consent
    and the notice version, so export, erasure and retention follow it."""

    __tablename__ = "reminder_subscription"

    id: int | None = Field(default=None, primary_key=True)
    enquiry_id: int = Field(foreign_key="enquiry.id", ondelete="CASCADE", unique=True)
    # The visitor's list as the page keeps it: {approval id: {"date": ISO date, "kind": "issue" | "expiry"}}.
    held: dict[str, dict[str, str]] = Field(default_factory=dict, sa_type=sa.JSON)
    created_at: datetime = Field(sa_type=UTCDateTime)
    # The last date the list held when it was sent: reminders stop after it.
    ends_on: date = Field(index=True)
    unsubscribed_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    # Double opt-in: no reminder is queued until the address's owner follows the link in the
    # confirmation email (anyone can type anyone's address into the form).
    confirmed_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    # When the last confirmation email was queued (None: not yet, e.g. while the lead is held
    # or its recipient's cap holds it back). The request's deletion counts from created_at.
    confirmation_sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Reminder(SQLModel, table=True):
    """One reminder due for one date of a subscription, inserted once: the unique key is what
    makes the reminders job safe to run twice, or twice at once."""

    __tablename__ = "reminder"
    __table_args__ = (sa.UniqueConstraint("subscription_id", "item_uid", "days_before", name="uq_reminder_once"),)

    id: int | None = Field(default=None, primary_key=True)
    subscription_id: int = Field(foreign_key="reminder_subscription.id", ondelete="CASCADE", index=True)
    # The calendar item's own id ("cto.renewal.2027-03-14"): a new date is a new item.
    item_uid: str = Field(max_length=120)
    title: str = Field(max_length=300)
    # The item's rule and source as the page showed them, for the email.
    detail: str = Field(default="", sa_type=sa.Text)
    due_on: date
    days_before: int
    created_at: datetime = Field(sa_type=UTCDateTime)
    # False when a nearer reminder for the same date was due at the same run: recorded, not sent.
    mailed: bool = True


# --- client cases (cases.py) ----------------------------------------------------------------

CASE_STATUSES: tuple[str, ...] = ("open", "closed")
# The stages of one approval of a case, in the order work usually runs.
STAGES: tuple[str, ...] = ("gathering", "filed", "query", "inspection", "granted", "refused", "renewal")
# Who holds the next step of an approval.
HOLDERS: tuple[str, ...] = ("firm", "client", "authority")


class ClientCase(SQLModel, table=True):
    """A client organisation's case: the approvals the firm is getting for it, opened from an
    enquiry or fresh. Deleted (with everything below it) `case_closed_keep_years` after it was
    closed, and with it the enquiry it came from."""

    __tablename__ = "client_case"
    __table_args__ = (sa.CheckConstraint("status IN ('open', 'closed')", name="status"),)

    id: int | None = Field(default=None, primary_key=True)
    # KSC-C-2026-0007: the enquiries' prefix, C, the year in IST and a number in that year.
    reference: str = Field(max_length=24, unique=True)
    organisation: str = Field(max_length=ORGANISATION_MAX)
    # The enquiry it was opened from (None: opened fresh, or that enquiry erased).
    enquiry_id: int | None = Field(default=None, foreign_key="enquiry.id", ondelete="SET NULL", index=True)
    # The finder's answers and result as the enquiry carried them ("" when not from the finder).
    finder_answers: str = Field(default="", sa_type=sa.Text)
    # The member of staff handling it, by name (not a key: staff accounts are not restored
    # with the cases, so a restored case must not point at a removed account).
    assigned_to: str = Field(default="", max_length=60, index=True)
    # The number the client's page offers for a call and WhatsApp ("": the firm's own).
    handler_phone: str = Field(default="", max_length=13)
    callback_on: date | None = Field(default=None, index=True)
    status: str = Field(default="open", max_length=10, index=True)
    created_at: datetime = Field(sa_type=UTCDateTime)
    # Any change a client would see (stages, documents, dates): the page's "last updated".
    updated_at: datetime = Field(sa_type=UTCDateTime)
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)


class CaseContact(SQLModel, table=True):
    """A person at the client organisation. Links and stage emails go only to the primary one."""

    __tablename__ = "case_contact"

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="client_case.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=NAME_MAX)
    email: str = Field(default="", max_length=EMAIL_MAX, index=True)
    phone: str = Field(default="", max_length=13)
    is_primary: bool = False
    # The client's consent to an email at each stage change (None: no emails).
    stage_emails_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class CaseApproval(SQLModel, table=True):
    """One approval of a case and where it stands. Its facts of law (time limit, validity,
    documents, appeal) are read from its record (data/law/<approval_id>.toml), never copied."""

    __tablename__ = "case_approval"
    __table_args__ = (
        sa.CheckConstraint(
            "stage IN ('gathering', 'filed', 'query', 'inspection', 'granted', 'refused', 'renewal')", name="stage"
        ),
        sa.CheckConstraint("holder IN ('firm', 'client', 'authority')", name="holder"),
    )

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="client_case.id", ondelete="CASCADE", index=True)
    # A record's id; "" for an approval the records do not cover (then `name` says what it is).
    approval_id: str = Field(default="", max_length=64)
    name: str = Field(max_length=200)
    stage: str = Field(default="gathering", max_length=12, index=True)
    stage_changed_at: datetime = Field(sa_type=UTCDateTime)
    holder: str = Field(default="client", max_length=10, index=True)
    holder_since: datetime = Field(sa_type=UTCDateTime)
    portal: str = Field(default="", max_length=120)
    application_no: str = Field(default="", max_length=80)
    filed_on: date | None = None
    # The authority's queries: [start, end or None] in ISO dates; an open one stops the clock.
    pauses: list[list[str | None]] = Field(default_factory=list, sa_type=sa.JSON)
    reply_due_on: date | None = None
    inspection_on: date | None = None
    order_no: str = Field(default="", max_length=80)
    issued_on: date | None = None
    # From the record where its validity is settled, else as printed on the order (or None).
    expires_on: date | None = Field(default=None, index=True)
    refused_on: date | None = None
    # The client agreed to renewal reminders for it (renewals.py).
    renewals_agreed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class CaseEvent(SQLModel, table=True):
    """The history: every change to a case, dated, only ever inserted (until the case goes)."""

    __tablename__ = "case_event"

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="client_case.id", ondelete="CASCADE", index=True)
    approval_row_id: int | None = Field(default=None, foreign_key="case_approval.id", ondelete="CASCADE")
    at: datetime = Field(sa_type=UTCDateTime, index=True)
    actor: str = Field(max_length=60)
    # "opened", "stage", "document", "holder", "assigned", "callback", "link", "closed"...
    kind: str = Field(max_length=20)
    stage: str = Field(default="", max_length=12)
    # The change in the site's words, with the values staff typed (shown as text).
    detail: str = Field(default="", max_length=500)
    # Shown on the client's page (a stage or a document received); False for office work.
    public: bool = False


class CaseDocument(SQLModel, table=True):
    """A document the firm waits for from the client for one approval, from the record's list
    (or added by staff), ticked off when it arrives."""

    __tablename__ = "case_document"

    id: int | None = Field(default=None, primary_key=True)
    approval_row_id: int = Field(foreign_key="case_approval.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=200)
    description: str = Field(default="", max_length=1000)
    received_on: date | None = None


class CaseNote(SQLModel, table=True):
    """An internal note: never on the client's page, in an email or in a client's export."""

    __tablename__ = "case_note"

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="client_case.id", ondelete="CASCADE", index=True)
    author: str = Field(max_length=60)
    text: str = Field(sa_type=sa.Text)
    created_at: datetime = Field(sa_type=UTCDateTime)


class CaseLink(SQLModel, table=True):
    """A client's link to their case page. Only a keyed hash of its token is kept (keys.CASE_LINK):
    a copy of the database opens no page. It ends when revoked, or `case_link_idle_days`
    after its last use."""

    __tablename__ = "case_link"

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="client_case.id", ondelete="CASCADE", index=True)
    contact_id: int | None = Field(default=None, foreign_key="case_contact.id", ondelete="CASCADE")
    token_hash: str = Field(max_length=64, unique=True)
    created_at: datetime = Field(sa_type=UTCDateTime)
    last_used_at: datetime = Field(sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


# Where a client's link goes in a case email's stored body (CaseMail.link_seed).
CASE_LINK_PLACEHOLDER = "{case-link}"


class CaseMail(SQLModel, table=True):
    """An email to a case's contact (a stage change, a fresh link), carried by the mail queue."""

    __tablename__ = "case_mail"

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="client_case.id", ondelete="CASCADE", index=True)
    recipient: str = Field(max_length=EMAIL_MAX)
    subject: str = Field(max_length=200)
    # A client's link is never written here: the body holds CASE_LINK_PLACEHOLDER and the link's
    # seed is kept beside it (keys.case_link_token), the link written in only as it is sent.
    body: str = Field(sa_type=sa.Text)
    created_at: datetime = Field(sa_type=UTCDateTime)
    link_seed: str | None = Field(default=None, max_length=64)
