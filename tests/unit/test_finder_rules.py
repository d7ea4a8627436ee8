# ruff: noqa: E501  (the boundary table reads best one case a line)
"""The finder's law at every threshold: each numeric limit in data/finder.toml checked just
below, at and just above it (the reference's sources are in the data file's comments), the
questions asked only where they matter, and the load-time checks on the data file."""

from __future__ import annotations

from pathlib import Path

import pytest

from consultancy.content import ContentError, content, load_content
from consultancy.content.loader import DEFAULT_DATA_DIR, load_finder
from consultancy.law import law
from consultancy.law.status import NOT_SETTLED

FINDER = content().finder
A, U, N = "applies", "undecided", "no"


def status(rule_id: str, answers: dict[str, str]) -> str:
    rule = next(r for r in FINDER.rules if r.id == rule_id)
    return FINDER.outcome(rule, answers)[0]


def reasons(rule_id: str, answers: dict[str, str]) -> list[str]:
    rule = next(r for r in FINDER.rules if r.id == rule_id)
    return FINDER.outcome(rule, answers)[1]


OFFICE = {"activity": "office", "stage": "new", "premises": "build", "basement_area": "0", "for_sale": "no",
          "keeps_diesel": "yes"}  # fmt: skip
HOTEL = {"activity": "hotel", "stage": "new", "premises": "build", "basement_area": "0", "keeps_gas": "no",
         "keeps_diesel": "yes", "keeps_lpg": "yes"}  # fmt: skip
HOSPITAL = {"activity": "hospital", "stage": "new", "premises": "rented", "built_up_area": "100", "height": "6",
            "floors": "1", "beds": "0", "icu": "no"}  # fmt: skip
HOUSING = {"activity": "housing-sale", "stage": "new", "basement_area": "0"}
FACTORY = {"activity": "factory", "stage": "new", "premises": "build", "eia_listed": "no", "keeps_petrol": "no"}
GW_HOTEL = {"activity": "hotel", "stage": "new", "premises": "build", "borewell": "yes"}
GW_PLANT = {"activity": "stone-crusher", "stage": "new", "borewell": "yes"}

