"""The approvals finder hands over to a person, in a real browser at 390 and 1280 px: its
answers live in the address (reload, Back, a shared link and the home page's industry tiles
rebuild the result), "Request Consultation" opens the contact form filled in, the results come
in the order of work with the firm's studies apart and one document checklist, "Don't know"
leaves an approval undecided, and the printout carries the firm, the date and the answers.
Set FINDER_SHOTS to a directory to keep screenshots of the result and the filled form."""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from tests.browser.finder_steps import activity_box, activity_label, pick_activity
from tests.conftest import wait_until_interactive

HOSPITAL = "/approvals-finder?activity=hospital&stage=new&premises=build&built_up_area=6000&height=10&floors=2&beds=60"


def _shot(page, name: str) -> None:
    folder = os.environ.get("FINDER_SHOTS")
    if folder:
        width = page.viewport_size["width"] if page.viewport_size else 0
        page.screenshot(path=f"{folder}/{name}-{width}.png", full_page=True)


def _visible(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all(
        "els => els.filter(e => e.offsetParent !== null)"
        ".map(e => e.dataset.approval || e.dataset.outside || e.dataset.undecided)"
    )


def _answer_a_hotel(page) -> None:
    pick_activity(page, "hotel", "hotel")
    page.get_by_role("group", name="What stage is it at?").get_by_label("New project").check()
    page.get_by_role("group", name=re.compile("Will you build")).get_by_label(re.compile("^We will construct")).check()
    page.get_by_label(re.compile("^Built-up area you will build")).fill("6000")
    page.get_by_label("Height of the tallest building, after the work").fill("16")
    site = page.get_by_role("group", name="Is the site on or near any of these?")
    site.get_by_label(re.compile("^Within 500 m of the sea")).check()


@pytest.mark.browser
def test_request_consultation_opens_the_form_filled_in(page) -> None:
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    _answer_a_hotel(page)
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    _shot(page, "finder-result")
    request = page.locator("#finder-request")
    href = request.get_attribute("href") or ""
    query = parse_qs(urlparse(href).query)
    assert urlparse(href).path == "/contact-us"
    services = query["services"][0].split(",")
    assert "fire-nocs" in services and "feasibility-study-for-construction" in services
    request.click()
    page.wait_for_url(re.compile(r"/contact-us\?"))
    wait_until_interactive(page)
    expect(page.locator("#enquiry-service-fire-nocs")).to_be_checked()
    expect(page.locator("#enquiry-service-feasibility-study-for-construction")).to_be_checked()
    expect(page.locator("#enquiry-service-not-sure")).not_to_be_checked()
    message = page.locator("#enquiry-message")
    expect(message).to_have_value(re.compile("What is the project\\? Hotel, resort or guest house"))
    text = message.input_value()
    assert "Approvals that apply, in the order of work:" in text
    assert "Fire Safety Recommendation" in text
    assert "CRZ clearance" in text  # outside the firm's services, named too
    assert "Documents to gather:" in text
    assert "/approvals-finder?activity=hotel" in text
    assert len(text) <= content().enquiries.message_max_length
    _shot(page, "enquiry-prefilled")


@pytest.mark.browser
def test_reload_and_a_shared_link_rebuild_the_same_result(page, new_page) -> None:
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    _answer_a_hotel(page)
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    # The address follows the answers.
    expect(page).to_have_url(re.compile(r"activity=hotel.*height=16"))
    before = _visible(page, "#finder-results-panel [data-approval], #finder-results-panel [data-outside]")
    address = page.url
    page.reload()
    wait_until_interactive(page)
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    assert _visible(page, "#finder-results-panel [data-approval], #finder-results-panel [data-outside]") == before
    expect(activity_box(page)).to_have_value(activity_label("hotel"))
    expect(page.get_by_label("Height of the tallest building, after the work")).to_have_value("16")
    # Back from a result's service page.
    page.locator("#finder-results [data-approval='fire-noc'] a").first.click()
    page.wait_for_url(re.compile("/fire-nocs"))
    page.go_back()
    wait_until_interactive(page)
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    assert _visible(page, "#finder-results-panel [data-approval], #finder-results-panel [data-outside]") == before
    # Someone else opens the shared link.
    other = new_page(viewport=page.viewport_size)
    other.goto(address)
    wait_until_interactive(other)
    expect(other.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    assert _visible(other, "#finder-results-panel [data-approval], #finder-results-panel [data-outside]") == before
    # Start over clears the address too.
    page.get_by_role("button", name="Start over").click()
    expect(page).to_have_url(re.compile(r"/approvals-finder/?$"))


@pytest.mark.browser
def test_results_in_the_order_of_work_with_studies_apart_and_one_checklist(page) -> None:
    page.goto(HOSPITAL)
    wait_until_interactive(page)
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    stages = page.locator("#finder-results .finder__stage:not([hidden])").evaluate_all(
        "els => els.map(e => e.dataset.stage)"
    )
    order = ["site", "clearance", "establish", "building", "water", "operate", "compliance"]
    assert stages == sorted(stages, key=order.index)
    assert stages.index("establish") < stages.index("building") < stages.index("operate")
    expect(page.locator(".finder__stage[data-stage='building'] .finder__stage-title")).to_be_visible()
    # The firm's studies are apart from the approvals, and not counted among them.
    studies = page.locator("#finder-studies-panel")
    expect(studies.locator("[data-approval='feasibility']")).to_be_visible()
    expect(studies.locator("[data-approval='architectural-plans']")).to_be_visible()
    expect(page.locator("#finder-results [data-approval='feasibility']")).to_have_count(0)
    # One checklist for the whole project, each document once.
    # (Its text, though the checklist is shown only on request.)
    items = page.locator("#finder-checklist-items li:not([hidden]) strong").all_text_contents()
    assert len(items) == len(set(items)) > 8
    expect(page.locator("#finder-checklist-count")).to_have_text(str(len(items)))
    assert "Proposed building plans" in items  # the fire recommendation's
    _shot(page, "finder-hospital")


@pytest.mark.browser
def test_dont_know_leaves_the_approval_undecided(page) -> None:
    page.goto("/approvals-finder?activity=office&stage=new&premises=build&built_up_area=300&basement_area=0")
    wait_until_interactive(page)
    height = page.get_by_label("Height of the tallest building, after the work")
    height.fill("20")
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    height.locator("xpath=..").get_by_role("button", name="Don't know").click()
    expect(height).to_have_value("")
    expect(page).to_have_url(re.compile("height=dont-know"))
    undecided = page.locator("#finder-undecided-panel [data-undecided='fire-noc']")
    expect(undecided).to_be_visible()
    expect(undecided).to_contain_text("Height of the tallest building")
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_hidden()
    # A choice offers it too: the site's surroundings unknown, forest clearance stays open and
    # the forest question is asked.
    page.get_by_role("group", name="Is the site on or near any of these?").get_by_label("Don't know").check()
    expect(page.locator("#finder-undecided-panel [data-undecided='forest-clearance']")).to_be_visible()
    forest = page.get_by_role("group", name="Will the project use any forest land?")
    expect(forest).to_be_visible()
    expect(forest.get_by_label("Don't know")).to_be_visible()


@pytest.mark.browser
def test_the_printout_carries_the_firm_the_date_and_the_answers(page) -> None:
    page.goto(HOSPITAL)
    wait_until_interactive(page)
    header = page.locator("#finder-print-header")
    expect(header).to_be_hidden()
    page.emulate_media(media="print")
    site = content().site
    expect(header).to_be_visible()
    expect(header).to_contain_text(site.name)
    expect(header).to_contain_text(site.phone)
    expect(header).to_contain_text(re.compile(r"\d{1,2} [A-Z][a-z]+ \d{4}"))
    expect(header.locator("#finder-print-answers")).to_contain_text("Number of beds: 60 beds")
    expect(header.locator("#finder-print-answers")).to_contain_text("What is the project? Hospital")
    expect(page.locator(".finder__form")).to_be_hidden()
    expect(page.locator("#finder-checklist")).to_be_visible()
    expect(page.locator("#finder-results [data-approval='fire-noc']")).to_be_visible()
    # The checklist alone ("Print the checklist"): the header stays, the results go.
    page.evaluate("document.documentElement.classList.add('print-checklist')")
    expect(header).to_be_visible()
    expect(page.locator("#finder-checklist-items")).to_be_visible()
    expect(page.locator("#finder-results")).to_be_hidden()


@pytest.mark.browser
def test_an_industry_tile_opens_the_finder_with_its_sector_chosen(page) -> None:
    page.goto("/")
    wait_until_interactive(page)
    for industry in content().finder.industries:
        expect(page.locator("#industries a.industry", has_text=industry.name).first).to_have_attribute(
            "href", re.compile(r"^/approvals-finder\?activity=")
        )
    tile = page.locator("#industries a.industry", has_text="Hospital")
    expect(tile).to_have_attribute("href", "/approvals-finder?activity=hospital")
    tile.click()
    page.wait_for_url(re.compile(r"/approvals-finder\?activity=hospital"))
    wait_until_interactive(page)
    expect(activity_box(page)).to_have_value(activity_label("hospital"))
    expect(page.get_by_label(re.compile("^Height of the tallest building"))).to_be_visible()
