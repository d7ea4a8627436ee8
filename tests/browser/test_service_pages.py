"""The 23 service pages: one template, every count, the checklist state, CTAs."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from consultancy.content.contract import FIVE_ITEM_CHECKLISTS, SERVICE_ROUTES
from tests.conftest import wait_until_interactive

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("route", list(SERVICE_ROUTES))
def test_service_page(desktop_page, route: str) -> None:
    page = desktop_page
    service = content().service(route)
    page.goto(f"/{route}")
    wait_until_interactive(page)
    expect(page.locator("h1")).to_have_text(service.headline)
    expect(page.locator(".page-hero img")).to_have_attribute("src", re.compile(rf"/images/services/{route}\.jpg$"))
    hero = page.locator(".page-hero")
    primary = hero.get_by_role("link", name=re.compile(r"^Request (Consultation|Assistance)"))
    expect(primary).to_have_attribute("href", "/contact-us")
    expect(page.locator("a[href='/contact']")).to_have_count(0)
    expect(page.locator("#overview h2")).to_have_text(service.overview_title)
    expect(page.locator("#benefits article")).to_have_count(4)
    expect(page.locator("#acts .act")).to_have_count(len(service.acts))
    assert len(service.acts) >= 1
    expect(page.locator("#process .timeline__item")).to_have_count(5)
    items = 5 if route in FIVE_ITEM_CHECKLISTS else 4
    boxes = page.locator(".checklist").get_by_role("checkbox")
    expect(boxes).to_have_count(items)
    progress = page.locator("#checklist-progress")
    expect(progress).to_have_text(f"0 of {items} documents ready")
    boxes.nth(1).check()
    expect(progress).to_have_text(f"1 of {items} documents ready")
    page.get_by_text(service.checklist[0].name).click()
    expect(progress).to_have_text(f"2 of {items} documents ready")
    boxes.nth(1).uncheck()
    expect(progress).to_have_text(f"1 of {items} documents ready")
    assert page.js_errors == []


@pytest.mark.parametrize("route", list(SERVICE_ROUTES))
def test_service_page_shows_when_its_law_was_reviewed_and_its_sources(new_page, route: str) -> None:
    """In the prerendered page (no JavaScript), as crawlers and every visitor get it first."""
    page = new_page(java_script_enabled=False)
    service = content().service(route)
    page.goto(f"/{route}")
    reviewed = page.locator("#acts #law-reviewed")
    expect(reviewed).to_have_text(service.reviewed_label)
    expect(reviewed).to_have_text(re.compile(r"^Law on this page last reviewed: [A-Z][a-z]+ \d{4}$"))
    expect(page.locator("#acts").get_by_role("heading", name="Sources", exact=True)).to_be_visible()
    items = page.locator("#sources li")
    expect(items).to_have_count(len(service.sources))
    for item, source in zip(items.all(), service.sources, strict=True):
        expect(item).to_contain_text(source.name)
        link = item.get_by_role("link")
        if source.url is None:
            expect(link).to_have_count(0)
        else:
            expect(link).to_have_attribute("href", source.url)
            expect(link).to_have_attribute("target", "_blank")
            expect(link).to_have_attribute("rel", "noopener noreferrer")


def test_checklist_by_keyboard_and_reload_clears(desktop_page) -> None:
    page = desktop_page
    page.goto("/peso-compliance")
    wait_until_interactive(page)
    progress = page.locator("#checklist-progress")
    first = page.locator(".checklist").get_by_role("checkbox").first
    first.focus()
    page.keyboard.press("Space")
    expect(progress).to_have_text("1 of 5 documents ready")
    expect(first).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(progress).to_have_text("2 of 5 documents ready")
    page.reload()
    wait_until_interactive(page)
    expect(progress).to_have_text("0 of 5 documents ready")
    expect(page.locator(".checklist").get_by_role("checkbox").first).not_to_be_checked()


def test_ticks_do_not_follow_the_visitor_to_another_page(desktop_page) -> None:
    page = desktop_page
    page.goto("/fire-nocs")
    wait_until_interactive(page)
    page.locator(".checklist").get_by_role("checkbox").first.check()
    expect(page.locator("#checklist-progress")).to_have_text("1 of 4 documents ready")
    page.goto("/cgwanoc")
    wait_until_interactive(page)
    expect(page.locator("#checklist-progress")).to_have_text("0 of 4 documents ready")


def test_peso_checklist_asks_for_five_years_experience() -> None:
    for route in ("peso", "peso-compliance"):
        names = " ".join(f"{i.name} {i.description}" for i in content().service(route).checklist)
        assert re.search(r"(5|five) years", names), route


def test_learn_more_scrolls_to_overview(page) -> None:
    page.goto("/environmental-clearance")
    wait_until_interactive(page)
    page.locator(".page-hero").get_by_role("link", name="Learn More").click()
    expect(page).to_have_url(re.compile(r"#overview$"))
    expect(page.locator("#overview h2")).to_be_in_viewport()


def test_print_hides_chrome_and_shows_checklist(desktop_page) -> None:
    page = desktop_page
    page.goto("/fire-licensing")
    page.emulate_media(media="print")
    expect(page.locator("header.site-header")).to_be_hidden()
    expect(page.locator(".fabs")).to_be_hidden()
    expect(page.locator("footer")).to_be_hidden()
    expect(page.locator("#benefits")).to_be_hidden()
    expect(page.locator("#checklist")).to_be_visible()
    expect(page.get_by_role("button", name="Print checklist")).to_be_hidden()


def test_print_button_calls_print(desktop_page) -> None:
    page = desktop_page
    page.goto("/fire-licensing")
    wait_until_interactive(page)
    page.evaluate("() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; }")
    page.get_by_role("button", name="Print checklist").click()
    page.wait_for_function("() => window.__printed === 1")


@pytest.mark.parametrize("route", ["peso", "forest-clearance", "clinical-establishment-licensing"])
def test_service_page_without_javascript(new_page, route: str) -> None:
    page = new_page(java_script_enabled=False)
    page.goto(f"/{route}")
    service = content().service(route)
    expect(page.locator("h1")).to_have_text(service.headline)
    expect(page.locator("#acts .act h3").first).to_have_text(service.acts[0].name)
    expect(page.locator(".checklist").get_by_role("checkbox")).to_have_count(len(service.checklist))