# (rule, fixed answers, question, [(answer, expected status)]): below, at, above each limit.
BOUNDARIES = [
    # EIA Notification, 2006, items 8(a) and 8(b); para 2(ii) for the total after expansion.
    ("environmental-clearance", {**OFFICE, "height": "30"}, "built_up_area", [("19999", N), ("20000", A), ("20001", A)]),
    ("environment-impact-assessment", {**OFFICE, "height": "30"}, "built_up_area", [("149999", N), ("150000", A), ("150001", A)]),
    ("environmental-clearance", {**OFFICE, "stage": "expansion", "existing_area": "15000"}, "built_up_area", [("4999", N), ("5000", A), ("5001", A)]),
    ("environment-impact-assessment", {**HOUSING, "built_up_area": "30000", "units": "9"}, "site_area", [("499999", N), ("500000", A), ("500001", A)]),
    ("environment-clearance-compliance", {**OFFICE, "stage": "existing"}, "built_up_area", [("19999", N), ("20000", A), ("20001", A)]),
    # Consents: buildings of 20,000 m2 in a consent category (CTO), no separate CTE beside EC.
    ("consent-to-operate", {**OFFICE, "height": "30"}, "built_up_area", [("19999", N), ("20000", A), ("20001", A)]),
    ("consent-to-establish", {**HOTEL, "height": "30"}, "built_up_area", [("19999", U), ("20000", N), ("20001", N)]),
    ("consent-to-establish", {**HOSPITAL, "premises": "build"}, "built_up_area", [("19999", A), ("20000", N), ("20001", N)]),
    # Fire, rule 9(1): any building from 15 m; offices 12 m or 500 m2; assembly 500 m2; underground 500 m2.
    ("fire-noc", {**HOUSING, "built_up_area": "900"}, "height", [("14.9", N), ("15", A), ("15.1", A)]),
    ("fire-noc", {**OFFICE, "built_up_area": "100"}, "height", [("11.9", N), ("12", A), ("12.1", A)]),
    ("fire-noc", {**OFFICE, "height": "6"}, "built_up_area", [("499", N), ("500", A), ("501", A)]),
    ("fire-noc", {"activity": "hall", "stage": "new", "premises": "build", "height": "6", "basement_area": "0"}, "built_up_area", [("499", N), ("500", A), ("501", A)]),
    ("fire-noc", {**HOUSING, "built_up_area": "5000", "height": "6"}, "basement_area", [("499", N), ("500", A), ("501", A)]),
    ("fire-licence", {**OFFICE, "stage": "existing", "height": "6"}, "built_up_area", [("499", N), ("500", A), ("501", A)]),
    # Clinical establishments: any one of 12 m, more than 3 floors, more than 30 beds, a critical care unit.
    ("fire-noc", HOSPITAL, "height", [("11.9", N), ("12", A), ("12.1", A)]),
    ("fire-noc", HOSPITAL, "floors", [("3", N), ("4", A), ("5", A)]),
    ("fire-noc", HOSPITAL, "beds", [("30", N), ("31", A), ("32", A)]),
    ("fire-noc", HOSPITAL, "icu", [("no", N), ("yes", A)]),
    # Schools 12 m or 1,000 m2; hotels either test (flagged); shops 9 m and 500 m2 ("ask us" for one).
    ("fire-noc", {"activity": "school", "stage": "new", "premises": "build", "height": "6", "basement_area": "0"}, "built_up_area", [("999", N), ("1000", A), ("1001", A)]),
    ("fire-noc", {"activity": "school", "stage": "new", "premises": "build", "built_up_area": "400"}, "height", [("11.9", N), ("12", A), ("12.1", A)]),
    ("fire-noc", {**HOTEL, "height": "6"}, "built_up_area", [("499", N), ("500", A), ("501", A)]),
    ("fire-noc", {**HOTEL, "built_up_area": "400"}, "height", [("11.9", N), ("12", A), ("12.1", A)]),
    ("fire-noc", {"activity": "mall", "stage": "new", "premises": "build", "height": "10", "basement_area": "0"}, "built_up_area", [("499", U), ("500", A), ("501", A)]),
    ("fire-noc", {"activity": "mall", "stage": "new", "premises": "build", "built_up_area": "400"}, "height", [("8.9", N), ("9", U), ("9.1", U)]),
    ("fire-noc", {"activity": "mall", "stage": "new", "premises": "build", "built_up_area": "600", "basement_area": "0"}, "height", [("8.9", U), ("9", A), ("9.1", A)]),
    ("fire-noc", {"activity": "warehouse", "stage": "new", "premises": "build", "height": "6", "basement_area": "0"}, "built_up_area", [("499", N), ("500", A), ("501", A)]),
    ("fire-noc", {"activity": "other", "stage": "new", "premises": "build", "built_up_area": "100"}, "height", [("14.9", U), ("15", A), ("15.1", A)]),
    # CGWA: 10 m3/day; MSEs below 10 exempt; industries up to 5 for drinking/domestic only.
    ("cgwa-noc", {**GW_HOTEL, "small_enterprise": "yes"}, "groundwater", [("9.9", N), ("10", A), ("10.1", A)]),
    ("cgwa-noc", {**GW_HOTEL, "small_enterprise": "no"}, "groundwater", [("0", N), ("0.1", A), ("5", A)]),
    ("cgwa-noc", {**GW_PLANT, "small_enterprise": "no", "domestic_only": "yes"}, "groundwater", [("4.9", N), ("5", N), ("5.1", A)]),
    ("cgwa-noc", {**GW_PLANT, "small_enterprise": "no", "domestic_only": "no"}, "groundwater", [("0", N), ("0.1", A), ("5", A)]),
    ("cgwa-compliance", {**GW_HOTEL, "stage": "existing", "small_enterprise": "yes"}, "groundwater", [("9.9", N), ("10", A), ("10.1", A)]),
    ("groundwater-dlec", GW_PLANT, "groundwater", [("0", N), ("0.1", A), ("500", A)]),
    ("water-allocation", GW_HOTEL, "groundwater", [("0", N), ("0.1", A), ("1", A)]),
    # Petroleum: Class B small stocks up to 2,500 L with no receptacle over 1,000 L; Form XIII to 25,000 L.
    ("peso-licence", {**OFFICE, "diesel_litres": "2000"}, "largest_tank", [("999", N), ("1000", N), ("1001", A)]),
    ("petroleum-district-licence", {**OFFICE, "largest_tank": "990"}, "diesel_litres", [("2499", N), ("2500", N), ("2501", A)]),
    ("petroleum-district-licence", {**OFFICE, "largest_tank": "990"}, "diesel_litres", [("24999", A), ("25000", A), ("25001", N)]),
    ("peso-licence", {**OFFICE, "largest_tank": "990"}, "diesel_litres", [("24999", N), ("25000", N), ("25001", A)]),
    ("petroleum-district-licence", {**OFFICE, "diesel_litres": "3000"}, "largest_tank", [("999", A), ("1000", A), ("1001", N)]),
    # Class C: no licence threshold has a source, so any stock is "ask us".
    ("peso-licence", {**FACTORY, "keeps_diesel": "no", "keeps_lpg": "no", "keeps_gas": "no", "keeps_furnace_oil": "yes"}, "furnace_oil_litres", [("0", N), ("1", U), ("45001", U)]),
    # Gas Cylinders Rules, 2016, rule 44: LPG up to 100 kg for own use.
    ("peso-licence", {**HOTEL, "keeps_diesel": "no"}, "lpg_kg", [("99", N), ("100", N), ("101", A)]),
    # OSH Code: a factory from 20 workers with power, 40 without.
    ("factory-licence", {**FACTORY, "power": "yes"}, "workers", [("19", N), ("20", A), ("21", A)]),
    ("factory-licence", {**FACTORY, "power": "no"}, "workers", [("39", N), ("40", A), ("41", A)]),
    ("factory-licence", {"activity": "other", "stage": "new"}, "workers", [("19", N), ("20", U), ("21", U)]),
    # RERA: more than 500 m2 and more than 8 apartments; one only: "ask us".
    ("rera", {**HOUSING, "units": "20"}, "site_area", [("499", U), ("500", U), ("501", A)]),
    ("rera", {**HOUSING, "site_area": "400"}, "units", [("7", N), ("8", N), ("9", U)]),
    ("rera", {**HOUSING, "site_area": "1000"}, "units", [("7", U), ("8", U), ("9", A)]),
    # Building plan only where something is built.
    ("building-plan", {**OFFICE, "height": "0"}, "built_up_area", [("0", N), ("0.5", A), ("1", A)]),
    # A building with a height has a built-up area: plan approval even with the area unknown.
    ("building-plan", {**OFFICE, "built_up_area": "dont-know"}, "height", [("0", U), ("0.5", A), ("1", A)]),
    # EIA item 1(d) (S.O. 1599(E), 25 June 2014): coal or gas from 50 MW (A from 500), biomass
    # from 15 MW, other fuels from 5 MW (A from 50).
    ("environmental-clearance", {"activity": "thermal-power", "stage": "new", "built_up_area": "100"}, "mw", [("49", N), ("50", A), ("51", A)]),
    ("environment-impact-assessment", {"activity": "thermal-power", "stage": "new", "built_up_area": "100"}, "mw", [("499", U), ("500", A), ("501", A)]),
    ("environmental-clearance", {"activity": "biomass-power", "stage": "new", "built_up_area": "100"}, "mw", [("14", N), ("15", A), ("16", A)]),
    ("environmental-clearance", {"activity": "power-other-fuel", "stage": "new", "built_up_area": "100"}, "mw", [("4.9", N), ("5", A), ("5.1", A)]),
    ("environment-impact-assessment", {"activity": "power-other-fuel", "stage": "new", "built_up_area": "100"}, "mw", [("49", U), ("50", A), ("51", A)]),
    # Item 1(a): non-coal leases above 100 ha are Category A (reported); below, B1 or B2: ask us.
    ("environment-impact-assessment", {"activity": "mine", "stage": "new"}, "lease_area", [("100", U), ("100.1", A), ("150", A)]),
    # Class A: Form XII by the District Authority up to 300 L; above it, PESO.
    ("peso-licence", {**FACTORY, "keeps_diesel": "no", "keeps_lpg": "no", "keeps_gas": "no", "keeps_furnace_oil": "no", "keeps_petrol": "yes"}, "petrol_litres", [("299", N), ("300", N), ("301", A)]),
    ("petroleum-district-licence", {**FACTORY, "keeps_diesel": "no", "keeps_petrol": "yes"}, "petrol_litres", [("0", N), ("0.5", U), ("301", N)]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("rule", "answers", "question", "value", "expected"),
    [(r, a, q, v, e) for r, a, q, cases in BOUNDARIES for v, e in cases],
)
def test_threshold(rule: str, answers: dict[str, str], question: str, value: str, expected: str) -> None:
    assert status(rule, {**answers, question: value}) == expected


def test_every_threshold_in_the_finder_has_a_boundary_test() -> None:
    """Every numeric limit of a trigger appears above with a case at its value; a new one fails
    this test until it is checked."""
    tested = {(q, float(v)) for _, _, q, cases in BOUNDARIES for v, _ in cases if v not in ("yes", "no")}
    tested |= {("built_up_area", 20000.0), ("built_up_area", 150000.0)}  # also via existing + new above
    found = set()
    for rule in FINDER.rules:
        for trigger in rule.triggers:
            for c in trigger.conditions:
                for test in ("at_least", "at_most", "above", "below"):
                    value = getattr(c, test)
                    if value is not None:
                        found.add((c.question, float(value)))
    assert found - tested == set()


# --- questions asked only when they matter ---------------------------------------------------


def test_at_first_only_the_project_and_its_stage_are_asked() -> None:
    assert FINDER.asked({}) == ["activity", "stage"]


def test_hospital_questions_only_for_hospitals() -> None:
    low = {"activity": "hospital", "stage": "new", "height": "6", "floors": "2", "beds": "10"}
    assert {"floors", "beds", "icu", "xray"} <= set(FINDER.asked(low))
    assert {"floors", "beds", "icu", "xray"}.isdisjoint(FINDER.asked({"activity": "office", "stage": "new"}))


def test_a_mine_is_not_asked_whether_it_is_in_the_eia_schedule_nor_about_buildings() -> None:
    asked = FINDER.asked({"activity": "mine", "stage": "new"})
    assert "eia_listed" not in asked
    assert "built_up_area" not in asked
    assert "workers" not in asked  # a mine is never a factory
    assert "environmental-clearance" in [r.id for r, _ in FINDER.evaluate({"activity": "mine", "stage": "new"})[0]]


def test_no_small_enterprise_question_without_groundwater() -> None:
    base = {"activity": "hotel", "stage": "new", "premises": "build", "borewell": "yes"}
    assert "small_enterprise" not in FINDER.asked({**base, "groundwater": "0"})
    assert "small_enterprise" in FINDER.asked({**base, "groundwater": "3"})
    assert "small_enterprise" not in FINDER.asked({**base, "groundwater": "10"})


@pytest.mark.parametrize(("workers", "asked"), [("19", False), ("20", True), ("39", True), ("40", False)])
def test_power_is_asked_only_between_20_and_40_workers(workers: str, asked: bool) -> None:
    answers = {"activity": "factory", "stage": "new", "workers": workers}
    assert ("power" in FINDER.asked(answers)) is asked


@pytest.mark.parametrize(("area", "asked"), [("499", False), ("500", True), ("501", True)])
def test_basements_are_asked_from_500_m2_after_expansion(area: str, asked: bool) -> None:
    answers = {"activity": "school", "stage": "expansion", "premises": "build", "built_up_area": "0", "height": "6"}
    assert ("basement_area" in FINDER.asked({**answers, "existing_area": area})) is asked


@pytest.mark.parametrize(("litres", "asked"), [("1000", False), ("1000.5", True), ("25000", True), ("25001", False)])
def test_the_largest_tank_is_asked_only_with_diesel(litres: str, asked: bool) -> None:
    answers = {"activity": "office", "stage": "new", "keeps_diesel": "yes", "diesel_litres": litres}
    assert ("largest_tank" in FINDER.asked(answers)) is asked


@pytest.mark.parametrize(("gw", "asked"), [("0", False), ("0.1", True), ("5", True), ("5.1", False)])
def test_domestic_use_is_asked_of_industries_up_to_5_m3(gw: str, asked: bool) -> None:
    assert (
        "domestic_only" in FINDER.asked({"activity": "bakery", "stage": "new", "borewell": "yes", "groundwater": gw})
    ) is asked


def test_rented_premises_are_not_asked_about_the_site_but_keep_their_water() -> None:
    answers = {"activity": "clinic", "stage": "new", "premises": "rented", "mast": "no"}
    asked = FINDER.asked(answers)
    assert {"site", "forest_land", "airport", "existing_area"}.isdisjoint(asked)
    assert "borewell" in asked
    assert "groundwater" in FINDER.asked({**answers, "borewell": "yes"})
    # A tenant's rooftop mast is a structure near the airport.
    assert "airport" in FINDER.asked({**answers, "mast": "yes"})


def test_a_blank_answer_is_listed_as_undecided_with_the_question_it_needs() -> None:
    answers = {"activity": "office", "stage": "new", "premises": "build", "built_up_area": "300"}
    assert status("fire-noc", answers) == U
    assert reasons("fire-noc", answers) == [
        "Needs an answer: Height of the tallest building, after the work (not counting towers, masts or chimneys)"
    ]
    assert status("fire-noc", {**answers, "height": "abc"}) == U  # no number is no answer
    assert status("fire-noc", {**answers, "height": "8"}) == N


def test_the_category_is_not_guessed() -> None:
    answers = {"activity": "other", "stage": "new", "eia_listed": "no", "built_up_area": "100"}
    assert status("consent-to-establish", answers) == U
    assert content().finder.confirm_call in reasons("consent-to-establish", answers)[0]
    # A reported White never drops the consent on its own: the Board confirms it.
    solar = {"activity": "solar", "stage": "new", "built_up_area": "100", "height": "4"}
    assert status("consent-to-operate", solar) == U
    assert "White" in reasons("consent-to-operate", solar)[0]
    # A reported category other than White decides that consent is needed, and says we confirm it.
    rice = {"activity": "rice-mill", "stage": "new", "eia_listed": "no", "built_up_area": "100"}
    assert status("consent-to-establish", rice) == A
    assert "confirm your unit's category with the Board" in reasons("consent-to-establish", rice)[0]
    # The Board's own text read: stated plainly.
    poultry = {"activity": "poultry-farm", "stage": "new", "eia_listed": "no", "built_up_area": "100"}
    assert status("consent-to-establish", poultry) == A
    assert "confirm" not in reasons("consent-to-establish", poultry)[0]


def test_typed_words_lead_to_their_sector() -> None:
    activity = next(q for q in FINDER.questions if q.id == "activity")
    words = {w: o.value for o in activity.options for w in o.synonyms}
    assert words["dyeing"] == "textile-dyeing"
    assert words["diagnostic lab"] == "clinic"
    assert words["cold storage"] == "cold-store"
    assert words["stone crusher"] == "stone-crusher"
    assert words["rice mill"] == "rice-mill"


def test_nothing_built_needs_no_height_noc() -> None:
    mine = {"activity": "mine", "stage": "new", "mast": "no", "airport": "within-20"}
    assert status("airport-height", mine) == N
    tower = {"activity": "telecom-tower", "stage": "new", "premises": "build", "airport": "within-20"}
    assert status("airport-height", tower) == A
    assert status("fire-noc", tower) == N  # a tower is no building of 15 m


def test_a_project_with_ec_gets_a_cto_but_no_separate_cte() -> None:
    answers = {"activity": "steel", "stage": "new", "built_up_area": "5000"}
    assert status("environmental-clearance", answers) == A
    assert status("consent-to-establish", answers) == N
    assert status("consent-to-operate", answers) == A


def test_a_steel_plants_clearance_is_item_3a_not_8a() -> None:
    answers = {"activity": "steel", "stage": "expansion", "built_up_area": "45000", "existing_area": "300000"}
    assert reasons("environmental-clearance", answers) == [
        "A steel plant or smelter: schedule item 3(a), metallurgical industries (ferrous and non-ferrous)"
    ]


def test_a_petrol_pump_is_licensed_in_form_xiv_and_small_drums_by_the_district() -> None:
    assert "Form XIV" in reasons("peso-licence", {"activity": "petrol-pump", "stage": "new"})[0]
    district = next(a for a in FINDER.approvals if a.id == "petroleum-district-licence")
    assert "District" in district.authority
    assert "Form XIII" in district.title


def test_every_outside_item_names_its_authority_and_source() -> None:
    ids = {o.id for o in FINDER.outside}
    assert ids >= {
        "rera",
        "aerb",
        "pcpndt",
        "drug-licence",
        "crz",
        "fssai",
        "mining-plan",
        "dgms",
        "wildlife",
        "drug-manufacturing-licence",
    }
    for item in FINDER.outside:
        assert item.authority and item.source and item.act


def test_a_boiler_is_the_government_nocs_services_approval_as_its_record_and_the_search_say() -> None:
    """The reference lists the Boilers Act under 'Other government NOCs' and that service's page
    shows the boiler record: the finder lists it as that service's approval, not outside."""
    assert "boiler" not in {o.id for o in FINDER.outside}
    boiler = next(a for a in FINDER.approvals if a.id == "boiler")
    assert boiler.route == "various-govt-officials-nocs"
    assert "boiler" in content().service(boiler.route).glance.approvals
    assert "Inspector of Boilers" in boiler.authority and "Boilers Act, 2025" in boiler.act
    equipment = next(e for e in content().search_terms.equipment if "boiler" in e.words)
    assert equipment.service == boiler.route and equipment.also == []
    assert status("boiler", {"activity": "factory", "stage": "new", "boiler": "yes"}) == A
    assert status("boiler", {"activity": "factory", "stage": "new", "boiler": "no"}) == N
    assert status("boiler", {"activity": "factory", "stage": "new"}) == U


def test_the_forest_help_gives_the_wide_meaning() -> None:
    question = next(q for q in FINDER.questions if q.id == "forest_land")
    assert "19 February 2024" in question.help
    assert "4 March 2025" in question.help
    assert "ordinary sense" in question.help


def test_airport_questions_name_both_reaches_and_bhubaneswar() -> None:
    question = next(q for q in FINDER.questions if q.id == "airport")
    labels = " ".join(o.label for o in question.options)
    assert "20 km" in labels and "56 km" in labels and "Biju Patnaik International Airport" in labels


# --- the data file's checks ------------------------------------------------------------------


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "finder.toml"
    text = (DEFAULT_DATA_DIR / "finder.toml").read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    (tmp_path / "finder").mkdir()
    sectors = (DEFAULT_DATA_DIR / "finder" / "sectors.toml").read_text(encoding="utf-8")
    (tmp_path / "finder" / "sectors.toml").write_text(sectors, encoding="utf-8")
    return path


def test_rule_pointing_to_unknown_route_fails_clearly(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'route = "forest-clearance"', 'route = "forest-permit"')
    with pytest.raises(ContentError, match=r"finder\.toml.*'approvals\[0\]'.*'forest-permit' is not a service page"):
        load_finder(path, law())


def test_rule_on_unknown_question_fails_clearly(tmp_path: Path) -> None:
    path = _broken(tmp_path, '{ question = "forest_land", is_yes = true }', '{ question = "forest", is_yes = true }')
    with pytest.raises(ContentError, match=r"finder\.toml.*no question 'forest'"):
        load_finder(path, law())


def test_an_outside_item_without_a_source_fails_clearly(tmp_path: Path) -> None:
    """An item no approval record covers states its own authority, law and source."""
    path = _broken(tmp_path, 'id = "rera"', 'id = "rera-2"')
    with pytest.raises(
        ContentError,
        match=r"finder\.toml: field 'outside\[0\]\.authority' is missing.*'outside\[0\]\.source' is missing",
    ):
        load_finder(path, law())


def test_authority_and_law_come_from_the_approvals_record() -> None:
    page, records = load_content().finder, law()
    fire = next(a for a in page.approvals if a.id == "fire-noc")
    assert fire.authority == records.record("fire-safety-certificate").authority.text
    clinic = next(a for a in page.approvals if a.id == "clinical-establishment")
    # A reported authority is not named as settled fact: the fixed sentence stands in.
    assert clinic.authority == NOT_SETTLED["authority"]


def test_reasons_name_the_visitors_project_in_plain_words() -> None:
    hospital = {"activity": "hospital", "stage": "new", "premises": "build", "built_up_area": "6000", "height": "10"}
    hospital |= {"floors": "2", "beds": "60"}
    assert reasons("consent-to-operate", hospital) == [
        "Your hospital needs the Board's consent: every pollution category but White does, and we confirm "
        "your unit's category with the Board"
    ]
    assert reasons("fire-noc", hospital)[0].startswith("Your hospital will have more than 30 beds")
    # A sector of the CPCB list reads its own name; a reason said by two triggers comes once.
    rice = {"activity": "rice-mill", "stage": "new", "eia_listed": "no", "built_up_area": "100"}
    assert reasons("consent-to-establish", rice)[0].startswith("Your rice mill")
    assert len(reasons("building-plan", hospital)) == 1
    for rule in FINDER.rules:
        for trigger in rule.triggers:
            assert "CPCB list" not in trigger.reason and "(not White)" not in trigger.reason


def test_a_reason_may_name_only_the_project() -> None:
    from pydantic import ValidationError

    from consultancy.content.finder import FinderPage

    data = FINDER.model_dump()
    data["approvals"][0]["triggers"][0]["reason"] = "Your {activity} needs it"
    with pytest.raises(
        ValidationError, match=r"approvals\[0\]\.triggers\[0\]\.reason: \{activity\} is not \{project\}"
    ):
        FinderPage.model_validate(data)
    data = FINDER.model_dump()
    data["project_names"] = {"no-such-activity": "thing"}
    with pytest.raises(ValidationError, match="project_names: 'no-such-activity'"):
        FinderPage.model_validate(data)
