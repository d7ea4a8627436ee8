"""Each page's scripts describe its own route, not all 64 (issue 18).

React Router's build writes one manifest of every route (`assets/manifest-*.js`, 34 KB) and
every page loads it: on each page view the phone parses it, and the router flattens, ranks
and matches all 64 routes inside the one task that starts hydration (a quarter of that task
at 4x CPU in a profile of /about). The site never uses the other routes in the page: every
link is a full page load (`consultancy.paint.DocumentLinks`), and a page that can hydrate is
always served at its own address.

This step gives every built page whose entry names its route module a manifest of the root,
its own route and a catch-all whose module loads the asked-for address as a document. So if
anything ever navigates inside the page (a link without `reloadDocument`, a redirect from the
backend), the visitor gets that page's prerendered HTML, as with a link. Pages that name no
route of their own (the SPA fallback and the 404 page, served at addresses they do not know
in advance) keep the full manifest. New files are named by a hash of their content, like
every other built script, and get .br/.gz copies beside them when the full manifest has them.

It runs in `consultancy.paint.paint_directory`, so the single-port server, nginx and a static
host serve the same pages.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

PREFIX = "window.__reactRouterManifest="
ROUTE_MODULES = re.compile(r"window\.__reactRouterRouteModules = (\{[^}]*\})")
ROUTE_ID = re.compile(r'"([^"]+)":route\d+')
DOCUMENT_LOAD_ID = "routes/[site-document-load]"
# A route the page does not know was asked for inside the page: the browser loads it (the
# router has already put the address in the history, so a reload is that page, once).
DOCUMENT_LOAD_MODULE = (
    "// consultancy/route_manifest.py: an address this page's routes do not cover.\n"
    "export default function DocumentLoad() {\n"
    "  window.location.reload();\n"
    "  return null;\n"
    "}\n"
)


def _write(path: Path, text: str, compressed: bool) -> None:
    """Writes a new built script (and its .br/.gz copies when the build already has them)."""
    if path.exists():
        return
    data = text.encode()
    path.write_bytes(data)
    if compressed:
        import brotli

        path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, 9, mtime=0))
        path.with_name(path.name + ".br").write_bytes(brotli.compress(data, quality=11))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def full_manifest(assets: Path) -> tuple[str, dict]:
    """The URL and contents of React Router's manifest of every route. A build with none, or
    more than one, is not the build this step knows: it stops with the files it found."""
    found = [p for p in sorted(assets.glob("manifest-*.js")) if p.read_text(encoding="utf-8").startswith(PREFIX)]
    if len(found) != 1:
        names = [p.name for p in found]
        raise RuntimeError(f"consultancy/route_manifest.py: expected one React Router manifest in {assets}: {names}")
    text = found[0].read_text(encoding="utf-8").strip()
    return f"/assets/{found[0].name}", json.loads(text[len(PREFIX) :].rstrip(";"))


def page_manifest(manifest: dict, route_ids: list[str], document_load_url: str, url: str) -> dict:
    """The manifest of the root, the page's routes and the document-loading catch-all."""
    unknown = [r for r in route_ids if r not in manifest["routes"]]
    if unknown:
        raise RuntimeError(f"consultancy/route_manifest.py: routes {unknown} are not in React Router's manifest")
    routes = {r: manifest["routes"][r] for r in route_ids}
    routes[DOCUMENT_LOAD_ID] = {
        "id": DOCUMENT_LOAD_ID,
        "parentId": "root",
        "path": "*",
        "hasAction": False,
        "hasLoader": False,
        "hasClientAction": False,
        "hasClientLoader": False,
        "hasClientMiddleware": False,
        "hasDefaultExport": True,
        "hasErrorBoundary": False,
        "module": document_load_url,
        "imports": [],
        "css": [],
    }
    return {**manifest, "routes": routes, "url": url}


def page_route_ids(html: str) -> list[str]:
    """The route ids a built page's entry puts on `window` (root first), or [] for none."""
    found = ROUTE_MODULES.search(html)
    return ROUTE_ID.findall(found.group(1)) if found else []


def split_manifests(static_dir: Path) -> dict[Path, str]:
    """Points every page with a route of its own at a manifest of just that route (see the
    module docstring); returns the pages changed and their new HTML, for the caller to write."""
    assets = Path(static_dir) / "assets"
    full_url, manifest = full_manifest(assets)
    compressed = (assets / (full_url.rsplit("/", 1)[1] + ".br")).exists()
    document_load = f"/assets/document-load-{_digest(DOCUMENT_LOAD_MODULE)}.js"
    _write(assets / document_load.rsplit("/", 1)[1], DOCUMENT_LOAD_MODULE, compressed)
    changed: dict[Path, str] = {}
    for page in sorted(Path(static_dir).rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        ids = page_route_ids(html)
        if full_url not in html or len(ids) < 2:
            continue
        # The manifest names its own URL, so its hash is taken without it.
        own = page_manifest(manifest, ids, document_load, "")
        own["url"] = f"/assets/page-manifest-{_digest(json.dumps(own, sort_keys=True))}.js"
        _write(assets / own["url"].rsplit("/", 1)[1], PREFIX + json.dumps(own, separators=(",", ":")) + ";", compressed)
        changed[page] = html.replace(full_url, own["url"])
    return changed
