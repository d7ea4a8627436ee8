"""The content loader: the real data is valid, and every kind of bad data stops
the build with one message naming the file and the field."""

from __future__ import annotations

import dataclasses
import re
import shutil
import tomllib
from datetime import date
from pathlib import Path

import pytest

from consultancy.content import load_content
from consultancy.content.check import main as check_main
from consultancy.content.contract import FIVE_ITEM_CHECKLISTS, SERVICE_ROUTES
from consultancy.content.india import today_in_kolkata
from consultancy.content.loader import DEFAULT_DATA_DIR
from consultancy.content.models import is_official
from consultancy.content.review import review_due
from tests.data_files import copy_of_data, edit, expect_error

SITE_TOML = "site.toml"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return copy_of_data(tmp_path)


def test_real_data_is_valid() -> None:
    content = load_content()
    assert [s.route for s in content.services] != []
    assert {s.route for s in content.services} == set(SERVICE_ROUTES)
    assert len(content.services) == 23


def test_services_are_ordered_by_category_then_order() -> None:
    services = load_content().services
    keys = [(s.category, s.order) for s in services]
    assert services[0].route == "peso"
    assert len(set(keys)) == len(keys)


def test_licensing_menu_opens_with_peso() -> None:
    content = load_content()
    licensing = [s.route for s in content.services_in("Licensing")]
    assert licensing[0] == "peso"
    assert len(licensing) == 9


def test_missing_field_names_file_and_field(data_dir: Path) -> None:
    edit(data_dir / SITE_TOML, 'email = "contact@example.com"', "")
    expect_error(data_dir, "site.toml", "'email'", "missing")


def test_wrong_type_names_file_and_field(data_dir: Path) -> None:
    edit(data_dir / SITE_TOML, "founded = 2015", 'founded = "twenty fifteen"')
    expect_error(data_dir, "site.toml", "'founded'")


def test_misspelt_key_is_refused(data_dir: Path) -> None:
    edit(data_dir / "services" / "cgwanoc.toml", "menu_name =", "menuname =")
    expect_error(data_dir, "cgwanoc.toml", "'menuname'", "not a known field")


def test_unknown_category(data_dir: Path) -> None:
    edit(data_dir / "services" / "fire-nocs.toml", 'category = "NOCs"', 'category = "Permits"')
    expect_error(data_dir, "fire-nocs.toml", "'category'")


def test_category_outside_contract(data_dir: Path) -> None:
    edit(data_dir / "services" / "fire-nocs.toml", 'category = "NOCs"', 'category = "Licensing"')
    expect_error(data_dir, "fire-nocs.toml", "'category'", "belongs to 'NOCs'")


def test_duplicate_route(data_dir: Path) -> None:
    shutil.copy(data_dir / "services" / "cgwanoc.toml", data_dir / "services" / "cgwanoc-copy.toml")
    expect_error(data_dir, "cgwanoc-copy.toml", "'route'", "already used")


def test_route_outside_contract(data_dir: Path) -> None:
    source = data_dir / "services" / "cgwanoc.toml"
    target = data_dir / "services" / "groundwater.toml"
    source.rename(target)
    edit(target, 'route = "cgwanoc"', 'route = "groundwater"')
    expect_error(data_dir, "groundwater.toml", "'route'", "not one of the spec's service routes")


def test_missing_service_file(data_dir: Path) -> None:
    (data_dir / "services" / "tank-testing-certificate.toml").unlink()
    expect_error(data_dir, "tank-testing-certificate.toml", "file is missing")


def test_duplicate_menu_order(data_dir: Path) -> None:
    edit(data_dir / "services" / "cgwanoc.toml", "order = 2", "order = 1")
    expect_error(data_dir, "cgwanoc.toml", "fire-nocs.toml", "'order'", "used by both")


def test_invalid_toml_names_file(data_dir: Path) -> None:
    (data_dir / "pages" / "home.toml").write_text('hero_title = "unterminated\n', encoding="utf-8")
    expect_error(data_dir, "home.toml", "not valid TOML")


