"""Draw every illustration the website uses, in one flat-vector house style.

No photographs exist yet, so heroes, service banners, industry cards, gallery, logos and
placeholders are drawn here with Pillow. An image that already exists is kept, so an owner can
drop in a real photo of the same name; `--force` redraws everything. Each image has its own seeded
random generator, so reruns give identical files.

Then the smaller copies listed in consultancy/images.py (`name-240w.webp`, the banners'
`name-narrow.webp` crops) are made from the full-size files on disk, so they always show the
same picture as their original: a copy is rewritten whenever it would differ.

Usage: python scripts/make_images.py [--force] [--only GLOB]
"""

from __future__ import annotations

import argparse
import functools
import io
import itertools
import math
import random
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fnmatch import fnmatch
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
sys.path.insert(0, str(ROOT))

from consultancy.images import RULES, Variants, narrow, sized  # noqa: E402

Color = tuple[int, int, int]
Paint = Color | tuple[int, int, int, int] | int
Point = tuple[float, float]
Outline = Sequence[Point | tuple[Point, Point, Point]]  # line-to points and cubic Bézier segments
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# Brand palette.
NAVY: Color = (11, 37, 69)
BLUE: Color = (19, 49, 92)
TEAL: Color = (27, 153, 139)
MINT: Color = (214, 243, 239)
SAFFRON: Color = (244, 163, 0)
OFF_WHITE: Color = (247, 249, 252)
SLATE: Color = (51, 65, 85)
# Materials derived from the palette; red appears only where convention needs it (fire kit, waste bins).
WALL: Color = (236, 241, 247)
WALL_SHADE: Color = (192, 207, 224)
STEEL: Color = (222, 230, 238)
STEEL_SHADE: Color = (142, 162, 186)
GLASS: Color = (62, 101, 146)
GLASS_LIT: Color = (160, 204, 222)
RED: Color = (206, 66, 60)
WATER: Color = (112, 178, 204)
SOIL: Color = (139, 108, 78)
SAND: Color = (222, 200, 156)
COPPER: Color = (196, 112, 64)
CONTAINER_COLORS: tuple[Color, ...] = (TEAL, SAFFRON, BLUE, SLATE, (120, 140, 170), RED, (60, 120, 170))

WEBP_QUALITY = 76
JPEG_QUALITY = 78
BOLD_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
)
REGULAR_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)


# --------------------------------------------------------------------------- colour helpers


def mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def alpha(color: Color, opacity: float) -> tuple[int, int, int, int]:
    return (*color, round(255 * opacity))


def smoothstep(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def sample(stops: Sequence[Color], t: float) -> Color:
    if len(stops) == 1:
        return stops[0]
    pos = max(0.0, min(1.0, t)) * (len(stops) - 1)
    i = min(int(pos), len(stops) - 2)
    return mix(stops[i], stops[i + 1], pos - i)


@functools.cache
def gradient_strip(stops: tuple[Color, ...], vertical: bool) -> Image.Image:
    n = 256
    strip = Image.new("RGB", (1, n) if vertical else (n, 1))
    strip.putdata([sample(stops, i / (n - 1)) for i in range(n)])
    return strip


@functools.cache
def font(size: int, bold: bool = True) -> Font:
    for path in BOLD_FONTS if bold else REGULAR_FONTS:
        if Path(path).exists():
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


# --------------------------------------------------------------------------- geometry helpers


def rotated(points: Iterable[Point], cx: float, cy: float, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def capsule_points(cx: float, cy: float, length: float, width: float, degrees: float = 0.0) -> list[Point]:
    r, half = width / 2, max(0.0, length / 2 - width / 2)
    right = [(cx + half + r * math.cos(a), cy + r * math.sin(a)) for a in _arc_angles(-90, 90)]
    left = [(cx - half + r * math.cos(a), cy + r * math.sin(a)) for a in _arc_angles(90, 270)]
    return rotated(right + left, cx, cy, degrees)


def _arc_angles(start: float, end: float, steps: int = 14) -> list[float]:
    return [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]


def leaf_points(cx: float, cy: float, length: float, degrees: float) -> list[Point]:
    n = 16
    top = [(cx - length / 2 + length * i / n, cy - math.sin(math.pi * i / n) * length * 0.26) for i in range(n + 1)]
    bottom = [(x, 2 * cy - y) for x, y in reversed(top[1:-1])]
    return rotated(top + bottom, cx, cy, degrees)


def shield_points(cx: float, top: float, w: float, h: float) -> list[Point]:
    left, right, bottom = cx - w / 2, cx + w / 2, top + h
    right_side = bezier((right, top + h * 0.45), (right, top + h * 0.72), (cx + w * 0.22, bottom - h * 0.1),
                        (cx, bottom))
    left_side = [(2 * cx - x, y) for x, y in reversed(right_side)]
    return [(left, top + h * 0.12), (cx, top), (right, top + h * 0.12), *right_side, *left_side[1:]]


def star_points(cx: float, cy: float, r: float, points: int = 5) -> list[Point]:
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * 0.45
        a = math.pi * i / points - math.pi / 2
        out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return out


# --------------------------------------------------------------------------- canvas


class Pen:
    """Draws in delivered-pixel coordinates on a supersampled canvas (mode "L" makes a mask pen)."""

    def __init__(self, w: int, h: int, background: Color | None = OFF_WHITE, ss: int = 2, mode: str = "") -> None:
        self.w, self.h, self.ss = w, h, ss
        size = (w * ss, h * ss)
        self.is_mask = mode == "L"
        if self.is_mask:
            self.img = Image.new("L", size, 0)
        elif background is None:
            self.img = Image.new("RGBA", size, (0, 0, 0, 0))
        else:
            self.img = Image.new("RGB", size, background)
        # "RGBA" blends translucent fills on an RGB canvas; on a transparent canvas it writes pixels as given.
        self.draw = ImageDraw.Draw(self.img, None if self.is_mask else "RGBA")

    def _xy(self, points: Iterable[Point]) -> list[Point]:
        return [(x * self.ss, y * self.ss) for x, y in points]

    def _ink(self, fill: Paint) -> Paint:
        if not self.is_mask:
            return fill
        return fill if isinstance(fill, int) else 255

    def poly(self, points: Sequence[Point], fill: Paint) -> None:
        self.draw.polygon(self._xy(points), fill=self._ink(fill))

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: Paint, radius: float = 0.0) -> None:
        box = (x0 * self.ss, y0 * self.ss, x1 * self.ss, y1 * self.ss)
        if radius > 0:
            self.draw.rounded_rectangle(box, radius=radius * self.ss, fill=self._ink(fill))
        else:
            self.draw.rectangle(box, fill=self._ink(fill))

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: Paint) -> None:
        s = self.ss
        self.draw.ellipse(((cx - rx) * s, (cy - ry) * s, (cx + rx) * s, (cy + ry) * s), fill=self._ink(fill))

    def circle(self, cx: float, cy: float, r: float, fill: Paint) -> None:
        self.ellipse(cx, cy, r, r, fill)

    def ring(self, cx: float, cy: float, r: float, fill: Paint, width: float) -> None:
        s = self.ss
        box = ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s)
        self.draw.ellipse(box, outline=self._ink(fill), width=max(1, round(width * s)))

    def pie(self, cx: float, cy: float, r: float, start: float, end: float, fill: Paint) -> None:
        s = self.ss
        self.draw.pieslice(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), start, end, fill=self._ink(fill))

    def arc(self, cx: float, cy: float, r: float, start: float, end: float, fill: Paint, width: float) -> None:
        s = self.ss
        box = ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s)
        self.draw.arc(box, start, end, fill=self._ink(fill), width=max(1, round(width * s)))

    def line(self, points: Sequence[Point], fill: Paint, width: float, round_caps: bool = True) -> None:
        px = self._xy(points)
        w = max(1, round(width * self.ss))
        self.draw.line(px, fill=self._ink(fill), width=w, joint="curve")
        if round_caps and w > 3:
            r = w / 2 - 0.5
            for x, y in (px[0], px[-1]):
                self.draw.ellipse((x - r, y - r, x + r, y + r), fill=self._ink(fill))

    def dashed(self, a: Point, b: Point, fill: Paint, width: float, dash: float, gap: float) -> None:
        length = math.dist(a, b)
        if length == 0:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        pos = 0.0
        while pos < length:
            end = min(length, pos + dash)
            self.line([(a[0] + ux * pos, a[1] + uy * pos), (a[0] + ux * end, a[1] + uy * end)], fill, width, False)
            pos = end + gap

    def text(self, x: float, y: float, text: str, size: float, fill: Paint, bold: bool = True,
             anchor: str = "ls", tracking: float = 0.0) -> float:
        """Draw text; returns its advance width. Tracking spaces letters (used for small caps lines)."""
        f = font(round(size * self.ss), bold)
        if not tracking:
            self.draw.text((x * self.ss, y * self.ss), text, font=f, fill=self._ink(fill), anchor=anchor)
            return f.getlength(text) / self.ss
        cursor = x * self.ss
        for ch in text:
            self.draw.text((cursor, y * self.ss), ch, font=f, fill=self._ink(fill), anchor=anchor)
            cursor += f.getlength(ch) + tracking * self.ss
        return cursor / self.ss - x - tracking

    # Gradients are pasted through a mask of the shape, cropped to its bounding box.
    def gradient_rect(self, x0: float, y0: float, x1: float, y1: float, stops: Sequence[Color],
                      vertical: bool = True, radius: float = 0.0) -> None:
        def shape(d: ImageDraw.ImageDraw, at: Callable[[Sequence[Point]], list[Point]]) -> None:
            (a, b), (c, e) = at([(x0, y0), (x1, y1)])
            if radius > 0:
                d.rounded_rectangle((a, b, c, e), radius=radius * self.ss, fill=255)
            else:
                d.rectangle((a, b, c, e), fill=255)

        self._gradient((x0, y0, x1, y1), stops, vertical, shape)

    def gradient_poly(self, points: Sequence[Point], stops: Sequence[Color], vertical: bool = True) -> None:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        self._gradient((min(xs), min(ys), max(xs), max(ys)), stops, vertical,
                       lambda d, at: d.polygon(at(points), fill=255))

    def gradient_ellipse(self, cx: float, cy: float, rx: float, ry: float, stops: Sequence[Color],
                         vertical: bool = True) -> None:
        def shape(d: ImageDraw.ImageDraw, at: Callable[[Sequence[Point]], list[Point]]) -> None:
            (a, b), (c, e) = at([(cx - rx, cy - ry), (cx + rx, cy + ry)])
            d.ellipse((a, b, c, e), fill=255)

        self._gradient((cx - rx, cy - ry, cx + rx, cy + ry), stops, vertical, shape)

    def _gradient(self, box: tuple[float, float, float, float], stops: Sequence[Color], vertical: bool,
                  shape: Callable[[ImageDraw.ImageDraw, Callable[[Sequence[Point]], list[Point]]], None]) -> None:
        if self.is_mask:
            shape(self.draw, self._xy)
            return
        left, top = math.floor(box[0] * self.ss), math.floor(box[1] * self.ss)
        width = math.ceil(box[2] * self.ss) - left + 1
        height = math.ceil(box[3] * self.ss) - top + 1
        if width < 1 or height < 1:
            return
        fill = gradient_strip(tuple(stops), vertical).resize((width, height), Image.Resampling.BILINEAR)
        mask = Image.new("L", (width, height), 0)
        shape(ImageDraw.Draw(mask), lambda pts: [(x * self.ss - left, y * self.ss - top) for x, y in pts])
        self.img.paste(fill, (left, top), mask)

    def fade(self, box: tuple[float, float, float, float], color: Color, opacities: Sequence[float],
             vertical: bool = True) -> None:
        """Lay a colour over a box with opacity varying along one axis (overlays, vignettes)."""
        n = len(opacities)
        strip = Image.new("L", (1, n) if vertical else (n, 1))
        strip.putdata([round(255 * max(0.0, min(1.0, o))) for o in opacities])
        left, top = round(box[0] * self.ss), round(box[1] * self.ss)
        right, bottom = round(box[2] * self.ss), round(box[3] * self.ss)
        if right <= left or bottom <= top:
            return
        mask = strip.resize((right - left, bottom - top), Image.Resampling.BILINEAR)
        self.img.paste(color, (left, top, right, bottom), mask)

    def glow(self, cx: float, cy: float, r: float, color: Color, strength: float) -> None:
        size = max(2, round(2 * r * self.ss))
        radial = Image.radial_gradient("L").resize((size, size), Image.Resampling.BILINEAR)
        # radial_gradient reaches 255 in the corners; the inscribed circle's edge is 255/sqrt(2).
        mask = radial.point(lambda v: round(255 * strength * max(0.0, 1 - v / 180.3) ** 2))
        left, top = round((cx - r) * self.ss), round((cy - r) * self.ss)
        self.img.paste(color, (left, top, left + size, top + size), mask)

    @contextmanager
    def veil(self, color: Color, opacity: float) -> Iterator[Pen]:
        """Shapes drawn on the yielded mask pen merge before tinting, so overlaps never darken (clouds, smoke)."""
        mask = Pen(self.w, self.h, ss=self.ss, mode="L")
        yield mask
        self.img.paste(color, (0, 0, *self.img.size), mask.img.point(lambda v: round(v * opacity)))

    def finish(self) -> Image.Image:
        if self.img.mode == "RGBA":
            # Premultiply so transparent edges don't pick up black fringes.
            return self.img.convert("RGBa").reduce(self.ss).convert("RGBA")
        return self.img.reduce(self.ss)


# --------------------------------------------------------------------------- stage and backdrop


@dataclass(frozen=True)
class Mood:
    sky: tuple[Color, ...]
    sun: Color
    sun_strength: float
    ridges: tuple[Color, Color, Color]
    ground: tuple[Color, Color]
    foliage: tuple[Color, Color]
    haze: Color


DAWN = Mood(
    sky=((9, 30, 58), (24, 56, 98), (84, 98, 138), (226, 160, 112)),
    sun=(255, 206, 128),
    sun_strength=0.6,
    ridges=((92, 96, 132), (56, 70, 106), (30, 50, 80)),
    ground=((34, 58, 88), (14, 34, 60)),
    foliage=((58, 116, 118), (32, 80, 92)),
    haze=(250, 214, 170),
)
DAY = Mood(
    sky=((44, 92, 148), (104, 160, 200), (208, 234, 238)),
    sun=(255, 240, 200),
    sun_strength=0.45,
    ridges=((170, 206, 214), (118, 180, 178), (70, 148, 136)),
    ground=((92, 164, 138), (48, 122, 108)),
    foliage=((64, 164, 124), (32, 120, 100)),
    haze=(226, 242, 244),
)
FRESH = Mood(
    sky=((28, 84, 120), (88, 158, 170), (214, 243, 232)),
    sun=(255, 236, 180),
    sun_strength=0.5,
    ridges=((150, 200, 186), (92, 166, 142), (48, 128, 106)),
    ground=((70, 150, 110), (34, 104, 84)),
    foliage=((72, 170, 118), (30, 116, 90)),
    haze=(230, 246, 236),
)
DUSK = Mood(
    sky=((14, 28, 56), (52, 58, 96), (150, 100, 110), (240, 150, 90)),
    sun=(255, 180, 100),
    sun_strength=0.55,
    ridges=((98, 84, 112), (60, 60, 92), (34, 40, 68)),
    ground=((40, 46, 72), (18, 26, 48)),
    foliage=((60, 92, 104), (36, 64, 82)),
    haze=(246, 190, 150),
)
BLUEPRINT = Mood(
    sky=((16, 52, 98), (24, 70, 124)),
    sun=(200, 230, 255),
    sun_strength=0.25,
    ridges=((40, 86, 140), (32, 76, 130), (24, 64, 116)),
    ground=((20, 58, 108), (16, 48, 92)),
    foliage=((60, 150, 140), (30, 110, 110)),
    haze=(120, 170, 220),
)


@dataclass(frozen=True)
class Stage:
    """Where the subject goes: it stands on `ground` between x0 and x1; `u` scales every element."""

    w: int
    h: int
    ground: float
    x0: float
    x1: float

    @property
    def u(self) -> float:
        return min((self.x1 - self.x0) / 520, self.ground / 380)

    def at(self, t: float) -> float:
        return self.x0 + (self.x1 - self.x0) * t


LAYOUTS = {"hero": (0.45, 0.99), "full": (0.1, 0.9)}


def make_stage(w: int, h: int, layout: str = "hero", ground: float = 0.78) -> Stage:
    a, b = LAYOUTS[layout]
    return Stage(w, h, h * ground, w * a, w * b)


def ridge(p: Pen, rng: random.Random, base: float, amp: float, color: Color, waves: float = 2.5) -> list[Point]:
    """A smooth hill silhouette whose tops reach `base - amp`; returns the crest points."""
    phases = [rng.uniform(0, math.tau) for _ in range(3)]
    freqs = [waves * rng.uniform(0.8, 1.2), waves * rng.uniform(2.0, 2.6), waves * rng.uniform(4.5, 5.5)]
    weights = (1.0, 0.4, 0.12)
    crest = []
    for i in range(121):
        x = p.w * i / 120
        v = sum(wt * math.sin(x / p.w * math.tau * f + ph) for f, ph, wt in zip(freqs, phases, weights, strict=True))
        crest.append((x, base - amp * (0.5 + 0.5 * v / sum(weights))))
    p.poly([*crest, (p.w, p.h), (0, p.h)], color)
    return crest


def crest_y(crest: Sequence[Point], x: float) -> float:
    step = crest[1][0] - crest[0][0]
    i = max(0, min(len(crest) - 2, int(x / step)))
    (xa, ya), (xb, yb) = crest[i], crest[i + 1]
    return ya + (yb - ya) * (x - xa) / (xb - xa)


def cloud(p: Pen, cx: float, cy: float, w: float) -> None:
    h = w * 0.22
    p.rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, 255, radius=h / 2)
    p.circle(cx - w * 0.14, cy - h * 0.45, h * 0.72, 255)
    p.circle(cx + w * 0.12, cy - h * 0.35, h * 0.55, 255)


def sky(p: Pen, st: Stage, mood: Mood, rng: random.Random, sun_at: Point = (0.74, 0.6), clouds: int = 3) -> None:
    p.gradient_rect(0, 0, p.w, st.ground + 2, mood.sky)
    sx, sy = p.w * sun_at[0], st.ground * sun_at[1]
    p.glow(sx, sy, st.h * 0.6, mood.sun, mood.sun_strength)
    p.circle(sx, sy, st.h * 0.045, alpha(mood.sun, 0.9))
    with p.veil(OFF_WHITE, 0.14) as v:
        for _ in range(clouds):
            cloud(v, rng.uniform(0.35, 0.98) * p.w, rng.uniform(0.1, 0.4) * st.ground, rng.uniform(0.1, 0.2) * p.w)


def backdrop(p: Pen, st: Stage, mood: Mood, rng: random.Random, sun_at: Point = (0.74, 0.6),
             hill_height: float = 1.0) -> list[Point]:
    """Sky, sun, two ridges and the ground plane; returns the crest of the nearer ridge."""
    sky(p, st, mood, rng, sun_at)
    ridge(p, rng, st.ground - st.h * 0.04, st.h * 0.16 * hill_height, mood.ridges[0], waves=1.6)
    crest = ridge(p, rng, st.ground + st.h * 0.01, st.h * 0.09 * hill_height, mood.ridges[1], waves=2.4)
    p.gradient_rect(0, st.ground, p.w, p.h, mood.ground)
    return crest


def shade_text_side(p: Pen, reach: float = 0.74, strength: float = 0.82) -> None:
    """Bake the navy overlay the page sets its headline on: solid-ish on the left, gone by `reach`."""
    n = 96
    opacities = [strength * (1 - smoothstep((i / (n - 1) - 0.22) / 0.78)) ** 1.15 for i in range(n)]
    p.fade((0, 0, p.w * reach, p.h), NAVY, opacities, vertical=False)


def shade_bottom(p: Pen, start: float = 0.45, strength: float = 0.85) -> None:
    n = 64
    p.fade((0, p.h * start, p.w, p.h), NAVY, [strength * smoothstep(i / (n - 1)) for i in range(n)])


def contact_shadow(p: Pen, cx: float, y: float, rx: float, opacity: float = 0.18) -> None:
    p.ellipse(cx, y, rx, rx * 0.12, alpha(NAVY, opacity))


# --------------------------------------------------------------------------- nature


def pine(p: Pen, cx: float, base: float, h: float, light: Color, dark: Color) -> None:
    p.rect(cx - h * 0.028, base - h * 0.16, cx + h * 0.028, base, mix(dark, NAVY, 0.45))
    for i in range(3):
        top = base - h + i * h * 0.24
        bottom = top + h * 0.44
        half = h * (0.14 + 0.06 * i)
        p.poly([(cx, top), (cx - half, bottom), (cx, bottom)], light)
        p.poly([(cx, top), (cx + half, bottom), (cx, bottom)], dark)


def round_tree(p: Pen, cx: float, base: float, h: float, light: Color, dark: Color) -> None:
    r = h * 0.38
    cy = base - h + r
    p.rect(cx - h * 0.035, cy, cx + h * 0.035, base, mix(dark, NAVY, 0.45))
    p.circle(cx, cy, r, light)
    p.pie(cx, cy, r, -90, 90, dark)


def oval_tree(p: Pen, cx: float, base: float, h: float, light: Color, dark: Color) -> None:
    rx, ry = h * 0.2, h * 0.4
    cy = base - h + ry
    p.rect(cx - h * 0.025, cy, cx + h * 0.025, base, mix(dark, NAVY, 0.45))
    p.ellipse(cx, cy, rx, ry, light)
    p.gradient_poly([(cx, cy - ry)] + [(cx + rx * math.sin(a), cy - ry * math.cos(a)) for a in _arc_angles(0, 180)],
                    [dark, dark])


TREE_KINDS = (pine, round_tree, oval_tree)


def grove(p: Pen, rng: random.Random, x0: float, x1: float, base: float, h: float, foliage: tuple[Color, Color],
          count: int, kinds: Sequence[Callable[..., None]] = TREE_KINDS, depth: float = 0.0) -> None:
    """A loose row of trees; `depth` spreads their bases so nearer ones overlap farther ones."""
    trees = [(rng.uniform(x0, x1), base + rng.uniform(0, depth), rng.uniform(0.7, 1.15) * h, rng.choice(kinds))
             for _ in range(count)]
    for x, y, th, kind in sorted(trees, key=lambda t: t[1]):
        kind(p, x, y, th, *foliage)


def tree_line(p: Pen, rng: random.Random, crest: Sequence[Point], color: Color, h: float, spacing: float,
              x0: float = 0.0, x1: float | None = None) -> None:
    """Pine silhouettes along a ridge crest, the same colour as the ridge, so forests read from afar."""
    x = x0
    end = p.w if x1 is None else x1
    while x < end:
        th = h * rng.uniform(0.6, 1.2)
        y = crest_y(crest, x) + th * 0.12
        p.poly([(x, y - th), (x - th * 0.24, y), (x + th * 0.24, y)], color)
        x += spacing * rng.uniform(0.5, 1.2)


def green_belt(p: Pen, rng: random.Random, x0: float, x1: float, base: float, h: float,
               foliage: tuple[Color, Color]) -> None:
    """A dense planted belt: overlapping two-tone canopies with trunks hidden, the way shelterbelts read."""
    x = x0
    while x < x1:
        r = h * rng.uniform(0.28, 0.42)
        cy = base - r * rng.uniform(0.9, 1.25)
        p.rect(x - h * 0.03, cy, x + h * 0.03, base, mix(foliage[1], NAVY, 0.45))
        p.circle(x, cy, r, foliage[0])
        p.pie(x, cy, r, -90, 90, foliage[1])
        x += r * rng.uniform(1.1, 1.5)


def river(p: Pen, st: Stage, x_far: float, x_near: float, w_far: float, w_near: float, bend: float,
          color: Color = WATER, top: float | None = None) -> None:
    """A river band narrowing towards the horizon (perspective), bending sideways by `bend`."""
    y0 = st.ground if top is None else top
    left, right = [], []
    for i in range(41):
        t = i / 40
        e = t * t
        cx = x_far + (x_near - x_far) * e + bend * math.sin(t * math.pi)
        half = (w_far + (w_near - w_far) * e) / 2
        y = y0 + (p.h - y0) * t
        left.append((cx - half, y))
        right.append((cx + half, y))
    pts = left + right[::-1]
    p.gradient_poly(pts, [mix(color, OFF_WHITE, 0.35), color, mix(color, BLUE, 0.25)])
    with p.veil(OFF_WHITE, 0.35) as v:
        for i in range(4, 40, 5):
            (lx, ly), (rx, _) = left[i], right[i]
            span = rx - lx
            v.line([(lx + span * 0.3, ly), (lx + span * 0.55, ly)], 255, max(1.0, span * 0.012))


def sapling(p: Pen, cx: float, base: float, h: float, leaf: Color, guard: Color | None) -> None:
    p.ellipse(cx, base, h * 0.3, h * 0.06, alpha(SOIL, 0.45))
    if guard is not None:
        with p.veil(guard, 0.4) as v:
            v.rect(cx - h * 0.2, base - h * 0.42, cx + h * 0.2, base, 255, radius=h * 0.04)
    p.line([(cx, base), (cx, base - h * 0.9)], mix(leaf, NAVY, 0.45), h * 0.04)
    for i, side in enumerate((-1, 1, -1, 1, 0)):
        y = base - h * (0.42 + 0.13 * i)
        size = h * (0.4 - 0.05 * i)
        angle = -35 * side if side else -90
        offset = side * size * 0.42
        p.poly(leaf_points(cx + offset, y - (size * 0.4 if not side else 0), size, angle),
               leaf if side <= 0 else mix(leaf, NAVY, 0.22))
    if guard is not None:
        p.line([(cx - h * 0.2, base - h * 0.42), (cx + h * 0.2, base - h * 0.42)], alpha(guard, 0.8), h * 0.02, False)


# --------------------------------------------------------------------------- buildings


def cylinder_stops(light: Color, dark: Color) -> list[Color]:
    """Left-lit cylinder shading: soft left edge, highlight, falling off to the shadow side."""
    return [mix(light, dark, 0.35), light, light, mix(light, dark, 0.55), dark]


