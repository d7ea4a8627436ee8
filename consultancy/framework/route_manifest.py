"""Each page's scripts describe its own route, not all 64.

React Router's build writes one manifest of every route (`assets/manifest-*.js`, 34 KB) and
every page loads it: on each page view the phone parses it, and the router flattens, ranks
and matches all 64 routes inside the one unit of hydration that creates it (9.6 ms of a 26 ms
unit in a CPU profile of /about). The site never uses the other routes in the page: every
link is a full page load (`consultancy.components.ui.link`).

This step gives every built page whose entry names its route module a manifest of the root,
its own route and the not-found catch-all, so an address the page is served at without being
its own shows the not-found page, as before. The prerendered not-found page, which nginx and a
static host send for every unknown address, is that catch-all itself in its own manifest: its
router matches any address to the page it already shows (with the whole manifest it matched
the 404 route, a different component, and React showed the page twice). Should anything ever
navigate inside the page to another address (a link without `reloadDocument`, a redirect from
the backend), the manifest's script turns it into a document load, so the visitor gets that
page's prerendered HTML as with a link, never the not-found page. Pages that name no route of
their own (the SPA fallback and the 404 page) keep the full manifest. New files are named by a
hash of their content, like every other built script, and get .br/.gz copies beside them when
the full manifest has them.

It runs in `consultancy.framework.paint.paint_directory`, so the single-port server, nginx and a static
host serve the same pages.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path

from consultancy.framework.built_files import write_compressed_copies

PREFIX = "window.__reactRouterManifest="
ROUTE_MODULES = re.compile(r"window\.__reactRouterRouteModules = (\{[^}]*\})")
ROUTE_ID = re.compile(r'"([^"]+)":route\d+')
# consultancy/pages/not_found.py's prerendered page: deploy/nginx.conf.in's error_page.
NOT_FOUND_PAGE = "routes/[not-found]._index"
# React Router's history puts an address in with `pushState` (or `replaceState`) before it
# renders it. Another address than this page's is loaded as a document instead: this page's
# router knows no route for it. The same address with another state or query goes through.
DOCUMENT_NAVIGATION = (
    "for(const[name,load]of[['pushState','assign'],['replaceState','replace']]){"
    "const own=history[name];history[name]=function(state,unused,url){"
    "if(url!=null){const next=new URL(url,location.href);"
    "if(next.origin===location.origin&&next.pathname!==location.pathname){location[load](next.href);return;}}"
    "return own.apply(this,arguments);};}"
)


def _write(path: Path, text: str, compressed: bool) -> None:
    """Writes a new built script (and its .br/.gz copies when the build already has them)."""
    if path.exists():
        return
    data = text.encode()
    path.write_bytes(data)
    if compressed:
        write_compressed_copies(path, data, only_existing=False)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def full_manifest(assets: Path) -> tuple[str, dict]:
    """The URL and contents of React Router's manifest of every route. A build with none, or
    more than one, is not the build this step knows: it stops with the files it found."""
    found = [p for p in sorted(assets.glob("manifest-*.js")) if p.read_text(encoding="utf-8").startswith(PREFIX)]
    if len(found) != 1:
        names = [p.name for p in found]
        raise RuntimeError(f"framework/route_manifest.py: expected one React Router manifest in {assets}: {names}")
    text = found[0].read_text(encoding="utf-8").strip()
    return f"/assets/{found[0].name}", json.loads(text[len(PREFIX) :].rstrip(";"))


def page_manifest(manifest: dict, route_ids: list[str], url: str) -> dict:
    """The manifest of the root, the page's routes and the not-found catch-all."""
    unknown = [r for r in route_ids if r not in manifest["routes"]]
    if unknown:
        raise RuntimeError(f"framework/route_manifest.py: routes {unknown} are not in React Router's manifest")
    routes = {r: manifest["routes"][r] for r in route_ids}
    if NOT_FOUND_PAGE in routes:
        routes[NOT_FOUND_PAGE] = {**routes[NOT_FOUND_PAGE], "path": "*"}
    else:
        routes.update({r: route for r, route in manifest["routes"].items() if route.get("path") == "*"})
    return {**manifest, "routes": routes, "url": url}


def page_route_ids(html: str) -> list[str]:
    """The route ids a built page's entry puts on `window` (root first), or [] for none."""
    found = ROUTE_MODULES.search(html)
    return ROUTE_ID.findall(found.group(1)) if found else []


def own_route_manifests(static_dir: Path) -> Callable[[str], str]:
    """A function that points a built page at a manifest of just its own route (writing that
    manifest the first time; see the module docstring) and returns every other page as it is."""
    assets = Path(static_dir) / "assets"
    full_url, manifest = full_manifest(assets)
    compressed = (assets / (full_url.rsplit("/", 1)[1] + ".br")).exists()

    def own_manifest(html: str) -> str:
        ids = page_route_ids(html)
        if full_url not in html or len(ids) < 2:
            return html
        # The manifest names its own URL, so its hash is taken without it.
        own = page_manifest(manifest, ids, "")
        own["url"] = f"/assets/page-manifest-{_digest(json.dumps(own, sort_keys=True) + DOCUMENT_NAVIGATION)}.js"
        text = PREFIX + json.dumps(own, separators=(",", ":")) + ";" + DOCUMENT_NAVIGATION
        _write(assets / own["url"].rsplit("/", 1)[1], text, compressed)
        return html.replace(full_url, own["url"])

    return own_manifest
