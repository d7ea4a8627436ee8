"""The renewal calendar's optional reminders by email: an email address, the consent the
enquiry form asks for (components/consent.py), and the visitor's list in a hidden field that
the calendar keeps filled. Nothing is sent until the visitor presses the button."""

import reflex as rx
from reflex.vars.base import Var

from consultancy.components.consent import consent
from consultancy.content import content
from consultancy.framework.assets import shared_asset

from .state import ReminderState, reminders_sent

PREFIX = "reminders"
FORM_ID = "reminders-form"
HELD_INPUT_ID = "reminders-held"
# After this long without an answer the form says it is not sent (as the enquiry form does).
UNSENT_AFTER_MS = 4000


class ReminderSend(rx.Component):
    """Sending…, the not-sent notice and the browser's key for the list (reminder_send.jsx)."""

    library = shared_asset("reminder_send.jsx", __name__).importable_path
    tag = "ReminderSend"
    form_id: Var[str]
    answers: Var[int]
    wait_ms: Var[int]


def _shown(value: rx.Var) -> rx.Var:
    return reminders_sent.value & value


def _error(field: str) -> rx.Component:
    return rx.el.p(
        rx.cond(_shown(ReminderState.errors.contains(field)), ReminderState.errors[field], ""),
        id=f"{PREFIX}-{field}-error",
        class_name="field__error",
    )


def _answer() -> rx.Component:
    days = content().enquiries.reminder_confirm_days
    return rx.el.div(
        rx.cond(
            _shown(ReminderState.reference != ""),
            rx.el.div(
                rx.el.p(
                    # Only what is true: "check your email" while the mail is moving, else saved.
                    rx.cond(
                        ReminderState.emailing,
                        rx.el.strong("Now check your email. "),
                        rx.el.strong("Your request is saved. "),
                    ),
                    rx.cond(
                        ReminderState.held,
                        "A member of our staff will check it first; then we email you a link. ",
                        rx.cond(
                            ReminderState.emailing,
                            # The email may wait: one mailbox gets at most one such email a day.
                            "We are emailing you a link (an address gets at most one such email a day from us, "
                            "so it may come tomorrow). ",
                            rx.cond(
                                ReminderState.waiting,
                                # A cap held it (recipients.py): said plainly, as staff see it.
                                "Our email to you with a link has not gone yet: we limit how many such emails go to "
                                "one address, to one domain and to everyone in a day, and yours will go with a later "
                                "run once the limit allows. ",
                                "Our email to you with a link has not gone yet: our mail is delayed just now, and "
                                "the email will come once it can be sent. ",
                            ),
                        ),
                    ),
                    f"Press the link within {days} days to start the reminders; until then we send none. ",
                    "Your reference is ",
                    rx.el.strong(ReminderState.reference),
                    ".",
                ),
                class_name="enquiry__sent",
                id="reminders-saved",
            ),
        ),
        rx.cond(
            _shown(ReminderState.problem != ""),
            rx.el.p(ReminderState.problem, class_name="enquiry__problem", id="reminders-problem"),
        ),
        role="status",
        aria_live="polite",
    )


def reminder_form() -> rx.Component:
    data = content()
    days = " and ".join(str(d) for d in data.enquiries.reminder_days_before)
    invalid = rx.cond(_shown(ReminderState.errors.contains("email")), "true", "false")
    return rx.el.section(
        rx.el.h2("Reminders by email (optional)", id="reminders-title", class_name="section__title"),
        rx.el.p(
            "Everything above stays in this browser. Only if you ask for reminders here do your list and "
            f"email address reach us: we email you a link to confirm, then a reminder {days} days before each "
            "date in it.",
            id="reminders-privacy",
        ),
        rx.el.form(
            rx.el.div(
                rx.el.label("Email", html_for=f"{PREFIX}-email", class_name="field__label"),
                rx.el.input(
                    type="email",
                    id=f"{PREFIX}-email",
                    name="email",
                    auto_complete="email",
                    aria_describedby=f"{PREFIX}-email-error",
                    aria_invalid=invalid,
                    class_name="field__input",
                ),
                _error("email"),
                class_name="field field--email",
            ),
            consent(
                PREFIX,
                purpose=(
                    "We use your email address and this list only to send you these reminders, once you confirm "
                    "them from the email we send you, and our staff see them as a request for help with these "
                    "renewals. We keep them until you stop the reminders (a link in every email) or the last date "
                    "in the list has passed, and at most "
                    f"{data.enquiries.reminder_confirm_days} days if you do not confirm them; the request is then "
                    f"kept like an enquiry, at most {data.enquiries.retention_months} months."
                ),
                agree=f"I agree that {data.site.name} may keep my list and email address to send me these reminders.",
                error=_error("consent"),
            ),
            rx.el.input(type="hidden", name="held", id=HELD_INPUT_ID, default_value="{}"),
            rx.el.input(type="hidden", name="client_key", id=f"{PREFIX}-client-key", default_value=""),
            rx.el.div(
                rx.el.button("Email me reminders", type="submit", class_name="button button--accent"),
                class_name="enquiry__actions",
            ),
            on_submit=[reminders_sent.set(True), ReminderState.subscribe],
            id=FORM_ID,
            class_name="enquiry__form",
            aria_labelledby="reminders-title",
            no_validate=True,
        ),
        ReminderSend.create(form_id=FORM_ID, answers=ReminderState.answers, wait_ms=UNSENT_AFTER_MS),
        _answer(),
        class_name="renewals__remind enquiry no-print",
        aria_labelledby="reminders-title",
    )
