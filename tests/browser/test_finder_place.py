"""The approvals finder's place step in the built page: a PIN code, a town, the visitor's location
(allowed and refused), the map by keyboard; the place never reaches the address or the socket.
The measures themselves: tests/unit/test_finder_place.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import WIDTHS, wait_until_interactive

# A new building of some height: the place step and its airport question are asked.
START = "/approvals-finder?activity=hotel&stage=new&premises=build&height=16"
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def type_place(page, text: str) -> None:
    box = page.get_by_label("PIN code or town")
    box.fill("")
    box.fill(text)


def checked_airport(page) -> str:
    """The airport question's answer as its list shows it."""
    return page.locator("input[name='airport']:checked").evaluate_all("els => els[0]?.value ?? ''")


def watch_sockets(page) -> list[str]:
    """Every websocket frame the page sends or receives, as text."""
    frames: list[str] = []

    def on_socket(socket) -> None:
        socket.on("framesent", lambda payload: frames.append(str(payload)))
        socket.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", on_socket)
    return frames


@pytest.mark.browser
def test_a_pin_code_decides_the_airport_answer_only_when_the_whole_area_is_clear(page) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(START)
    wait_until_interactive(page)
    step = page.locator("#finder-place")
    expect(step).to_be_visible()
    # The PIN data is not part of the page: it is fetched when the visitor first types.
    assert not [url for url in requested if "/place/pins-" in url]
    # Bhubaneswar, near the airport: within 20 km.
    type_place(page, "751017")
    expect(page.locator("#place-verdict")).to_contain_text("within 20 km")
    assert checked_airport(page) == "within-20"
    expect(page.get_by_label("District", exact=True)).to_have_value("khordha")
    assert [url for url in requested if "/place/pins-" in url]
    # Phulbani, far from every aerodrome: neither.
    type_place(page, "762001")
    expect(page.locator("#place-verdict [data-place='district']")).to_contain_text("Kandhamal")
    assert checked_airport(page) == "neither"
    # A PIN area across the 56 km line of Bhubaneswar: not sure (ask us).
    type_place(page, "752022")
    expect(page.locator("#place-verdict [data-place='airport']")).to_contain_text("ask us")
    assert checked_airport(page) == "unsure"
    # The visitor can still correct the answer.
    airport = page.get_by_role("group", name="How far is the site from an airport?")
    airport.get_by_label(re.compile("^Within 20 km")).check()
    assert checked_airport(page) == "within-20"
    # Only derived answers reach the address, never the PIN code or a coordinate.
    assert "district=" in page.url and "752022" not in page.url
    assert not re.search(r"\d+\.\d{2,}", page.url)
    assert page.js_errors == []


@pytest.mark.browser
def test_the_coastal_zone_question_is_asked_only_in_coastal_districts(desktop_page) -> None:
    page = desktop_page
    page.goto(START + "&site=several")
    wait_until_interactive(page)
    coast = page.get_by_role("group", name=re.compile("within 500 m of the sea"))
    expect(coast).to_be_visible()
    type_place(page, "762001")  # Phulbani, Kandhamal: no coast
    expect(page.locator("#place-verdict [data-place='district']")).to_contain_text("not asked")
    expect(coast).to_be_hidden()
    type_place(page, "752001")  # Puri
    expect(page.locator("#place-verdict [data-place='district']")).to_contain_text("coastal district")
    expect(coast).to_be_visible()
    # Chosen from the list, the district decides the same way.
    page.get_by_label("District", exact=True).select_option("sambalpur")
    expect(coast).to_be_hidden()


@pytest.mark.browser
def test_my_location_with_permission_never_leaves_the_page(new_page) -> None:
    page = new_page(
        WIDTHS["mobile"],
        geolocation={"latitude": 20.3012, "longitude": 85.8235, "accuracy": 30},
        permissions=["geolocation"],
    )
    frames = watch_sockets(page)
    page.goto(START)
    wait_until_interactive(page)
    page.get_by_role("button", name="Use my location").click()
    expect(page.locator("#place-verdict")).to_contain_text("Your location")
    assert checked_airport(page) == "within-20"
    expect(page.get_by_label("District", exact=True)).to_have_value("khordha")
    # Another answer, which the finder keeps in the address, then a look at what was sent.
    boxes = page.get_by_role("group", name="Which of these will the project have?")
    boxes.get_by_label(re.compile("^A kitchen, canteen")).check()
    page.wait_for_timeout(500)
    for text in ("20.30", "85.82", "20.3012", "85.8235"):
        assert text not in page.url
        assert not [frame for frame in frames if text in frame]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#finder-place").screenshot(path=str(SHOTS / "place-location-390.png"))


@pytest.mark.browser
def test_my_location_refused_offers_the_other_ways(new_page) -> None:
    page = new_page(WIDTHS["mobile"])
    page.context.clear_permissions()
    page.goto(START)
    wait_until_interactive(page)
    page.get_by_role("button", name="Use my location").click()
    expect(page.locator("#place-message")).to_have_text(re.compile("(not allowed|not available).*PIN code or town"))
    # The page still works without a location.
    type_place(page, "751017")
    expect(page.locator("#place-verdict")).to_contain_text("within 20 km")
    assert checked_airport(page) == "within-20"


@pytest.mark.browser
def test_the_place_step_works_with_the_keyboard(page) -> None:
    page.goto(START)
    wait_until_interactive(page)
    page.get_by_role("button", name="Use my location").focus()
    page.keyboard.press("Tab")
    page.keyboard.type("Phulbani")
    match = page.get_by_role("button", name=re.compile(r"^Phulbani \(762001"))
    expect(match.first).to_be_visible()
    page.keyboard.press("Tab")
    expect(match.first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#place-verdict [data-place='district']")).to_contain_text("Kandhamal")
    assert checked_airport(page) == "neither"
    # The map: opened from its button, moved with the arrows, chosen with Enter.
    page.get_by_role("button", name="Tap a map").focus()
    page.keyboard.press("Enter")
    svg = page.locator("#place-map")
    expect(svg).to_be_visible()
    svg.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator("#place-verdict")).to_contain_text("The place you tapped")
    width = page.viewport_size["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#finder-place").screenshot(path=str(SHOTS / f"place-map-{width}.png"))
    # Nothing wider than the phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.browser
def test_a_tap_on_the_map_answers_from_the_place_tapped(desktop_page) -> None:
    page = desktop_page
    page.goto(START)
    wait_until_interactive(page)
    page.get_by_role("button", name="Tap a map").click()
    svg = page.locator("#place-map")
    expect(svg).to_be_visible()
    # Bhubaneswar's airport on the map: the point converts back to within 20 km of it.
    point = page.evaluate(
        """() => {
          const svg = document.getElementById('place-map');
          const box = svg.getBoundingClientRect();
          const [w] = svg.getAttribute('viewBox').split(' ').slice(2).map(Number);
          const k = (Math.PI / 180) * 6371.0088;
          const x = (85.8178 - 81.3) * k * Math.cos(20.3 * Math.PI / 180);
          const y = (23.0 - 20.2444) * k;
          return [x * box.width / w, y * box.width / w];
        }"""
    )
    svg.click(position={"x": point[0], "y": point[1]})
    expect(page.locator("#place-verdict")).to_contain_text("The place you tapped")
    assert checked_airport(page) == "within-20"
