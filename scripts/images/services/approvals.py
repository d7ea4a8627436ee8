"""Architectural design, government NOCs and airport height clearance."""

from __future__ import annotations

import random

from ..canvas import Pen, alpha, cylinder_stops, mix
from ..geometry import placed
from ..kit.buildings import government_building, skyline, tower_block
from ..kit.documents import paper, rubber_stamp, stamp_mark
from ..kit.drafting import blueprint_sheet, compass_tool, pencil, ruler, set_square
from ..kit.landscape import backdrop, foreground, horizon_grove, yard
from ..kit.nature import oval_tree
from ..kit.vehicles import aircraft
from ..shapes.palette import GLASS, GLASS_LIT, OFF_WHITE, RED, SAFFRON, SLATE, TEAL, WALL, WALL_SHADE
from ..shapes.plant import CONTROL_TOWER_GLAZING, CONTROL_TOWER_GLAZING_LIT
from ..stage import Mood, Stage


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
    p.gradient_poly(
        [(cx - 14 * s, base - h * 0.8), (cx + 14 * s, base - h * 0.8), (cx + 22 * s, base), (cx - 22 * s, base)],
        cylinder_stops(WALL, WALL_SHADE),
        vertical=False,
    )
    cab = base - h * 0.8
    p.rect(cx - 26 * s, cab - 6 * s, cx + 26 * s, cab, WALL_SHADE)
    p.poly(placed(CONTROL_TOWER_GLAZING, cx, cab, s), GLASS)
    p.poly(placed(CONTROL_TOWER_GLAZING_LIT, cx, cab, s), GLASS_LIT)
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
