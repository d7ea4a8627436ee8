"""Hazardous and bio-medical waste authorisations."""

from __future__ import annotations

import random

from ..canvas import Pen, alpha, mix
from ..kit.buildings import factory_hall, hospital, skyline
from ..kit.landscape import backdrop, foreground, yard
from ..kit.safety import drum, waste_bin
from ..shapes.palette import BLUE, BMW_BINS, SAFFRON, SLATE, STEEL_SHADE, TEAL
from ..stage import Mood, Stage


def scene_hazardous(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Hazardous waste: a covered, bunded drum store with labelled drums in front."""
    backdrop(p, st, mood, rng)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 30 * u, 80 * u, mix(mood.ridges[1], mood.sky[-1], 0.2))
    factory_hall(p, st.at(0.52), g - 10 * u, 260 * u, 100 * u, u, teeth=4)
    yard(p, st, mood, st.at(-0.02), st.at(1.02), 0.08)
    x0, x1 = st.at(0.0), st.at(0.56)
    roof = g - 150 * u
    p.poly([(x0 - 12 * u, roof + 10 * u), (x1 + 12 * u, roof + 10 * u), (x1, roof - 12 * u), (x0, roof - 12 * u)], BLUE)
    p.rect(x0 - 12 * u, roof + 10 * u, x1 + 12 * u, roof + 16 * u, TEAL)
    for k in range(5):
        cx = x0 + (x1 - x0) * k / 4
        p.rect(cx - 3 * u, roof + 16 * u, cx + 3 * u, g, STEEL_SHADE)
    p.rect(x0, g - 14 * u, x1, g, mix(STEEL_SHADE, SLATE, 0.3))
    colors = (BLUE, TEAL, SLATE, BLUE, TEAL, SLATE, BLUE)
    for k, color in enumerate(colors):
        drum(p, x0 + 26 * u + k * 36 * u, g - 14 * u, 30 * u, 44 * u, color, hazard=k % 3 == 0)
    for k, color in enumerate((BLUE, TEAL, SAFFRON, BLUE)):
        x = st.at(0.66) + k * 54 * u
        base = g + 48 * u + (k % 2) * 6 * u
        drum(p, x, base, 48 * u, 70 * u, color, hazard=True)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(-0.05), st.at(1.05)))


def scene_biomedical(p: Pen, st: Stage, rng: random.Random, mood: Mood) -> None:
    """Bio-medical waste: hospital with the four colour-coded segregation bins."""
    backdrop(p, st, mood, rng, hill_height=0.7)
    u, g = st.u, st.ground
    skyline(p, rng, -10, p.w, g + 2, 40 * u, 110 * u, mix(mood.ridges[1], mood.sky[-1], 0.25))
    yard(p, st, mood, st.at(0.0), st.at(0.7))
    hospital(p, st.at(0.32), g, u, rng)
    p.rect(st.at(0.55), g + 60 * u, st.at(1.02), g + 70 * u, alpha(SLATE, 0.5), radius=4 * u)
    for k, color in enumerate(BMW_BINS):
        waste_bin(p, st.at(0.62) + k * 62 * u, g + 64 * u, 48 * u, 78 * u, color)
    foreground(p, st, mood, rng, trees=4, keep_clear=(st.at(0.0), st.at(1.05)))
