"""What happens to a tap made after the page has painted but before React has taken it over.

Since issue 18 a page paints from its HTML and fetches its scripts only after `load`, so on a
phone there is a stretch of about a second in which the page is on screen and the framework
is not yet there. This script measures what a visitor's tap in that stretch does.

The phone is throttled like Lighthouse's mobile defaults (scripts/second_page.py: CPU 4x,
150 ms round trip, 1.6 Mbit/s). For each interaction a new visitor opens the page; as soon as
the page has painted (its first contentful paint) and the control is on screen, the visitor
acts. Inside the page a capturing listener notes the input and a frame loop the first frame
that shows the result (the same probe as scripts/latency.py); "lost" means nothing showed
within GIVE_UP_MS. It also prints when the page became interactive (`#app-ready`), counted
from the input: a held tap cannot show before that.

`python scripts/early_taps.py --url http://127.0.0.1:3000 [--runs 3] [NAME ...]`
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.latency import DESKTOP, PHONE, attr_is, text_is, visible  # noqa: E402
from scripts.second_page import throttle  # noqa: E402
from tests.conftest import CHROMIUM  # noqa: E402
from tests.conftest import CHROMIUM_FLAGS as FLAGS  # noqa: E402

GIVE_UP_MS = 8000

# Before any page script: the first input, the first frame showing the result, and when
# React took the page over.
PROBE = """
window.__early = { t0: null, t1: null, ready: null };
for (const type of ["pointerdown", "keydown", "input"]) {
  addEventListener(type, () => { if (window.__early.t0 === null) window.__early.t0 = performance.now(); },
                   { capture: true });
}
new MutationObserver(() => {
  if (window.__early.ready === null && document.querySelector("#app-ready[data-ready='true']"))
    window.__early.ready = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""

# The result's test is written into the function (no eval in the page: the CSP forbids it).
WATCH = """() => new Promise((resolve) => {
  const done = () => (%s);
  const started = performance.now();
  const frame = () => {
    const e = window.__early;
    let ok = false;
    try { ok = e.t0 !== null && done(); } catch (error) { ok = false; }
    if (ok) { e.t1 = performance.now(); resolve(e); return; }
    if (performance.now() - started > %d) { resolve(e); return; }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})"""

PAINTED = "() => performance.getEntriesByName('first-contentful-paint').length > 0"


@dataclass(frozen=True)
class EarlyTap:
    name: str
    path: str
    viewport: dict
    # Playwright steps, as (method, selector, *args), done one after another at once.
    steps: tuple[tuple[str, ...], ...]
    done: str


TAPS: tuple[EarlyTap, ...] = (
    EarlyTap("Services menu, click", "/about", DESKTOP, (("click", "#services-trigger"),), visible("#services-menu")),
    EarlyTap("Mobile menu", "/about", PHONE, (("click", ".menu-toggle"),), visible("#site-nav .nav__list")),
    EarlyTap("ISO dialog", "/about", DESKTOP, (("click", "#iso-badge"),), visible("#iso-dialog")),
    EarlyTap("Search results", "/about", DESKTOP, (("fill", "#site-search", "fire"),), visible("#search-results a")),
    EarlyTap(
        "Slider dot",
        "/about",
        DESKTOP,
        (("click", "button[aria-label^='Show slide 3']"),),
        attr_is("button[aria-label^='Show slide 3']", "aria-current", "true"),
    ),
    EarlyTap(
        "Lightbox open", "/testimonials", PHONE, (("click", "#gallery-item-4"),), text_is("#lightbox-counter", "5 of 9")
    ),
    EarlyTap(
        "Project filter",
        "/testimonials",
        DESKTOP,
        (("click", "button.filter__button:text-is('Compliance')"),),
        "document.querySelector('#project-count')?.textContent !== '15'",
    ),
    EarlyTap(
        "Checklist, two ticks",
        "/peso",
        PHONE,
        (("click", "label[for='check-0']"), ("click", "label[for='check-2']")),
        text_is("#checklist-progress strong", "2"),
    ),
    EarlyTap(
        "Finder, two answers",
        "/approvals-finder",
        DESKTOP,
        (("check", "input[name='stage'][value='new']"), ("check", "input[name='forest_land'][value='yes']")),
        "document.querySelector(\"#finder-results [data-approval='forest-clearance']\")?.checkVisibility() === true",
    ),
)


def one(browser, base: str, tap: EarlyTap) -> dict:
    """Milliseconds from the input to the result (None: lost), to interactive, and when the
    input came (from the start of the navigation)."""
    context = browser.new_context(viewport=tap.viewport, base_url=base)
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        throttle(page)
        page.goto(tap.path, wait_until="commit", timeout=60000)
        page.wait_for_function(PAINTED, polling="raf", timeout=30000)
        for method, selector, *args in tap.steps:
            getattr(page, method)(selector, *args, timeout=30000)
        early = page.evaluate(WATCH % (tap.done, GIVE_UP_MS))
        if early["t0"] is None:
            # The input never reached this document: the browser followed a link instead.
            return {"at": None, "shown": None, "ready": None, "left": page.url}
        if early["ready"] is None:
            page.wait_for_selector("#app-ready[data-ready='true']", state="attached", timeout=30000)
            early = page.evaluate("() => window.__early")
        t0 = early["t0"]
        return {
            "at": t0,
            "shown": None if early["t1"] is None else early["t1"] - t0,
            "ready": early["ready"] - t0,
            "left": None,
        }
    finally:
        context.close()


def _ms(run: dict) -> str:
    if run["left"]:
        return "left the page"
    return "lost" if run["shown"] is None else f"{run['shown']:.0f}"


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:3000")
    parser.add_argument("--runs", type=int, default=3, help="per interaction; the median counts")
    parser.add_argument("names", nargs="*", help="only these interactions")
    args = parser.parse_args()
    print(f"a tap after the first paint, before the page is interactive (median of {args.runs}; ms from the input)")
    print(f"{'interaction':24} {'input at':>9} {'shown':>7} {'interactive':>12}   runs (shown)")
    lost = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for tap in TAPS:
                if args.names and tap.name not in args.names:
                    continue
                runs = [one(browser, args.url.rstrip("/"), tap) for _ in range(args.runs)]
                shown = [r["shown"] for r in runs]
                ok = sorted(s for s in shown if s is not None)
                median = f"{statistics.median(ok):.0f}" if len(ok) == len(shown) else "-"
                lost += len(ok) < len(shown)
                at = [r["at"] for r in runs if r["at"] is not None]
                ready = [r["ready"] for r in runs if r["ready"] is not None]
                print(
                    f"{tap.name:24} {_median(at):>9} {median:>7} {_median(ready):>12}   "
                    f"{', '.join(_ms(r) for r in runs)}",
                    flush=True,
                )
        finally:
            browser.close()
    print(f"not done as asked in every run: {lost} of {len(args.names) or len(TAPS)} interactions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
