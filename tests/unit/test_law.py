"""The law as the site states it: the facts corrected on the service pages in the reviews of
2026-11-23 and 2026-11-25. (The finder's thresholds, questions and projects are tested in
tests/unit/test_finder_rules.py and tests/unit/test_finder_projects.py.)"""

from __future__ import annotations

from dataclasses import asdict

import pytest

from consultancy.content import content
from consultancy.law.public import facts_of, fill

# --- the service pages: what a visitor reads (fact_checks, for editors, are left out) -----------


def shown(route: str) -> str:
    """Every text of the page the visitor sees, as one string: the page's own words with the
    records' facts filled in, and the glance box's facts from the approvals' records."""
    service = content().service(route)
    data = service.model_dump(exclude={"fact_checks"})
    data["faqs"] = [fill(f.answer, content().law) for f in service.faqs]
    data["records"] = [asdict(facts_of(content().law.records[a], content().law)) for a in service.glance.approvals]
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)

    walk(data)
    texts.append(content().service(route).reviewed_label)
    return " ".join(texts)


CONSENT = ["consent-to-estalish", "consent-to-operate", "consent-to-operate-compliance"]
FOREST = ["forest-clearance", "forest-clearance-compliance"]
GROUNDWATER = ["cgwanoc", "cgwa-compliance"]
REVIEWED_2026_11_23 = [
    *CONSENT,
    *FOREST,
    *GROUNDWATER,
    "airport-height-clearance-noc",
    "fire-nocs",
    "fire-licensing",
    "environmental-clearance",
    "environment-clearance-compliance",
    "environment-impact-assesment",
    "feasibility-study-for-construction",
]


@pytest.mark.parametrize("route", CONSENT)
def test_consent_pages_name_the_2025_classification_with_blue(route: str) -> None:
    text = shown(route)
    assert "revised classification of 2025" in text
    assert "Blue" in text
    assert "categorisation of 2016" not in text.replace("replaced the categorisation of 2016", "")
    assert "7 March 2016" not in text
    service = content().service(route)
    assert any("Blue" in s.name and "2025" in s.name for s in service.sources)


def test_the_2016_direction_is_not_listed_as_the_law_in_force() -> None:
    for service in content().services:
        assert not any("2016" in a.name and "categoris" in a.name.lower() for a in service.acts), service.route


def test_airport_page_gives_20_and_56_km_and_defence_aerodromes() -> None:
    text = shown("airport-height-clearance-noc")
    assert "20 km" in text
    assert "56 km" in text
    assert "instrument" in text
    assert "Biju Patnaik International Airport" in text
    assert "defence authorities" in text
    # The finder asks about both reaches, Bhubaneswar's by name (tests/unit/test_finder_rules.py).


@pytest.mark.parametrize("route", ["fire-nocs", "fire-licensing"])
def test_fire_pages_state_the_2025_amendment(route: str) -> None:
    text = shown(route)
    assert "2025 amendment" in text
    assert "third-party" in text
    assert "2017" in text
    assert "without an approved" in text


def test_fire_noc_page_thresholds_match_the_finder() -> None:
    text = shown("fire-nocs")
    for phrase in ("15 m", "12 m or taller or of 1,000 m²", "more than 30 beds", "500 m²", "9 m tall and 500 m²"):
        assert phrase in text


@pytest.mark.parametrize("route", FOREST)
def test_forest_pages_state_rights_after_final_approval_and_the_wide_meaning(route: str) -> None:
    text = shown(route)
    assert "19 February 2024" in text
    assert "ordinary sense" in text
    assert "after the Centre's final approval" in text or "settled afterwards by the State Government" in text
    assert "half-yearly" not in text.lower()
    assert "Half-yearly" not in text
    # The Collector's certificate is not presented as a Stage-I condition any more.
    service = content().service(route)
    stage_one = " ".join(s.description for s in service.steps if "Stage-I" in s.title)
    assert "Forest Rights" not in stage_one
    assert not any(item.name == "Forest Rights Act certificate" for item in service.checklist)


@pytest.mark.parametrize("route", GROUNDWATER)
def test_groundwater_pages_add_odishas_district_level_evaluation_committee(route: str) -> None:
    text = shown(route)
    assert "District Level Evaluation Committee" in text
    assert "Collector" in text
    assert "4 June 2016" in text
    assert "Bhu-Neer" in text


def test_ec_page_files_form_1a_in_addition_to_form_1() -> None:
    text = shown("environmental-clearance")
    assert "Form-1A in addition" in text
    assert "or in Form-1A" not in text
    assert "item 8(a)" in text
    assert "item 8(b)" in text
    assert "1,50,000 m²" in text
    assert "Vanashakti" in text
    assert "Form-1A alongside it, not in its place" in shown("environment-impact-assesment")


