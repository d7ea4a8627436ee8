"""Placeholder client logos: an abstract mark beside a two-line wordmark."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from .canvas import Pen, font, mix
from .geometry import Point, leaf_points, placed
from .kit.equipment import capsule_pill
from .shapes import brands
from .shapes.marks import MARK_BOLT, MARK_HOUSE, MARK_INGOT, MARK_PEAK_BACK, MARK_PEAK_FRONT
from .shapes.palette import NAVY, OFF_WHITE, SLATE, Color

CUT = (0, 0, 0, 0)  # drawing this on a transparent canvas punches a hole


def mark_waves(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.circle(cx, cy, d / 2, c1)
    for k, dy in enumerate((-0.08, 0.12)):
        pts = [(cx - d / 2 + d * i / 20, cy + d * dy + math.sin(i / 20 * math.tau) * d * 0.06) for i in range(21)]
        p.line(pts, CUT if k == 0 else c2, d * 0.07, False)


def mark_hexagon(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    def hexagon(r: float) -> list[Point]:
        return [
            (cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)
        ]

    p.poly(hexagon(d / 2), c1)
    p.poly(hexagon(d * 0.34), CUT)
    p.poly(hexagon(d * 0.2), c2)


def mark_peaks(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.circle(cx + d * 0.22, cy - d * 0.22, d * 0.13, c2)
    p.poly(placed(MARK_PEAK_BACK, cx, cy, d), c1)
    p.poly(placed(MARK_PEAK_FRONT, cx, cy, d), c2)


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
    p.poly(placed(MARK_BOLT, cx, cy, d), c2)


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
        p.line(
            [
                (cx + d * 0.32 * math.cos(a), cy + d * 0.32 * math.sin(a)),
                (cx + d * 0.48 * math.cos(a), cy + d * 0.48 * math.sin(a)),
            ],
            c2,
            d * 0.07,
        )
    p.circle(cx, cy, d * 0.24, c1)


def mark_house(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.poly(placed(MARK_HOUSE, cx, cy, d), c1)
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
            p.poly(placed(MARK_INGOT, x, y, d), c2 if row else c1)


def mark_orbit(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    p.ring(cx, cy, d * 0.44, c1, d * 0.08)
    p.circle(cx, cy, d * 0.2, c2)
    p.circle(cx + d * 0.31, cy - d * 0.31, d * 0.09, c1)


def mark_capsule(p: Pen, cx: float, cy: float, d: float, c1: Color, c2: Color) -> None:
    capsule_pill(p, cx, cy, d * 1.0, d * 0.4, -40, c1, c2)
    p.circle(cx + d * 0.3, cy + d * 0.3, d * 0.1, c1)


Mark = Callable[[Pen, float, float, float, Color, Color], None]

MARKS: dict[str, Mark] = {
    "arch": mark_arch,
    "bars": mark_bars,
    "blocks": mark_blocks,
    "bolt": mark_bolt,
    "capsule": mark_capsule,
    "chevrons": mark_chevrons,
    "diamonds": mark_diamonds,
    "drop": mark_drop,
    "hexagon": mark_hexagon,
    "house": mark_house,
    "ingots": mark_ingots,
    "leaf": mark_leaf,
    "orbit": mark_orbit,
    "peaks": mark_peaks,
    "plus": mark_plus,
    "rings": mark_rings,
    "signal": mark_signal,
    "split": mark_split,
    "sun": mark_sun,
    "waves": mark_waves,
}


@dataclass(frozen=True)
class Brand:
    name: str
    trade: str
    mark: Mark
    color: Color
    accent: Color


def brand_table(rows: tuple[tuple[str, str, str, Color, Color], ...]) -> tuple[Brand, ...]:
    """The brands of a table in shapes/brands.py, each with its mark function."""
    return tuple(Brand(name, trade, MARKS[mark], color, accent) for name, trade, mark, color, accent in rows)


CLIENT_BRANDS = brand_table(brands.CLIENT_BRANDS)
MORE_BRANDS = brand_table(brands.MORE_BRANDS)


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
    p.text(
        tx + 1 * k,
        cy + 24 * k * fit,
        brand.trade,
        trade_size,
        mix(SLATE, OFF_WHITE, 0.25),
        bold=False,
        tracking=3.2 * k * fit,
    )
    return p.finish()