def test_cta_must_go_to_contact_us(data_dir: Path) -> None:
    path = data_dir / "services" / "fire-licensing.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'(\[primary_cta\][^\[]*link = )"/contact-us"', r'\1"/contact"', text), encoding="utf-8")
    expect_error(data_dir, "fire-licensing.toml", "'primary_cta'", "/contact-us")


def _drop_last(path: Path, table: str) -> None:
    text = path.read_text(encoding="utf-8")
    start = text.rindex(f"[[{table}]]")
    rest = text[start + 1 :]
    following = re.search(r"\n\[", rest)
    end = start + 1 + following.start() + 1 if following else len(text)
    path.write_text(text[:start] + text[end:], encoding="utf-8")


@pytest.mark.parametrize(("table", "field"), [("benefits", "'benefits'"), ("steps", "'steps'")])
def test_counts_are_enforced(data_dir: Path, table: str, field: str) -> None:
    _drop_last(data_dir / "services" / "consent-to-operate.toml", table)
    expect_error(data_dir, "consent-to-operate.toml", field)


def test_five_item_checklists_are_enforced(data_dir: Path) -> None:
    route = sorted(FIVE_ITEM_CHECKLISTS)[0]
    _drop_last(data_dir / "services" / f"{route}.toml", "work_documents")
    expect_error(data_dir, f"{route}.toml", "'checklist'", "exactly 5")


def test_home_counts_are_enforced(data_dir: Path) -> None:
    _drop_last(data_dir / "pages" / "home.toml", "industries")
    expect_error(data_dir, "home.toml", "'industries'")


def test_model_counts_in_real_data() -> None:
    content = load_content()
    for service in content.services:
        assert len(service.benefits) == 4
        assert len(service.steps) == 5
        assert len(service.checklist) == (5 if service.route in FIVE_ITEM_CHECKLISTS else 4)
        assert service.acts


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if len(s.strip()) > 80]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_no_sentence_is_shared_between_service_files() -> None:
    seen: dict[str, str] = {}
    clashes = []
    for path in sorted((DEFAULT_DATA_DIR / "services").glob("*.toml")):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        # Sources name the same regulators' texts on several pages, by design.
        raw.pop("sources", None)
        raw.pop("fact_checks", None)
        for sentence in {s for text in _strings(raw) for s in _sentences(text)}:
            if sentence in seen and seen[sentence] != path.name:
                clashes.append(f"{path.name} and {seen[sentence]}: {sentence[:60]}...")
            seen.setdefault(sentence, path.name)
    assert not clashes, "\n".join(clashes)


def test_repealed_laws_are_not_named_as_current() -> None:
    """The pages must not present repealed instruments as the law in force."""
    repealed = [
        "Gas Cylinder Rules, 2004",
        "Static and Mobile Pressure Vessels (Unfired) Rules, 1981",
        "Forest (Conservation) Rules, 2022",
        "Clinical Establishments (Registration and Regulation) Act, 2010",
        "Factories Act, 1948",
        "Aircraft Act, 1934",
    ]
    for path in sorted((DEFAULT_DATA_DIR / "services").glob("*.toml")):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        names = " ".join(act["name"] for act in raw["acts"])
        for law in repealed:
            assert law not in names, f"{path.name} lists {law} as an act in force"


# --- shown as reviewed: the review date and the sources of every service page ------------------


def test_every_service_page_has_a_review_date_and_sources() -> None:
    for service in load_content().services:
        assert service.reviewed <= today_in_kolkata()
        assert re.fullmatch(r"Law on this page last reviewed: [A-Z][a-z]+ 20\d\d", service.reviewed_label)
        assert 1 <= len(service.sources) <= 8
        for source in service.sources:
            assert source.url is None or is_official(source.url), (service.route, source.url)


def test_review_label_spells_the_month() -> None:
    service = load_content().service("cgwanoc")
    assert service.model_copy(update={"reviewed": date(2026, 2, 3)}).reviewed_label == (
        "Law on this page last reviewed: February 2026"
    )


