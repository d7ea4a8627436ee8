"""The main menu's pages are fetched ahead of the click once the page is interactive, and the
click then opens the copy without a request (consultancy/framework/next_pages.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from consultancy.components.navbar import NAV_LINKS
from consultancy.framework.early_input import with_early_input
from consultancy.framework.next_pages import MARKER, with_next_pages
from deploy.configure import keep_previous_release
from tests.conftest import HeldScripts, pages_fetched_ahead, wait_for_pages_fetched_ahead, wait_until_interactive

MENU_PAGES = {href for _, href in NAV_LINKS}


@pytest.mark.browser
def test_the_other_menu_pages_are_fetched_once_the_page_is_interactive(desktop_page) -> None:
    page = desktop_page
    scripts = HeldScripts(page)
    page.goto("/about")
    page.wait_for_timeout(1000)
    assert pages_fetched_ahead(page) == {}, "nothing shares the link with the page's own scripts"
    scripts.release()
    wait_until_interactive(page)
    fetched = wait_for_pages_fetched_ahead(page, len(MENU_PAGES) - 1)
    assert set(fetched) == MENU_PAGES - {"/about"}, "every menu page but this one, each once"
    assert page.js_errors == []


@pytest.mark.browser
@pytest.mark.parametrize("target", ["/about", "/"])
def test_a_menu_page_fetched_ahead_opens_without_a_request(desktop_page, target: str) -> None:
    page = desktop_page
    page.goto("/peso")
    wait_until_interactive(page)
    wait_for_pages_fetched_ahead(page, len(MENU_PAGES))
    name = next(label for label, href in NAV_LINKS if href == target)
    page.locator("#site-nav .nav__list").get_by_role("link", name=name, exact=True).click()
    expect(page).to_have_url(re.compile(re.escape(target) + "$"))
    expect(page.locator("h1")).to_be_visible()
    # Nothing came over the network for the document: the server let the copy be used.
    assert page.evaluate("performance.getEntriesByType('navigation')[0].transferSize") == 0
    wait_until_interactive(page)
    assert page.js_errors == []


@pytest.mark.browser
def test_a_visitor_saving_data_gets_nothing_ahead(new_page) -> None:
    page = new_page()
    page.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")
    page.goto("/about")
    wait_until_interactive(page)
    page.wait_for_timeout(1500)
    assert pages_fetched_ahead(page) == {}


@pytest.mark.browser
def test_a_page_not_fetched_ahead_is_still_always_revalidated(desktop_page) -> None:
    page = desktop_page
    page.goto("/approvals-finder")
    wait_until_interactive(page)
    page.goto("/peso")
    page.goto("/approvals-finder")
    assert page.evaluate("performance.getEntriesByType('navigation')[0].transferSize") > 0


def test_the_script_goes_once_at_the_end_of_pages_react_takes_over() -> None:
    page = with_early_input('<html><head></head><body><main>x</main><span id="app-ready" hidden></span></body></html>')
    done = with_next_pages(page)
    assert done.count(MARKER) == 1 and done.endswith("</script></body></html>")
    assert with_next_pages(done) == done
    # A page that never becomes interactive (Reflex's 404 shell) fetches nothing ahead.
    bare = with_early_input("<html><head></head><body><main>x</main></body></html>")
    assert with_next_pages(bare) == bare
    # Nor does one without the early-input script, which says when React is there.
    unannounced = '<html><head></head><body><span id="app-ready" hidden></span></body></html>'
    assert with_next_pages(unannounced) == unannounced


def test_a_release_keeps_the_previous_releases_own_build_files_only(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"

    def release(*names: str) -> int:
        new = tmp_path / "site.new"
        (new / "assets").mkdir(parents=True)
        for name in names:
            (new / "assets" / name).write_text(name)
        kept = keep_previous_release(new, tmp_path / "site", run_dir)
        # What deploy/prod.sh does once the new site is complete.
        shutil.rmtree(tmp_path / "site", ignore_errors=True)
        new.rename(tmp_path / "site")
        (run_dir / "assets.new").rename(run_dir / "assets.list")
        return kept

    assert release("a-1.js", "a-1.js.br", "shared.css") == 0
    assert release("b-2.js", "shared.css") == 2
    assert sorted(p.name for p in (tmp_path / "site" / "assets").iterdir()) == [
        "a-1.js",
        "a-1.js.br",
        "b-2.js",
        "shared.css",
    ]
    # Two releases on, the first one's files are gone.
    assert release("c-3.js", "shared.css") == 1
    assert sorted(p.name for p in (tmp_path / "site" / "assets").iterdir()) == ["b-2.js", "c-3.js", "shared.css"]
