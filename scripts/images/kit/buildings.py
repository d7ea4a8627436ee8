"""Buildings: tower blocks, skylines, hospital, clinic, government building, factory hall, houses."""

from __future__ import annotations

import random

from ..canvas import Pen, alpha, cylinder_stops, mix
from ..shapes.palette import (
    BLUE,
    GLASS,
    GLASS_LIT,
    NAVY,
    OFF_WHITE,
    SAFFRON,
    SLATE,
    STEEL,
    STEEL_SHADE,
    TEAL,
    WALL,
    WALL_SHADE,
    Color,
)


def tower_block(
    p: Pen,
    x: float,
    base: float,
    w: float,
    h: float,
    s: float,
    rng: random.Random,
    face: Color = WALL,
    side: Color = WALL_SHADE,
    glass: Color = GLASS,
    style: str = "ribbon",
    floor: float = 15.0,
) -> None:
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


def skyline(
    p: Pen,
    rng: random.Random,
    x0: float,
    x1: float,
    base: float,
    hmin: float,
    hmax: float,
    color: Color,
    window: Color | None = None,
) -> None:
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
        p.rect(
            cx - 100 * s - inset,
            base - 18 * s + k * 6 * s,
            cx + 100 * s + inset,
            base - 12 * s + k * 6 * s,
            mix(stone, stone_shade, 0.3 + 0.25 * k),
        )
    if flag:
        pole_x = cx + 190 * s
        p.line([(pole_x, base - 96 * s), (pole_x, base - 180 * s)], SLATE, 2.5 * s)
        for k, band in enumerate((SAFFRON, OFF_WHITE, (19, 136, 8))):
            y = base - 180 * s + k * 8 * s
            p.rect(pole_x + 1 * s, y, pole_x + 38 * s, y + 8 * s, band)
        p.circle(pole_x + 19.5 * s, base - 168 * s, 2.6 * s, BLUE)


def factory_hall(
    p: Pen, x0: float, base: float, w: float, h: float, s: float, teeth: int = 4, roof: Color = BLUE, wall: Color = WALL
) -> None:
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
    p.poly(
        [(x + w * 0.5, base - h - w * 0.42), (x + w * 1.08, base - h), (x + w * 0.5, base - h)], mix(roof, NAVY, 0.25)
    )
    p.rect(x + w * 0.15, base - h * 0.45, x + w * 0.38, base, SLATE)
    p.rect(x + w * 0.5, base - h * 0.7, x + w * 0.82, base - h * 0.38, GLASS_LIT)
    p.line([(x + w * 0.66, base - h * 0.7), (x + w * 0.66, base - h * 0.38)], WALL, 1.5 * s)


def frame_under_construction(
    p: Pen, x: float, base: float, w: float, h: float, s: float, floors: int = 6, built: int = 3
) -> None:
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
