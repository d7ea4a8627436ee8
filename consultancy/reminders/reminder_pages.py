"""The pages the links in the renewal calendar's reminder emails open: GET and POST
/_reminders/unsubscribe?s=ID&t=SIGNATURE and /_reminders/confirm?s=ID&t=SIGNATURE on the
backend, mounted through the framework's plain HTTP routes like the staff sign-in
(staff_http.py).

A GET only shows a page with one button: mail scanners and link previews fetch links, and
must neither stop anyone's reminders nor confirm an address for someone who typed it. The
button posts the same address; for unsubscribing so does a mail client's own "Unsubscribe"
(RFC 8058: body `List-Unsubscribe=One-Click`, announced in the email's List-Unsubscribe-Post
header). No sign-in: the signature (unsubscribe.py, one key per purpose)
is the authority, and a wrong or altered one, or one made for the other link, is refused.
"""

from __future__ import annotations

import asyncio
import html
import re
from urllib.parse import parse_qsl

from sqlalchemy.exc import SQLAlchemyError
from starlette.types import Receive, Scope, Send

from consultancy.content import content
from consultancy.framework.http_routes import read_body, routes
from consultancy.mail import unsubscribe
from consultancy.mail.landing import branded_page
from consultancy.mail.mail_status import mail_moving
from consultancy.mail.unsubscribe import CONFIRM, CONFIRM_PATH, PATH, UNSUBSCRIBE
from consultancy.records.database import transaction
from consultancy.records.errors import StoreUnavailable
from consultancy.records.keys import Purpose
from consultancy.records.models import Enquiry, ReminderSubscription

from . import reminders

