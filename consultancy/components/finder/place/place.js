// What a place decides, in the browser: the same measures as zones.py (tests/unit/test_finder_place.py
// runs both). A place is an area, {lat, lon, radius}, that surely holds the site; a zone is
// decided only when the whole area lies inside it or wholly outside. Nothing here sends anything
// anywhere: the coordinates stay in the page.

export const EARTH_KM = 6371.0088;
export const PIN_MARGIN_KM = 3.0;
export const PIN_MIN_RADIUS_KM = 5.0;
export const OFFICE_RADIUS_KM = 5.0;
export const PLOT_KM = 0.3;
export const DISTRICT_REACH_KM = 5.0;
export const OUTSIDE_KM = 25.0;
export const ESZ_KM = 10.0;

const rad = (deg) => (deg * Math.PI) / 180;

// Great-circle distance (haversine, mean Earth radius).
export function km(lat1, lon1, lat2, lon2) {
  const p1 = rad(lat1);
  const p2 = rad(lat2);
  const dp = p2 - p1;
  const dl = rad(lon2 - lon1);
  const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

// pins.json rows: [pin, lat, lon, radius, [districts]] and [name, pin, lat, lon, district].
export const pinArea = (row) => ({ lat: row[1], lon: row[2], radius: Math.max(row[3] + PIN_MARGIN_KM, PIN_MIN_RADIUS_KM) });
export const officeArea = (row) => ({ lat: row[2], lon: row[3], radius: OFFICE_RADIUS_KM });
export const pointArea = (lat, lon, accuracyKm) => ({ lat, lon, radius: accuracyKm + PLOT_KM });

// [nearest, farthest] distance from a point to any part of the area, widened by `margin`.
export function span(area, lat, lon, margin = 0) {
  const d = km(area.lat, area.lon, lat, lon);
  return [Math.max(0, d - area.radius - margin), d + area.radius + margin];
}

// Only a settled "visual only" rules out a 56 km zone; a reported one never drops the approval.
export const mayReach56 = (a) => !(a.instrument === "no" && a.instrument_status === "settled");

// The airport question's answer from the area (see zones.airport_answer).
export function airportAnswer(area, aerodromes) {
  const spans = aerodromes.map((a) => [a, ...span(area, a.lat, a.lon, a.margin_km)]);
  if (spans.some(([, , far]) => far <= 20)) return "within-20";
  for (const [a, , far] of spans) {
    if (a.answer_within_56 && a.instrument === "yes" && far <= 56) return a.answer_within_56;
  }
  if (spans.every(([a, near]) => near > 20 && (near > 56 || !mayReach56(a)))) return "neither";
  return "unsure";
}

// The district id when the area lies in one district, else "" (see zones.district_of).
export function districtOf(area, pins, pin = "") {
  if (pin) {
    const row = pins.pins.find((r) => r[0] === pin);
    return row && row[4].length === 1 ? pins.districts[row[4][0]] : "";
  }
  let nearest = Infinity;
  const distances = pins.offices.map((o) => {
    const d = km(area.lat, area.lon, o[2], o[3]);
    if (d < nearest) nearest = d;
    return [d, o[4]];
  });
  if (nearest > area.radius + OUTSIDE_KM) return "";
  const reach = Math.max(area.radius, nearest) + DISTRICT_REACH_KM;
  const found = new Set(distances.filter(([d]) => d <= reach).map(([, district]) => district));
  return found.size === 1 ? pins.districts[[...found][0]] : "";
}

// [id, nearest km] of the protected areas whose boundary may lie within 10 km, nearest first.
export function protectedNear(area, areas) {
  const found = [];
  for (const pa of areas) {
    if (!pa.point || pa.extent_km == null) continue;
    const [near] = span(area, pa.point.lat, pa.point.lon);
    if (near <= ESZ_KM + pa.extent_km) found.push([pa.id, near]);
  }
  return found.sort((x, y) => x[1] - y[1]);
}

// Each aerodrome whose 56 km may reach the area: [aerodrome, nearest, farthest], nearest first.
export function aerodromesNear(area, aerodromes) {
  return aerodromes
    .map((a) => [a, ...span(area, a.lat, a.lon, a.margin_km)])
    .filter(([, near]) => near <= 56)
    .sort((x, y) => x[1] - y[1]);
}

// A post office's name as typed: lower case, letters and digits only.
export const folded = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

// Post offices whose name (or a word of it) starts with what was typed: one per name and PIN.
export function officesMatching(pins, typed, limit = 8) {
  const query = folded(typed);
  if (query.length < 3) return [];
  const found = [];
  const seen = new Set();
  for (const office of pins.offices) {
    const name = folded(office[0]);
    if (!(name.startsWith(query) || name.includes(` ${query}`))) continue;
    const key = `${office[0]}|${office[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Names that start with the query first, then shorter names (the town before its suburbs).
    found.push([name.startsWith(query) ? 0 : 1, office[0].length, office]);
  }
  found.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return found.slice(0, limit).map(([, , office]) => office);
}

// The schematic map's projection: equirectangular, x scaled by cos(MAP.lat0), 1 unit = 1 km.
export const MAP = { lat0: 20.3, lon0: 81.3, lat1: 23.0, lon1: 87.7 };
const KM_PER_DEG = (Math.PI / 180) * EARTH_KM;
const COS0 = Math.cos(rad(MAP.lat0));
export const mapSize = () => [(MAP.lon1 - MAP.lon0) * KM_PER_DEG * COS0, (MAP.lat1 - 17.7) * KM_PER_DEG];
export const toMap = (lat, lon) => [(lon - MAP.lon0) * KM_PER_DEG * COS0, (MAP.lat1 - lat) * KM_PER_DEG];
export const fromMap = (x, y) => [MAP.lat1 - y / KM_PER_DEG, MAP.lon0 + x / (KM_PER_DEG * COS0)];

// The finder's answers with those the place step worked out: a blank one clears its question.
export function withAnswers(answers, given) {
  const next = { ...answers };
  for (const [id, value] of Object.entries(given ?? {})) {
    if (value === "") delete next[id];
    else next[id] = value;
  }
  return next;
}
