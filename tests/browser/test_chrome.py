"""The chrome on every page, in a real browser against the built site (390 and 1280 px)."""

from __future__ import annotations

import datetime
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from consultancy.content import content
from consultancy.content.contract import PAGE_ROUTES, SERVICE_ROUTES, redirect_map
from tests.conftest import wait_until_interactive

pytestmark = pytest.mark.browser

ALL_ROUTES = [*PAGE_ROUTES.values(), *[f"/{r}" for r in SERVICE_ROUTES]]


def test_the_spec_has_29_routes_the_renewal_calendar_and_the_regulatory_updates() -> None:
    assert len(ALL_ROUTES) == 31 == len(set(ALL_ROUTES))


def _open(page, path: str):
    response = page.goto(path)
    wait_until_interactive(page)
    return response


@pytest.mark.parametrize("path", ALL_ROUTES)
def test_route_answers_with_title_and_one_h1(page, path: str) -> None:
    response = page.goto(path)
    assert response is not None and response.status == 200
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("h1")).to_be_visible()
    assert page.title(), path
    assert not page.get_by_text("Unexpected Application Error").count()
    assert page.js_errors == []


def test_titles_are_unique(desktop_page) -> None:
    titles = {}
    for path in ALL_ROUTES:
        desktop_page.goto(path)
        titles[path] = desktop_page.title()
    assert len(set(titles.values())) == len(titles), titles


def test_services_dropdown_opens_by_click_and_closes_by_escape(desktop_page) -> None:
    page = desktop_page
    _open(page, "/about")
    trigger = page.locator("#services-trigger")
    menu = page.locator("#services-menu")
    expect(menu).to_be_hidden()
    page.mouse.move(5, 5)
    trigger.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(trigger).to_have_attribute("aria-expanded", "true")
    expect(page).to_have_url(re.compile(r"/about$"))
    groups = menu.locator(".mega__group")
    expect(groups).to_have_count(5)
    expect(menu.get_by_role("link", name="Tank and pressure vessel testing")).to_have_attribute(
        "href", "/tank-testing-certificate"
    )
    page.keyboard.press("Tab")
    expect(menu.locator("a").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(trigger).to_be_focused()


@pytest.mark.parametrize("key", ["Space", "ArrowDown"])
def test_services_dropdown_opens_and_moves_by_keyboard(page, key: str) -> None:
    """The disclosure pattern with arrow keys: Space or ArrowDown on the button opens the menu
    at its first link, the arrows move between its links, Escape closes it and returns to the
    button."""
    _open(page, "/about")
    if page.viewport_size["width"] < 768:
        page.get_by_role("button", name="Menu").click()
    trigger = page.locator("#services-trigger")
    menu = page.locator("#services-menu")
    links = menu.locator("a")
    page.mouse.move(5, 5)
    trigger.focus()
    page.keyboard.press(key)
    expect(menu).to_be_visible()
    expect(trigger).to_have_attribute("aria-expanded", "true")
    expect(links.first).to_be_focused()
    expect(page).to_have_url(re.compile(r"/about$"))
    page.keyboard.press("ArrowDown")
    expect(links.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(links.last).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(links.first).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(trigger).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(links.first).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(trigger).to_be_focused()
    expect(trigger).not_to_have_attribute("aria-haspopup", re.compile(".*"))


def test_services_dropdown_opens_on_hover_and_closes_on_leave(desktop_page) -> None:
    page = desktop_page
    _open(page, "/")
    menu = page.locator("#services-menu")
    page.locator("#services-trigger").hover()
    expect(menu).to_be_visible()
    page.mouse.move(640, 880)
    expect(menu).to_be_hidden()


def test_services_dropdown_click_toggles_and_outside_click_closes(desktop_page) -> None:
    page = desktop_page
    _open(page, "/")
    menu = page.locator("#services-menu")
    page.locator("#services-trigger").click()
    expect(menu).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))
    page.locator("#services-trigger").click()
    expect(menu).to_be_hidden()
    page.locator("#services-trigger").click()
    expect(menu).to_be_visible()
    page.mouse.click(640, 700)
    expect(menu).to_be_hidden()


def test_a_page_back_from_the_back_forward_cache_shows_no_menu_open(desktop_page) -> None:
    """consultancy/framework/behaviour/page_restore.jsx: the menus close when the browser shows the page
    again (pageshow, persisted), not while the visitor leaves it (pagehide), where the work
    would hold up the next page. Chromium under test does not keep pages in its cache, so
    the event the browser sends on Back is dispatched here."""
    page = desktop_page
    _open(page, "/")
    menu = page.locator("#services-menu")
    page.locator("#services-trigger").click()
    expect(menu).to_be_visible()
    page.evaluate("() => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))")
    page.wait_for_timeout(300)
    expect(menu).to_be_visible()  # leaving costs nothing
    page.evaluate("() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }))")
    page.wait_for_timeout(300)
    expect(menu).to_be_visible()  # a first show is not a return
    page.evaluate("() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))")
    expect(menu).to_be_hidden()


