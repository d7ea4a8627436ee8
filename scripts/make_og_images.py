"""Social-card images (1200x630 PNG) for every page, from its title in data/.

Usage: python scripts/make_og_images.py [--force]
Writes assets/images/og/<page>.png; an existing file is kept unless --force, so the
owner can drop in a designed card of the same name.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from consultancy import pages  # noqa: E402,F401  (registers the routes)
from consultancy.content import content  # noqa: E402
from consultancy.templates.webpage import ROUTES, og_image_for  # noqa: E402

NAVY = (11, 37, 69)
BLUE = (19, 49, 92)
TEAL = (27, 153, 139)
SAFFRON = (244, 163, 0)
WHITE = (255, 255, 255)
MIST = (213, 223, 235)
FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype/liberation")]


def font(bold: bool, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    names = (
        ["DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"] if bold else ["DejaVuSans.ttf", "LiberationSans-Regular.ttf"]
    )
    for directory in FONT_DIRS:
        for name in names:
            if (directory / name).exists():
                return ImageFont.truetype(str(directory / name), size)
    return ImageFont.load_default(size=size)


def card(title: str, site_name: str, tagline: str, badge: str) -> Image.Image:
    image = Image.new("RGB", (1200, 630), NAVY)
    draw = ImageDraw.Draw(image)
    for x in range(1200):  # left-to-right navy-to-blue gradient
        shade = tuple(int(NAVY[i] + (BLUE[i] - NAVY[i]) * x / 1199) for i in range(3))
        draw.line([(x, 0), (x, 630)], fill=shade)
    draw.rectangle([0, 0, 1200, 10], fill=SAFFRON)
    draw.polygon([(1200, 630), (1200, 330), (900, 630)], fill=TEAL)
    # The shield of assets/images/logo.svg (48-unit viewBox), scaled 2x at (64, 66).
    outline = [
        (24, 3),
        (41, 8.5),
        (41, 22),
        (39, 30),
        (34, 37),
        (29, 42),
        (24, 45.5),
        (19, 42),
        (14, 37),
        (9, 30),
        (7, 22),
        (7, 8.5),
    ]
    draw.polygon([(64 + 2 * x, 66 + 2 * y) for x, y in outline], fill=TEAL)
    draw.line(
        [(64 + 2 * x, 66 + 2 * y) for x, y in [(16.8, 24.2), (22, 29.4), (31.6, 18.6)]],
        fill=WHITE,
        width=8,
        joint="curve",
    )
    draw.text((176, 84), site_name, font=font(True, 38), fill=WHITE)
    draw.text((176, 132), tagline, font=font(False, 26), fill=MIST)
    heading = title.split(" | ")[0]
    lines = textwrap.wrap(heading, width=30)[:3]
    y = 250
    for line in lines:
        draw.text((72, y), line, font=font(True, 58), fill=WHITE)
        y += 72
    draw.rounded_rectangle(
        [72, 530, 72 + 24 + int(draw.textlength(badge, font=font(True, 24))), 574], radius=22, outline=TEAL, width=3
    )
    draw.text((84, 538), badge, font=font(True, 24), fill=WHITE)
    return image


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    site = content().site
    written = 0
    for route in ROUTES:
        if route.redirect_to or route.path == "404":
            continue
        target = ROOT / "assets" / og_image_for(route.path).lstrip("/")
        if target.exists() and not args.force:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        card(route.title, site.name, site.tagline, site.badge).save(target, optimize=True)
        written += 1
        print(target.relative_to(ROOT))
    print(f"{written} social cards written")


if __name__ == "__main__":
    main()
