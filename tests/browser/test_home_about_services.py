"""Home, About and Services pages: counts and order from the spec, motion, targets."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from consultancy.content.contract import CATEGORIES, SERVICE_ROUTES
from tests.conftest import wait_until_interactive

pytestmark = pytest.mark.browser

SPEC_INDUSTRIES = [
    "Port",
    "Transport",
    "Energy & Power",
    "Mining",
    "Copper",
    "Steel",
    "Aluminum",
    "Hospital",
    "Diagnostic Centre",
    "Pharma",
    "Real Estate",
    "Construction",
    "Telecom",
    "IT",
    "Fertilizer",
    "Petroleum",
]
SPEC_PROCESSES = [
    "Client Consultation",
    "Feasibility Study",
    "Planning & Documentation",
    "Approval Submission",
    "Compliance Support",
    "Final Approval",
]
SPEC_SLIDES = ["Engineering Excellence", "Regulatory Consulting", "Statutory Compliance", "Driving Business Growth"]


def current_slide(page, selector: str = ".hero .slides__item") -> int:
    classes = page.locator(selector).evaluate_all("els => els.map(e => e.className)")
    current = [n for n, c in enumerate(classes) if "is-current" in c]
    assert len(current) == 1, classes
    return current[0]


def test_home_blocks_counts_and_order(page) -> None:
    page.goto("/")
    expect(page.locator("h1")).to_have_text(content().home.hero_title)
    expect(page.locator(".hero .slides__item")).to_have_count(3)
    expect(page.locator("#our-services .card h3")).to_have_text(["Engineering", "Licensing", "NOCs", "Others"])
    expect(page.locator("#industries .industry__name")).to_have_text(SPEC_INDUSTRIES)
    expect(page.locator("#industries img")).to_have_count(16)
    expect(page.locator("#processes .process h3")).to_have_text(SPEC_PROCESSES)
    expect(page.locator("#processes .process__number")).to_have_text([f"{n:02d}" for n in range(1, 7)])
    logos = page.locator("#clients .marquee__item img")
    expect(logos).to_have_count(16)
    sources = logos.evaluate_all("els => els.map(e => e.currentSrc || e.src)")
    assert len(set(sources)) == 8 and all(sources.count(s) == 2 for s in set(sources))
    expect(page.locator("#about-us").get_by_role("link", name="More about us")).to_have_attribute("href", "/about")


def test_home_hero_buttons(desktop_page) -> None:
    page = desktop_page
    page.goto("/")
    hero = page.locator(".hero")
    expect(hero.get_by_role("link", name="Learn More")).to_have_attribute("href", "/services")
    expect(hero.get_by_role("link", name="Schedule a Consultation")).to_have_attribute("href", "/contact-us")
    hero.get_by_role("link", name="Schedule a Consultation").click()
    expect(page).to_have_url(re.compile(r"/contact-us$"))


def test_first_hero_image_is_eager_and_sized(desktop_page) -> None:
    page = desktop_page
    page.goto("/")
    first = page.locator(".hero .slides__item").first.locator("img")
    expect(first).to_have_attribute("loading", "eager")
    expect(first).to_have_attribute("fetchpriority", "high")
    expect(first).to_have_attribute("width", "1280")
    expect(first).to_have_attribute("height", "720")
    expect(page.locator(".hero .slides__item").first).to_have_class(re.compile("is-current"))


def _open_with_clock(new_page, path: str, **options):
    """A page whose timers only move when the test runs the fake clock."""
    page = new_page(**options)
    start = datetime.datetime(2026, 1, 5, 10, 0)
    page.clock.install(time=start)
    page.clock.pause_at(start + datetime.timedelta(seconds=1))
    page.goto(path)
    # The page asks for its scripts once the browser has reported its first paint, a real
    # event, and then one preload per timer of this clock (consultancy/framework/paint.py): so the clock
    # runs once the first preload is there. The rotation starts only once React has mounted,
    # after this.
    page.wait_for_function("document.querySelector('link[rel=modulepreload]') !== null", polling=50)
    page.clock.run_for(100)
    wait_until_interactive(page)
    return page


def test_hero_advances_every_3000_ms(new_page) -> None:
    page = _open_with_clock(new_page, "/")
    page.mouse.move(5, 890)
    assert current_slide(page) == 0
    page.clock.run_for(2900)
    page.wait_for_timeout(300)
    assert current_slide(page) == 0
    page.clock.run_for(200)
    expect(page.locator(".hero .slides__item").nth(1)).to_have_class(re.compile("is-current"))
    page.clock.run_for(3000)
    expect(page.locator(".hero .slides__item").nth(2)).to_have_class(re.compile("is-current"))
    page.clock.run_for(3000)
    expect(page.locator(".hero .slides__item").nth(0)).to_have_class(re.compile("is-current"))


def test_hover_pauses_the_hero(new_page) -> None:
    page = _open_with_clock(new_page, "/")
    page.locator(".hero h1").hover()
    page.wait_for_timeout(300)
    page.clock.run_for(9000)
    page.wait_for_timeout(300)
    assert current_slide(page) == 0


def test_keyboard_focus_pauses_the_hero(new_page) -> None:
    page = _open_with_clock(new_page, "/")
    page.mouse.move(5, 890)
    page.locator(".hero").get_by_role("link", name="Schedule a Consultation").focus()
    page.wait_for_timeout(300)
    page.clock.run_for(9000)
    page.wait_for_timeout(300)
    assert current_slide(page) == 0
    page.evaluate("() => document.activeElement.blur()")
    page.wait_for_timeout(300)
    page.clock.run_for(3100)
    expect(page.locator(".hero .slides__item").nth(1)).to_have_class(re.compile("is-current"))


def test_pause_control_stops_and_restarts_the_hero(new_page) -> None:
    page = _open_with_clock(new_page, "/")
    page.get_by_role("button", name="Pause slideshow").click()
    expect(page.get_by_role("button", name="Play slideshow")).to_be_visible()
    page.mouse.move(5, 890)
    page.wait_for_timeout(300)
    page.clock.run_for(9000)
    page.wait_for_timeout(300)
    assert current_slide(page) == 0
    page.get_by_role("button", name="Play slideshow").click()
    expect(page.get_by_role("button", name="Pause slideshow")).to_be_visible()
    # Focus inside the hero pauses it too, so focus leaves as the pointer does.
    page.evaluate("() => document.activeElement.blur()")
    page.mouse.move(5, 890)
    page.wait_for_timeout(300)
    page.clock.run_for(3100)
    expect(page.locator(".hero .slides__item").nth(1)).to_have_class(re.compile("is-current"))


def test_reduced_motion_stops_all_rotation(new_page) -> None:
    page = _open_with_clock(new_page, "/", reduced_motion="reduce")
    page.mouse.move(5, 890)
    page.clock.run_for(10_000)
    page.wait_for_timeout(300)
    assert current_slide(page) == 0
    animation = page.locator(".marquee__track").evaluate("e => getComputedStyle(e).animationName")
    assert animation == "none"
    about = _open_with_clock(new_page, "/about", reduced_motion="reduce")
    about.clock.run_for(10_000)
    about.wait_for_timeout(300)
    assert current_slide(about, ".about-hero .slides__item") == 0


def test_client_logos_move_and_can_be_paused(desktop_page) -> None:
    page = desktop_page
    page.goto("/")
    wait_until_interactive(page)
    track = page.locator(".marquee__track")
    assert track.evaluate("e => getComputedStyle(e).animationName") == "marquee"
    page.get_by_role("button", name="Pause client logos").click()
    expect(page.locator(".marquee")).to_have_class(re.compile("is-stopped"))
    assert track.evaluate("e => getComputedStyle(e).animationPlayState") == "paused"


def test_about_slider_rotates_every_4000_ms_and_dots_set_it(new_page) -> None:
    page = _open_with_clock(new_page, "/about")
    page.mouse.move(5, 890)
    slides = ".about-hero .slides__item"
    expect(page.locator(".about-hero__title")).to_have_text(SPEC_SLIDES)
    assert current_slide(page, slides) == 0
    page.clock.run_for(3900)
    page.wait_for_timeout(300)
    assert current_slide(page, slides) == 0
    page.clock.run_for(200)
    expect(page.locator(slides).nth(1)).to_have_class(re.compile("is-current"))
    dot = page.get_by_role("button", name=re.compile("Show slide 4"))
    dot.click()
    expect(page.locator(slides).nth(3)).to_have_class(re.compile("is-current"))
    expect(dot).to_have_attribute("aria-current", "true")
    expect(page.locator(".about-hero__slide.is-current .about-hero__title")).to_have_text("Driving Business Growth")


def test_about_blocks(page) -> None:
    data = content()
    page.goto("/about")
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("#intro h2")).to_have_text("Redefining Possibilities")
    founder = page.locator(".founder")
    expect(founder).to_contain_text(data.site.founder.name)
    expect(founder.get_by_role("link", name="LinkedIn profile")).to_have_attribute("href", data.site.founder.linkedin)
    expect(founder.get_by_role("link", name=data.site.founder.email)).to_have_attribute(
        "href", f"mailto:{data.site.founder.email}"
    )
    expect(page.locator("#vision-mission h3")).to_have_text(["Our Vision", "Our Mission"])
    expect(page.locator("#our-services h3")).to_have_text(list(CATEGORIES))
    expect(page.locator("#why-choose-us h3")).to_have_text(
        ["Industry Expertise", "Strong Relationships", "Proven Track Record", "Client Success"]
    )
    expect(page.locator("#our-approach h3")).to_have_text(
        ["Tailored Solutions", "Compliance Management", "End-to-End Support", "Modern Tools"]
    )


def test_services_list_every_service_by_category(page) -> None:
    data = content()
    page.goto("/services")
    expect(page.locator("h1")).to_have_text("Our Professional Services")
    for category in CATEGORIES:
        block = page.locator(f"#category-{category.lower().replace(' ', '-')}")
        expect(block.locator("h2")).to_have_text(category)
        expected = [s for s in data.services if s.category == category]
        expect(block.locator("article h3")).to_have_text([s.name for s in expected])
        for service in expected:
            link = block.get_by_role("link", name=f"Learn more about {service.name}")
            expect(link).to_have_attribute("href", service.path)
    expect(page.locator("main article.card--service")).to_have_count(len(SERVICE_ROUTES))
    why = page.locator("#why-choose-us")
    expect(why.locator("h3")).to_have_text(["Expertise", "Innovation", "Customer Satisfaction", "Fast Delivery"])
    expect(why.get_by_role("link", name="Get In Touch")).to_have_attribute("href", "/contact-us")


def test_get_in_touch_goes_to_contact(desktop_page) -> None:
    page = desktop_page
    page.goto("/services")
    page.locator("#why-choose-us").get_by_role("link", name="Get In Touch").click()
    expect(page).to_have_url(re.compile(r"/contact-us$"))


def test_sections_fade_in_after_mount(desktop_page) -> None:
    page = desktop_page
    page.goto("/")
    wait_until_interactive(page)
    expect(page.locator("main")).to_have_class(re.compile(r"\bis-faded-in\b"))
    expect(page.locator("#industries")).to_have_css("opacity", "1")


@pytest.mark.parametrize("path", ["/", "/about", "/services"])
def test_everything_is_readable_without_javascript(new_page, path: str) -> None:
    page = new_page(java_script_enabled=False)
    page.goto(path)
    for heading in page.locator("main h2").all():
        expect(heading).to_be_visible()
    if path == "/":
        expect(page.locator("#industries .industry__name")).to_have_text(SPEC_INDUSTRIES)
        expect(page.locator("#processes .process h3")).to_have_text(SPEC_PROCESSES)
        expect(page.locator("#industries")).to_have_css("opacity", "1")
    if path == "/about":
        expect(page.locator(".about-hero__title").first).to_be_visible()
    if path == "/services":
        expect(page.locator("main article.card--service")).to_have_count(len(SERVICE_ROUTES))
