"""The enquiry form without JavaScript: POST /_enquiries/send on the backend, mounted
through the framework's plain HTTP routes like the staff sign-in (staff_http.py), and the
form's `action` on every page (nginx passes it on; deploy/nginx.conf.in).

The page's own script sends the form over the websocket and never uses this. A browser
without scripts posts the fields here (in the body, never in the address): they are checked
as the websocket's are, and a valid enquiry is stored as held (such a browser cannot do the
page's check, release.py), never refused for a limit. The answer is a plain page: the
reference, what is wrong with which field, or, when nothing could be stored, the other ways
to reach the firm. A post from another site's page is refused (its Origin).
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Iterator, Mapping
from urllib.parse import parse_qsl, urlsplit

from starlette.types import Receive, Scope, Send

from consultancy.content import content
from consultancy.forms.enquiry_form import LABELS, read_form
from consultancy.framework.http_routes import header, read_body, routes
from consultancy.framework.trusted_proxies import request_address
from consultancy.records.errors import FormInvalid, LooksAutomated, StoreUnavailable

from . import store

PATH = "/_enquiries/send"
# The longest message, every character escaped in UTF-8 (Odia: 9 bytes each), and the rest.
BODY_MAX = 64 * 1024
HEADERS = [
    (b"content-type", b"text/html; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-robots-tag", b"noindex, nofollow"),
    (b"x-content-type-options", b"nosniff"),
    (
        b"content-security-policy",
        b"default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
        b"base-uri 'none'",
    ),
]


class Fields(Mapping[str, str]):
    """A posted form's fields: a field's first value, and `getlist` for every value of a
    repeated one (the ticked services), as Reflex's FormData gives them."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self._pairs = pairs

    def __getitem__(self, name: str) -> str:
        for key, value in self._pairs:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(key for key, _ in self._pairs))

    def __len__(self) -> int:
        return len(dict.fromkeys(key for key, _ in self._pairs))

    def getlist(self, name: str) -> list[str]:
        return [value for key, value in self._pairs if key == name]


def _page(title: str, *paragraphs: str) -> bytes:
    """A page of the site's own words; `paragraphs` are HTML made here (escaped already)."""
    site = content().site
    body = "".join(f"<p>{text}</p>" for text in paragraphs)
    return (
        '<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow">'
        f'<title>{html.escape(title)} | {html.escape(site.name)}</title><link rel="stylesheet" href="/css/site.css">'
        f'</head><body><main class="container" id="main"><h1>{html.escape(title)}</h1>{body}'
        '<p><a href="/contact-us">Back to the contact page</a></p></main></body></html>'
    ).encode()


def _other_ways() -> str:
    site = content().site
    return (
        f'<a href="{html.escape(site.tel_href)}">Call {html.escape(site.phone)}</a>, '
        f'<a href="{html.escape(site.chat_href)}">write to us on WhatsApp</a> or email '
        f'<a href="mailto:{html.escape(site.email)}">{html.escape(site.email)}</a>.'
    )


async def _answer(send: Send, status: int, page: bytes) -> None:
    headers = [*HEADERS, (b"content-length", str(len(page)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": page})


def _from_this_site(scope: Scope) -> bool:
    """No Origin (an older browser), or this site's own host: never another site's page."""
    origin = header(scope, b"origin")
    if header(scope, b"sec-fetch-site") == "cross-site":
        return False
    if not origin:
        return True
    host = urlsplit("//" + header(scope, b"host")).hostname
    return host is not None and urlsplit(origin).hostname == host


def _received(reference: str) -> bytes:
    site = content().site
    return _page(
        "Received",
        f'Your enquiry <strong id="enquiry-reference">{html.escape(reference)}</strong> is saved; please keep the '
        "reference. It came from a browser without JavaScript, so a member of our staff will check it before we "
        "reply.",
        f"If it is urgent, call us on {html.escape(site.phone)} ({html.escape(site.office_hours)}).",
    )


def _invalid(errors: dict[str, str]) -> bytes:
    items = "".join(
        f"<li>{html.escape(LABELS.get(field, field).split(' (')[0])}: {html.escape(text)}</li>"
        for field, text in errors.items()
    )
    return _page(
        "Not sent: please check the form",
        f"Nothing was saved. Go back (your browser's Back button keeps what you typed) and put right:</p><ul>{items}"
        "</ul><p>Or reach us another way: " + _other_ways(),
    )


async def send_enquiry(scope: Scope, receive: Receive, send: Send) -> None:
    if scope.get("method") != "POST":
        await _answer(send, 405, _page("Not allowed", "Send the form from the contact page."))
        return
    if not _from_this_site(scope):
        await _answer(send, 403, _page("Not allowed", "Send the form from our own contact page."))
        return
    body = await read_body(receive, BODY_MAX)
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True) if body is not None else None
    except UnicodeDecodeError:
        pairs = None
    if pairs is None:
        await _answer(
            send, 413, _page("Not sent", "The form was too long to read. Reach us another way: " + _other_ways())
        )
        return
    fields = Fields(pairs)
    try:
        form = read_form(fields)
        receipt = await asyncio.to_thread(store.receive, form, request_address(scope), hold=True)
    except FormInvalid as refused:
        await _answer(send, 400, _invalid(refused.errors))
    except LooksAutomated as refused:
        await _answer(send, 400, _page("Not sent", html.escape(refused.message)))
    except StoreUnavailable as failure:
        await _answer(send, 503, _page("Not sent yet", html.escape(failure.message), "Reach us now: " + _other_ways()))
    else:
        await _answer(send, 200, _received(receipt.reference))


# POST /_enquiries/send in front of Reflex's backend (rx.App's api_transformer).
form_routes = routes({PATH: send_enquiry})
