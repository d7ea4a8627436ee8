"""What a place decides, in Python: the same measures as place.js, which the page runs.

A place is an *area*: a centre and a radius that surely holds the site. A PIN code's area holds
all its post offices plus a margin; a post office's, its village or town; a located point's, the
accuracy the browser reports plus the plot. A zone is decided only when the whole area lies
inside it, or wholly outside; otherwise the answer is "not sure" and the page says "ask us".
tests/unit/test_finder_place.py runs place.js in Node and checks both agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from consultancy.content.place import PLACE_QUESTION, Aerodrome, Pins, ProtectedArea

# The questions the place step asks as one: the district, and the airport question it answers.
PLACE_STEP = (PLACE_QUESTION, "airport")

EARTH_KM = 6371.0088
# A PIN area: its farthest post office from the centre, plus this much, and never less than the
# minimum (a PIN with one office still covers the villages around it).
PIN_MARGIN_KM = 3.0
PIN_MIN_RADIUS_KM = 5.0
# A post office chosen by name stands for its village or town.
OFFICE_RADIUS_KM = 5.0
# A located point stands for a plot around it.
PLOT_KM = 0.3
# Offices this far beyond an area's edge still vote for its district.
DISTRICT_REACH_KM = 5.0
# No post office this near the area's edge: probably outside Odisha, so no district.
OUTSIDE_KM = 25.0
# Protected areas: flagged when the site may lie within this of the boundary.
ESZ_KM = 10.0


@dataclass(frozen=True)
class Area:
    lat: float
    lon: float
    radius_km: float


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance (haversine, mean Earth radius)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(h)))


def steps(asked: list[str]) -> int:
    """How many steps a visitor meets for these asked questions: the place step counts once."""
    return len(asked) - (1 if all(q in asked for q in PLACE_STEP) else 0)


def pin_area(row: tuple) -> Area:
    return Area(row[1], row[2], max(row[3] + PIN_MARGIN_KM, PIN_MIN_RADIUS_KM))


def office_area(row: tuple) -> Area:
    return Area(row[2], row[3], OFFICE_RADIUS_KM)


def point_area(lat: float, lon: float, accuracy_km: float) -> Area:
    return Area(lat, lon, accuracy_km + PLOT_KM)


def span(area: Area, lat: float, lon: float, margin_km: float = 0.0) -> tuple[float, float]:
    """(nearest, farthest) distance from a point to any part of the area, widened by `margin_km`."""
    d = km(area.lat, area.lon, lat, lon)
    return max(0.0, d - area.radius_km - margin_km), d + area.radius_km + margin_km


def airport_answer(area: Area, aerodromes: list[Aerodrome]) -> str:
    """The airport question's answer: "within-20" when the whole area is within 20 km of an
    aerodrome; the aerodrome's own answer (Bhubaneswar: "bbsr-56") when wholly within its 56 km
    zone; "neither" when wholly beyond every zone that may exist; else "unsure"."""
    spans = [(a, *span(area, a.lat, a.lon, a.margin_km)) for a in aerodromes]
    if any(far <= 20 for _, _, far in spans):
        return "within-20"
    for a, _, far in spans:
        if a.answer_within_56 and a.instrument == "yes" and far <= 56:
            return a.answer_within_56
    if all(near > 20 and (near > 56 or not a.may_reach_56) for a, near, _ in spans):
        return "neither"
    return "unsure"


def district_of(area: Area, pins: Pins, pin: str = "") -> str:
    """The district id when the area lies in one district, else "". A PIN code: the districts
    of its offices. Otherwise: the offices near the area (within its radius plus a reach, or
    the nearest one plus that reach), when they all lie in one district."""
    if pin:
        row = next((r for r in pins.pins if r[0] == pin), None)
        return pins.districts[row[4][0]] if row is not None and len(row[4]) == 1 else ""
    distances = [(km(area.lat, area.lon, o[2], o[3]), o[4]) for o in pins.offices]
    nearest = min(d for d, _ in distances)
    if nearest > area.radius_km + OUTSIDE_KM:
        return ""
    reach = max(area.radius_km, nearest) + DISTRICT_REACH_KM
    found = {district for d, district in distances if d <= reach}
    return pins.districts[found.pop()] if len(found) == 1 else ""


def protected_near(area: Area, areas: list[ProtectedArea]) -> list[tuple[str, float]]:
    """(id, nearest km from the site to the named point) of the protected areas whose boundary
    may lie within 10 km of the site, nearest first."""
    found = []
    for pa in areas:
        if pa.point is None or pa.extent_km is None:
            continue
        near, _ = span(area, pa.point.lat, pa.point.lon)
        if near <= ESZ_KM + pa.extent_km:
            found.append((pa.id, near))
    return sorted(found, key=lambda f: f[1])
