"""The enquiry form: the full one on /contact-us, a short one in each service page's
closing band with the service already chosen.

The inputs are the browser's own (what the visitor typed is never lost, whatever the
server answers); the server checks the fields (pydantic, consultancy/forms/enquiry_form.py)
and answers with an error next to each wrong field, a polite refusal, or a reference."""

import reflex as rx
from reflex.vars.base import Var

from consultancy.components.consent import consent
from consultancy.components.ui import link
from consultancy.content import content
from consultancy.enquiries.form_post import PATH as NO_SCRIPT_PATH
from consultancy.forms.enquiry_form import HONEYPOT, LABELS, district_choices
from consultancy.framework.assets import shared_asset
from consultancy.framework.behaviour import after_mount

from .picker import service_picker
from .prefill import enquiry_prefill
from .state import EnquiryState, sending, sent

# After this long without an answer the form says the enquiry is not sent yet.
UNSENT_AFTER_MS = 4000


class EnquiryKeeper(rx.Component):
    """Keeps an unsent enquiry in the browser and sends it again (keeper.jsx)."""

    library = shared_asset("keeper.jsx", __name__).importable_path
    tag = "EnquiryKeeper"
    form_id: Var[str]
    answers: Var[int]
    answered_key: Var[str]
    stored: Var[bool]
    store_down: Var[bool]
    has_errors: Var[bool]
    wait_ms: Var[int]
    firm: Var[str]
    phone: Var[str]
    tel_href: Var[str]
    chat_number: Var[str]
    email: Var[str]
    on_resend: rx.EventHandler[lambda data: [data]]


class KeptEnquiry(rx.Component):
    """On a later visit, asks what to do with an enquiry kept from an earlier one (keeper.jsx)."""

    library = shared_asset("keeper.jsx", __name__).importable_path
    tag = "KeptEnquiry"
    form_id: Var[str]
    edit_page: Var[str]


class HeldRelease(rx.Component):
    """The browser's check that sends a held enquiry straight to the inbox (release.js)."""

    library = shared_asset("release.js", __name__).importable_path
    tag = "HeldRelease"
    challenge: Var[str]
    bits: Var[int]
    on_solved: rx.EventHandler[lambda nonce: [nonce]]
    on_gave_up: rx.EventHandler[lambda: []]


class FormEnd(rx.Component):
    """Moves the call bar and the connection notice aside while Send or the not-sent notice
    is on the screen (form_end.jsx)."""

    library = shared_asset("form_end.jsx", __name__).importable_path
    tag = "FormEnd"
    form_id: Var[str]


SHORT_FIELDS = ("name", "phone", "email", "service", "message")
AUTOCOMPLETE = {"name": "name", "phone": "tel", "email": "email", "organisation": "organization"}
INPUT_TYPES = {"phone": "tel", "email": "email"}


def _shown(value: rx.Var) -> rx.Var:
    """Only answers to a form sent from this page load are shown."""
    return sent.value & value


def _error(prefix: str, field: str) -> rx.Component:
    return rx.el.p(
        rx.cond(_shown(EnquiryState.errors.contains(field)), EnquiryState.errors[field], ""),
        id=f"{prefix}-{field}-error",
        class_name="field__error",
    )


def _control(prefix: str, field: str, short: bool) -> rx.Component:
    control_id = f"{prefix}-{field}"
    common = {
        "id": control_id,
        "name": field,
        "aria_describedby": f"{prefix}-{field}-error",
        "aria_invalid": rx.cond(_shown(EnquiryState.errors.contains(field)), "true", "false"),
        "class_name": "field__input",
    }
    if field == "district":
        return rx.el.select(
            rx.el.option("Choose a district…", value=""),
            *[rx.el.option(label, value=value) for value, label in district_choices()],
            default_value="",
            **common,
        )
    if field == "message":
        return rx.el.textarea(rows=3 if short else 5, max_length=content().enquiries.message_max_length, **common)
    return rx.el.input(type=INPUT_TYPES.get(field, "text"), auto_complete=AUTOCOMPLETE[field], **common)


