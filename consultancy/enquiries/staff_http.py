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
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterable
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import urlsplit

from starlette.types import Receive, Scope, Send

from consultancy.framework.http_routes import Handler, header, read_form, routes
from consultancy.framework.trusted_proxies import peer, request_address, trusted_proxy

from . import inbox, staff
from .errors import SignInRefused, StoreUnavailable

SIGN_IN_PATH = "/_staff/sign-in"
SIGN_OUT_PATH = "/_staff/sign-out"
INBOX_PATH = "/staff"
SECURE_COOKIE = "__Host-staff"
LOOPBACK_COOKIE = "staff"
BODY_MAX = 4096
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


def parse_token(cookie_header: str) -> str:
    """The staff session token from a Cookie header, "" when there is none."""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(cookie_header or "")
    except CookieError:
        return ""
    for name in (SECURE_COOKIE, LOOPBACK_COOKIE):
        if name in jar and jar[name].value:
            return jar[name].value
    return ""


def session_token(router: Any) -> str:
    """The token from the cookie of this event's own websocket handshake (Reflex fills
    `router.headers` from the socket's request, whatever the client sends with an event)."""
    return parse_token(getattr(router.headers, "cookie", "") or "")


def _cookie(scope: Scope, token: str, *, clear: bool = False) -> bytes:
    secure = _is_https(scope)
    name = SECURE_COOKIE if secure else LOOPBACK_COOKIE
    parts = [f"{name}={'' if clear else token}", "Path=/", "HttpOnly", "SameSite=Strict"]
    if secure:
        parts.append("Secure")
    if clear:
        parts.append("Max-Age=0")
    return "; ".join(parts).encode("latin-1")


async def _respond(send: Send, location: str, cookies: Iterable[bytes] = ()) -> None:
    headers = [
        (b"location", location.encode()),
        (b"cache-control", b"no-store"),
        (b"content-length", b"0"),
        *((b"set-cookie", cookie) for cookie in cookies),
    ]
    await send({"type": "http.response.start", "status": 303, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


async def _refuse(send: Send, status: int) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})


async def _sign_in(scope: Scope, receive: Receive, send: Send) -> None:
    form = await read_form(receive, BODY_MAX)
    if form is None:
        await _refuse(send, 413)
        return
    if not _is_https(scope) and not _loopback_host(scope):
        await _respond(send, f"{INBOX_PATH}?signin=insecure")
        return
    name, password = form.get("name", ""), form.get("password", "")
    if not name.strip() or not password:
        await _respond(send, f"{INBOX_PATH}?signin=missing")
        return
    try:
        # scrypt takes about half a second: off the event loop, so other visitors wait for nothing.
        ticket = await asyncio.to_thread(staff.sign_in, name, password, address=request_address(scope))
    except SignInRefused:
        await _respond(send, f"{INBOX_PATH}?signin=refused")
        return
    except StoreUnavailable:
        await _respond(send, f"{INBOX_PATH}?signin=unavailable")
        return
    await _respond(send, INBOX_PATH, [_cookie(scope, ticket.token)])


async def _sign_out(scope: Scope, receive: Receive, send: Send) -> None:
    await read_form(receive, BODY_MAX)
    token = parse_token(header(scope, b"cookie"))
    if token:
        await asyncio.to_thread(inbox.sign_out, token, address=request_address(scope))
    await _respond(send, INBOX_PATH, [_cookie(scope, "", clear=True)])


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
    {SIGN_IN_PATH: _posted_from_this_site(_sign_in), SIGN_OUT_PATH: _posted_from_this_site(_sign_out)}
)
