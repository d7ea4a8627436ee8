"""Smaller copies of the site's pictures, so no screen downloads more pixels than it shows.

One table for both sides: scripts/images/ writes the copies from the full-size
file on disk, and the `picture` component lists them in `srcset` and art-directed
`<source>` elements. Copies are named after the full image:

- `name-480w.webp`: the same picture at 480 px wide (plus its fallback format);
- `name-narrow.webp`: a crop for narrow screens. Banners are shown with `object-fit: cover`
  in a box that is taller than wide on a phone, so a phone displays only a slice of a wide
  picture, upscaled; it gets that slice instead of the whole picture.

No import of Reflex here: the image generator uses this module too.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import PurePosixPath

# Screens this narrow get the `narrow` crop of a banner (phones held upright).
NARROW_MAX_WIDTH = 479
NARROW_MEDIA = f"(max-width: {NARROW_MAX_WIDTH}px)"
WIDE_MEDIA = f"(min-width: {NARROW_MAX_WIDTH + 1}px)"


@dataclass(frozen=True)
class Variants:
    # Smaller copies with the same shape, in pixels wide.
    widths: tuple[int, ...] = ()
    # Size of the crop for narrow screens, taken from the full picture's height.
    narrow: tuple[int, int] | None = None
    # Where the crop is centred, as a fraction of the width (the drawings put their
    # subject right of centre, leaving the left for the headline).
    focus_x: float = 0.5


# Public paths without extension, as glob patterns, first match wins. Sizes follow the
# largest box each picture is shown in (see assets/css/site.css and tests/test_images.py):
# a banner box on a 479 px screen is at most about as wide as it is tall, so the crops
# are square or a little wider.
RULES: tuple[tuple[str, Variants], ...] = (
    ("/images/hero/home-*", Variants(narrow=(720, 720), focus_x=0.72)),  # 1280x720
    ("/images/about/slide-*", Variants(narrow=(800, 600), focus_x=0.72)),  # 1280x600
    ("/images/services/*", Variants(narrow=(700, 560), focus_x=0.72)),  # 1280x560
    ("/images/industries/*", Variants(widths=(240, 360))),  # 480x320 cards, 170-280 px wide
    ("/images/founder", Variants(widths=(240,))),  # 400x400, shown at 140-220 px
    ("/images/testimonials/person-*", Variants(widths=(96,))),  # 160x160, shown at 48 px
    ("/images/contact/map", Variants(widths=(480, 680))),  # 800x450, 350-370 px wide on a phone
)


def variants_for(src: str) -> Variants:
    stem = str(PurePosixPath(src).with_suffix(""))
    for pattern, variants in RULES:
        if fnmatch(stem, pattern):
            return variants
    return Variants()


def sized(src: str, width: int) -> str:
    """Path of the copy of `src` that is `width` pixels wide."""
    path = PurePosixPath(src)
    return str(path.with_name(f"{path.stem}-{width}w{path.suffix}"))


def narrow(src: str) -> str:
    """Path of the narrow-screen crop of `src`."""
    path = PurePosixPath(src)
    return str(path.with_name(f"{path.stem}-narrow{path.suffix}"))


def with_format(src: str, fmt: str) -> str:
    return str(PurePosixPath(src).with_suffix(f".{fmt}"))
