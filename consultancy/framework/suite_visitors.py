"""Each browser of the test suite as a visitor of its own address, in the suite's build only.

The backend counts visitors by address (the trusted-proxy rule, the limits per address), and
every browser of the suite comes from 127.0.0.1. A test names its visitor's address in a
cookie (`COOKIE`); this transformer, installed only when SITE_TEST_HOOKS=1 (scripts/test.sh),
puts that address in X-Forwarded-For of every request and websocket handshake that carries
the cookie, before Reflex or the site reads it. A cookie, not an extra request header:
browsers send cookies on a websocket's upgrade request as on any other, while some builds
leave extra headers off it.

Each handshake on the event socket is also written, as its address, to SITE_TEST_VISITORS_LOG
(a file; every worker appends to it), so the suite can check that the backend saw each
visitor's socket under that visitor's address and fail loudly when it did not.

Without SITE_TEST_HOOKS=1 the app is returned untouched: the production build has no such
way in (tests/production/test_production.py sends the cookie and is still counted as one
address).
"""

from __future__ import annotations

import ipaddress
import os
from http.cookies import CookieError, SimpleCookie

from starlette.types import ASGIApp, Receive, Scope, Send

COOKIE = "site_test_visitor"
EVENT_PATH = "/_event"


def cookie_address(headers: list[tuple[bytes, bytes]]) -> str:
    """The address a request's `COOKIE` names, "" when it names none (or not an address)."""
    jar: SimpleCookie = SimpleCookie()
    for key, value in headers:
        if key.lower() == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except CookieError:
                return ""
    morsel = jar.get(COOKIE)
    if morsel is None:
        return ""
    try:
        return str(ipaddress.ip_address(morsel.value))
    except ValueError:
        return ""


def suite_visitors(app: ASGIApp) -> ASGIApp:
    if os.environ.get("SITE_TEST_HOOKS") != "1":
        return app
    log = os.environ.get("SITE_TEST_VISITORS_LOG", "")

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            address = cookie_address(scope.get("headers", []))
            if address:
                headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"x-forwarded-for"]
                scope = {**scope, "headers": [*headers, (b"x-forwarded-for", address.encode())]}
                if log and scope["type"] == "websocket" and scope.get("path", "").startswith(EVENT_PATH):
                    with open(log, "a", encoding="utf-8") as record:
                        record.write(address + "\n")
        await app(scope, receive, send)

    return serve
