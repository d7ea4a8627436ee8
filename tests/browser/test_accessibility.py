"""axe-core (from npm) finds no violations on any route, at 390 and 1280 px, including
with the dropdown, ISO dialog, mobile menu, search results and lightbox open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from consultancy.content.contract import PAGE_ROUTES, SERVICE_ROUTES
from tests.conftest import WIDTHS, wait_until_interactive

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / ".tools" / "node_modules" / "axe-core" / "axe.min.js"
ROUTES = [*PAGE_ROUTES.values(), *[f"/{r}" for r in SERVICE_ROUTES], "/approvals-finder", "/no-such-page"]


def violations(page) -> list[dict]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text())
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"
    )
    return result


def assert_clean(page, label: str) -> None:
    found = violations(page)
    assert found == [], f"{label}: " + json.dumps(found, indent=1)


@pytest.fixture(scope="module", params=list(WIDTHS), ids=list(WIDTHS))
def axe_page(request, browser, base_url):
    context = browser.new_context(viewport=WIDTHS[request.param], base_url=base_url, reduced_motion="reduce")
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("path", ROUTES)
def test_route_has_no_axe_violations(axe_page, path: str) -> None:
    axe_page.goto(path)
    wait_until_interactive(axe_page)
    assert_clean(axe_page, path)


def test_open_states_have_no_axe_violations(axe_page) -> None:
    page = axe_page
    mobile = page.viewport_size["width"] < 768
    page.goto("/")
    wait_until_interactive(page)
    if mobile:
        page.get_by_role("button", name="Menu").click()
        expect(page.locator("#site-nav")).to_be_visible()
        assert_clean(page, "mobile menu open")
    page.locator("#services-trigger").click()
    expect(page.locator("#services-menu")).to_be_visible()
    assert_clean(page, "services dropdown open")
    page.keyboard.press("Escape")
    page.get_by_role("searchbox", name="Search services").fill("fire")
    expect(page.locator("#search-results")).to_be_visible()
    assert_clean(page, "search results open")
    page.goto("/about")
    wait_until_interactive(page)
    page.locator("#iso-badge").focus()
    expect(page.get_by_role("dialog", name="ISO Certifications")).to_be_visible()
    assert_clean(page, "ISO dialog open")
    page.goto("/testimonials")
    wait_until_interactive(page)
    page.locator("#gallery-item-3").click()
    expect(page.locator("#lightbox-counter")).to_be_visible()
    assert_clean(page, "lightbox open")