BODY_MAX = 1024
# A link's query is short (an id and 32 hex characters); a longer one is no link of ours.
QUERY_MAX = 256
# ASCII digits only: str.isdigit() also takes "²", which int() then refuses.
ID_PATTERN = re.compile(r"[0-9]{1,9}")
# The link carries its signature: it is not passed on to another site, kept in a cache or indexed.
HEADERS = [
    (b"content-type", b"text/html; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-robots-tag", b"noindex, nofollow"),
    (b"x-content-type-options", b"nosniff"),
    (
        b"content-security-policy",
        b"default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    ),
]


def _page(title: str, *paragraphs: str, form_action: str = "", button: tuple[str, str] = ("", "")) -> bytes:
    """A page of the site's own text (nothing a visitor typed); `button` is (id, label)."""
    site = content().site
    body = "".join(f"<p>{text}</p>" for text in paragraphs)
    if form_action:
        button_id, label = button
        body += (
            f'<form method="post" action="{html.escape(form_action)}">'
            f'<button type="submit" class="button button--accent" id="{button_id}">{html.escape(label)}</button>'
            "</form>"
        )
    body += f'<p><a href="{html.escape(site.site_url)}/renewal-calendar">The renewal calendar</a></p>'
    return branded_page(title, f"<h1>{html.escape(title)}</h1>{body}")


async def _answer(send: Send, status: int, page: bytes) -> None:
    headers = [*HEADERS, (b"content-length", str(len(page)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": page})


def _fields(query: str) -> tuple[int | None, str]:
    """(subscription id, signature) from a link's query, (None, "") for anything malformed:
    too long, `s` or `t` missing or given twice, an id that is not a few ASCII digits. Every
    malformed link then gets the same refusal as a wrong signature, never an error."""
    if len(query) > QUERY_MAX:
        return None, ""
    pairs = parse_qsl(query, keep_blank_values=True)
    ids = [value for name, value in pairs if name == "s"]
    signatures = [value for name, value in pairs if name == "t"]
    if len(ids) != 1 or len(signatures) != 1 or ID_PATTERN.fullmatch(ids[0]) is None:
        return None, ""
    return int(ids[0]), signatures[0]


# What a valid link's look-up gives: (subscription id, its lead's reference, stopped, confirmed).
Found = tuple[int, str, bool, bool]


def _find(query: str, purpose: Purpose = UNSUBSCRIBE) -> Found | None:
    """(subscription id, its lead's reference, stopped already, confirmed already) when the
    link's signature is right for `purpose`, else None. Reads the database (call it off the
    event loop)."""
    subscription_id, given = _fields(query)
    if subscription_id is None:
        return None
    with transaction() as session:
        subscription = session.get(ReminderSubscription, subscription_id)
        enquiry = session.get(Enquiry, subscription.enquiry_id) if subscription else None
        if subscription is None or enquiry is None:
            return None
        if not unsubscribe.valid(subscription.id, enquiry.reference, given, purpose):
            return None
        stopped = subscription.unsubscribed_at is not None
        return subscription.id, enquiry.reference, stopped, subscription.confirmed_at is not None


INVALID = (
    "This link does not work",
    "The address may be incomplete (some email programs cut long links) or changed. Use the link in your "
    "latest reminder email, or reply to that email and we will stop the reminders for you.",
)
UNAVAILABLE = (
    "Please try again",
    "We could not reach our records just now. Nothing has changed; please open the link again in a few minutes.",
)


async def _link(
    scope: Scope, receive: Receive, send: Send, purpose: Purpose, invalid: tuple[str, str]
) -> tuple[str, str, Found] | None:
    """(method, query, what `_find` found) for a link signed for `purpose`; None once the
    request has been answered (a method not allowed, a body too long, a bad link, no database)."""
    method = scope.get("method", "GET")
    if method not in {"GET", "HEAD", "POST"}:
        await _answer(send, 405, _page("Not allowed"))
        return None
    query = scope.get("query_string", b"").decode("latin-1")
    if method == "POST" and await read_body(receive, BODY_MAX) is None:
        await _answer(send, 413, _page(*invalid))
        return None
    try:
        found = await asyncio.to_thread(_find, query, purpose)
    except SQLAlchemyError:
        await _answer(send, 503, _page(*UNAVAILABLE))
        return None
    if found is None:
        await _answer(send, 403 if method == "POST" else 400, _page(*invalid))
        return None
    return method, query, found


async def unsubscribe_page(scope: Scope, receive: Receive, send: Send) -> None:
    link = await _link(scope, receive, send, UNSUBSCRIBE, INVALID)
    if link is None:
        return
    method, query, (subscription_id, _, stopped, _) = link
    if method != "POST":
        if stopped:
            await _answer(send, 200, _page("Your reminders are stopped", "We will send you no more reminders."))
            return
        await _answer(
            send,
            200,
            _page(
                "Stop your renewal reminders?",
                "Press the button to stop the reminder emails for your renewal calendar. Nothing else is needed, "
                "and your calendar in your own browser is not changed.",
                form_action=f"{PATH}?{query}",
                button=("unsubscribe-confirm", "Stop my reminders"),
            ),
        )
        return
    try:
        await asyncio.to_thread(reminders.stop, subscription_id)
    except (SQLAlchemyError, StoreUnavailable):
        await _answer(send, 503, _page(*UNAVAILABLE))
        return
    await _answer(
        send,
        200,
        _page(
            "Your reminders are stopped",
            "We will send you no more reminders. To have your details deleted too, reply to any reminder or write "
            "to us: the privacy notice says how.",
        ),
    )


def _confirm_invalid() -> tuple[str, str]:
    days = content().enquiries.reminder_confirm_days
    return (
        "This link does not work",
        "The address may be incomplete (some email programs cut long links) or changed, or the link is more than "
        f"{days} days old: we delete a request for reminders that is not confirmed by then. Ask for the reminders "
        "again on the renewal calendar.",
    )


def _settled_page(stopped: bool, moving: bool = True) -> bytes:
    """The confirmation link's answer once there is nothing left to press; `moving`: the
    site's mail is going out (mail_status.py), else the page says reminders may come late."""
    if stopped:
        return _page(
            "These reminders are stopped",
            "They were stopped with the link in a reminder. To have them again, ask on the renewal calendar.",
        )
    days = " and ".join(str(d) for d in content().enquiries.reminder_days_before)
    delayed = (
        ""
        if moving
        else " Our mail is delayed just now: an email due meanwhile is saved and comes once it can be sent."
    )
    return _page(
        "Your reminders are confirmed",
        f"We will email you {days} days before each date in your list. Every reminder has a link to stop them."
        + delayed,
    )


async def confirm_page(scope: Scope, receive: Receive, send: Send) -> None:
    """The confirmation link: a GET shows the button, the button's POST starts the reminders."""
    link = await _link(scope, receive, send, CONFIRM, _confirm_invalid())
    if link is None:
        return
    method, query, found = link
    subscription_id, _, stopped, confirmed = found
    if stopped or confirmed:
        await _answer(send, 200, _settled_page(stopped))
        return
    if method != "POST":
        await _answer(
            send,
            200,
            _page(
                "Confirm your renewal reminders",
                "Press the button to start the reminder emails for your renewal calendar at this address.",
                form_action=f"{CONFIRM_PATH}?{query}",
                button=("reminders-confirm", "Confirm reminders"),
            ),
        )
        return
    try:
        if not await asyncio.to_thread(reminders.confirm, subscription_id):
            # Stopped, confirmed or deleted since the look-up above: say which.
            found = await asyncio.to_thread(_find, query, CONFIRM)
    except (SQLAlchemyError, StoreUnavailable):
        await _answer(send, 503, _page(*UNAVAILABLE))
        return
    if found is None:
        await _answer(send, 403, _page(*_confirm_invalid()))
        return
    await _answer(send, 200, _settled_page(found[2], await asyncio.to_thread(mail_moving)))


# /_reminders/unsubscribe and /_reminders/confirm in front of Reflex's backend (rx.App's api_transformer).
reminder_routes = routes({PATH: unsubscribe_page, CONFIRM_PATH: confirm_page})