def _services(prefix: str, service: str | None) -> rx.Component:
    """As many as apply: the page's own service ticked (a service page) or "Not sure" (the
    contact page) in view, every other service one tap away (picker.py)."""
    invalid = rx.cond(_shown(EnquiryState.errors.contains("service")), "true", "false")
    return rx.el.fieldset(
        rx.el.legend("Services ", rx.el.span("(one or more)", class_name="field__hint")),
        *service_picker(prefix, service, invalid),
        _error(prefix, "service"),
        class_name="field field--service",
    )


def _field(prefix: str, field: str, service: str | None) -> rx.Component:
    if field == "service":
        return _services(prefix, service)
    return rx.el.div(
        rx.el.label(LABELS[field], html_for=f"{prefix}-{field}", class_name="field__label"),
        _control(prefix, field, short=service is not None),
        _error(prefix, field),
        class_name=f"field field--{field}",
    )


def _consent(prefix: str) -> rx.Component:
    data = content()
    return consent(
        prefix,
        purpose=(
            "We use these details only to answer your enquiry and keep a record of it, and delete them "
            f"{data.enquiries.retention_months} months after it is closed."
        ),
        agree=f"I agree that {data.site.name} may use these details to answer my enquiry.",
        error=_error(prefix, "consent"),
    )


def _trap(prefix: str) -> rx.Component:
    """A field people never see or reach; programs that fill every field fill it."""
    return rx.el.div(
        rx.el.label("Leave this field empty", html_for=f"{prefix}-{HONEYPOT}"),
        rx.el.input(id=f"{prefix}-{HONEYPOT}", name=HONEYPOT, type="text", tab_index=-1, auto_complete="off"),
        class_name="field--trap",
        aria_hidden="true",
    )


def _answer() -> rx.Component:
    site = content().site
    return rx.el.div(
        rx.cond(
            _shown(EnquiryState.reference != ""),
            rx.cond(
                EnquiryState.held != "",
                # Kept, but over a limit: no thanks for a reply we cannot promise yet.
                rx.el.div(
                    rx.el.p(rx.el.strong(EnquiryState.held)),
                    rx.cond(
                        EnquiryState.challenge != "",
                        rx.el.p(
                            "This browser is doing a quick automatic check that can send it straight to our "
                            "inbox; you need do nothing, and it is kept either way.",
                            id="enquiry-checking",
                        ),
                    ),
                    rx.el.p(
                        "Once it is checked we will reply, at the earliest ",
                        EnquiryState.reply_by,
                        f" (our hours: {site.office_hours}). If it is urgent, call us on {site.phone}.",
                    ),
                    class_name="enquiry__sent enquiry__sent--held",
                    id="enquiry-held",
                    # Focused when it arrives (keeper.jsx), so a screen reader reads it.
                    tab_index=-1,
                ),
                rx.el.div(
                    rx.el.p(
                        rx.el.strong("Thank you. Your enquiry reference is "), rx.el.strong(EnquiryState.reference)
                    ),
                    rx.el.p(
                        "Please keep it. One of our consultants will call or write to you ",
                        rx.el.strong(EnquiryState.reply_by, id="enquiry-reply-by"),
                        f" (our hours: {site.office_hours}). If it is urgent, call us on {site.phone}.",
                    ),
                    class_name="enquiry__sent",
                    id="enquiry-sent",
                    tab_index=-1,
                ),
            ),
        ),
        rx.cond(
            _shown(EnquiryState.problem != ""),
            rx.el.div(
                rx.el.p(EnquiryState.problem),
                rx.cond(
                    EnquiryState.store_down,
                    rx.el.p(
                        link(f"Call {site.phone}", href=site.tel_href),
                        " or ",
                        link(
                            "write to us on WhatsApp", href=site.chat_href, target="_blank", rel="noopener noreferrer"
                        ),
                        ": what you typed is still in the form.",
                    ),
                ),
                class_name="enquiry__problem",
                id="enquiry-problem",
            ),
        ),
        role="status",
        aria_live="polite",
    )


