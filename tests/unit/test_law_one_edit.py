"""One edit to a record changes every page, the finder and the calendar that state the fact.

For one fact of each kind (a period, a filing, an authority, a fee), and for one document an
application needs, the test edits the record in a copy of data/ and reads what the site would
publish from it: the service pages and the approvals finder rendered by the same page
functions the build compiles (their component trees, which the build turns into the
prerendered HTML), the finder's compiled rules and the facts it ships to the browser (its
documents), and the .ics the renewal calendar writes. A full `reflex export` per edit would
take minutes for each fact; the page functions are where the records are read, so rendering
them is the same proof.
Everything runs in a fresh interpreter, because the site reads its content once per process.
"""

from __future__ import annotations

import shutil

import pytest

from consultancy.content.loader import DEFAULT_DATA_DIR
from tests.data_files import edit, published

RENDER = """
import json
from datetime import UTC, date, datetime

import consultancy.pages
from consultancy.components.finder.rules import evaluator_js
from consultancy.components.finder.state import _facts
from consultancy.content import content
from consultancy.content.renewals import ics, items
from consultancy.templates.webpage import ROUTES

paths = ["/hazardous-waste-licensing", "/fire-licensing", "/fire-nocs", "/approvals-finder", "/regulatory-updates"]
pages = {r.path: json.dumps(r.component().render(), default=str) for r in ROUTES if r.path in paths}
held = {"hazardous-waste": {"date": "2024-01-15", "kind": "issue"}}
dated, _ = items(content().validity, held, date(2026, 11, 25))
site = content().site
calendar = ics(dated, site.name, site.phone, "example.com", datetime(2026, 11, 25, tzinfo=UTC)).decode()
finder = {a.id: a.authority for a in content().finder.approvals}
facts = json.dumps(_facts(content().finder))
rules = evaluator_js(content().finder)
print(json.dumps({"pages": pages, "ics": calendar, "finder": finder, "rules": rules, "facts": facts}))
"""


@pytest.fixture(scope="module")
def before_and_after(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict]:
    folder = tmp_path_factory.mktemp("law")
    shutil.copytree(DEFAULT_DATA_DIR, folder / "before")
    data = shutil.copytree(DEFAULT_DATA_DIR, folder / "data")
    law = data / "law"
    # A period: the hazardous waste authorisation's 5 years become 3.
    edit(law / "hazardous-waste.toml", "months = 60\n", "months = 36\n")
    edit(law / "hazardous-waste.toml", 'text = "5 years from the date', 'text = "3 years from the date')
    # A filing: the Form 4 return falls due on 31 July instead of 30 June.
    due = 'text = "By {} every year, for the previous financial year."\nmonth = {}\nday = {}'
    edit(law / "hazardous-waste.toml", due.format("30 June", 6, 30), due.format("31 July", 7, 31))
    # An authority: the fire certificate's issuing office is renamed.
    edit(law / "fire-safety-certificate.toml", 'text = "The Odisha Fire and Emergency Service. For',
         'text = "The Directorate of Fire Safety, Odisha. For')  # fmt: skip
    # A fee: the fire certificate's fee per square metre.
    fee = 'text = "Rs {} per square metre of built-up area for residential buildings and Rs {} for others;'
    edit(law / "fire-safety-certificate.toml", fee.format(1, 2), fee.format(4, 7))
    # A document: the hazardous waste application's storage drawing is renamed and redescribed.
    edit(law / "hazardous-waste.toml", 'name = "Storage area layout"', 'name = "Drawing of the waste store"')
    edit(law / "hazardous-waste.toml", 'description = "Drawing of the hazardous waste store showing',
         'description = "Plan of the hazardous waste store giving')  # fmt: skip
    before, after = published(RENDER, folder / "before", data)
    return before, after


def test_a_period_changes_the_page_and_the_calendar(before_and_after: tuple[dict, dict]) -> None:
    before, after = before_and_after
    page = "/hazardous-waste-licensing"
    assert "5 years from the date" in before["pages"][page] and "3 years from the date" not in before["pages"][page]
    # The glance box and the FAQ ({hazardous-waste.validity}) both follow the record.
    assert after["pages"][page].count("3 years from the date") >= 2
    assert "5 years from the date" not in after["pages"][page]
    # Issued 15 January 2024: 5 years ran to 15 January 2029, 3 years run to 15 January 2027;
    # the firm's advice puts the application five months before each.
    assert "UID:hazardous-waste.renewal.2028-08-15@" in before["ics"]
    assert "UID:hazardous-waste.renewal.2026-08-15@" in after["ics"]
    assert "UID:hazardous-waste.renewal.2028-08-15@" not in after["ics"]


def test_a_filing_changes_the_page_and_the_calendar(before_and_after: tuple[dict, dict]) -> None:
    before, after = before_and_after
    page = "/hazardous-waste-licensing"
    assert "By 30 June every year" in before["pages"][page]
    assert "By 31 July every year" in after["pages"][page] and "By 30 June every year" not in after["pages"][page]
    assert "DTSTART;VALUE=DATE:20270630" in before["ics"]
    assert "DTSTART;VALUE=DATE:20270731" in after["ics"] and "DTSTART;VALUE=DATE:20270630" not in after["ics"]


def test_an_authority_changes_both_fire_pages_and_the_finder(before_and_after: tuple[dict, dict]) -> None:
    before, after = before_and_after
    for page in ("/fire-licensing", "/fire-nocs", "/approvals-finder"):
        assert "The Odisha Fire and Emergency Service. For" in before["pages"][page], page
        assert "The Directorate of Fire Safety, Odisha. For" in after["pages"][page], page
        assert "The Odisha Fire and Emergency Service. For" not in after["pages"][page], page
    for result in ("fire-noc", "fire-licence"):
        assert after["finder"][result].startswith("The Directorate of Fire Safety, Odisha.")
    # The finder's compiled rules (what the browser evaluates) are the same for both: an
    # authority decides no answer, so no rule had to be edited by hand.
    assert before["rules"] == after["rules"]


def test_a_fee_changes_the_fire_pages(before_and_after: tuple[dict, dict]) -> None:
    before, after = before_and_after
    for page in ("/fire-licensing", "/fire-nocs"):
        assert "Rs 1 per square metre" in before["pages"][page], page
        assert "Rs 4 per square metre" in after["pages"][page] and "Rs 1 per square metre" not in after["pages"][page]


def test_nothing_else_moved(before_and_after: tuple[dict, dict]) -> None:
    before, after = before_and_after
    assert before["pages"]["/regulatory-updates"] == after["pages"]["/regulatory-updates"]


def test_a_document_changes_the_page_checklist_and_the_finder(before_and_after: tuple[dict, dict]) -> None:
    before, after = before_and_after
    for page in ("/hazardous-waste-licensing", "/approvals-finder"):
        assert "Storage area layout" in before["pages"][page], page
        assert "Drawing of the waste store" not in before["pages"][page], page
        assert "Drawing of the waste store" in after["pages"][page], page
        assert "Plan of the hazardous waste store giving" in after["pages"][page], page
        assert "Storage area layout" not in after["pages"][page], page
    # What the finder ships to the browser for the enquiry and the checklist count.
    assert '"Storage area layout"' in before["facts"] and '"Drawing of the waste store"' in after["facts"]
    assert '"Storage area layout"' not in after["facts"]
    # A document decides no answer: the compiled rules are the same.
    assert before["rules"] == after["rules"]
