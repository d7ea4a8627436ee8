"""Link check of the built site: every page's internal links lead to a canonical route (never a
redirect path, never a 404, and a #fragment names an element on the target page), and every
file a page references (images and their srcset copies, stylesheets, icons, preloads, scripts,
the social card) is served.

Pages are read as the server sends them, before any script runs: that is what crawlers and
visitors without JavaScript get.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

import pytest

from consultancy.content import content
from consultancy.content.contract import PAGE_ROUTES, SERVICE_ROUTES, redirect_map
from consultancy.content.law_updates import FEED_PATH

pytestmark = pytest.mark.browser

READS_THE_ADDRESS = {"/approvals-finder", "/renewal-calendar", "/contact-us"}
CONTRACT = [*PAGE_ROUTES.values(), *[f"/{r}" for r in SERVICE_ROUTES], "/approvals-finder", "/privacy"]
# <link rel> values whose href is a file the page needs.
FILE_RELS = {"stylesheet", "icon", "preload", "modulepreload", "apple-touch-icon", "manifest"}
# Modules the inline bootstrap script imports (React Router writes them there, not in src).
INLINE_IMPORT = re.compile(r"""import\s*(?:[^"'();]*?from\s*)?\(?\s*["'](/[^"']+)["']""")

# Files the pages link to that are not pages: they must answer, and need no route.
FILES = {FEED_PATH}


@dataclass
class Page:
    links: list[str] = field(default_factory=list)  # <a href>
    files: list[str] = field(default_factory=list)  # everything fetched to show the page
    ids: set[str] = field(default_factory=set)
    canonical: str | None = None


class Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page()
        self._module_script = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = {k: v or "" for k, v in attrs}
        files = self.page.files
        if a.get("id"):
            self.page.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.page.links.append(a["href"])
        elif tag in ("img", "source"):
            if a.get("src"):
                files.append(a["src"])
            files.extend(candidate.split()[0] for candidate in a.get("srcset", "").split(",") if candidate.strip())
        elif tag == "link":
            rels = set(a.get("rel", "").split())
            if "canonical" in rels:
                self.page.canonical = a.get("href")
            elif rels & FILE_RELS and a.get("href"):
                files.append(a["href"])
        elif tag == "script":
            if a.get("src"):
                files.append(a["src"])
            self._module_script = a.get("type") == "module"
        elif tag == "meta" and (a.get("property") or a.get("name")) in ("og:image", "twitter:image"):
            files.append(a.get("content", ""))

    def handle_data(self, data: str) -> None:
        if self._module_script:
            self.page.files.extend(INLINE_IMPORT.findall(data))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._module_script = False


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=15) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def sitemap_paths(base_url: str) -> list[str]:
    status, xml = get(base_url + "/sitemap.xml")
    assert status == 200
    site = content().site.site_url
    return [loc.removeprefix(site) or "/" for loc in re.findall(r"<loc>([^<]+)</loc>", xml.decode())]


@pytest.fixture(scope="module")
def site(base_url: str):
    """Pages and response codes, each URL fetched once for the whole module."""

    @cache
    def status(path: str) -> int:
        return get(base_url + path)[0]

    @cache
    def page(path: str) -> Page:
        code, html = get(base_url + path)
        assert code == 200, f"{path} answered {code}"
        collector = Collector()
        collector.feed(html.decode("utf-8"))
        return collector.page

    return page, status


def local(url: str) -> str | None:
    """The site-relative form of a link to this site, or None for other sites and schemes."""
    site = content().site.site_url
    if url.startswith(site):
        url = url.removeprefix(site) or "/"
    if url.startswith("#"):
        return url
    if url.startswith("/") and not url.startswith("//"):
        return url
    return None


def test_route_list_matches_the_sitemap(base_url: str) -> None:
    """The pages checked below are the contract's; the sitemap lists the same (less /rough)."""
    assert set(sitemap_paths(base_url)) == set(CONTRACT) - {"/rough"}


@pytest.mark.parametrize("path", CONTRACT)
def test_internal_links_reach_canonical_routes(site, path: str) -> None:
    page, status = site
    canonical = set(CONTRACT)
    redirects = redirect_map()
    problems = []
    for href in sorted(set(page(path).links)):
        target = local(href)
        if target is None:
            continue
        url, fragment = urldefrag(target)
        url = url or path  # "#id" is on this page
        split = urlsplit(url)
        # The tools read their state from the address (a shared finder result, the approvals
        # to add to a calendar, a prefilled enquiry); no other page takes a query string.
        if split.query and split.path not in READS_THE_ADDRESS:
            problems.append(f"{href}: query string on an internal link")
        if split.path in redirects:
            problems.append(f"{href}: redirect path, link {redirects[split.path]} instead")
        elif split.path in FILES:
            if status(split.path) != 200:
                problems.append(f"{href}: HTTP {status(split.path)}")
        elif split.path not in canonical:
            problems.append(f"{href}: not a route of the site (HTTP {status(split.path)})")
        elif status(split.path) != 200:
            problems.append(f"{href}: HTTP {status(split.path)}")
        elif fragment and fragment not in page(split.path).ids:
            problems.append(f"{href}: no element with id {fragment!r} on {split.path}")
    assert problems == []


@pytest.mark.parametrize("path", CONTRACT)
def test_referenced_files_are_served(site, path: str) -> None:
    page, status = site
    files = {local(f) for f in page(path).files if f}
    missing = {f: status(f) for f in sorted(files - {None}) if status(f) != 200}
    assert missing == {}
    # Nothing the page needs comes from another site (files is every reference, local or not).
    assert None not in files, [f for f in page(path).files if local(f) is None]


@pytest.mark.parametrize("path", [p for p in CONTRACT if p != "/rough"])
def test_canonical_link_is_the_route_itself(site, path: str) -> None:
    page, _ = site
    assert local(page(path).canonical or "") == path
