"""Prepares a built site for nginx and writes nginx's configuration for it.

Usage: python deploy/configure.py SITE_DIR RUN_DIR [--listen 127.0.0.1:8080]
       [--backend 127.0.0.1:8001 ...] [--server-name example.com] [--root DIR]
       [--limit-exempt "127.0.0.1 10.0.0.0/8"] [--trusted-proxies 127.0.0.1]

- precompresses every text file of SITE_DIR (gzip -9, and brotli when the module is
  installed) so nginx never compresses a page per request;
- writes RUN_DIR/nginx.conf from deploy/nginx.conf.in, RUN_DIR/redirects.conf (real
  301s from the same redirect table the pages use) and RUN_DIR/csp.conf (per page, the
  sha256 of each inline script and style Reflex's prerender emits, so the policy needs
  neither 'unsafe-inline' nor 'unsafe-eval');
- with --root, the site nginx serves now: copies the build files of that release which the
  new one lacks into SITE_DIR, so a page fetched before the switch still finds its scripts.
"""

from __future__ import annotations

import argparse
import base64
import grp
import gzip
import hashlib
import ipaddress
import os
import pwd
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from consultancy.content.contract import redirect_map  # noqa: E402
from consultancy.content.placeholders import DEMO_VARIABLE, find_placeholders, is_demo  # noqa: E402
from consultancy.framework.next_pages import PREFETCH_CACHE_CONTROL  # noqa: E402

try:
    import brotli
except ImportError:  # brotli is optional: gzip alone still serves every browser
    brotli = None

TEMPLATE = ROOT / "deploy" / "nginx.conf.in"
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
COMPRESSIBLE = {".html", ".js", ".css", ".svg", ".xml", ".txt", ".json", ".ico", ".webmanifest", ".map"}
# Frames are the only third-party content: the click-to-play videos and the office map.
FRAME_HOSTS = ("https://www.youtube-nocookie.com", "https://www.google.com")

INLINE = re.compile(r"<(script|style)(\s[^>]*)?>(.*?)</\1>", re.S | re.I)
# Data blocks are never executed, so a policy does not apply to them.
DATA_TYPES = ("application/ld+json", "application/json")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def inline_hashes(html: str) -> tuple[list[str], list[str]]:
    """The hashes of the inline scripts and inline styles of one page, in page order."""
    scripts: list[str] = []
    styles: list[str] = []
    for tag, attrs, body in INLINE.findall(html):
        attrs = attrs or ""
        if tag.lower() == "script":
            if "src=" in attrs or any(t in attrs for t in DATA_TYPES):
                continue
            target = scripts
        else:
            target = styles
        digest = _sha256(body)
        if digest not in target:
            target.append(digest)
    return scripts, styles


def csp_conf(site_dir: Path) -> str:
    """nginx maps from the served file to its script and style hashes."""
    script_lines, style_lines = [], []
    for page in sorted(site_dir.rglob("*.html")):
        uri = "/" + page.relative_to(site_dir).as_posix()
        scripts, styles = inline_hashes(page.read_text(encoding="utf-8"))
        script_lines.append(f'    "{uri}" "{" ".join(scripts)}";')
        style_lines.append(f'    "{uri}" "{" ".join(styles)}";')
    return (
        "# Written by deploy/configure.py from the built pages; do not edit.\n"
        'map $uri $csp_scripts {\n    default "";\n' + "\n".join(script_lines) + "\n}\n"
        'map $uri $csp_styles {\n    default "";\n' + "\n".join(style_lines) + "\n}\n"
    )


def redirects_conf() -> str:
    lines = ["# Written by deploy/configure.py from consultancy.content.contract; do not edit."]
    for path, target in sorted(redirect_map().items()):
        lines.append(f"location = {path} {{ return 301 {target}$is_args$args; }}")
    return "\n".join(lines) + "\n"


def precompress(site_dir: Path) -> tuple[int, int]:
    """Writes name.gz (and name.br) beside every text file; returns (gzip, brotli) counts."""
    gz = br = 0
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        if len(data) < 256:
            continue  # smaller than the headers a compressed answer adds
        path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, 9, mtime=0))
        gz += 1
        if brotli is not None:
            path.with_name(path.name + ".br").write_bytes(brotli.compress(data, quality=11))
            br += 1
    return gz, br


def workers_user(run_dir: Path) -> str:
    """nginx started by root runs its workers as `nobody`, who cannot read a checkout under a
    private directory (mode 700, as /root and many home directories are). Started by root,
    the workers run as the owner of what they serve instead; started by anyone else, nginx
    keeps its own user and the directive would only draw a warning."""
    if os.geteuid() != 0:
        return ""
    info = run_dir.stat()
    return f"user {pwd.getpwuid(info.st_uid).pw_name} {grp.getgrgid(info.st_gid).gr_name};"


def _networks(setting: str, addresses: str) -> list[str]:
    networks = []
    for item in addresses.replace(",", " ").split():
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError as error:
            raise SystemExit(f"{setting}: {item!r} is not an address or network") from error
    return networks


def geo_exempt(addresses: str) -> str:
    """nginx `geo` lines for the addresses (or networks) the per-address limits skip."""
    return "\n        ".join(f"{network} 1;" for network in _networks("LIMIT_EXEMPT", addresses))


def real_ip(proxies: str) -> str:
    """With proxies in front of nginx, the visitor's address is taken from X-Forwarded-For
    (the last address not one of them), so limits and logs see visitors, not the proxy."""
    networks = _networks("TRUSTED_PROXIES", proxies)
    if not networks:
        return ""
    lines = [f"set_real_ip_from {network};" for network in networks]
    return "\n    ".join([*lines, "real_ip_header X-Forwarded-For;", "real_ip_recursive on;"])


