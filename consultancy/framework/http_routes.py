"""Plain HTTP routes on Reflex's backend, in front of it through `api_transformer`.

Some answers cannot be websocket events: a sign-in that sets an HttpOnly cookie, a link in an
email that must work without JavaScript. The site's features keep those endpoints beside
their own code and hand them to `routes`, whose result goes into `rx.App(api_transformer=...)`;
this module holds what every such endpoint needs from the ASGI request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Receive, Scope, Send

Handler = Callable[[Scope, Receive, Send], Awaitable[None]]


def routes(handlers: Mapping[str, Handler]) -> Callable[[ASGIApp], ASGIApp]:
    """An `api_transformer`: an HTTP request to one of these paths goes to its handler, any
    other request (and every websocket) to Reflex."""
    table = dict(handlers)

    def transformer(app: ASGIApp) -> ASGIApp:
        async def serve(scope: Scope, receive: Receive, send: Send) -> None:
            handler = table.get(scope.get("path", "")) if scope["type"] == "http" else None
            if handler is None:
                await app(scope, receive, send)
                return
            await handler(scope, receive, send)

        return serve

    return transformer


def header(scope: Scope, name: bytes) -> str:
    """The request's first header called `name` (lower case), "" when it has none."""
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None once it grows past `limit` bytes (the rest unread)."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if len(body) > limit:
            return None
        if not message.get("more_body"):
            return body


async def read_form(receive: Receive, limit: int) -> dict[str, str] | None:
    """A posted form's fields (application/x-www-form-urlencoded), None when the body is over
    `limit` bytes or not UTF-8."""
    body = await read_body(receive, limit)
    if body is None:
        return None
    try:
        return dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    except UnicodeDecodeError:
        return None
