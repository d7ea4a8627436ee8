"""The enquiry form's services, at 390 and 1280 px: a service page's form asks for a name, a
contact and (if they like) a message, with its service chosen and any other one a tap away;
the contact page's services cost two Tab stops, not one per service; a form filled in from
the approvals finder shows every service it chose. Without scripts the form is never sent
with its fields in the address.

Screenshots go to build/screenshots (enquiry-service-page-*, enquiry-finder-chips-*)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from tests.browser.enquiry_steps import choose_services, tab_stops
from tests.browser.test_accessibility import assert_clean
from tests.browser.test_enquiry_form import REFERENCE, _export, _open, _phone
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

SHOTS = ROOT / "build" / "screenshots"
# The short form's height on a service page: 1,161 px on a phone and 873 px on a desk with
# its 24 boxes, 945 and 657 px without them.
SHORT_FORM_MAX_PX = {390: 960, 1280: 680}
# What the approvals finder ticks for a hospital.
FINDER_SERVICES = (
    "architectural-design",
    "consent-to-estalish",
    "consent-to-operate",
    "bio-medical-waste-authorization",
    "clinical-establishment-licensing",
    "fire-nocs",
    "feasibility-study-for-construction",
)


def test_a_service_page_asks_only_what_it_needs_and_another_service_can_be_added(visitor, viewport) -> None:
    page = visitor(viewport)
    _open(page, "/peso")
    form = page.locator("#quick-form")
    own = page.locator("#quick-service-peso")
    expect(own).to_be_visible()
    expect(own).to_be_checked()
    # The page's own service is the one box in view; the others wait behind one disclosure.
    expect(form.locator("input[name='service']:visible")).to_have_count(1)
    form.scroll_into_view_if_needed()
    box = form.bounding_box()
    assert box is not None and box["height"] <= SHORT_FORM_MAX_PX[viewport["width"]], box
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"enquiry-service-page-{viewport['width']}.png"), full_page=False)
    page.get_by_text("Add another service").click()
    page.get_by_label("Find a service").fill("fire noc")
    fire = page.locator("#quick-service-fire-nocs")
    expect(fire).to_be_visible()
    expect(page.locator("#quick-service-peso-compliance")).to_be_hidden()
    fire.check()
    chips = form.locator(".service-chip")
    expect(chips).to_have_count(1)
    expect(chips.first).to_contain_text(content().service("fire-nocs").name)
    page.screenshot(path=str(SHOTS / f"enquiry-service-added-{viewport['width']}.png"), full_page=False)
    # Name, a phone number and consent are enough: the message may stay empty.
    name = f"Sunita Behera {random.randrange(10**6)}"
    page.locator("#quick-name").fill(name)
    page.locator("#quick-phone").fill(_phone())
    page.locator("#quick-consent").check()
    page.get_by_role("button", name="Send enquiry").click()
    reference = page.locator("#enquiry-sent strong").nth(1)
    expect(reference).to_have_text(REFERENCE)
    row = {r["reference"]: r for r in _export()}[reference.inner_text()]
    # Stored as before: every service by name, "; " between them, in the list's order.
    assert row["service"] == f"{content().service('peso').name}; {content().service('fire-nocs').name}"
    assert row["message"] == "" and row["name"] == name


def test_the_contact_page_offers_every_service_for_two_tab_stops(visitor, viewport) -> None:
    page = visitor(viewport)
    _open(page, "/contact-us")
    stops = tab_stops(page, "#enquiry-name", "#enquiry-form button[type='submit']")
    # Phone, email, organisation, Not sure, Choose services, district, message, the privacy
    # notice's link, consent, Send.
    assert len(stops) <= 10, stops
    assert "enquiry-service-not-sure" in stops
    # With the keyboard alone: open the list, narrow it, tick the one left with Enter.
    page.locator("#enquiry-service-picker > summary").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Find a service")).to_be_focused()
    page.keyboard.type(content().service("clinical-establishment-licensing").name)
    expect(page.locator("#enquiry-service-filter-status")).to_contain_text("press Enter")
    page.keyboard.press("Enter")
    expect(page.locator("#enquiry-service-clinical-establishment-licensing")).to_be_checked()
    # Enter in the box never sent the form.
    expect(page.locator("#enquiry-name-error")).to_be_empty()
    chip = page.locator("#enquiry-form .service-chip")
    expect(chip).to_have_count(1)
    expect(chip).to_have_accessible_name(re.compile("^Remove Clinical"))


def test_a_form_filled_from_the_finder_shows_every_chosen_service(visitor, viewport) -> None:
    page = visitor(viewport)
    _open(page, f"/contact-us?services={','.join(FINDER_SERVICES)}")
    chips = page.locator("#enquiry-form .service-chip")
    expect(chips).to_have_count(len(FINDER_SERVICES))
    names = [content().service(route).name for route in FINDER_SERVICES]
    for chip, name in zip(chips.all(), names, strict=True):
        expect(chip).to_contain_text(name)
        # Wholly on show, not clipped by a box that scrolls.
        chip.scroll_into_view_if_needed()
        expect(chip).to_be_in_viewport(ratio=1)
    services = page.locator("#enquiry-form .field--service")
    services.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    services.screenshot(path=str(SHOTS / f"enquiry-finder-chips-{viewport['width']}.png"))
    # A tap on a chip unticks its service; the focus moves to the next chip.
    chips.nth(2).click()
    expect(chips).to_have_count(len(FINDER_SERVICES) - 1)
    expect(page.locator(f"#enquiry-service-{FINDER_SERVICES[2]}")).not_to_be_checked()
    expect(chips.nth(2)).to_be_focused()
    expect(chips.nth(2)).to_contain_text(names[3])


def test_without_scripts_the_form_is_posted_to_the_backend_and_held(new_page, viewport) -> None:
    page = new_page(viewport, java_script_enabled=False)
    page.goto("/contact-us")
    name = f"No Script {random.randrange(10**6)}"
    phone = _phone()
    page.locator("#enquiry-name").fill(name)
    page.locator("#enquiry-phone").fill(phone)
    page.locator("#enquiry-message").fill("Sent from a browser without JavaScript.")
    choose_services(page, "not-sure")
    page.locator("#enquiry-consent").check()
    with page.expect_request(lambda request: request.resource_type == "document") as sent:
        page.get_by_role("button", name="Send enquiry").click()
    request = sent.value
    assert request.method == "POST", request.method
    assert "?" not in request.url and phone not in request.url, request.url
    page.wait_for_load_state()
    assert phone not in page.url and "name=" not in page.url, page.url
    assert request.url.endswith("/_enquiries/send"), request.url
    # Stored as held (such a browser cannot do the page's check), its reference on the page.
    reference = page.locator("#enquiry-reference").inner_text()
    stored = [row for row in _export() if row["name"] == name]
    assert [(row["reference"], row["status"]) for row in stored] == [(reference, "held")]


def test_the_services_open_and_chosen_have_no_axe_violations(visitor, viewport) -> None:
    page = visitor(viewport)
    _open(page, f"/contact-us?services={','.join(FINDER_SERVICES)}")
    expect(page.locator("#enquiry-form .service-chip")).to_have_count(len(FINDER_SERVICES))
    page.locator("#enquiry-service-picker > summary").click()
    page.get_by_label("Find a service").fill("noc")
    expect(page.locator("#enquiry-service-filter-status")).not_to_be_empty()
    assert_clean(page, "contact page: chips, list open and narrowed")
    _open(page, "/peso")
    page.get_by_text("Add another service").click()
    choose_services(page, "fire-nocs", prefix="quick")
    assert_clean(page, "service page: list open, a service added")