def upstreams(backends: list[str]) -> str:
    """nginx `server` lines for the backends (host:port each). max_fails=0: a backend is
    never marked down for a failed request, only skipped while it refuses connections."""
    lines = []
    for backend in backends:
        host, _, port = backend.rpartition(":")
        if not host or not port.isdigit():
            raise SystemExit(f"BACKENDS: {backend!r} is not host:port")
        lines.append(f"server {backend} max_fails=0;")
    if not lines:
        raise SystemExit("BACKENDS: no backend given")
    return "\n        ".join(lines)


def render(
    site_dir: Path,
    root: Path,
    run_dir: Path,
    *,
    listen: str,
    backends: list[str],
    server_name: str,
    limit_exempt: str = "",
    trusted_proxies: str = "",
) -> Path:
    run_dir.mkdir(parents=True, exist_ok=True)
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (run_dir / "tmp" / sub).mkdir(parents=True, exist_ok=True)
    has_brotli = BROTLI_MODULE.exists() and brotli is not None
    values = {
        "@MODULES@": f"load_module {BROTLI_MODULE};" if has_brotli else "",
        "@USER@": workers_user(run_dir),
        "@BROTLI@": "brotli_static on;" if has_brotli else "",
        "@RUN_DIR@": str(run_dir),
        "@ACCESS_LOG@": "off",
        "@SITE_DIR@": str(root),
        "@LISTEN@": listen,
        "@SERVER_NAME@": server_name,
        "@UPSTREAMS@": upstreams(backends),
        "@FRAME_HOSTS@": " ".join(FRAME_HOSTS),
        "@LIMIT_EXEMPT@": geo_exempt(limit_exempt),
        "@REAL_IP@": real_ip(trusted_proxies),
        "@PREFETCH_CACHE_CONTROL@": PREFETCH_CACHE_CONTROL,
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace(key, value)
    if missing := sorted(set(re.findall(r"@[A-Z_]+@", text))):
        raise SystemExit(f"{TEMPLATE}: no value for {', '.join(missing)}")
    (run_dir / "csp.conf").write_text(csp_conf(site_dir), encoding="utf-8")
    (run_dir / "redirects.conf").write_text(redirects_conf(), encoding="utf-8")
    conf = run_dir / "nginx.conf"
    conf.write_text(text, encoding="utf-8")
    return conf


def keep_previous_release(site_dir: Path, live_dir: Path, run_dir: Path) -> int:
    """Copies the build files of the release being served (`live_dir`) that the new one
    (`site_dir`) does not have into it; returns how many. A page a browser fetched ahead of
    the click may be used for five minutes (consultancy/framework/next_pages.py), and an open page
    fetches its scripts after it has loaded: both may ask for the previous release's files
    after the switch. Only that release's own files (`run_dir`/assets.list, which
    deploy/prod.sh puts in place once the new site is live, from the assets.new written
    here), so each release keeps one release back and the folder does not grow."""
    new_assets, live_assets = site_dir / "assets", live_dir / "assets"
    own = sorted(path.name for path in new_assets.iterdir())
    kept = 0
    run_dir.mkdir(parents=True, exist_ok=True)
    listed = run_dir / "assets.list"
    if listed.is_file() and live_assets.is_dir():
        for name in listed.read_text(encoding="utf-8").split():
            if (live_assets / name).is_file() and not (new_assets / name).exists():
                shutil.copy2(live_assets / name, new_assets / name)
                kept += 1
    (run_dir / "assets.new").write_text("".join(f"{name}\n" for name in own), encoding="utf-8")
    return kept


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site_dir", type=Path)
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--listen", default="127.0.0.1:8080", help="nginx listen address (loopback here)")
    parser.add_argument(
        "--backend",
        action="append",
        dest="backends",
        help="a backend's host:port; repeat for several (default 127.0.0.1:8001)",
    )
    parser.add_argument("--server-name", default="_")
    parser.add_argument("--root", type=Path, help="where nginx will find SITE_DIR (default: SITE_DIR)")
    parser.add_argument(
        "--limit-exempt", default="", help="addresses or networks the per-address limits skip (a load generator)"
    )
    parser.add_argument(
        "--trusted-proxies", default="", help="addresses of the proxies in front of nginx (a TLS proxy)"
    )
    args = parser.parse_args()
    # No live configuration for a site that still reads as a template (deploy/prod.sh checks too).
    placeholders = [] if is_demo() else find_placeholders()
    if placeholders:
        listed = "\n".join(f"  {p}" for p in placeholders)
        raise SystemExit(
            f"refusing to configure production: {len(placeholders)} placeholder(s) remain "
            f"({DEMO_VARIABLE}=1 for a demo):\n{listed}"
        )
    site_dir, run_dir = args.site_dir.resolve(), args.run_dir.resolve()
    if not (site_dir / "index.html").is_file():
        raise SystemExit(f"{site_dir}: no index.html; build the site first")
    gz, br = precompress(site_dir)
    root = (args.root or site_dir).resolve()
    kept = keep_previous_release(site_dir, root, run_dir) if root != site_dir else 0
    conf = render(
        site_dir,
        root,
        run_dir,
        listen=args.listen,
        backends=args.backends or ["127.0.0.1:8001"],
        server_name=args.server_name,
        limit_exempt=args.limit_exempt,
        trusted_proxies=args.trusted_proxies,
    )
    print(f"precompressed {gz} files with gzip, {br} with brotli; kept {kept} of the previous release's; wrote {conf}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
