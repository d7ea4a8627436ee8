"""ASGI tweak for `reflex run --single-port`: clean URLs without a redirect hop.

Reflex's static server (Starlette) answers /about with a 307 to /about/ because
the export has about/index.html. The canonical URLs have no trailing slash, and
on a slow phone network the extra round trip costs real time, so the request is
served from the prerendered file directly. Production nginx does the same with
try_files.
"""

import os
from pathlib import Path

from starlette.types import ASGIApp, Receive, Scope, Send

# Wherever this server's build is (`make export` and `make prod` build elsewhere).
STATIC_DIR = (
    Path(os.environ.get("REFLEX_WEB_WORKDIR", Path(__file__).resolve().parents[1] / ".web")) / "build" / "client"
)


def clean_urls(app: ASGIApp) -> ASGIApp:
    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path: str = scope["path"]
            last = path.rsplit("/", 1)[-1]
            if path != "/" and last and "." not in last and (STATIC_DIR / path.lstrip("/") / "index.html").is_file():
                scope = {**scope, "path": path + "/", "raw_path": (path + "/").encode()}
        await app(scope, receive, send)

    return serve