def enquiry_form(*, short: bool = False, service: str | None = None) -> rx.Component:
    """The full form, or (`short`) name, phone, email, service and message, with `service`
    (a service route) chosen already."""
    prefix = "quick" if short else "enquiry"
    fields = SHORT_FIELDS if short else tuple(f for f in LABELS if f != "consent")
    site = content().site
    return rx.el.div(
        # Shown above the form, so that whoever opens it decides first.
        KeptEnquiry.create(form_id=f"{prefix}-form", edit_page="/contact-us#enquiry"),
        rx.el.form(
            # What must be filled in, in the order the form asks for it (the form's rules:
            # consultancy/forms/enquiry_form.py); the rest helps but is never needed.
            rx.el.p(
                "Needed: your name, and a phone or an email. The rest is optional.",
                class_name="enquiry__hint",
                id=f"{prefix}-needed",
            ),
            rx.el.div(*[_field(prefix, f, service) for f in fields], class_name="enquiry__fields"),
            _consent(prefix),
            _trap(prefix),
            # Made in the browser (keeper.jsx): the same enquiry sent twice is stored once.
            rx.el.input(type="hidden", name="client_key", id=f"{prefix}-client-key", default_value=""),
            rx.el.div(
                rx.el.button(
                    # While the not-sent notice shows, the stylesheet shows the second label
                    # (keeper.jsx marks the form): the enquiry waits, it is not being sent.
                    rx.cond(
                        sending.value,
                        rx.fragment(
                            rx.el.span("Sending…", class_name="send__now"),
                            rx.el.span("Waiting for the connection…", class_name="send__waiting"),
                        ),
                        "Send enquiry",
                    ),
                    type="submit",
                    disabled=sending.value,
                    aria_busy=rx.cond(sending.value, "true", "false"),
                    class_name="button button--accent",
                ),
                rx.el.p(
                    "Prefer to talk? ",
                    link(f"Call {site.phone}", href=site.tel_href),
                    " or ",
                    link("write to us on WhatsApp", href=site.chat_href, target="_blank", rel="noopener noreferrer"),
                    ".",
                    class_name="enquiry__talk",
                ),
                class_name="enquiry__actions",
            ),
            on_submit=[sent.set(True), sending.set(True), EnquiryState.submit],
            id=f"{prefix}-form",
            class_name=rx.cond(_shown(EnquiryState.reference != ""), "enquiry__form is-sent", "enquiry__form"),
            aria_label="Enquiry",
            # React sends it over the websocket; a browser without scripts posts it (the fields
            # in the body, never in the address) to the backend, which stores it as held.
            method="post",
            action=NO_SCRIPT_PATH,
            no_validate=True,
        ),
        EnquiryKeeper.create(
            form_id=f"{prefix}-form",
            answers=EnquiryState.answers,
            answered_key=EnquiryState.answered_key,
            stored=EnquiryState.reference != "",
            store_down=EnquiryState.store_down,
            has_errors=_shown(EnquiryState.errors.length() > 0),
            wait_ms=UNSENT_AFTER_MS,
            firm=site.name,
            phone=site.phone,
            tel_href=site.tel_href,
            chat_number=site.chat.number,
            email=site.email,
            on_resend=[sent.set(True), sending.set(True), EnquiryState.submit],
        ),
        FormEnd.create(form_id=f"{prefix}-form"),
        HeldRelease.create(
            challenge=rx.cond(_shown(EnquiryState.held != ""), EnquiryState.challenge, ""),
            bits=EnquiryState.challenge_bits,
            on_solved=EnquiryState.release_held,
            on_gave_up=EnquiryState.release_gave_up,
        ),
        # Services and message from the address (a link from the approvals finder).
        *([] if short else [enquiry_prefill(prefix)]),
        _answer(),
        # Mounted anew with each answer from the backend, which ends "Sending…".
        after_mount(delay=0, on_fire=sending.set(False), key=EnquiryState.answers.to_string()),
        class_name="enquiry" + (" enquiry--short" if short else ""),
    )
