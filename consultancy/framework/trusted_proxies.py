"""The visitor's address, from trusted proxies only.

Reflex takes `X-Forwarded-For` from any peer when REFLEX_TRUSTED_PROXY_HOPS is set, so a
client reaching the backend port directly could name any address it likes. The header counts
only when the peer is one of BACKEND_TRUSTED_PROXIES (addresses or networks; loopback by
default, where nginx runs in deploy/prod.sh); from anyone else the peer's own address counts.
`install` makes Reflex's own socket address (router.session.client_ip) follow this rule;
`request_address` and `socket_address` give it for a plain HTTP request and a socket.
"""

from __future__ import annotations

import os
from typing import Any

from starlette.types import Scope

from consultancy.framework.http_routes import header
from consultancy.framework.networks import listed

TRUSTED_PROXIES = "BACKEND_TRUSTED_PROXIES"
DEFAULT_TRUSTED_PROXIES = "127.0.0.1 ::1"


def trusted_proxy(peer: str) -> bool:
    return listed(peer, TRUSTED_PROXIES, DEFAULT_TRUSTED_PROXIES)


def visitor_address(peer: str, forwarded_for: str) -> str:
    """The visitor's address: the X-Forwarded-For entry REFLEX_TRUSTED_PROXY_HOPS from the
    right when the peer is a trusted proxy, else the peer itself."""
    hops = int(os.environ.get("REFLEX_TRUSTED_PROXY_HOPS", "0").strip() or 0)
    if hops <= 0 or not trusted_proxy(peer):
        return peer
    forwarded = [item.strip() for item in forwarded_for.split(",") if item.strip()]
    return forwarded[-hops] if len(forwarded) >= hops else peer


def peer(scope: Scope) -> str:
    """The address of whoever opened the connection (a proxy, or the visitor)."""
    return (scope.get("client") or ("", 0))[0] or ""


def request_address(scope: Scope) -> str:
    """The visitor's address for a plain HTTP request."""
    return visitor_address(peer(scope), header(scope, b"x-forwarded-for"))


def socket_address(environ: dict) -> str:
    """The visitor's address for a socket, from the environ socket.io keeps of its request."""
    scope = environ.get("asgi.scope", {})
    client = (scope.get("client") or (environ.get("REMOTE_ADDR", ""), 0))[0] or ""
    # A repeated header counts as one list, in order (as Reflex reads it).
    forwarded = ", ".join(v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == b"x-forwarded-for")
    return visitor_address(client, forwarded)


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
