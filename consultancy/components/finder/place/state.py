"""What the place step gets from the server (facts, the PIN data's address) and how it hands
its answers to the finder. The place itself stays in the browser component (place_step.jsx)."""

from __future__ import annotations

import hashlib

import reflex as rx
from reflex.vars.base import Var

from consultancy.content import content
from consultancy.content.place import Place
from consultancy.framework.assets import shared_asset
from consultancy.framework.client_state import action, imported

from .. import state as finder_state

_LIBRARY = shared_asset("place_step.jsx", __name__).importable_path
# Imported by place_step.jsx ("./place.js"), so shared beside it.
PLACE_JS = shared_asset("place.js", __name__).importable_path


def pins_text() -> str:
    """data/place/pins.json as the browser fetches it."""
    from consultancy.content.loader import data_dir_in_use

    return (data_dir_in_use() / "place" / "pins.json").read_text(encoding="utf-8")


def pins_path() -> str:
    """Where the PIN data is served: named by its content, so a new extract is a new address
    and the old one may be cached for good."""
    digest = hashlib.sha256(pins_text().encode("utf-8")).hexdigest()[:10]
    return f"/place/pins-{digest}.json"


def facts(place: Place) -> dict:
    """The small facts the step measures with, shipped with the page (the PIN data is not)."""
    return {
        "aerodromes": [
            {
                "id": a.id,
                "name": a.name,
                "lat": a.lat,
                "lon": a.lon,
                "margin_km": a.margin_km,
                "instrument": a.instrument,
                "instrument_status": a.instrument_status,
                "answer_within_56": a.answer_within_56,
            }
            for a in place.aerodromes
        ],
        "districts": [{"id": d.id, "name": d.name, "coastal": d.coastal} for d in place.districts],
        "areas": [
            {
                "id": pa.id,
                "name": pa.name,
                "esz": pa.esz,
                "point": {"lat": pa.point.lat, "lon": pa.point.lon} if pa.point else None,
                "extent_km": pa.extent_km,
                # What the point is, in a few words ("Chandaka", a village on its edge).
                "place": pa.point_source.split(" (")[0].split(" - ")[0] if pa.point else "",
            }
            for pa in place.protected_areas
        ],
        "unplaced": sum(1 for pa in place.protected_areas if pa.point is None),
        "blocks": [{"name": b.name, "district": b.district, "category": b.category} for b in place.groundwater.blocks],
        "semiCritical": sum(1 for b in place.groundwater.blocks if b.category == "semi-critical"),
        "attribution": f"{place.pins.source.attribution} (data of {place.pins.source.data_version}).",
    }


class PlaceStep(rx.Component):
    """The place step's controls and verdict (place_step.jsx)."""

    library = _LIBRARY
    tag = "PlaceStep"
    facts: Var[dict]
    pins_url: Var[str]
    on_place: rx.EventHandler[lambda given: [given]]


def step() -> rx.Component:
    # The answers it works out join the visitor's others (the latest, not the render's copy).
    merge = action(
        "{0}({1}({2}, args[0]))",
        finder_state.answers.setter,
        imported(PLACE_JS, "withAnswers"),
        finder_state.answers.now,
    )
    return PlaceStep.create(facts=facts(content().place), pins_url=pins_path(), on_place=merge)
