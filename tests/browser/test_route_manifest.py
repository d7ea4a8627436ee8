"""consultancy/framework/route_manifest.py: each page loads a manifest of its own route, not all 64.

The unit tests run the step on a small built directory; the browser tests check the built
site: a page's router knows its own route and the not-found catch-all, every page still
hydrates, a navigation inside a page to another address loads that address as a document, and
a page served at an address that is not its own shows the not-found page without reloading.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from consultancy.framework.route_manifest import DOCUMENT_NAVIGATION, PREFIX, own_route_manifests
from tests.conftest import WEB, navigate_in_page, wait_until_interactive

BUILT = WEB / "build" / "client"


def _route(route_id: str, path: str) -> dict:
    return {"id": route_id, "parentId": "root", "path": path, "module": f"/assets/{path or 'index'}.js"}


def _entry(route_ids: list[str]) -> str:
    modules = ",".join(f'"{r}":route{i}' for i, r in enumerate(route_ids))
    return (
        '<html><head></head><body><h1>Page</h1><script type="module">'
        'await import("/assets/manifest-abc.js");'
        f"window.__reactRouterRouteModules = {{{modules}}};"
        'import("/assets/entry.js");</script></body></html>'
    )


def _site(tmp_path: Path, compressed: bool = False) -> Path:
    manifest = {
        "entry": {"module": "/assets/entry.js", "imports": []},
        "routes": {
            "root": {"id": "root", "path": "", "module": "/assets/root.js"},
            "routes/_index": _route("routes/_index", ""),
            "routes/[about]._index": _route("routes/[about]._index", "about"),
            "routes/[peso]._index": _route("routes/[peso]._index", "peso"),
            "routes/[404]._index": _route("routes/[404]._index", "*"),
            "routes/[not-found]._index": _route("routes/[not-found]._index", "not-found"),
        },
        "url": "/assets/manifest-abc.js",
        "version": "abc",
    }
    (tmp_path / "assets").mkdir()
    full = tmp_path / "assets" / "manifest-abc.js"
    full.write_text(PREFIX + json.dumps(manifest) + ";")
    if compressed:
        full.with_name(full.name + ".br").write_bytes(b"")
    (tmp_path / "about.html").write_text(_entry(["root", "routes/[about]._index"]))
    (tmp_path / "index.html").write_text(_entry(["root", "routes/_index"]))
    (tmp_path / "not-found.html").write_text(_entry(["root", "routes/[not-found]._index"]))
    # Served at addresses it does not know in advance: it needs every route.
    (tmp_path / "404.html").write_text(_entry(["root"]))
    return tmp_path


def _split(site: Path) -> dict[Path, str]:
    """The step as the paint step runs it: the pages it changes, with their new HTML."""
    own_manifest = own_route_manifests(site)
    pages = {page: page.read_text() for page in sorted(site.rglob("*.html"))}
    return {page: new for page, html in pages.items() if (new := own_manifest(html)) != html}


def _manifest_of(site: Path, html: str) -> dict:
    url = re.search(r'import\("(/assets/[^"]*manifest[^"]*)"\)', html).group(1)
    text = (site / url.lstrip("/")).read_text()
    if text.endswith(DOCUMENT_NAVIGATION):
        text = text[: -len(DOCUMENT_NAVIGATION)]
    return json.loads(text[len(PREFIX) :].rstrip(";"))


def test_a_page_gets_the_manifest_of_its_own_route_and_the_not_found_catch_all(tmp_path: Path) -> None:
    site = _site(tmp_path)
    changed = _split(site)
    assert sorted(p.name for p in changed) == ["about.html", "index.html", "not-found.html"]
    for page, html in changed.items():
        page.write_text(html)
    about = _manifest_of(site, (site / "about.html").read_text())
    assert list(about["routes"]) == ["root", "routes/[about]._index", "routes/[404]._index"]
    # The manifest names itself, the entry and the version as React Router wrote them.
    assert about["url"] in (site / "about.html").read_text()
    assert about["entry"]["module"] == "/assets/entry.js" and about["version"] == "abc"
    assert (site / about["url"].lstrip("/")).read_text().endswith(DOCUMENT_NAVIGATION)
    assert list(_manifest_of(site, (site / "index.html").read_text())["routes"])[1] == "routes/_index"
    assert "manifest-abc.js" in (site / "404.html").read_text()
    # The page sent for unknown addresses is the catch-all itself.
    not_found = _manifest_of(site, (site / "not-found.html").read_text())["routes"]
    assert list(not_found) == ["root", "routes/[not-found]._index"]
    assert not_found["routes/[not-found]._index"]["path"] == "*"


def test_splitting_twice_changes_nothing_and_writes_compressed_copies_beside_compressed_builds(tmp_path: Path) -> None:
    site = _site(tmp_path, compressed=True)
    for page, html in _split(site).items():
        page.write_text(html)
    written = sorted(p.name for p in (site / "assets").iterdir())
    assert any(n.startswith("page-manifest-") and n.endswith(".js.br") for n in written), written
    assert any(n.startswith("page-manifest-") and n.endswith(".js.gz") for n in written), written
    assert _split(site) == {}
    assert sorted(p.name for p in (site / "assets").iterdir()) == written


def test_a_build_this_step_does_not_know_stops_with_the_files_named(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "assets" / "manifest-def.js").write_text(PREFIX + "{};")
    with pytest.raises(RuntimeError, match=r"manifest-abc\.js.*manifest-def\.js"):
        _split(site)
    (site / "assets" / "manifest-def.js").unlink()
    (site / "about.html").write_text(_entry(["root", "routes/[gone]._index"]))
    with pytest.raises(RuntimeError, match=r"routes/\[gone\]\._index"):
        _split(site)


@pytest.mark.browser
def test_every_built_page_with_a_route_loads_only_that_route(base_url: str) -> None:
    pages = sorted(BUILT.rglob("*.html"))
    assert pages, "the site has not been built"
    full = [p.relative_to(BUILT).as_posix() for p in pages if re.search(r'import\("/assets/manifest-', p.read_text())]
    # Not even the pages served at addresses they cannot know: they are the branded not-found
    # page (consultancy/framework/static_export.py), the catch-all in its own manifest.
    assert full == []
    not_found = (BUILT / "not-found" / "index.html").read_text()
    assert (BUILT / "404.html").read_text() == not_found == (BUILT / "__spa-fallback.html").read_text()


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/", "/peso", "/approvals-finder"])
def test_a_page_hydrates_with_only_its_own_route(desktop_page, path: str) -> None:
    page = desktop_page
    page.goto(path)
    wait_until_interactive(page)
    routes = page.evaluate("Object.values(window.__reactRouterManifest.routes).map(r => r.path)")
    assert len(routes) == 3 and routes[0] == "" and routes[2] == "*", routes
    assert page.evaluate("window.__reactRouterDataRouter.state.matches.length") == 2


@pytest.mark.browser
def test_a_navigation_inside_the_page_loads_the_other_page_as_a_document(desktop_page) -> None:
    page = desktop_page
    page.goto("/about")
    wait_until_interactive(page)
    page.evaluate("window.__previousDocument = true")
    navigate_in_page(page, "/peso")
    expect(page).to_have_url(re.compile(r"/peso$"))
    expect(page.locator("h1")).to_contain_text("PESO")
    wait_until_interactive(page)
    assert page.evaluate("window.__previousDocument === undefined")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/about$"))
    expect(page.locator("h1")).to_contain_text("About", ignore_case=True)
    # The same address with a query stays in the page.
    wait_until_interactive(page)
    page.evaluate("window.__previousDocument = true")
    navigate_in_page(page, "/about?from=test")
    expect(page).to_have_url(re.compile(r"/about\?from=test$"))
    assert page.evaluate("window.__previousDocument === true")


@pytest.mark.browser
def test_the_not_found_page_sent_for_an_unknown_address_hydrates_as_itself(new_page, base_url: str) -> None:
    """nginx answers an unknown address with the not-found page's HTML: its router shows that
    page there once (not loading the address again, not a second copy of the page)."""
    page = new_page()
    loads: list[str] = []
    page.on("load", lambda _: loads.append(page.url))
    html = (BUILT / "not-found.html").read_text()
    page.route(
        re.compile(r"/no-such-page$"), lambda route: route.fulfill(status=404, body=html, content_type="text/html")
    )
    page.goto("/no-such-page")
    wait_until_interactive(page)
    page.wait_for_timeout(1500)
    assert loads == [base_url + "/no-such-page"]
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("h1")).to_contain_text("could not find", ignore_case=True)
