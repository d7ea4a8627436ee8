"""sitemap.xml, robots.txt and the updates feed, written when the app compiles.

Only canonical, indexable pages are listed: redirect paths, /rough and the 404
page are not. The files are generated into assets/ (git-ignored), which Reflex
publishes as-is.
"""

from pathlib import Path
from xml.sax.saxutils import escape

from consultancy.content import content
from consultancy.content.law_updates import write_feed

from .webpage import ROUTES, absolute_url

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def sitemap_xml() -> str:
    urls = "".join(
        f"  <url><loc>{escape(absolute_url(route.path))}</loc></url>\n" for route in ROUTES if route.in_sitemap
    )
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n'


def robots_txt() -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute_url('/sitemap.xml')}\n"


def write_search_files(directory: Path = ASSETS) -> None:
    """sitemap.xml, robots.txt and the regulatory updates' Atom feed, all static files."""
    for name, text in (("sitemap.xml", sitemap_xml()), ("robots.txt", robots_txt())):
        target = directory / name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    write_feed(content(), directory)
