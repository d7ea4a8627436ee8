"""Backend messages per page view, counted on the wire in Chromium.

A visitor opens a page, reads it for `--dwell` seconds (slideshows run meanwhile) and does
what that page invites: opens the Services menu and the ISO dialog, searches, ticks three
checklist items, filters projects and steps through the lightbox, answers the finder. Every
websocket frame the page sends is counted: socket.io connects (the first carries the
hydrate) and events.

`python scripts/events_per_view.py --url http://127.0.0.1:3000` prints a table; the figures
before and after the client-side interactions are in docs/load.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.latency import CHROMIUM, DESKTOP, FLAGS  # noqa: E402


def _chrome(page) -> None:
    page.hover("#services-trigger")
    page.mouse.move(5, 890)
    page.click("#iso-badge")
    page.keyboard.press("Escape")
    page.fill("#site-search", "fire")
    page.fill("#site-search", "")


def _checklist(page) -> None:
    for n in range(3):
        page.click(f"label[for='check-{n}']")
        page.wait_for_timeout(400)


def _testimonials(page) -> None:
    page.click("button.filter__button:text-is('Compliance')")
    page.click("#gallery-item-0")
    for _ in range(2):
        page.click("button[aria-label='Next image']")
        page.wait_for_timeout(300)
    page.click("button[aria-label='Close']")


def _finder(page) -> None:
    page.check("input[name='stage'][value='new']")
    page.check("input[name='forest_land'][value='yes']")
    page.fill("#q-built_up_area", "4000")
    page.fill("#q-height", "20")


PAGES = {
    "/": _chrome,
    "/about": _chrome,
    "/peso": _checklist,
    "/testimonials": _testimonials,
    "/approvals-finder": _finder,
    "/contact-us": _chrome,
}


def count(base_url: str, dwell_s: float) -> dict[str, dict[str, int]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, int]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for path, visit in PAGES.items():
            context = browser.new_context(viewport=DESKTOP, base_url=base_url)
            page = context.new_page()
            tally = {"connects": 0, "events": 0}

            def frame(payload, tally=tally) -> None:
                text = payload if isinstance(payload, str) else ""
                if text.startswith("40/_event"):
                    tally["connects"] += 1
                elif text.startswith("42/_event"):
                    tally["events"] += 1

            page.on("websocket", lambda ws: ws.on("framesent", frame))
            page.goto(path)
            page.wait_for_selector("#app-ready[data-ready='true']", state="attached", timeout=15_000)
            visit(page)
            page.wait_for_timeout(dwell_s * 1000)
            results[path] = tally
            context.close()
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--dwell", type=float, default=12, help="seconds spent reading each page (default 12)")
    args = parser.parse_args()
    results = count(args.url.rstrip("/"), args.dwell)
    print(f"backend messages per page view (reading {args.dwell:g} s plus the page's interactions)")
    print(f"{'page':20} {'connects':>9} {'events':>7} {'total':>6}")
    for path, tally in results.items():
        print(f"{path:20} {tally['connects']:>9} {tally['events']:>7} {tally['connects'] + tally['events']:>6}")
    total = sum(t["connects"] + t["events"] for t in results.values())
    print(f"{'mean per view':20} {'':>9} {'':>7} {total / len(results):>6.1f}")


if __name__ == "__main__":
    main()
