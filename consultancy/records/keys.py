"""The site's secret keys: one per purpose, each derived or configured on its own.

Every purpose's key is HMAC-SHA256(secret, label), the secret being the purpose's own variable
when it is set, else ENQUIRY_ADDRESS_KEY (the site's secret). One secret is enough to run the
site, and any purpose can be rotated alone by giving it a secret of its own, at the cost that
purpose's rotation has (README, "Keys and their rotation"). No hash the site keeps for one
purpose matches another's, and a key of one purpose opens no other.

Without a real secret (unset, shorter than ADDRESS_KEY_MIN or the public one below) only a demo
runs: the production backend and the command line refuse (`problems`), and the reminders'
links are never signed with the public key (`key(..., strict=True)`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from dataclasses import dataclass

# The key the code fell back on before production refused to start without one of its own;
# anyone can read it here, so it protects nothing.
PUBLIC_ADDRESS_KEY = "consultancy-enquiries"
ADDRESS_KEY_MIN = 32
SITE_SECRET = "ENQUIRY_ADDRESS_KEY"


@dataclass(frozen=True)
class Purpose:
    name: str
    # The purpose's own secret, when it has one (else SITE_SECRET).
    variable: str
    # What HMAC(secret, label) derives the purpose's key from.
    label: bytes


# Visitors' IP addresses in the hourly limits, the sign-in throttle and the event budget.
ADDRESS = Purpose("address", "ENQUIRY_KEY_ADDRESS", b"visitor-address")
# The reminders' links: one key each, so an unsubscribe signature does not confirm, nor a
# confirmation one unsubscribe (labels unchanged: links already mailed stay valid).
UNSUBSCRIBE = Purpose("unsubscribe", "ENQUIRY_KEY_LINKS", b"reminder-unsubscribe")
CONFIRM = Purpose("confirm", "ENQUIRY_KEY_LINKS", b"reminder-confirm")
# Clients' links to their case pages (consultancy/cases/links.py), kept only as this hash of their token.
CASE_LINK = Purpose("case-link", "ENQUIRY_KEY_LINKS", b"client-case-link")
# The erasure ledger's hashes of erased addresses.
LEDGER = Purpose("ledger", "ENQUIRY_KEY_LEDGER", b"erasure-ledger")
# Mailboxes in the confirmation email cap and the reminders' contact limit (recipients.py).
MAILBOX = Purpose("mailbox", "ENQUIRY_KEY_MAILBOX", b"mail-recipient")
# What staff searched for, in the audit (its length and this hash, never the text).
AUDIT = Purpose("audit", "ENQUIRY_KEY_AUDIT", b"audit-search")

PURPOSES = (ADDRESS, UNSUBSCRIBE, CONFIRM, CASE_LINK, LEDGER, MAILBOX, AUDIT)
VARIABLES = tuple(dict.fromkeys(purpose.variable for purpose in PURPOSES))


class NoKey(RuntimeError):
    """No real secret for a purpose that must not run on the public key (the links)."""


def _real(secret: str) -> bool:
    return len(secret) >= ADDRESS_KEY_MIN and secret != PUBLIC_ADDRESS_KEY


def secret_for(purpose: Purpose, *, previous: bool = False) -> str:
    """The purpose's configured secret ("" when none): its own variable, else the site's.
    `previous` reads VARIABLE_PREVIOUS instead (the key before a rotation, where one is kept)."""
    suffix = "_PREVIOUS" if previous else ""
    own = os.environ.get(purpose.variable + suffix, "")
    if own or previous:
        return own
    return os.environ.get(SITE_SECRET, "")


def key(purpose: Purpose, *, strict: bool = False, previous: bool = False) -> bytes:
    """The purpose's key. Without a real secret: NoKey when `strict`, else the public key's
    derivation (a demo's; production refuses to start without a real one)."""
    secret = secret_for(purpose, previous=previous)
    if not _real(secret):
        if strict or previous:
            raise NoKey(
                f"{purpose.variable} or {SITE_SECRET} must be a random secret of at least {ADDRESS_KEY_MIN} "
                f"characters for the {purpose.name} key"
            )
        secret = PUBLIC_ADDRESS_KEY
    return hmac.new(secret.encode(), purpose.label, hashlib.sha256).digest()


def keyed_hash(purpose: Purpose, text: str, *, previous: bool = False) -> str:
    return hmac.new(key(purpose, previous=previous), text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def case_link_token(seed: str) -> str:
    """A client's link token made from its seed under the links' key: the database keeps the
    seed of a link still to be mailed, never the link, and the email is written with it only at
    sending, so a copy of the database without this key holds no working link. 43 characters of
    the URL-safe alphabet, 256 bits, like secrets.token_urlsafe(32)."""
    digest = hmac.new(key(CASE_LINK), b"case-link-seed:" + seed.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def key_id(purpose: Purpose, *, previous: bool = False) -> str:
    """A short name of the key in use, written beside what it hashed (the ledger), so that a
    later reader knows which key to check a line with. It tells nothing of the key."""
    return hmac.new(key(purpose, previous=previous), b"key-id", hashlib.sha256).hexdigest()[:8]


def problems() -> list[str]:
    """What is wrong with the configured secrets; [] when every purpose has a real one."""
    found = []
    site = os.environ.get(SITE_SECRET, "")
    for variable in VARIABLES:
        own = os.environ.get(variable, "")
        if own and not _real(own):
            found.append(f"{variable} must be a random secret of at least {ADDRESS_KEY_MIN} characters")
    if not _real(site) and not all(os.environ.get(variable, "") for variable in VARIABLES):
        found.append(
            f"{SITE_SECRET} must be a random secret of at least {ADDRESS_KEY_MIN} characters (or every one of "
            f"{', '.join(VARIABLES)} set): for example, python -c 'import secrets; print(secrets.token_urlsafe(32))'"
        )
    return found


def is_demo() -> bool:
    """SITE_DEMO=1: a demo or a development machine (make run, the tests), which may run on
    the public key. Anything else is production for the command line and cron."""
    return os.environ.get("SITE_DEMO", "").strip() == "1"
