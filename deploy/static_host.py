"""Prepares an exported site (`make export`) for a static host, with the backend elsewhere.

Usage: python deploy/static_host.py SITE_DIR --backend-url https://api.example.com

- `404.html` becomes the branded not-found page (Reflex's own is an empty shell that needs
  JavaScript), which static hosts answer unknown paths with;
- `_redirects` lists the real 301s (the correct spellings, /contact, /services/<route>) in
  the form Netlify and Cloudflare Pages read; the meta-refresh pages stay for other hosts;
- `_headers` gives the security headers nginx sends (deploy/nginx.conf.in), in the same
  form: per page, a Content-Security-Policy with the sha256 of that page's inline scripts
  and styles, and the backend's origin as the only other place the page may connect to.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "deploy")]

from configure import FRAME_HOSTS, inline_hashes  # noqa: E402

from consultancy.content.contract import redirect_map  # noqa: E402

# The same headers as nginx's, for every path (deploy/nginx.conf.in).
COMMON_HEADERS = {
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": (
        "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"
    ),
    "Cross-Origin-Opener-Policy": "same-origin",
}


def backend_origins(backend_url: str) -> str:
    """The backend's origin for `connect-src`: its websocket and its HTTP endpoints."""
    parts = urlsplit(backend_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SystemExit(f"--backend-url: '{backend_url}' is not an http(s) URL")
    socket_scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{parts.scheme}://{parts.netloc} {socket_scheme}://{parts.netloc}"


def policy(html: str, backend: str) -> str:
    scripts, styles = inline_hashes(html)
    return _policy(scripts, styles, backend)


def _policy(scripts: list[str], styles: list[str], backend: str) -> str:
    return (
        f"default-src 'none'; script-src 'self' {' '.join(scripts)}; style-src 'self' {' '.join(styles)}; "
        f"img-src 'self' data:; font-src 'self'; connect-src 'self' {backend}; manifest-src 'self'; "
        f"frame-src {' '.join(FRAME_HOSTS)}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
        "object-src 'none'"
    )


def page_paths(site: Path, page: Path) -> list[str]:
    """The URL paths a static host serves `page` at (with and without the trailing slash)."""
    relative = page.relative_to(site).as_posix()
    if relative == "index.html":
        return ["/"]
    if relative.endswith("/index.html"):
        path = "/" + relative.removesuffix("/index.html")
        return [path, path + "/"]
    return ["/" + relative]


def headers_file(site: Path, backend: str) -> str:
    """Every path gets the common headers and a policy; each page its own. Static hosts
    combine the headers of every rule a path matches (a policy repeated is enforced twice,
    each must allow the page), so the policy for every path allows the inline code of all the
    pages together: on a page it narrows nothing, and any other path (the 404 page a host
    answers unknown ones with) still has a policy of hashes, never none."""
    pages = [page for page in sorted(site.rglob("*.html")) if page.name != "__spa-fallback.html"]
    hashes = {page: inline_hashes(page.read_text(encoding="utf-8")) for page in pages}
    every_script = sorted({value for scripts, _ in hashes.values() for value in scripts})
    every_style = sorted({value for _, styles in hashes.values() for value in styles})
    lines = ["# Written by deploy/static_host.py from the built pages; do not edit.", "/*"]
    lines += [f"  {name}: {value}" for name, value in COMMON_HEADERS.items()]
    lines.append(f"  Content-Security-Policy: {_policy(every_script, every_style, backend)}")
    for page in pages:
        scripts, styles = hashes[page]
        csp = _policy(scripts, styles, backend)
        for path in page_paths(site, page):
            lines += [path, f"  Content-Security-Policy: {csp}"]
    return "\n".join(lines) + "\n"


def redirects_file() -> str:
    lines = ["# Written by deploy/static_host.py from consultancy.content.contract; do not edit."]
    lines += [f"{path} {target} 301" for path, target in sorted(redirect_map().items())]
    return "\n".join(lines) + "\n"


def prepare(site: Path, backend_url: str) -> None:
    branded = site / "not-found" / "index.html"
    if not branded.is_file():
        raise SystemExit(f"{site}: no not-found/index.html; build the site first")
    shutil.copyfile(branded, site / "404.html")
    for stale in ("404.html.gz", "404.html.br"):
        (site / stale).unlink(missing_ok=True)
    (site / "_redirects").write_text(redirects_file(), encoding="utf-8")
    (site / "_headers").write_text(headers_file(site, backend_origins(backend_url)), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site_dir", type=Path)
    parser.add_argument(
        "--backend-url", required=True, help="where the backend is deployed, e.g. https://api.example.com"
    )
    args = parser.parse_args()
    prepare(args.site_dir.resolve(), args.backend_url)
    print(f"{args.site_dir}: 404.html is the branded page; wrote _redirects and _headers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
