"""The law as the built site publishes it: no doubt word in any page's HTML, the regulatory
updates page with its entries, its Atom feed served beside the sitemap, and the documents and
appeals the records state, on the service pages and in the finder."""

from __future__ import annotations

import re
import urllib.request
from html import unescape
from pathlib import Path

import feedparser
import pytest
from playwright.sync_api import Page, expect

from consultancy.content import content
from consultancy.content.contract import PAGE_ROUTES, SERVICE_ROUTES
from consultancy.content.law_updates import FEED_PATH, entries
from consultancy.law.review import find_doubts
from consultancy.law.status import NOT_SETTLED, say

pytestmark = pytest.mark.browser

SHOTS = "build/screenshots"
ROUTES = [*PAGE_ROUTES.values(), *[f"/{r}" for r in SERVICE_ROUTES], "/approvals-finder", "/privacy"]


def fetch(base_url: str, path: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(base_url + path, timeout=10) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read().decode()


def visible_text(html: str) -> str:
    """The page's words: scripts, styles and tags removed (the doubt words are a matter of what
    a visitor reads; the shipped finder and calendar data are read by their own tests)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S | re.I)
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("path", ROUTES)
def test_no_page_carries_a_doubt_word(base_url: str, path: str) -> None:
    status, _, html = fetch(base_url, path)
    assert status == 200
    assert find_doubts(visible_text(html)) == [], path


def test_the_updates_page_lists_every_change_with_its_anchor(base_url: str) -> None:
    _, _, html = fetch(base_url, "/regulatory-updates")
    for entry in entries(content()):
        assert f'id="{entry.id}"' in html, entry.id
    assert f'href="{FEED_PATH}"' in html
    _, _, sitemap = fetch(base_url, "/sitemap.xml")
    assert "/regulatory-updates</loc>" in sitemap


def test_the_feed_is_served_and_reads_back(base_url: str) -> None:
    status, _, text = fetch(base_url, FEED_PATH)
    assert status == 200
    parsed = feedparser.parse(text)
    assert not parsed.bozo and len(parsed.entries) == len(entries(content()))


def test_a_service_page_links_the_updates_that_touch_it(page: Page, base_url: str) -> None:
    page.goto(base_url + "/consent-to-operate")
    box = page.locator(".glance__updates")
    expect(box.locator("a[href='/regulatory-updates#consent-amendment-2026']")).to_be_visible()
    box.locator("a[href='/regulatory-updates#consent-amendment-2026']").click()
    page.wait_for_url(re.compile(r"/regulatory-updates#consent-amendment-2026$"))
    expect(page.locator("#consent-amendment-2026 h2")).to_contain_text("valid until cancelled")


def test_screenshots_of_the_updates_page_and_a_glance_box(page: Page, viewport: dict) -> None:
    """For review at 390 and 1280 px: build/screenshots/law-*.png."""
    label = "mobile" if viewport["width"] == 390 else "desktop"
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.goto("/regulatory-updates")
    expect(page.locator("h1")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/law-updates-{label}.png", full_page=True)
    page.goto("/hazardous-waste-licensing#at-a-glance")
    box = page.locator("#at-a-glance")
    expect(box).to_contain_text("5 years from the date")
    box.screenshot(path=f"{SHOTS}/law-glance-{label}.png")


@pytest.mark.parametrize(
    ("route", "approval"),
    [("consent-to-operate", "consent-to-operate"), ("hazardous-waste-licensing", "hazardous-waste")],
)
def test_the_glance_box_says_where_a_refusal_is_appealed(new_page, route: str, approval: str) -> None:
    """In the prerendered page: a settled appeal in its own words with its section, one that is
    not settled through the fixed sentence."""
    page = new_page(java_script_enabled=False)
    page.goto(f"/{route}")
    row = page.locator("#at-a-glance .glance__row").filter(has=page.locator("dt", has_text="If it is refused"))
    appeal = content().law.records[approval].appeal
    assert appeal is not None
    expect(row.locator("dd")).to_have_text(say(appeal, "appeal"))
    if appeal.status == "settled":
        expect(row).to_contain_text("within 30 days")
    else:
        expect(row.locator("dd")).to_have_text(NOT_SETTLED["appeal"])


def test_no_appeal_row_where_the_record_names_none(new_page) -> None:
    page = new_page(java_script_enabled=False)
    page.goto("/tank-testing-certificate")
    expect(page.locator("#at-a-glance dt")).not_to_have_count(0)
    expect(page.locator("#at-a-glance dt", has_text="If it is refused")).to_have_count(0)


def test_a_checklist_and_the_finder_list_the_records_documents(new_page) -> None:
    """The page's boxes are the record's documents; the finder's one checklist holds each of
    the fire recommendation's documents once, with the stage it is needed for."""
    page = new_page(java_script_enabled=False)
    page.goto("/hazardous-waste-licensing")
    record = content().law.records["hazardous-waste"]
    expect(page.locator(".checklist .checklist__name")).to_have_text([d.name for d in record.documents])
    page.goto("/approvals-finder")
    fire = [d for d in content().law.records["fire-safety-certificate"].documents if "recommendation" in (d.when or "")]
    items = page.locator("#finder-checklist-items li")
    for document in fire:
        item = items.filter(has=page.locator("strong", has_text=document.name))
        expect(item).to_have_count(1)
        expect(item).to_contain_text("Needed for the fire safety recommendation")
