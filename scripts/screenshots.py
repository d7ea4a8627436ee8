"""Screenshots of pages at 390 and 1280 px for people to look at.

Usage: python scripts/screenshots.py http://127.0.0.1:3000 [/path ...]
Writes screenshots/<page>-<width>.png (full page).
"""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.conftest import CHROMIUM, CHROMIUM_FLAGS, WIDTHS

DEFAULT_PATHS = ["/", "/about", "/services", "/testimonials", "/contact-us", "/peso", "/cgwanoc", "/rough", "/nope"]


def main(base_url: str, paths: list[str]) -> None:
    out = Path(__file__).resolve().parents[1] / "screenshots"
    out.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for size in WIDTHS.values():
            context = browser.new_context(viewport=size, base_url=base_url)
            page = context.new_page()
            for path in paths:
                page.goto(path)
                # Scroll through like a visitor so lazy images load and sections fade in.
                height = page.evaluate("() => document.body.scrollHeight")
                for y in range(0, height, 600):
                    page.evaluate(f"() => window.scrollTo(0, {y})")
                    page.wait_for_timeout(120)
                page.evaluate("() => window.scrollTo(0, 0)")
                page.wait_for_timeout(1200)
                target = out / f"{path.strip('/').replace('/', '_') or 'home'}-{size['width']}.png"
                page.screenshot(path=str(target), full_page=True)
                print(target)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:] or DEFAULT_PATHS)
