"""Groundwater NOC and compliance, and water allocation."""

from __future__ import annotations

import random
from dataclasses import replace

from ..canvas import Pen, alpha, cylinder_stops, mix
from ..kit.documents import data_card
from ..kit.landscape import foreground, ridge, sky
from ..kit.monitoring import borewell_head, signal_arcs, soil_section, water_meter
from ..kit.nature import round_tree, tree_line
from ..shapes.palette import (
    BLUE,
    GLASS,
    GLASS_LIT,
    NAVY,
    OFF_WHITE,
    SAFFRON,
    SLATE,
    STEEL_SHADE,
    TEAL,
    WALL,
    WALL_SHADE,
    WATER,
)
from ..stage import Mood, Stage


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
    p.poly(
        [(px - 36 * u, g - 86 * u), (px - 14 * u, g - 96 * u), (px - 14 * u, g - 80 * u), (px - 36 * u, g - 70 * u)],
        BLUE,
    )
    data_card(p, st.at(0.7), st.h * 0.06, 110 * u, 74 * u, rng)
    round_tree(p, st.at(1.0), g + 2 * u, 90 * u, *mood.foliage)


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
    p.poly([*waterline, (far[0], g - 4 * u), (p.w, g - 4 * u), (p.w, near[1] - 50 * u)], mix(WATER, OFF_WHITE, 0.3))
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
            p.line(
                [(xa, ba - (86 - 46 * f) * u * sa), (xb, bb - (86 - 46 * f) * u * sb)],
                alpha(NAVY, 0.3),
                max(1.0, u * sb),
                False,
            )
    for x, base, sc in reversed(piers):
        w = 22 * u * sc
        p.rect(x - w / 2, base - 120 * u * sc, x + w / 2, base + 4 * u * sc, WALL)
        p.rect(x + w * 0.15, base - 120 * u * sc, x + w / 2, base + 4 * u * sc, WALL_SHADE)
    for i in range(len(piers) - 1):
        (xa, ba, sa), (xb, bb, sb) = piers[i], piers[i + 1]
        p.poly(
            [(xa, ba - 124 * u * sa), (xb, bb - 124 * u * sb), (xb, bb - 110 * u * sb), (xa, ba - 110 * u * sa)],
            WALL_SHADE,
        )
        p.poly([(xa, ba - 100 * u * sa), (xb, bb - 100 * u * sb), (xb, bb - 92 * u * sb), (xa, ba - 92 * u * sa)], WALL)
    u = st.u
    bank = [
        (near[0] - 10 * u, near[1] - 130 * u),
        (p.w, g - 20 * u),
        (p.w, p.h),
        (near[0] + 40 * u, p.h),
        (near[0] - 14 * u, near[1] + 10 * u),
    ]
    p.gradient_poly(bank, [mood.ground[0], mood.ground[1]])
    ix = st.at(0.72)
    p.gradient_rect(ix - 22 * u, g - 90 * u, ix + 22 * u, g + 40 * u, cylinder_stops(WALL, WALL_SHADE), False)
    p.rect(ix - 28 * u, g - 104 * u, ix + 28 * u, g - 90 * u, TEAL)
    p.rect(ix - 12 * u, g - 80 * u, ix + 12 * u, g - 66 * u, GLASS)
    main_y = g + 70 * u
    p.line([(ix, g + 30 * u), (ix + 30 * u, main_y), (p.w + 20, main_y)], BLUE, 12 * u, False)
    p.line(
        [(ix + 4 * u, g + 30 * u), (ix + 32 * u, main_y - 3 * u), (p.w + 20, main_y - 3 * u)],
        alpha(GLASS_LIT, 0.5),
        3 * u,
        False,
    )
    pump_house(p, st.at(0.84), g + 40 * u, u)
    foreground(p, st, mood, rng, trees=3, keep_clear=(-p.w, st.at(0.95)))
