"""The header search's ranking: search.js run by Node over the compiled index, so Python's
index and the browser's matching are tested together. Any word typed matches; entries rank
by how many words they match, then by where (name, search terms, description and FAQs);
the owners' words of data/search_terms.toml lead to the page named there."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from consultancy.components.search.index import FINDER_PATH, entries, module_source
from consultancy.content import ContentError, load_content
from consultancy.content.loader import DEFAULT_DATA_DIR

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools/node_modules/node/bin/node"

Search = Callable[[list[str]], dict[str, list[str]]]


@pytest.fixture(scope="module")
def node_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not NODE.exists():
        pytest.skip("Node is not installed (make setup)")
    folder = tmp_path_factory.mktemp("search")
    shutil.copy(ROOT / "consultancy/components/search/search.js", folder / "search.mjs")
    return folder


def _run(folder: Path, index_source: str, queries: list[str]) -> dict[str, list[str]]:
    (folder / "index.mjs").write_text(index_source, encoding="utf-8")
    script = (
        'import index from "./index.mjs"; import { findServices } from "./search.mjs";'
        f"const out = {{}}; for (const q of {json.dumps(queries)})"
        " out[q] = findServices(q, index, 6).map((e) => e.path);"
        "console.log(JSON.stringify(out));"
    )
    (folder / "run.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run([str(NODE), "run.mjs"], cwd=folder, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _run_hits(folder: Path, index_source: str, queries: list[str]) -> dict[str, list[dict[str, str]]]:
    """The results whole (name, category, the line shown under it), as the search box shows them."""
    (folder / "index.mjs").write_text(index_source, encoding="utf-8")
    script = (
        'import index from "./index.mjs"; import { findServices } from "./search.mjs";'
        f"const out = {{}}; for (const q of {json.dumps(queries)})"
        " out[q] = findServices(q, index, 6)"
        ".map((e) => ({path: e.path, name: e.name, category: e.category, why: e.why}));"
        "console.log(JSON.stringify(out));"
    )
    (folder / "run.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run([str(NODE), "run.mjs"], cwd=folder, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def search(node_folder: Path) -> Search:
    source = module_source()
    return lambda queries: _run(node_folder, source, queries)


@pytest.fixture(scope="module")
def search_in(node_folder: Path) -> Callable[[list[dict[str, str]], list[str]], dict[str, list[str]]]:
    """The ranking over an index written here, to test one rule at a time."""

    def run(index: list[dict[str, str]], queries: list[str]) -> dict[str, list[str]]:
        return _run(node_folder, "export default " + json.dumps(index) + ";\n", queries)

    return run


def _entry(path: str, title: str = "", terms: str = "", text: str = "", **more: str) -> dict[str, str]:
    return {"name": path, "path": path, "category": "", "title": title, "terms": terms, "text": text, **more}


# What owners type for their equipment, and the page that must come first.
EQUIPMENT = {
    "diesel tank": "/peso",
    "DG set": "/various-govt-officials-nocs",
    "D.G. set": "/various-govt-officials-nocs",
    "generator": "/various-govt-officials-nocs",
    "diesel generator": "/various-govt-officials-nocs",
    "transformer": "/various-govt-officials-nocs",
    "boiler": "/various-govt-officials-nocs",
    "borewell": "/cgwanoc",
    "tube well": "/cgwanoc",
    "chimney": "/airport-height-clearance-noc",
    "mobile tower": "/airport-height-clearance-noc",
    "underground tank": "/peso",
    "LPG cylinder": "/peso",
    "Do I need a PESO licence for a diesel tank?": "/peso",
}


def test_the_words_owners_use_find_the_right_page_first(search: Search) -> None:
    found = search(list(EQUIPMENT))
    for query, path in EQUIPMENT.items():
        assert found[query][:1] == [path], (query, found[query])


def test_every_owners_word_in_the_data_leads_where_the_data_says(search: Search) -> None:
    content = load_content()
    outside = {o.id for o in content.finder.outside}
    routes = {s.route: s.path for s in content.services}

    def path(page: str) -> str:
        return FINDER_PATH if page in outside else routes[page]

    items = content.search_terms.equipment
    found = search([word for item in items for word in item.words])
    for item in items:
        for word in item.words:
            assert found[word][:1] == [path(item.service)], (word, found[word])
            assert {path(page) for page in item.also} <= set(found[word]), (word, found[word])


def test_a_diesel_tank_also_lists_the_tank_test_and_a_dg_set_its_diesel_store(search: Search) -> None:
    found = search(["diesel tank", "DG set", "boiler"])
    assert "/tank-testing-certificate" in found["diesel tank"]
    assert "/peso" in found["DG set"]
    # A boiler is the government NOCs service's own approval (data/finder.toml), not an item
    # outside the firm's services: the search leads to the service, not to the finder's list.
    assert found["boiler"][0] == "/various-govt-officials-nocs"
    assert FINDER_PATH not in found["boiler"]


def test_any_word_typed_matches(search_in) -> None:
    index = [_entry("/a", title="borewell noc"), _entry("/b", title="fire safety")]
    found = search_in(index, ["borewell xylophone", "fire borewell"])
    assert found["borewell xylophone"] == ["/a"]
    assert set(found["fire borewell"]) == {"/a", "/b"}


def test_more_words_matched_rank_first_whatever_field_they_are_in(search_in) -> None:
    # /name has one word in its name (the best field); /faq has both, only in its text.
    index = [_entry("/name", title="diesel storage"), _entry("/faq", text="do i need a licence for a diesel tank?")]
    assert search_in(index, ["diesel tank"])["diesel tank"] == ["/faq", "/name"]


def test_among_equal_counts_the_whole_query_then_name_then_terms_then_text(search_in) -> None:
    index = [
        _entry("/text", text="steam boiler"),
        _entry("/terms", terms="steam | boiler"),
        _entry("/name", title="steam and boiler"),
        _entry("/phrase", terms="steam boiler"),
    ]
    assert search_in(index, ["steam boiler"])["steam boiler"] == ["/phrase", "/name", "/terms", "/text"]


def test_an_owners_word_puts_its_page_first(search_in) -> None:
    index = [_entry("/name", title="tank testing"), _entry("/lead", terms="storage", says="tank | diesel tank")]
    found = search_in(index, ["tank", "diesel tank", "tank testing"])
    assert found["tank"][0] == "/lead" and found["diesel tank"][0] == "/lead"
    assert found["tank testing"][0] == "/name"


def test_whole_words_or_their_beginnings_only(search_in) -> None:
    index = [_entry("/director", text="the director inspects"), _entry("/cto", terms="cto")]
    assert search_in(index, ["cto", "insp"]) == {"cto": ["/cto"], "insp": ["/director"]}


def test_a_two_letter_word_is_an_abbreviation_matched_whole(search_in, search: Search) -> None:
    index = [_entry("/dgms", terms="dgms"), _entry("/dg", says="dg set")]
    assert search_in(index, ["DG"])["DG"] == ["/dg"]
    assert FINDER_PATH not in search(["DG set"])["DG set"]  # nor the DGMS notice the finder names


def test_among_equals_the_rarer_word_first(search_in) -> None:
    index = [
        _entry("/fire", title="fire renewal"),
        _entry("/water", title="groundwater"),
        _entry("/peso", title="peso renewal"),
    ]
    assert search_in(index, ["groundwater renewal"])["groundwater renewal"][0] == "/water"


def test_stop_words_match_nothing(search_in, search: Search) -> None:
    index = [_entry("/a", text="do i need a licence for the tank? what to do and how")]
    found = search_in(index, ["do I need a", "the", "what for", "a"])
    assert all(found[q] == [] for q in found), found
    real = search(["borewell", "Do I need a licence for a borewell?", "what do we need for the borewell"])
    assert real["Do I need a licence for a borewell?"] == real["borewell"] == real["what do we need for the borewell"]


def test_generic_words_count_only_when_nothing_else_is_typed(search_in) -> None:
    index = [_entry("/fire", title="fire noc"), _entry("/other", title="groundwater noc")]
    found = search_in(index, ["fire noc", "noc"])
    assert found["fire noc"] == ["/fire"]
    assert set(found["noc"]) == {"/fire", "/other"}


def test_each_services_faq_questions_are_indexed(search: Search) -> None:
    content = load_content()
    by_path = {e["path"]: e for e in entries()}
    for service in content.services:
        for faq in service.faqs:
            assert faq.question.lower() in by_path[service.path]["text"], (service.route, faq.question)
    # Words only a FAQ question uses ("What are Odisha's rules under the new labour codes?").
    assert search(["labour codes"])["labour codes"][:1] == ["/various-govt-officials-nocs"]


def test_the_index_stays_small() -> None:
    """It is fetched when a visitor first focuses the box; the header carries none of it."""
    assert len(module_source().encode("utf-8")) < 32_000


def test_a_misspelt_page_in_search_terms_names_the_file_and_field(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    path = data / "search_terms.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('service = "cgwanoc"', 'service = "cgwa-noc"', 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content(data)
    message = str(caught.value)
    assert "search_terms.toml" in message and "equipment[5].service" in message and "'cgwa-noc'" in message


def test_a_word_leading_to_two_pages_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    path = data / "search_terms.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('words = ["chimney", ', 'words = ["borewell", "chimney", ', 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content(data)
    assert "'borewell' also leads elsewhere" in str(caught.value)


# What visitors type, in their words, and the page that must come first: the site's own tools.
TOOLS = {
    "reminder": "/renewal-calendar",
    "renewal dates": "/renewal-calendar",
    "when to renew": "/renewal-calendar",
    "expiry date": "/renewal-calendar",
    "Which licences do I need?": "/approvals-finder",
    "new rules": "/regulatory-updates",
    "amendment": "/regulatory-updates",
}


def test_the_calendar_the_finder_and_the_updates_are_found(search: Search) -> None:
    found = search(list(TOOLS))
    for query, path in TOOLS.items():
        assert found[query][:1] == [path], (query, found[query])


def test_the_first_result_shows_what_was_searched_for(node_folder: Path) -> None:
    """An owner's word finds a page that may never name it ("DG set" leads to the government
    NOCs page, which speaks of the electrical inspector): the first result then carries the
    line that says how that page deals with it, and that line names what was typed."""
    queries = ["DG set", "generator", "diesel generator", "borewell", "chimney", "boiler", "transformer", "reminder"]
    hits = _run_hits(node_folder, module_source(), queries)
    for query in queries:
        first = hits[query][0]
        shown = f"{first['name']} {first['category']} {first['why']}".lower()
        words = [w for w in query.lower().split() if len(w) > 2]
        # "generator": the line names the DG set, the owner's usual word for one.
        assert all(w in shown for w in words) or (query == "generator" and "dg set" in shown), (query, first)