def tower_block(p: Pen, x: float, base: float, w: float, h: float, s: float, rng: random.Random,
                face: Color = WALL, side: Color = WALL_SHADE, glass: Color = GLASS, style: str = "ribbon",
                floor: float = 15.0) -> None:
    """A two-faced building (lit front, shaded side) with ribbon or punched windows."""
    fx = x + w * 0.74
    top = base - h
    p.rect(x, top, fx, base, face)
    p.rect(fx, top, x + w, base, side)
    p.rect(x - 2 * s, top - 4 * s, fx, top, mix(face, side, 0.45))
    p.rect(fx, top - 4 * s, x + w, top, mix(side, NAVY, 0.15))
    fl = floor * s
    y = top + fl * 0.55
    while y + fl * 0.5 < base - fl * 0.9:
        if style == "ribbon":
            p.rect(x + 5 * s, y, fx - 5 * s, y + fl * 0.48, glass)
            p.rect(fx + 3 * s, y, x + w - 4 * s, y + fl * 0.48, mix(glass, NAVY, 0.35))
        else:
            cols = max(2, int((fx - x - 6 * s) / (13 * s)))
            step = (fx - x - 6 * s) / cols
            for c in range(cols):
                wx = x + 3 * s + c * step + step * 0.2
                lit = rng.random() < 0.12
                p.rect(wx, y, wx + step * 0.6, y + fl * 0.55, GLASS_LIT if lit else glass)
            p.rect(fx + 4 * s, y, x + w - 4 * s, y + fl * 0.55, mix(glass, NAVY, 0.35))
        y += fl
    with p.veil(OFF_WHITE, 0.12) as v:
        v.poly([(x, top + h * 0.25), (x + (fx - x) * 0.45, top), (x + (fx - x) * 0.7, top), (x, top + h * 0.55)], 255)


def skyline(p: Pen, rng: random.Random, x0: float, x1: float, base: float, hmin: float, hmax: float, color: Color,
            window: Color | None = None) -> None:
    x = x0
    while x < x1:
        w = rng.uniform(0.35, 0.8) * hmin
        h = rng.uniform(hmin, hmax)
        p.rect(x, base - h, x + w, base, color)
        if rng.random() < 0.3:
            p.line([(x + w * 0.5, base - h), (x + w * 0.5, base - h - h * 0.15)], color, max(1.0, w * 0.05))
        if window is not None:
            for wy in range(int(base - h + 6), int(base - 6), 9):
                if rng.random() < 0.5:
                    p.rect(x + w * 0.2, wy, x + w * 0.8, wy + 3, window)
        x += w + rng.uniform(0, 0.15) * hmin


def medical_cross(p: Pen, cx: float, cy: float, size: float, color: Color) -> None:
    t = size / 3
    p.rect(cx - t / 2, cy - size / 2, cx + t / 2, cy + size / 2, color, radius=t * 0.15)
    p.rect(cx - size / 2, cy - t / 2, cx + size / 2, cy + t / 2, color, radius=t * 0.15)


def cross_sign(p: Pen, cx: float, cy: float, size: float) -> None:
    p.rect(cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2, OFF_WHITE, radius=size * 0.18)
    medical_cross(p, cx, cy, size * 0.62, TEAL)


def hospital(p: Pen, cx: float, base: float, s: float, rng: random.Random) -> None:
    tower_block(p, cx - 175 * s, base, 120 * s, 92 * s, s, rng, style="grid")
    tower_block(p, cx + 70 * s, base, 110 * s, 118 * s, s, rng, style="grid")
    tower_block(p, cx - 80 * s, base, 170 * s, 178 * s, s, rng, style="grid")
    # Sign on a frame above the main block's parapet.
    top = base - 178 * s
    p.rect(cx - 24 * s, top - 10 * s, cx - 20 * s, top, SLATE)
    p.rect(cx + 20 * s, top - 10 * s, cx + 24 * s, top, SLATE)
    cross_sign(p, cx + 2 * s, top - 30 * s, 40 * s)
    # Entrance canopy.
    p.rect(cx - 50 * s, base - 34 * s, cx + 40 * s, base - 27 * s, TEAL)
    p.rect(cx - 32 * s, base - 27 * s, cx + 22 * s, base, GLASS_LIT)
    for x in (cx - 46 * s, cx + 34 * s):
        p.rect(x, base - 27 * s, x + 3 * s, base, SLATE)


def clinic(p: Pen, cx: float, base: float, s: float, rng: random.Random) -> None:
    w, h = 230 * s, 112 * s
    x0 = cx - w / 2
    p.rect(x0, base - h, x0 + w, base, WALL)
    p.rect(x0 + w * 0.78, base - h, x0 + w, base, WALL_SHADE)
    p.rect(x0 - 6 * s, base - h - 8 * s, x0 + w + 6 * s, base - h, BLUE)
    p.rect(x0, base - h + 2 * s, x0 + w, base - h + 9 * s, TEAL)
    for row in (0, 1):
        y = base - h + 22 * s + row * 42 * s
        for c in range(5):
            if row == 1 and c in (2,):
                continue
            wx = x0 + 14 * s + c * 34 * s
            p.rect(wx, y, wx + 24 * s, y + 24 * s, GLASS_LIT if rng.random() < 0.2 else GLASS, radius=2 * s)
    p.rect(x0 + w * 0.82, base - h + 22 * s, x0 + w * 0.95, base - h + 46 * s, mix(GLASS, NAVY, 0.35))
    p.rect(x0 + 72 * s, base - 44 * s, x0 + 112 * s, base, GLASS_LIT)
    p.line([(x0 + 92 * s, base - 44 * s), (x0 + 92 * s, base)], WALL, 2 * s)
    p.rect(x0 + 62 * s, base - 52 * s, x0 + 122 * s, base - 45 * s, TEAL)
    cross_sign(p, x0 + 92 * s, base - h - 30 * s, 34 * s)
    p.rect(x0 + 90 * s, base - h - 14 * s, x0 + 94 * s, base - h - 8 * s, SLATE)


def government_building(p: Pen, cx: float, base: float, s: float, flag: bool = True) -> None:
    stone, stone_shade = WALL, WALL_SHADE
    # Wings, then the portico in front of them.
    for side in (-1, 1):
        wx0, wx1 = sorted((cx + side * 80 * s, cx + side * 210 * s))
        p.rect(wx0, base - 96 * s, wx1, base, stone)
        p.rect(wx0 - 3 * s, base - 102 * s, wx1 + 3 * s, base - 94 * s, stone_shade)
        for k in range(4):
            x = wx0 + 12 * s + k * 30 * s
            p.rect(x, base - 78 * s, x + 14 * s, base - 54 * s, GLASS, radius=7 * s)
            p.rect(x, base - 40 * s, x + 14 * s, base - 16 * s, GLASS)
    # Dome over the centre.
    p.rect(cx - 46 * s, base - 160 * s, cx + 46 * s, base - 128 * s, stone_shade)
    for k in range(7):
        x = cx - 40 * s + k * 13 * s
        p.rect(x, base - 156 * s, x + 5 * s, base - 132 * s, stone)
    p.gradient_ellipse(cx, base - 160 * s, 50 * s, 50 * s, cylinder_stops(STEEL, STEEL_SHADE), vertical=False)
    p.rect(cx - 52 * s, base - 164 * s, cx + 52 * s, base - 128 * s, stone_shade)
    p.rect(cx - 46 * s, base - 160 * s, cx + 46 * s, base - 132 * s, stone)
    for k in range(7):
        x = cx - 40 * s + k * 13 * s
        p.rect(x, base - 156 * s, x + 5 * s, base - 136 * s, mix(stone_shade, NAVY, 0.1))
    p.line([(cx, base - 210 * s), (cx, base - 226 * s)], SLATE, 3 * s)
    p.circle(cx, base - 228 * s, 4 * s, SAFFRON)
    # Portico: pediment, entablature, columns, steps.
    p.poly([(cx - 92 * s, base - 118 * s), (cx, base - 150 * s), (cx + 92 * s, base - 118 * s)], stone)
    p.poly([(cx - 70 * s, base - 121 * s), (cx, base - 142 * s), (cx + 70 * s, base - 121 * s)], stone_shade)
    p.rect(cx - 92 * s, base - 118 * s, cx + 92 * s, base - 106 * s, stone_shade)
    p.rect(cx - 84 * s, base - 106 * s, cx + 84 * s, base - 18 * s, mix(GLASS, NAVY, 0.3))
    for k in range(6):
        x = cx - 80 * s + k * 30.4 * s
        p.gradient_rect(x, base - 104 * s, x + 12 * s, base - 18 * s, cylinder_stops(OFF_WHITE, WALL_SHADE), False)
        p.rect(x - 2 * s, base - 106 * s, x + 14 * s, base - 101 * s, stone)
    for k in range(3):
        inset = (2 - k) * 8 * s
        p.rect(cx - 100 * s - inset, base - 18 * s + k * 6 * s, cx + 100 * s + inset, base - 12 * s + k * 6 * s,
               mix(stone, stone_shade, 0.3 + 0.25 * k))
    if flag:
        pole_x = cx + 190 * s
        p.line([(pole_x, base - 96 * s), (pole_x, base - 180 * s)], SLATE, 2.5 * s)
        for k, band in enumerate((SAFFRON, OFF_WHITE, (19, 136, 8))):
            y = base - 180 * s + k * 8 * s
            p.rect(pole_x + 1 * s, y, pole_x + 38 * s, y + 8 * s, band)
        p.circle(pole_x + 19.5 * s, base - 168 * s, 2.6 * s, BLUE)


def factory_hall(p: Pen, x0: float, base: float, w: float, h: float, s: float, teeth: int = 4,
                 roof: Color = BLUE, wall: Color = WALL) -> None:
    top = base - h
    p.gradient_rect(x0, top, x0 + w, base, [wall, mix(wall, WALL_SHADE, 0.6)])
    tooth = w / teeth
    rise = min(h * 0.32, tooth * 0.5)
    for i in range(teeth):
        xa = x0 + i * tooth
        p.poly([(xa, top), (xa, top - rise), (xa + tooth, top)], roof)
        p.poly([(xa, top), (xa, top - rise), (xa + 4 * s, top - rise + 3 * s), (xa + 4 * s, top)], GLASS_LIT)
    p.rect(x0, top, x0 + w, top + 6 * s, TEAL)
    count = max(2, int(w / (26 * s)))
    step = w / count
    for i in range(count - 1):
        wx = x0 + i * step + step * 0.3
        p.rect(wx, top + h * 0.22, wx + step * 0.42, top + h * 0.58, GLASS)
        p.rect(wx, top + h * 0.22, wx + step * 0.42, top + h * 0.32, GLASS_LIT)
    dx = x0 + w - step * 0.9
    p.rect(dx, base - h * 0.55, dx + step * 0.7, base, SLATE)
    for k in range(1, 8):
        y = base - h * 0.55 + k * h * 0.55 / 8
        p.line([(dx, y), (dx + step * 0.7, y)], mix(SLATE, WALL, 0.3), 1 * s, False)


def house(p: Pen, x: float, base: float, w: float, h: float, s: float, roof: Color = TEAL) -> None:
    p.rect(x, base - h, x + w, base, WALL)
    p.rect(x + w * 0.7, base - h, x + w, base, WALL_SHADE)
    p.poly([(x - w * 0.08, base - h), (x + w * 0.5, base - h - w * 0.42), (x + w * 1.08, base - h)], roof)
    p.poly([(x + w * 0.5, base - h - w * 0.42), (x + w * 1.08, base - h), (x + w * 0.5, base - h)],
           mix(roof, NAVY, 0.25))
    p.rect(x + w * 0.15, base - h * 0.45, x + w * 0.38, base, SLATE)
    p.rect(x + w * 0.5, base - h * 0.7, x + w * 0.82, base - h * 0.38, GLASS_LIT)
    p.line([(x + w * 0.66, base - h * 0.7), (x + w * 0.66, base - h * 0.38)], WALL, 1.5 * s)


def frame_under_construction(p: Pen, x: float, base: float, w: float, h: float, s: float, floors: int = 6,
                             built: int = 3) -> None:
    """A building frame: finished floors at the bottom, bare columns and beams above."""
    bay = w / 4
    fl = h / floors
    for f in range(built):
        y = base - (f + 1) * fl
        p.rect(x, y, x + w, y + fl, WALL)
        for b in range(4):
            p.rect(x + b * bay + bay * 0.18, y + fl * 0.25, x + b * bay + bay * 0.82, y + fl * 0.75, GLASS)
    for f in range(built, floors):
        y = base - (f + 1) * fl
        p.rect(x, y + fl - 4 * s, x + w, y + fl, mix(STEEL_SHADE, SLATE, 0.3))
        for b in range(5):
            cx = x + b * bay
            p.rect(cx - 2 * s, y, cx + 2 * s, y + fl, mix(STEEL_SHADE, SLATE, 0.45))
    p.rect(x - 2 * s, base - h - 4 * s, x + w + 2 * s, base - h, mix(STEEL_SHADE, SLATE, 0.3))
    # Scaffold netting on one side of the unfinished floors.
    p.rect(x + w, base - h, x + w + 10 * s, base - built * fl, alpha(SAFFRON, 0.35))


# --------------------------------------------------------------------------- industrial


def storage_tank(p: Pen, cx: float, base: float, w: float, h: float, s: float, band: Color = TEAL,
                 body: Color = STEEL, shade: Color = STEEL_SHADE) -> None:
    x0, x1, top = cx - w / 2, cx + w / 2, base - h
    contact_shadow(p, cx + w * 0.1, base, w * 0.6)
    p.gradient_ellipse(cx, top, w / 2, w * 0.11, cylinder_stops(mix(body, OFF_WHITE, 0.4), shade), vertical=False)
    p.gradient_rect(x0, top, x1, base, cylinder_stops(body, shade), vertical=False)
    by = top + h * 0.2
    p.gradient_rect(x0, by, x1, by + max(3 * s, h * 0.09), cylinder_stops(band, mix(band, NAVY, 0.5)), False)
    for k in (0.5, 0.75):
        y = top + h * k
        p.line([(x0, y), (x1, y)], alpha(shade, 0.6), 1 * s, False)
    # Spiral stair read as a diagonal with its handrail.
    p.line([(x0 + w * 0.12, base), (x1 - w * 0.2, top + 2 * s)], alpha(SLATE, 0.55), 2 * s, False)
    p.line([(x0 + w * 0.12, base - 7 * s), (x1 - w * 0.2, top - 5 * s)], alpha(SLATE, 0.35), 1 * s, False)


def sphere_tank(p: Pen, cx: float, base: float, r: float, s: float) -> None:
    cy = base - r * 1.55
    contact_shadow(p, cx, base, r * 1.1)
    for k in (-0.8, -0.3, 0.3, 0.8):
        x = cx + k * r
        p.rect(x - 2.5 * s, cy, x + 2.5 * s, base, STEEL_SHADE)
    p.line([(cx - 0.8 * r, base - 4 * s), (cx - 0.3 * r, cy + r * 0.7)], STEEL_SHADE, 1.5 * s)
    p.line([(cx + 0.8 * r, base - 4 * s), (cx + 0.3 * r, cy + r * 0.7)], STEEL_SHADE, 1.5 * s)
    p.gradient_ellipse(cx, cy, r, r, cylinder_stops(OFF_WHITE, STEEL_SHADE), vertical=False)
    p.rect(cx - r, cy - 2 * s, cx + r, cy + 2 * s, alpha(TEAL, 0.85))
    with p.veil(NAVY, 0.12) as v:
        v.pie(cx, cy, r, 0, 180, 255)


def bullet_tank(p: Pen, x0: float, base: float, w: float, h: float, s: float, body: Color = OFF_WHITE) -> None:
    cy = base - h * 0.5 - 12 * s
    contact_shadow(p, x0 + w / 2, base, w * 0.55)
    for k in (0.22, 0.78):
        x = x0 + w * k
        p.poly([(x - 12 * s, base), (x - 7 * s, cy), (x + 7 * s, cy), (x + 12 * s, base)], STEEL_SHADE)
    p.gradient_rect(x0, cy - h / 2, x0 + w, cy + h / 2, [mix(body, STEEL_SHADE, 0.3), body, body,
                    mix(body, STEEL_SHADE, 0.7)], radius=h / 2)
    p.rect(x0 + w * 0.3, cy - 2 * s, x0 + w * 0.7, cy + 2 * s, alpha(TEAL, 0.8))
    p.rect(x0 + w * 0.48, cy - h / 2 - 9 * s, x0 + w * 0.52, cy - h / 2, SLATE)
    p.circle(x0 + w * 0.5, cy - h / 2 - 12 * s, 5 * s, RED)


def chimney(p: Pen, cx: float, base: float, h: float, s: float, wb: float = 26.0, wt: float = 16.0,
            bands: tuple[Color, Color] = (SAFFRON, OFF_WHITE), body: Color = STEEL) -> None:
    wb, wt = wb * s, wt * s
    top = base - h
    p.gradient_poly([(cx - wt / 2, top), (cx + wt / 2, top), (cx + wb / 2, base), (cx - wb / 2, base)],
                    cylinder_stops(body, STEEL_SHADE), vertical=False)
    band_h = h * 0.045
    for k in range(4):
        y0, y1 = top + k * band_h, top + (k + 1) * band_h
        hw0 = (wt + (wb - wt) * (y0 - top) / h) / 2
        hw1 = (wt + (wb - wt) * (y1 - top) / h) / 2
        color = bands[k % 2]
        p.gradient_poly([(cx - hw0, y0), (cx + hw0, y0), (cx + hw1, y1), (cx - hw1, y1)],
                        cylinder_stops(color, mix(color, NAVY, 0.35)), vertical=False)
    p.rect(cx - wt / 2 - 2 * s, top - 3 * s, cx + wt / 2 + 2 * s, top, SLATE)
    py = top + h * 0.35
    hw = (wt + (wb - wt) * 0.35) / 2
    p.rect(cx - hw - 5 * s, py, cx + hw + 5 * s, py + 3 * s, SLATE)
    p.circle(cx, top - 5 * s, 2 * s, RED)


def plume(p: Pen, x: float, y: float, s: float, rng: random.Random, color: Color = OFF_WHITE,
          opacity: float = 0.45, length: float = 160.0, puffs: int = 9) -> None:
    """Vapour leaving a stack: a soft trail that widens downwind and thins out as it goes."""
    steps = puffs * 4
    sway = rng.uniform(0, math.tau)
    for start, fade in ((0.0, 1.0), (0.4, 0.55), (0.7, 0.3)):
        with p.veil(color, opacity * fade) as v:
            for i in range(steps):
                t = i / (steps - 1)
                if t < start:
                    continue
                px = x + t * length * s
                py = y - t * length * 0.32 * s - math.sin(t * 4 + sway) * 6 * s * t
                v.circle(px, py, (4 + 18 * t) * (1 + 0.16 * math.sin(t * 14 + sway)) * s, 255)


def pipe_rack(p: Pen, x0: float, x1: float, y: float, s: float) -> None:
    for x in range(int(x0), int(x1), max(1, int(46 * s))):
        p.rect(x, y - 2 * s, x + 3 * s, y + 40 * s, SLATE)
    for k, color in enumerate((STEEL_SHADE, TEAL, SAFFRON)):
        py = y + k * 7 * s
        p.line([(x0, py), (x1, py)], color, 4 * s, False)


def lattice(p: Pen, left: Sequence[Point], right: Sequence[Point], color: Paint, width: float) -> None:
    """Two rails with zig-zag bracing between matching points: masts, jibs, pylons."""
    p.line(left, color, width * 1.4, False)
    p.line(right, color, width * 1.4, False)
    zig = [pt for pair in zip(left, right, strict=True) for pt in pair]
    p.line(zig, color, width, False)


def tower_crane(p: Pen, x: float, base: float, h: float, s: float, jib: float = 170.0, back: float = 60.0,
                color: Color = SAFFRON, hook: float = 0.45) -> None:
    mast_w, top = 9 * s, base - h
    n = max(3, int(h / (12 * s)))
    left = [(x - mast_w / 2, base - i * h / n) for i in range(n + 1)]
    right = [(x + mast_w / 2, base - i * h / n) for i in range(n + 1)]
    lattice(p, left, right, color, 1.3 * s)
    jh = 8 * s
    segs = max(4, int((jib + back) / 12))
    xs = [x - back * s + (jib + back) * s * i / segs for i in range(segs + 1)]
    lattice(p, [(xx, top - jh) for xx in xs], [(xx, top) for xx in xs], color, 1.2 * s)
    p.poly([(x - mast_w / 2, top - jh), (x, top - jh - 30 * s), (x + mast_w / 2, top - jh)], color)
    p.line([(x, top - jh - 30 * s), (x + jib * s, top - jh)], mix(color, NAVY, 0.3), 1 * s, False)
    p.line([(x, top - jh - 30 * s), (x - back * s, top - jh)], mix(color, NAVY, 0.3), 1 * s, False)
    p.rect(x - back * s, top - jh + 1 * s, x - back * s + 22 * s, top + 10 * s, SLATE)
    p.rect(x + mast_w / 2, top + 1 * s, x + mast_w / 2 + 10 * s, top + 11 * s, mix(GLASS, OFF_WHITE, 0.3))
    tx = x + jib * s * 0.6
    p.rect(tx - 4 * s, top, tx + 4 * s, top + 4 * s, SLATE)
    hy = top + (base - top) * hook
    p.line([(tx, top + 4 * s), (tx, hy)], SLATE, 1 * s, False)
    p.rect(tx - 14 * s, hy, tx + 14 * s, hy + 8 * s, TEAL)


def pylon(p: Pen, cx: float, base: float, h: float, color: Color, s: float) -> list[Point]:
    """A transmission tower; returns the three insulator tips for wires."""
    top = base - h
    legs = [(cx - h * 0.16, base), (cx - h * 0.04, top + h * 0.2), (cx, top)]
    legs_r = [(2 * cx - x, y) for x, y in legs]
    lattice(p, [(cx - h * 0.16 + h * 0.12 * i / 6, base - h * 0.8 * i / 6) for i in range(7)],
            [(cx + h * 0.16 - h * 0.12 * i / 6, base - h * 0.8 * i / 6) for i in range(7)], color, 1.0 * s)
    p.line(legs, color, 1.4 * s, False)
    p.line(legs_r, color, 1.4 * s, False)
    tips = []
    for k, span in ((0.22, 0.22), (0.42, 0.17)):
        y = top + h * k
        p.line([(cx - h * span, y), (cx + h * span, y)], color, 1.6 * s, False)
        tips += [(cx - h * span, y + 5 * s), (cx + h * span, y + 5 * s)]
    return tips


def wire(p: Pen, a: Point, b: Point, color: Paint, s: float, sag: float = 18.0) -> None:
    pts = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + sag * s * 4 * t * (1 - t))
           for t in (i / 16 for i in range(17))]
    p.line(pts, color, 0.8 * s, False)


def wind_turbine(p: Pen, x: float, base: float, h: float, s: float, angle: float = 20.0,
                 color: Color = OFF_WHITE) -> None:
    hub = (x, base - h)
    p.gradient_poly([(x - 2 * s, hub[1]), (x + 2 * s, hub[1]), (x + 5 * s, base), (x - 5 * s, base)],
                    cylinder_stops(color, STEEL_SHADE), vertical=False)
    blade = h * 0.55
    for k in range(3):
        a = angle + k * 120
        pts = [(x - 3 * s, hub[1]), (x, hub[1] - blade), (x + 6 * s, hub[1] - blade * 0.2), (x + 3 * s, hub[1])]
        p.poly(rotated(pts, x, hub[1], a), color)
    p.rect(x - 5 * s, hub[1] - 4 * s, x + 9 * s, hub[1] + 4 * s, color, radius=3 * s)
    p.circle(x, hub[1], 4 * s, STEEL_SHADE)


def solar_array(p: Pen, x: float, base: float, w: float, s: float, rows: int = 2) -> None:
    ph = w * 0.18
    for r in range(rows):
        y = base - r * ph * 0.5
        xo = x + r * w * 0.06
        pts = [(xo, y - ph * 0.45), (xo + w * 0.12, y - ph * 1.2), (xo + w, y - ph * 1.2), (xo + w - w * 0.12,
                                                                                       y - ph * 0.45)]
        p.line([(xo + w * 0.2, y), (xo + w * 0.2, y - ph * 0.8)], SLATE, 1.5 * s, False)
        p.line([(xo + w * 0.8, y), (xo + w * 0.8, y - ph * 0.8)], SLATE, 1.5 * s, False)
        p.gradient_poly(pts, [mix(BLUE, GLASS_LIT, 0.4), BLUE], vertical=True)
        for k in range(1, 6):
            t = k / 6
            p.line([(pts[0][0] + (pts[3][0] - pts[0][0]) * t, pts[0][1]), (pts[1][0] + (pts[2][0] - pts[1][0]) * t,
                    pts[1][1])], alpha(GLASS_LIT, 0.6), 0.8 * s, False)


def cooling_tower(p: Pen, cx: float, base: float, w: float, h: float, rng: random.Random, s: float,
                  vapour: Color = OFF_WHITE) -> None:
    def half_width(t: float) -> float:  # t: 0 at base .. 1 at top; narrows to a waist then flares
        return w / 2 * (1 - 0.42 * math.sin(min(t / 0.78, 1) * math.pi / 2) + 0.12 * max(0.0, t - 0.78) / 0.22)

    steps = 20
    right = [(cx + half_width(i / steps), base - h * i / steps) for i in range(steps + 1)]
    left = [(2 * cx - x, y) for x, y in reversed(right)]
    p.gradient_poly(right + left, cylinder_stops(WALL, WALL_SHADE), vertical=False)
    plume(p, cx - w * 0.2, base - h - 4 * s, s, rng, vapour, 0.55, length=90, puffs=7)


def sts_crane(p: Pen, x: float, base: float, h: float, s: float, color: Color = TEAL) -> None:
    """Ship-to-shore container crane: A-frame legs, a boom reaching out over the water to the left."""
    legs_w = 70 * s
    deck = base - h * 0.6
    for lx in (x, x + legs_w):
        p.rect(lx - 3 * s, deck, lx + 3 * s, base, color)
    p.line([(x, base - h * 0.25), (x + legs_w, base - h * 0.25)], color, 4 * s, False)
    p.line([(x, deck), (x + legs_w, base - h * 0.25)], color, 2 * s, False)
    boom_y = deck - 8 * s
    p.rect(x - 180 * s, boom_y, x + legs_w + 40 * s, boom_y + 8 * s, color)
    p.poly([(x + legs_w * 0.2, boom_y), (x + legs_w * 0.45, base - h), (x + legs_w * 0.6, base - h),
            (x + legs_w * 0.8, boom_y)], color)
    apex = (x + legs_w * 0.52, base - h)
    p.line([apex, (x - 175 * s, boom_y)], mix(color, NAVY, 0.35), 1.6 * s, False)
    p.line([apex, (x + legs_w + 36 * s, boom_y)], mix(color, NAVY, 0.35), 1.6 * s, False)
    p.rect(x + legs_w * 0.35, boom_y + 8 * s, x + legs_w + 30 * s, boom_y + 26 * s, OFF_WHITE)
    tx = x - 100 * s
    p.rect(tx - 8 * s, boom_y + 8 * s, tx + 8 * s, boom_y + 14 * s, SLATE)
    p.line([(tx - 5 * s, boom_y + 14 * s), (tx - 5 * s, deck + 40 * s)], SLATE, 1 * s, False)
    p.line([(tx + 5 * s, boom_y + 14 * s), (tx + 5 * s, deck + 40 * s)], SLATE, 1 * s, False)
    p.rect(tx - 14 * s, deck + 40 * s, tx + 14 * s, deck + 45 * s, SAFFRON)


