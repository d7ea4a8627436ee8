"""Lets a prerendered page paint before the framework's scripts are fetched.

React Router's prerender puts a `<link rel="modulepreload">` in the head for every module of
the page's entry graph (about 150 KB as sent), and its entry, an inline module at the end of
the body, imports the manifest, the root and the page's route module statically, so the
browser fetches them while it parses the page. On a slow phone link those fetches share the
connection with the stylesheet and the page's largest picture: the complete HTML painted
only once they were in, about 2 s after the request.

This step removes the module preloads from every built page and rewrites the entry: it waits
until the page has loaded (stylesheet and the pictures it shows at once) and the browser has
reported its first contentful paint, then adds the same preloads, so the whole graph is
asked for at once (one round trip, not one per level of imports), and imports the same
modules in the same order, dynamically. The page paints from its HTML, stylesheet and hero
picture alone; the scripts follow and the page hydrates as before. What the visitor does
before that is held and done once React is there (consultancy/framework/early_input.py, inlined in the
head here); once it is, the main menu's pages are fetched ahead (consultancy/framework/next_pages.py,
at the end of the body). Each page then loads a route manifest of its own route only
(consultancy/framework/route_manifest.py).

It is a Reflex plugin whose `post_build` runs on the client build right after Vite and before
Reflex writes the Brotli and gzip files, so every way the site is served gets the same pages:
`reflex run --env prod` (the single-port server, .web/build/client), `reflex export` for
nginx (deploy/prod.sh; deploy/configure.py hashes the inline scripts for the CSP afterwards)
and for a static host (`make export`; deploy/static_host.py writes `_headers` afterwards).

`python -m consultancy.framework.paint DIR` applies it to a built directory by hand (idempotent; it
rewrites the .br/.gz files beside a page it changes).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from reflex.plugins.base import Plugin

from consultancy.framework.built_files import write_compressed_copies
from consultancy.framework.early_input import with_early_input
from consultancy.framework.next_pages import with_next_pages
from consultancy.framework.route_manifest import own_route_manifests

MODULEPRELOAD = re.compile(r"<link\b[^>]*\brel=\"modulepreload\"[^>]*/?>", re.I)
HREF = re.compile(r'\bhref="([^"]+)"')
# React Router's entry: an inline module that imports the manifest, the root and the page's
# route module, puts the route modules on `window` and imports the client entry.
ENTRY = re.compile(r'<script type="module"(?: async="")?>(.*?)</script>', re.S)
SIDE_EFFECT_IMPORT = re.compile(r'^import ("[^"]+");[ \t]*\n?', re.M)
NAMESPACE_IMPORT = re.compile(r'^import \* as (\w+) from ("[^"]+");[ \t]*\n?', re.M)
DEFERRED = "/*site:paint-first*/"
# When the scripts are asked for: once the page has loaded (its stylesheet and the pictures it
# shows at once) and the browser has reported its first contentful paint, so they never share
# the link with what the page shows first. The report, not the next animation frame: a frame
# reaches the screen some time after it is drawn, and Lighthouse's traces had the scripts asked
# for up to 90 ms before the first paint they were meant to follow, whereupon Lighthouse counted
# them into its FCP and LCP estimates (up to 1.3 and 2.0 s instead of 0.75 and 0.9 s). A
# browser without paint timing waits a frame instead, and none waits more than 2 s after load.
# Then the whole graph at once, so the page hydrates one round trip later instead of one per
# level of imports. Each preload in a task of its own: starting a fetch took 0.2-17 ms in
# traces (ResourceFetcher::requestResource), the eleven of a page 6-40 ms in one task, which
# Lighthouse's 4x simulation made one of the page's long tasks.
# The script, one line as it is inlined into every page (paint_first.js); HREFS stands for the
# list of scripts to preload.
WAIT_AND_PRELOAD = DEFERRED + Path(__file__).with_name("paint_first.js").read_text(encoding="utf-8").strip()


def _deferred_entry(code: str, hrefs: list[str]) -> str:
    """React Router's entry module with its static imports made dynamic, behind the wait."""
    effects = SIDE_EFFECT_IMPORT.findall(code)
    namespaces = NAMESPACE_IMPORT.findall(code)
    rest = NAMESPACE_IMPORT.sub("", SIDE_EFFECT_IMPORT.sub("", code))
    if re.search(r"^\s*import[\s{*\"]", rest, re.M) or not namespaces:
        raise RuntimeError(f"consultancy/framework/paint.py: React Router's entry script changed:\n{code}")
    names = ",".join(name for name, _ in namespaces)
    modules = ",".join(f"import({url})" for _, url in namespaces)
    return (
        WAIT_AND_PRELOAD.replace("HREFS", json.dumps(hrefs, separators=(",", ":")))
        + "".join(f"await import({url});" for url in effects)
        + f"const [{names}]=await Promise.all([{modules}]);"
        + rest
    )


def paint_first(html: str) -> str:
    """The page without its module preloads in the head, and its entry script fetched only
    once the page has loaded. A page already done is returned as it is."""
    hrefs = list(dict.fromkeys(HREF.search(tag).group(1) for tag in MODULEPRELOAD.findall(html) if HREF.search(tag)))
    html = MODULEPRELOAD.sub("", html)
    entry = ENTRY.search(html)
    if entry is None:
        return html
    if DEFERRED not in entry.group(1):
        script = '<script type="module">' + _deferred_entry(entry.group(1), hrefs) + "</script>"
        html = html[: entry.start()] + script + html[entry.end() :]
    # The page is on screen before its scripts run: what the visitor does meanwhile is held.
    # Once they have run, the main menu's pages are fetched ahead of the click.
    return with_next_pages(with_early_input(html))


def paint_directory(static_dir: Path) -> int:
    """Applies `paint_first` to every page under `static_dir` and points each page at the
    manifest of its own route (consultancy/framework/route_manifest.py); returns how many changed."""
    own_manifest = own_route_manifests(static_dir)
    changed = 0
    for page in sorted(Path(static_dir).rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        painted = own_manifest(paint_first(html))
        if painted != html:
            page.write_text(painted, encoding="utf-8")
            write_compressed_copies(page, painted.encode(), only_existing=True)
            changed += 1
    return changed


class PaintFirst(Plugin):
    """`paint_directory` on the production client build (see the module docstring)."""

    def post_build(self, **context) -> None:
        paint_directory(context["static_dir"])


if __name__ == "__main__":
    for folder in sys.argv[1:] or [".web/build/client"]:
        print(f"{folder}: {paint_directory(Path(folder))} pages changed")
