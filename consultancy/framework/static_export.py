"""Finishes every build as a static host needs it, so plain `reflex export` gives the whole
site: the branded not-found page as `404.html`, the real 301s in `_redirects` and per-page
security headers in `_headers` (deploy/static_host.py writes both), wired to the backend
the config names (`api_url`, REFLEX_API_URL).

Reflex copies `__spa-fallback.html` to `404.html` after the build plugins ran, so the branded
page goes there too; nginx never serves that file (deploy/nginx.conf.in), and the not-found
page's script carries all of its page, so React renders it at any address."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from reflex.plugins.base import Plugin
from reflex_base.config import get_config
from reflex_base.constants import ReactRouter

NOT_FOUND_PAGE = Path("not-found") / "index.html"
STATIC_HOST = Path(__file__).resolve().parents[2] / "deploy" / "static_host.py"


def finish(static_dir: Path, backend_url: str) -> None:
    # deploy/ is a folder of scripts (also run on their own), not a package.
    spec = importlib.util.spec_from_file_location("static_host", STATIC_HOST)
    assert spec is not None and spec.loader is not None
    static_host = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(static_host)
    static_host.prepare(static_dir, backend_url)
    shutil.copyfile(static_dir / NOT_FOUND_PAGE, static_dir / ReactRouter.SPA_FALLBACK)
    for suffix in (".gz", ".br"):
        (static_dir / (ReactRouter.SPA_FALLBACK + suffix)).unlink(missing_ok=True)


class StaticExport(Plugin):
    def post_build(self, **context) -> None:
        finish(Path(context["static_dir"]), get_config().api_url)
