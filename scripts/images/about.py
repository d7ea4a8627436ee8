"""The about page's slides: design, regulatory consulting, compliance and growth."""

from __future__ import annotations

import random
from dataclasses import replace

from .canvas import Pen, mix
from .kit.buildings import factory_hall, government_building, skyline, tower_block
from .kit.documents import bar_chart, clipboard, paper, seal, shield, stamp_mark
from .kit.industrial import chimney, storage_tank, wind_turbine
from .kit.landscape import backdrop, foreground, horizon_grove, yard
from .services.approvals import scene_blueprint
from .shapes.moods import BLUEPRINT, DAWN, DAY, FRESH
from .shapes.palette import BLUE, NAVY, OFF_WHITE, SAFFRON, WALL
from .stage import Mood, Scene, Stage


def scene_regulatory(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """About: regulatory consulting — the government building behind a stack of approved documents."""
    backdrop(p, st, mood, rng, hill_height=0.6)
    u, g = st.u, st.ground
    horizon_grove(p, st, mood, rng)
    yard(p, st, mood, st.at(-0.1), st.at(0.7))
    government_building(p, st.at(0.3), g, u * 0.95)
    paper(p, st.at(0.62), g - 250 * u, 150 * u, 200 * u, rng, lines=8)
    paper(p, st.at(0.72), g - 200 * u, 150 * u, 200 * u, rng, header=BLUE, lines=8)
    seal(p, st.at(0.72) + 118 * u, g - 40 * u, 26 * u)
    stamp_mark(p, st.at(0.72) + 50 * u, g - 60 * u, 26 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.1), st.at(1.05)))


def scene_compliance(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """About: statutory compliance — a checklist with a shield over a quiet industrial horizon."""
    backdrop(p, st, mood, rng, hill_height=0.8)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 20 * u, 60 * u, mix(mood.ridges[1], mood.sky[-1], 0.2))
    for t, h in ((0.1, 150), (0.18, 120)):
        chimney(p, st.at(t), g + 2, h * u, u * 0.7)
    storage_tank(p, st.at(0.9), g + 2, 70 * u, 60 * u, u * 0.7)
    horizon_grove(p, st, mood, rng, 12)
    with p.veil(OFF_WHITE, 0.12) as v:
        v.circle(st.at(0.5), g - 170 * u, 230 * u, 255)
    clipboard(p, st.at(0.3), g - 320 * u, 200 * u, 270 * u, rows=5, checked=4)
    shield(p, st.at(0.72), g - 190 * u, 130 * u)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_growth(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """About: driving business growth — a rising chart over an industrial skyline."""
    backdrop(p, st, mood, rng, hill_height=0.7)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 40 * u, 110 * u, mix(mood.ridges[1], mood.sky[-1], 0.2))
    ridge_color = mix(mood.ridges[2], NAVY, 0.2)
    for t, h in ((0.08, 200), (0.16, 160)):
        chimney(p, st.at(t), g, h * u, u * 0.8, bands=(SAFFRON, WALL))
    factory_hall(p, st.at(0.2), g, 180 * u, 80 * u, u, teeth=3)
    storage_tank(p, st.at(0.62), g, 80 * u, 80 * u, u)
    wind_turbine(p, st.at(0.82), g, 170 * u, u, 15)
    wind_turbine(p, st.at(0.95), g, 130 * u, u, 50)
    tower_block(p, st.at(0.7), g, 60 * u, 130 * u, u, rng)
    with p.veil(NAVY, 0.25) as v:
        v.rect(0, g - 1, p.w, p.h, 255)
    bar_chart(p, st.at(0.14), g - 50 * u, 330 * u, min(190 * u, g - 150), u, bars=6)
    horizon_grove(p, st, replace(mood, ridges=(ridge_color, ridge_color, ridge_color)), rng, 8)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def blueprint_plan(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    scene_blueprint(p, st, rng, mood, main="plan")


ABOUT: tuple[tuple[Scene, Mood], ...] = (
    (blueprint_plan, BLUEPRINT),
    (scene_regulatory, DAY),
    (scene_compliance, FRESH),
    (scene_growth, DAWN),
)
