"""The service pages' facts box, FAQs and search terms, the approvals' records behind them, the placeholder
check and its refusal in deploy/prod.sh, and the header search's ranking (search.js run
by Node over the compiled index)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from consultancy.components.search.index import FINDER_PATH, module_source
from consultancy.content import ContentError, load_content
from consultancy.content.loader import DEFAULT_DATA_DIR
from consultancy.content.placeholders import find_placeholders

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools/node_modules/node/bin/node"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_every_service_has_a_box_faqs_and_search_terms() -> None:
    content = load_content()
    for service in content.services:
        assert 4 <= len(service.faqs) <= 5, service.route
        assert len(service.search_terms) >= 3, service.route
        for approval in service.glance.validity:
            assert approval in content.validity, (service.route, approval)


def test_an_unknown_approval_id_names_the_service_file_and_field(data_dir: Path) -> None:
    edit(data_dir / "services" / "cgwanoc.toml", 'approvals = ["cgwa-noc"]', 'approvals = ["cgwa-nco"]')
    with pytest.raises(ContentError) as caught:
        load_content(data_dir)
    message = str(caught.value)
    assert "cgwanoc.toml" in message and "glance.approvals[0]" in message and "data/law" in message


def test_an_unknown_fact_in_a_faq_names_the_service_file_and_field(data_dir: Path) -> None:
    edit(data_dir / "services" / "cgwanoc.toml", "{cgwa-noc.validity}", "{cgwa-noc.valdity}")
    with pytest.raises(ContentError) as caught:
        load_content(data_dir)
    message = str(caught.value)
    assert "cgwanoc.toml" in message and "faqs[3].answer" in message and "valdity" in message


def test_a_question_without_a_question_mark_names_the_field(data_dir: Path) -> None:
    edit(
        data_dir / "services" / "peso.toml",
        'question = "Who issues the licence in Odisha?"',
        'question = "Who issues it"',
    )
    with pytest.raises(ContentError) as caught:
        load_content(data_dir)
    assert "peso.toml" in str(caught.value) and "faqs[1].question" in str(caught.value)


def test_a_settled_fact_without_a_source_names_the_record_and_field(data_dir: Path) -> None:
    cites = 'cites = [{ source = "hw-rules", supports = "rule 6(2): \'valid for a period of five years\''
    edit(data_dir / "law" / "hazardous-waste.toml", cites, 'cites = [] # "')
    with pytest.raises(ContentError) as caught:
        load_content(data_dir)
    message = str(caught.value)
    assert "data/law/hazardous-waste.toml" in message and "validity[0]" in message and "source" in message


def test_a_citation_of_an_unknown_source_names_the_record_and_field(data_dir: Path) -> None:
    edit(
        data_dir / "law" / "pcpndt.toml",
        '{ source = "pcpndt-rules", supports = "rule 5" }',
        '{ source = "pcpndt", supports = "rule 5" }',
    )
    with pytest.raises(ContentError) as caught:
        load_content(data_dir)
    assert "pcpndt.toml" in str(caught.value) and "fee.cites[0].source" in str(caught.value)


def test_only_settled_periods_are_counted() -> None:
    """The reference and the research leave these periods open: the calendar counts none of them."""
    validity = load_content().validity
    open_periods = ("consent-to-operate", "consent-to-establish", "cgwa-noc", "clinical-establishment",
                    "fire-safety-certificate", "airport-height", "aerb", "boiler")  # fmt: skip
    for approval in open_periods:
        assert validity[approval].months is None, approval
    assert validity["environmental-clearance"].months is None
    assert validity["pcpndt"].months == 60 and validity["hazardous-waste"].months == 60


def test_placeholders_in_the_current_data() -> None:
    found = {(p.file.rsplit("/", 1)[-1], p.field) for p in find_placeholders()}
    for expected in [
        ("site.toml", "name"),
        ("site.toml", "phone"),
        ("site.toml", "email"),
        ("site.toml", "site_url"),
        ("site.toml", "address.street"),
        ("site.toml", "founder.name"),
        ("site.toml", "founder.photo"),
        ("site.toml", "chat.number"),
        ("site.toml", "social[3].url"),
        ("testimonials.toml", "client_logos[0].name"),
        ("testimonials.toml", "projects[0].company"),
        ("testimonials.toml", "testimonials[0].name"),
        ("testimonials.toml", "videos[2].youtube_id"),
        ("home.toml", "clients[7].name"),
    ]:
        assert expected in found, expected
    assert ("site.toml", "tagline") not in found


def test_real_details_are_not_placeholders(data_dir: Path) -> None:
    edit(
        data_dir / "site.toml",
        'phone = "+91 98765 43210"                      # EXAMPLE number',
        'phone = "+91 674 2540000"',
    )
    edit(data_dir / "pages" / "testimonials.toml", 'youtube_id = "aaaaaaaaaa1"', 'youtube_id = "dQw4w9WgXcQ"')
    fields = {p.field for p in find_placeholders(data_dir)}
    assert "phone" not in fields and "videos[0].youtube_id" not in fields and "videos[1].youtube_id" in fields


def test_prod_sh_refuses_to_start_with_placeholders_and_names_them() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SITE_DEMO"}
    refused = subprocess.run(["deploy/prod.sh", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert refused.returncode == 1
    assert "refusing to start" in refused.stderr
    assert "data/site.toml: field 'founder.name' = 'Founder Name'" in refused.stderr
    assert "videos[0].youtube_id" in refused.stderr
    demo = subprocess.run(["deploy/prod.sh", "check"], cwd=ROOT, env={**env, "SITE_DEMO": "1"}, capture_output=True)
    assert demo.returncode == 0


def test_placeholders_checker_exits_non_zero() -> None:
    result = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", "consultancy.content.placeholders"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1 and "placeholder(s)" in result.stderr and "founder.photo" in result.stdout


QUERIES = {
    # query: the path that must come first
    "CTO renewal": "/consent-to-operate-compliance",
    "consent renewal": "/consent-to-operate-compliance",
    "pollution NOC": "/consent-to-estalish",
    "explosives licence": "/peso",
    "petrol pump": "/peso",
    "borewell": "/cgwanoc",
    "groundwater noc renewal": "/cgwa-compliance",
    "fire noc renewal": "/fire-licensing",
    "tank testing": "/tank-testing-certificate",
    "hospital licence": "/clinical-establishment-licensing",
    "RERA": FINDER_PATH,
    "X-ray": FINDER_PATH,
    "EC six-monthly report": "/environment-clearance-compliance",
}


@pytest.fixture(scope="module")
def search(tmp_path_factory: pytest.TempPathFactory):
    if not NODE.exists():
        pytest.skip("Node is not installed (make setup)")
    folder = tmp_path_factory.mktemp("search")
    (folder / "index.mjs").write_text(module_source(), encoding="utf-8")
    shutil.copy(ROOT / "consultancy/components/search/search.js", folder / "search.mjs")

    def run(queries: list[str]) -> dict[str, list[str]]:
        script = (
            'import index from "./index.mjs"; import { findServices } from "./search.mjs";'
            f"const out = {{}}; for (const q of {json.dumps(queries)})"
            " out[q] = findServices(q, index, 6).map((e) => e.path);"
            "console.log(JSON.stringify(out));"
        )
        (folder / "run.mjs").write_text(script, encoding="utf-8")
        done = subprocess.run([str(NODE), "run.mjs"], cwd=folder, capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    return run


def test_search_puts_the_right_page_first(search) -> None:
    found = search(list(QUERIES))
    for query, path in QUERIES.items():
        assert found[query][:1] == [path], (query, found[query])


def test_search_finds_something_for_realistic_queries(search) -> None:
    queries = ["housing project", "apartment", "expiry", "renewal", "hospital", "forest land", "biomedical waste"]
    found = search(queries)
    for query in queries:
        assert found[query], query
    assert "/environmental-clearance" in found["apartment"]
    assert {"/consent-to-operate-compliance", "/cgwa-compliance", "/peso-compliance"} <= set(found["renewal"])


def test_search_does_not_match_inside_words(search) -> None:
    """ "cto" must not match "director" or "inspector": whole words or their beginnings only."""
    found = search(["CTO", "CTO renewal", "xylophone repairs"])
    assert set(found["CTO"]) == {"/consent-to-operate", "/consent-to-operate-compliance"}
    assert found["CTO renewal"][:1] == ["/consent-to-operate-compliance"]
    assert found["xylophone repairs"] == []
