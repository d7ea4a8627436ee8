"""consultancy/framework/server_html: the static parts of a page are in its HTML only.

The unit tests pin which parts are taken (static, large enough, always rendered) and which
are not (state, events, values computed in the browser, branches of a condition). The
browser tests check the built site: the parts' text is in every page's HTML but not in the
page's own script, it is still there once React has hydrated the page, and a page that React
renders by itself (a client-side navigation) is loaded from its HTML instead of staying empty.
"""

from __future__ import annotations

import re

import pytest
import reflex as rx
from playwright.sync_api import expect

from consultancy.components.footer import CURRENT_YEAR
from consultancy.content import content
from consultancy.framework.client_state import Shared
from consultancy.framework.route_manifest import full_manifest
from consultancy.framework.server_html import ServerOnly, server_html_parts
from tests.conftest import WEB, navigate_in_page, wait_until_interactive

CLIENT = WEB / "build" / "client"
_open = Shared("test_server_html_open", False)


def _text_block(label: str) -> rx.Component:
    return rx.el.div(rx.el.h2(label), rx.el.p("First ", rx.el.strong("point")), class_name="block")


def _parts(tree: rx.Component) -> list[str]:
    """The text of every part taken from `tree`, in order."""
    server_html_parts(tree)
    out: list[str] = []

    def walk(component: rx.Component) -> None:
        if isinstance(component, ServerOnly):
            out.append(str(component.children[0]))
            return
        for child in component.children:
            walk(child)

    walk(tree)
    return out


def test_a_static_section_is_one_part() -> None:
    parts = _parts(rx.fragment(rx.el.section(_text_block("Alpha"), _text_block("Beta"), class_name="s")))
    assert len(parts) == 1
    assert "Alpha" in parts[0] and "Beta" in parts[0]


def test_dynamic_elements_stay_and_their_static_siblings_are_taken() -> None:
    tree = rx.fragment(
        rx.el.section(
            _text_block("Static"),
            rx.el.button("Toggle", on_click=_open.set(True)),
            rx.el.p("Open", hidden=_open.value),
            rx.el.div(rx.el.span("Year ", CURRENT_YEAR), rx.el.span("a"), rx.el.span("b")),
        )
    )
    parts = _parts(tree)
    assert len(parts) == 1 and "Static" in parts[0]
    rendered = str(tree)
    for kept in ("Toggle", "getFullYear", "Open"):
        assert kept in rendered and not any(kept in part for part in parts), kept


def test_branches_of_a_condition_are_never_taken() -> None:
    """A branch mounts in the browser when the condition changes: it must carry its content."""
    tree = rx.fragment(rx.el.section(rx.cond(_open.value, _text_block("Shown"), _text_block("Hidden"))))
    assert _parts(tree) == []


def test_small_static_elements_are_left_to_react() -> None:
    assert _parts(rx.fragment(rx.el.div(rx.el.p("Short"), on_click=_open.set(True)))) == []


def test_the_browser_build_drops_the_part() -> None:
    """The part is behind the bundler's SSR flag, bare, so the browser's build folds it away."""
    rendered = str(server_html_parts(rx.fragment(rx.el.section(_text_block("Alpha")))))
    assert re.search(r"\(\(import\.meta\.env\.SSR\|\|import\.meta\.env\.DEV\)\?", rendered), rendered
    assert "isTrue(import.meta.env.SSR" not in rendered


def _page_script(html: str) -> str:
    """The route's own module: the page's entry imports the root's, then the route's
    (consultancy/framework/paint.py)."""
    imports = re.search(r"await Promise\.all\(\[(.*?)\]\)", html)
    assert imports, "no entry script"
    modules = re.findall(r'import\("(/assets/[^"]+\.js)"\)', imports.group(1))
    assert len(modules) == 2, modules  # root, then the page
    return (CLIENT / modules[1].lstrip("/")).read_text()


@pytest.mark.browser
@pytest.mark.parametrize(
    ("route", "text"),
    [
        ("index.html", content().home.processes[0].text),
        ("about.html", content().about.vision),
        ("peso.html", next(s for s in content().services if s.route == "peso").acts[0].explanation),
    ],
)
def test_static_text_is_in_the_html_not_in_the_script(base_url: str, route: str, text: str) -> None:
    html = (CLIENT / route).read_text()
    assert text[:60] in html.replace("&#x27;", "'").replace("&amp;", "&")
    script = _page_script(html)
    assert text[:40] not in script
    # The footer's links and the header's menus are the same on every page: not in its script.
    assert "Quick links" not in script


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/", "/peso", "/testimonials", "/approvals-finder"])
def test_the_parts_keep_their_content_once_hydrated(page, path: str) -> None:
    page.goto(path)
    wait_until_interactive(page)
    page.wait_for_timeout(400)  # the fade-in turns on 300 ms after mount and re-renders <main>
    expect(page.locator("footer")).to_contain_text(content().site.email)
    expect(page.locator("h1")).not_to_have_text("")
    assert page.locator("main h2").count() >= 2
    assert page.js_errors == []


@pytest.mark.browser
def test_a_client_side_navigation_loads_the_page_html(new_page) -> None:
    """The site's links load documents, and a page's own route manifest turns any other
    navigation into a document load before React renders (tests/browser/test_route_manifest.py).
    A page that keeps the whole manifest (as Reflex's own 404 shell did, before the static
    export put the branded page there) lets React render another page in it: its parts would
    mount empty, so the page's HTML is loaded instead. Such a page is made here from the
    branded one."""
    page = new_page()
    full_url, _ = full_manifest(CLIENT / "assets")
    branded = (CLIENT / "404.html").read_text()
    shell = re.sub(r"/assets/page-manifest-[0-9a-f]+\.js", full_url, branded)
    assert shell != branded
    page.route(
        re.compile(r"/no-such-page$"), lambda route: route.fulfill(status=404, body=shell, content_type="text/html")
    )
    page.goto("/no-such-page")
    wait_until_interactive(page)
    page.evaluate("window.__sameDocument = true")
    navigate_in_page(page, "/peso")
    expect(page).to_have_url(re.compile(r"/peso$"))
    # The parts' reload is a second document load: on a busy machine it takes its time. Until
    # it comes, the shell shows what React made of it (its own heading among them), so the
    # page is read once the new document is there.
    page.wait_for_function("() => window.__sameDocument === undefined", timeout=30_000)
    expect(page.locator("h1")).to_have_text(
        next(s for s in content().services if s.route == "peso").headline, timeout=30_000
    )
    expect(page.locator("footer")).to_contain_text(content().site.email)
    assert page.evaluate("() => window.__sameDocument === undefined"), "the page stayed a client-side render"
    # The parts' own reload did it (once per address), not the route manifest's.
    assert page.evaluate("sessionStorage.getItem('server-html-reloaded')") == page.url
