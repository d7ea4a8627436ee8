"""Industrial plant: tanks, stacks and plumes, cranes, pylons, turbines, port and refinery kit."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..canvas import Paint, Pen, alpha, contact_shadow, cylinder_stops, mix
from ..geometry import Point, arc_angles, placed, rotated
from ..shapes.palette import (
    BLUE,
    CONTAINER_COLORS,
    GLASS,
    GLASS_LIT,
    NAVY,
    OFF_WHITE,
    RED,
    SAFFRON,
    SLATE,
    STEEL,
    STEEL_SHADE,
    TEAL,
    WALL,
    WALL_SHADE,
    Color,
)
from ..shapes.plant import BLAST_FURNACE_SHELL, PUMP_JACK_BEAM, PUMP_JACK_FRAME, PUMP_JACK_HEAD


def storage_tank(
    p: Pen,
    cx: float,
    base: float,
    w: float,
    h: float,
    s: float,
    band: Color = TEAL,
    body: Color = STEEL,
    shade: Color = STEEL_SHADE,
) -> None:
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
    p.gradient_rect(
        x0,
        cy - h / 2,
        x0 + w,
        cy + h / 2,
        [mix(body, STEEL_SHADE, 0.3), body, body, mix(body, STEEL_SHADE, 0.7)],
        radius=h / 2,
    )
    p.rect(x0 + w * 0.3, cy - 2 * s, x0 + w * 0.7, cy + 2 * s, alpha(TEAL, 0.8))
    p.rect(x0 + w * 0.48, cy - h / 2 - 9 * s, x0 + w * 0.52, cy - h / 2, SLATE)
    p.circle(x0 + w * 0.5, cy - h / 2 - 12 * s, 5 * s, RED)


def chimney(
    p: Pen,
    cx: float,
    base: float,
    h: float,
    s: float,
    wb: float = 26.0,
    wt: float = 16.0,
    bands: tuple[Color, Color] = (SAFFRON, OFF_WHITE),
    body: Color = STEEL,
) -> None:
    wb, wt = wb * s, wt * s
    top = base - h
    p.gradient_poly(
        [(cx - wt / 2, top), (cx + wt / 2, top), (cx + wb / 2, base), (cx - wb / 2, base)],
        cylinder_stops(body, STEEL_SHADE),
        vertical=False,
    )
    band_h = h * 0.045
    for k in range(4):
        y0, y1 = top + k * band_h, top + (k + 1) * band_h
        hw0 = (wt + (wb - wt) * (y0 - top) / h) / 2
        hw1 = (wt + (wb - wt) * (y1 - top) / h) / 2
        color = bands[k % 2]
        p.gradient_poly(
            [(cx - hw0, y0), (cx + hw0, y0), (cx + hw1, y1), (cx - hw1, y1)],
            cylinder_stops(color, mix(color, NAVY, 0.35)),
            vertical=False,
        )
    p.rect(cx - wt / 2 - 2 * s, top - 3 * s, cx + wt / 2 + 2 * s, top, SLATE)
    py = top + h * 0.35
    hw = (wt + (wb - wt) * 0.35) / 2
    p.rect(cx - hw - 5 * s, py, cx + hw + 5 * s, py + 3 * s, SLATE)
    p.circle(cx, top - 5 * s, 2 * s, RED)


def plume(
    p: Pen,
    x: float,
    y: float,
    s: float,
    rng: random.Random,
    color: Color = OFF_WHITE,
    opacity: float = 0.45,
    length: float = 160.0,
    puffs: int = 9,
) -> None:
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


def tower_crane(
    p: Pen,
    x: float,
    base: float,
    h: float,
    s: float,
    jib: float = 170.0,
    back: float = 60.0,
    color: Color = SAFFRON,
    hook: float = 0.45,
) -> None:
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
    lattice(
        p,
        [(cx - h * 0.16 + h * 0.12 * i / 6, base - h * 0.8 * i / 6) for i in range(7)],
        [(cx + h * 0.16 - h * 0.12 * i / 6, base - h * 0.8 * i / 6) for i in range(7)],
        color,
        1.0 * s,
    )
    p.line(legs, color, 1.4 * s, False)
    p.line(legs_r, color, 1.4 * s, False)
    tips = []
    for k, span in ((0.22, 0.22), (0.42, 0.17)):
        y = top + h * k
        p.line([(cx - h * span, y), (cx + h * span, y)], color, 1.6 * s, False)
        tips += [(cx - h * span, y + 5 * s), (cx + h * span, y + 5 * s)]
    return tips


def wire(p: Pen, a: Point, b: Point, color: Paint, s: float, sag: float = 18.0) -> None:
    pts = [
        (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + sag * s * 4 * t * (1 - t))
        for t in (i / 16 for i in range(17))
    ]
    p.line(pts, color, 0.8 * s, False)


def wind_turbine(
    p: Pen, x: float, base: float, h: float, s: float, angle: float = 20.0, color: Color = OFF_WHITE
) -> None:
    hub = (x, base - h)
    p.gradient_poly(
        [(x - 2 * s, hub[1]), (x + 2 * s, hub[1]), (x + 5 * s, base), (x - 5 * s, base)],
        cylinder_stops(color, STEEL_SHADE),
        vertical=False,
    )
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
        pts = [
            (xo, y - ph * 0.45),
            (xo + w * 0.12, y - ph * 1.2),
            (xo + w, y - ph * 1.2),
            (xo + w - w * 0.12, y - ph * 0.45),
        ]
        p.line([(xo + w * 0.2, y), (xo + w * 0.2, y - ph * 0.8)], SLATE, 1.5 * s, False)
        p.line([(xo + w * 0.8, y), (xo + w * 0.8, y - ph * 0.8)], SLATE, 1.5 * s, False)
        p.gradient_poly(pts, [mix(BLUE, GLASS_LIT, 0.4), BLUE], vertical=True)
        for k in range(1, 6):
            t = k / 6
            p.line(
                [
                    (pts[0][0] + (pts[3][0] - pts[0][0]) * t, pts[0][1]),
                    (pts[1][0] + (pts[2][0] - pts[1][0]) * t, pts[1][1]),
                ],
                alpha(GLASS_LIT, 0.6),
                0.8 * s,
                False,
            )


def cooling_tower(
    p: Pen, cx: float, base: float, w: float, h: float, rng: random.Random, s: float, vapour: Color = OFF_WHITE
) -> None:
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
    p.poly(
        [
            (x + legs_w * 0.2, boom_y),
            (x + legs_w * 0.45, base - h),
            (x + legs_w * 0.6, base - h),
            (x + legs_w * 0.8, boom_y),
        ],
        color,
    )
    apex = (x + legs_w * 0.52, base - h)
    p.line([apex, (x - 175 * s, boom_y)], mix(color, NAVY, 0.35), 1.6 * s, False)
    p.line([apex, (x + legs_w + 36 * s, boom_y)], mix(color, NAVY, 0.35), 1.6 * s, False)
    p.rect(x + legs_w * 0.35, boom_y + 8 * s, x + legs_w + 30 * s, boom_y + 26 * s, OFF_WHITE)
    tx = x - 100 * s
    p.rect(tx - 8 * s, boom_y + 8 * s, tx + 8 * s, boom_y + 14 * s, SLATE)
    p.line([(tx - 5 * s, boom_y + 14 * s), (tx - 5 * s, deck + 40 * s)], SLATE, 1 * s, False)
    p.line([(tx + 5 * s, boom_y + 14 * s), (tx + 5 * s, deck + 40 * s)], SLATE, 1 * s, False)
    p.rect(tx - 14 * s, deck + 40 * s, tx + 14 * s, deck + 45 * s, SAFFRON)


def containers(
    p: Pen,
    x0: float,
    base: float,
    cols: int,
    rows: int,
    s: float,
    rng: random.Random,
    cw: float = 30.0,
    ch: float = 12.0,
) -> None:
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
    hull = [
        (x0, deck),
        (x0 + length, deck - hh * 0.15),
        (x0 + length - hh * 0.6, waterline + hh * 0.25),
        (x0 + hh * 0.3, waterline + hh * 0.25),
    ]
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


def telecom_tower(
    p: Pen, cx: float, base: float, h: float, s: float, color: Color = OFF_WHITE, signal: bool = True
) -> None:
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
    shell = placed(BLAST_FURNACE_SHELL, cx, base, s, h)
    p.gradient_poly(shell, cylinder_stops(mix(STEEL_SHADE, SLATE, 0.2), mix(SLATE, NAVY, 0.4)), vertical=False)
    for k in (0.2, 0.4, 0.55):
        p.line([(cx - 44 * s, base - h * k), (cx + 44 * s, base - h * k)], alpha(NAVY, 0.35), 2 * s, False)
    p.rect(cx - 26 * s, base - h * 0.86, cx + 26 * s, base - h * 0.72, STEEL_SHADE)
    for side in (-1, 1):
        p.line(
            [
                (cx + side * 14 * s, base - h * 0.86),
                (cx + side * 20 * s, top),
                (cx + side * 48 * s, top + 14 * s),
                (cx + side * 56 * s, base - h * 0.2),
            ],
            SLATE,
            5 * s,
        )
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
    p.poly(placed(PUMP_JACK_FRAME, x, base, s), mix(SLATE, STEEL_SHADE, 0.4))
    pivot = (x + 61 * s, base - 76 * s)
    p.poly(rotated(placed(PUMP_JACK_BEAM, x, pivot[1], s), *pivot, tilt), color)
    head = rotated(placed(PUMP_JACK_HEAD, x, pivot[1], s), *pivot, tilt)
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
    outer = [(cx, base - h)] + [
        (cx + h * 0.38 * math.sin(a), base - h * 0.32 + h * 0.32 * math.cos(a)) for a in arc_angles(60, 300)
    ]
    p.poly(outer, SAFFRON)
    inner = [(cx, base - h * 0.6)] + [
        (cx + h * 0.2 * math.sin(a), base - h * 0.2 + h * 0.18 * math.cos(a)) for a in arc_angles(60, 300)
    ]
    p.poly(inner, (255, 230, 150))
