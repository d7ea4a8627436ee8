"""The header search in a real browser, at 390 and 1280 px: the queries visitors type find
the page they mean (the words owners use for their equipment too), a page matching more of the
words comes first, results show in full (on a phone, inside the open menu), the keyboard moves
from the box into the results and back, approvals outside the firm's services lead to the
approvals finder, and no match offers the finder and a person."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import wait_until_interactive

pytestmark = pytest.mark.browser

FIRST = {
    "CTO renewal": "/consent-to-operate-compliance",
    "consent renewal": "/consent-to-operate-compliance",
    "pollution NOC": "/consent-to-estalish",
    "explosives licence": "/peso",
    "borewell": "/cgwanoc",
    "RERA": "/approvals-finder",
    # The words owners use for their equipment (data/search_terms.toml).
    "diesel tank": "/peso",
    "DG set": "/various-govt-officials-nocs",
    "generator": "/various-govt-officials-nocs",
    "chimney": "/airport-height-clearance-noc",
    "transformer": "/various-govt-officials-nocs",
    "boiler": "/various-govt-officials-nocs",
    "Do I need a PESO licence for a diesel tank?": "/peso",
    # The site's own tools, by what visitors call what they do.
    "reminder": "/renewal-calendar",
    "renewal dates": "/renewal-calendar",
    "which licences do I need": "/approvals-finder",
    "new rules": "/regulatory-updates",
}
SOME = ["housing project", "apartment", "expiry", "renewal", "hospital", "petrol pump"]


def _search(page, text: str):
    page.goto("/about")
    wait_until_interactive(page)
    if page.viewport_size["width"] < 768:
        page.get_by_role("button", name="Menu").click()
    page.get_by_role("searchbox", name="Search services").fill(text)
    results = page.locator("#search-results")
    expect(results).to_be_visible()
    return results


def _fully_visible(page, locator) -> None:
    """Inside the window, and not cut off by a scrolling ancestor (the phone menu)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None and box["height"] > 0
    clipped = locator.evaluate(
        """(el) => {
          const r = el.getBoundingClientRect();
          for (let p = el.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (/(auto|scroll|hidden)/.test(s.overflowY)) {
              const q = p.getBoundingClientRect();
              if (r.bottom > q.bottom + 1 || r.top < q.top - 1) return p.className || p.tagName;
            }
          }
          return '';
        }"""
    )
    assert clipped == "", f"clipped by {clipped}"


@pytest.mark.parametrize("query", list(FIRST))
def test_the_right_page_comes_first(page, query: str) -> None:
    results = _search(page, query)
    first = results.locator(".search-hit").first
    expect(first).to_have_attribute("href", FIRST[query])
    _fully_visible(page, first)


@pytest.mark.parametrize("query", SOME)
def test_realistic_queries_find_something(page, query: str) -> None:
    results = _search(page, query)
    expect(results.locator(".search-hit").first).to_be_visible()
    _fully_visible(page, results.locator(".search-hit").last)
    _fully_visible(page, results.get_by_role("link", name=re.compile("approvals finder")))


def test_cto_renewal_never_opens_the_fire_page(page) -> None:
    """ "cto" is a whole word: it finds no page through "director" or "inspector"."""
    results = _search(page, "CTO")
    expect(results.locator(".search-hit").first).to_be_visible()
    expect(results.locator('a[href="/fire-licensing"]')).to_have_count(0)
    box = page.get_by_role("searchbox", name="Search services")
    box.fill("CTO renewal")
    expect(results.locator(".search-hit").first).to_have_attribute("href", "/consent-to-operate-compliance")
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"/consent-to-operate-compliance$"))


def test_any_word_matches_and_more_words_rank_first(page) -> None:
    """Each page below matches "diesel" or "tank"; PESO's licence page, which matches both,
    comes first, and a word nothing matches does not empty the list."""
    results = _search(page, "diesel tank xylophone")
    hits = results.locator(".search-hit")
    expect(hits.first).to_have_attribute("href", "/peso")
    expect(results.locator('a[href="/tank-testing-certificate"]')).to_have_count(1)
    page.get_by_role("searchbox", name="Search services").fill("tank")
    expect(hits.first).to_have_attribute("href", "/peso")
    expect(results.locator('a[href="/tank-testing-certificate"]')).to_have_count(1)


def test_arrow_keys_move_from_the_box_into_the_results_and_escape_returns(page) -> None:
    results = _search(page, "generator")
    box = page.get_by_role("searchbox", name="Search services")
    hits = results.locator(".search-hit")
    expect(hits.first).to_be_visible()
    box.press("ArrowDown")
    expect(hits.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(hits.nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(hits.first).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(box).to_be_focused()
    box.press("ArrowDown")
    page.keyboard.press("Escape")
    expect(box).to_be_focused()
    expect(results).to_be_hidden()
    expect(box).to_have_value("")
    box.fill("borewell")
    box.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/cgwanoc$"))


def test_rera_says_it_is_not_ours_and_leads_to_the_finder(page) -> None:
    results = _search(page, "RERA")
    hit = results.locator(".search-hit").first
    expect(hit).to_contain_text("Not one of our services")
    hit.click()
    expect(page).to_have_url(re.compile(r"/approvals-finder$"))


def test_no_match_offers_the_finder_and_the_contact_form(page) -> None:
    results = _search(page, "xylophone repairs")
    expect(results).to_contain_text("No service matches")
    finder = results.get_by_role("link", name="Find your approvals")
    expect(finder).to_have_attribute("href", "/approvals-finder")
    expect(results.get_by_role("link", name="ask us")).to_have_attribute("href", "/contact-us")
    _fully_visible(page, results.get_by_role("link", name="ask us"))
    finder.click()
    expect(page).to_have_url(re.compile(r"/approvals-finder$"))


def test_a_service_page_has_the_box_and_its_faq_data(page) -> None:
    page.goto("/consent-to-operate-compliance")
    box = page.locator("#at-a-glance")
    terms = (
        "Granted by",
        "Time to a decision",
        "Government fee",
        "How long it is valid",
        "Changes in the law",
        "Our fee",
    )
    for term in terms:
        expect(box.locator("dt", has_text=term)).to_have_count(1)
    expect(box).to_contain_text("On request")
    faqs = box.locator("details.faq")
    expect(faqs).to_have_count(4)
    expect(faqs.first.locator("p")).to_be_hidden()
    faqs.first.locator("summary").click()
    expect(faqs.first.locator("p")).to_be_visible()
    types = [json.loads(t)["@type"] for t in page.locator('script[type="application/ld+json"]').all_text_contents()]
    assert types.count("FAQPage") == 1, types


@pytest.mark.parametrize("query", ["DG set", "generator", "reminder"])
def test_the_first_result_says_what_was_searched_for(page, query: str) -> None:
    """ "DG set" leads to the government NOCs page, which never says "DG set": the result
    carries the line that says how that page deals with one, and a tap opens the page."""
    results = _search(page, query)
    first = results.locator(".search-hit").first
    expect(first.locator(".search-hit__why")).to_contain_text(
        re.compile("DG set" if query != "reminder" else "reminder", re.I)
    )
    _fully_visible(page, first)
    first.click()
    expect(page).to_have_url(re.compile(r"/(various-govt-officials-nocs|renewal-calendar)$"))
