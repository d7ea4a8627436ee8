"""The enquiry form's answer from the backend: errors per field, a refusal, or a reference.

Validation and storage are on the server (consultancy/enquiries): the reference is given
only once the enquiry is committed. What the visitor typed stays in the form (its inputs
are the browser's own), whatever the answer."""

import reflex as rx

from consultancy.enquiries.errors import FormInvalid, LooksAutomated, StoreUnavailable, TooManyEnquiries
from consultancy.enquiries.form import read_form
from consultancy.enquiries.store import submit as store_enquiry
from consultancy.framework.client_state import Shared


class EnquiryState(rx.State):
    errors: dict[str, str] = {}
    reference: str = ""
    problem: str = ""
    # The database could not take the enquiry: the page offers the phone and WhatsApp.
    store_down: bool = False
    # One more for every answer: the page keys a small component on it, whose remounting
    # turns the button's "Sending…" off (see `sending` below).
    answers: int = 0

    @rx.event
    def submit(self, data: dict) -> None:
        self.answers += 1
        self.errors, self.reference, self.problem, self.store_down = {}, "", "", False
        try:
            form = read_form(data)
            self.reference = store_enquiry(form, self.router.session.client_ip)
        except FormInvalid as refused:
            self.errors = dict(refused.errors)
        except (LooksAutomated, TooManyEnquiries) as refused:
            self.problem = refused.message
        except StoreUnavailable as failure:
            self.problem = failure.message
            self.store_down = True


# Set when this page's form is sent: an answer kept from an earlier page load (state
# outlives a reload) is not shown on a fresh page.
sent = Shared("enquiry_sent", False)
# True from the click on "Send enquiry" until the backend's answer arrives: the button is
# disabled and says "Sending…". Set in the browser at once (no round trip) and cleared by the
# answer through a remount, not by a script from the backend (the CSP forbids eval).
sending = Shared("enquiry_sending", False)
