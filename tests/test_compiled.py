"""The compiled pages carry no CSS-in-JS: the site styles itself with one stylesheet.

Reflex turns a prop it does not know into an inline style, so a misspelt attribute
(tabindex for tab_index, say) silently becomes CSS instead of an attribute. Any
`css:` in a compiled page is such a mistake.
"""

import re
from pathlib import Path

import pytest

ROUTES_DIR = Path(__file__).resolve().parents[1] / ".web" / "app" / "routes"


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
