"""The approvals finder: rules on realistic projects, the data checks, the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from consultancy.content import ContentError, content
from consultancy.content.finder import FinderPage
from consultancy.content.loader import DEFAULT_DATA_DIR, load_model
from tests.conftest import wait_until_interactive


def routes_for(answers: dict[str, str]) -> set[str]:
    applies, _ = content().finder.evaluate(answers)
    return {approval.route for approval, _ in applies}


def test_new_100_bed_hospital_in_bhubaneswar() -> None:
    answers = {
        "sector": "hospital",
        "stage": "new",
        "built_up_area": "12000",
        "occupancy": "hospital",
        "height": "24",
        "airport_distance": "8",
        "emissions": "yes",
        "healthcare": "yes",
        "biomedical_waste": "yes",
        "groundwater": "60",
        "small_enterprise": "no",
        "diesel_litres": "2000",
    }
    assert routes_for(answers) == {
        "clinical-establishment-licensing",
        "bio-medical-waste-authorization",
        "consent-to-estalish",
        "consent-to-operate",
        "fire-nocs",
        "airport-height-clearance-noc",
        "cgwanoc",
        "various-govt-officials-nocs",
        "architectural-design",
        "feasibility-study-for-construction",
    }


def test_petrol_pump() -> None:
    answers = {
        "sector": "petroleum",
        "stage": "new",
        "built_up_area": "150",
        "occupancy": "mercantile",
        "height": "6",
        "airport_distance": "70",
        "petrol": "yes",
        "diesel_litres": "20000",
        "emissions": "no",
        "hazardous_waste": "yes",
        "groundwater": "2",
        "small_enterprise": "yes",
    }
    assert routes_for(answers) == {
        "peso",
        "hazardous-waste-licensing",
        "various-govt-officials-nocs",
        "architectural-design",
        "feasibility-study-for-construction",
    }


def test_steel_plant_expansion_on_forest_land_drawing_groundwater() -> None:
    answers = {
        "sector": "steel",
        "stage": "expansion",
        "forest_land": "yes",
        "eia_listed": "yes",
        "built_up_area": "45000",
        "occupancy": "industrial",
        "height": "60",
        "emissions": "yes",
        "hazardous_waste": "yes",
        "groundwater": "1500",
        "small_enterprise": "no",
        "surface_water": "yes",
        "furnace_oil_litres": "200000",
        "gas_or_explosives": "yes",
    }
    assert routes_for(answers) == {
        "forest-clearance",
        "environmental-clearance",
        "environment-impact-assesment",
        "consent-to-estalish",
        "consent-to-operate",
        "hazardous-waste-licensing",
        "cgwanoc",
        "water-allocatio-norder-noc",
        "fire-nocs",
        "peso",
        "various-govt-officials-nocs",
        "architectural-design",
    }


def test_40_m_building_near_the_airport() -> None:
    answers = {
        "sector": "real-estate",
        "stage": "new",
        "built_up_area": "18000",
        "occupancy": "residential",
        "height": "40",
        "airport_distance": "12",
    }
    assert routes_for(answers) == {
        "airport-height-clearance-noc",
        "fire-nocs",
        "various-govt-officials-nocs",
        "architectural-design",
        "feasibility-study-for-construction",
    }
    answers["built_up_area"] = "25000"
    assert "environmental-clearance" in routes_for(answers)


def test_existing_operation_gets_compliance_services() -> None:
    answers = {
        "stage": "existing",
        "forest_land": "yes",
        "eia_listed": "yes",
        "emissions": "yes",
        "groundwater": "30",
        "small_enterprise": "no",
        "diesel_litres": "9000",
        "occupancy": "industrial",
    }
    assert routes_for(answers) == {
        "forest-clearance-compliance",
        "environment-clearance-compliance",
        "consent-to-operate",
        "consent-to-operate-compliance",
        "cgwa-compliance",
        "peso-compliance",
        "tank-testing-certificate",
        "fire-licensing",
        "water-allocatio-norder-noc",
    }


def test_no_answers_no_approvals() -> None:
    assert routes_for({}) == set()


def test_reasons_name_the_trigger() -> None:
    applies, _ = content().finder.evaluate({"stage": "new", "forest_land": "yes"})
    [(approval, reasons)] = applies
    assert approval.route == "forest-clearance"
    assert reasons == ["The project will use forest land"]


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "finder.toml"
    text = (DEFAULT_DATA_DIR / "finder.toml").read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_rule_pointing_to_unknown_route_fails_clearly(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'route = "forest-clearance"', 'route = "forest-permit"')
    with pytest.raises(ContentError, match=r"finder\.toml.*'approvals\[0\]'.*'forest-permit' is not a service page"):
        load_model(path, FinderPage)


def test_rule_on_unknown_question_fails_clearly(tmp_path: Path) -> None:
    path = _broken(tmp_path, '{ question = "forest_land", is_yes = true }', '{ question = "forest", is_yes = true }')
    with pytest.raises(ContentError, match=r"finder\.toml.*no question 'forest'"):
        load_model(path, FinderPage)


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
