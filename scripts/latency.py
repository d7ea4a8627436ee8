"""How long a visitor waits to see the result of a click, with the websocket slowed down.

Each interaction is measured inside the page: a capturing listener notes `performance.now()`
at the input (pointerdown, pointerover, keydown or input) and a frame loop notes the first
frame in which the change is visible. Playwright relays the site's websocket with
`page.route_web_socket` and holds every message `delay_ms` in each direction, so a round trip
to the backend costs at least 2 x `delay_ms`.

`python scripts/latency.py --url http://127.0.0.1:3000` prints the figures;
tests/test_interactions.py asserts them.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, WIDTHS  # noqa: E402
from tests.conftest import CHROMIUM_FLAGS as FLAGS  # noqa: E402

DESKTOP = WIDTHS["desktop"]
PHONE = WIDTHS["mobile"]
GIVE_UP_MS = 5000

# Installed before any page script: it records the first input after the probe is armed.
PROBE = """
window.__latency = { armed: false, t0: null, t1: null };
for (const type of ["pointerdown", "pointerover", "keydown", "input", "change"]) {
  addEventListener(type, () => {
    const l = window.__latency;
    if (l.armed && l.t0 === null) l.t0 = performance.now();
  }, { capture: true });
}
"""

# No `new Function` in the page: under the site's CSP that would be eval. Playwright's own
# evaluation is not subject to the page's policy, so the predicate is written into it.
ARM = """() => {
  const done = () => (%s);
  window.__latency = { armed: true, t0: null, t1: null };
  return new Promise((resolve) => {
    const started = performance.now();
    const frame = () => {
      const l = window.__latency;
      let ok = false;
      try { ok = l.t0 !== null && done(); } catch (e) { ok = false; }
      if (ok) { l.t1 = performance.now(); resolve(l.t1 - l.t0); return; }
      if (performance.now() - started > %d) { resolve(null); return; }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}"""


def visible(selector: str) -> str:
    return f"(document.querySelector({selector!r}) || {{checkVisibility: () => false}}).checkVisibility()"


def text_is(selector: str, text: str) -> str:
    return f"(document.querySelector({selector!r})?.textContent || '').trim() === {text!r}"


def attr_is(selector: str, name: str, value: str) -> str:
    return f"document.querySelector({selector!r})?.getAttribute({name!r}) === {value!r}"


@dataclass(frozen=True)
class Interaction:
    name: str
    path: str
    viewport: dict
    # What the visitor did before (not timed), the timed input, and what shows the result.
    prepare: Callable[[object], Awaitable[None]]
    act: Callable[[object], Awaitable[None]]
    done: str


async def _nothing(page) -> None:
    return None


def _click(selector: str) -> Callable[[object], Awaitable[None]]:
    async def act(page) -> None:
        await page.click(selector)

    return act


def _steps(*acts: Callable[[object], Awaitable[None]]) -> Callable[[object], Awaitable[None]]:
    async def run(page) -> None:
        for act in acts:
            await act(page)

    return run


async def _hover_services(page) -> None:
    await page.hover("#services-trigger")


async def _focus_services_and_enter(page) -> None:
    await page.focus("#services-trigger")
    await page.keyboard.press("Enter")


async def _type_search(page) -> None:
    await page.fill("#site-search", "fire")


async def _mouse_away(page) -> None:
    await page.mouse.move(5, 890)


async def _tick_first(page) -> None:
    await page.click("label[for='check-0']")


async def _new_project(page) -> None:
    await page.check("input[name='stage'][value='new']")


async def _answer_forest(page) -> None:
    await page.check("input[name='forest_land'][value='yes']")


LIGHTBOX_COUNTER = "#lightbox-counter"
INTERACTIONS: tuple[Interaction, ...] = (
    Interaction(
        "Services menu, click", "/about", DESKTOP, _mouse_away, _click("#services-trigger"), visible("#services-menu")
    ),
    Interaction("Services menu, hover", "/about", DESKTOP, _mouse_away, _hover_services, visible("#services-menu")),
    Interaction(
        "Services menu, keyboard", "/about", DESKTOP, _mouse_away, _focus_services_and_enter, visible("#services-menu")
    ),
    Interaction("Mobile menu", "/about", PHONE, _nothing, _click(".menu-toggle"), visible("#site-nav .nav__list")),
    Interaction("ISO dialog", "/about", DESKTOP, _mouse_away, _click("#iso-badge"), visible("#iso-dialog")),
    Interaction("Search results", "/about", DESKTOP, _nothing, _type_search, visible("#search-results a")),
    Interaction(
        "Lightbox open",
        "/testimonials",
        DESKTOP,
        _nothing,
        _click("#gallery-item-4"),
        text_is(LIGHTBOX_COUNTER, "5 of 9"),
    ),
    Interaction(
        "Lightbox next",
        "/testimonials",
        DESKTOP,
        _click("#gallery-item-4"),
        _click("button[aria-label='Next image']"),
        text_is(LIGHTBOX_COUNTER, "6 of 9"),
    ),
    Interaction(
        "Lightbox previous",
        "/testimonials",
        DESKTOP,
        _click("#gallery-item-4"),
        _click("button[aria-label='Previous image']"),
        text_is(LIGHTBOX_COUNTER, "4 of 9"),
    ),
    Interaction(
        "Lightbox zoom",
        "/testimonials",
        DESKTOP,
        _click("#gallery-item-4"),
        _click("button[aria-label='Zoom in']"),
        attr_is(".lightbox__img", "data-zoom", "200"),
    ),
    Interaction(
        "Lightbox close",
        "/testimonials",
        DESKTOP,
        _click("#gallery-item-4"),
        _click("button[aria-label='Close']"),
        f"!{visible('.lightbox__panel')}",
    ),
    Interaction(
        "Slider dot",
        "/about",
        DESKTOP,
        _nothing,
        _click("button[aria-label^='Show slide 3']"),
        attr_is("button[aria-label^='Show slide 3']", "aria-current", "true"),
    ),
    Interaction(
        "Slider pause",
        "/about",
        DESKTOP,
        _nothing,
        _click(".about-hero .motion-toggle"),
        "(document.querySelector('.about-hero .motion-toggle')?.textContent || '').includes('Play')",
    ),
    Interaction(
        "Project filter",
        "/testimonials",
        DESKTOP,
        _nothing,
        _click("button.filter__button:text-is('Compliance')"),
        "document.querySelector('#project-count')?.textContent !== '15'",
    ),
    Interaction("Checklist tick", "/peso", DESKTOP, _nothing, _tick_first, text_is("#checklist-progress strong", "1")),
    Interaction(
        "Finder result",
        "/approvals-finder",
        DESKTOP,
        _new_project,
        _answer_forest,
        "document.querySelector('#finder-count')?.textContent !== '0'",
    ),
)


class DelayedSocket:
    """Relays the page's websocket to the real server, holding each message `delay_ms`
    in each direction and keeping their order."""

    def __init__(self, delay_ms: float) -> None:
        self.delay = delay_ms / 1000
        self.tasks: set[asyncio.Task] = set()
        self.sent_events = 0

    async def _pump(self, queue: asyncio.Queue, deliver) -> None:
        while True:
            due, message = await queue.get()
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                deliver(message)
            except Exception:  # the socket closed while the message was held
                return

    async def route(self, ws) -> None:
        server = ws.connect_to_server()
        up: asyncio.Queue = asyncio.Queue()
        down: asyncio.Queue = asyncio.Queue()

        def from_page(message) -> None:
            if isinstance(message, str) and message.startswith("42/_event,"):
                self.sent_events += 1
            up.put_nowait((time.monotonic() + self.delay, message))

        ws.on_message(from_page)
        server.on_message(lambda message: down.put_nowait((time.monotonic() + self.delay, message)))
        for queue, deliver in ((up, server.send), (down, ws.send)):
            task = asyncio.ensure_future(self._pump(queue, deliver))
            self.tasks.add(task)


async def measure_one(browser, base_url: str, interaction: Interaction, delay_ms: float) -> float | None:
    context = await browser.new_context(viewport=interaction.viewport, base_url=base_url)
    relay = DelayedSocket(delay_ms)
    try:
        page = await context.new_page()
        page.set_default_timeout(15_000)
        await page.add_init_script(PROBE)
        await page.route_web_socket(re.compile(r"/_event"), relay.route)
        await page.goto(interaction.path)
        await page.wait_for_selector("#app-ready[data-ready='true']", state="attached")
        await interaction.prepare(page)
        # Let whatever the preparation sent come back before the timed input.
        await page.wait_for_timeout(4 * delay_ms + 200)
        measured = asyncio.ensure_future(page.evaluate(ARM % (interaction.done, GIVE_UP_MS)))
        await page.wait_for_timeout(50)
        await interaction.act(page)
        result = await measured
        return None if result is None else round(result, 1)
    finally:
        await context.close()
        for task in relay.tasks:
            task.cancel()


async def _repeated(
    browser, base_url: str, interaction: Interaction, delay_ms: float, repeats: int, budget_ms: float | None
) -> list[float | None]:
    """`repeats` measurements; with a budget, only until the verdict is settled: a run that never
    showed the change, a majority within the budget or a majority over it (the median of all
    `repeats` would say the same, in more page loads)."""
    runs: list[float | None] = []
    majority = repeats // 2 + 1
    while len(runs) < repeats:
        runs.append(await measure_one(browser, base_url, interaction, delay_ms))
        if budget_ms is not None:
            if runs[-1] is None:
                break
            within = sum(1 for r in runs if r is not None and r <= budget_ms)
            if within >= majority or len(runs) - within >= majority:
                break
    return runs


async def measure_all(
    base_url: str,
    delay_ms: float,
    names: list[str] | None = None,
    repeats: int = 1,
    budget_ms: float | None = None,
) -> dict[str, list[float | None]]:
    from playwright.async_api import async_playwright

    results: dict[str, list[float | None]] = {}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for interaction in INTERACTIONS:
                if names and interaction.name not in names:
                    continue
                results[interaction.name] = await _repeated(
                    browser, base_url, interaction, delay_ms, repeats, budget_ms
                )
        finally:
            await browser.close()
    return results


def measure(
    base_url: str, delay_ms: float, names: list[str] | None = None, repeats: int = 1, budget_ms: float | None = None
) -> dict:
    """Runs the async measurement in a thread of its own, so callers may be inside
    Playwright's sync API (which owns this thread's event loop)."""
    box: dict = {}

    def run() -> None:
        try:
            box["result"] = asyncio.run(measure_all(base_url, delay_ms, names, repeats, budget_ms))
        except BaseException as error:  # handed to the caller's thread
            box["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["result"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--delay-ms", type=float, default=150, help="held in each direction (default 150)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("names", nargs="*", help="only these interactions")
    args = parser.parse_args()
    results = measure(args.url.rstrip("/"), args.delay_ms, args.names or None, args.repeats)
    print(f"input to visible change, websocket delayed {args.delay_ms:g} ms each way (median of {args.repeats})")
    print(f"{'interaction':28} {'median ms':>10}   runs")
    for name, runs in results.items():
        done = sorted(r for r in runs if r is not None)
        median = f"{done[len(done) // 2]:.0f}" if len(done) == len(runs) else f"> {GIVE_UP_MS}"
        shown = ", ".join("-" if r is None else f"{r:.0f}" for r in runs)
        print(f"{name:28} {median:>10}   {shown}")


if __name__ == "__main__":
    main()