@pytest.mark.parametrize("route", ["environmental-clearance", "environment-clearance-compliance"])
def test_ec_compliance_reports_are_filed_in_parivesh(route: str) -> None:
    assert "PARIVESH" in shown(route)
    assert "compliance module of PARIVESH" in shown("environment-clearance-compliance")


# Pages corrected again in the review of 2026-11-25 carry that date instead.
REVIEWED_2026_11_25 = [
    *CONSENT,
    *FOREST,
    *GROUNDWATER,
    "water-allocatio-norder-noc",
    "airport-height-clearance-noc",
    "fire-nocs",
    "fire-licensing",
    "environment-clearance-compliance",
    "hazardous-waste-licensing",
    "clinical-establishment-licensing",
    "peso",
    "peso-compliance",
    "tank-testing-certificate",
    "various-govt-officials-nocs",
]


@pytest.mark.parametrize("route", [r for r in REVIEWED_2026_11_23 if r not in REVIEWED_2026_11_25])
def test_pages_corrected_in_this_review_carry_its_date(route: str) -> None:
    service = content().service(route)
    assert service.reviewed.isoformat() == "2026-11-23"
    assert service.reviewed_label == "Law on this page last reviewed: November 2026"


@pytest.mark.parametrize("route", REVIEWED_2026_11_25)
def test_pages_corrected_in_the_review_of_2026_11_25_carry_its_date(route: str) -> None:
    service = content().service(route)
    assert service.reviewed.isoformat() == "2026-11-25"
    assert service.reviewed_label == "Law on this page last reviewed: November 2026"


# --- the review of 2026-11-25 (../shared/reference/regulatory-facts.md, lines marked 2026-11-25) --------

# Ways of promising that a CTO never has to be renewed: SPCB Odisha's adoption of the 2026 amendment
# is still to be confirmed, so no page may say so.
NO_RENEWAL_PROMISES = (
    "never needs renewal",
    "never needs to be renewed",
    "never has to be renewed",
    "no longer needs renewal",
    "no longer needs to be renewed",
    "no longer has to be renewed",
    "does not need renewal",
    "does not need to be renewed",
    "no need to renew",
    "never expires",
)


@pytest.mark.parametrize("route", CONSENT)
def test_consent_pages_give_the_2026_amendment_without_promising_no_renewal(route: str) -> None:
    text = shown(route)
    assert "valid until it is cancelled" in text
    assert "27 January 2026" in text
    # Where the Board's practice is open, the page says what to do, not that it does not know.
    assert "still to be confirmed" not in text
    assert "work to that date" in text or "keep to it" in text or "check with the Board" in text
    lowered = text.lower()
    for promise in NO_RENEWAL_PROMISES:
        assert promise not in lowered, promise
    # The old blanket statement is gone.
    assert "must be renewed before it expires" not in text
    assert "has to be renewed before it expires" not in text
    service = content().service(route)
    assert any("Amendment Guidelines, 2026" in s.name and "2025" in s.name for s in service.sources)


def test_cto_pages_give_the_one_time_fee_as_a_power_of_the_state() -> None:
    """The 2026 amendment lets a state charge a one-time fee; it does not replace renewal fees
    everywhere. The Blue category's 17 years and the 2025 periods rest on summaries only."""
    for route in ("consent-to-operate", "consent-to-operate-compliance"):
        text = shown(route)
        assert "allows a state to charge a one-time consent fee" in text
        assert "replaces renewal fees" not in text
        assert "17 for Blue" not in text and "17 years" not in text
    for route in ("consent-to-estalish", "consent-to-operate"):
        assert "Red-category applications" in shown(route) and "90 days" in shown(route)
    assert "self-certified Form I" in shown("consent-to-estalish")
    assert "5 years, extendable by up to 2" not in shown("consent-to-estalish")


@pytest.mark.parametrize(
    "route", ["consent-to-operate-compliance", "environment-clearance-compliance", "hazardous-waste-licensing"]
)
def test_compliance_pages_name_the_environment_audit_rules_2025(route: str) -> None:
    text = shown(route)
    assert "Environment Audit Rules, 2025" in text
    assert "Registered Environment Auditor" in text
    service = content().service(route)
    assert any("S.O. 3973(E)" in s.name and "29 August 2025" in s.name for s in service.sources)


def test_ec_compliance_page_gives_report_dates_and_validity() -> None:
    """The report dates are settled (para 10(ii)); the periods of the 2022 amendment were read
    only in press reports, so the validity is the one printed on the clearance letter."""
    text = shown("environment-clearance-compliance")
    assert "1 December" in text and "1 June" in text
    assert "10 years for building, construction and township projects" not in text
    assert "printed on your certificate" in text or "stated in the clearance letter" in text


