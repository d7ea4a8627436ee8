"""The approvals finder in the built page (the rules themselves: tests/unit/test_finder_*.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from tests.conftest import wait_until_interactive


def _not_asked(group) -> None:
    """A carried-over question: gone from the form, or shown answered but not changeable."""
    for radio in group.get_by_role("radio").all():
        assert not (radio.is_visible() and radio.is_enabled())


@pytest.mark.browser
def test_finder_page_answers_lead_to_the_right_list(desktop_page) -> None:
    page = desktop_page
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    expect(page.locator("h1")).to_have_text(content().finder.heading)
    expect(page.locator("#finder-count")).to_have_text("0")
    page.get_by_label("Which sector is the project in?").select_option("hospital")
    page.get_by_role("group", name="What stage is it at?").get_by_label("New project").check()
    # The sector says it is a hospital: the finder does not ask again, and carries the answer over.
    _not_asked(page.get_by_role("group", name=re.compile("hospital, nursing home, clinic, diagnostic centre or lab")))
    results = page.locator("#finder-results .result:not([hidden])")
    expect(results).to_have_count(4)
    expected = {"clinical-establishment", "bio-medical-waste", "consent-to-establish", "consent-to-operate"}
    assert set(results.evaluate_all("els => els.map(e => e.dataset.approval)")) == expected
    # 30 km from Biju Patnaik International Airport: inside the 56 km zoning of an instrument aerodrome.
    page.get_by_label("Distance from the site to the nearest airport or airfield").fill("30")
    expect(results).to_have_count(5)
    expect(page.locator("#finder-results .result[data-approval='airport-height']:not([hidden])")).to_have_count(1)
    link = results.get_by_role("link", name="Clinical establishment registration")
    expect(link).to_have_attribute("href", "/clinical-establishment-licensing")
    expect(page.locator("#finder-results")).to_contain_text("Private hospitals, clinics")
    page.get_by_label("Groundwater drawn from borewells or tube wells").fill("25")
    page.get_by_role("group", name=re.compile("micro or small enterprise")).get_by_label("No").check()
    expect(results).to_have_count(6)
    # A 4,000 m2 hospital: building plan approval, titled for this project (no factory licence).
    page.get_by_label("Total built-up area of the buildings").fill("4000")
    expect(results).to_have_count(9)
    plans = page.locator("#finder-results [data-approval='other-nocs']")
    expect(plans.locator(".result__title")).to_have_text("Building plan approval from the development authority")
    expect(page.locator("#finder-results")).not_to_contain_text("Factory licence")
    expect(page.get_by_text(re.compile("not legal advice"))).to_be_visible()
    expect(page.locator(".finder").get_by_role("link", name="Request Consultation")).to_have_attribute(
        "href", "/contact-us"
    )
    link.click()
    expect(page).to_have_url(re.compile(r"/clinical-establishment-licensing$"))


@pytest.mark.browser
def test_finder_page_without_javascript_links_every_service(new_page) -> None:
    page = new_page(java_script_enabled=False)
    page.goto("/approvals-finder")
    coverage = page.locator("#coverage")
    expect(coverage.locator("a")).to_have_count(len(content().finder.approvals))
    for approval in content().finder.approvals:
        expect(coverage.locator(f"a[href='/{approval.route}']").first).to_be_attached()


@pytest.mark.browser
def test_finder_is_linked_from_home_services_and_navigation(desktop_page) -> None:
    for path in ["/", "/services"]:
        desktop_page.goto(path)
        expect(desktop_page.locator("main a[href='/approvals-finder']").first).to_be_visible()
    expect(desktop_page.locator("#services-menu a[href='/approvals-finder']")).to_have_count(1)
