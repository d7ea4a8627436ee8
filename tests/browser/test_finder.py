"""The approvals finder in the built page (the rules themselves: tests/unit/test_finder_*.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from tests.browser.finder_steps import pick_activity
from tests.conftest import wait_until_interactive


@pytest.mark.browser
def test_finder_page_asks_only_what_matters_and_lists_everything(desktop_page) -> None:
    page = desktop_page
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    expect(page.locator("h1")).to_have_text(content().finder.heading)
    expect(page.locator("#finder-count")).to_have_text("0")
    # At first only the project and its stage are asked; the hospital questions are not shown.
    beds = page.get_by_label("Number of beds")
    expect(beds).to_be_hidden()
    pick_activity(page, "hotel", "hotel")
    page.get_by_role("group", name="What stage is it at?").get_by_label("New project").check()
    expect(beds).to_be_hidden()
    expect(page.locator("#finder-progress-text")).to_contain_text("questions answered")
    page.get_by_role("group", name=re.compile("Will you build")).get_by_label(re.compile("^We will construct")).check()
    page.get_by_label(re.compile("^Built-up area you will build")).fill("6000")
    page.get_by_label(re.compile("^Height of the tallest building, after the work")).fill("16")
    site = page.get_by_role("group", name="Is the site on or near any of these?")
    site.get_by_label(re.compile("^Within 500 m of the sea")).check()
    # A beach hotel in Puri: fire applies, CRZ and FSSAI are outside our services, the
    # consents depend on the category (ask us), and the blank boiler question is named.
    results = page.locator("#finder-results .result:not([hidden])")
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    outside = page.locator("#finder-outside-panel")
    expect(outside).to_be_visible()
    expect(outside.locator("[data-outside='crz']")).to_be_visible()
    expect(outside.locator("[data-outside='crz']")).to_contain_text("Odisha Coastal Zone Management Authority")
    expect(outside.locator("[data-outside='rera']")).to_be_hidden()
    undecided = page.locator("#finder-undecided-panel")
    expect(undecided.locator("[data-undecided='consent-to-operate']")).to_be_visible()
    expect(undecided.locator("[data-undecided='consent-to-operate']")).to_contain_text(content().finder.confirm_call)
    expect(undecided.locator("[data-undecided='boiler']")).to_contain_text("Will you use a steam boiler?")
    # The setting's yes/no questions are one group of boxes: ticking one answers the others
    # shown "no", as the visitor has seen them.
    boxes = page.get_by_role("group", name="Which of these will the project have?")
    boxes.get_by_label(re.compile("^A kitchen, canteen")).check()
    expect(outside.locator("[data-outside='fssai']")).to_be_visible()
    expect(undecided.locator("[data-undecided='boiler']")).to_be_hidden()
    expect(boxes.get_by_label("None of these")).not_to_be_checked()
    boxes.get_by_label("None of these").check()
    expect(outside.locator("[data-outside='fssai']")).to_be_hidden()
    boxes.get_by_label(re.compile("^A kitchen, canteen")).check()
    assert "fire-noc" in results.evaluate_all("els => els.map(e => e.dataset.approval)")
    expect(page.get_by_text(re.compile("not legal advice"))).to_be_visible()
    link = results.get_by_role("link", name=re.compile("Fire Safety Recommendation"))
    expect(link).to_have_attribute("href", "/fire-nocs")


@pytest.mark.browser
def test_rented_clinic_is_not_sent_to_build(desktop_page) -> None:
    page = desktop_page
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    pick_activity(page, "diagnostic lab", "clinic")
    page.get_by_role("group", name="What stage is it at?").get_by_label("New project").check()
    page.get_by_role("group", name=re.compile("Will you build")).get_by_label(re.compile("existing premises")).check()
    expect(page.get_by_role("group", name="Is the site on or near any of these?")).to_be_hidden()
    expect(page.locator("#finder-results [data-approval='clinical-establishment']")).to_be_visible()
    for approval in ("building-plan", "architectural-plans", "feasibility"):
        expect(page.locator(f"#finder-results [data-approval='{approval}']")).to_be_hidden()


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
