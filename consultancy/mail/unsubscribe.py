"""The signed links in the reminders' emails: the one-click unsubscribe in every reminder, and
the link in the one email that asks a new subscriber to confirm their address. No sign-in, and
nobody can make a working link for someone else's subscription.

A link carries the subscription's id and an HMAC-SHA256 of the id and its enquiry's reference
(never reused: a link of an erased subscription does not fit a later one with the same id),
with a key of its own per purpose (keys.py: ENQUIRY_KEY_LINKS, else derived from
ENQUIRY_ADDRESS_KEY): an unsubscribe signature does not confirm, nor a confirmation one
unsubscribe. Without a real secret (unset, short, or the public one) no link is made and none is
accepted: the emails wait in the queue rather than go out with a link anyone could forge.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from urllib.parse import urlencode

from consultancy.content import content
from consultancy.records import keys
from consultancy.records.keys import NoKey

PATH = "/_reminders/unsubscribe"
CONFIRM_PATH = "/_reminders/confirm"
# What a signature is for: each has its own key.
UNSUBSCRIBE = keys.UNSUBSCRIBE
CONFIRM = keys.CONFIRM
# 128 bits of the HMAC: as hard to guess as the whole, and a shorter link in the email.
SIGNATURE_CHARS = 32
# What a signature looks like; anything else (non-ASCII above all, which compare_digest refuses
# with an exception) is turned away before any comparison.
SIGNATURE_PATTERN = re.compile(f"[0-9a-f]{{{SIGNATURE_CHARS}}}")


def signature(subscription_id: int, reference: str, purpose: keys.Purpose = UNSUBSCRIBE) -> str:
    """Raises NoKey without a real secret: links are never signed with the public key."""
    text = f"{subscription_id}:{reference}".encode()
    return hmac.new(keys.key(purpose, strict=True), text, hashlib.sha256).hexdigest()[:SIGNATURE_CHARS]


def valid(subscription_id: int, reference: str, given: object, purpose: keys.Purpose = UNSUBSCRIBE) -> bool:
    """True when `given` is the signature for this subscription and purpose (False without a key)."""
    if not isinstance(given, str) or SIGNATURE_PATTERN.fullmatch(given) is None:
        return False
    try:
        expected = signature(subscription_id, reference, purpose)
    except NoKey:
        return False
    return hmac.compare_digest(expected, given)


def base_url() -> str:
    """Where the backend answers visitors: BACKEND_PUBLIC_URL for a backend on a host of its
    own (static hosting), else the site's address (nginx passes the path to the backend)."""
    for name in ("BACKEND_PUBLIC_URL", "PUBLIC_URL", "SITE_PUBLIC_URL"):
        value = os.environ.get(name, "").strip().rstrip("/")
        if value.startswith(("https://", "http://")):
            return value
    return content().site.site_url.rstrip("/")


def unsubscribe_url(subscription_id: int, reference: str) -> str:
    query = urlencode({"s": subscription_id, "t": signature(subscription_id, reference)})
    return f"{base_url()}{PATH}?{query}"


def confirm_url(subscription_id: int, reference: str) -> str:
    query = urlencode({"s": subscription_id, "t": signature(subscription_id, reference, CONFIRM)})
    return f"{base_url()}{CONFIRM_PATH}?{query}"
