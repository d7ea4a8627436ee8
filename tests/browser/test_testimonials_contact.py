"""Testimonials (lightbox, filter, logos, testimonials, videos) and Contact."""

from __future__ import annotations

import re
import time
from collections import Counter
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from consultancy.components.lightbox import KEY_REPEAT_LIMIT_MS
from consultancy.content import content
from tests.conftest import wait_until_interactive

pytestmark = pytest.mark.browser


def _gallery(page):
    page.goto("/testimonials")
    wait_until_interactive(page)
    return page.get_by_role("dialog", name=re.compile(".+"))


def _counter(page):
    return page.locator("#lightbox-counter")


def test_testimonials_blocks(page) -> None:
    data = content().testimonials
    page.goto("/testimonials")
    expect(page.locator("h1")).to_have_text("Building Trust Through Excellence")
    expect(page.locator("#gallery h2")).to_have_text("Our Projects and Collaborations")
    expect(page.locator("#gallery .gallery__item")).to_have_count(9)
    expect(page.locator("#projects .project")).to_have_count(15)
    expect(page.locator("#clients .client")).to_have_count(20)
    expect(page.locator("#client-testimonials figure")).to_have_count(3)
    for item in data.testimonials:
        expect(page.get_by_role("img", name=f"Rated {item.rating} out of 5").first).to_be_visible()
    expect(page.locator("#videos .video")).to_have_count(3)


def test_lightbox_opens_steps_wraps_and_returns_focus(page) -> None:
    dialog = _gallery(page)
    expect(dialog).to_be_hidden()
    opener = page.locator("#gallery-item-4")
    opener.click()
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-modal", "true")
    expect(_counter(page)).to_have_text("5 of 9")
    next_button = dialog.get_by_role("button", name="Next image")
    for expected in ["6 of 9", "7 of 9", "8 of 9", "9 of 9", "1 of 9"]:
        next_button.click()
        expect(_counter(page)).to_have_text(expected)
    dialog.get_by_role("button", name="Previous image").click()
    expect(_counter(page)).to_have_text("9 of 9")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()


def test_lightbox_opens_with_enter_and_arrow_keys_step(desktop_page) -> None:
    page = desktop_page
    dialog = _gallery(page)
    page.locator("#gallery-item-0").focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(_counter(page)).to_have_text("1 of 9")
    page.keyboard.press("ArrowLeft")
    expect(_counter(page)).to_have_text("9 of 9")
    page.wait_for_timeout(250)
    page.keyboard.press("ArrowRight")
    expect(_counter(page)).to_have_text("1 of 9")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#gallery-item-0")).to_be_focused()


def test_lightbox_keeps_focus_inside(desktop_page) -> None:
    page = desktop_page
    dialog = _gallery(page)
    page.locator("#gallery-item-2").click()
    expect(dialog).to_be_visible()
    for _ in range(8):
        page.keyboard.press("Tab")
        assert dialog.evaluate("d => d.contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")
    assert dialog.evaluate("d => d.contains(document.activeElement)")


def test_lightbox_zoom_stops_at_300(desktop_page) -> None:
    page = desktop_page
    dialog = _gallery(page)
    page.locator("#gallery-item-1").click()
    image = dialog.locator("img")
    zoom_in = dialog.get_by_role("button", name="Zoom in")
    zoom_out = dialog.get_by_role("button", name="Zoom out")
    expect(image).to_have_attribute("data-zoom", "100")
    expect(zoom_out).to_be_disabled()
    zoom_in.click()
    expect(image).to_have_attribute("data-zoom", "200")
    zoom_in.click()
    expect(image).to_have_attribute("data-zoom", "300")
    expect(zoom_in).to_be_disabled()
    zoom_in.click(force=True)
    expect(image).to_have_attribute("data-zoom", "300")
    zoom_out.click()
    expect(image).to_have_attribute("data-zoom", "200")


def test_lightbox_broken_image_shows_error(desktop_page) -> None:
    page = desktop_page
    page.route(re.compile(r"/images/gallery/gallery-3\.webp"), lambda route: route.abort())
    dialog = _gallery(page)
    page.locator("#gallery-item-2").click()
    expect(dialog.get_by_text("This image failed to load")).to_be_visible()
    dialog.get_by_role("button", name="Next image").click()
    expect(dialog.get_by_text("This image failed to load")).to_have_count(0)
    expect(dialog.locator("img")).to_be_visible()


