"""The enquiry form as the server checks it: `read_form(data)` turns what the page sent into
an `EnquiryForm`, or raises FormInvalid with one plain message per wrong field.

Every message names its field ("Enter a 10-digit Indian mobile or phone number, ..."), so
it reads right next to the field and on its own. Values come from a websocket any program
can write to, so nothing is assumed about their type or size.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError

from consultancy.content import content
from consultancy.content.contract import SERVICE_ROUTES
from consultancy.records.errors import FormInvalid, LooksAutomated
from consultancy.records.models import EMAIL_MAX, NAME_MAX, ORGANISATION_MAX

NOT_SURE = "not-sure"
OUTSIDE_ODISHA = "outside-odisha"
# The hidden field only programs fill in; the page keeps it out of sight and out of tab order.
HONEYPOT = "website"

# The form's fields in page order, with the label the page shows.
LABELS: dict[str, str] = {
    "name": "Name",
    "phone": "Phone",
    "email": "Email",
    "organisation": "Organisation (optional)",
    "service": "Service",
    "district": "District of the project (optional)",
    "message": "Message (optional)",
    "consent": "Consent",
}

PHONE_MESSAGE = "Enter a 10-digit Indian mobile or phone number, for example +91 98765 43210"
EMAIL_MESSAGE = "Enter your email address, for example name@example.com"
# Either contact is enough: many visitors on a phone have no email address they use.
CONTACT_MESSAGE = "Enter a phone number or an email address (one is enough), so that we can reply"
SERVICE_MESSAGE = "Choose at least one service, or “Not sure”"
# Every service a visitor can name at once.
SERVICES_MAX = 30
DISTRICT_MESSAGE = "Choose the district of the project from the list, or leave it empty"
CONSENT_MESSAGE = "Tick the consent box so that we may use these details to answer your enquiry"
HONEYPOT_MESSAGE = (
    "Sorry, this enquiry looks as if a program sent it, so it was not saved. "
    "If you filled the form in yourself, please call us or write to us on WhatsApp."
)

# What a missing or unreadable value of each field gets.
REQUIRED: dict[str, str] = {
    "name": "Enter your name",
    "phone": PHONE_MESSAGE,
    "email": EMAIL_MESSAGE,
    "organisation": "Enter your organisation's name, or leave it empty",
    "service": SERVICE_MESSAGE,
    "district": DISTRICT_MESSAGE,
    "message": "Write your message as plain text, or leave it empty",
    "consent": CONSENT_MESSAGE,
}

# The HTML form's own rule for an email address (what type="email" accepts), with a dot
# required in the domain: an address the firm can actually write back to.
_EMAIL = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"
)
# +91, 0091, 91 or a trunk 0, then ten digits not starting with 0 (mobiles start 6-9,
# landlines with their STD code 1-8). Spaces, hyphens, dots and brackets are dropped first.
_PHONE = re.compile(r"^(?:\+91|0091|91|0)?([1-9]\d{9})$")
_PHONE_SEPARATORS = re.compile(r"[\s\-.()]")
_CONSENT_WORDS = {"on", "true", "yes", "1"}


def indian_number(value: int) -> str:
    """1,02,400: digits grouped the way Indian readers group them."""
    digits = str(value)
    if len(digits) <= 3:
        return digits
    head, tail = digits[:-3], digits[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return ",".join([*groups, tail])


def email_address(value: Any) -> str | None:
    """The address in lower case, or None when `value` is not one the firm can write to."""
    if not isinstance(value, str):
        return None
    email = value.strip().lower()
    return email if len(email) <= EMAIL_MAX and _EMAIL.match(email) else None


def consent_given(value: Any) -> bool:
    """An HTML checkbox's value: an unticked one sends nothing, a ticked one "on"."""
    return value is True or (isinstance(value, str) and value.strip().lower() in _CONSENT_WORDS)


def _fail(message: str) -> PydanticCustomError:
    return PydanticCustomError("enquiry_field", message)


def _unreadable(text: str, allow_newlines: bool) -> bool:
    """Control characters and lone surrogates: invisible, and refused by databases (NUL)
    or by UTF-8 itself. Joiners used in Odia and other Indian scripts are allowed."""
    for char in text:
        category = unicodedata.category(char)
        if category == "Cs":
            return True
        if category == "Cc" and not (allow_newlines and char in "\n\t"):
            return True
    return False


def _text(value: Any, field: str, *, max_length: int, required: bool, one_line: bool = True) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise _fail(REQUIRED[field])
    text = value.replace("\r\n", "\n").replace("\r", "\n")
    # Single-line fields: tabs or pasted line breaks become single spaces.
    text = " ".join(text.split()) if one_line else text.strip()
    # Length first: a 10 MB message is refused without reading it character by character.
    if len(text) > max_length:
        raise _fail(_too_long(field, len(text), max_length))
    if required and not text:
        raise _fail(REQUIRED[field])
    if _unreadable(text, allow_newlines=not one_line):
        raise _fail(f"The {LABELS[field].split(' (')[0].lower()} contains characters we cannot read; please retype it")
    return text


def _too_long(field: str, length: int, limit: int) -> str:
    what = {"name": "Your name", "organisation": "The organisation's name", "message": "Your message"}[field]
    return (
        f"{what} is too long: {indian_number(length)} characters, and the limit is {indian_number(limit)}. "
        "Please shorten it."
    )


