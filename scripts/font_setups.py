"""How many fonts each page sets up before its first layout (issue 18).

Every distinct size, weight and style of visible text is a font the browser finds and
prepares while it lays the page out for the first time. In Lighthouse's traces of this site
that was most of the first layout (Chrome on Linux asks its browser process for each one's
render settings, about 1.5 ms each unthrottled, four times that in Lighthouse's mobile
simulation), and that layout was the long task behind most of the Total Blocking Time.

`python scripts/font_setups.py --url http://127.0.0.1:3000 [PATH ...]` prints, for each route
at Lighthouse's mobile width and at the desktop width, the number of set-ups and the list.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.audit import ROUTES  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from tests.conftest import WIDTHS as TEST_WIDTHS  # noqa: E402

# Lighthouse's mobile screen, and the desktop window of the browser tests.
WIDTHS = {"mobile": {"width": 412, "height": 823}, "desktop": TEST_WIDTHS["desktop"]}

# The fonts of the text the page lays out: every non-blank text node in a rendered element.
FONT_SETUPS_JS = """() => {
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element.getClientRects().length) continue;
    const style = getComputedStyle(element);
    seen.add([style.fontSize, style.fontWeight, style.fontStyle, style.fontFamily].join(" | "));
  }
  return [...seen].sort();
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:3000")
    parser.add_argument("paths", nargs="*", default=ROUTES)
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        counts: dict[str, list[int]] = {width: [] for width in WIDTHS}
        for width, viewport in WIDTHS.items():
            page = browser.new_page(viewport=viewport)
            for path in args.paths:
                page.goto(args.url.rstrip("/") + path)
                setups = page.evaluate(FONT_SETUPS_JS)
                counts[width].append(len(setups))
                sizes = ", ".join(s.split(" | ")[0] + " " + s.split(" | ")[1] for s in setups)
                print(f"{width:8s} {path:42s} {len(setups):3d}  {sizes}", flush=True)
            page.close()
        browser.close()
    for width, found in counts.items():
        print(f"{width}: {min(found)}-{max(found)} font set-ups per page over {len(found)} routes")


if __name__ == "__main__":
    main()
