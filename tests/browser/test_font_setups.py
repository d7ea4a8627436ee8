"""Every route lays out its text in few fonts (issue 18).

Each distinct size, weight and style is a font the browser sets up during the page's first
layout, the long task that Lighthouse counted as most of the Total Blocking Time. The type
scale in assets/css/site.css keeps the number small; this fails when a rule adds an odd size
or weight again (a service page had 26 before the scale, 10 with its first version and 6 with
the present one; docs/performance.md, seventh and ninth passes).
"""

import pytest

from scripts.audit import ROUTES
from scripts.font_setups import FONT_SETUPS_JS, WIDTHS

# Most set-ups a route may have at each width: today's largest count. At Lighthouse's
# (mobile) width each one is a few milliseconds of the page's longest task, so none spare.
MOST = {"mobile": 7, "desktop": 9}


@pytest.mark.browser
@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_route_sets_up_few_fonts(new_page, width: str) -> None:
    page = new_page(WIDTHS[width])
    for path in ROUTES:
        page.goto(path)
        setups = page.evaluate(FONT_SETUPS_JS)
        assert setups, f"{path}: no text found"
        assert len(setups) <= MOST[width], f"{path} at {width} width: {len(setups)} fonts: {setups}"
