"""The staff inbox's sign-in and sign-out, and the session cookie they set.

Signing in and out are plain HTTP form posts to the backend (POST /_staff/sign-in and
/_staff/sign-out, mounted through the framework's plain HTTP routes), never websocket events:
the answer sets the session token in a cookie that no script on the page can read
(HttpOnly), that the browser sends only to this site's own requests (SameSite=Strict), and
only over https (Secure; plain http is allowed on a loopback host, for tests). The page then
loads again, and its new websocket's handshake carries the cookie; every inbox event reads
the token from that socket's own request headers (`session_token`). Reflex's tab token
therefore grants nothing: a socket opened with a copied tab token but without the cookie
sees an empty inbox. The address a sign-in is throttled by is the visitor's as the
trusted-proxy rule gives it (consultancy/framework/trusted_proxies.py).

Over https only the `__Host-` cookies count: a browser sets a `__Host-` cookie only for this
very host, over https, with Path=/ and no Domain, so a sibling subdomain cannot plant one. The
plain `staff` cookie is read only over plain http on a loopback host (the tests).

Besides the session: a long-lived device cookie names the browser (known_places.py), and
two posts need the password typed again: the bulk export (with the second factor) and the
change of one's own password. Neither password ever travels over the websocket.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterable
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import urlsplit

from starlette.types import Receive, Scope, Send

from consultancy.framework.http_routes import Handler, header, read_form, routes
from consultancy.framework.trusted_proxies import peer, request_address, trusted_proxy
from consultancy.records.errors import NotSignedIn, SignInRefused, StoreUnavailable
from consultancy.staff import staff
from consultancy.staff.passwords import WeakPassword

from . import inbox

SIGN_IN_PATH = "/_staff/sign-in"
SIGN_OUT_PATH = "/_staff/sign-out"
EXPORT_PATH = "/_staff/export"
PASSWORD_PATH = "/_staff/password"
INBOX_PATH = "/staff"
SECURE_COOKIE = "__Host-staff"
LOOPBACK_COOKIE = "staff"
SECURE_DEVICE_COOKIE = "__Host-staff-device"
LOOPBACK_DEVICE_COOKIE = "staff-device"
DEVICE_COOKIE_DAYS = 180
BODY_MAX = 4096
CSV_NAME = "enquiries.csv"
# What the inbox page says after each answer (?signin=...), in the enquiries' own words.
ANSWERS = ("refused", "missing", "unavailable", "insecure")


def _is_https(scope: Scope) -> bool:
    # SITE_PUBLIC_URL (deploy/prod.sh): behind a TLS proxy and nginx, the backend itself only
    # ever sees http, and the site's address says what the visitor's browser uses.
    if scope.get("scheme") == "https" or os.environ.get("SITE_PUBLIC_URL", "").startswith("https://"):
        return True
    return trusted_proxy(peer(scope)) and header(scope, b"x-forwarded-proto").split(",")[-1].strip() == "https"


def _loopback_host(scope: Scope) -> bool:
    host = urlsplit("//" + header(scope, b"host")).hostname or ""
    return host in {"127.0.0.1", "::1", "localhost"}


def _same_origin(scope: Scope) -> bool:
    """A form posted by this site's own page: the browser's Origin names this host (the
    login itself must not be forgeable from another site). By host name: nginx passes the
    Host without the port."""
    origin = header(scope, b"origin")
    if not origin or origin == "null":
        return header(scope, b"sec-fetch-site") in {"", "same-origin"} and not origin
    host = urlsplit("//" + header(scope, b"host")).hostname
    return host is not None and urlsplit(origin).hostname == host


def _cookie_value(cookie_header: str, names: tuple[str, ...]) -> str:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(cookie_header or "")
    except CookieError:
        return ""
    for name in names:
        if name in jar and jar[name].value:
            return jar[name].value
    return ""


def parse_token(cookie_header: str, *, loopback_http: bool = False) -> str:
    """The staff session token from a Cookie header, "" when there is none: the `__Host-`
    cookie, and the plain one only for a request over plain http to a loopback host."""
    names = (SECURE_COOKIE, LOOPBACK_COOKIE) if loopback_http else (SECURE_COOKIE,)
    return _cookie_value(cookie_header, names)


def parse_device(cookie_header: str, *, loopback_http: bool = False) -> str:
    """The browser's device token (known_places.py), under the same rule as the session's."""
    names = (SECURE_DEVICE_COOKIE, LOOPBACK_DEVICE_COOKIE) if loopback_http else (SECURE_DEVICE_COOKIE,)
    return _cookie_value(cookie_header, names)


def _plain_loopback(scope: Scope) -> bool:
    return _loopback_host(scope) and not _is_https(scope)


def _socket_plain_loopback(headers: Any) -> bool:
    """The same rule for a websocket's handshake, from the headers Reflex kept of it: its
    Origin says whether the page was loaded over https."""
    host = urlsplit("//" + (getattr(headers, "host", "") or "")).hostname or ""
    origin = getattr(headers, "origin", "") or ""
    raw = getattr(headers, "raw_headers", {}) or {}
    https = (
        origin.startswith("https://")
        or os.environ.get("SITE_PUBLIC_URL", "").startswith("https://")
        or str(raw.get("x-forwarded-proto", "")).split(",")[-1].strip() == "https"
    )
    return host in {"127.0.0.1", "::1", "localhost"} and not https


def session_token(router: Any) -> str:
    """The token from the cookie of this event's own websocket handshake (Reflex fills
    `router.headers` from the socket's request, whatever the client sends with an event)."""
    headers = router.headers
    return parse_token(getattr(headers, "cookie", "") or "", loopback_http=_socket_plain_loopback(headers))


