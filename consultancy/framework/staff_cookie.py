"""The staff session's cookie, and the visitor's address from trusted proxies only.

Signing in and out are plain HTTP form posts to the backend (POST /_staff/sign-in and
/_staff/sign-out, routed here through Reflex's `api_transformer`), never websocket events:
the answer sets the session token in a cookie that no script on the page can read
(HttpOnly), that the browser sends only to this site's own requests (SameSite=Strict), and
only over https (Secure; plain http is allowed on a loopback host, for tests). The page then
loads again, and its new websocket's handshake carries the cookie; every inbox event reads
the token from that socket's own request headers (`session_token`). Reflex's tab token
therefore grants nothing: a socket opened with a copied tab token but without the cookie
sees an empty inbox.

The visitor's address: Reflex takes `X-Forwarded-For` from any peer when
REFLEX_TRUSTED_PROXY_HOPS is set, so a client reaching the backend port directly could name
any address it likes. `install` makes Reflex believe the header only when the socket's peer
is one of BACKEND_TRUSTED_PROXIES (space-separated addresses or networks; loopback by
default, where nginx runs in deploy/prod.sh); from anyone else the peer's own address counts.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import os
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

SIGN_IN_PATH = "/_staff/sign-in"
SIGN_OUT_PATH = "/_staff/sign-out"
INBOX_PATH = "/staff"
SECURE_COOKIE = "__Host-staff"
LOOPBACK_COOKIE = "staff"
BODY_MAX = 4096
# What the inbox page says after each answer (?signin=...), in the enquiries' own words.
ANSWERS = ("refused", "missing", "unavailable", "insecure")


@functools.cache
def _trusted_networks(setting: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    networks = []
    for item in setting.split():
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise RuntimeError(f"BACKEND_TRUSTED_PROXIES: {item!r} is not an address or network") from None
    return tuple(networks)


def trusted_proxy(peer: str) -> bool:
    setting = os.environ.get("BACKEND_TRUSTED_PROXIES", "127.0.0.1 ::1")
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    if address.version == 6 and address.ipv4_mapped:
        address = address.ipv4_mapped
    return any(address in network for network in _trusted_networks(setting))


def visitor_address(peer: str, forwarded_for: str) -> str:
    """The visitor's address: the X-Forwarded-For entry REFLEX_TRUSTED_PROXY_HOPS from the
    right when the peer is a trusted proxy, else the peer itself."""
    hops = int(os.environ.get("REFLEX_TRUSTED_PROXY_HOPS", "0").strip() or 0)
    if hops <= 0 or not trusted_proxy(peer):
        return peer
    forwarded = [item.strip() for item in forwarded_for.split(",") if item.strip()]
    return forwarded[-hops] if len(forwarded) >= hops else peer


def socket_address(environ: dict) -> str:
    """The visitor's address for a socket, from the environ socket.io keeps of its request."""
    scope = environ.get("asgi.scope", {})
    peer = (scope.get("client") or (environ.get("REMOTE_ADDR", ""), 0))[0] or ""
    # A repeated header counts as one list, in order (as Reflex reads it).
    forwarded = ", ".join(v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == b"x-forwarded-for")
    return visitor_address(peer, forwarded)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def _scope_address(scope: Scope) -> str:
    peer = (scope.get("client") or ("", 0))[0] or ""
    return visitor_address(peer, _header(scope, b"x-forwarded-for"))


def _is_https(scope: Scope) -> bool:
    # SITE_PUBLIC_URL (deploy/prod.sh): behind a TLS proxy and nginx, the backend itself only
    # ever sees http, and the site's address says what the visitor's browser uses.
    if scope.get("scheme") == "https" or os.environ.get("SITE_PUBLIC_URL", "").startswith("https://"):
        return True
    peer = (scope.get("client") or ("", 0))[0] or ""
    return trusted_proxy(peer) and _header(scope, b"x-forwarded-proto").split(",")[-1].strip() == "https"


def _loopback_host(scope: Scope) -> bool:
    host = urlsplit("//" + _header(scope, b"host")).hostname or ""
    return host in {"127.0.0.1", "::1", "localhost"}


def _same_origin(scope: Scope) -> bool:
    """A form posted by this site's own page: the browser's Origin names this host (the
    login itself must not be forgeable from another site). By host name: nginx passes the
    Host without the port."""
    origin = _header(scope, b"origin")
    if not origin or origin == "null":
        return _header(scope, b"sec-fetch-site") in {"", "same-origin"} and not origin
    host = urlsplit("//" + _header(scope, b"host")).hostname
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


async def _respond(send: Send, location: str, cookies: list[bytes] = ()) -> None:
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


async def _form(receive: Receive) -> dict[str, str] | None:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if len(body) > BODY_MAX:
            return None
        if not message.get("more_body"):
            break
    try:
        return dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    except UnicodeDecodeError:
        return None


async def _sign_in(scope: Scope, receive: Receive, send: Send) -> None:
    from consultancy.enquiries import staff
    from consultancy.enquiries.errors import SignInRefused, StoreUnavailable

    form = await _form(receive)
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
        ticket = await asyncio.to_thread(staff.sign_in, name, password, address=_scope_address(scope))
    except SignInRefused:
        await _respond(send, f"{INBOX_PATH}?signin=refused")
        return
    except StoreUnavailable:
        await _respond(send, f"{INBOX_PATH}?signin=unavailable")
        return
    await _respond(send, INBOX_PATH, [_cookie(scope, ticket.token)])


async def _sign_out(scope: Scope, receive: Receive, send: Send) -> None:
    from consultancy.enquiries import staff

    await _form(receive)
    token = parse_token(_header(scope, b"cookie"))
    if token:
        await asyncio.to_thread(staff.sign_out, token)
    await _respond(send, INBOX_PATH, [_cookie(scope, "", clear=True)])


def staff_routes(app: ASGIApp) -> ASGIApp:
    """POST /_staff/sign-in and /_staff/sign-out in front of Reflex's backend."""
    handlers = {SIGN_IN_PATH: _sign_in, SIGN_OUT_PATH: _sign_out}

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        handler = handlers.get(scope.get("path", "")) if scope["type"] == "http" else None
        if handler is None:
            await app(scope, receive, send)
            return
        if scope["method"] != "POST":
            await _refuse(send, 405)
            return
        if not _same_origin(scope):
            await _refuse(send, 403)
            return
        await handler(scope, receive, send)

    return serve


def install() -> None:
    """Reflex's socket address (router.session.client_ip) from trusted proxies only."""
    from reflex.app import EventNamespace
    from reflex_base import constants

    original = EventNamespace._build_static_router_data
    if getattr(original, "_consultancy", False):
        return

    def build(self: EventNamespace, sid: str, environ: dict) -> dict[str, Any]:
        data = original(self, sid, environ)
        data[constants.RouteVar.CLIENT_IP] = socket_address(environ)
        return data

    build._consultancy = True  # type: ignore[attr-defined]
    EventNamespace._build_static_router_data = build  # type: ignore[method-assign]
