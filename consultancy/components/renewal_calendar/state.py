"""The reminders form's answer from the backend: errors per field, a refusal, or a reference.

The list travels only when the visitor sends this form (the page keeps it in the browser
otherwise); storing and checking are in consultancy/reminders/reminders.py."""

import reflex as rx

from consultancy.content import content
from consultancy.framework.client_state import Shared
from consultancy.framework.elements import FormData
from consultancy.mail.mail_status import mail_moving
from consultancy.records.errors import FormInvalid, StoreUnavailable, TooManyEnquiries
from consultancy.reminders.reminders import NothingToRemind, subscribe


def not_saved_message() -> str:
    site = content().site
    return (
        "Sorry, we could not save your reminders just now. Your email address and list are still here: "
        f"please try again in a few minutes, or call us on {site.phone}."
    )


class ReminderState(rx.State):
    errors: dict[str, str] = {}
    reference: str = ""
    # Over a limit: kept for staff to check; the confirmation email waits until they have.
    held: bool = False
    # The confirmation email can be expected soon: a mail server is set up and the queue is
    # moving (mail_status.py). Otherwise the page says the request is saved and the email
    # will come once it can be sent, never that it was emailed.
    emailing: bool = False
    # Not held, but the confirmation email waits for a cap on such emails (recipients.py).
    waiting: bool = False
    problem: str = ""
    # One more for every answer: the page's sender (reminder_send.jsx) knows one arrived.
    answers: int = 0

    @rx.event
    def subscribe(self, data: FormData) -> None:
        self.answers += 1
        self.errors, self.reference, self.held, self.problem, self.emailing = {}, "", False, "", False
        self.waiting = False
        if not isinstance(data, FormData | dict):
            data = {}
        key = data.get("client_key")
        try:
            receipt = subscribe(
                data.get("email"),
                data.get("held"),
                data.get("consent"),
                self.router.session.client_ip,
                client_key=key if isinstance(key, str) and len(key) <= 64 else "",
            )
        except FormInvalid as refused:
            self.errors = dict(refused.errors)
        except NothingToRemind as refused:
            self.problem = refused.message
        except (TooManyEnquiries, StoreUnavailable):
            self.problem = not_saved_message()
        else:
            self.reference, self.held, self.waiting = receipt.reference, receipt.held, receipt.waiting
            self.emailing = not receipt.held and not receipt.waiting and mail_moving()


# Set when this page's reminders form is sent: an answer kept from an earlier page load is not shown.
reminders_sent = Shared("reminders_sent", False)