def _cookie(scope: Scope, token: str, *, clear: bool = False, device: bool = False) -> bytes:
    secure = _is_https(scope)
    if device:
        name = SECURE_DEVICE_COOKIE if secure else LOOPBACK_DEVICE_COOKIE
    else:
        name = SECURE_COOKIE if secure else LOOPBACK_COOKIE
    parts = [f"{name}={'' if clear else token}", "Path=/", "HttpOnly", "SameSite=Strict"]
    if secure:
        parts.append("Secure")
    if clear:
        parts.append("Max-Age=0")
    elif device:
        parts.append(f"Max-Age={DEVICE_COOKIE_DAYS * 86400}")
    return "; ".join(parts).encode("latin-1")


def _request_token(scope: Scope) -> str:
    return parse_token(header(scope, b"cookie"), loopback_http=_plain_loopback(scope))


async def _respond(send: Send, location: str, cookies: Iterable[bytes] = ()) -> None:
    headers = [
        (b"location", location.encode()),
        (b"cache-control", b"no-store"),
        (b"content-length", b"0"),
        *((b"set-cookie", cookie) for cookie in cookies),
    ]
    await send({"type": "http.response.start", "status": 303, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


async def _attachment(send: Send, text: str, filename: str) -> None:
    body = text.encode("utf-8")
    headers = [
        (b"content-type", b"text/csv; charset=utf-8"),
        (b"content-disposition", f'attachment; filename="{filename}"'.encode("latin-1")),
        (b"cache-control", b"no-store"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _refuse(send: Send, status: int) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})


async def _after_refusal(started: float) -> None:
    """Wait until a refusal has taken as long as a checked try would have (staff.refusal_floor):
    on the event loop, so a flood of refusals holds no thread."""
    await asyncio.sleep(max(0.0, staff.refusal_floor() - (time.monotonic() - started)))


def _device(scope: Scope) -> str:
    return parse_device(header(scope, b"cookie"), loopback_http=_plain_loopback(scope))


async def _sign_in(scope: Scope, receive: Receive, send: Send) -> None:
    form = await read_form(receive, BODY_MAX)
    if form is None:
        await _refuse(send, 413)
        return
    if not _is_https(scope) and not _loopback_host(scope):
        await _respond(send, f"{INBOX_PATH}?signin=insecure")
        return
    name, password, code = form.get("name", ""), form.get("password", ""), form.get("code", "")
    if not name.strip() or not password:
        await _respond(send, f"{INBOX_PATH}?signin=missing")
        return
    device = _device(scope)
    started = time.monotonic()
    try:
        # scrypt takes about half a second: off the event loop, so other visitors wait for nothing.
        ticket = await asyncio.to_thread(
            staff.sign_in,
            name,
            password,
            code,
            address=request_address(scope),
            device=device,
            agent=header(scope, b"user-agent"),
        )
    except SignInRefused:
        await _after_refusal(started)
        await _respond(send, f"{INBOX_PATH}?signin=refused")
        return
    except StoreUnavailable:
        await _respond(send, f"{INBOX_PATH}?signin=unavailable")
        return
    cookies = [_cookie(scope, ticket.token)]
    if ticket.device:
        cookies.append(_cookie(scope, ticket.device, device=True))
    await _respond(send, INBOX_PATH, cookies)


async def _sign_out(scope: Scope, receive: Receive, send: Send) -> None:
    await read_form(receive, BODY_MAX)
    token = _request_token(scope)
    if token:
        await asyncio.to_thread(inbox.sign_out, token, address=request_address(scope))
    await _respond(send, INBOX_PATH, [_cookie(scope, "", clear=True)])


async def _export(scope: Scope, receive: Receive, send: Send) -> None:
    """The CSV of every enquiry, after the password and second factor typed again: the
    answer is the file itself (the page stays as it is), or back to the inbox saying why."""
    form = await read_form(receive, BODY_MAX)
    if form is None:
        await _refuse(send, 413)
        return
    token, address = _request_token(scope), request_address(scope)
    started = time.monotonic()
    try:
        await asyncio.to_thread(
            staff.reauthenticate,
            token,
            form.get("password", ""),
            form.get("code", ""),
            address=address,
            device=_device(scope),
        )
        text = await asyncio.to_thread(inbox.export_csv, token, address=address)
    except (SignInRefused, staff.ReauthNeeded):
        await _after_refusal(started)
        await _respond(send, f"{INBOX_PATH}?export=refused")
        return
    except NotSignedIn:
        await _respond(send, INBOX_PATH)
        return
    except StoreUnavailable:
        await _respond(send, f"{INBOX_PATH}?export=unavailable")
        return
    await _attachment(send, text, CSV_NAME)


async def _password(scope: Scope, receive: Receive, send: Send) -> None:
    """A member of staff's own new password, after the current one."""
    form = await read_form(receive, BODY_MAX)
    if form is None:
        await _refuse(send, 413)
        return
    new = form.get("new", "")
    if new != form.get("again", ""):
        await _respond(send, f"{INBOX_PATH}?password=differ")
        return
    started = time.monotonic()
    try:
        await asyncio.to_thread(
            staff.change_password,
            _request_token(scope),
            form.get("current", ""),
            new,
            address=request_address(scope),
            device=_device(scope),
        )
    except WeakPassword as weak:
        await _respond(send, f"{INBOX_PATH}?password={weak.reason}")
        return
    except SignInRefused:
        await _after_refusal(started)
        await _respond(send, f"{INBOX_PATH}?password=refused")
        return
    except NotSignedIn:
        await _respond(send, INBOX_PATH)
        return
    except StoreUnavailable:
        await _respond(send, f"{INBOX_PATH}?password=unavailable")
        return
    await _respond(send, f"{INBOX_PATH}?password=changed")


def _posted_from_this_site(handler: Handler) -> Handler:
    """Only a POST, and only from this site's own page."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] != "POST":
            await _refuse(send, 405)
            return
        if not _same_origin(scope):
            await _refuse(send, 403)
            return
        await handler(scope, receive, send)

    return guarded


# POST /_staff/sign-in and /_staff/sign-out in front of Reflex's backend (rx.App's api_transformer).
staff_routes = routes(
    {
        SIGN_IN_PATH: _posted_from_this_site(_sign_in),
        SIGN_OUT_PATH: _posted_from_this_site(_sign_out),
        EXPORT_PATH: _posted_from_this_site(_export),
        PASSWORD_PATH: _posted_from_this_site(_password),
    }
)