def containers(p: Pen, x0: float, base: float, cols: int, rows: int, s: float, rng: random.Random,
               cw: float = 30.0, ch: float = 12.0) -> None:
    cw, ch = cw * s, ch * s
    for r in range(rows):
        for c in range(cols - (r % 2 if rows > 2 else 0)):
            color = rng.choice(CONTAINER_COLORS)
            x, y = x0 + c * cw, base - (r + 1) * ch
            p.rect(x + 0.6 * s, y + 0.6 * s, x + cw - 0.6 * s, y + ch - 0.6 * s, color)
            for k in range(1, 6):
                lx = x + cw * k / 6
                p.line([(lx, y + 2 * s), (lx, y + ch - 2 * s)], alpha(NAVY, 0.15), 0.8 * s, False)


def ship(p: Pen, x0: float, waterline: float, length: float, s: float, rng: random.Random) -> None:
    hh = length * 0.12
    deck = waterline - hh * 0.75
    hull = [(x0, deck), (x0 + length, deck - hh * 0.15), (x0 + length - hh * 0.6, waterline + hh * 0.25),
            (x0 + hh * 0.3, waterline + hh * 0.25)]
    containers(p, x0 + length * 0.26, deck, int(length * 0.62 / (30 * s)), 3, s, rng)
    p.rect(x0 + length * 0.04, deck - hh * 1.9, x0 + length * 0.2, deck, OFF_WHITE)
    p.rect(x0 + length * 0.02, deck - hh * 1.9, x0 + length * 0.22, deck - hh * 1.7, OFF_WHITE)
    for k in range(3):
        y = deck - hh * (1.55 - k * 0.45)
        p.rect(x0 + length * 0.06, y, x0 + length * 0.18, y + hh * 0.14, GLASS)
    p.rect(x0 + length * 0.09, deck - hh * 2.5, x0 + length * 0.14, deck - hh * 1.9, SAFFRON)
    p.poly(hull, NAVY)
    p.poly([hull[3], hull[2], (hull[2][0] + hh * 0.05, waterline), (hull[3][0] - hh * 0.02, waterline)], RED)
    p.line([(x0, deck), (x0 + length, deck - hh * 0.15)], TEAL, 2 * s, False)


def telecom_tower(p: Pen, cx: float, base: float, h: float, s: float, color: Color = OFF_WHITE,
                  signal: bool = True) -> None:
    top = base - h
    n = max(6, int(h / (16 * s)))
    left = [(cx - h * 0.1 + h * 0.07 * i / n, base - h * i / n) for i in range(n + 1)]
    right = [(2 * cx - x, y) for x, y in left]
    lattice(p, left, right, color, 1.2 * s)
    for k, band in enumerate((SAFFRON, OFF_WHITE, SAFFRON)):
        y = top + k * h * 0.05
        p.rect(cx - h * 0.035, y, cx + h * 0.035, y + h * 0.05, band)
    for side in (-1, 1):
        for k in range(2):
            ax = cx + side * (h * 0.045 + k * 6 * s)
            p.rect(ax - 2.5 * s, top + h * 0.02, ax + 2.5 * s, top + h * 0.11, OFF_WHITE, radius=1.5 * s)
    for side, y in ((-1, 0.24), (1, 0.32)):
        dx = cx + side * h * 0.06
        p.ellipse(dx + side * 4 * s, top + h * y, 5 * s, 10 * s, OFF_WHITE)
        p.ellipse(dx + side * 6 * s, top + h * y, 3 * s, 8 * s, WALL_SHADE)
    p.line([(cx, top), (cx, top - 18 * s)], color, 2 * s)
    p.circle(cx, top - 20 * s, 3 * s, RED)
    if signal:
        for k in range(3):
            r = (26 + k * 16) * s
            for start in (-150, -60):
                p.arc(cx, top + h * 0.06, r, start, start + 30 + 0 * k, alpha(OFF_WHITE, 0.7 - k * 0.18), 3 * s)


def blast_furnace(p: Pen, cx: float, base: float, h: float, s: float, rng: random.Random) -> None:
    top = base - h
    # Hot-blast stoves: tall domed cylinders beside the furnace.
    for k in range(3):
        x = cx + (60 + k * 34) * s
        p.gradient_rect(x - 13 * s, base - h * 0.7, x + 13 * s, base, cylinder_stops(STEEL, STEEL_SHADE), False)
        p.gradient_ellipse(x, base - h * 0.7, 13 * s, 12 * s, cylinder_stops(STEEL, STEEL_SHADE), False)
    p.line([(cx + 40 * s, base - h * 0.35), (cx + 136 * s, base - h * 0.35)], SLATE, 6 * s, False)
    # Furnace body: tapering shell, top house and downcomers.
    shell = [(cx - 38 * s, base), (cx - 46 * s, base - h * 0.28), (cx - 30 * s, base - h * 0.62),
             (cx - 22 * s, base - h * 0.72), (cx + 22 * s, base - h * 0.72), (cx + 30 * s, base - h * 0.62),
             (cx + 46 * s, base - h * 0.28), (cx + 38 * s, base)]
    p.gradient_poly(shell, cylinder_stops(mix(STEEL_SHADE, SLATE, 0.2), mix(SLATE, NAVY, 0.4)), vertical=False)
    for k in (0.2, 0.4, 0.55):
        p.line([(cx - 44 * s, base - h * k), (cx + 44 * s, base - h * k)], alpha(NAVY, 0.35), 2 * s, False)
    p.rect(cx - 26 * s, base - h * 0.86, cx + 26 * s, base - h * 0.72, STEEL_SHADE)
    for side in (-1, 1):
        p.line([(cx + side * 14 * s, base - h * 0.86), (cx + side * 20 * s, top), (cx + side * 48 * s, top + 14 * s),
                (cx + side * 56 * s, base - h * 0.2)], SLATE, 5 * s)
    # Cast house glow at the foot.
    p.glow(cx, base - 6 * s, 90 * s, SAFFRON, 0.55)
    p.rect(cx - 30 * s, base - 16 * s, cx + 30 * s, base, (255, 196, 80))


def conveyor(p: Pen, a: Point, b: Point, s: float, color: Color = SLATE) -> None:
    p.line([a, b], color, 7 * s, False)
    p.line([(a[0], a[1] - 5 * s), (b[0], b[1] - 5 * s)], mix(color, OFF_WHITE, 0.3), 2 * s, False)
    n = max(2, int(math.dist(a, b) / (40 * s)))
    for i in range(1, n):
        t = i / n
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        p.line([(x, y), (x, max(y, a[1]))], color, 2.5 * s, False)


def pump_jack(p: Pen, x: float, base: float, s: float, color: Color = SAFFRON, tilt: float = 8.0) -> None:
    p.rect(x - 10 * s, base - 6 * s, x + 110 * s, base, SLATE)
    p.poly([(x + 40 * s, base - 6 * s), (x + 58 * s, base - 72 * s), (x + 64 * s, base - 72 * s),
            (x + 80 * s, base - 6 * s)], mix(SLATE, STEEL_SHADE, 0.4))
    pivot = (x + 61 * s, base - 76 * s)
    beam = rotated([(x - 6 * s, pivot[1] - 4 * s), (x + 120 * s, pivot[1] - 4 * s), (x + 120 * s, pivot[1] + 4 * s),
                    (x - 6 * s, pivot[1] + 4 * s)], *pivot, tilt)
    p.poly(beam, color)
    head = rotated([(x - 6 * s, pivot[1] - 10 * s), (x + 6 * s, pivot[1] - 10 * s), (x + 6 * s, pivot[1] + 22 * s),
                    (x - 10 * s, pivot[1] + 14 * s)], *pivot, tilt)
    p.poly(head, color)
    p.line([head[3], (head[3][0], base - 8 * s)], SLATE, 1.5 * s, False)
    p.rect(head[3][0] - 6 * s, base - 14 * s, head[3][0] + 6 * s, base - 6 * s, SLATE)
    tail = rotated([(x + 112 * s, pivot[1])], *pivot, tilt)[0]
    p.line([tail, (x + 100 * s, base - 30 * s)], SLATE, 3 * s)
    p.circle(x + 100 * s, base - 30 * s, 14 * s, mix(SLATE, NAVY, 0.3))
    p.circle(x + 100 * s, base - 30 * s, 4 * s, color)


def process_column(p: Pen, cx: float, base: float, w: float, h: float, s: float) -> None:
    """A refinery/prilling column with platforms and a ladder."""
    p.gradient_rect(cx - w / 2, base - h, cx + w / 2, base, cylinder_stops(STEEL, STEEL_SHADE), False)
    p.gradient_ellipse(cx, base - h, w / 2, w * 0.3, cylinder_stops(STEEL, STEEL_SHADE), False)
    for k in (0.3, 0.6, 0.85):
        y = base - h * k
        p.rect(cx - w / 2 - 6 * s, y, cx + w / 2 + 6 * s, y + 2.5 * s, SLATE)
    p.line([(cx + w / 2 + 3 * s, base), (cx + w / 2 + 3 * s, base - h * 0.85)], alpha(SLATE, 0.8), 1.5 * s, False)


def flare_stack(p: Pen, cx: float, base: float, h: float, s: float) -> None:
    p.line([(cx, base), (cx, base - h)], STEEL_SHADE, 4 * s, False)
    for k in (0.3, 0.6):
        p.line([(cx - 12 * s, base), (cx, base - h * k)], alpha(STEEL_SHADE, 0.8), 1 * s, False)
        p.line([(cx + 12 * s, base), (cx, base - h * k)], alpha(STEEL_SHADE, 0.8), 1 * s, False)
    p.glow(cx, base - h - 8 * s, 30 * s, SAFFRON, 0.5)
    flame(p, cx, base - h - 2 * s, 14 * s)


def flame(p: Pen, cx: float, base: float, h: float) -> None:
    outer = [(cx, base - h)] + [(cx + h * 0.38 * math.sin(a), base - h * 0.32 + h * 0.32 * math.cos(a))
                                for a in _arc_angles(60, 300)]
    p.poly(outer, SAFFRON)
    inner = [(cx, base - h * 0.6)] + [(cx + h * 0.2 * math.sin(a), base - h * 0.2 + h * 0.18 * math.cos(a))
                                      for a in _arc_angles(60, 300)]
    p.poly(inner, (255, 230, 150))


# --------------------------------------------------------------------------- vehicles


def wheel(p: Pen, cx: float, cy: float, r: float) -> None:
    p.circle(cx, cy, r, mix(SLATE, NAVY, 0.5))
    p.circle(cx, cy, r * 0.45, STEEL_SHADE)


def truck(p: Pen, x: float, base: float, s: float, load: str = "box", color: Color = OFF_WHITE,
          cab: Color = TEAL) -> None:
    """A truck facing right: `load` is "box", "container", "tank" or "tipper"."""
    r = 9 * s
    axle = base - r
    contact_shadow(p, x + 80 * s, base, 90 * s)
    if load == "tank":
        p.gradient_rect(x, axle - 44 * s, x + 118 * s, axle - 6 * s, [OFF_WHITE, STEEL, STEEL_SHADE], radius=19 * s)
        p.rect(x + 10 * s, axle - 27 * s, x + 108 * s, axle - 22 * s, color)
    elif load == "tipper":
        p.poly([(x, axle - 40 * s), (x + 118 * s, axle - 40 * s), (x + 110 * s, axle - 6 * s),
                (x + 6 * s, axle - 6 * s)], color)
        p.poly([(x + 8 * s, axle - 40 * s), (x + 40 * s, axle - 52 * s), (x + 90 * s, axle - 50 * s),
                (x + 112 * s, axle - 40 * s)], SOIL)
    else:
        p.rect(x, axle - 52 * s, x + 118 * s, axle - 6 * s, color, radius=2 * s)
        p.rect(x, axle - 52 * s, x + 118 * s, axle - 46 * s, mix(color, NAVY, 0.12))
        if load == "container":
            for k in range(1, 12):
                lx = x + k * 118 * s / 12
                p.line([(lx, axle - 44 * s), (lx, axle - 10 * s)], alpha(NAVY, 0.18), 1.2 * s, False)
    p.rect(x - 2 * s, axle - 8 * s, x + 150 * s, axle - 2 * s, SLATE)
    p.poly([(x + 122 * s, axle - 4 * s), (x + 122 * s, axle - 44 * s), (x + 140 * s, axle - 44 * s),
            (x + 152 * s, axle - 26 * s), (x + 152 * s, axle - 4 * s)], cab)
    p.poly([(x + 128 * s, axle - 40 * s), (x + 139 * s, axle - 40 * s), (x + 147 * s, axle - 27 * s),
            (x + 128 * s, axle - 27 * s)], GLASS_LIT)
    for wx in (x + 16 * s, x + 36 * s, x + 136 * s):
        wheel(p, wx, axle, r)


def fire_truck(p: Pen, x: float, base: float, s: float, ladder_to: Point | None = None) -> None:
    r = 9 * s
    axle = base - r
    contact_shadow(p, x + 80 * s, base, 95 * s)
    p.rect(x, axle - 40 * s, x + 120 * s, axle - 4 * s, RED, radius=3 * s)
    for k in range(3):
        p.rect(x + 8 * s + k * 36 * s, axle - 32 * s, x + 36 * s + k * 36 * s, axle - 12 * s, mix(RED, NAVY, 0.25),
               radius=2 * s)
    p.rect(x, axle - 20 * s, x + 160 * s, axle - 17 * s, OFF_WHITE)
    p.poly([(x + 122 * s, axle - 4 * s), (x + 122 * s, axle - 50 * s), (x + 146 * s, axle - 50 * s),
            (x + 160 * s, axle - 28 * s), (x + 160 * s, axle - 4 * s)], RED)
    p.poly([(x + 128 * s, axle - 46 * s), (x + 144 * s, axle - 46 * s), (x + 154 * s, axle - 30 * s),
            (x + 128 * s, axle - 30 * s)], GLASS_LIT)
    p.rect(x + 130 * s, axle - 56 * s, x + 146 * s, axle - 50 * s, SAFFRON, radius=2 * s)
    start = (x + 20 * s, axle - 44 * s)
    end = ladder_to or (x + 110 * s, axle - 50 * s)
    p.line([start, end], STEEL, 4 * s, False)
    p.line([(start[0], start[1] - 5 * s), (end[0], end[1] - 5 * s)], STEEL, 2 * s, False)
    for t in (i / 14 for i in range(15)):
        px, py = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
        p.line([(px, py), (px, py - 5 * s)], STEEL, 1.2 * s, False)
    for wx in (x + 22 * s, x + 44 * s, x + 140 * s):
        wheel(p, wx, axle, r)


def ambulance(p: Pen, x: float, base: float, s: float) -> None:
    r = 8 * s
    axle = base - r
    contact_shadow(p, x + 55 * s, base, 60 * s)
    p.rect(x, axle - 46 * s, x + 80 * s, axle - 2 * s, OFF_WHITE, radius=4 * s)
    p.poly([(x + 78 * s, axle - 2 * s), (x + 78 * s, axle - 40 * s), (x + 96 * s, axle - 40 * s),
            (x + 110 * s, axle - 22 * s), (x + 110 * s, axle - 2 * s)], OFF_WHITE)
    p.poly([(x + 84 * s, axle - 36 * s), (x + 95 * s, axle - 36 * s), (x + 105 * s, axle - 23 * s),
            (x + 84 * s, axle - 23 * s)], GLASS)
    p.rect(x, axle - 18 * s, x + 110 * s, axle - 13 * s, TEAL)
    medical_cross(p, x + 40 * s, axle - 32 * s, 16 * s, TEAL)
    p.rect(x + 70 * s, axle - 50 * s, x + 84 * s, axle - 46 * s, RED, radius=1.5 * s)
    for wx in (x + 20 * s, x + 92 * s):
        wheel(p, wx, axle, r)


def aircraft(p: Pen, cx: float, cy: float, length: float, degrees: float, body: Color = OFF_WHITE,
             tail: Color = TEAL) -> None:
    """A side-on airliner flying left, gear down, nose tilted by `degrees`."""
    L = length
    r = L * 0.055

    def rot(pts: Sequence[Point]) -> list[Point]:
        return rotated(pts, cx, cy, degrees)

    fin = [(cx + L * 0.34, cy - r), (cx + L * 0.44, cy - r * 4.2), (cx + L * 0.5, cy - r * 4.2), (cx + L * 0.5, cy)]
    p.poly(rot(fin), tail)
    far_wing = [(cx - L * 0.02, cy), (cx + L * 0.14, cy - r * 1.6), (cx + L * 0.18, cy - r * 1.6), (cx + L * 0.1, cy)]
    p.poly(rot(far_wing), mix(body, STEEL_SHADE, 0.5))
    hull = [(cx - L * 0.5 + r * (1 - math.cos(a)), cy - r * math.sin(a) * 1.0) for a in _arc_angles(0, 90)]
    hull += [(cx + L * 0.5, cy - r * 0.9), (cx + L * 0.5, cy - r * 0.2), (cx + L * 0.34, cy + r)]
    hull += [(cx - L * 0.5 + r * (1 - math.cos(a)), cy + r * math.sin(a)) for a in _arc_angles(90, 0)]
    p.gradient_poly(rot(hull), [OFF_WHITE, body, mix(body, STEEL_SHADE, 0.7)])
    p.poly(rot([(cx - L * 0.47, cy - r * 0.1), (cx + L * 0.4, cy - r * 0.1), (cx + L * 0.4, cy + r * 0.15),
                (cx - L * 0.47, cy + r * 0.15)]), tail)
    for i in range(16):
        wx = cx - L * 0.36 + i * L * 0.044
        (px, py), = rot([(wx, cy - r * 0.45)])
        p.circle(px, py, r * 0.16, GLASS)
    p.poly(rot([(cx - L * 0.46, cy - r * 0.55), (cx - L * 0.42, cy - r * 0.55), (cx - L * 0.42, cy - r * 0.2),
                (cx - L * 0.47, cy - r * 0.2)]), GLASS)
    wing = [(cx - L * 0.06, cy + r * 0.3), (cx + L * 0.16, cy + r * 2.4), (cx + L * 0.2, cy + r * 2.4),
            (cx + L * 0.1, cy + r * 0.3)]
    p.poly(rot(wing), mix(body, STEEL_SHADE, 0.25))
    p.poly(rot(capsule_points(cx - L * 0.02, cy + r * 1.15, L * 0.12, r * 0.9)), mix(body, STEEL_SHADE, 0.4))
    p.poly(rot([(cx + L * 0.4, cy - r * 0.6), (cx + L * 0.52, cy - r * 0.9), (cx + L * 0.53, cy - r * 0.6)]),
           mix(tail, NAVY, 0.2))
    for gx, drop in ((cx - L * 0.36, 1.6), (cx + L * 0.06, 1.9)):
        (a, b) = rot([(gx, cy + r * 0.8), (gx, cy + r * (0.8 + drop))])
        p.line([a, b], SLATE, r * 0.14)
        p.circle(b[0], b[1], r * 0.3, mix(SLATE, NAVY, 0.5))


def excavator(p: Pen, x: float, base: float, s: float, color: Color = SAFFRON) -> None:
    p.rect(x, base - 14 * s, x + 80 * s, base, mix(SLATE, NAVY, 0.4), radius=7 * s)
    for k in range(5):
        p.circle(x + 9 * s + k * 15.5 * s, base - 7 * s, 4 * s, STEEL_SHADE)
    p.rect(x + 4 * s, base - 40 * s, x + 78 * s, base - 16 * s, color, radius=3 * s)
    p.rect(x + 44 * s, base - 62 * s, x + 74 * s, base - 38 * s, color, radius=3 * s)
    p.rect(x + 50 * s, base - 58 * s, x + 70 * s, base - 42 * s, GLASS_LIT, radius=2 * s)
    p.rect(x + 4 * s, base - 44 * s, x + 36 * s, base - 38 * s, mix(color, NAVY, 0.25))
    boom = [(x + 66 * s, base - 36 * s), (x + 112 * s, base - 90 * s), (x + 150 * s, base - 40 * s)]
    p.line(boom[:2], color, 9 * s)
    p.line(boom[1:], color, 7 * s)
    bx, by = boom[2]
    p.poly([(bx - 6 * s, by - 4 * s), (bx + 14 * s, by - 2 * s), (bx + 10 * s, by + 18 * s), (bx - 8 * s, by + 10 * s)],
           mix(SLATE, NAVY, 0.3))


# --------------------------------------------------------------------------- objects and symbols


def drum(p: Pen, cx: float, base: float, w: float, h: float, color: Color, hazard: bool = False) -> None:
    x0, x1 = cx - w / 2, cx + w / 2
    p.gradient_rect(x0, base - h, x1, base, cylinder_stops(color, mix(color, NAVY, 0.5)), False, radius=w * 0.06)
    p.ellipse(cx, base - h, w / 2, w * 0.1, mix(color, OFF_WHITE, 0.25))
    p.ellipse(cx, base - h, w * 0.42, w * 0.07, mix(color, NAVY, 0.25))
    for k in (0.33, 0.66):
        p.line([(x0, base - h * k), (x1, base - h * k)], alpha(NAVY, 0.3), max(1.0, h * 0.03), False)
    if hazard:
        hazard_diamond(p, cx - w * 0.05, base - h * 0.5, w * 0.24)


def hazard_diamond(p: Pen, cx: float, cy: float, r: float, color: Color = SAFFRON) -> None:
    p.poly([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], NAVY)
    r2 = r * 0.84
    p.poly([(cx, cy - r2), (cx + r2, cy), (cx, cy + r2), (cx - r2, cy)], color)
    p.rect(cx - r * 0.08, cy - r * 0.5, cx + r * 0.08, cy + r * 0.12, NAVY, radius=r * 0.06)
    p.circle(cx, cy + r * 0.32, r * 0.09, NAVY)


def waste_bin(p: Pen, cx: float, base: float, w: float, h: float, color: Color) -> None:
    contact_shadow(p, cx, base, w * 0.6)
    body = [(cx - w / 2, base - h * 0.9), (cx + w / 2, base - h * 0.9), (cx + w * 0.42, base), (cx - w * 0.42, base)]
    p.gradient_poly(body, cylinder_stops(color, mix(color, NAVY, 0.35)), vertical=False)
    p.rect(cx - w * 0.54, base - h, cx + w * 0.54, base - h * 0.88, mix(color, NAVY, 0.2), radius=w * 0.05)
    p.rect(cx - w * 0.14, base - h * 1.04, cx + w * 0.14, base - h, mix(color, NAVY, 0.35), radius=w * 0.03)
    p.circle(cx, base - h * 0.55, w * 0.16, alpha(OFF_WHITE, 0.85))
    p.circle(cx, base - h * 0.55, w * 0.07, mix(color, NAVY, 0.2))
    p.rect(cx - w * 0.2, base - h * 0.06, cx + w * 0.2, base, SLATE)


def extinguisher(p: Pen, cx: float, base: float, h: float) -> None:
    w = h * 0.34
    contact_shadow(p, cx, base, w * 0.8)
    p.gradient_rect(cx - w / 2, base - h * 0.8, cx + w / 2, base, cylinder_stops(RED, mix(RED, NAVY, 0.45)), False,
                    radius=w * 0.45)
    p.rect(cx - w * 0.15, base - h * 0.9, cx + w * 0.15, base - h * 0.78, mix(SLATE, NAVY, 0.3))
    p.poly([(cx - w * 0.1, base - h * 0.92), (cx + w * 0.7, base - h * 1.0), (cx + w * 0.72, base - h * 0.95),
            (cx + w * 0.05, base - h * 0.88)], SLATE)
    p.line([(cx - w * 0.1, base - h * 0.88), (cx - w * 0.75, base - h * 0.75), (cx - w * 0.8, base - h * 0.35)],
           mix(SLATE, NAVY, 0.4), w * 0.1)
    p.rect(cx - w * 0.36, base - h * 0.55, cx + w * 0.36, base - h * 0.3, OFF_WHITE, radius=w * 0.04)
    p.rect(cx - w * 0.36, base - h * 0.5, cx + w * 0.36, base - h * 0.44, SAFFRON)


def hydrant(p: Pen, cx: float, base: float, h: float) -> None:
    w = h * 0.42
    contact_shadow(p, cx, base, w)
    p.rect(cx - w * 0.62, base - h * 0.1, cx + w * 0.62, base, mix(RED, NAVY, 0.3), radius=w * 0.05)
    p.gradient_rect(cx - w / 2, base - h * 0.78, cx + w / 2, base - h * 0.08, cylinder_stops(RED, mix(RED, NAVY, 0.4)),
                    False)
    p.gradient_ellipse(cx, base - h * 0.78, w / 2, h * 0.2, cylinder_stops(RED, mix(RED, NAVY, 0.4)), False)
    p.rect(cx - w * 0.62, base - h * 0.82, cx + w * 0.62, base - h * 0.76, mix(RED, NAVY, 0.25))
    p.rect(cx - w * 0.1, base - h, cx + w * 0.1, base - h * 0.93, SLATE)
    for side in (-1, 1):
        ox = cx + side * w * 0.5
        p.rect(min(ox, ox + side * w * 0.35), base - h * 0.56, max(ox, ox + side * w * 0.35), base - h * 0.4, RED)
        p.rect(min(ox + side * w * 0.3, ox + side * w * 0.42), base - h * 0.6,
               max(ox + side * w * 0.3, ox + side * w * 0.42), base - h * 0.36, SLATE)


def paper(p: Pen, x: float, y: float, w: float, h: float, rng: random.Random, header: Color = TEAL,
          lines: int = 6) -> None:
    """A document: header bar and grey text lines (never real text)."""
    p.rect(x + w * 0.04, y + w * 0.05, x + w * 1.04, y + h + w * 0.05, alpha(NAVY, 0.18), radius=w * 0.04)
    p.rect(x, y, x + w, y + h, OFF_WHITE, radius=w * 0.04)
    p.rect(x + w * 0.1, y + h * 0.08, x + w * 0.62, y + h * 0.08 + w * 0.07, header, radius=w * 0.02)
    for i in range(lines):
        ly = y + h * 0.25 + i * h * 0.1
        length = w * (0.8 if i % 3 != 2 else 0.5) * rng.uniform(0.85, 1.0)
        p.rect(x + w * 0.1, ly, x + w * 0.1 + length, ly + w * 0.035, mix(WALL_SHADE, OFF_WHITE, 0.2), radius=w * 0.02)


def stamp_mark(p: Pen, cx: float, cy: float, r: float, color: Color = TEAL, opacity: float = 0.85) -> None:
    ink = alpha(color, opacity)
    p.ring(cx, cy, r, ink, r * 0.12)
    p.ring(cx, cy, r * 0.72, ink, r * 0.05)
    p.poly(star_points(cx, cy, r * 0.42), ink)


