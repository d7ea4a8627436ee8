"""ASGI tweaks for `reflex run --single-port`, what production nginx does (deploy/nginx.conf.in).

Clean URLs without a redirect hop: Reflex's static server (Starlette) answers /about with a
307 to /about/ because the export has about/index.html. The canonical URLs have no trailing
slash, and on a slow phone network the extra round trip costs real time, so the request is
served from the prerendered file directly (nginx: try_files).

Pages are always revalidated, so a new build shows at once (Starlette sends no
Cache-Control, and browsers guess a freshness from Last-Modified), except a page fetched
ahead of the click (`Sec-Purpose: prefetch`, consultancy/framework/next_pages.py), which may be used
for five minutes without asking again.
"""

import os
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from consultancy.framework.next_pages import PREFETCH_CACHE_CONTROL

# Wherever this server's build is (`make export` and `make prod` build elsewhere).
STATIC_DIR = (
    Path(os.environ.get("REFLEX_WEB_WORKDIR", Path(__file__).resolve().parents[2] / ".web")) / "build" / "client"
)


def _is_prefetch(scope: Scope) -> bool:
    return any(name == b"sec-purpose" and value.startswith(b"prefetch") for name, value in scope["headers"])


def clean_urls(app: ASGIApp) -> ASGIApp:
    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path: str = scope["path"]
            last = path.rsplit("/", 1)[-1]
            page = "." not in last
            if path != "/" and last and page and (STATIC_DIR / path.lstrip("/") / "index.html").is_file():
                scope = {**scope, "path": path + "/", "raw_path": (path + "/").encode()}
            if page:
                send = _with_cache_control(send, PREFETCH_CACHE_CONTROL if _is_prefetch(scope) else "no-cache")
        await app(scope, receive, send)

    return serve


def _with_cache_control(send: Send, value: str) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(name, v) for name, v in message.get("headers", []) if name.lower() != b"cache-control"]
            message = {**message, "headers": [*headers, (b"cache-control", value.encode())]}
        await send(message)

    return sending
