"""What can go wrong, as exception types the pages catch. Each carries `message`: plain
words a visitor or a member of staff can read as they are."""

from __future__ import annotations

from datetime import datetime


class EnquiryError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class FormInvalid(EnquiryError):
    """One or more fields are wrong; `errors` maps each field name to its message."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{field}: {text}" for field, text in errors.items()))
        self.errors = errors


class LooksAutomated(EnquiryError):
    """The hidden honeypot field was filled in, as only a program would."""


class TooManyEnquiries(EnquiryError):
    """This address has sent the most enquiries an hour allows."""


class StoreUnavailable(EnquiryError):
    """The database could not be reached or refused the write: nothing was stored."""


class StoreFull(StoreUnavailable):
    """The store's absolute cap on enquiries a day is reached: nothing was stored, and the
    visitor must be offered the other ways to reach the firm."""


class OverShare(StoreFull):
    """The sending address's or network's share of the store is spent for the day: nothing was
    stored (it was counted for staff), and the visitor is told as at the cap."""


class NotSignedIn(EnquiryError):
    """No valid staff session: the token is missing, unknown or expired."""

    def __init__(self, message: str = "Please sign in.") -> None:
        super().__init__(message)


class SignInRefused(EnquiryError):
    """Wrong name or password (deliberately not saying which)."""


class AccountLocked(EnquiryError):
    def __init__(self, message: str, until: datetime) -> None:
        super().__init__(message)
        self.until = until