def test_held_arrow_key_steps_at_most_once_per_180_ms(desktop_page) -> None:
    page = desktop_page
    _gallery(page)
    page.locator("#gallery-item-0").click()
    expect(_counter(page)).to_have_text("1 of 9")
    page.wait_for_timeout(200)
    # The window is timed where the keys arrive: on a busy machine the page handles the
    # driver's presses later and more spread out than the loop below sends them.
    page.evaluate(
        "() => { window.__keys = []; document.addEventListener('keydown',"
        " e => { if (e.key === 'ArrowRight') window.__keys.push(performance.now()); }, true); }"
    )
    start = time.monotonic()
    presses = 0
    while time.monotonic() - start < 1.0:
        page.keyboard.press("ArrowRight")  # as fast as the driver allows, like a held key's repeats
        presses += 1
    page.wait_for_timeout(500)
    steps = int(_counter(page).inner_text().split(" of ")[0]) - 1
    span_ms = page.evaluate("() => window.__keys[window.__keys.length - 1] - window.__keys[0]")
    allowed = int(span_ms // KEY_REPEAT_LIMIT_MS) + 1
    # Enough presses that an unthrottled lightbox would step more than allowed.
    assert presses > allowed, (presses, allowed)
    assert 1 <= steps <= allowed, (steps, presses, span_ms)
    assert steps < presses


def test_project_filter_counts(page) -> None:
    projects = content().testimonials.projects
    counts = Counter(p.category for p in projects)
    page.goto("/testimonials")
    wait_until_interactive(page)
    visible = page.locator("#projects .project:visible")
    expect(visible).to_have_count(15)
    expect(page.get_by_role("button", name="All", exact=True)).to_have_attribute("aria-pressed", "true")
    for category, count in counts.items():
        page.get_by_role("button", name=category, exact=True).click()
        expect(visible).to_have_count(count)
        expect(page.locator("#project-count")).to_have_text(str(count))
        for tag in visible.locator(".tag").all_inner_texts():
            assert tag == category
    page.get_by_role("button", name="All", exact=True).click()
    expect(visible).to_have_count(15)
    expect(page.locator("#project-count")).to_have_text("15")


def test_client_logos_fade_in_when_scrolled_to(desktop_page) -> None:
    page = desktop_page
    page.goto("/testimonials")
    wait_until_interactive(page)
    block = page.locator("#clients .reveal")
    expect(block).not_to_have_class(re.compile(r"\bis-in\b"))
    block.scroll_into_view_if_needed()
    expect(block).to_have_class(re.compile(r"\bis-in\b"))
    expect(block).to_have_css("opacity", "1")


def test_no_video_frame_before_click(desktop_page) -> None:
    page = desktop_page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto("/testimonials")
    wait_until_interactive(page)
    frames = page.locator("iframe[src*='youtube']")
    expect(frames).to_have_count(0)
    assert not [u for u in requests if "youtube" in u]
    page.route(re.compile("youtube"), lambda route: route.abort())
    video = content().testimonials.videos[0]
    page.get_by_role("link", name=f"Play video: {video.title}").click()
    expect(frames).to_have_count(1)
    expect(frames.first).to_have_attribute("src", re.compile(r"^https://www\.youtube-nocookie\.com/embed/"))
    expect(frames.first).to_have_attribute("title", video.title)


def test_contact_links_come_from_settings(page) -> None:
    site = content().site
    page.goto("/contact-us")
    main = page.locator("main")
    expect(main.locator(f"a[href='{site.tel_href}']").first).to_be_visible()
    expect(main.locator(f"a[href='mailto:{site.email}']").first).to_be_visible()
    chat = main.get_by_role("link", name="Chat on WhatsApp")
    expect(chat).to_have_attribute("href", f"https://wa.me/{site.chat.number}?text={quote(site.chat.message)}")
    expect(main).to_contain_text("ISO 9001:2015 - Quality Management")
    expect(main).to_contain_text(str(site.founded))
    expect(main).to_contain_text("Bhubaneswar, Odisha")
    expect(main).to_contain_text(site.office_hours)
    socials = main.locator(".social--contact a")
    expect(socials).to_have_count(4)
    for link, profile in zip(socials.all(), site.social, strict=True):
        expect(link).to_have_attribute("href", profile.url)
        expect(link).to_have_attribute("target", "_blank")
        expect(link).to_have_attribute("rel", "noopener noreferrer")
        expect(link).to_have_accessible_name(re.compile(profile.name))
    expect(main.locator("a[href='/contact-us'] svg")).to_have_count(0)


def test_contact_map_loads_on_request_and_open_in_maps_works(desktop_page) -> None:
    page = desktop_page
    site = content().site
    page.goto("/contact-us")
    wait_until_interactive(page)
    expect(page.get_by_role("link", name="Open in Maps")).to_have_attribute("href", site.map_url)
    frames = page.locator("iframe")
    expect(frames).to_have_count(0)
    page.route(re.compile("google"), lambda route: route.abort())
    page.get_by_role("button", name="Show interactive map").click()
    expect(frames).to_have_count(1)
    expect(frames.first).to_have_attribute("title", re.compile("Map of"))