def seal(p: Pen, cx: float, cy: float, r: float, color: Color = SAFFRON) -> None:
    for side in (-1, 1):
        p.poly([(cx + side * r * 0.2, cy), (cx + side * r * 0.7, cy + r * 1.6), (cx + side * r * 0.45, cy + r * 1.4),
                (cx + side * r * 0.25, cy + r * 1.7), (cx, cy)], mix(color, NAVY, 0.25))
    p.poly(star_points(cx, cy, r, 16), color)
    p.circle(cx, cy, r * 0.62, mix(color, OFF_WHITE, 0.35))
    p.circle(cx, cy, r * 0.45, color)


def rubber_stamp(p: Pen, cx: float, base: float, h: float, color: Color = BLUE) -> None:
    p.rect(cx - h * 0.45, base - h * 0.22, cx + h * 0.45, base, mix(color, NAVY, 0.3), radius=h * 0.04)
    p.rect(cx - h * 0.36, base - h * 0.32, cx + h * 0.36, base - h * 0.2, color, radius=h * 0.03)
    p.rect(cx - h * 0.1, base - h * 0.8, cx + h * 0.1, base - h * 0.3, color)
    p.circle(cx, base - h * 0.86, h * 0.2, mix(color, OFF_WHITE, 0.15))


def check_mark(p: Pen, cx: float, cy: float, size: float, color: Paint, width: float) -> None:
    p.line([(cx - size * 0.5, cy), (cx - size * 0.12, cy + size * 0.36), (cx + size * 0.5, cy - size * 0.36)],
           color, width)


def clipboard(p: Pen, x: float, y: float, w: float, h: float, rows: int = 5, checked: int = 4,
              board: Color = BLUE) -> None:
    p.rect(x + w * 0.05, y + w * 0.06, x + w * 1.05, y + h + w * 0.06, alpha(NAVY, 0.2), radius=w * 0.06)
    p.rect(x, y, x + w, y + h, board, radius=w * 0.06)
    p.rect(x + w * 0.08, y + h * 0.07, x + w * 0.92, y + h * 0.95, OFF_WHITE, radius=w * 0.03)
    p.rect(x + w * 0.3, y - h * 0.03, x + w * 0.7, y + h * 0.06, STEEL_SHADE, radius=w * 0.04)
    p.circle(x + w * 0.5, y - h * 0.01, w * 0.04, board)
    step = h * 0.8 / rows
    for i in range(rows):
        cy = y + h * 0.2 + i * step
        box = w * 0.11
        p.rect(x + w * 0.16, cy - box / 2, x + w * 0.16 + box, cy + box / 2, WALL_SHADE, radius=box * 0.2)
        p.rect(x + w * 0.32, cy - w * 0.02, x + w * (0.82 - 0.08 * (i % 2)), cy + w * 0.02, WALL_SHADE, radius=w * 0.02)
        if i < checked:
            check_mark(p, x + w * 0.16 + box / 2, cy - box * 0.05, box * 0.9, TEAL, w * 0.03)


def shield(p: Pen, cx: float, top: float, w: float, color: Color = TEAL, check: Color = OFF_WHITE) -> None:
    h = w * 1.18
    p.poly([(x + w * 0.04, y + w * 0.05) for x, y in shield_points(cx, top, w, h)], alpha(NAVY, 0.25))
    p.gradient_poly(shield_points(cx, top, w, h), [mix(color, OFF_WHITE, 0.15), color, mix(color, NAVY, 0.3)])
    p.poly(shield_points(cx, top + w * 0.08, w * 0.8, h * 0.84), alpha(OFF_WHITE, 0.12))
    check_mark(p, cx, top + h * 0.46, w * 0.46, check, w * 0.1)


def bar_chart(p: Pen, x0: float, base: float, w: float, h: float, s: float, bars: int = 5,
              trend: Color = SAFFRON) -> None:
    step = w / bars
    tops = []
    for i in range(bars):
        bh = h * (0.3 + 0.7 * (i + 1) / bars) * (0.92 if i % 2 else 1.0)
        x = x0 + i * step + step * 0.18
        p.gradient_rect(x, base - bh, x + step * 0.64, base, [mix(TEAL, OFF_WHITE, 0.35), TEAL], radius=3 * s)
        tops.append((x + step * 0.32, base - bh - h * 0.12))
    p.line(tops, trend, 5 * s)
    tip = tops[-1]
    p.poly(rotated([(tip[0] + 16 * s, tip[1]), (tip[0] - 4 * s, tip[1] - 11 * s), (tip[0] - 4 * s, tip[1] + 11 * s)],
                   tip[0], tip[1], -30), trend)
    for pt in tops[:-1]:
        p.circle(pt[0], pt[1], 6 * s, OFF_WHITE)
        p.circle(pt[0], pt[1], 3.5 * s, trend)


def gauge(p: Pen, cx: float, cy: float, r: float, value: float = 0.62) -> None:
    p.circle(cx + r * 0.06, cy + r * 0.08, r * 1.05, alpha(NAVY, 0.2))
    p.gradient_ellipse(cx, cy, r, r, [OFF_WHITE, STEEL_SHADE])
    p.circle(cx, cy, r * 0.86, OFF_WHITE)
    for start, end, color in ((135, 270, TEAL), (270, 345, SAFFRON), (345, 405, RED)):
        p.arc(cx, cy, r * 0.72, start, end, color, r * 0.08)
    for k in range(11):
        a = math.radians(135 + 27 * k)
        inner = r * (0.56 if k % 5 == 0 else 0.6)
        p.line([(cx + inner * math.cos(a), cy + inner * math.sin(a)),
                (cx + r * 0.66 * math.cos(a), cy + r * 0.66 * math.sin(a))], SLATE, r * 0.03, False)
    a = math.radians(135 + 270 * value)
    tip = (cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a))
    side = (math.cos(a + math.pi / 2) * r * 0.06, math.sin(a + math.pi / 2) * r * 0.06)
    p.poly([tip, (cx + side[0], cy + side[1]), (cx - side[0], cy - side[1])], NAVY)
    p.circle(cx, cy, r * 0.1, NAVY)


def data_card(p: Pen, x: float, y: float, w: float, h: float, rng: random.Random, kind: str = "line") -> None:
    """A floating dashboard card (chart only, no text), the house motif for monitoring and reporting."""
    p.rect(x + w * 0.03, y + w * 0.04, x + w * 1.03, y + h + w * 0.04, alpha(NAVY, 0.22), radius=w * 0.06)
    p.rect(x, y, x + w, y + h, OFF_WHITE, radius=w * 0.06)
    p.circle(x + w * 0.12, y + h * 0.16, w * 0.045, TEAL)
    p.rect(x + w * 0.22, y + h * 0.13, x + w * 0.6, y + h * 0.19, WALL_SHADE, radius=w * 0.02)
    gx0, gx1, gy0, gy1 = x + w * 0.1, x + w * 0.9, y + h * 0.32, y + h * 0.86
    if kind == "bars":
        n = 6
        for i in range(n):
            bh = (gy1 - gy0) * rng.uniform(0.35, 0.95)
            bx = gx0 + (gx1 - gx0) * i / n
            color = TEAL if bh < (gy1 - gy0) * 0.85 else SAFFRON
            p.rect(bx + 2, gy1 - bh, bx + (gx1 - gx0) / n - 3, gy1, color, radius=2)
        return
    p.line([(gx0, gy1), (gx1, gy1)], WALL_SHADE, max(1.0, w * 0.01), False)
    limit = gy0 + (gy1 - gy0) * 0.2
    p.dashed((gx0, limit), (gx1, limit), alpha(RED, 0.7), max(1.0, w * 0.01), w * 0.04, w * 0.03)
    pts = [(gx0 + (gx1 - gx0) * i / 8, gy0 + (gy1 - gy0) * rng.uniform(0.4, 0.85)) for i in range(9)]
    p.poly([*pts, (gx1, gy1), (gx0, gy1)], alpha(TEAL, 0.18))
    p.line(pts, TEAL, max(1.5, w * 0.018))
    p.circle(pts[-1][0], pts[-1][1], w * 0.025, TEAL)


def map_pin(p: Pen, cx: float, tip: float, r: float, color: Color = TEAL) -> None:
    cy = tip - r * 2.1
    p.ellipse(cx, tip, r * 0.6, r * 0.18, alpha(NAVY, 0.25))
    p.poly([(cx - r * 0.86, cy + r * 0.5), (cx, tip), (cx + r * 0.86, cy + r * 0.5)], color)
    p.circle(cx, cy, r, color)
    p.circle(cx, cy, r * 0.42, OFF_WHITE)


def survey_flag(p: Pen, x: float, base: float, h: float, color: Color = SAFFRON) -> None:
    p.line([(x, base), (x, base - h)], SLATE, max(1.0, h * 0.04), False)
    p.poly([(x, base - h), (x + h * 0.45, base - h * 0.86), (x, base - h * 0.72)], color)


def survey_staff(p: Pen, x: float, base: float, h: float) -> None:
    w = h * 0.05
    for k in range(8):
        y = base - h + k * h / 8
        p.rect(x - w / 2, y, x + w / 2, y + h / 8, SAFFRON if k % 2 == 0 else OFF_WHITE)


def theodolite(p: Pen, cx: float, base: float, h: float) -> None:
    head = base - h * 0.72
    for foot, color in (((cx - h * 0.3), SLATE), ((cx + h * 0.3), SLATE), ((cx + h * 0.04), mix(SLATE, NAVY, 0.4))):
        p.line([(cx, head), (foot, base)], color, h * 0.035)
    p.rect(cx - h * 0.12, head - h * 0.03, cx + h * 0.12, head + h * 0.02, mix(SLATE, NAVY, 0.3))
    p.rect(cx - h * 0.09, head - h * 0.22, cx + h * 0.09, head - h * 0.03, SAFFRON, radius=h * 0.02)
    p.rect(cx - h * 0.04, head - h * 0.28, cx + h * 0.04, head - h * 0.22, SLATE)
    p.poly(rotated(capsule_points(cx, head - h * 0.14, h * 0.3, h * 0.08), cx, head - h * 0.14, -4),
           mix(SLATE, NAVY, 0.2))
    p.circle(cx + h * 0.06, head - h * 0.13, h * 0.025, GLASS_LIT)


def blueprint_sheet(p: Pen, x: float, y: float, w: float, h: float, s: float, rng: random.Random,
                    drawing: str = "elevation") -> None:
    """A blueprint sheet with grid and a white line drawing of a building elevation or floor plan."""
    p.rect(x + 6 * s, y + 8 * s, x + w + 6 * s, y + h + 8 * s, alpha(NAVY, 0.3), radius=4 * s)
    p.rect(x, y, x + w, y + h, (30, 84, 150), radius=4 * s)
    grid = alpha(OFF_WHITE, 0.1)
    for gx in range(int(x + 12 * s), int(x + w), max(4, int(16 * s))):
        p.line([(gx, y + 4 * s), (gx, y + h - 4 * s)], grid, 0.8 * s, False)
    for gy in range(int(y + 12 * s), int(y + h), max(4, int(16 * s))):
        p.line([(x + 4 * s, gy), (x + w - 4 * s, gy)], grid, 0.8 * s, False)
    ink = alpha(OFF_WHITE, 0.9)
    lw = 1.6 * s
    m = w * 0.12
    if drawing == "plan":
        rooms = [(0, 0, 0.55, 0.5), (0.55, 0, 1, 0.35), (0, 0.5, 0.35, 1), (0.35, 0.5, 1, 1), (0.55, 0.35, 1, 0.5)]
        ix0, iy0, iw, ih = x + m, y + h * 0.15, w - 2 * m, h * 0.62
        for a, b, c, d in rooms:
            p.draw.rectangle(((ix0 + iw * a) * p.ss, (iy0 + ih * b) * p.ss, (ix0 + iw * c) * p.ss,
                              (iy0 + ih * d) * p.ss), outline=ink, width=max(1, round(lw * p.ss)))
        p.arc(ix0 + iw * 0.35, iy0 + ih * 0.5, ih * 0.18, 0, 90, ink, lw * 0.7)
        p.line([(ix0, iy0 + ih + 14 * s), (ix0 + iw, iy0 + ih + 14 * s)], ink, lw * 0.7, False)
        for tx in (ix0, ix0 + iw):
            p.line([(tx, iy0 + ih + 8 * s), (tx, iy0 + ih + 20 * s)], ink, lw * 0.7, False)
    else:
        gx0, gx1, gy = x + m, x + w - m, y + h * 0.82
        p.line([(gx0 - 10 * s, gy), (gx1 + 10 * s, gy)], ink, lw)
        floors, bays = 5, 4
        bw, fh = (gx1 - gx0) / bays, h * 0.11
        top = gy - floors * fh
        p.draw.rectangle((gx0 * p.ss, top * p.ss, gx1 * p.ss, gy * p.ss), outline=ink, width=max(1, round(lw * p.ss)))
        p.poly([(gx0 - 8 * s, top), ((gx0 + gx1) / 2, top - h * 0.12), (gx1 + 8 * s, top)], alpha(OFF_WHITE, 0.12))
        p.line([(gx0 - 8 * s, top), ((gx0 + gx1) / 2, top - h * 0.12), (gx1 + 8 * s, top)], ink, lw)
        for f in range(floors):
            for b in range(bays):
                wx, wy = gx0 + b * bw + bw * 0.25, top + f * fh + fh * 0.25
                p.draw.rectangle((wx * p.ss, wy * p.ss, (wx + bw * 0.5) * p.ss, (wy + fh * 0.5) * p.ss),
                                 outline=alpha(OFF_WHITE, 0.7), width=max(1, round(lw * 0.6 * p.ss)))
        p.line([(gx1 + 18 * s, top), (gx1 + 18 * s, gy)], alpha(OFF_WHITE, 0.6), lw * 0.6, False)
    p.rect(x + w - w * 0.3, y + h - h * 0.12, x + w - 6 * s, y + h - 6 * s, alpha(OFF_WHITE, 0.18))


def set_square(p: Pen, x: float, base: float, size: float, degrees: float = 0.0) -> None:
    outer = [(x, base), (x + size, base), (x, base - size * 0.8)]
    inner = [(x + size * 0.14, base - size * 0.1), (x + size * 0.62, base - size * 0.1), (x + size * 0.14,
                                                                                        base - size * 0.48)]
    with p.veil(TEAL, 0.55) as v:
        v.poly(rotated(outer, x, base, degrees), 255)
        v.poly(rotated(inner, x, base, degrees), 0)


def pencil(p: Pen, x: float, y: float, length: float, degrees: float) -> None:
    w = length * 0.08
    body = [(x, y - w / 2), (x + length * 0.78, y - w / 2), (x + length * 0.78, y + w / 2), (x, y + w / 2)]
    tip = [(x + length * 0.78, y - w / 2), (x + length, y), (x + length * 0.78, y + w / 2)]
    lead = [(x + length * 0.93, y - w * 0.16), (x + length, y), (x + length * 0.93, y + w * 0.16)]
    p.poly(rotated(body, x, y, degrees), SAFFRON)
    p.poly(rotated([(x, y - w / 2), (x + length * 0.78, y - w / 2), (x + length * 0.78, y), (x, y)], x, y, degrees),
           mix(SAFFRON, OFF_WHITE, 0.3))
    p.poly(rotated(tip, x, y, degrees), SAND)
    p.poly(rotated(lead, x, y, degrees), SLATE)
    p.poly(rotated([(x - w * 0.6, y - w / 2), (x, y - w / 2), (x, y + w / 2), (x - w * 0.6, y + w / 2)], x, y,
                   degrees), RED)


def ruler(p: Pen, x: float, y: float, length: float, degrees: float) -> None:
    w = length * 0.1
    p.poly(rotated([(x, y), (x + length, y), (x + length, y + w), (x, y + w)], x, y, degrees), SAND)
    for k in range(1, 20):
        tick = w * (0.45 if k % 5 == 0 else 0.25)
        a, b = rotated([(x + length * k / 20, y), (x + length * k / 20, y + tick)], x, y, degrees)
        p.line([a, b], alpha(SLATE, 0.8), max(1.0, length * 0.004), False)


def compass_tool(p: Pen, cx: float, top: float, h: float) -> None:
    p.circle(cx, top, h * 0.06, SLATE)
    p.line([(cx, top), (cx - h * 0.28, top + h)], STEEL_SHADE, h * 0.035)
    p.line([(cx, top), (cx + h * 0.28, top + h * 0.96)], STEEL_SHADE, h * 0.035)
    p.line([(cx + h * 0.28, top + h * 0.9), (cx + h * 0.29, top + h)], SLATE, h * 0.02)
    p.rect(cx - h * 0.02, top - h * 0.16, cx + h * 0.02, top - h * 0.05, SLATE)


def laptop(p: Pen, cx: float, base: float, w: float, rng: random.Random) -> None:
    h = w * 0.62
    top = base - h - w * 0.05
    p.rect(cx - w / 2, top, cx + w / 2, base - w * 0.05, mix(SLATE, NAVY, 0.5), radius=w * 0.03)
    sx0, sy0, sx1, sy1 = cx - w * 0.46, top + w * 0.03, cx + w * 0.46, base - w * 0.08
    p.gradient_rect(sx0, sy0, sx1, sy1, [(28, 74, 120), BLUE])
    p.rect(sx0, sy0, sx1, sy0 + (sy1 - sy0) * 0.1, alpha(OFF_WHITE, 0.12))
    cw = (sx1 - sx0) * 0.27
    for k in range(3):
        x = sx0 + (sx1 - sx0) * 0.06 + k * (cw + (sx1 - sx0) * 0.04)
        p.rect(x, sy0 + (sy1 - sy0) * 0.2, x + cw, sy0 + (sy1 - sy0) * 0.42, alpha(OFF_WHITE, 0.14), radius=2)
        p.rect(x + cw * 0.1, sy0 + (sy1 - sy0) * 0.26, x + cw * 0.5, sy0 + (sy1 - sy0) * 0.3, (TEAL, SAFFRON, MINT)[k])
    pts = [(sx0 + (sx1 - sx0) * (0.06 + 0.88 * i / 7), sy0 + (sy1 - sy0) * rng.uniform(0.55, 0.85)) for i in range(8)]
    p.line(pts, TEAL, max(1.5, w * 0.012))
    p.poly([(cx - w * 0.58, base), (cx - w * 0.5, base - w * 0.05), (cx + w * 0.5, base - w * 0.05),
            (cx + w * 0.58, base)], STEEL)
    p.rect(cx - w * 0.58, base, cx + w * 0.58, base + w * 0.025, STEEL_SHADE, radius=w * 0.01)


def server_rack(p: Pen, x: float, base: float, w: float, h: float, rng: random.Random) -> None:
    contact_shadow(p, x + w / 2, base, w * 0.7)
    p.rect(x, base - h, x + w, base, mix(SLATE, NAVY, 0.45), radius=w * 0.05)
    p.rect(x + w * 0.86, base - h, x + w, base, mix(SLATE, NAVY, 0.7), radius=w * 0.05)
    units = 9
    for k in range(units):
        y = base - h + w * 0.1 + k * (h - w * 0.2) / units
        uh = (h - w * 0.2) / units * 0.78
        p.rect(x + w * 0.1, y, x + w * 0.8, y + uh, SLATE, radius=w * 0.02)
        for j in range(3):
            led = rng.choice((TEAL, TEAL, SAFFRON, MINT))
            p.circle(x + w * (0.18 + j * 0.08), y + uh / 2, max(1.0, w * 0.025), led)
        p.rect(x + w * 0.46, y + uh * 0.4, x + w * 0.74, y + uh * 0.6, alpha(OFF_WHITE, 0.15))


def ingot_stack(p: Pen, cx: float, base: float, w: float, light: Color, dark: Color) -> None:
    """Ingots stacked 3-2-1, each with a lit top face and a shaded front."""
    ih = w * 0.16
    for row, count in enumerate((3, 2, 1)):
        y = base - row * ih
        for k in range(count):
            x = cx - count * w * 0.17 + k * w * 0.34
            p.poly([(x - w * 0.16, y), (x + w * 0.16, y), (x + w * 0.13, y - ih * 0.72), (x - w * 0.13, y - ih * 0.72)],
                   mix(light, dark, 0.45))
            p.poly([(x - w * 0.13, y - ih * 0.72), (x + w * 0.13, y - ih * 0.72), (x + w * 0.11, y - ih),
                    (x - w * 0.11, y - ih)], light)
            p.poly([(x + w * 0.13, y - ih * 0.72), (x + w * 0.16, y), (x + w * 0.16, y - ih * 0.15)], dark)


def coil(p: Pen, cx: float, cy: float, r: float, length: float, light: Color, dark: Color) -> None:
    """A metal coil lying on its side, seen three-quarter: rolled body and a ringed end face."""
    p.ellipse(cx + length, cy, r * 0.45, r, dark)
    p.gradient_rect(cx, cy - r, cx + length, cy + r, [mix(light, OFF_WHITE, 0.3), light, dark])
    p.ellipse(cx, cy, r * 0.45, r, mix(light, dark, 0.2))
    for k in range(1, 5):
        f = 1 - k * 0.13
        p.draw.ellipse(((cx - r * 0.45 * f) * p.ss, (cy - r * f) * p.ss, (cx + r * 0.45 * f) * p.ss,
                        (cy + r * f) * p.ss), outline=alpha(dark, 0.5), width=max(1, round(r * 0.025 * p.ss)))
    p.ellipse(cx, cy, r * 0.45 * 0.3, r * 0.3, mix(dark, NAVY, 0.5))


def ladle_pour(p: Pen, cx: float, base: float, s: float, metal: Color = (255, 170, 40)) -> None:
    """A tilted ladle pouring molten metal into a mould, sparks and glow."""
    lx, ly, tilt = cx - 30 * s, base - 140 * s, 32

    def turn(pts: Sequence[Point]) -> list[Point]:
        return rotated(pts, lx, ly, tilt)

    mould_x = cx + 60 * s
    p.glow(mould_x, base - 20 * s, 110 * s, metal, 0.5)
    lip = turn([(lx + 50 * s, ly - 46 * s)])[0]
    p.poly([(lip[0] - 3 * s, lip[1] - 2 * s), (lip[0] + 7 * s, lip[1] + 4 * s), (mould_x + 6 * s, base - 26 * s),
            (mould_x - 6 * s, base - 26 * s)], metal)
    body = [(lx - 50 * s, ly - 45 * s), (lx + 50 * s, ly - 45 * s), (lx + 38 * s, ly + 45 * s),
            (lx - 38 * s, ly + 45 * s)]
    p.gradient_poly(turn(body), cylinder_stops(STEEL_SHADE, mix(SLATE, NAVY, 0.3)), vertical=False)
    p.poly(turn([(lx - 54 * s, ly - 52 * s), (lx + 54 * s, ly - 52 * s), (lx + 54 * s, ly - 42 * s),
                 (lx - 54 * s, ly - 42 * s)]), mix(STEEL_SHADE, SLATE, 0.5))
    for k in (-0.2, 0.25):
        p.line(turn([(lx - 44 * s, ly + k * 90 * s), (lx + 44 * s, ly + k * 90 * s)]), alpha(NAVY, 0.25), 3 * s, False)
    p.glow(lip[0], lip[1], 30 * s, metal, 0.6)
    for side in (-1, 1):
        tx, ty = turn([(lx + side * 48 * s, ly - 8 * s)])[0]
        p.circle(tx, ty, 8 * s, mix(SLATE, NAVY, 0.3))
        p.circle(tx, ty, 3 * s, STEEL_SHADE)
    p.rect(mould_x - 50 * s, base - 26 * s, mould_x + 50 * s, base, mix(SLATE, NAVY, 0.3), radius=3 * s)
    p.rect(mould_x - 42 * s, base - 26 * s, mould_x + 42 * s, base - 18 * s, metal)
    for dx, dy, r in ((-30, -40, 2.5), (24, -52, 2), (40, -34, 3), (-14, -60, 1.8), (52, -58, 1.6)):
        p.circle(mould_x + dx * s, base + dy * s, r * s, (255, 214, 120))


