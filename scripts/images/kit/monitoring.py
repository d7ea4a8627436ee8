"""Groundwater and air monitoring: borewell head, water meter, soil section, station, signal arcs."""

from __future__ import annotations

import random

from ..canvas import Pen, alpha, contact_shadow, mix
from ..geometry import placed
from ..shapes.palette import (
    BLUE,
    NAVY,
    OFF_WHITE,
    RED,
    SAFFRON,
    SLATE,
    STEEL_SHADE,
    TEAL,
    WALL,
    WALL_SHADE,
    WATER,
    Color,
)
from ..shapes.plant import BOREWELL_ELBOW, STATION_SOLAR_PANEL


def borewell_head(p: Pen, cx: float, ground: float, s: float) -> None:
    """Casing above ground with a valve, elbow and delivery pipe."""
    p.rect(cx - 7 * s, ground - 46 * s, cx + 7 * s, ground, STEEL_SHADE)
    p.rect(cx - 11 * s, ground - 50 * s, cx + 11 * s, ground - 44 * s, SLATE)
    p.line(placed(BOREWELL_ELBOW, cx, ground, s), BLUE, 7 * s)
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


def soil_section(
    p: Pen, x0: float, x1: float, ground: float, bottom: float, aquifer: tuple[float, float], rng: random.Random
) -> None:
    """Cut-away strata under the ground line, with a water-bearing layer between the given depths (0..1)."""
    layers = (
        (0.0, (128, 98, 70)),
        (0.18, (160, 126, 90)),
        (0.4, (186, 160, 120)),
        (aquifer[0], WATER),
        (aquifer[1], (110, 116, 130)),
    )
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
    p.poly(placed(STATION_SOLAR_PANEL, mx, base, s), BLUE)
    p.line([(mx - 8 * s, base - 112 * s), (mx, base - 112 * s)], SLATE, 2 * s, False)


def signal_arcs(
    p: Pen, cx: float, cy: float, r: float, color: Color = OFF_WHITE, start: float = -135, sweep: float = 90
) -> None:
    for k in range(3):
        p.arc(cx, cy, r * (0.45 + 0.3 * k), start, start + sweep, alpha(color, 0.85 - 0.2 * k), r * 0.08)
