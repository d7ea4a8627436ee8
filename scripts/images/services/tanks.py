"""PESO services: the tank farm, its inspection and the tank testing certificate."""

from __future__ import annotations

import random

from ..canvas import Pen, alpha, mix
from ..kit.documents import clipboard, gauge, paper, seal, shield
from ..kit.industrial import bullet_tank, pipe_rack, storage_tank
from ..kit.landscape import backdrop, foreground, horizon_grove, yard
from ..kit.vehicles import truck
from ..shapes.palette import NAVY, OFF_WHITE, RED, SAFFRON, SLATE, TEAL
from ..stage import Mood, Stage


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