def capsule_pill(p: Pen, cx: float, cy: float, length: float, width: float, degrees: float, a: Color,
                 b: Color) -> None:
    pts = capsule_points(cx, cy, length, width, degrees)
    p.poly(pts, b)
    left_half = pts[len(pts) // 2:] + rotated([(cx, cy - width / 2), (cx, cy + width / 2)], cx, cy, degrees)
    p.poly(left_half, a)
    shine = rotated([(cx - length * 0.32, cy - width * 0.2), (cx - length * 0.08, cy - width * 0.2)], cx, cy, degrees)
    p.line(shine, alpha(OFF_WHITE, 0.5), width * 0.14)


def flask(p: Pen, cx: float, base: float, h: float, liquid: Color) -> None:
    neck_w, body_w = h * 0.18, h * 0.72
    glass = [(cx - neck_w / 2, base - h), (cx + neck_w / 2, base - h), (cx + neck_w / 2, base - h * 0.62),
             (cx + body_w / 2, base), (cx - body_w / 2, base), (cx - neck_w / 2, base - h * 0.62)]
    p.poly(glass, alpha(OFF_WHITE, 0.85))
    level = 0.38
    lw = neck_w / 2 + (body_w / 2 - neck_w / 2) * (1 - level / 0.62)
    p.poly([(cx - lw, base - h * level), (cx + lw, base - h * level), (cx + body_w / 2 - h * 0.04, base - h * 0.03),
            (cx - body_w / 2 + h * 0.04, base - h * 0.03)], liquid)
    p.rect(cx - neck_w * 0.7, base - h - h * 0.04, cx + neck_w * 0.7, base - h + h * 0.02, OFF_WHITE, radius=h * 0.02)
    for bx, by, br in ((-0.08, 0.18, 0.03), (0.1, 0.12, 0.022), (0.02, 0.28, 0.018)):
        p.circle(cx + h * bx, base - h * by, h * br, alpha(OFF_WHITE, 0.6))


def test_tubes(p: Pen, x: float, base: float, h: float, colors: Sequence[Color]) -> None:
    w = h * 0.16
    for k, color in enumerate(colors):
        tx = x + k * w * 1.6
        p.rect(tx, base - h, tx + w, base, alpha(OFF_WHITE, 0.85), radius=w / 2)
        p.rect(tx + w * 0.12, base - h * 0.5, tx + w * 0.88, base - w * 0.12, color, radius=w * 0.38)
    p.rect(x - w * 0.4, base - h * 0.45, x + len(colors) * w * 1.6 - w * 0.2, base - h * 0.35, STEEL_SHADE)
    p.rect(x - w * 0.4, base - w * 0.2, x + len(colors) * w * 1.6 - w * 0.2, base + w * 0.2, STEEL_SHADE)


def scanner(p: Pen, cx: float, base: float, s: float) -> None:
    """An MRI/CT gantry with its patient table."""
    contact_shadow(p, cx + 30 * s, base, 130 * s)
    p.rect(cx - 70 * s, base - 150 * s, cx + 70 * s, base, WALL, radius=26 * s)
    p.rect(cx + 40 * s, base - 150 * s, cx + 70 * s, base, WALL_SHADE, radius=20 * s)
    p.circle(cx - 4 * s, base - 78 * s, 52 * s, TEAL)
    p.gradient_ellipse(cx - 4 * s, base - 78 * s, 40 * s, 40 * s, [mix(BLUE, NAVY, 0.5), BLUE])
    p.rect(cx - 20 * s, base - 62 * s, cx + 150 * s, base - 52 * s, OFF_WHITE, radius=4 * s)
    p.rect(cx + 10 * s, base - 68 * s, cx + 140 * s, base - 62 * s, MINT, radius=3 * s)
    p.rect(cx + 84 * s, base - 52 * s, cx + 104 * s, base, STEEL_SHADE)


def sack(p: Pen, cx: float, base: float, w: float, h: float, color: Color, mark: Color) -> None:
    contact_shadow(p, cx, base, w * 0.6)
    body = [(cx - w * 0.42, base - h * 0.86), (cx + w * 0.42, base - h * 0.86)]
    body += bezier((cx + w * 0.42, base - h * 0.86), (cx + w * 0.58, base - h * 0.5), (cx + w * 0.56, base),
                   (cx + w * 0.3, base))
    body += bezier((cx - w * 0.3, base), (cx - w * 0.56, base), (cx - w * 0.58, base - h * 0.5),
                   (cx - w * 0.42, base - h * 0.86))
    p.gradient_poly(body, cylinder_stops(color, mix(color, NAVY, 0.3)), vertical=False)
    p.poly([(cx - w * 0.42, base - h * 0.86), (cx - w * 0.3, base - h), (cx + w * 0.3, base - h),
            (cx + w * 0.42, base - h * 0.86)], mix(color, NAVY, 0.12))
    p.poly(leaf_points(cx - w * 0.08, base - h * 0.45, w * 0.34, -50), mark)
    p.poly(leaf_points(cx + w * 0.1, base - h * 0.5, w * 0.28, -130), mix(mark, NAVY, 0.15))


def borewell_head(p: Pen, cx: float, ground: float, s: float) -> None:
    """Casing above ground with a valve, elbow and delivery pipe."""
    p.rect(cx - 7 * s, ground - 46 * s, cx + 7 * s, ground, STEEL_SHADE)
    p.rect(cx - 11 * s, ground - 50 * s, cx + 11 * s, ground - 44 * s, SLATE)
    elbow = [(cx, ground - 52 * s), (cx, ground - 64 * s), (cx + 70 * s, ground - 64 * s),
             (cx + 70 * s, ground - 40 * s)]
    p.line(elbow, BLUE, 7 * s)
    p.circle(cx + 30 * s, ground - 64 * s, 8 * s, RED)
    p.line([(cx + 30 * s, ground - 72 * s), (cx + 30 * s, ground - 80 * s)], SLATE, 2 * s)
    p.line([(cx + 22 * s, ground - 80 * s), (cx + 38 * s, ground - 80 * s)], SLATE, 3 * s)


def water_meter(p: Pen, cx: float, cy: float, r: float) -> None:
    p.circle(cx, cy, r, BLUE)
    p.circle(cx, cy, r * 0.78, OFF_WHITE)
    p.rect(cx - r * 0.5, cy - r * 0.28, cx + r * 0.5, cy + r * 0.02, NAVY, radius=r * 0.06)
    for k in range(4):
        p.rect(cx - r * 0.42 + k * r * 0.22, cy - r * 0.2, cx - r * 0.28 + k * r * 0.22, cy - r * 0.06, TEAL)
    p.circle(cx, cy + r * 0.35, r * 0.12, SAFFRON)


def soil_section(p: Pen, x0: float, x1: float, ground: float, bottom: float, aquifer: tuple[float, float],
                 rng: random.Random) -> None:
    """Cut-away strata under the ground line, with a water-bearing layer between the given depths (0..1)."""
    layers = ((0.0, (128, 98, 70)), (0.18, (160, 126, 90)), (0.4, (186, 160, 120)), (aquifer[0], WATER),
              (aquifer[1], (110, 116, 130)))
    depth = bottom - ground
    for i, (start, color) in enumerate(layers):
        end = layers[i + 1][0] if i + 1 < len(layers) else 1.0
        p.gradient_rect(x0, ground + depth * start, x1, ground + depth * end + 1, [color, mix(color, NAVY, 0.15)])
    with p.veil(OFF_WHITE, 0.18) as v:
        for _ in range(int((x1 - x0) / 10)):
            x = rng.uniform(x0, x1)
            y = ground + depth * rng.uniform(0.2, aquifer[0] - 0.02)
            v.ellipse(x, y, rng.uniform(2, 5), rng.uniform(1.5, 3), 255)
    with p.veil(OFF_WHITE, 0.45) as v:
        for _ in range(int((x1 - x0) / 14)):
            x = rng.uniform(x0, x1)
            y = ground + depth * rng.uniform(aquifer[0] + 0.03, aquifer[1] - 0.03)
            v.circle(x, y, rng.uniform(1.5, 3.5), 255)


def monitoring_station(p: Pen, x: float, base: float, s: float) -> None:
    """A continuous ambient air-quality station: cabin, mast with anemometer and vane, roof inlets, solar panel."""
    contact_shadow(p, x + 60 * s, base, 80 * s)
    p.rect(x, base - 70 * s, x + 120 * s, base, WALL, radius=3 * s)
    p.rect(x + 92 * s, base - 70 * s, x + 120 * s, base, WALL_SHADE, radius=3 * s)
    p.rect(x, base - 50 * s, x + 120 * s, base - 43 * s, TEAL)
    p.rect(x + 16 * s, base - 40 * s, x + 38 * s, base, SLATE)
    p.rect(x + 52 * s, base - 36 * s, x + 80 * s, base - 20 * s, STEEL_SHADE)
    for k in range(3):
        ix = x + 20 * s + k * 18 * s
        p.rect(ix - 2 * s, base - 92 * s, ix + 2 * s, base - 70 * s, STEEL_SHADE)
        p.rect(ix - 6 * s, base - 96 * s, ix + 6 * s, base - 90 * s, SLATE, radius=2 * s)
    mx = x + 100 * s
    p.line([(mx, base - 70 * s), (mx, base - 170 * s)], STEEL_SHADE, 3 * s, False)
    p.line([(mx - 18 * s, base - 170 * s), (mx + 18 * s, base - 170 * s)], SLATE, 2 * s, False)
    for side in (-1, 1):
        p.pie(mx + side * 18 * s, base - 170 * s, 5 * s, 180, 360, SLATE)
    p.line([(mx, base - 150 * s), (mx + 22 * s, base - 150 * s)], SLATE, 2 * s, False)
    p.poly([(mx + 22 * s, base - 157 * s), (mx + 32 * s, base - 150 * s), (mx + 22 * s, base - 143 * s)], SAFFRON)
    p.poly([(mx - 40 * s, base - 110 * s), (mx - 8 * s, base - 124 * s), (mx - 8 * s, base - 100 * s),
            (mx - 40 * s, base - 88 * s)], BLUE)
    p.line([(mx - 8 * s, base - 112 * s), (mx, base - 112 * s)], SLATE, 2 * s, False)


def signal_arcs(p: Pen, cx: float, cy: float, r: float, color: Color = OFF_WHITE, start: float = -135,
                sweep: float = 90) -> None:
    for k in range(3):
        p.arc(cx, cy, r * (0.45 + 0.3 * k), start, start + sweep, alpha(color, 0.85 - 0.2 * k), r * 0.08)


# --------------------------------------------------------------------------- scene building blocks

Scene = Callable[[Pen, Stage, random.Random, Mood], None]


def yard(p: Pen, st: Stage, mood: Mood, x0: float, x1: float, depth: float = 0.05) -> None:
    """A paved apron under the subject so buildings stand on something."""
    g, d = st.ground, st.h * depth
    p.poly([(x0, g - 1), (x1, g - 1), (x1 + d, g + d), (x0 - d, g + d)], mix(mood.ground[0], OFF_WHITE, 0.16))
    p.line([(x0 - d, g + d), (x1 + d, g + d)], alpha(OFF_WHITE, 0.18), 1.5, False)


def foreground(p: Pen, st: Stage, mood: Mood, rng: random.Random, trees: int = 6,
               keep_clear: tuple[float, float] | None = None) -> None:
    """A low near bank across the bottom with trees, leaving `keep_clear` (x range) free of tall trees."""
    near = mix(mood.ridges[2], mood.ground[1], 0.5)
    crest = ridge(p, rng, st.h * 1.0, st.h * 0.07, near, waves=1.3)
    lo, hi = keep_clear or (st.x0 + (st.x1 - st.x0) * 0.1, st.x1 - (st.x1 - st.x0) * 0.1)
    placed = 0
    for _ in range(trees * 6):
        if placed >= trees:
            break
        x = rng.uniform(-20, p.w + 20)
        if lo < x < hi:
            continue
        h = st.h * rng.uniform(0.14, 0.24)
        rng.choice(TREE_KINDS)(p, x, crest_y(crest, x) + h * 0.05, h, *mood.foliage)
        placed += 1


def horizon_grove(p: Pen, st: Stage, mood: Mood, rng: random.Random, count: int = 14, scale: float = 1.0) -> None:
    grove(p, rng, -20, p.w + 20, st.ground + 2, 38 * st.u * scale, (mood.ridges[2], mix(mood.ridges[2], NAVY, 0.2)),
          count, depth=6 * st.u)


def pylons_line(p: Pen, st: Stage, color: Color, xs: Sequence[float], h: float) -> None:
    tips = [pylon(p, x, st.ground + 2, h, color, st.u * 0.8) for x in xs]
    for a, b in itertools.pairwise(tips):
        for ta, tb in zip(a, b, strict=True):
            wire(p, ta, tb, alpha(color, 0.8), st.u)


# --------------------------------------------------------------------------- scenes


def scene_plant(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Process plant: stacks, hall, sphere and tanks (home hero, consent to operate, video)."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    pylons_line(p, st, mix(mood.ridges[1], NAVY, 0.25), [st.w * 0.06, st.w * 0.24, st.w * 0.42], 120 * u)
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(0.0), st.at(1.0))
    vapour = mix(mood.haze, OFF_WHITE, 0.5)
    for t, h in ((0.42, min(280 * u, g - 110)), (0.53, min(230 * u, g - 150))):
        chimney(p, st.at(t), g - 20 * u, h, u)
        plume(p, st.at(t), g - 26 * u - h, u, rng, vapour, 0.45, length=130)
    process_column(p, st.at(0.64), g, 22 * u, 170 * u, u)
    factory_hall(p, st.at(0.18), g, 240 * u, 112 * u, u)
    sphere_tank(p, st.at(0.08), g, 44 * u, u)
    pipe_rack(p, st.at(0.6), st.at(0.98), g - 56 * u, u)
    storage_tank(p, st.at(0.77), g, 96 * u, 112 * u, u)
    storage_tank(p, st.at(0.92), g, 70 * u, 80 * u, u, band=SAFFRON)
    foreground(p, st, mood, rng, keep_clear=(st.at(0.0), st.at(0.97)))


def scene_clean_plant(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Running plant with one tall clean stack and a cooling tower, green belt in front."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(0.0), st.at(1.0))
    cooling_tower(p, st.at(0.78), g, 120 * u, 150 * u, rng, u)
    stack = min(300 * u, g - 90)
    chimney(p, st.at(0.5), g, stack, u, wb=30, wt=18)
    plume(p, st.at(0.5), g - stack - 6 * u, u, rng, OFF_WHITE, 0.3, length=110, puffs=7)
    factory_hall(p, st.at(0.06), g, 230 * u, 110 * u, u, teeth=3)
    storage_tank(p, st.at(0.95), g, 76 * u, 92 * u, u)
    green_belt(p, rng, st.at(-0.04), st.at(1.04), g + 22 * u, 60 * u, mood.foliage)
    foreground(p, st, mood, rng, keep_clear=(st.at(0.0), st.at(1.0)))


def scene_city(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Skyline with a hospital and construction cranes (home hero 2)."""
    backdrop(p, st, mood, rng, hill_height=0.7)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 60 * u, 170 * u, mix(mood.ridges[0], mood.sky[-1], 0.2))
    skyline(p, rng, -10, p.w, g + 2, 40 * u, 120 * u, mix(mood.ridges[1], mood.sky[-1], 0.25),
            window=alpha(OFF_WHITE, 0.18))
    tower_crane(p, st.at(0.88), g, 330 * u, u, jib=130, back=50, hook=0.35)
    frame_under_construction(p, st.at(0.86), g, 110 * u, 240 * u, u, floors=8, built=4)
    tower_block(p, st.at(0.02), g, 110 * u, 250 * u, u, rng)
    tower_block(p, st.at(0.66), g, 90 * u, 190 * u, u, rng, style="grid")
    yard(p, st, mood, st.at(0.2), st.at(0.66))
    hospital(p, st.at(0.43), g, u, rng)
    tower_crane(p, st.at(0.2), g, 290 * u, u, jib=110, back=45, color=mix(SAFFRON, OFF_WHITE, 0.15), hook=0.5)
    ambulance(p, st.at(0.5), g + 26 * u, u * 0.8)
    foreground(p, st, mood, rng, trees=7, keep_clear=(st.at(0.1), st.at(0.8)))


def scene_port_mining(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Green hills with an opencast mine, a river-mouth port with ship and crane (home hero 3)."""
    sky(p, st, mood, rng, (0.7, 0.5))
    u, g = st.u, st.ground
    ridge(p, rng, g - st.h * 0.08, st.h * 0.16, mood.ridges[0], waves=1.4)
    crest = ridge(p, rng, g - st.h * 0.02, st.h * 0.1, mood.ridges[1], waves=1.8)
    tree_line(p, rng, crest, mix(mood.ridges[1], NAVY, 0.12), 22 * u, 18 * u)
    water_top = g - 6 * u
    opencast_mine(p, st.at(0.1), water_top, u, mood)
    p.gradient_rect(0, water_top, p.w, g + 40 * u, [mix(WATER, OFF_WHITE, 0.3), WATER])
    with p.veil(OFF_WHITE, 0.3) as v:
        for _ in range(18):
            x, y = rng.uniform(0, p.w), rng.uniform(water_top + 4 * u, g + 36 * u)
            v.line([(x, y), (x + rng.uniform(10, 40) * u, y)], 255, 1.5 * u, False)
    ship(p, st.at(0.4), g + 22 * u, 290 * u, u, rng)
    quay = g + 40 * u
    p.rect(st.at(0.22), quay, p.w, quay + 12 * u, mix(STEEL_SHADE, SLATE, 0.25))
    p.rect(st.at(0.22), quay - 2 * u, p.w, quay + 1 * u, STEEL)
    sts_crane(p, st.at(0.72), quay, 250 * u, u)
    containers(p, st.at(0.86), quay, 4, 2, u, rng)
    pile_x = st.at(0.3)
    conveyor(p, (st.at(0.16), water_top - 14 * u), (pile_x, quay - 50 * u), u)
    p.poly([(pile_x - 56 * u, quay), (pile_x - 6 * u, quay - 46 * u), (pile_x + 6 * u, quay - 46 * u),
            (pile_x + 56 * u, quay)], (70, 68, 78))
    p.poly([(pile_x - 56 * u, quay), (pile_x - 6 * u, quay - 46 * u), (pile_x, quay - 46 * u), (pile_x - 14 * u, quay)],
           (98, 96, 108))
    bank = mix(mood.ground[0], mood.ridges[2], 0.4)
    p.gradient_rect(0, quay + 12 * u, p.w, p.h, [bank, mood.ground[1]])
    p.rect(0, quay + 6 * u, st.at(0.22), quay + 14 * u, bank)
    foreground(p, st, mood, rng, trees=6, keep_clear=(st.at(-0.3), st.at(1.0)))


def opencast_mine(p: Pen, cx: float, base: float, s: float, mood: Mood) -> None:
    """Benches cut into a hillside, lit tops and shaded risers, with a haul road zig-zagging up."""
    hill = bezier((cx - 220 * s, base), (cx - 120 * s, base - 150 * s), (cx + 120 * s, base - 150 * s),
                  (cx + 220 * s, base))
    p.poly(hill, mix(mood.ridges[1], mood.ridges[2], 0.3))
    benches = 6
    for k in range(benches):
        y1 = base - k * 17 * s
        half = 160 * s - k * 22 * s
        riser = [(cx - half, y1), (cx + half, y1), (cx + half - 9 * s, y1 - 17 * s), (cx - half + 9 * s, y1 - 17 * s)]
        p.poly(riser, mix(SAND, SOIL, 0.25 + 0.07 * k))
        p.rect(cx - half + 2 * s, y1 - 4 * s, cx + half - 2 * s, y1, mix(SAND, OFF_WHITE, 0.25))
    truck(p, cx + 40 * s, base - 17 * s, s * 0.32, load="tipper", color=SAFFRON, cab=SLATE)
    excavator(p, cx - 60 * s, base - 51 * s, s * 0.3)


def scene_tank_farm(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """PESO: fuel tanks, pressure vessels and a tanker at the filling gantry."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(-0.02), st.at(1.02), 0.07)
    storage_tank(p, st.at(0.1), g, 120 * u, 130 * u, u)
    storage_tank(p, st.at(0.32), g, 100 * u, 104 * u, u, band=SAFFRON)
    pipe_rack(p, st.at(0.0), st.at(0.62), g - 50 * u, u)
    bullet_tank(p, st.at(0.42), g - 4 * u, 150 * u, 36 * u, u)
    bullet_tank(p, st.at(0.46), g + 22 * u, 150 * u, 36 * u, u)
    gx0, gx1 = st.at(0.76), st.at(0.98)
    for x in (gx0, gx1):
        p.rect(x - 2.5 * u, g - 86 * u, x + 2.5 * u, g + 38 * u, SLATE)
    p.rect(gx0 - 10 * u, g - 92 * u, gx1 + 10 * u, g - 84 * u, TEAL)
    p.rect(gx0 - 10 * u, g - 84 * u, gx1 + 10 * u, g - 81 * u, mix(TEAL, NAVY, 0.4))
    p.line([((gx0 + gx1) / 2, g - 81 * u), ((gx0 + gx1) / 2, g - 40 * u)], SLATE, 3 * u)
    truck(p, gx0 - 6 * u, g + 40 * u, u * 0.95, load="tank", color=SAFFRON)
    fence(p, st.at(-0.05), st.at(1.05), g + 62 * u, u)
    foreground(p, st, mood, rng, trees=5, keep_clear=(st.at(-0.05), st.at(1.0)))


def fence(p: Pen, x0: float, x1: float, base: float, s: float) -> None:
    color = alpha(OFF_WHITE, 0.55)
    p.line([(x0, base - 22 * s), (x1, base - 22 * s)], color, 1.5 * s, False)
    p.line([(x0, base - 8 * s), (x1, base - 8 * s)], color, 1.5 * s, False)
    x = x0
    while x < x1:
        p.line([(x, base), (x, base - 26 * s)], color, 2 * s, False)
        x += 30 * s


def scene_tank_inspection(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """PESO compliance: the tank farm with an inspection checklist in front."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(-0.02), st.at(1.02), 0.07)
    storage_tank(p, st.at(0.1), g, 120 * u, 150 * u, u)
    storage_tank(p, st.at(0.34), g, 100 * u, 118 * u, u, band=SAFFRON)
    bullet_tank(p, st.at(0.45), g + 10 * u, 160 * u, 38 * u, u)
    pipe_rack(p, st.at(0.0), st.at(0.5), g - 48 * u, u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.0)))
    clipboard(p, st.at(0.7), g - 230 * u, 150 * u, 200 * u)
    shield(p, st.at(0.95), g - 80 * u, 70 * u)


def scene_tank_test(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Tank testing certificate: a big tank, a hose to a pressure gauge, and a sealed certificate."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(-0.02), st.at(1.02), 0.07)
    tx = st.at(0.24)
    storage_tank(p, tx, g, 200 * u, 190 * u, u)
    gx, gy = st.at(0.64), g - 120 * u
    p.line([(tx + 96 * u, g - 20 * u), (gx - 20 * u, g - 20 * u), (gx, g - 40 * u), (gx, gy)], SLATE, 6 * u)
    p.rect(tx + 92 * u, g - 30 * u, tx + 108 * u, g - 10 * u, RED, radius=3 * u)
    gauge(p, gx, gy, 66 * u, 0.58)
    paper(p, st.at(0.8), g - 200 * u, 100 * u, 130 * u, rng)
    seal(p, st.at(0.8) + 84 * u, g - 86 * u, 20 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.0)))


def scene_blueprint(p: Pen, st: Stage, rng: random.Random, mood: Mood, main: str = "elevation") -> None:
    """Drafting table: blueprint sheets with drawing tools (architectural design, engineering)."""
    p.gradient_rect(0, 0, p.w, p.h, [(18, 58, 108), (14, 44, 86)])
    grid = alpha(OFF_WHITE, 0.05)
    for x in range(0, p.w, 24):
        p.line([(x, 0), (x, p.h)], grid, 1, False)
    for y in range(0, p.h, 24):
        p.line([(0, y), (p.w, y)], grid, 1, False)
    u = min(st.u, st.h / 560)
    top = st.h * 0.12
    other = "plan" if main == "elevation" else "elevation"
    blueprint_sheet(p, st.at(0.52), top + 40 * u, 270 * u, 200 * u, u, rng, other)
    blueprint_sheet(p, st.at(0.05), top, 330 * u, 250 * u, u, rng, main)
    ruler(p, st.at(0.02), top + 300 * u, 320 * u, -6)
    set_square(p, st.at(0.6), top + 390 * u, 170 * u, -8)
    pencil(p, st.at(0.62), top + 250 * u, 170 * u, -28)
    compass_tool(p, st.at(0.9), top + 230 * u, 150 * u)


def scene_forest_road(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Forest clearance: a road winding through layered forest."""
    sky(p, st, mood, rng, (0.62, 0.55))
    u, g = st.u, st.ground
    c1 = ridge(p, rng, g - st.h * 0.06, st.h * 0.16, mood.ridges[0], waves=1.5)
    tree_line(p, rng, c1, mood.ridges[0], 16 * u, 9 * u)
    c2 = ridge(p, rng, g + st.h * 0.01, st.h * 0.09, mood.ridges[1], waves=2)
    tree_line(p, rng, c2, mood.ridges[1], 26 * u, 12 * u)
    p.gradient_rect(0, g, p.w, p.h, mood.ground)
    vx = st.at(0.32)

    def road_edges(y: float) -> tuple[float, float]:
        t = (y - g) / (p.h - g)
        cx = vx + (st.at(0.5) - vx) * t * t + 30 * u * math.sin(t * math.pi)
        half = 3 * u + 230 * u * t
        return cx - half, cx + half

    ys = [g + (p.h - g) * i / 30 for i in range(31)]
    left = [(road_edges(y)[0], y) for y in ys]
    right = [(road_edges(y)[1], y) for y in ys]
    p.gradient_poly(left + right[::-1], [(120, 130, 150), (84, 96, 118)])
    for i in range(1, 30, 2):
        (a, _), (b, _) = road_edges(ys[i]), road_edges(ys[i + 1])
        p.line([((a + road_edges(ys[i])[1]) / 2, ys[i]), ((b + road_edges(ys[i + 1])[1]) / 2, ys[i + 1])],
               alpha(OFF_WHITE, 0.8), max(1.0, 1 + 5 * u * (ys[i] - g) / (p.h - g)), False)
    trees = []
    for _ in range(140):
        y = g + (p.h - g) * rng.uniform(0.0, 1.0) ** 1.6
        a, b = road_edges(y)
        x = rng.uniform(-30, p.w + 30)
        margin = 10 * u + 20 * u * (y - g) / (p.h - g)
        if a - margin < x < b + margin:
            continue
        trees.append((y, x))
    light, dark = mood.foliage
    for y, x in sorted(trees):
        depth = (y - g) / (p.h - g)
        h = (40 + 220 * depth) * u
        shade = mix(light, mood.ridges[1], 0.5 * (1 - depth)), mix(dark, mood.ridges[1], 0.5 * (1 - depth))
        pine(p, x, y + h * 0.06, h, *shade)
    survey_flag(p, road_edges(g + (p.h - g) * 0.45)[1] + 16 * u, g + (p.h - g) * 0.45, 50 * u)


def scene_green_factory(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Environmental clearance: a compact factory inside a thick green belt, hills and a stream."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    river(p, st, st.at(-0.2), st.at(-0.45), 20 * u, 260 * u, -80 * u)
    green_belt(p, rng, -20, p.w + 20, g + 4, 44 * u, (mood.ridges[2], mix(mood.ridges[2], NAVY, 0.15)))
    yard(p, st, mood, st.at(0.1), st.at(0.9))
    chimney(p, st.at(0.6), g, 220 * u, u, wb=22, wt=14)
    plume(p, st.at(0.6), g - 226 * u, u, rng, OFF_WHITE, 0.25, length=90, puffs=6)
    factory_hall(p, st.at(0.14), g, 230 * u, 108 * u, u, teeth=3)
    storage_tank(p, st.at(0.74), g, 76 * u, 84 * u, u)
    solar_array(p, st.at(0.82), g + 4 * u, 120 * u, u)
    green_belt(p, rng, st.at(-0.06), st.at(1.06), g + 34 * u, 70 * u, mood.foliage)
    foreground(p, st, mood, rng, trees=6, keep_clear=(st.at(0.05), st.at(0.95)))


def scene_construction(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Consent to establish: a plant going up — steel frame, crane, half-built tank, excavator."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(-0.02), st.at(1.02), 0.08)
    tower_crane(p, st.at(0.06), g, 330 * u, u, jib=230, back=60, hook=0.4)
    steel_frame(p, st.at(0.18), g, 220 * u, 150 * u, u)
    storage_tank(p, st.at(0.78), g, 120 * u, 60 * u, u, band=STEEL)
    for k in range(5):
        x = st.at(0.78) - 64 * u + k * 32 * u
        p.line([(x, g), (x, g - 96 * u)], alpha(SAFFRON, 0.9), 2 * u, False)
    for y in (g - 32 * u, g - 64 * u, g - 96 * u):
        p.line([(st.at(0.78) - 66 * u, y), (st.at(0.78) + 66 * u, y)], alpha(SAFFRON, 0.9), 2 * u, False)
    p.poly([(st.at(0.55), g + 4 * u), (st.at(0.6), g - 28 * u), (st.at(0.68), g + 4 * u)], SAND)
    excavator(p, st.at(0.45), g + 40 * u, u)
    truck(p, st.at(0.72), g + 50 * u, u * 0.85, load="tipper", color=SAFFRON, cab=SLATE)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def steel_frame(p: Pen, x: float, base: float, w: float, h: float, s: float) -> None:
    """Portal-frame shed under construction: columns, rafters and purlins, part clad."""
    color = mix(BLUE, STEEL_SHADE, 0.3)
    bays = 5
    for b in range(bays + 1):
        cx = x + w * b / bays
        p.rect(cx - 3 * s, base - h, cx + 3 * s, base, color)
    p.line([(x - 4 * s, base - h), (x + w / 2, base - h - 40 * s), (x + w + 4 * s, base - h)], color, 6 * s)
    for k in range(1, 5):
        t = k / 5
        p.line([(x + w / 2 * t, base - h - 40 * s * t), (x + w - w / 2 * t, base - h - 40 * s * t)],
               alpha(color, 0.6), 1.5 * s, False)
    p.rect(x, base - h * 0.55, x + w * 0.4, base, WALL)
    p.rect(x, base - h * 0.55, x + w * 0.4, base - h * 0.5, TEAL)
    for k in range(1, 4):
        y = base - h * k / 4
        p.line([(x + w * 0.4, y), (x + w, y)], alpha(color, 0.5), 1.5 * s, False)


def scene_hazardous(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Hazardous waste: a covered, bunded drum store with labelled drums in front."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 30 * u, 80 * u, mix(mood.ridges[1], mood.sky[-1], 0.2))
    factory_hall(p, st.at(0.52), g - 10 * u, 260 * u, 100 * u, u, teeth=4)
    yard(p, st, mood, st.at(-0.02), st.at(1.02), 0.08)
    x0, x1 = st.at(0.0), st.at(0.56)
    roof = g - 150 * u
    p.poly([(x0 - 12 * u, roof + 10 * u), (x1 + 12 * u, roof + 10 * u), (x1, roof - 12 * u), (x0, roof - 12 * u)],
           BLUE)
    p.rect(x0 - 12 * u, roof + 10 * u, x1 + 12 * u, roof + 16 * u, TEAL)
    for k in range(5):
        cx = x0 + (x1 - x0) * k / 4
        p.rect(cx - 3 * u, roof + 16 * u, cx + 3 * u, g, STEEL_SHADE)
    p.rect(x0, g - 14 * u, x1, g, mix(STEEL_SHADE, SLATE, 0.3))
    colors = (BLUE, TEAL, SLATE, BLUE, TEAL, SLATE, BLUE)
    for k, color in enumerate(colors):
        drum(p, x0 + 26 * u + k * 36 * u, g - 14 * u, 30 * u, 44 * u, color, hazard=k % 3 == 0)
    for k, color in enumerate((BLUE, TEAL, SAFFRON, BLUE)):
        x = st.at(0.66) + k * 54 * u
        base = g + 48 * u + (k % 2) * 6 * u
        drum(p, x, base, 48 * u, 70 * u, color, hazard=True)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


BMW_BINS = (SAFFRON, RED, (40, 110, 190), (222, 232, 240))


def scene_biomedical(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Bio-medical waste: hospital with the four colour-coded segregation bins."""
    backdrop(p, st, mood, rng, hill_height=0.7)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 40 * u, 110 * u, mix(mood.ridges[1], mood.sky[-1], 0.25))
    yard(p, st, mood, st.at(0.0), st.at(0.7))
    hospital(p, st.at(0.32), g, u, rng)
    p.rect(st.at(0.55), g + 60 * u, st.at(1.02), g + 70 * u, alpha(SLATE, 0.5), radius=4 * u)
    for k, color in enumerate(BMW_BINS):
        waste_bin(p, st.at(0.62) + k * 62 * u, g + 64 * u, 48 * u, 78 * u, color)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.05)))


