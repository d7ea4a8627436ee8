"""The home page's hero slides: a process plant, a city skyline and a port beside an opencast mine."""

from __future__ import annotations

import random

from .canvas import Pen, alpha, mix
from .geometry import bezier
from .kit.buildings import factory_hall, frame_under_construction, hospital, skyline, tower_block
from .kit.industrial import (
    chimney,
    containers,
    conveyor,
    pipe_rack,
    plume,
    process_column,
    ship,
    sphere_tank,
    storage_tank,
    sts_crane,
    tower_crane,
)
from .kit.landscape import backdrop, foreground, horizon_grove, pylons_line, ridge, sky, yard
from .kit.nature import tree_line
from .kit.vehicles import ambulance, excavator, truck
from .shapes.moods import DAWN, DAY, FRESH
from .shapes.palette import NAVY, OFF_WHITE, SAFFRON, SAND, SLATE, SOIL, STEEL, STEEL_SHADE, WATER
from .stage import Mood, Scene, Stage


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


def scene_city(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Skyline with a hospital and construction cranes (home hero 2)."""
    backdrop(p, st, mood, rng, hill_height=0.7)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 60 * u, 170 * u, mix(mood.ridges[0], mood.sky[-1], 0.2))
    skyline(
        p, rng, -10, p.w, g + 2, 40 * u, 120 * u, mix(mood.ridges[1], mood.sky[-1], 0.25), window=alpha(OFF_WHITE, 0.18)
    )
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
    p.poly(
        [
            (pile_x - 56 * u, quay),
            (pile_x - 6 * u, quay - 46 * u),
            (pile_x + 6 * u, quay - 46 * u),
            (pile_x + 56 * u, quay),
        ],
        (70, 68, 78),
    )
    p.poly(
        [(pile_x - 56 * u, quay), (pile_x - 6 * u, quay - 46 * u), (pile_x, quay - 46 * u), (pile_x - 14 * u, quay)],
        (98, 96, 108),
    )
    bank = mix(mood.ground[0], mood.ridges[2], 0.4)
    p.gradient_rect(0, quay + 12 * u, p.w, p.h, [bank, mood.ground[1]])
    p.rect(0, quay + 6 * u, st.at(0.22), quay + 14 * u, bank)
    foreground(p, st, mood, rng, trees=6, keep_clear=(st.at(-0.3), st.at(1.0)))


def opencast_mine(p: Pen, cx: float, base: float, s: float, mood: Mood) -> None:
    """Benches cut into a hillside, lit tops and shaded risers, with a haul road zig-zagging up."""
    hill = bezier(
        (cx - 220 * s, base), (cx - 120 * s, base - 150 * s), (cx + 120 * s, base - 150 * s), (cx + 220 * s, base)
    )
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


HEROES: tuple[tuple[Scene, Mood], ...] = ((scene_plant, DAWN), (scene_city, DAY), (scene_port_mining, FRESH))