class EnquiryForm(BaseModel):
    """A visitor's enquiry as it will be stored: trimmed, phone as +91XXXXXXXXXX, email in
    lower case. Build it with `read_form`, which reports every field's problem at once."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str
    # Either may be "", not both (`_one_contact`).
    phone: str = ""
    email: str = ""
    organisation: str = ""
    # Every service chosen, in the list's order, each once.
    services: tuple[str, ...]
    district: str = ""
    # Optional: the services and a phone number are enough for the firm to call back.
    message: str = ""
    consent: bool

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str:
        return _text(value, "name", max_length=NAME_MAX, required=True)

    @property
    def service(self) -> str:
        """The first service chosen."""
        return self.services[0]

    @field_validator("phone", mode="before")
    @classmethod
    def _phone(cls, value: Any) -> str:
        if value is None or (isinstance(value, str) and not value.strip()):
            return ""
        if not isinstance(value, str) or len(value) > 40:
            raise _fail(PHONE_MESSAGE)
        match = _PHONE.match(_PHONE_SEPARATORS.sub("", value))
        if not match:
            raise _fail(PHONE_MESSAGE)
        return "+91" + match.group(1)

    @field_validator("email", mode="before")
    @classmethod
    def _email(cls, value: Any) -> str:
        if value is None or (isinstance(value, str) and not value.strip()):
            return ""
        email = email_address(value)
        if email is None:
            raise _fail(EMAIL_MESSAGE)
        return email

    @field_validator("organisation", mode="before")
    @classmethod
    def _organisation(cls, value: Any) -> str:
        return _text(value, "organisation", max_length=ORGANISATION_MAX, required=False)

    @field_validator("services", mode="before")
    @classmethod
    def _services(cls, value: Any) -> tuple[str, ...]:
        chosen = [value] if isinstance(value, str) else value
        if not isinstance(chosen, list | tuple) or not 0 < len(chosen) <= SERVICES_MAX:
            raise _fail(SERVICE_MESSAGE)
        known = service_values()
        if not all(isinstance(v, str) and v in known for v in chosen):
            raise _fail(SERVICE_MESSAGE)
        order = {route: n for n, (route, _) in enumerate(service_choices())}
        return tuple(sorted(set(chosen), key=order.__getitem__))

    @field_validator("district", mode="before")
    @classmethod
    def _district(cls, value: Any) -> str:
        value = "" if value is None else value
        if not isinstance(value, str) or (value and value not in district_values()):
            raise _fail(DISTRICT_MESSAGE)
        return value

    @field_validator("message", mode="before")
    @classmethod
    def _message(cls, value: Any) -> str:
        limit = content().enquiries.message_max_length
        return _text(value, "message", max_length=limit, required=False, one_line=False)

    @field_validator("consent", mode="before")
    @classmethod
    def _consent(cls, value: Any) -> bool:
        if consent_given(value):
            return True
        raise _fail(CONSENT_MESSAGE)

    @model_validator(mode="after")
    def _one_contact(self) -> EnquiryForm:
        if not self.phone and not self.email:
            raise _fail(CONTACT_MESSAGE)
        return self


def read_form(data: Mapping[str, Any]) -> EnquiryForm:
    """The enquiry in `data` (the form's field names as keys), checked.

    Raises LooksAutomated when the hidden honeypot field is filled in (checked first:
    a program's enquiry gets no hints about the other fields) and FormInvalid with
    `errors` = {field: message} in page order when any field is wrong.
    """
    if not isinstance(data, Mapping):
        raise FormInvalid({field: REQUIRED[field] for field in LABELS})
    trap = data.get(HONEYPOT)
    if trap is not None and (not isinstance(trap, str) or trap.strip()):
        raise LooksAutomated(HONEYPOT_MESSAGE)
    fields = {key: data.get(key) for key in LABELS if key != "service"}
    fields["services"] = _chosen_services(data)
    errors: dict[str, str] = {}
    if all(not (isinstance(fields[f], str) and fields[f].strip()) for f in ("phone", "email")):
        # Neither contact given: both fields say so, as either one would do.
        errors = {"phone": CONTACT_MESSAGE, "email": CONTACT_MESSAGE}
    try:
        form = EnquiryForm.model_validate(fields)
    except ValidationError as error:
        for problem in error.errors():
            field = str(problem["loc"][0]) if problem["loc"] else ""
            field = "service" if field == "services" else field
            if field in LABELS and field not in errors:
                errors[field] = problem["msg"] if problem["type"] == "enquiry_field" else REQUIRED[field]
    if errors:
        raise FormInvalid({field: errors[field] for field in LABELS if field in errors})
    return form


def _chosen_services(data: Mapping[str, Any]) -> Any:
    """The services as sent: one value per ticked box in a submitted form (Reflex's FormData
    keeps them all), or a list (an enquiry kept in the browser and sent again), or one string."""
    values = data.getlist("service") if hasattr(data, "getlist") else [data.get("service")]
    if len(values) == 1:
        return values[0]
    return values


def service_values() -> frozenset[str]:
    return frozenset(SERVICE_ROUTES) | {NOT_SURE}


def district_values() -> frozenset[str]:
    return frozenset(d.slug for d in content().enquiries.districts) | {OUTSIDE_ODISHA}


def service_choices() -> list[tuple[str, str]]:
    """(value, label) for the services: Not sure first (the answer of most first-time visitors),
    then the services in menu order."""
    return [(NOT_SURE, "Not sure"), *((s.route, s.name) for s in content().services)]


def district_choices() -> list[tuple[str, str]]:
    """(value, label) for the district select: Odisha's districts, then Outside Odisha.
    The page adds an empty first option: the district is optional."""
    return [(d.slug, d.name) for d in content().enquiries.districts] + [(OUTSIDE_ODISHA, "Outside Odisha")]


def service_label(value: str) -> str:
    return dict(service_choices()).get(value, value)


def services_label(values: list[str] | tuple[str, ...]) -> str:
    """ "Fire NOC; PESO licence": every service chosen, by name."""
    return "; ".join(service_label(v) for v in values)


def district_label(value: str) -> str:
    return dict(district_choices()).get(value, value) if value else ""
