"""A held enquiry moved straight into the inbox by a small check its sender's browser passes:
a proof of work (release.js finds a number whose SHA-256 with the challenge starts with
`PROOF_BITS` zero bits: a fraction of a second on a laptop, a few seconds on a slow phone;
nothing to see, type or hear, and no third-party service). The challenge is made by the
backend for one held enquiry and kept in that visitor's backend state, so it is used once.

Failing or skipping it (a post without JavaScript, a resend of an enquiry kept in the
browser, a script that does not run the page) leaves the enquiry held: it is never refused.
An address releases at most `RELEASED_PER_ADDRESS_PER_HOUR` this way in an hour, so a
script that computes proofs itself still cannot fill the inbox; the rest stay held.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from sqlmodel import Session, func, select

from consultancy.records.addresses import address_key
from consultancy.records.database import write
from consultancy.records.models import HELD, Enquiry, EnquiryNote, RecentSubmission, utcnow

from . import limits, notifications

# 2^14 tries on average.
PROOF_BITS = 14
RELEASED_PER_ADDRESS_PER_HOUR = 20
NOTE = (
    "Released from Held by the visitor's browser, which passed the form's automatic check (a small "
    "proof of work) after the enquiry arrived over a limit."
)


def new_challenge() -> str:
    return secrets.token_hex(16)


def proof_valid(challenge: str, nonce: object, bits: int = PROOF_BITS) -> bool:
    """SHA-256 of "challenge:nonce" starts with `bits` zero bits."""
    if not challenge or not isinstance(nonce, str) or not nonce.isascii() or not nonce.isdigit() or len(nonce) > 12:
        return False
    digest = int.from_bytes(hashlib.sha256(f"{challenge}:{nonce}".encode()).digest(), "big")
    return digest >> (256 - bits) == 0


def _released_from(session: Session, key: str, now: datetime) -> int:
    """Enquiries from this address in the hour that were held and are not any more."""
    return session.exec(
        select(func.count())
        .select_from(RecentSubmission)
        .join(Enquiry, RecentSubmission.enquiry_id == Enquiry.id)
        .where(
            RecentSubmission.address_key == key,
            RecentSubmission.created_at >= now - limits.RATE_WINDOW,
            Enquiry.held_at.is_not(None),  # type: ignore[union-attr]
            Enquiry.status != HELD,
        )
    ).one()


def release(reference: str, address: str, *, now: datetime | None = None) -> bool:
    """Move the held enquiry `reference` to new, its email queued (or in the digest); False
    when it is not held any more or the address has released its share this hour."""
    now = now or utcnow()
    key = address_key(address)

    def work(session: Session) -> bool:
        enquiry = session.exec(select(Enquiry).where(Enquiry.reference == reference)).first()
        if enquiry is None or enquiry.status != HELD or enquiry.id is None:
            return False
        if _released_from(session, key, now) >= RELEASED_PER_ADDRESS_PER_HOUR:
            return False
        enquiry.status = "new"
        enquiry.status_changed_at = now
        session.add(enquiry)
        session.add(EnquiryNote(enquiry_id=enquiry.id, author="website", text=NOTE, created_at=now))
        if not notifications.has_email(session, enquiry.id):
            notifications.notify(session, enquiry, now, held=False)
        return True

    return write(work)