@pytest.mark.parametrize("route", ["fire-nocs", "fire-licensing"])
def test_fire_pages_compute_no_residential_period(route: str) -> None:
    """The 2025 amendment's periods were announced, not gazetted: no page states them; the
    settled 2 years are for the four uses below 15 m that the Deputy Fire Officer handles."""
    text = shown(route)
    assert "residential certificates to last one year" not in text
    assert "5 years for residential" not in text
    assert "printed on your certificate" in text
    assert "below 15 m (multiplexes excluded)" in text
    assert "Deputy Fire Officer of the circle" in text


def test_fire_pages_give_the_clinical_tests_as_alternatives() -> None:
    for route in ("fire-nocs", "fire-licensing"):
        text = shown(route)
        assert "any one of" in text
        assert "with more than 30 beds and an intensive care unit" not in text
    text = shown("fire-nocs")
    for phrase in ("offices 12 m or taller or of 500 m²", "underground structures of 500 m²", "places of assembly"):
        assert phrase in text
    assert "meets either" in text  # hotels: 12 m / 500 m2, "and" or "or" still to verify


def test_airport_page_names_the_2026_demolition_rules_and_their_20_km_reach() -> None:
    name = "Aircraft (Demolition of Obstructions caused by Buildings and Trees etc.) Rules, 2026"
    text = shown("airport-height-clearance-noc")
    assert name in text
    assert "G.S.R. 236(E)" in text
    assert "up to 20 km from the aerodrome reference point" in text
    assert "Rules of 2026 on demolition" not in text
    service = content().service("airport-height-clearance-noc")
    assert any(name in s.name for s in service.sources)
    assert any(a.name == name for a in service.acts)


@pytest.mark.parametrize("route", FOREST)
def test_forest_pages_give_the_order_of_4_march_2025(route: str) -> None:
    text = shown(route)
    assert "4 March 2025" in text
    assert "expert committee" in text
    assert "until further orders" in text
    service = content().service(route)
    assert any("4 March 2025" in s.name for s in service.sources)


def test_clinical_establishment_page_computes_no_period_and_names_no_reported_office() -> None:
    """The 2 years of rule 3(6) may have become 5 under the draft rules of 2018, and the
    Collector's role rests on a newspaper report: the page states neither as fact."""
    text = shown("clinical-establishment-licensing")
    assert "as amended in 2006" in text
    assert "Form 1" in text
    assert "valid for 2 years" not in text and "2 years under the 1994 Rules" not in text
    assert "printed on your certificate" in text
    assert "affidavit" in text
    assert "We confirm the office, the online portal" in text


def test_peso_page_names_the_petroleum_forms_and_their_authorities() -> None:
    text = shown("peso")
    for phrase in ("Form XII", "Form XIII", "Form XIV", "District Magistrate", "rule 44"):
        assert phrase in text
    # Which form covers larger bulk storage is still to verify: no page names Form XV.
    assert "Form XV" not in text.replace("Form XIV", "")
    # The small-stock figures are unsettled: the page tells the visitor to ask, and states none.
    assert "as we read it" not in text and "2,500 litres" not in text
    assert "Yes, once PESO has approved the site and layout plans" in text
    assert "25 cylinders" in text and "100 kg of LPG" in text
    for route in ("peso-compliance", "tank-testing-certificate"):
        assert "District Magistrate" in shown(route)
        assert "Form XV" not in shown(route).replace("Form XIV", "")


@pytest.mark.parametrize("route", [*GROUNDWATER, "water-allocatio-norder-noc"])
def test_water_pages_name_the_dowr_notifications(route: str) -> None:
    text = shown(route)
    for number in ("No. 3017", "No. 13233", "No. 16476", "No. 17953"):
        assert number in text, number
    assert "commercial" in text
    assert "hotels" in text


@pytest.mark.parametrize("route", GROUNDWATER)
def test_groundwater_pages_give_the_2023_exemptions(route: str) -> None:
    text = shown(route)
    assert "29 March 2023" in text
    assert "group housing societies" in text
    assert "5 m³ a day" in text
    assert "water audit report" in text or route == "cgwanoc"
    assert "less than 10 m³ a day" in text or route == "cgwa-compliance"


def test_government_nocs_page_gives_the_factory_definition_and_the_boilers_act_2025() -> None:
    text = shown("various-govt-officials-nocs")
    assert "20 or more workers" in text
    assert "40 or more" in text
    assert "a mine is not a factory" in text
    assert "Boilers Act, 2025" in text
    assert "1 May 2025" in text
    service = content().service("various-govt-officials-nocs")
    assert any(s.name.startswith("Boilers Act, 2025") for s in service.sources)
