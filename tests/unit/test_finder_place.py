"""The finder's place step: what a place decides (zones.py), the browser's place.js agreeing with
it in Node on the same data, and the finder questions it answers."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from consultancy.components.finder.place.state import facts
from consultancy.components.finder.place.zones import (
    PLACE_STEP,
    Area,
    airport_answer,
    district_of,
    pin_area,
    protected_near,
    steps,
)
from consultancy.content import content
from consultancy.content.place import Aerodrome

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools" / "node_modules" / "node" / "bin" / "node"
PLACE_JS = ROOT / "consultancy" / "components" / "finder" / "place" / "place.js"


def place():
    return content().place


def pin(code: str) -> tuple:
    return next(r for r in place().pins.pins if r[0] == code)


@pytest.mark.parametrize(
    ("code", "answer", "district"),
    [
        ("751017", "within-20", "khordha"),  # Bhubaneswar, about 9 km from the airport
        ("762001", "neither", "kandhamal"),  # Phulbani: no aerodrome within 56 km
        ("752022", "unsure", "khordha"),  # its area crosses Bhubaneswar's 56 km line
        ("752001", "bbsr-56", "puri"),  # Puri town, about 48 km from the airport
        ("752050", "bbsr-56", ""),  # a PIN of two districts: no district
    ],
)
def test_a_pin_code_decides_only_what_its_whole_area_settles(code: str, answer: str, district: str) -> None:
    area = pin_area(pin(code))
    assert airport_answer(area, place().aerodromes) == answer
    assert district_of(area, place().pins, code) == district


def _aerodrome(instrument: str, status: str) -> Aerodrome:
    return Aerodrome(
        id="test",
        name="Test strip",
        state="Odisha",
        lat=20.5,
        lon=84.0,
        coordinates_source="test",
        coordinates_status="reported",
        margin_km=1.0,
        instrument=instrument,
        instrument_status=status,
    )


def test_a_reported_visual_only_aerodrome_never_rules_out_its_56_km() -> None:
    # About 33 km east of the strip: beyond 20 km, inside 56 km.
    area = Area(20.5, 84.32, 1.0)
    assert airport_answer(area, [_aerodrome("no", "reported")]) == "unsure"
    assert airport_answer(area, [_aerodrome("not-found", "not-found")]) == "unsure"
    assert airport_answer(area, [_aerodrome("no", "settled")]) == "neither"
    assert airport_answer(Area(20.5, 84.1, 1.0), [_aerodrome("no", "reported")]) == "within-20"


def test_a_protected_area_is_flagged_only_from_its_named_point_and_extent() -> None:
    near = protected_near(pin_area(pin("751017")), place().protected_areas)
    assert near[0][0] == "chandaka-dampara"
    assert protected_near(pin_area(pin("762001")), place().protected_areas) == []


def test_every_aerodrome_and_pin_extract_names_its_source() -> None:
    for aerodrome in place().aerodromes:
        assert aerodrome.coordinates_source and aerodrome.coordinates_status
    source = place().pins.source
    assert "Government Open Data Licence" in source.licence
    assert "India Post" in source.attribution
    # The outside aerodromes whose circles reach into Odisha are measured too.
    assert {"jagdalpur", "kalaikunda", "jamshedpur", "chakulia"} <= {a.id for a in place().aerodromes}


def test_the_crz_question_is_carried_over_as_no_only_in_districts_without_coast() -> None:
    page = content().finder
    coast = next(q for q in page.questions if q.id == "coast")
    inland = {d.id for d in place().districts if d.coastal == "no"}
    listed = {v for entry in coast.implied for c in entry.when if c.question == "district" for v in c.one_of or []}
    assert listed == inland
    base = {"activity": "hotel", "stage": "new", "premises": "build", "site": "several"}
    assert page.implied({**base, "district": "kandhamal"})["coast"] == "no"
    assert "coast" in page.asked({**base, "district": "puri"})
    assert "coast" in page.asked({**base, "district": "jajpur"})  # tidal reaches not found: asked
    # The visitor's own "on the coast" keeps the CRZ, whatever the district.
    crz = next(o for o in page.outside if o.id == "crz")
    assert page.outcome(crz, {**base, "site": "coast", "district": "kandhamal"})[0] == "applies"


def test_the_place_step_counts_as_one_question() -> None:
    assert steps(["activity", *PLACE_STEP, "site"]) == 3
    assert steps(["activity", "site"]) == 2


def _random_areas(count: int, seed: int = 39) -> list[list[float]]:
    rng = random.Random(seed)
    return [
        [rng.uniform(17.7, 22.7), rng.uniform(81.3, 87.6), rng.choice([0.3, 1.0, 3.0, 5.0, rng.uniform(0.1, 30.0)])]
        for _ in range(count)
    ]


@pytest.mark.skipif(not NODE.exists(), reason="the project's Node (.tools) is not installed")
def test_the_browser_measures_agree_with_python(tmp_path: Path) -> None:
    data = place()
    pins = json.loads((ROOT / "data" / "place" / "pins.json").read_text(encoding="utf-8"))
    shutil.copy(PLACE_JS, tmp_path / "place.mjs")
    areas = _random_areas(2000)
    near_pins = [r[0] for r in data.pins.pins]
    # District by points is the slow one (every office): fewer areas.
    district_areas = areas[:150]
    runner = tmp_path / "run.mjs"
    runner.write_text(
        'import * as p from "./place.mjs";\n'
        'import { readFileSync } from "node:fs";\n'
        f"const input = JSON.parse(readFileSync({json.dumps(str(tmp_path / 'input.json'))}, 'utf-8'));\n"
        "const { facts, pins, areas, districtAreas, codes } = input;\n"
        "const area = ([lat, lon, radius]) => ({ lat, lon, radius });\n"
        "const out = {\n"
        "  airport: areas.map((a) => p.airportAnswer(area(a), facts.aerodromes)),\n"
        "  protected: areas.map((a) => p.protectedNear(area(a), facts.areas).map(([id]) => id)),\n"
        "  pins: codes.map((c) => { const row = pins.pins.find((r) => r[0] === c);\n"
        "    const a = p.pinArea(row); return [p.airportAnswer(a, facts.aerodromes), p.districtOf(a, pins, c)]; }),\n"
        "  districts: districtAreas.map((a) => p.districtOf(area(a), pins)),\n"
        "};\n"
        "process.stdout.write(JSON.stringify(out));\n",
        encoding="utf-8",
    )
    given = {"facts": facts(data), "pins": pins, "areas": areas, "districtAreas": district_areas, "codes": near_pins}
    (tmp_path / "input.json").write_text(json.dumps(given), encoding="utf-8")
    result = json.loads(
        subprocess.run([str(NODE), str(runner)], capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    )
    answers = [airport_answer(Area(*a), data.aerodromes) for a in areas]
    assert result["airport"] == answers
    # Every answer is reached, so the comparison covers each branch.
    assert set(answers) == {"within-20", "bbsr-56", "neither", "unsure"}
    assert result["protected"] == [[i for i, _ in protected_near(Area(*a), data.protected_areas)] for a in areas]
    assert result["pins"] == [
        [airport_answer(pin_area(r), data.aerodromes), district_of(pin_area(r), data.pins, r[0])]
        for r in data.pins.pins
    ]
    assert result["districts"] == [district_of(Area(*a), data.pins) for a in district_areas]
    assert any(result["districts"]) and "" in result["districts"]
