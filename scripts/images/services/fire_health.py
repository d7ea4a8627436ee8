"""Fire licensing and NOCs, and clinical establishment registration."""

from __future__ import annotations

import random

from ..canvas import Pen, alpha, mix
from ..kit.buildings import clinic, skyline, tower_block
from ..kit.landscape import backdrop, foreground, horizon_grove, yard
from ..kit.nature import round_tree
from ..kit.safety import extinguisher, hydrant
from ..kit.vehicles import ambulance, fire_truck
from ..shapes.palette import GLASS, GLASS_LIT, NAVY, OFF_WHITE, RED, TEAL, WALL, WALL_SHADE
from ..stage import Mood, Stage


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
            p.line(
                [(dx, base - 62 * s + j * 10 * s), (dx + 36 * s, base - 62 * s + j * 10 * s)],
                alpha(NAVY, 0.2),
                1 * s,
                False,
            )
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
