"""Search and sharing: the prerendered HTML of every route carries its own metadata."""

from __future__ import annotations

import json
import re
import urllib.request
from html.parser import HTMLParser

import pytest

from consultancy.content import content
from consultancy.content.contract import PAGE_ROUTES, SERVICE_ROUTES, redirect_map

pytestmark = pytest.mark.browser

ALL_ROUTES = [*PAGE_ROUTES.values(), *[f"/{r}" for r in SERVICE_ROUTES]]
CANONICAL = [r for r in ALL_ROUTES if r != "/rough"]


class Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.title = ""
        self.h1 = 0
        self.jsonld: list[dict] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "meta":
            key = a.get("property") or a.get("name") or a.get("http-equiv")
            if key:
                self.meta[key] = a.get("content", "")
        elif tag == "link" and a.get("rel") == "canonical":
            self.links["canonical"] = a.get("href", "")
        elif tag == "h1":
            self.h1 += 1
        elif tag == "title" or (tag == "script" and a.get("type") == "application/ld+json"):
            self._in = tag

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.title += data
        elif self._in == "script":
            self.jsonld.append(json.loads(data))

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None


def fetch(base_url: str, path: str) -> tuple[int, str]:
    with urllib.request.urlopen(base_url + path, timeout=10) as response:
        return response.status, response.read().decode()


@pytest.fixture(scope="module")
def heads(base_url: str) -> dict[str, Head]:
    parsed = {}
    for path in ALL_ROUTES:
        status, html = fetch(base_url, path)
        assert status == 200, path
        head = Head()
        head.feed(html)
        parsed[path] = head
    return parsed


def test_every_page_has_unique_title_and_description(heads) -> None:
    titles = [h.title for h in heads.values()]
    descriptions = [h.meta.get("description") for h in heads.values()]
    assert all(titles) and len(set(titles)) == len(titles)
    assert all(descriptions) and len(set(descriptions)) == len(descriptions)


def test_every_page_has_exactly_one_h1_in_prerendered_html(heads) -> None:
    assert {path: h.h1 for path, h in heads.items() if h.h1 != 1} == {}


@pytest.mark.parametrize("path", CANONICAL)
def test_canonical_and_social_cards(heads, path: str) -> None:
    site = content().site
    head = heads[path]
    expected = site.site_url + ("" if path == "/" else path)
    assert head.links.get("canonical") == expected
    assert head.meta["og:url"] == expected
    assert head.meta["og:title"] == head.title
    assert head.meta["og:image"].startswith(site.site_url + "/images/og/")
    assert head.meta["twitter:card"] == "summary_large_image"
    assert "noindex" not in head.meta.get("robots", "")
    types = {item["@type"] for item in head.jsonld}
    assert "BreadcrumbList" in types or path == "/"
    if path in ("/", "/contact-us"):
        assert "ProfessionalService" in types
    if path.strip("/") in SERVICE_ROUTES:
        assert "Service" in types


def test_rough_is_noindex_without_canonical(heads) -> None:
    assert "noindex" in heads["/rough"].meta.get("robots", "")
    assert "canonical" not in heads["/rough"].links


def test_og_images_exist(base_url: str, heads) -> None:
    site = content().site
    for head in heads.values():
        path = head.meta["og:image"].removeprefix(site.site_url)
        with urllib.request.urlopen(base_url + path, timeout=10) as response:
            assert response.status == 200 and response.headers["content-type"] == "image/png"


def test_sitemap_lists_every_canonical_route_and_nothing_else(base_url: str) -> None:
    site = content().site
    status, xml = fetch(base_url, "/sitemap.xml")
    assert status == 200
    locs = re.findall(r"<loc>([^<]+)</loc>", xml)
    expected = {site.site_url + ("" if p == "/" else p) for p in CANONICAL}
    assert expected <= set(locs)
    assert len(locs) == len(set(locs))
    listed_paths = {loc.removeprefix(site.site_url) or "/" for loc in locs}
    assert "/rough" not in listed_paths
    assert not listed_paths & set(redirect_map())


def test_robots_points_to_sitemap(base_url: str) -> None:
    status, text = fetch(base_url, "/robots.txt")
    assert status == 200
    assert f"Sitemap: {content().site.site_url}/sitemap.xml" in text
