"""The drawing surface: colour helpers, fonts and the supersampling `Pen`."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .geometry import Point
from .shapes.palette import NAVY, OFF_WHITE, Color

Paint = Color | tuple[int, int, int, int] | int
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

BOLD_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
)
REGULAR_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)


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

    def frame(self, x0: float, y0: float, x1: float, y1: float, fill: Paint, width: float) -> None:
        """The outline of a rectangle."""
        box = (x0 * self.ss, y0 * self.ss, x1 * self.ss, y1 * self.ss)
        self.draw.rectangle(box, outline=self._ink(fill), width=max(1, round(width * self.ss)))

    def ellipse_ring(self, cx: float, cy: float, rx: float, ry: float, fill: Paint, width: float) -> None:
        """The outline of an ellipse."""
        s = self.ss
        box = ((cx - rx) * s, (cy - ry) * s, (cx + rx) * s, (cy + ry) * s)
        self.draw.ellipse(box, outline=self._ink(fill), width=max(1, round(width * s)))

    def ring(self, cx: float, cy: float, r: float, fill: Paint, width: float) -> None:
        self.ellipse_ring(cx, cy, r, r, fill, width)

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

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        fill: Paint,
        bold: bool = True,
        anchor: str = "ls",
        tracking: float = 0.0,
    ) -> float:
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
    def gradient_rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        stops: Sequence[Color],
        vertical: bool = True,
        radius: float = 0.0,
    ) -> None:
        def shape(d: ImageDraw.ImageDraw, at: Callable[[Sequence[Point]], list[Point]]) -> None:
            (a, b), (c, e) = at([(x0, y0), (x1, y1)])
            if radius > 0:
                d.rounded_rectangle((a, b, c, e), radius=radius * self.ss, fill=255)
            else:
                d.rectangle((a, b, c, e), fill=255)

        self._gradient((x0, y0, x1, y1), stops, vertical, shape)

    def gradient_poly(self, points: Sequence[Point], stops: Sequence[Color], vertical: bool = True) -> None:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        self._gradient(
            (min(xs), min(ys), max(xs), max(ys)), stops, vertical, lambda d, at: d.polygon(at(points), fill=255)
        )

    def gradient_ellipse(
        self, cx: float, cy: float, rx: float, ry: float, stops: Sequence[Color], vertical: bool = True
    ) -> None:
        def shape(d: ImageDraw.ImageDraw, at: Callable[[Sequence[Point]], list[Point]]) -> None:
            (a, b), (c, e) = at([(cx - rx, cy - ry), (cx + rx, cy + ry)])
            d.ellipse((a, b, c, e), fill=255)

        self._gradient((cx - rx, cy - ry, cx + rx, cy + ry), stops, vertical, shape)

    def _gradient(
        self,
        box: tuple[float, float, float, float],
        stops: Sequence[Color],
        vertical: bool,
        shape: Callable[[ImageDraw.ImageDraw, Callable[[Sequence[Point]], list[Point]]], None],
    ) -> None:
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

    def fade(
        self, box: tuple[float, float, float, float], color: Color, opacities: Sequence[float], vertical: bool = True
    ) -> None:
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


def contact_shadow(p: Pen, cx: float, y: float, rx: float, opacity: float = 0.18) -> None:
    p.ellipse(cx, y, rx, rx * 0.12, alpha(NAVY, opacity))


def cylinder_stops(light: Color, dark: Color) -> list[Color]:
    """Left-lit cylinder shading: soft left edge, highlight, falling off to the shadow side."""
    return [mix(light, dark, 0.35), light, light, mix(light, dark, 0.55), dark]
