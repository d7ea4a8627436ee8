"""The industry cards: a tinted tile with a spotlight and a small scene of the sector."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from .canvas import Pen, alpha, mix
from .kit.buildings import frame_under_construction, hospital, house, skyline, tower_block
from .kit.drafting import map_pin
from .kit.equipment import (
    capsule_pill,
    coil,
    flask,
    ingot_stack,
    ladle_pour,
    laptop,
    sack,
    scanner,
    server_rack,
    test_tubes,
)
from .kit.industrial import (
    cooling_tower,
    flare_stack,
    process_column,
    pump_jack,
    pylon,
    ship,
    solar_array,
    storage_tank,
    sts_crane,
    telecom_tower,
    tower_crane,
    wind_turbine,
    wire,
)
from .kit.nature import round_tree, sapling
from .kit.vehicles import ambulance, excavator, truck
from .shapes.industries import METALS, TINTS
from .shapes.palette import (
    NAVY,
    OFF_WHITE,
    RED,
    SAFFRON,
    SAND,
    SLATE,
    SOIL,
    STEEL,
    TEAL,
    WALL_SHADE,
    WATER,
    Color,
)
from .stage import seeded


@dataclass(frozen=True)
class Card:
    """An industry tile: tinted background, soft spotlight disc and a platform the icon-scene stands on."""

    w: int
    h: int
    tint: Color

    @property
    def base(self) -> float:
        return self.h * 0.8

    @property
    def s(self) -> float:
        return self.h / 320


def card_background(p: Pen, card: Card, rng: random.Random) -> None:
    top, bottom = mix(card.tint, OFF_WHITE, 0.12), mix(card.tint, NAVY, 0.35)
    p.gradient_rect(0, 0, p.w, p.h, [top, card.tint, bottom])
    p.glow(p.w * 0.5, card.base - p.h * 0.3, p.h * 0.7, mix(card.tint, OFF_WHITE, 0.6), 0.45)
    with p.veil(OFF_WHITE, 0.06) as v:
        for gx in range(-2, 3):
            for gy in range(2):
                v.circle(p.w * 0.5 + gx * 26 * card.s + p.w * 0.36, p.h * 0.14 + gy * 26 * card.s, 3 * card.s, 255)
    p.ellipse(p.w * 0.5, card.base + 4 * card.s, p.w * 0.42, 14 * card.s, alpha(NAVY, 0.22))
    p.rect(0, card.base, p.w, p.h, alpha(mix(card.tint, NAVY, 0.5), 0.55))
    p.line([(0, card.base), (p.w, card.base)], alpha(OFF_WHITE, 0.25), 1.5 * card.s, False)


def card_port(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s * 0.8, c.base
    p.rect(0, b - 30 * s, p.w, b, alpha(WATER, 0.5))
    ship(p, 40 * c.s, b - 12 * s, 250 * s, s, rng)
    p.rect(0, b - 4 * s, p.w, b + 2 * s, STEEL)
    sts_crane(p, 330 * c.s, b, 210 * s, s, color=SAFFRON)


def card_transport(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    skyline(p, rng, 0, p.w, b - 4 * s, 30 * s, 80 * s, alpha(OFF_WHITE, 0.08))
    p.rect(0, b - 4 * s, p.w, b + 2 * s, alpha(OFF_WHITE, 0.15))
    for k in range(6):
        x = 20 * s + k * 80 * s
        p.rect(x, b + 12 * s, x + 44 * s, b + 16 * s, alpha(OFF_WHITE, 0.6))
    truck(p, 88 * s, b, s * 1.55, load="container", color=TEAL, cab=OFF_WHITE)


def card_energy(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    cooling_tower(p, 120 * s, b, 110 * s, 140 * s, rng, s)
    tips = [pylon(p, 250 * s, b, 170 * s, OFF_WHITE, s), pylon(p, 470 * s, b, 140 * s, OFF_WHITE, s)]
    for ta, tb in zip(tips[0], tips[1], strict=True):
        wire(p, ta, tb, alpha(OFF_WHITE, 0.8), s)
    wind_turbine(p, 380 * s, b, 150 * s, s, 30)
    solar_array(p, 300 * s, b + 10 * s, 150 * s, s)


def card_mining(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    for k in range(5):
        y = b - 130 * s + k * 26 * s
        half = (80 + k * 40) * s
        p.poly(
            [
                (300 * s - half * 0.7, y),
                (300 * s + half * 0.7, y),
                (300 * s + half, y + 26 * s),
                (300 * s - half, y + 26 * s),
            ],
            mix(SAND, SOIL, 0.1 + 0.14 * k),
        )
    excavator(p, 40 * s, b, s * 1.2)
    truck(p, 270 * s, b, s * 1.05, load="tipper", color=SAFFRON, cab=SLATE)


def card_metal(light: Color, dark: Color, glow: bool) -> CardScene:
    def draw(p: Pen, c: Card, rng: random.Random) -> None:
        s, b = c.s, c.base
        if glow:
            ladle_pour(p, 300 * s, b, s * 1.1)
        else:
            coil(p, 300 * s, b - 52 * s, 52 * s, 70 * s, light, dark)
        ingot_stack(p, 140 * s, b, 210 * s, light, dark)
        if glow:
            coil(p, 40 * s, b - 26 * s, 26 * s, 26 * s, light, dark)

    return draw


def card_hospital(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    hospital(p, 240 * s, b, s * 0.95, rng)
    ambulance(p, 330 * s, b + 6 * s, s * 0.8)


def card_diagnostic(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    scanner(p, 180 * s, b, s * 1.05)
    test_tubes(p, 360 * s, b, 90 * s, (RED, SAFFRON, TEAL, (120, 160, 220)))


def card_pharma(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    flask(p, 150 * s, b, 170 * s, TEAL)
    flask(p, 250 * s, b, 110 * s, SAFFRON)
    capsule_pill(p, 340 * s, b - 110 * s, 110 * s, 40 * s, -30, OFF_WHITE, SAFFRON)
    capsule_pill(p, 370 * s, b - 40 * s, 90 * s, 34 * s, 10, OFF_WHITE, TEAL)
    for x, y in ((300 * s, b - 12 * s), (420 * s, b - 100 * s)):
        p.circle(x, y, 12 * s, OFF_WHITE)
        p.line([(x - 8 * s, y), (x + 8 * s, y)], WALL_SHADE, 2 * s, False)


def card_real_estate(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    tower_block(p, 230 * s, b, 90 * s, 200 * s, s, rng)
    tower_block(p, 320 * s, b, 80 * s, 150 * s, s, rng, style="grid")
    house(p, 80 * s, b, 110 * s, 70 * s, s)
    round_tree(p, 420 * s, b, 90 * s, (72, 170, 118), (30, 116, 90))
    map_pin(p, 140 * s, b - 150 * s, 20 * s, SAFFRON)


def card_construction(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    frame_under_construction(p, 250 * s, b, 130 * s, 190 * s, s, floors=7, built=3)
    tower_crane(p, 120 * s, b, 230 * s, s, jib=220, back=60, color=OFF_WHITE, hook=0.45)
    for k in range(3):
        x = 60 * s + k * 30 * s
        p.poly([(x - 12 * s, b), (x, b - 30 * s), (x + 12 * s, b)], SAFFRON)
        p.rect(x - 6 * s, b - 16 * s, x + 6 * s, b - 11 * s, OFF_WHITE)


def card_telecom(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    skyline(p, rng, 0, p.w, b, 40 * s, 90 * s, alpha(OFF_WHITE, 0.1))
    telecom_tower(p, 240 * s, b, 220 * s, s)


def card_it(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    server_rack(p, 300 * s, b, 70 * s, 190 * s, rng)
    server_rack(p, 380 * s, b, 70 * s, 160 * s, rng)
    laptop(p, 170 * s, b, 190 * s, rng)


def card_fertilizer(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    process_column(p, 360 * s, b, 44 * s, 200 * s, s)
    process_column(p, 420 * s, b, 30 * s, 150 * s, s)
    for k, x in enumerate((90, 170, 130)):
        sack(p, x * s, b - (0 if k < 2 else 64 * s), 86 * s, 74 * s, OFF_WHITE, (50, 150, 90))
    sapling(p, 260 * s, b, 70 * s, (92, 190, 120), None)


def card_petroleum(p: Pen, c: Card, rng: random.Random) -> None:
    s, b = c.s, c.base
    process_column(p, 330 * s, b, 30 * s, 190 * s, s)
    flare_stack(p, 400 * s, b, 170 * s, s)
    storage_tank(p, 420 * s, b, 70 * s, 60 * s, s)
    pump_jack(p, 70 * s, b, s * 1.35)


CardScene = Callable[[Pen, Card, random.Random], None]

# What each card shows, in the order the cards are made; their tints are in shapes/industries.py.
INDUSTRY_CARDS: dict[str, CardScene] = {
    "port": card_port,
    "transport": card_transport,
    "energy-power": card_energy,
    "mining": card_mining,
    "copper": card_metal(*METALS["copper"], False),
    "steel": card_metal(*METALS["steel"], True),
    "aluminum": card_metal(*METALS["aluminum"], False),
    "hospital": card_hospital,
    "diagnostic-centre": card_diagnostic,
    "pharma": card_pharma,
    "real-estate": card_real_estate,
    "construction": card_construction,
    "telecom": card_telecom,
    "it": card_it,
    "fertilizer": card_fertilizer,
    "petroleum": card_petroleum,
}


def render_industry(slug: str, w: int = 480, h: int = 320) -> Image.Image:
    draw = INDUSTRY_CARDS[slug]
    rng = seeded(f"industry/{slug}")
    card = Card(w, h, TINTS[slug])
    p = Pen(w, h)
    card_background(p, card, rng)
    draw(p, card, rng)
    return p.finish()