def test_dropdown_links_use_canonical_routes(desktop_page) -> None:
    page = desktop_page
    _open(page, "/")
    hrefs = page.locator("#services-menu .mega__group a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert set(hrefs) == {f"/{r}" for r in SERVICE_ROUTES}
    assert hrefs.count("/peso") == 2  # Engineering and Licensing both list PESO


def test_dropdown_link_navigates(desktop_page) -> None:
    page = desktop_page
    _open(page, "/")
    page.locator("#services-trigger").click()
    page.locator("#services-menu").get_by_role("link", name="Groundwater or borewell NOC (CGWA)").click()
    expect(page).to_have_url(re.compile(r"/cgwanoc$"))
    expect(page.locator("h1")).to_be_visible()


@pytest.mark.parametrize(
    ("path", "label"),
    [
        ("/", "Home"),
        ("/about", "About"),
        ("/services", "Services"),
        ("/testimonials", "Testimonials"),
        ("/contact-us", "Contact"),
        ("/peso", "Services"),
    ],
)
def test_current_page_link_is_marked(desktop_page, path: str, label: str) -> None:
    desktop_page.goto(path)
    current = desktop_page.locator("#site-nav [aria-current='page']")
    expect(current).to_have_count(1)
    expect(current).to_have_text(re.compile(label))


def test_mobile_menu_toggle(mobile_page) -> None:
    page = mobile_page
    _open(page, "/")
    toggle = page.get_by_role("button", name="Menu")
    nav_link = page.locator("#site-nav").get_by_role("link", name="Testimonials")
    expect(nav_link).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(nav_link).to_be_visible()
    page.locator("#services-trigger").click()
    expect(page.locator("#services-menu")).to_be_visible()
    toggle.click()
    expect(nav_link).to_be_hidden()


def test_desktop_nav_has_no_menu_button(desktop_page) -> None:
    desktop_page.goto("/")
    expect(desktop_page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(desktop_page.locator("#site-nav").get_by_role("link", name="Contact")).to_be_visible()


def test_iso_dialog_hover_close_focus_escape(page) -> None:
    _open(page, "/")
    badge = page.locator("#iso-badge")
    dialog = page.get_by_role("dialog", name="ISO Certifications")
    expect(badge).to_have_accessible_name(content().site.badge)
    expect(dialog).to_be_hidden()
    badge.hover()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("ISO 9001:2015 - Quality Management")
    dialog.get_by_role("button", name="Close ISO certifications").click()
    expect(dialog).to_be_hidden()
    page.mouse.move(200, 600)
    badge.focus()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_iso_dialog_closes_on_mouse_leave(desktop_page) -> None:
    page = desktop_page
    _open(page, "/")
    page.locator("#iso-badge").hover()
    dialog = page.get_by_role("dialog", name="ISO Certifications")
    expect(dialog).to_be_visible()
    page.mouse.move(300, 700)
    expect(dialog).to_be_hidden()


def _search(page, text: str) -> None:
    if page.viewport_size["width"] < 768:
        page.get_by_role("button", name="Menu").click()
    box = page.get_by_role("searchbox", name="Search services")
    box.fill(text)


def test_search_finds_a_service_and_opens_it(page) -> None:
    _open(page, "/")
    _search(page, "groundwater")
    results = page.locator("#search-results")
    hit = results.get_by_role("link", name=re.compile("CGWA|Ground", re.I)).first
    expect(hit).to_be_visible()
    hit.click()
    expect(page).to_have_url(re.compile(r"/(cgwanoc|cgwa-compliance)$"))


def test_search_enter_opens_best_match(desktop_page) -> None:
    page = desktop_page
    _open(page, "/about")
    _search(page, "tank testing")
    expect(page.locator("#search-results").get_by_role("link").first).to_be_visible()
    page.get_by_role("searchbox", name="Search services").press("Enter")
    expect(page).to_have_url(re.compile(r"/tank-testing-certificate$"))


def test_search_index_is_fetched_on_the_first_focus_only(desktop_page) -> None:
    """The index is a script of its own (consultancy/components/search/index.py): a visitor who never
    searches never downloads it; one who does gets it once, with results as they type."""
    page = desktop_page
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/search_index-" in request.url else None)
    _open(page, "/")
    page.wait_for_load_state("networkidle")
    assert fetched == []
    box = page.get_by_role("searchbox", name="Search services")
    box.focus()
    expect(page.locator("#search-results")).to_be_hidden()
    box.fill("fire")
    expect(page.locator("#search-results").get_by_role("link").first).to_be_visible()
    box.fill("")
    box.blur()
    box.fill("forest")
    expect(page.locator("#search-results").get_by_role("link").first).to_be_visible()
    assert len(fetched) == 1, fetched


def test_search_says_no_match_plainly(desktop_page) -> None:
    page = desktop_page
    _open(page, "/")
    _search(page, "xylophone repairs")
    expect(page.locator("#search-results")).to_contain_text("No service matches")


def test_call_and_chat_buttons(page) -> None:
    site = content().site
    page.goto("/testimonials")
    call = page.get_by_role("link", name=f"Call us on {site.phone}")
    chat = page.get_by_role("link", name=re.compile("Chat with us on WhatsApp"))
    digits = re.sub(r"[^0-9+]", "", site.phone)
    expect(call).to_have_attribute("href", f"tel:{digits}")
    expect(chat).to_have_attribute("href", f"https://wa.me/{site.chat.number}?text={quote(site.chat.message)}")
    assert "consulting services" in site.chat.message
    expect(call).to_be_visible()
    expect(chat).to_be_visible()


def test_footer_links_and_contact(page) -> None:
    site = content().site
    page.goto("/about")
    footer = page.locator("footer")
    for name, href in [("About Us", "/about"), ("Services", "/services"), ("Contact Us", "/contact-us")]:
        expect(footer.get_by_role("link", name=name, exact=True)).to_have_attribute("href", href)
    expect(footer).to_contain_text("Bhubaneswar")
    expect(footer.get_by_role("link", name=site.phone)).to_have_attribute("href", site.tel_href)
    expect(footer.get_by_role("link", name=site.email)).to_have_attribute("href", f"mailto:{site.email}")
    socials = footer.locator(".social a")
    expect(socials).to_have_count(len(site.social))
    for link, profile in zip(socials.all(), site.social, strict=True):
        expect(link).to_have_attribute("href", profile.url)
        expect(link).to_have_attribute("target", "_blank")
        expect(link).to_have_attribute("rel", "noopener noreferrer")


def test_footer_year_is_the_visitors_current_year(new_page) -> None:
    page = new_page()
    page.clock.set_fixed_time(datetime.datetime(2031, 3, 1, 12, 0))
    page.goto("/")
    wait_until_interactive(page)
    expect(page.locator("#footer-year")).to_have_text("2031")
    other = new_page()
    other.goto("/")
    wait_until_interactive(other)
    expect(other.locator("#footer-year")).to_have_text(str(datetime.date.today().year))


@pytest.mark.parametrize(("old", "target"), sorted(redirect_map().items()))
def test_redirects_land_on_canonical_route(desktop_page, old: str, target: str) -> None:
    desktop_page.goto(old)
    expect(desktop_page).to_have_url(re.compile(re.escape(target) + "$"))
    expect(desktop_page.locator("h1")).not_to_have_text("This page has moved")
    # The target's own HTML, not an empty client-side render of it.
    expect(desktop_page.locator("h1")).not_to_have_text("")
    expect(desktop_page.locator("footer")).to_contain_text("Quick links")


def test_redirects_work_without_javascript(new_page) -> None:
    page = new_page(java_script_enabled=False)
    page.goto("/consent-to-establish")
    expect(page).to_have_url(re.compile(r"/consent-to-estalish$"))


def test_unknown_path_shows_branded_404(page) -> None:
    response = page.goto("/no-such-page-here")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text(content().not_found.heading)
    main = page.locator("main")
    expect(main.get_by_role("link", name="Go to the home page")).to_have_attribute("href", "/")
    expect(main.get_by_role("link", name="See our services")).to_have_attribute("href", "/services")
    expect(page.locator("header .brand")).to_be_visible()
    expect(page.get_by_text("Unexpected Application Error")).to_have_count(0)


def test_pages_are_navigable_without_javascript(new_page) -> None:
    page = new_page(java_script_enabled=False)
    page.goto("/")
    expect(page.locator("h1")).to_be_visible()
    page.locator("#services-trigger").click()
    expect(page).to_have_url(re.compile(r"/services$"))
    expect(page.locator("main a[href='/peso']").first).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_in_either_mode_gets_the_sites_one_light_scheme(new_page, scheme: str) -> None:
    """The head's first script only marks that scripts run (consultancy/framework/bundle.py): no mode
    from localStorage or the system, so a phone in dark mode gets no dark form controls."""
    page = new_page(color_scheme=scheme)
    page.goto("/contact-us")
    wait_until_interactive(page)
    assert page.evaluate("document.documentElement.classList.contains('js')")
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    assert page.evaluate("document.documentElement.style.colorScheme") == ""
    assert page.evaluate("localStorage.length") == 0


@pytest.mark.parametrize("path", [*ALL_ROUTES, "/approvals-finder", "/privacy"])
def test_no_text_runs_to_the_edge_of_a_phone(mobile_page, path: str) -> None:
    """Headings and paragraphs inside main keep the page's side margin at 390 px (a section's
    own padding once overrode its container's)."""
    page = mobile_page
    page.goto(path)
    touching = page.locator("main").evaluate(
        """(main) => [...main.querySelectorAll('h2, h3, p, label, legend')]
          .filter((el) => el.offsetParent !== null && !el.closest('.fabs, dialog, [hidden]'))
          .map((el) => [el, el.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && r.right > 0 && r.left < window.innerWidth)  // not moved off screen
          .filter(([, r]) => r.left < 12 || r.right > window.innerWidth - 12)
          .map(([el, r]) => `${el.tagName}.${el.className} ${Math.round(r.left)}-${Math.round(r.right)}`)
          .slice(0, 5)"""
    )
    assert touching == [], path
