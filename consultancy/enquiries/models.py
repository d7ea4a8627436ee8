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
    " + (CASE WHEN staff_notice_id IS NULL THEN 0 ELSE 1 END) = 1"
)


class MailQueue(SQLModel, table=True):
    """One email to send: the firm's notification of an enquiry (written in the enquiry's
    transaction), a renewal reminder to a subscriber, the email asking a new subscriber to
    confirm their address, or a notice to a member of staff about their account. Exactly one
    of the four ids is set."""

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
    """A failed sign-in, for the throttles by address and by (name, address), kept for the
    throttle's window only. Keyed hashes, never the address or the name typed."""

    __tablename__ = "sign_in_failure"

    id: int | None = Field(default=None, primary_key=True)
    address_key: str = Field(max_length=64, index=True)
    name_key: str = Field(max_length=64, index=True)
    created_at: datetime = Field(sa_type=UTCDateTime, index=True)


class StaffAudit(SQLModel, table=True):
    """Who did what in the inbox, when and from where. Only ever inserted into; rows older
    than a year are deleted by `retention`."""

    __tablename__ = "staff_audit"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(sa_type=UTCDateTime, index=True)
    # The member of staff, or the name typed at a failed sign-in, or "cli:USER".
    actor: str = Field(max_length=60)
    action: str = Field(max_length=20, index=True)
    detail: str = Field(default="", max_length=300)
    address: str = Field(default="", max_length=64)


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
