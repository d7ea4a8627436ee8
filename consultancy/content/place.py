"""Where a site is: aerodromes, districts, protected areas, groundwater blocks and Odisha's PIN
codes (data/place/), read and checked at start-up like the rest of data/.

The approvals finder's place step measures from these in the browser; the same measures in
Python (consultancy/components/finder/place/zones.py) are what the unit tests compare it with.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError, model_validator

from .models import Model, Text

# The finder question the place step answers with the district (data/finder.toml); it also
# sets the airport question's answer.
PLACE_QUESTION = "district"

Status = Literal["settled", "reported", "not-found"]
Id = Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
Latitude = Annotated[float, Field(ge=17.0, le=23.5)]
Longitude = Annotated[float, Field(ge=81.0, le=88.5)]


class Aerodrome(Model):
    id: Id
    name: Text
    state: Text
    lat: Latitude
    lon: Longitude
    coordinates_source: Text
    coordinates_status: Status
    # Added to every distance: how far the reported point may be from the true reference point.
    margin_km: Annotated[float, Field(ge=0, le=5)]
    instrument: Literal["yes", "no", "not-found"]
    instrument_status: Status
    instrument_basis: str = ""
    # The airport question's answer when the whole site is inside this aerodrome's 56 km zone
    # (only where the question names the aerodrome).
    answer_within_56: str = ""

    @property
    def reach_km(self) -> float:
        """The zone it surely has: 56 km with instrument approaches, else 20 km."""
        return 56.0 if self.instrument == "yes" else 20.0

    @property
    def may_reach_56(self) -> bool:
        """Whether a 56 km zone cannot be ruled out: only a settled "visual only" rules it out."""
        return not (self.instrument == "no" and self.instrument_status == "settled")


class District(Model):
    id: Id
    name: Text
    india_post: Text
    # "yes": CRZ areas; "no": none known, the CRZ question is not asked; "ask": not found.
    coastal: Literal["yes", "no", "ask"]


class Source(Model):
    title: Text
    date: Text
    status: Status


class Districts(Model):
    source: Source
    districts: Annotated[list[District], Field(min_length=30, max_length=30)]


class Point(Model):
    lat: Latitude
    lon: Longitude


class ProtectedArea(Model):
    id: Id
    name: Text
    district: Text
    esz: Text
    esz_note: str = ""
    area_km2: str = ""
    # A named point (an India Post office of its headquarters or an edge village), not a centre.
    point: Point | None = None
    point_source: str = ""
    point_note: str = ""
    # How far from the point the boundary may lie, at most (a conservative guess).
    extent_km: Annotated[float, Field(gt=0, le=100)] | None = None
    status: Status

    @model_validator(mode="after")
    def _point_has_extent(self) -> ProtectedArea:
        if (self.point is None) != (self.extent_km is None) or (self.point is not None and not self.point_source):
            raise ValueError("point: give point, point_source and extent_km together, or none of them")
        return self


class ProtectedAreas(Model):
    protected_areas: Annotated[list[ProtectedArea], Field(min_length=1)]


class Assessment(Model):
    name: Text
    source: Text
    url: Text
    status: Status


class Block(Model):
    name: Text
    district: Id
    category: Literal["safe", "semi-critical", "critical", "over-exploited", "saline"]


class Groundwater(Model):
    assessment: Assessment
    blocks: list[Block]


class Aerodromes(Model):
    aerodromes: Annotated[list[Aerodrome], Field(min_length=1)]


class PinSource(Model):
    data: Text
    licence: Text
    attribution: Text
    package: Text
    data_version: Text
    extracted: Text
    kept: Text


# [pin, lat, lon, radius to its farthest office in km, [district indexes]]
PinRow = tuple[Annotated[str, Field(pattern=r"^[0-9]{6}$")], Latitude, Longitude, float, list[int]]
# [name, pin, lat, lon, district index]
OfficeRow = tuple[Text, Annotated[str, Field(pattern=r"^[0-9]{6}$")], Latitude, Longitude, int]


class Pins(Model):
    """data/place/pins.json (scripts/extract_odisha_pins.py), shipped to the browser as it is."""

    source: PinSource
    districts: list[Id]
    pins: Annotated[list[PinRow], Field(min_length=1)]
    offices: Annotated[list[OfficeRow], Field(min_length=1)]
    outlines: dict[Id, list[tuple[float, float]]]

    @model_validator(mode="after")
    def _districts_known(self) -> Pins:
        count = len(self.districts)
        if any(not 0 <= d < count for row in self.pins for d in row[4]) or any(
            not 0 <= row[4] < count for row in self.offices
        ):
            raise ValueError("pins, offices: a district index is out of range")
        return self


class Place:
    """Everything in data/place/, checked."""

    def __init__(
        self, aerodromes: Aerodromes, districts: Districts, areas: ProtectedAreas, water: Groundwater, pins: Pins
    ) -> None:
        self.aerodromes = aerodromes.aerodromes
        self.districts = districts.districts
        self.districts_source = districts.source
        self.protected_areas = areas.protected_areas
        self.groundwater = water
        self.pins = pins

    def district(self, district_id: str) -> District:
        return next(d for d in self.districts if d.id == district_id)


def load_place(directory: Path) -> Place:
    """The files of data/place/, each checked, then checked against each other."""
    from consultancy.datafiles import ContentError, describe_error, load_model

    pins_path = directory / "pins.json"
    try:
        pins = Pins.model_validate(json.loads(pins_path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise ContentError(pins_path, ["file is missing (scripts/extract_odisha_pins.py writes it)"]) from None
    except json.JSONDecodeError as error:
        raise ContentError(pins_path, [f"not valid JSON ({error})"]) from None
    except ValidationError as error:
        raise ContentError(pins_path, [describe_error(e) for e in error.errors()]) from None
    place = Place(
        load_model(directory / "aerodromes.toml", Aerodromes),
        load_model(directory / "districts.toml", Districts),
        load_model(directory / "protected_areas.toml", ProtectedAreas),
        load_model(directory / "groundwater.toml", Groundwater),
        pins,
    )
    ids = [d.id for d in place.districts]
    if pins.districts != ids:
        raise ContentError(pins_path, ["field 'districts': not the districts of districts.toml in their order"])
    for n, block in enumerate(place.groundwater.blocks):
        if block.district not in ids:
            raise ContentError(
                directory / "groundwater.toml", [f"field 'blocks[{n}].district': no district '{block.district}'"]
            )
    return place
