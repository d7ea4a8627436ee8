"""The compiled pages carry no CSS-in-JS: the site styles itself with one stylesheet.

Reflex turns a prop it does not know into an inline style, so a misspelt attribute
(tabindex for tab_index, say) silently becomes CSS instead of an attribute. Any
`css:` in a compiled page is such a mistake.
"""

import re
from pathlib import Path

import pytest

from consultancy.components.search.index import entries
from tests.conftest import WEB

ROUTES_DIR = WEB / "app" / "routes"


@pytest.mark.browser
def test_no_prop_became_css(base_url: str) -> None:
    pages = sorted(ROUTES_DIR.glob("*.jsx"))
    assert pages, "the site has not been built"
    stray = {
        page.name: sorted(set(re.findall(r'css:\(\{ \["([\w-]+)"\]', page.read_text())))
        for page in pages
        if "css:(" in page.read_text()
    }
    assert stray == {}


WEB_DIR = ROUTES_DIR.parents[1]


@pytest.mark.browser
def test_no_css_prop_anywhere(base_url: str) -> None:
    """consultancy/framework/bundle.py resolves `@emotion/react` to React's createElement, which would
    drop a `css` prop without a word: no compiled page or component may pass one."""
    files = [*ROUTES_DIR.glob("*.jsx"), *(WEB_DIR / "utils").rglob("*.jsx"), WEB_DIR / "app" / "root.jsx"]
    assert len(files) > 30, "the site has not been built"
    with_css = sorted(f.name for f in files if re.search(r"[{,]\s*css:", f.read_text()))
    assert with_css == []


@pytest.mark.browser
def test_bundle_has_no_emotion_and_one_transport(base_url: str) -> None:
    """The built scripts carry neither Emotion nor engine.io's long-polling transport."""
    scripts = list((WEB_DIR / "build" / "client" / "assets").glob("*.js"))
    assert scripts, "the site has not been built"
    text = "\n".join(s.read_text() for s in scripts)
    assert "data-emotion" not in text  # Emotion marks the style tags it writes
    assert "xhr poll error" not in text


@pytest.mark.browser
def test_home_page_scripts_leave_out_what_it_does_not_run(base_url: str) -> None:
    """consultancy/framework/bundle.py and consultancy/components/search/index.py: the scripts the home page loads
    hold no copy of the search index (a chunk of its own, fetched on the search's first
    focus), no upload helper, no mergician and no `window.__reflex`."""
    client = WEB_DIR / "build" / "client"
    home = (client / "index.html").read_text()
    names = set(re.findall(r"/assets/([\w.-]+\.js)", home))
    assert len(names) >= 4, names
    loaded = "\n".join((client / "assets" / name).read_text() for name in names)
    # An index entry's title: the service's name and menu name, lowercased, one space apart.
    title = entries()[0]["title"]
    assert title not in loaded
    index = [s for s in (client / "assets").glob("search_index-*.js") if title in s.read_text()]
    assert len(index) == 1 and index[0].name not in names
    for absent in ("window.__reflex={", "Upload already in progress", "hoistProto"):
        assert absent not in loaded, absent


@pytest.mark.browser
def test_one_pages_helpers_stay_in_that_pages_scripts(base_url: str) -> None:
    """consultancy/framework/bundle.py: a component split out of the shared module imports only
    what it uses, so the finder's, the calendar's and the staff inbox's helpers are not hoisted
    into the chunks every page loads."""
    client = WEB_DIR / "build" / "client"
    home = (client / "index.html").read_text()
    names = set(re.findall(r"/assets/([\w.-]+\.js)", home))
    loaded = "\n".join((client / "assets" / name).read_text() for name in names)
    components = Path(__file__).resolve().parents[2] / "consultancy" / "components"
    helpers = {
        name
        for module in ("finder/finder.js", "renewal_calendar/renewals.js", "staff_inbox/inbox.js")
        for name in re.findall(r"^export function (\w+)", (components / module).read_text(), re.M)
    }
    assert len(helpers) > 20
    assert sorted(name for name in helpers if f"function {name}(" in loaded) == []
