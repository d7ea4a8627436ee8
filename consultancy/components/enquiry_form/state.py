"""The enquiry form's answer from the backend: errors per field, a refusal, or a reference.

Validation and storage are on the server (consultancy/enquiries): the reference is given
only once the enquiry is committed. What the visitor typed stays in the form (its inputs
are the browser's own), whatever the answer; an enquiry that cannot reach the backend is
kept in the browser and sent again under the same key (keeper.jsx)."""

import reflex as rx
from sqlalchemy.exc import SQLAlchemyError

from consultancy.enquiries import release
from consultancy.enquiries.limits import held_message
from consultancy.enquiries.reply import reply_by
from consultancy.enquiries.store import receive
from consultancy.forms.enquiry_form import read_form
from consultancy.framework.client_state import Shared
from consultancy.framework.elements import FormData
from consultancy.records.errors import FormInvalid, LooksAutomated, StoreUnavailable, TooManyEnquiries
from consultancy.records.models import utcnow


class EnquiryState(rx.State):
    errors: dict[str, str] = {}
    reference: str = ""
    problem: str = ""
    # The database could not take the enquiry, or it was refused over the caps on held
    # enquiries: the page offers the phone and WhatsApp.
    store_down: bool = False
    # Stored over a limit, for staff to check first: the page says so instead of thanking.
    held: str = ""
    # "today by 6:30 pm": when the firm will reply, from the office hours.
    reply_by: str = ""
    # The browser's key of the enquiry this answer is for: the page forgets its kept copy.
    answered_key: str = ""
    # One more for every answer: the page keys a small component on it, whose remounting
    # turns the button's "Sending…" off (see `sending` below).
    answers: int = 0
    # Held: the check this browser may pass to send it straight to the inbox (release.js),
    # "" when there is none to do. The held reference it is for stays on the backend.
    challenge: str = ""
    challenge_bits: int = release.PROOF_BITS
    _challenge_for: str = ""

    @rx.event
    def submit(self, data: FormData) -> None:
        self.answers += 1
        self.errors, self.reference, self.problem, self.store_down, self.held = {}, "", "", False, ""
        self.challenge, self._challenge_for = "", ""
        key = data.get("client_key") if isinstance(data, FormData | dict) else None
        self.answered_key = key if isinstance(key, str) and len(key) <= 64 else ""
        try:
            form = read_form(data)
            receipt = receive(form, self.router.session.client_ip, client_key=self.answered_key)
        except FormInvalid as refused:
            self.errors = dict(refused.errors)
        except LooksAutomated as refused:
            self.problem = refused.message
        except TooManyEnquiries as refused:
            self.problem, self.store_down = refused.message, True
        except StoreUnavailable as failure:
            self.problem = failure.message
            self.store_down = True
        else:
            self.reference = receipt.reference
            self.held = held_message(receipt.reference) if receipt.held else ""
            self.reply_by = reply_by(utcnow())
            if receipt.held:
                self.challenge, self._challenge_for = release.new_challenge(), receipt.reference

    @rx.event
    def release_held(self, nonce: str) -> None:
        """The browser passed the check: the held enquiry goes to the inbox as new."""
        challenge, reference = self.challenge, self._challenge_for
        # Used once, whatever the answer.
        self.challenge, self._challenge_for = "", ""
        if not reference or reference != self.reference or not release.proof_valid(challenge, nonce):
            return
        try:
            if release.release(reference, self.router.session.client_ip):
                self.held = ""
        except (SQLAlchemyError, StoreUnavailable):
            # Still held, as it was: staff will check it.
            pass

    @rx.event
    def release_gave_up(self) -> None:
        self.challenge, self._challenge_for = "", ""


# Set when this page's form is sent: an answer kept from an earlier page load (state
# outlives a reload) is not shown on a fresh page.
sent = Shared("enquiry_sent", False)
# True from the click on "Send enquiry" until the backend's answer arrives: the button is
# disabled and says "Sending…". Set in the browser at once (no round trip) and cleared by the
# answer through a remount, not by a script from the backend (the CSP forbids eval).
sending = Shared("enquiry_sending", False)
