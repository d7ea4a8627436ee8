"""How long a visitor waits for the second page: from the click on a main-menu link to the
frame that shows the new page's h1 (issue 18).

The phone is throttled through the DevTools protocol the way Lighthouse's mobile defaults
simulate it: CPU 4x slower, 150 ms round trip, 1.6 Mbit/s down and 750 kbit/s up. The
window is the desktop one, where the five main-menu links (Home, About, Services,
Testimonials, Contact) are on screen; the phone's menu would add a click of its own. The
Services item opens its menu, so for it the click is on the menu's "All services" link.

For each link a new visitor (empty cache) opens the first page, /peso (a page none of the
links leads to), waits until React has taken it over and the network is quiet (no request in
flight for 500 ms, as the DevTools protocol sees them: Playwright's own "networkidle" does
not count the pages fetched ahead, consultancy/framework/next_pages.py), then clicks the link.
`--at-once` clicks as soon as React has taken the page over instead, before the pages
fetched ahead are in: what a visitor gets who clicks within a second of the page working.
A script installed in every document notes the click (`pointerdown`, on the wall clock)
and, on every animation frame, whether the page at the link's path shows an h1 other than
the first page's; the first such frame counts.

`--full` makes every click a full page load (a capturing listener keeps the click from
React Router, so the browser follows the plain link), to compare the two.

`python scripts/second_page.py --url http://127.0.0.1:3000 [--runs 3] [--full] [--at-once]` prints one
line per link and the median of the five.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, WIDTHS  # noqa: E402
from tests.conftest import CHROMIUM_FLAGS as FLAGS  # noqa: E402

FIRST_PAGE = "/peso"
LINKS = {
    "Home": "/",
    "About": "/about",
    "Services": "/services",
    "Testimonials": "/testimonials",
    "Contact": "/contact-us",
}
# Lighthouse 13's mobile defaults (constants.throttling.mobileSlow4G).
RTT_MS = 150
DOWN_KBPS = 1.6 * 1024
UP_KBPS = 750
CPU_SLOWDOWN = 4
GIVE_UP_MS = 15000

# In every document, before the page's own scripts. sessionStorage carries the click across
# a full page load (same tab, same origin).
PROBE = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  addEventListener("pointerdown", () => {
    const s = JSON.parse(sessionStorage.getItem("__second") || "null");
    if (s && s.armed && !s.t0) { s.t0 = now(); sessionStorage.setItem("__second", JSON.stringify(s)); }
  }, { capture: true });
  addEventListener("click", (e) => {
    const s = JSON.parse(sessionStorage.getItem("__second") || "null");
    if (s && s.full) e.stopPropagation();  // React Router never sees it: a plain link
  }, { capture: true });
  const frame = () => {
    const s = JSON.parse(sessionStorage.getItem("__second") || "null");
    if (s && s.t0 && !s.t1 && location.pathname === s.target) {
      const h1 = document.querySelector("h1");
      const text = h1 ? h1.textContent.trim() : "";
      if (text && text !== s.before && h1.checkVisibility()) {
        s.t1 = now(); s.h1 = text;
        sessionStorage.setItem("__second", JSON.stringify(s));
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


class Requests:
    """The page's requests in flight, as the DevTools protocol reports them (prefetches too)."""

    QUIET_MS = 500

    def __init__(self, cdp) -> None:
        self.open: set[str] = set()
        self.last_change = time.monotonic()
        cdp.on("Network.requestWillBeSent", lambda event: self._change(self.open.add, event))
        cdp.on("Network.loadingFinished", lambda event: self._change(self.open.discard, event))
        cdp.on("Network.loadingFailed", lambda event: self._change(self.open.discard, event))

    def _change(self, how, event: dict) -> None:
        how(event["requestId"])
        self.last_change = time.monotonic()

    def wait_until_quiet(self, page) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            page.wait_for_timeout(100)  # the protocol's events arrive while Playwright waits
            if not self.open and time.monotonic() - self.last_change >= self.QUIET_MS / 1000:
                return
        raise RuntimeError(f"{page.url}: requests still in flight after 60 s")


def throttle(page) -> Requests:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    requests = Requests(cdp)
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": RTT_MS,
            "downloadThroughput": DOWN_KBPS * 1024 / 8,
            "uploadThroughput": UP_KBPS * 1024 / 8,
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return requests


def one(browser, base: str, name: str, target: str, full: bool, at_once: bool) -> tuple[float | None, str]:
    """Milliseconds from the click to the frame with the new h1, and how the page changed."""
    context = browser.new_context(viewport=WIDTHS["desktop"])
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        requests = throttle(page)
        page.goto(base + FIRST_PAGE, wait_until="load", timeout=60000)
        page.wait_for_selector("#app-ready[data-ready='true']", state="attached", timeout=60000)
        if not at_once:
            requests.wait_until_quiet(page)
        before = page.locator("h1").first.inner_text().strip()
        if target == "/services":
            # The Services item opens its menu (on hover here, as a mouse does); the menu's
            # "All services" is the link to the page.
            page.hover("#services-trigger")
            page.wait_for_selector("#services-menu", state="visible", timeout=GIVE_UP_MS)
            link = page.locator("#services-menu a[href='/services']").first
        else:
            link = page.locator("#site-nav .nav__list > li").get_by_role("link", name=name, exact=True).first
        page.evaluate(
            "([target, before, full]) => { sessionStorage.setItem('__second', JSON.stringify("
            "{armed: true, target, before, full})); window.__sameDocument = true; }",
            [target, before, full],
        )
        link.click()
        deadline = time.monotonic() + GIVE_UP_MS / 1000
        while time.monotonic() < deadline:
            try:  # a full page load destroys the context an evaluation runs in
                result = page.evaluate("() => JSON.parse(sessionStorage.getItem('__second'))")
                same = page.evaluate("() => window.__sameDocument === true")
            except PlaywrightError:
                result = None
            if result and result.get("t1"):
                return result["t1"] - result["t0"], "same document" if same else "full load"
            time.sleep(0.05)
        raise RuntimeError(f"{FIRST_PAGE} -> {target}: no new h1 within {GIVE_UP_MS} ms")
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:3000")
    parser.add_argument("--runs", type=int, default=3, help="per link; the median counts")
    parser.add_argument("--full", action="store_true", help="make every click a full page load")
    parser.add_argument("--at-once", action="store_true", help="click as soon as the page is interactive")
    args = parser.parse_args()
    medians = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for name, target in LINKS.items():
                base = args.url.rstrip("/")
                runs = [one(browser, base, name, target, args.full, args.at_once) for _ in range(args.runs)]
                times = [ms for ms, _ in runs]
                median = statistics.median(times)
                medians.append(median)
                print(
                    f"{FIRST_PAGE} -> {target:14} {median:6.0f} ms  (runs: {', '.join(f'{t:.0f}' for t in times)}; "
                    f"{runs[0][1]})",
                    flush=True,
                )
        finally:
            browser.close()
    print(f"median of the five links: {statistics.median(medians):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