def test_missing_review_date_names_file_and_field(data_dir: Path) -> None:
    edit(data_dir / "services" / "cgwanoc.toml", "reviewed = ", "# reviewed = ")
    expect_error(data_dir, "cgwanoc.toml", "'reviewed'", "missing")


def test_review_date_must_be_a_date(data_dir: Path) -> None:
    path = data_dir / "services" / "fire-nocs.toml"
    edit(path, re.search(r"reviewed = \S+", path.read_text(encoding="utf-8")).group(0), 'reviewed = "last spring"')
    expect_error(data_dir, "fire-nocs.toml", "'reviewed'")


def test_review_date_in_the_future_is_refused(data_dir: Path) -> None:
    path = data_dir / "services" / "fire-nocs.toml"
    edit(path, re.search(r"reviewed = \S+", path.read_text(encoding="utf-8")).group(0), "reviewed = 2999-01-01")
    expect_error(data_dir, "fire-nocs.toml", "'reviewed'", "in the future")


def test_sources_link_only_to_official_sites(data_dir: Path) -> None:
    edit(data_dir / "services" / "cgwanoc.toml", 'url = "https://cgwa-noc.gov.in"', 'url = "https://example.com/cgwa"')
    expect_error(data_dir, "cgwanoc.toml", "'sources[3].url'", "not an official site")


@pytest.mark.parametrize(
    ("url", "official"),
    [
        ("https://parivesh.nic.in/", True),
        ("https://odishafshgscd.gov.in/?q=node/103", True),
        ("https://nocas2.aai.aero/nocas/FAQ.html", True),
        ("https://gov.in.example.com/", False),
        ("https://notgov.in/", False),
        ("https://www.corpseed.com/service/x", False),
    ],
)
def test_official_sites(url: str, official: bool) -> None:
    assert is_official(url) is official


def test_a_service_needs_its_sources(data_dir: Path) -> None:
    path = data_dir / "services" / "peso.toml"
    path.write_text(path.read_text(encoding="utf-8").split("# --- sources shown on the page")[0], encoding="utf-8")
    expect_error(data_dir, "peso.toml", "'sources'", "missing")


@pytest.mark.parametrize(
    ("reviewed", "due"),
    [(date(2026, 11, 23), date(2027, 11, 23)), (date(2028, 2, 29), date(2029, 2, 28))],
)
def test_review_falls_due_twelve_months_on(reviewed: date, due: date) -> None:
    assert review_due(reviewed) == due


def test_check_warns_naming_the_file_when_a_review_is_over_12_months_old(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = data_dir / "services" / "cgwanoc.toml"
    edit(path, re.search(r"reviewed = \S+", path.read_text(encoding="utf-8")).group(0), "reviewed = 2025-06-30")
    monkeypatch.setenv("CONSULTANCY_DATA_DIR", str(data_dir))
    assert check_main([], today=date(2026, 6, 30)) == 0
    assert "warning" not in capsys.readouterr().err
    assert check_main([], today=date(2026, 7, 1)) == 0
    [warning] = capsys.readouterr().err.splitlines()
    assert "cgwanoc.toml" in warning
    assert "'reviewed'" in warning
    assert "2025-06-30" in warning
    # The files named on the command line are checked the same way.
    assert check_main([str(path)], today=date(2026, 7, 1)) == 0
    assert "cgwanoc.toml" in capsys.readouterr().err


def test_the_iso_dialog_names_the_certificate_and_its_body_when_the_data_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from consultancy.components import iso_badge
    from consultancy.content import loader

    real = loader.content()
    assert iso_badge._certificate_details() == []  # the demo data gives neither
    site = real.site.model_copy(update={"iso_certificate_number": "QMS/2024/0912", "iso_certification_body": "TUV"})
    monkeypatch.setattr(iso_badge, "content", lambda: dataclasses.replace(real, site=site))
    rendered = [str(item.render()) for item in iso_badge._certificate_details()]
    assert len(rendered) == 2
    assert "Certificate No. QMS/2024/0912" in rendered[0] and "Issued by TUV" in rendered[1]