def scene_fire_safety(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Fire licensing: a commercial block with alarm and hose reel, a hydrant and an extinguisher."""
    backdrop(p, st, mood, rng, hill_height=0.7)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 40 * u, 120 * u, mix(mood.ridges[1], mood.sky[-1], 0.25))
    yard(p, st, mood, st.at(0.0), st.at(1.0))
    bx = st.at(0.1)
    tower_block(p, bx, g, 230 * u, min(270 * u, g - 70), u, rng, style="grid")
    p.rect(bx + 40 * u, g - 40 * u, bx + 120 * u, g, GLASS_LIT)
    p.rect(bx + 30 * u, g - 48 * u, bx + 130 * u, g - 40 * u, TEAL)
    p.rect(bx + 136 * u, g - 46 * u, bx + 156 * u, g - 18 * u, RED, radius=2 * u)
    p.ring(bx + 146 * u, g - 32 * u, 6 * u, OFF_WHITE, 1.5 * u)
    p.circle(bx + 24 * u, g - 62 * u, 5 * u, RED)
    hydrant(p, st.at(0.66), g + 30 * u, 72 * u)
    extinguisher(p, st.at(0.88), g + 64 * u, 160 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.05)))


def scene_fire_noc(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Fire NOC: a high-rise served by a turntable ladder, fire station and hydrant."""
    backdrop(p, st, mood, rng, hill_height=0.6)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 50 * u, 150 * u, mix(mood.ridges[1], mood.sky[-1], 0.25))
    yard(p, st, mood, st.at(0.0), st.at(1.0))
    tall = min(340 * u, g - 70)
    tower_block(p, st.at(0.48), g, 130 * u, tall, u, rng)
    tower_block(p, st.at(0.8), g, 90 * u, tall * 0.6, u, rng, style="grid")
    fire_station(p, st.at(0.0), g, u)
    fire_truck(p, st.at(0.26), g + 40 * u, u, ladder_to=(st.at(0.5), g - tall * 0.68))
    hydrant(p, st.at(0.93), g + 62 * u, 70 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def fire_station(p: Pen, x: float, base: float, s: float) -> None:
    p.rect(x, base - 90 * s, x + 150 * s, base, WALL)
    p.rect(x, base - 96 * s, x + 150 * s, base - 86 * s, RED)
    for k in range(3):
        dx = x + 12 * s + k * 46 * s
        p.rect(dx, base - 62 * s, dx + 36 * s, base, mix(RED, NAVY, 0.15), radius=3 * s)
        for j in range(1, 6):
            p.line([(dx, base - 62 * s + j * 10 * s), (dx + 36 * s, base - 62 * s + j * 10 * s)],
                   alpha(NAVY, 0.2), 1 * s, False)
    p.rect(x + 150 * s, base - 150 * s, x + 182 * s, base, WALL_SHADE)
    for k in range(4):
        p.rect(x + 158 * s, base - 140 * s + k * 30 * s, x + 174 * s, base - 124 * s + k * 30 * s, GLASS)


def scene_clinic(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Clinical establishment: a clinic in a quiet street with an ambulance."""
    backdrop(p, st, mood, rng, hill_height=0.8)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 40 * u, 100 * u, mix(mood.ridges[1], mood.sky[-1], 0.25))
    horizon_grove(p, st, mood, rng, 10)
    yard(p, st, mood, st.at(0.05), st.at(1.0))
    clinic(p, st.at(0.42), g, u * 1.1, rng)
    for t in (0.02, 0.84, 0.96):
        round_tree(p, st.at(t), g + 4 * u, 120 * u, *mood.foliage)
    ambulance(p, st.at(0.6), g + 40 * u, u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.05)))


def scene_borewell(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Groundwater NOC: a borewell and pump house above a cut-away of the strata and aquifer."""
    st = replace(st, ground=st.h * 0.48)
    u, g = st.u * 2.0, st.ground
    sky(p, st, mood, rng, (0.72, 0.45), clouds=2)
    ridge(p, rng, g + 2, st.h * 0.1, mood.ridges[0], waves=1.5)
    ridge(p, rng, g + 2, st.h * 0.05, mood.ridges[1], waves=2.5)
    soil_section(p, 0, p.w, g + 8 * u, p.h, (0.58, 0.86), rng)
    p.rect(0, g, p.w, g + 8 * u, mood.ground[0])
    wx = st.at(0.3)
    depth = p.h - g
    p.rect(wx - 6 * u, g, wx + 6 * u, g + depth * 0.8, STEEL_SHADE)
    p.rect(wx - 3.5 * u, g + depth * 0.58, wx + 3.5 * u, g + depth * 0.8, mix(WATER, BLUE, 0.3))
    for k in range(7):
        y = g + depth * (0.62 + k * 0.025)
        p.line([(wx - 6 * u, y), (wx + 6 * u, y)], alpha(NAVY, 0.5), 1.2 * u, False)
    p.rect(wx - 4.5 * u, g + depth * 0.7, wx + 4.5 * u, g + depth * 0.78, SAFFRON, radius=3 * u)
    level = g + depth * 0.58
    p.dashed((0, level), (p.w, level), alpha(OFF_WHITE, 0.85), 1.5 * u, 8 * u, 6 * u)
    tri_x = st.at(0.7)
    p.poly([(tri_x - 8 * u, level - 14 * u), (tri_x + 8 * u, level - 14 * u), (tri_x, level - 2 * u)], OFF_WHITE)
    pump_house(p, st.at(0.56), g, u)
    borewell_head(p, wx, g, u)
    water_meter(p, wx + 48 * u, g - 88 * u, 16 * u)
    p.line([(wx + 48 * u, g - 72 * u), (wx + 48 * u, g - 64 * u)], SLATE, 2 * u, False)
    round_tree(p, st.at(0.96), g + 2 * u, 110 * u, *mood.foliage)
    round_tree(p, st.at(0.02), g + 2 * u, 90 * u, *mood.foliage)


def pump_house(p: Pen, x: float, base: float, s: float) -> None:
    p.rect(x, base - 70 * s, x + 110 * s, base, WALL)
    p.rect(x + 80 * s, base - 70 * s, x + 110 * s, base, WALL_SHADE)
    p.poly([(x - 8 * s, base - 70 * s), (x + 55 * s, base - 100 * s), (x + 118 * s, base - 70 * s)], TEAL)
    p.rect(x + 16 * s, base - 44 * s, x + 40 * s, base, SLATE)
    p.rect(x + 54 * s, base - 50 * s, x + 74 * s, base - 30 * s, GLASS)


def scene_groundwater_monitoring(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """CGWA compliance: metered delivery main, a piezometer with telemetry, water level on a dashboard."""
    st = replace(st, ground=st.h * 0.5)
    u, g = st.u * 1.8, st.ground
    sky(p, st, mood, rng, (0.6, 0.45), clouds=2)
    ridge(p, rng, g + 2, st.h * 0.1, mood.ridges[0], waves=1.5)
    soil_section(p, 0, p.w, g + 8 * u, p.h, (0.56, 0.88), rng)
    p.rect(0, g, p.w, g + 8 * u, mood.ground[0])
    depth = p.h - g
    pipe_y = g - 20 * u
    p.gradient_rect(st.at(-0.2), pipe_y - 8 * u, st.at(0.5), pipe_y + 8 * u, [GLASS_LIT, (40, 110, 190), BLUE])
    for x in (st.at(-0.1), st.at(0.4)):
        p.rect(x - 4 * u, pipe_y - 11 * u, x + 4 * u, pipe_y + 11 * u, SLATE)
        p.rect(x - 2 * u, pipe_y + 11 * u, x + 2 * u, g, SLATE)
    mx = st.at(0.18)
    p.rect(mx - 12 * u, pipe_y - 22 * u, mx + 12 * u, pipe_y - 6 * u, SLATE)
    water_meter(p, mx, pipe_y - 38 * u, 20 * u)
    px = st.at(0.68)
    p.rect(px - 4 * u, g - 34 * u, px + 4 * u, g + depth * 0.84, STEEL_SHADE)
    level = g + depth * 0.6
    p.rect(px - 2.5 * u, level, px + 2.5 * u, g + depth * 0.84, mix(WATER, BLUE, 0.3))
    p.dashed((px - 50 * u, level), (px + 50 * u, level), alpha(OFF_WHITE, 0.9), 1.2 * u, 5 * u, 4 * u)
    p.poly([(px + 56 * u, level - 10 * u), (px + 68 * u, level - 10 * u), (px + 62 * u, level - 1 * u)], OFF_WHITE)
    p.rect(px - 14 * u, g - 70 * u, px + 14 * u, g - 34 * u, OFF_WHITE, radius=3 * u)
    p.rect(px - 9 * u, g - 63 * u, px + 9 * u, g - 52 * u, NAVY, radius=2 * u)
    p.circle(px, g - 44 * u, 3 * u, TEAL)
    p.line([(px + 10 * u, g - 70 * u), (px + 10 * u, g - 104 * u)], SLATE, 1.6 * u)
    signal_arcs(p, px + 10 * u, g - 104 * u, 32 * u, start=-140, sweep=100)
    p.poly([(px - 36 * u, g - 86 * u), (px - 14 * u, g - 96 * u), (px - 14 * u, g - 80 * u), (px - 36 * u, g - 70 * u)],
           BLUE)
    data_card(p, st.at(0.7), st.h * 0.06, 110 * u, 74 * u, rng)
    round_tree(p, st.at(1.0), g + 2 * u, 90 * u, *mood.foliage)


def scene_airport(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Airport height clearance: an airliner on approach over a runway, a control tower, marked masts."""
    backdrop(p, st, mood, rng, hill_height=0.5)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 30 * u, 80 * u, mix(mood.ridges[1], mood.sky[-1], 0.3))
    ceiling = g - 250 * u
    p.dashed((0, ceiling), (p.w, ceiling), alpha(SAFFRON, 0.75), 2 * u, 14 * u, 10 * u)
    control_tower(p, st.at(0.1), g, 230 * u, u)
    tower_block(p, st.at(0.7), g, 90 * u, 200 * u, u, rng)
    obstruction_mast(p, st.at(0.92), g, 235 * u, u)
    runway_y = g + 26 * u
    p.rect(0, runway_y, p.w, runway_y + 26 * u, (70, 82, 104))
    for x in range(0, p.w, max(8, int(60 * u))):
        p.rect(x, runway_y + 12 * u, x + 30 * u, runway_y + 14 * u, alpha(OFF_WHITE, 0.85))
    for x in range(0, p.w, max(6, int(34 * u))):
        p.circle(x, runway_y - 1 * u, 1.8 * u, SAFFRON)
        p.circle(x + 17 * u, runway_y + 27 * u, 1.8 * u, OFF_WHITE)
    ax, ay = st.at(0.52), g - 180 * u
    p.dashed((ax + 230 * u, ay - 46 * u), (st.at(0.1), runway_y + 6 * u), alpha(OFF_WHITE, 0.5), 1.5 * u, 8 * u, 8 * u)
    aircraft(p, ax, ay, 230 * u, -9)
    foreground(p, st, mood, rng, trees=5, keep_clear=(st.at(0.0), st.at(1.05)))


def control_tower(p: Pen, cx: float, base: float, h: float, s: float) -> None:
    p.gradient_poly([(cx - 14 * s, base - h * 0.8), (cx + 14 * s, base - h * 0.8), (cx + 22 * s, base),
                     (cx - 22 * s, base)], cylinder_stops(WALL, WALL_SHADE), vertical=False)
    cab = base - h * 0.8
    p.rect(cx - 26 * s, cab - 6 * s, cx + 26 * s, cab, WALL_SHADE)
    p.poly([(cx - 26 * s, cab - 6 * s), (cx - 34 * s, cab - 34 * s), (cx + 34 * s, cab - 34 * s),
            (cx + 26 * s, cab - 6 * s)], GLASS)
    p.poly([(cx - 30 * s, cab - 24 * s), (cx - 34 * s, cab - 34 * s), (cx + 34 * s, cab - 34 * s),
            (cx + 30 * s, cab - 24 * s)], GLASS_LIT)
    p.rect(cx - 38 * s, cab - 42 * s, cx + 38 * s, cab - 34 * s, TEAL, radius=2 * s)
    p.line([(cx, cab - 42 * s), (cx, cab - 70 * s)], SLATE, 2 * s)
    p.circle(cx, cab - 72 * s, 3 * s, RED)
    for k in range(1, 4):
        p.rect(cx - 4 * s, base - h * 0.8 + k * h * 0.18, cx + 4 * s, base - h * 0.8 + k * h * 0.18 + 12 * s, GLASS)


def obstruction_mast(p: Pen, cx: float, base: float, h: float, s: float) -> None:
    for k in range(7):
        y0 = base - h + k * h / 7
        p.rect(cx - (3 + k * 0.8) * s, y0, cx + (3 + k * 0.8) * s, y0 + h / 7, (RED if k % 2 == 0 else OFF_WHITE))
    for y in (base - h - 4 * s, base - h * 0.5):
        p.glow(cx, y, 16 * s, RED, 0.6)
        p.circle(cx, y, 3 * s, RED)
    for side in (-1, 1):
        p.line([(cx, base - h * 0.7), (cx + side * h * 0.3, base)], alpha(OFF_WHITE, 0.4), 1 * s, False)


def scene_barrage(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Water allocation: a gated barrage receding across the river, an intake tower and its pumping main."""
    sky(p, st, mood, rng, (0.7, 0.5))
    u, g = st.u, st.ground
    c = ridge(p, rng, g - st.h * 0.05, st.h * 0.15, mood.ridges[0], waves=1.4)
    tree_line(p, rng, c, mood.ridges[0], 14 * u, 12 * u)
    ridge(p, rng, g - st.h * 0.01, st.h * 0.06, mood.ridges[1], waves=2.4)
    p.gradient_rect(0, g - 4 * u, p.w, p.h, [mix(WATER, OFF_WHITE, 0.35), WATER, mix(WATER, BLUE, 0.35)])
    # Piers from the near bank (right) into the distance (left), spaced and sized in perspective.
    near, far = (st.at(0.52), g + 110 * u), (-st.w * 0.1, g + 4 * u)
    u = u * 1.25
    piers = []
    for k in range(26):
        t = 1 - 0.86**k
        x, base = near[0] + (far[0] - near[0]) * t, near[1] + (far[1] - near[1]) * t
        scale = 1 - 0.82 * t
        piers.append((x, base, scale))
    waterline = [(x, base - 50 * u * sc) for x, base, sc in piers]
    footing = [(x, base) for x, base, _ in piers]
    p.poly([*waterline, (far[0], g - 4 * u), (p.w, g - 4 * u), (p.w, near[1] - 50 * u)],
           mix(WATER, OFF_WHITE, 0.3))
    with p.veil(OFF_WHITE, 0.65) as v:
        for _ in range(160):
            t = rng.uniform(0, 1) ** 1.5
            i = min(len(footing) - 2, int(t * (len(footing) - 1)))
            (xa, ya), sc = footing[i], piers[i][2]
            length = rng.uniform(10, 36) * u * sc
            y = ya + rng.uniform(-4, 26) * u * sc
            v.line([(xa - length, y), (xa + length * 0.3, y)], 255, max(1.0, 2.4 * u * sc), False)
    for i in range(len(piers) - 1, 0, -1):
        (xa, ba, sa), (xb, bb, sb) = piers[i], piers[i - 1]
        gate = [(xa, ba - 86 * u * sa), (xb, bb - 86 * u * sb), (xb, bb - 40 * u * sb), (xa, ba - 40 * u * sa)]
        p.gradient_poly(gate, [STEEL_SHADE, mix(STEEL_SHADE, SLATE, 0.6)])
        for f in (0.3, 0.6):
            p.line([(xa, ba - (86 - 46 * f) * u * sa), (xb, bb - (86 - 46 * f) * u * sb)], alpha(NAVY, 0.3),
                   max(1.0, u * sb), False)
    for x, base, sc in reversed(piers):
        w = 22 * u * sc
        p.rect(x - w / 2, base - 120 * u * sc, x + w / 2, base + 4 * u * sc, WALL)
        p.rect(x + w * 0.15, base - 120 * u * sc, x + w / 2, base + 4 * u * sc, WALL_SHADE)
    for i in range(len(piers) - 1):
        (xa, ba, sa), (xb, bb, sb) = piers[i], piers[i + 1]
        p.poly([(xa, ba - 124 * u * sa), (xb, bb - 124 * u * sb), (xb, bb - 110 * u * sb), (xa, ba - 110 * u * sa)],
               WALL_SHADE)
        p.poly([(xa, ba - 100 * u * sa), (xb, bb - 100 * u * sb), (xb, bb - 92 * u * sb), (xa, ba - 92 * u * sa)],
               WALL)
    u = st.u
    bank = [(near[0] - 10 * u, near[1] - 130 * u), (p.w, g - 20 * u), (p.w, p.h), (near[0] + 40 * u, p.h),
            (near[0] - 14 * u, near[1] + 10 * u)]
    p.gradient_poly(bank, [mood.ground[0], mood.ground[1]])
    ix = st.at(0.72)
    p.gradient_rect(ix - 22 * u, g - 90 * u, ix + 22 * u, g + 40 * u, cylinder_stops(WALL, WALL_SHADE), False)
    p.rect(ix - 28 * u, g - 104 * u, ix + 28 * u, g - 90 * u, TEAL)
    p.rect(ix - 12 * u, g - 80 * u, ix + 12 * u, g - 66 * u, GLASS)
    main_y = g + 70 * u
    p.line([(ix, g + 30 * u), (ix + 30 * u, main_y), (p.w + 20, main_y)], BLUE, 12 * u, False)
    p.line([(ix + 4 * u, g + 30 * u), (ix + 32 * u, main_y - 3 * u), (p.w + 20, main_y - 3 * u)],
           alpha(GLASS_LIT, 0.5), 3 * u, False)
    pump_house(p, st.at(0.84), g + 40 * u, u)
    foreground(p, st, mood, rng, trees=3, keep_clear=(-p.w, st.at(0.95)))


def scene_government(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Government NOCs: a secretariat building with approved, stamped documents in front."""
    backdrop(p, st, mood, rng, hill_height=0.6)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(0.0), st.at(0.75))
    government_building(p, st.at(0.34), g, u)
    for t in (-0.06, 0.72):
        oval_tree(p, st.at(t), g + 6 * u, 110 * u, *mood.foliage)
    paper(p, st.at(0.76), g - 210 * u, 120 * u, 160 * u, rng, lines=7)
    paper(p, st.at(0.68), g - 150 * u, 120 * u, 160 * u, rng, header=SAFFRON, lines=7)
    stamp_mark(p, st.at(0.68) + 84 * u, g - 40 * u, 24 * u)
    rubber_stamp(p, st.at(0.96), g + 40 * u, 70 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.1), st.at(1.05)))


def scene_afforestation(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Forest clearance compliance: compensatory plantation — rows of saplings, one plot shown growing up."""
    sky(p, st, mood, rng, (0.7, 0.5))
    u, g = st.u, st.ground
    c1 = ridge(p, rng, g - st.h * 0.05, st.h * 0.14, mood.ridges[0], waves=1.5)
    tree_line(p, rng, c1, mood.ridges[0], 14 * u, 10 * u)
    c2 = ridge(p, rng, g + 2, st.h * 0.07, mood.ridges[1], waves=2.2)
    tree_line(p, rng, c2, mood.ridges[1], 30 * u, 12 * u)
    green_belt(p, rng, -20, p.w + 20, g + 4, 46 * u, (mood.ridges[2], mix(mood.ridges[2], NAVY, 0.15)))
    p.gradient_rect(0, g + 2, p.w, p.h, [mix(mood.ground[0], SAND, 0.25), mix(mood.ground[1], SOIL, 0.2)])
    for t, size in ((0.12, 30), (0.32, 44)):
        y = g + (p.h - g) * t
        p.line([(0, y + 2), (p.w, y + 2)], alpha(SOIL, 0.3), size * u * 0.14, False)
        x = (rng.uniform(0, 1) - 1) * size * u * 2
        while x < p.w + size * u * 2:
            sapling(p, x, y, size * u, mix(mood.foliage[0], OFF_WHITE, 0.1), None)
            x += size * u * 2
    base = g + (p.h - g) * 0.72
    p.ellipse(st.at(0.5), base + 4 * u, 320 * u, 22 * u, alpha(SOIL, 0.35))
    guard = mix(SOIL, OFF_WHITE, 0.4)
    for t, h, kind in ((0.12, 100, "sapling"), (0.4, 160, "young"), (0.7, 220, "tree")):
        x = st.at(t)
        p.ellipse(x, base, h * u * 0.34, h * u * 0.05, mix(SOIL, NAVY, 0.15))
        if kind == "sapling":
            p.line([(x + 14 * u, base), (x + 14 * u, base - 60 * u)], guard, 3 * u)
            sapling(p, x, base, h * u, mood.foliage[0], None)
        elif kind == "young":
            oval_tree(p, x, base, h * u, *mood.foliage)
        else:
            round_tree(p, x, base, h * u, *mood.foliage)
    for a, b in ((0.19, 0.31), (0.47, 0.58)):
        p.line([(st.at(a), base - 60 * u), (st.at(b), base - 60 * u)], alpha(OFF_WHITE, 0.7), 3 * u)
        tip = st.at(b)
        p.poly([(tip + 8 * u, base - 60 * u), (tip - 4 * u, base - 68 * u), (tip - 4 * u, base - 52 * u)],
               alpha(OFF_WHITE, 0.7))
    board_x = st.at(0.92)
    for dx in (-34, 34):
        p.rect(board_x + dx * u - 2 * u, base - 120 * u, board_x + dx * u + 2 * u, base, SOIL)
    p.rect(board_x - 48 * u, base - 150 * u, board_x + 48 * u, base - 96 * u, OFF_WHITE, radius=3 * u)
    p.rect(board_x - 48 * u, base - 150 * u, board_x + 48 * u, base - 138 * u, (46, 140, 90), radius=3 * u)
    for k in range(3):
        y = base - 130 * u + k * 10 * u
        p.rect(board_x - 38 * u, y, board_x + (30 - 14 * k) * u, y + 4 * u, WALL_SHADE, radius=2 * u)


def scene_air_monitoring(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Environmental clearance compliance: ambient air monitoring station near the plant, live data."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    factory_hall(p, st.at(0.5), g - 6 * u, 220 * u, 90 * u, u, teeth=3)
    chimney(p, st.at(0.84), g - 6 * u, 200 * u, u, wb=20, wt=13)
    yard(p, st, mood, st.at(0.0), st.at(0.5))
    monitoring_station(p, st.at(0.06), g + 20 * u, u * 1.2)
    data_card(p, st.at(0.42), st.h * 0.1, 170 * u, 110 * u, rng, kind="bars")
    grove(p, rng, st.at(0.4), st.at(1.05), g + 30 * u, 70 * u, mood.foliage, 6, kinds=(round_tree, oval_tree),
          depth=20 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_stack_monitoring(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Consent to operate compliance: a stack with sampling platform and CEMS shelter feeding a dashboard."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(0.0), st.at(1.0))
    factory_hall(p, st.at(0.36), g, 240 * u, 110 * u, u, teeth=3)
    sx = st.at(0.2)
    h = min(300 * u, g - 100)
    chimney(p, sx, g, h, u, wb=36, wt=22)
    plume(p, sx, g - h - 6 * u, u, rng, OFF_WHITE, 0.3, length=110, puffs=7)
    py = g - h * 0.62
    p.rect(sx - 30 * u, py, sx + 30 * u, py + 4 * u, SLATE)
    for k in range(7):
        x = sx - 30 * u + k * 10 * u
        p.line([(x, py), (x, py - 14 * u)], SLATE, 1.2 * u, False)
    p.line([(sx - 30 * u, py - 14 * u), (sx + 30 * u, py - 14 * u)], SLATE, 1.5 * u, False)
    p.rect(sx + 14 * u, py - 10 * u, sx + 24 * u, py, SAFFRON)
    p.line([(sx + 19 * u, py + 4 * u), (sx + 19 * u, g - 50 * u), (sx + 40 * u, g - 50 * u)], SAFFRON, 2 * u)
    p.rect(sx + 34 * u, g - 60 * u, sx + 84 * u, g, WALL, radius=2 * u)
    p.rect(sx + 34 * u, g - 60 * u, sx + 84 * u, g - 54 * u, TEAL, radius=2 * u)
    p.rect(sx + 46 * u, g - 44 * u, sx + 72 * u, g - 28 * u, NAVY, radius=2 * u)
    signal_arcs(p, sx + 59 * u, g - 64 * u, 36 * u, start=-120, sweep=60)
    data_card(p, st.at(0.6), st.h * 0.1, 180 * u, 118 * u, rng)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.05)))


def scene_site_survey(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Feasibility study: a plot pegged out, a theodolite and staff, the future building in outline."""
    backdrop(p, st, mood, rng, hill_height=0.8)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng, 12)
    plot = [(st.at(0.08), g + 14 * u), (st.at(0.82), g + 14 * u), (st.at(0.98), g + 80 * u), (st.at(0.0), g + 80 * u)]
    p.poly(plot, alpha(SAND, 0.35))
    for a, b in zip(plot, plot[1:] + plot[:1], strict=True):
        p.dashed(a, b, alpha(OFF_WHITE, 0.85), 1.8 * u, 10 * u, 7 * u)
    for x, y in plot:
        survey_flag(p, x, y, 36 * u)
    ghost = alpha(OFF_WHITE, 0.75)
    bx0, bx1, by = st.at(0.3), st.at(0.62), g + 44 * u
    bh = 190 * u
    p.rect(bx0, by - bh, bx1, by, alpha(OFF_WHITE, 0.1))
    for a, b in (((bx0, by), (bx0, by - bh)), ((bx1, by), (bx1, by - bh)), ((bx0, by - bh), (bx1, by - bh)),
                 ((bx1, by - bh), (bx1 + 40 * u, by - bh - 24 * u)), ((bx0, by - bh), (bx0 + 40 * u, by - bh - 24 * u)),
                 ((bx0 + 40 * u, by - bh - 24 * u), (bx1 + 40 * u, by - bh - 24 * u)),
                 ((bx1 + 40 * u, by - bh - 24 * u), (bx1 + 40 * u, by - 24 * u)),
                 ((bx1, by), (bx1 + 40 * u, by - 24 * u))):
        p.dashed(a, b, ghost, 1.6 * u, 9 * u, 6 * u)
    for k in range(1, 5):
        y = by - bh * k / 5
        p.dashed((bx0, y), (bx1, y), alpha(OFF_WHITE, 0.35), 1.2 * u, 6 * u, 6 * u)
    site_cabin(p, st.at(0.78), g + 10 * u, u)
    survey_staff(p, st.at(0.7), g + 60 * u, 110 * u)
    theodolite(p, st.at(0.16), g + 130 * u, 190 * u)
    p.dashed((st.at(0.16) + 26 * u, g + 130 * u - 160 * u), (st.at(0.7), g + 60 * u - 70 * u),
             alpha(SAFFRON, 0.8), 1.5 * u, 8 * u, 6 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def site_cabin(p: Pen, x: float, base: float, s: float) -> None:
    p.rect(x, base - 44 * s, x + 100 * s, base, OFF_WHITE, radius=2 * s)
    for k in range(1, 10):
        p.line([(x + k * 10 * s, base - 42 * s), (x + k * 10 * s, base - 2 * s)], alpha(WALL_SHADE, 0.8), 1 * s, False)
    p.rect(x + 12 * s, base - 32 * s, x + 36 * s, base - 16 * s, GLASS)
    p.rect(x + 64 * s, base - 36 * s, x + 84 * s, base, TEAL)


def scene_eia(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """EIA: a landscape read as a study area — dashed study radius, sampling pins, flags and a weather mast."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    river(p, st, st.at(0.22), st.at(-0.1), 14 * u, 260 * u, 80 * u)
    horizon_grove(p, st, mood, rng, 16)
    cx, cy = st.at(0.56), g + 40 * u
    with p.veil(SAFFRON, 0.14) as v:
        v.ellipse(cx, cy, 250 * u, 58 * u, 255)
    ring = [(cx + 250 * u * math.cos(a), cy + 58 * u * math.sin(a)) for a in _arc_angles(0, 360, 72)]
    for i in range(0, len(ring) - 1, 2):
        p.line([ring[i], ring[i + 1]], alpha(SAFFRON, 0.9), 2.2 * u, False)
    factory_hall(p, cx - 90 * u, g + 30 * u, 150 * u, 70 * u, u, teeth=2)
    chimney(p, cx + 80 * u, g + 30 * u, 160 * u, u, wb=16, wt=10)
    for t, dy, color in ((0.1, 50, TEAL), (0.38, 86, SAFFRON), (0.82, 76, BLUE), (0.26, 12, RED)):
        map_pin(p, st.at(t), g + dy * u, 15 * u, color)
    for t, dy in ((0.68, 104), (0.97, 30)):
        survey_flag(p, st.at(t), g + dy * u, 46 * u, TEAL)
    monitoring_mast(p, st.at(0.94), g + 120 * u, 190 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.1), st.at(1.05)))


def monitoring_mast(p: Pen, x: float, base: float, h: float) -> None:
    for side in (-1, 1):
        p.line([(x, base - h * 0.6), (x + side * h * 0.18, base)], alpha(SLATE, 0.7), h * 0.008, False)
    p.line([(x, base), (x, base - h)], SLATE, h * 0.02, False)
    p.line([(x - h * 0.12, base - h), (x + h * 0.12, base - h)], SLATE, h * 0.014, False)
    for side in (-1, 1):
        p.pie(x + side * h * 0.12, base - h, h * 0.035, 180, 360, SLATE)
    p.poly([(x, base - h * 0.86), (x + h * 0.16, base - h * 0.86), (x + h * 0.2, base - h * 0.82),
            (x, base - h * 0.82)], SAFFRON)
    p.rect(x - h * 0.07, base - h * 0.5, x + h * 0.07, base - h * 0.34, OFF_WHITE, radius=h * 0.015)
    for k in range(3):
        y = base - h * (0.47 - k * 0.035)
        p.line([(x - h * 0.05, y), (x + h * 0.05, y)], alpha(SLATE, 0.5), h * 0.008, False)


def scene_regulatory(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """About: regulatory consulting — the government building behind a stack of approved documents."""
    backdrop(p, st, mood, rng, hill_height=0.6)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(-0.1), st.at(0.7))
    government_building(p, st.at(0.3), g, u * 0.95)
    paper(p, st.at(0.62), g - 250 * u, 150 * u, 200 * u, rng, lines=8)
    paper(p, st.at(0.72), g - 200 * u, 150 * u, 200 * u, rng, header=BLUE, lines=8)
    seal(p, st.at(0.72) + 118 * u, g - 40 * u, 26 * u)
    stamp_mark(p, st.at(0.72) + 50 * u, g - 60 * u, 26 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.1), st.at(1.05)))


def scene_compliance(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """About: statutory compliance — a checklist with a shield over a quiet industrial horizon."""
    backdrop(p, st, mood, rng, hill_height=0.8)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 20 * u, 60 * u, mix(mood.ridges[1], mood.sky[-1], 0.2))
    for t, h in ((0.1, 150), (0.18, 120)):
        chimney(p, st.at(t), g + 2, h * u, u * 0.7)
    storage_tank(p, st.at(0.9), g + 2, 70 * u, 60 * u, u * 0.7)
    horizon_grove(p, st, mood, rng, 12)
    with p.veil(OFF_WHITE, 0.12) as v:
        v.circle(st.at(0.5), g - 170 * u, 230 * u, 255)
    clipboard(p, st.at(0.3), g - 320 * u, 200 * u, 270 * u, rows=5, checked=4)
    shield(p, st.at(0.72), g - 190 * u, 130 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_growth(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """About: driving business growth — a rising chart over an industrial skyline."""
    backdrop(p, st, mood, rng, hill_height=0.7)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 40 * u, 110 * u, mix(mood.ridges[1], mood.sky[-1], 0.2))
    ridge_color = mix(mood.ridges[2], NAVY, 0.2)
    for t, h in ((0.08, 200), (0.16, 160)):
        chimney(p, st.at(t), g, h * u, u * 0.8, bands=(SAFFRON, WALL))
    factory_hall(p, st.at(0.2), g, 180 * u, 80 * u, u, teeth=3)
    storage_tank(p, st.at(0.62), g, 80 * u, 80 * u, u)
    wind_turbine(p, st.at(0.82), g, 170 * u, u, 15)
    wind_turbine(p, st.at(0.95), g, 130 * u, u, 50)
    tower_block(p, st.at(0.7), g, 60 * u, 130 * u, u, rng)
    with p.veil(NAVY, 0.25) as v:
        v.rect(0, g - 1, p.w, p.h, 255)
    bar_chart(p, st.at(0.14), g - 50 * u, 330 * u, min(190 * u, g - 150), u, bars=6)
    horizon_grove(p, st, replace(mood, ridges=(ridge_color, ridge_color, ridge_color)), rng, 8)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_steel_plant(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Gallery: an integrated steel plant at dusk — blast furnace, stoves, conveyor and stacks."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    pylons_line(p, st, mix(mood.ridges[1], NAVY, 0.2), [st.w * 0.02, st.w * 0.16], 100 * u)
    yard(p, st, mood, st.at(-0.05), st.at(1.05))
    for t, h in ((0.62, 300), (0.7, 260)):
        chimney(p, st.at(t), g, h * u, u)
        plume(p, st.at(t), g - (h + 6) * u, u, rng, mix(mood.haze, OFF_WHITE, 0.4), 0.4, length=130)
    factory_hall(p, st.at(0.6), g, 260 * u, 120 * u, u, teeth=4)
    conveyor(p, (st.at(-0.05), g - 20 * u), (st.at(0.25), g - 250 * u), u)
    blast_furnace(p, st.at(0.28), g, 300 * u, u, rng)
    truck(p, st.at(0.7), g + 40 * u, u, load="box", color=WALL, cab=BLUE)
    foreground(p, st, mood, rng, trees=5, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_waste_room(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Gallery: a hospital's bio-medical waste store, bins segregated by colour (an interior)."""
    u = min(st.u, st.h / 600)
    floor = p.h * 0.72
    p.gradient_rect(0, 0, p.w, floor, [mix(MINT, OFF_WHITE, 0.4), MINT])
    tile = 48 * u
    for x in range(0, p.w, max(4, int(tile))):
        p.line([(x, 0), (x, floor)], alpha(TEAL, 0.08), 1.2, False)
    for y in range(0, int(floor), max(4, int(tile))):
        p.line([(0, y), (p.w, y)], alpha(TEAL, 0.08), 1.2, False)
    p.gradient_rect(0, floor, p.w, p.h, [(200, 214, 226), (170, 188, 206)])
    p.rect(0, floor - 12 * u, p.w, floor, mix(TEAL, NAVY, 0.2))
    for k in range(1, 8):
        x = p.w * k / 8
        p.line([(x, floor), (p.w / 2 + (x - p.w / 2) * 2.2, p.h)], alpha(OFF_WHITE, 0.35), 1.5, False)
    door_x = st.at(0.02)
    p.rect(door_x, floor - 330 * u, door_x + 170 * u, floor, mix(WALL_SHADE, BLUE, 0.15))
    p.rect(door_x + 10 * u, floor - 320 * u, door_x + 160 * u, floor, WALL)
    p.rect(door_x + 40 * u, floor - 290 * u, door_x + 130 * u, floor - 210 * u, GLASS_LIT)
    p.rect(door_x + 130 * u, floor - 170 * u, door_x + 150 * u, floor - 160 * u, SLATE, radius=3 * u)
    fan_x, fan_y = st.at(0.9), floor - 340 * u
    p.circle(fan_x, fan_y, 44 * u, WALL_SHADE)
    p.circle(fan_x, fan_y, 38 * u, SLATE)
    for k in range(4):
        p.poly(rotated(leaf_points(fan_x + 18 * u, fan_y, 36 * u, 0), fan_x, fan_y, k * 90 + 20), STEEL_SHADE)
    p.circle(fan_x, fan_y, 6 * u, WALL)
    bx, by = st.at(0.36), floor - 370 * u
    p.rect(bx, by, bx + 220 * u, by + 140 * u, OFF_WHITE, radius=6 * u)
    for k, color in enumerate(BMW_BINS):
        y = by + 22 * u + k * 28 * u
        p.rect(bx + 20 * u, y, bx + 48 * u, y + 18 * u, color if color != BMW_BINS[3] else WALL_SHADE, radius=3 * u)
        p.rect(bx + 62 * u, y + 5 * u, bx + 190 * u - k * 18 * u, y + 12 * u, WALL_SHADE, radius=3 * u)
    p.rect(st.at(0.72), floor - 190 * u, st.at(0.98), floor - 180 * u, STEEL_SHADE)
    for k, color in enumerate((SAFFRON, RED)):
        x = st.at(0.76) + k * 70 * u
        p.rect(x, floor - 236 * u, x + 44 * u, floor - 190 * u, color, radius=4 * u)
        p.rect(x + 10 * u, floor - 244 * u, x + 34 * u, floor - 236 * u, mix(color, NAVY, 0.3), radius=2 * u)
    for k, color in enumerate(BMW_BINS):
        waste_bin(p, st.at(0.3) + k * 150 * u, floor + 60 * u, 110 * u, 170 * u, color)
    with p.veil(NAVY, 0.08) as v:
        v.rect(0, 0, p.w, 24 * u, 255)


# --------------------------------------------------------------------------- industry cards


@dataclass(frozen=True)
class Card:
    """An industry tile: tinted background, soft spotlight disc and a platform the icon-scene stands on."""

    w: int
    h: int
    tint: Color

    @property
    def base(self) -> float:
        return self.h * 0.8

    @property
    def s(self) -> float:
        return self.h / 320


def card_background(p: Pen, card: Card, rng: random.Random) -> None:
    top, bottom = mix(card.tint, OFF_WHITE, 0.12), mix(card.tint, NAVY, 0.35)
    p.gradient_rect(0, 0, p.w, p.h, [top, card.tint, bottom])
    p.glow(p.w * 0.5, card.base - p.h * 0.3, p.h * 0.7, mix(card.tint, OFF_WHITE, 0.6), 0.45)
    with p.veil(OFF_WHITE, 0.06) as v:
        for gx in range(-2, 3):
            for gy in range(2):
                v.circle(p.w * 0.5 + gx * 26 * card.s + p.w * 0.36, p.h * 0.14 + gy * 26 * card.s, 3 * card.s, 255)
    p.ellipse(p.w * 0.5, card.base + 4 * card.s, p.w * 0.42, 14 * card.s, alpha(NAVY, 0.22))
    p.rect(0, card.base, p.w, p.h, alpha(mix(card.tint, NAVY, 0.5), 0.55))
    p.line([(0, card.base), (p.w, card.base)], alpha(OFF_WHITE, 0.25), 1.5 * card.s, False)


def card_port(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s * 0.8, c.base
    p.rect(0, b - 30 * s, p.w, b, alpha(WATER, 0.5))
    ship(p, 40 * c.s, b - 12 * s, 250 * s, s, rng)
    p.rect(0, b - 4 * s, p.w, b + 2 * s, STEEL)
    sts_crane(p, 330 * c.s, b, 210 * s, s, color=SAFFRON)


def card_transport(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    skyline(p, rng, 0, p.w, b - 4 * s, 30 * s, 80 * s, alpha(OFF_WHITE, 0.08))
    p.rect(0, b - 4 * s, p.w, b + 2 * s, alpha(OFF_WHITE, 0.15))
    for k in range(6):
        x = 20 * s + k * 80 * s
        p.rect(x, b + 12 * s, x + 44 * s, b + 16 * s, alpha(OFF_WHITE, 0.6))
    truck(p, 88 * s, b, s * 1.55, load="container", color=TEAL, cab=OFF_WHITE)


def card_energy(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    cooling_tower(p, 120 * s, b, 110 * s, 140 * s, rng, s)
    tips = [pylon(p, 250 * s, b, 170 * s, OFF_WHITE, s), pylon(p, 470 * s, b, 140 * s, OFF_WHITE, s)]
    for ta, tb in zip(tips[0], tips[1], strict=True):
        wire(p, ta, tb, alpha(OFF_WHITE, 0.8), s)
    wind_turbine(p, 380 * s, b, 150 * s, s, 30)
    solar_array(p, 300 * s, b + 10 * s, 150 * s, s)


def card_mining(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    for k in range(5):
        y = b - 130 * s + k * 26 * s
        half = (80 + k * 40) * s
        p.poly([(300 * s - half * 0.7, y), (300 * s + half * 0.7, y), (300 * s + half, y + 26 * s),
                (300 * s - half, y + 26 * s)], mix(SAND, SOIL, 0.1 + 0.14 * k))
    excavator(p, 40 * s, b, s * 1.2)
    truck(p, 270 * s, b, s * 1.05, load="tipper", color=SAFFRON, cab=SLATE)


def card_metal(light: Color, dark: Color, glow: bool) -> Callable[[Pen, Card, random.Random], None]:
    def draw(p: Pen, c: Card, rng: random.Random) -> None:
        s, b = c.s, c.base
        if glow:
            ladle_pour(p, 300 * s, b, s * 1.1)
        else:
            coil(p, 300 * s, b - 52 * s, 52 * s, 70 * s, light, dark)
        ingot_stack(p, 140 * s, b, 210 * s, light, dark)
        if glow:
            coil(p, 40 * s, b - 26 * s, 26 * s, 26 * s, light, dark)
    return draw


def card_hospital(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    hospital(p, 240 * s, b, s * 0.95, rng)
    ambulance(p, 330 * s, b + 6 * s, s * 0.8)


def card_diagnostic(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    scanner(p, 180 * s, b, s * 1.05)
    test_tubes(p, 360 * s, b, 90 * s, (RED, SAFFRON, TEAL, (120, 160, 220)))


def card_pharma(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    flask(p, 150 * s, b, 170 * s, TEAL)
    flask(p, 250 * s, b, 110 * s, SAFFRON)
    capsule_pill(p, 340 * s, b - 110 * s, 110 * s, 40 * s, -30, OFF_WHITE, SAFFRON)
    capsule_pill(p, 370 * s, b - 40 * s, 90 * s, 34 * s, 10, OFF_WHITE, TEAL)
    for x, y in ((300 * s, b - 12 * s), (420 * s, b - 100 * s)):
        p.circle(x, y, 12 * s, OFF_WHITE)
        p.line([(x - 8 * s, y), (x + 8 * s, y)], WALL_SHADE, 2 * s, False)


def card_real_estate(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    tower_block(p, 230 * s, b, 90 * s, 200 * s, s, rng)
    tower_block(p, 320 * s, b, 80 * s, 150 * s, s, rng, style="grid")
    house(p, 80 * s, b, 110 * s, 70 * s, s)
    round_tree(p, 420 * s, b, 90 * s, (72, 170, 118), (30, 116, 90))
    map_pin(p, 140 * s, b - 150 * s, 20 * s, SAFFRON)


def card_construction(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    frame_under_construction(p, 250 * s, b, 130 * s, 190 * s, s, floors=7, built=3)
    tower_crane(p, 120 * s, b, 230 * s, s, jib=220, back=60, color=OFF_WHITE, hook=0.45)
    for k in range(3):
        x = 60 * s + k * 30 * s
        p.poly([(x - 12 * s, b), (x, b - 30 * s), (x + 12 * s, b)], SAFFRON)
        p.rect(x - 6 * s, b - 16 * s, x + 6 * s, b - 11 * s, OFF_WHITE)


def card_telecom(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    skyline(p, rng, 0, p.w, b, 40 * s, 90 * s, alpha(OFF_WHITE, 0.1))
    telecom_tower(p, 240 * s, b, 220 * s, s)


def card_it(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    server_rack(p, 300 * s, b, 70 * s, 190 * s, rng)
    server_rack(p, 380 * s, b, 70 * s, 160 * s, rng)
    laptop(p, 170 * s, b, 190 * s, rng)


def card_fertilizer(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    process_column(p, 360 * s, b, 44 * s, 200 * s, s)
    process_column(p, 420 * s, b, 30 * s, 150 * s, s)
    for k, x in enumerate((90, 170, 130)):
        sack(p, x * s, b - (0 if k < 2 else 64 * s), 86 * s, 74 * s, OFF_WHITE, (50, 150, 90))
    sapling(p, 260 * s, b, 70 * s, (92, 190, 120), None)


def card_petroleum(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    process_column(p, 330 * s, b, 30 * s, 190 * s, s)
    flare_stack(p, 400 * s, b, 170 * s, s)
    storage_tank(p, 420 * s, b, 70 * s, 60 * s, s)
    pump_jack(p, 70 * s, b, s * 1.35)


INDUSTRY_CARDS: dict[str, tuple[Color, Callable[[Pen, Card, random.Random], None]]] = {
    "port": ((28, 72, 126), card_port),
    "transport": ((64, 82, 110), card_transport),
    "energy-power": ((18, 112, 106), card_energy),
    "mining": ((112, 88, 66), card_mining),
    "copper": ((132, 70, 44), card_metal(COPPER, (120, 58, 30), False)),
    "steel": ((46, 64, 88), card_metal((176, 188, 204), (92, 106, 128), True)),
    "aluminum": ((120, 140, 164), card_metal((232, 236, 242), (150, 160, 176), False)),
    "hospital": ((22, 124, 116), card_hospital),
    "diagnostic-centre": ((34, 92, 140), card_diagnostic),
    "pharma": ((70, 78, 140), card_pharma),
    "real-estate": ((20, 58, 104), card_real_estate),
    "construction": ((176, 112, 16), card_construction),
    "telecom": ((30, 60, 112), card_telecom),
    "it": (NAVY, card_it),
    "fertilizer": ((38, 110, 72), card_fertilizer),
    "petroleum": ((84, 58, 46), card_petroleum),
}


def render_industry(slug: str, w: int = 480, h: int = 320) -> Image.Image:
    tint, draw = INDUSTRY_CARDS[slug]
    rng = seeded(f"industry/{slug}")
    card = Card(w, h, tint)
    p = Pen(w, h)
    card_background(p, card, rng)
    draw(p, card, rng)
    return p.finish()


# --------------------------------------------------------------------------- the firm's emblem

# One outline drives both the hand-written SVG and the raster versions, so they never drift apart.
EMBLEM_OUTER = ((24, 3), (41, 8.5), (41, 22), ((41, 33.5), (33.5, 41.5), (24, 45.5)),
                ((14.5, 41.5), (7, 33.5), (7, 22)), (7, 8.5))
EMBLEM_INNER = ((24, 8.2), (36.6, 12.2), (36.6, 22.4), ((36.6, 30.6), (31.4, 36.6), (24, 40.2)),
                ((16.6, 36.6), (11.4, 30.6), (11.4, 22.4)), (11.4, 12.2))
EMBLEM_CHECK = ((16.8, 24.2), (22, 29.4), (31.6, 18.6))


def emblem_path(outline: Outline) -> str:
    x, y = outline[0]
    parts = [f"M{x:g} {y:g}"]
    for seg in outline[1:]:
        if isinstance(seg[0], tuple):
            parts.append("C" + " ".join(f"{a:g} {b:g}" for a, b in seg))
        else:
            parts.append(f"L{seg[0]:g} {seg[1]:g}")
    return "".join(parts) + "Z"


def emblem_polygon(outline: Outline, scale: float, dx: float = 0.0, dy: float = 0.0) -> list[Point]:
    pts: list[Point] = []
    for seg in outline:
        if isinstance(seg[0], tuple):
            pts += bezier(pts[-1], *seg)[1:]
        else:
            pts.append(seg)
    return [(dx + x * scale, dy + y * scale) for x, y in pts]


def render_logo_svg() -> str:
    check = " ".join(f"{x:g},{y:g}" for x, y in EMBLEM_CHECK)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img">\n'
        "  <title>Firm emblem</title>\n"
        f'  <path d="{emblem_path(EMBLEM_OUTER)}" fill="#0B2545"/>\n'
        f'  <path d="{emblem_path(EMBLEM_INNER)}" fill="#1B998B"/>\n'
        f'  <polyline points="{check}" fill="none" stroke="#F7F9FC" stroke-width="4.2" '
        'stroke-linecap="round" stroke-linejoin="round"/>\n'
        "</svg>\n"
    )


def draw_emblem(p: Pen, size: float, dx: float = 0.0, dy: float = 0.0) -> None:
    k = size / 48
    p.poly(emblem_polygon(EMBLEM_OUTER, k, dx, dy), NAVY)
    p.poly(emblem_polygon(EMBLEM_INNER, k, dx, dy), TEAL)
    p.line([(dx + x * k, dy + y * k) for x, y in EMBLEM_CHECK], OFF_WHITE, 4.2 * k)


def render_emblem(size: int) -> Image.Image:
    p = Pen(size, size, background=None, ss=4 if size < 128 else 2)
    draw_emblem(p, size)
    return p.finish()


# --------------------------------------------------------------------------- placeholder client logos

CUT = (0, 0, 0, 0)  # drawing this on a transparent canvas punches a hole


def mark_waves(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.circle(cx, cy, d / 2, c1)
    for k, dy in enumerate((-0.08, 0.12)):
        pts = [(cx - d / 2 + d * i / 20, cy + d * dy + math.sin(i / 20 * math.tau) * d * 0.06) for i in range(21)]
        p.line(pts, CUT if k == 0 else c2, d * 0.07, False)


def mark_hexagon(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    def hexagon(r: float) -> list[Point]:
        return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
                for i in range(6)]
    p.poly(hexagon(d / 2), c1)
    p.poly(hexagon(d * 0.34), CUT)
    p.poly(hexagon(d * 0.2), c2)


def mark_peaks(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.circle(cx + d * 0.22, cy - d * 0.22, d * 0.13, c2)
    p.poly([(cx - d / 2, cy + d * 0.36), (cx - d * 0.12, cy - d * 0.3), (cx + d * 0.26, cy + d * 0.36)], c1)
    p.poly([(cx - d * 0.06, cy + d * 0.36), (cx + d * 0.2, cy - d * 0.06), (cx + d / 2, cy + d * 0.36)], c2)


def mark_bars(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    for k, (hgt, color) in enumerate(((0.5, c1), (0.75, c1), (1.0, c2))):
        x = cx - d * 0.42 + k * d * 0.3
        p.rect(x, cy + d / 2 - d * hgt, x + d * 0.22, cy + d / 2, color, radius=d * 0.05)


def mark_plus(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.rect(cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2, c1, radius=d * 0.22)
    t = d * 0.1
    p.rect(cx - t, cy - d * 0.3, cx + t, cy + d * 0.3, CUT, radius=t * 0.4)
    p.rect(cx - d * 0.3, cy - t, cx + d * 0.3, cy + t, CUT, radius=t * 0.4)
    p.circle(cx + d * 0.3, cy - d * 0.3, d * 0.08, c2)


def mark_bolt(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.circle(cx, cy, d / 2, c1)
    bolt = [(cx + d * 0.06, cy - d * 0.36), (cx - d * 0.2, cy + d * 0.06), (cx - d * 0.01, cy + d * 0.06),
            (cx - d * 0.08, cy + d * 0.36), (cx + d * 0.2, cy - d * 0.08), (cx + d * 0.01, cy - d * 0.08)]
    p.poly(bolt, c2)


def mark_chevrons(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    for k, color in enumerate((c1, c1, c2)):
        x = cx - d * 0.42 + k * d * 0.28
        p.line([(x, cy - d * 0.34), (x + d * 0.26, cy), (x, cy + d * 0.34)], color, d * 0.13)


def mark_rings(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.ring(cx - d * 0.16, cy, d * 0.3, c1, d * 0.11)
    p.ring(cx + d * 0.16, cy, d * 0.3, c2, d * 0.11)


def mark_leaf(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.poly(leaf_points(cx - d * 0.1, cy - d * 0.04, d * 0.78, -55), c1)
    p.poly(leaf_points(cx + d * 0.17, cy + d * 0.12, d * 0.5, -120), c2)


def mark_drop(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    r = d * 0.33
    p.circle(cx, cy + d * 0.15, r, c1)
    p.poly([(cx - r * 0.94, cy + d * 0.05), (cx, cy - d * 0.5), (cx + r * 0.94, cy + d * 0.05)], c1)
    pts = [(cx - r + 2 * r * i / 12, cy + d * 0.16 + math.sin(i / 12 * math.tau) * d * 0.04) for i in range(13)]
    p.line(pts, CUT, d * 0.06, False)
    p.circle(cx - r * 0.35, cy + d * 0.0, d * 0.05, c2)


def mark_diamonds(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    r = d * 0.2
    for k, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
        x, y = cx + dx * r * 1.15, cy + dy * r * 1.15
        p.poly([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], c2 if k == 0 else c1)


def mark_arch(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    r = d * 0.46
    spring = cy + d * 0.22
    p.arc(cx, spring, r, 180, 360, c1, d * 0.13)
    p.rect(cx - d / 2, spring - d * 0.02, cx + d / 2, spring + d * 0.1, c2)
    for k in (-2, -1, 0, 1, 2):
        x = cx + k * d * 0.17
        top = spring - math.sqrt(max(0.0, (r - d * 0.06) ** 2 - (k * d * 0.17) ** 2))
        p.line([(x, top), (x, spring)], c1, d * 0.05, False)
    p.rect(cx - d * 0.44, spring + d * 0.1, cx - d * 0.32, cy + d / 2, c1)
    p.rect(cx + d * 0.32, spring + d * 0.1, cx + d * 0.44, cy + d / 2, c1)


def mark_blocks(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    for k, (hgt, color) in enumerate(((0.62, c1), (1.0, c2), (0.8, c1))):
        x = cx - d * 0.45 + k * d * 0.31
        p.rect(x, cy + d / 2 - d * hgt, x + d * 0.27, cy + d / 2, color)
        for j in range(int(hgt * 5) - 1):
            wy = cy + d / 2 - d * hgt + d * 0.08 + j * d * 0.17
            p.rect(x + d * 0.08, wy, x + d * 0.19, wy + d * 0.07, CUT)


def mark_split(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    r = d / 2
    p.poly([(cx, cy - r), (cx + r, cy), (cx, cy + r)], c2)
    p.poly([(cx, cy - r), (cx - r, cy), (cx, cy + r)], c1)
    p.poly([(cx, cy - r * 0.4), (cx + r * 0.4, cy), (cx, cy + r * 0.4), (cx - r * 0.4, cy)], CUT)


def mark_sun(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    for k in range(12):
        a = math.radians(k * 30)
        p.line([(cx + d * 0.32 * math.cos(a), cy + d * 0.32 * math.sin(a)),
                (cx + d * 0.48 * math.cos(a), cy + d * 0.48 * math.sin(a))], c2, d * 0.07)
    p.circle(cx, cy, d * 0.24, c1)


def mark_house(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.poly([(cx - d * 0.45, cy), (cx, cy - d * 0.45), (cx + d * 0.45, cy), (cx + d * 0.36, cy),
            (cx + d * 0.36, cy + d * 0.45), (cx - d * 0.36, cy + d * 0.45), (cx - d * 0.36, cy)], c1)
    p.rect(cx - d * 0.1, cy + d * 0.12, cx + d * 0.1, cy + d * 0.45, CUT)
    p.rect(cx + d * 0.16, cy - d * 0.36, cx + d * 0.28, cy - d * 0.16, c2)


def mark_signal(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.circle(cx - d * 0.3, cy + d * 0.3, d * 0.12, c2)
    for k in range(3):
        p.arc(cx - d * 0.3, cy + d * 0.3, d * (0.32 + k * 0.24), 270, 360, c1, d * 0.1)


def mark_ingots(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    for row, count in enumerate((2, 1)):
        y = cy + d * 0.36 - row * d * 0.36
        for k in range(count):
            x = cx - (count - 1) * d * 0.26 + k * d * 0.52
            p.poly([(x - d * 0.25, y), (x + d * 0.25, y), (x + d * 0.18, y - d * 0.3), (x - d * 0.18, y - d * 0.3)],
                   c2 if row else c1)


def mark_orbit(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.ring(cx, cy, d * 0.44, c1, d * 0.08)
    p.circle(cx, cy, d * 0.2, c2)
    p.circle(cx + d * 0.31, cy - d * 0.31, d * 0.09, c1)


def mark_capsule(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    capsule_pill(p, cx, cy, d * 1.0, d * 0.4, -40, c1, c2)
    p.circle(cx + d * 0.3, cy + d * 0.3, d * 0.1, c1)


@dataclass(frozen=True)
class Brand:
    name: str
    trade: str
    mark: Callable[[Pen, float, float, float, Color, Color], None]
    color: Color
    accent: Color


# Invented names only; none is meant to resemble a real company.
CLIENT_BRANDS = (
    Brand("Aravel", "MARINE", mark_waves, BLUE, TEAL),
    Brand("Ulvora", "ALLOYS", mark_ingots, SLATE, (120, 134, 156)),
    Brand("Solvanta", "POWER", mark_bolt, NAVY, SAFFRON),
    Brand("Medrisa", "HOSPITALS", mark_plus, TEAL, NAVY),
    Brand("Kovantra", "DEVELOPERS", mark_arch, NAVY, SAFFRON),
    Brand("Brivenor", "MINERALS", mark_peaks, (92, 80, 66), SAFFRON),
    Brand("Quenda", "DIAGNOSTICS", mark_rings, (30, 120, 110), BLUE),
    Brand("Tarnavi", "FUELS", mark_drop, (84, 58, 46), SAFFRON),
)


MORE_BRANDS = (
    Brand("Peravel", "PORTS", mark_waves, (28, 72, 126), SAFFRON),
    Brand("Gravik", "ALLOYS", mark_ingots, (70, 78, 96), SAFFRON),
    Brand("Elvantis", "POWER", mark_bolt, TEAL, SAFFRON),
    Brand("Fenmora", "HOSPITALS", mark_plus, (22, 124, 116), SAFFRON),
    Brand("Lumeza", "TOWNSHIPS", mark_house, BLUE, SAFFRON),
    Brand("Zentoria", "MINERALS", mark_peaks, SLATE, TEAL),
    Brand("Ostiva", "DIAGNOSTICS", mark_orbit, TEAL, NAVY),
    Brand("Tevaro", "PETROLEUM", mark_drop, NAVY, SAFFRON),
    Brand("Helvaro", "REALTY", mark_blocks, NAVY, TEAL),
    Brand("Yashvel", "ROADWAYS", mark_chevrons, SLATE, SAFFRON),
    Brand("Corvessa", "CHEMICALS", mark_diamonds, TEAL, SAFFRON),
    Brand("Kesora", "AQUAFARMS", mark_rings, (30, 110, 170), TEAL),
    Brand("Zorvani", "COLD CHAIN", mark_hexagon, (40, 110, 150), (130, 190, 210)),
    Brand("Dravoni", "TEXTILES", mark_split, (120, 60, 90), (190, 120, 150)),
    Brand("Marvanta", "CEMENT", mark_arch, (100, 84, 60), SAFFRON),
    Brand("Quelora", "PHARMA", mark_capsule, (70, 78, 140), SAFFRON),
    Brand("Vantiko", "TELECOM", mark_signal, BLUE, TEAL),
    Brand("Wyndra", "FERTILISERS", mark_leaf, (38, 110, 72), SAFFRON),
    Brand("Inavo", "DATA CENTRES", mark_bars, NAVY, TEAL),
    Brand("Ravika", "HOTELS", mark_sun, SAFFRON, NAVY),
)


def render_brand(brand: Brand, w: int, h: int) -> Image.Image:
    """Mark + two-line wordmark, centred as a group on a transparent canvas."""
    p = Pen(w, h, background=None, ss=3)
    k = h / 160
    mark = 70 * k
    name_size, trade_size = 30 * k, 11.5 * k
    name_w = font(round(name_size * p.ss)).getlength(brand.name) / p.ss
    trade_f = font(round(trade_size * p.ss), False)
    trade_w = sum(trade_f.getlength(ch) for ch in brand.trade) / p.ss + 3.2 * k * (len(brand.trade) - 1)
    text_w = max(name_w, trade_w)
    gap = 16 * k
    fit = min(1.0, (w - 28 * k) / (mark + gap + text_w))
    mark, gap, name_size, trade_size, text_w = mark * fit, gap * fit, name_size * fit, trade_size * fit, text_w * fit
    x0 = (w - (mark + gap + text_w)) / 2
    cy = h / 2
    brand.mark(p, x0 + mark / 2, cy, mark, brand.color, brand.accent)
    tx = x0 + mark + gap
    ink = mix(brand.color, NAVY, 0.35)
    p.text(tx, cy + 4 * k * fit, brand.name, name_size, ink, bold=True)
    p.text(tx + 1 * k, cy + 24 * k * fit, brand.trade, trade_size, mix(SLATE, OFF_WHITE, 0.25), bold=False,
           tracking=3.2 * k * fit)
    return p.finish()


# --------------------------------------------------------------------------- portraits and map


def bust(p: Pen, size: float, figure: Color, formal: bool, collar: Color = OFF_WHITE, tie: Color = TEAL) -> None:
    """Head-and-shoulders silhouette on a 400-unit grid scaled to `size`."""
    k = size / 400
    torso = bezier((34 * k, 400 * k), (38 * k, 316 * k), (86 * k, 274 * k), (164 * k, 262 * k))
    torso += bezier((236 * k, 262 * k), (314 * k, 274 * k), (362 * k, 316 * k), (366 * k, 400 * k))
    p.poly([*torso, (34 * k, 400 * k)], figure)
    p.rect(176 * k, 196 * k, 224 * k, 270 * k, mix(figure, NAVY, 0.15), radius=10 * k)
    p.ellipse(200 * k, 154 * k, 58 * k, 68 * k, figure)
    if formal:
        p.poly([(166 * k, 264 * k), (234 * k, 264 * k), (200 * k, 344 * k)], collar)
        p.poly([(192 * k, 276 * k), (208 * k, 276 * k), (212 * k, 334 * k), (200 * k, 350 * k), (188 * k, 334 * k)],
               tie)
        shade = mix(figure, NAVY, 0.25)
        p.poly([(158 * k, 264 * k), (200 * k, 346 * k), (186 * k, 400 * k), (146 * k, 294 * k)], shade)
        p.poly([(242 * k, 264 * k), (200 * k, 346 * k), (214 * k, 400 * k), (254 * k, 294 * k)], shade)


def render_portrait(size: int, background: tuple[Color, Color], figure: Color, formal: bool) -> Image.Image:
    p = Pen(size, size)
    p.gradient_rect(0, 0, size, size, list(background))
    p.glow(size * 0.5, size * 0.4, size * 0.6, OFF_WHITE, 0.35)
    bust(p, size, figure, formal)
    return p.finish()


PERSON_TINTS = (
    ((MINT, (150, 214, 204)), (27, 120, 110)),
    (((206, 222, 240), (150, 178, 214)), (44, 74, 118)),
    (((252, 232, 196), (236, 196, 130)), (150, 100, 30)),
)


def render_map(w: int = 800, h: int = 450) -> Image.Image:
    """A stylised street map (not a real place): blocks, parks, a river, roads and a pin in the middle."""
    rng = seeded("contact/map")
    p = Pen(w, h, background=(234, 238, 234))
    grid, angle = 58, -12
    cx, cy = w / 2, h / 2
    for gx in range(-8, 9):
        for gy in range(-6, 7):
            x, y = cx + gx * grid, cy + gy * grid
            color = (204, 230, 204) if rng.random() < 0.12 else (224, 229, 226)
            block = [(x + 6, y + 6), (x + grid - 6, y + 6), (x + grid - 6, y + grid - 6), (x + 6, y + grid - 6)]
            p.poly(rotated(block, cx, cy, angle), color)
    streets = []
    for k in range(-8, 9):
        streets.append(rotated([(cx + k * grid, -h), (cx + k * grid, 2 * h)], cx, cy, angle))
        streets.append(rotated([(-w, cy + k * grid), (2 * w, cy + k * grid)], cx, cy, angle))
    for street in streets:
        p.line(street, (206, 211, 218), 9, False)
    for street in streets:
        p.line(street, OFF_WHITE, 6, False)
    bends = [(-200, h * 0.1), (-40, h * 0.18), (w * 0.2, h * 0.3), (w * 0.38, h * 0.22), (w * 0.6, h * 0.46),
             (w * 0.82, h * 0.64), (w + 40, h * 0.6), (w + 200, h * 0.62)]
    river_line: list[Point] = []
    for a, b, c, d in zip(bends, bends[1:], bends[2:], bends[3:], strict=False):
        river_line += catmull_rom(a, b, c, d)
    p.line(river_line, (150, 196, 220), 58, False)
    p.line(river_line, (176, 214, 232), 50, False)
    arterials = ([(-20, h * 0.86), (w * 0.3, h * 0.62), (w * 0.55, h * 0.5), (w * 0.8, h * 0.32), (w + 20, h * 0.12)],
                 [(w * 0.62, -20), (w * 0.5, h * 0.5), (w * 0.44, h + 20)])
    for path in arterials:
        p.line(path, (226, 178, 90), 14, False)
        p.line(path, (252, 216, 146), 10, False)
    for k in range(3):
        x0 = w * 0.08 + k * w * 0.32
        p.dashed((x0, h * 0.98), (x0 + w * 0.3, h * 0.86), (120, 130, 146), 2, 8, 6)
    with p.veil(TEAL, 0.16) as v:
        v.circle(cx, cy - 10, 46, 255)
    map_pin(p, cx, cy + 16, 18, TEAL)
    p.circle(cx, cy + 16 - 18 * 2.1, 7, NAVY)
    return p.finish()


def catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points on the curve from p1 to p2 (p0 and p3 only steer it)."""
    def axis(a: float, b: float, c: float, d: float, t: float) -> float:
        return 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t**3)

    return [(axis(p0[0], p1[0], p2[0], p3[0], i / steps), axis(p0[1], p1[1], p2[1], p3[1], i / steps))
            for i in range(steps)]


# --------------------------------------------------------------------------- rendering jobs


def seeded(name: str) -> random.Random:
    # crc32, not hash(): str hashes change between runs.
    return random.Random(zlib.crc32(name.encode()))


def render_scene(name: str, scene: Scene, mood: Mood, w: int, h: int, layout: str = "hero",
                 overlay: str | None = "left", ground: float = 0.78) -> Image.Image:
    p = Pen(w, h)
    scene(p, make_stage(w, h, layout, ground), seeded(name), mood)
    if overlay == "left":
        shade_text_side(p)
    elif overlay == "bottom":
        shade_bottom(p)
    return p.finish()


def blueprint_plan(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    scene_blueprint(p, st, rng, mood, main="plan")


HEROES: tuple[tuple[Scene, Mood], ...] = ((scene_plant, DAWN), (scene_city, DAY), (scene_port_mining, FRESH))

SERVICES: dict[str, tuple[Scene, Mood]] = {
    "peso": (scene_tank_farm, DAWN),
    "architectural-design": (scene_blueprint, BLUEPRINT),
    "forest-clearance": (scene_forest_road, FRESH),
    "environmental-clearance": (scene_green_factory, DAY),
    "consent-to-estalish": (scene_construction, DAY),
    "consent-to-operate": (scene_clean_plant, DAWN),
    "hazardous-waste-licensing": (scene_hazardous, DAY),
    "bio-medical-waste-authorization": (scene_biomedical, DAY),
    "fire-licensing": (scene_fire_safety, DAY),
    "clinical-establishment-licensing": (scene_clinic, DAY),
    "fire-nocs": (scene_fire_noc, DUSK),
    "cgwanoc": (scene_borewell, DAY),
    "airport-height-clearance-noc": (scene_airport, DAWN),
    "water-allocatio-norder-noc": (scene_barrage, FRESH),
    "various-govt-officials-nocs": (scene_government, DAY),
    "peso-compliance": (scene_tank_inspection, DAY),
    "forest-clearance-compliance": (scene_afforestation, FRESH),
    "environment-clearance-compliance": (scene_air_monitoring, FRESH),
    "consent-to-operate-compliance": (scene_stack_monitoring, DAWN),
    "cgwa-compliance": (scene_groundwater_monitoring, FRESH),
    "feasibility-study-for-construction": (scene_site_survey, DAY),
    "environment-impact-assesment": (scene_eia, FRESH),
    "tank-testing-certificate": (scene_tank_test, DAY),
}

ABOUT: tuple[tuple[Scene, Mood], ...] = (
    (blueprint_plan, BLUEPRINT),
    (scene_regulatory, DAY),
    (scene_compliance, FRESH),
    (scene_growth, DAWN),
)

GALLERY: tuple[tuple[Scene, Mood], ...] = (
    (scene_tank_farm, DAY),
    (scene_waste_room, DAY),
    (scene_forest_road, DAY),
    (scene_steel_plant, DUSK),
    (scene_fire_noc, DAY),
    (scene_groundwater_monitoring, DAY),
    (scene_airport, DAY),
    (scene_barrage, DAY),
    (scene_eia, DAY),
)

# In the order of the video titles: PESO licence, forest clearance, staying compliant after consent to operate.
VIDEOS: tuple[tuple[Scene, Mood], ...] = (
    (scene_tank_farm, DAWN),
    (scene_forest_road, FRESH),
    (scene_stack_monitoring, DAY),
)

SCENE = ("webp", "jpg")
MARK = ("webp", "png")


@dataclass(frozen=True)
class Job:
    stem: str  # path under assets/ without extension
    formats: tuple[str, ...]
    render: Callable[[], Image.Image | str]


def thumbnail_of(stem: str, fallback: Callable[[], Image.Image], size: tuple[int, int]) -> Callable[[], Image.Image]:
    """Thumbs follow the full image on disk, so an owner's photo gets a matching thumb."""
    def render() -> Image.Image:
        full = ASSETS / f"{stem}.webp"
        img = Image.open(full).convert("RGB") if full.exists() else fallback()
        return fit(img, size)
    return render


def fit(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    scale = max(size[0] / img.width, size[1] / img.height)
    resized = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
    left, top = (resized.width - size[0]) // 2, (resized.height - size[1]) // 2
    return resized.crop((left, top, left + size[0], top + size[1]))


def all_jobs() -> list[Job]:
    jobs = [
        Job("images/logo", ("svg",), render_logo_svg),
        Job("images/logo-512", ("png",), lambda: render_emblem(512)),
        Job("favicon", ("ico",), lambda: render_emblem(64)),
    ]
    for i, (scene, mood) in enumerate(HEROES, 1):
        jobs.append(Job(f"images/hero/home-{i}", SCENE,
                        functools.partial(render_scene, f"hero/{i}", scene, mood, 1280, 720)))
    for slug in INDUSTRY_CARDS:
        jobs.append(Job(f"images/industries/{slug}", SCENE, functools.partial(render_industry, slug)))
    for i, brand in enumerate(CLIENT_BRANDS, 1):
        jobs.append(Job(f"images/clients/client-{i}", MARK, functools.partial(render_brand, brand, 320, 160)))
    for i, brand in enumerate(MORE_BRANDS, 1):
        jobs.append(Job(f"images/logos/logo-{i:02d}", MARK, functools.partial(render_brand, brand, 240, 120)))
    for i, (scene, mood) in enumerate(ABOUT, 1):
        jobs.append(Job(f"images/about/slide-{i}", SCENE,
                        functools.partial(render_scene, f"about/{i}", scene, mood, 1280, 600)))
    # founder.jpg as well: the about page's <picture> falls back to .jpg for this one.
    jobs.append(Job("images/founder", ("webp", "png", "jpg"),
                    functools.partial(render_portrait, 400, ((226, 238, 244), (178, 204, 222)), (58, 82, 116), True)))
    for route, (scene, mood) in SERVICES.items():
        jobs.append(Job(f"images/services/{route}", SCENE,
                        functools.partial(render_scene, f"service/{route}", scene, mood, 1280, 560)))
    for i, (scene, mood) in enumerate(GALLERY, 1):
        full = functools.partial(render_scene, f"gallery/{i}", scene, mood, 1200, 800, "full", None)
        jobs.append(Job(f"images/gallery/gallery-{i}", SCENE, full))
        jobs.append(Job(f"images/gallery/thumbs/gallery-{i}", SCENE,
                        thumbnail_of(f"images/gallery/gallery-{i}", full, (400, 267))))
    for i, (background, figure) in enumerate(PERSON_TINTS, 1):
        jobs.append(Job(f"images/testimonials/person-{i}", MARK,
                        functools.partial(render_portrait, 160, background, figure, False)))
    for i, (scene, mood) in enumerate(VIDEOS, 1):
        jobs.append(Job(f"images/videos/video-{i}", SCENE,
                        functools.partial(render_scene, f"video/{i}", scene, mood, 640, 360, "full", "bottom")))
    jobs.append(Job("images/contact/map", SCENE, render_map))
    return jobs


def encode(img: Image.Image, fmt: str) -> bytes:
    buffer = io.BytesIO()
    if fmt == "webp" and img.mode == "RGBA":
        # Logos are flat colour with type: lossless is both crisper and smaller than lossy here.
        img.save(buffer, "WEBP", lossless=True, quality=100, method=6)
    elif fmt == "webp":
        img.save(buffer, "WEBP", quality=WEBP_QUALITY, method=6)
    elif fmt == "jpg":
        flat = img
        if img.mode == "RGBA":
            flat = Image.new("RGB", img.size, OFF_WHITE)
            flat.paste(img, mask=img.getchannel("A"))
        flat.convert("RGB").save(buffer, "JPEG", quality=JPEG_QUALITY, progressive=True, optimize=True)
    elif fmt == "png":
        img.save(buffer, "PNG", optimize=True)
    elif fmt == "ico":
        img.save(buffer, "ICO", sizes=[(32, 32), (16, 16)])
    else:
        raise ValueError(fmt)
    return buffer.getvalue()


def save(img: Image.Image | str, path: Path, fmt: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(img, str):
        path.write_text(img, encoding="utf-8")
    else:
        path.write_bytes(encode(img, fmt))


def copies_of(public: str, original: Image.Image, variants: Variants) -> Iterator[tuple[str, Image.Image]]:
    """(public path, picture) of each smaller copy of one original."""
    for width in variants.widths:
        if width < original.width:
            height = round(original.height * width / original.width)
            yield sized(public, width), original.resize((width, height), Image.Resampling.LANCZOS)
    if variants.narrow:
        w, h = variants.narrow
        crop_w = min(original.width, round(original.height * w / h))
        left = round(original.width * variants.focus_x - crop_w / 2)
        left = max(0, min(original.width - crop_w, left))
        crop = original.crop((left, 0, left + crop_w, original.height))
        if crop.size != (w, h):
            crop = crop.resize((w, h), Image.Resampling.LANCZOS)
        yield narrow(public), crop


def is_copy(path: Path, variants: Variants) -> bool:
    return path.stem.endswith("-narrow") or any(path.stem.endswith(f"-{w}w") for w in variants.widths)


def make_copies(only: str | None) -> list[Path]:
    """Write the copies of every original that consultancy/images.py lists, where they differ."""
    written = []
    for pattern, variants in RULES:
        for original in sorted(ASSETS.glob(pattern.lstrip("/") + ".*")):
            fmt = original.suffix.lstrip(".")
            stem = str(original.relative_to(ASSETS).with_suffix(""))
            if fmt not in ("webp", "jpg", "png") or is_copy(original, variants) or (only and not fnmatch(stem, only)):
                continue
            img = Image.open(original)
            img = img.convert("RGBA" if img.mode in ("RGBA", "LA", "PA") or "transparency" in img.info else "RGB")
            for public, copy in copies_of("/" + str(original.relative_to(ASSETS)), img, variants):
                path = ASSETS / public.lstrip("/")
                data = encode(copy, fmt)
                if not path.exists() or path.read_bytes() != data:
                    path.write_bytes(data)
                    written.append(path)
    return written


def run(job: Job, force: bool) -> list[Path]:
    """Write the job's missing files; existing ones are kept and, if one exists, seeds the others."""
    paths = {fmt: ASSETS / f"{job.stem}.{fmt}" for fmt in job.formats}
    missing = [fmt for fmt, path in paths.items() if force or not path.exists()]
    if not missing:
        return []
    present = [path for fmt, path in paths.items() if fmt not in missing and fmt not in ("svg", "ico")]
    # An owner's photo under one name becomes the source of its fallbacks, so both formats show the same picture.
    img = Image.open(present[0]) if present else job.render()
    if isinstance(img, Image.Image) and img.mode not in ("RGB", "RGBA"):
        img = img.convert("RGBA" if "transparency" in img.info or img.mode in ("LA", "PA") else "RGB")
    for fmt in missing:
        save(img, paths[fmt], fmt)
    return [paths[fmt] for fmt in missing]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="redraw every image, replacing existing files")
    parser.add_argument("--only", metavar="GLOB", help="limit to stems matching GLOB, e.g. 'images/hero/*'")
    args = parser.parse_args()
    written: list[Path] = []
    for job in all_jobs():
        if args.only and not fnmatch(job.stem, args.only):
            continue
        for path in run(job, args.force):
            size = path.stat().st_size
            print(f"{path.relative_to(ROOT)}  {size:,} B")
            written.append(path)
    for path in make_copies(args.only):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} B  (copy)")
        written.append(path)
    webp = sum(p.stat().st_size for p in written if p.suffix == ".webp")
    other = sum(p.stat().st_size for p in written if p.suffix != ".webp")
    print(f"{len(written)} files, {webp + other:,} B total ({webp:,} B WebP, {other:,} B fallbacks and icons)")


if __name__ == "__main__":
    main()
