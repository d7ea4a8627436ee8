"""Finishes every build as a static host needs it, so plain `reflex export` gives the whole
site: the app's own finishing step (rxconfig.py passes deploy/static_host.py's: the branded
not-found page as `404.html`, the real 301s in `_redirects` and per-page security headers in
`_headers`), wired to the backend the config names (`api_url`, REFLEX_API_URL).

Reflex copies `__spa-fallback.html` to `404.html` after the build plugins ran, so the branded
page goes there too; nginx never serves that file (deploy/nginx.conf.in), and the not-found
page's script carries all of its page, so React renders it at any address."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from reflex.plugins.base import Plugin
from reflex_base.config import get_config
from reflex_base.constants import ReactRouter

NOT_FOUND_PAGE = Path("not-found") / "index.html"
# The app's step: (the built site's folder, the backend's URL).
Finish = Callable[[Path, str], None]


def finish(static_dir: Path, backend_url: str, prepare: Finish | None) -> None:
    if prepare is not None:
        prepare(static_dir, backend_url)
    shutil.copyfile(static_dir / NOT_FOUND_PAGE, static_dir / ReactRouter.SPA_FALLBACK)
    for suffix in (".gz", ".br"):
        (static_dir / (ReactRouter.SPA_FALLBACK + suffix)).unlink(missing_ok=True)


class StaticExport(Plugin):
    def __init__(self, prepare: Finish | None = None) -> None:
        self.prepare = prepare

    def post_build(self, **context) -> None:
        finish(Path(context["static_dir"]), get_config().api_url, self.prepare)
