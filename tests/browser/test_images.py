"""No picture is downloaded larger than it is shown, at 390 and 1280 px.

For every image a page loads (scrolled to the end, so lazy ones load too), the file's width
is at most twice the width it is drawn at: room for a sharp picture on a 2x screen, no more.
The drawn width counts `object-fit`: a banner that covers a tall box on a phone shows only a
slice of a wider picture, so the picture is wider than the box.
"""

from __future__ import annotations

import pytest

from consultancy.content import content
from consultancy.images import narrow
from tests.conftest import WIDTHS, wait_until_interactive

pytestmark = pytest.mark.browser

# One page of each template; the 23 service pages share one.
PAGES = ["/", "/about", "/services", "/testimonials", "/contact-us", "/approvals-finder", "/peso", "/rough"]
HEADROOM = 2.0

LOADED_IMAGES = """() => [...document.images]
  .filter(img => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0)
  .map(img => {
    const box = img.getBoundingClientRect();
    const fit = getComputedStyle(img).objectFit;
    const aspect = img.naturalWidth / img.naturalHeight;
    let drawn = box.width;
    if (fit === 'cover') drawn = Math.max(box.width, box.height * aspect);
    if (fit === 'contain' || fit === 'scale-down') drawn = Math.min(box.width, box.height * aspect);
    return {src: new URL(img.currentSrc || img.src).pathname, natural: img.naturalWidth, drawn: Math.round(drawn)};
  })"""


def scroll_through(page) -> None:
    height = page.evaluate("document.documentElement.scrollHeight")
    step = page.viewport_size["height"]
    for y in range(0, height + step, step):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(60)
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("path", PAGES)
def test_no_image_is_larger_than_shown(page, path: str) -> None:
    page.goto(path)
    wait_until_interactive(page)
    scroll_through(page)
    images = page.evaluate(LOADED_IMAGES)
    # Some pages show no picture at all (the header's logo is inline SVG).
    assert images or page.locator("img").count() == 0, "no image loaded"
    oversized = [i for i in images if i["natural"] > HEADROOM * i["drawn"] + 1]
    assert oversized == []


@pytest.mark.parametrize("screen", ["mobile", "desktop"])
def test_phones_get_the_banner_crop_and_only_the_preloaded_file(new_page, screen: str) -> None:
    """The hero's preload and its <picture> pick the same file, so it is fetched once."""
    page = new_page(WIDTHS[screen])
    page.goto("/")
    wait_until_interactive(page)
    first = content().home.hero[0].image
    expected = narrow(first) if screen == "mobile" else first
    current = page.evaluate("() => new URL(document.querySelector('.slides__img').currentSrc).pathname")
    assert current == expected
    fetched = page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
        ".filter(p => p.startsWith('/images/hero/home-1'))"
    )
    assert fetched == [expected]


def test_no_web_font_is_downloaded(desktop_page) -> None:
    """Text uses the device's own fonts: nothing to download, no swap, no reflow."""
    page = desktop_page
    page.goto("/")
    wait_until_interactive(page)
    assert page.evaluate("document.fonts.size") == 0
    fonts = page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => /\\.(woff2?|ttf|otf)(\\?|$)/.test(n))"
    )
    assert fonts == []
