import { useRef, useState } from "react";
import {
  OFFICE_RADIUS_KM,
  aerodromesNear,
  airportAnswer,
  districtOf,
  fromMap,
  mapSize,
  officeArea,
  officesMatching,
  pinArea,
  pointArea,
  protectedNear,
  toMap,
} from "./place.js";

// The finder's place step: the visitor's location (asked only on a tap), a PIN code or town, or
// a tap on a schematic map. The place stays in this component; only the answers worked out
// from it (district, airport) go to the finder through onPlace, and from there to the address.

let loading = null;
// The PIN data (data/place/pins.json) is fetched the first time it is needed, once per page.
function loadPins(url) {
  loading ??= fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return response.json();
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const AIRPORT = {
  "within-20": "The whole area is within 20 km of an aerodrome: its height zoning reaches your site.",
  "bbsr-56": "The whole area is within 56 km of Biju Patnaik International Airport, which has instrument approaches.",
  neither: "The whole area is beyond every aerodrome's zone we know of.",
  unsure: "Part of the area may lie in an aerodrome's zone, or the aerodrome's approaches are not known: ask us.",
};
const round = (n) => (n < 10 ? Math.round(n * 10) / 10 : Math.round(n));
const range = (near, far) => `${round(near)}–${round(far)} km`;

function Verdict({ facts, place, block, setBlock }) {
  const { area, answer, district } = place;
  const near = aerodromesNear(area, facts.aerodromes).slice(0, 3);
  const named = facts.districts.find((d) => d.id === district);
  const blocks = facts.blocks.filter((b) => b.district === district);
  const chosen = blocks.find((b) => b.name === block);
  const areas = protectedNear(area, facts.areas);
  const byId = Object.fromEntries(facts.areas.map((pa) => [pa.id, pa]));
  return (
    <div className="place__verdict" id="place-verdict">
      <p className="place__where">
        <strong>{place.label}</strong>
        {` (the site within about ${round(area.radius)} km of the point we measure from)`}
      </p>
      <ul className="place__facts">
        <li data-place="airport">
          <strong>Airport: </strong>
          {AIRPORT[answer]}
          {near.length > 0 &&
            ` Nearest: ${near.map(([a, n, f]) => `${a.name} ${range(n, f)}${a.instrument === "yes" ? ", instrument approaches" : a.instrument === "no" ? ", visual only" : ", approaches not known"}`).join("; ")}.`}
          {" Aerodrome positions and approaches are reported, not from the AIP: we confirm this for your site. You can change the answer below."}
        </li>
        <li data-place="district">
          <strong>District: </strong>
          {named
            ? `${named.name}. ${named.coastal === "yes" ? "A coastal district: the coastal zone question is asked." : named.coastal === "ask" ? "Tidal rivers may bring the coastal zone inland here: the question stays." : "No sea coast: the coastal zone question is not asked."}`
            : "Not settled from this place (it may straddle a district boundary): choose it below."}
        </li>
        {named && (
          <li data-place="groundwater">
            <strong>Groundwater: </strong>
            {blocks.length === 0
              ? `No block of ${named.name} is among the ${facts.semiCritical} semi-critical blocks of the 2025 assessment: yours is safe or saline (reported).`
              : chosen
                ? `${chosen.name} block is ${chosen.category} (2025 assessment, reported): a CGWA NOC there comes with water audit and recharge conditions. We confirm this for your site.`
                : block === "other"
                  ? "Another block: safe or saline in the 2025 assessment (reported)."
                  : `${blocks.map((b) => b.name).join(", ")} ${blocks.length > 1 ? "are" : "is"} semi-critical (2025 assessment, reported). Which block is the site in?`}
            {blocks.length > 0 && (
              <select
                className="question__input place__block"
                aria-label="Block"
                value={block}
                onChange={(event) => setBlock(event.target.value)}
              >
                <option value="">Choose the block…</option>
                {blocks.map((b) => (
                  <option key={b.name} value={b.name}>
                    {b.name}
                  </option>
                ))}
                <option value="other">Another block</option>
              </select>
            )}
          </li>
        )}
        <li data-place="protected">
          <strong>Protected areas: </strong>
          {areas.length
            ? areas
                .map(([id, n]) => `${byId[id].name}: about ${round(n)} km or more from ${byId[id].place} (eco-sensitive zone ${byId[id].esz}); its boundary may be within 10 km of your site, ask us`)
                .join(". ")
            : "None of the protected areas we can place is within reach."}
          {` ${facts.unplaced} of Odisha's ${facts.areas.length} protected areas have no position in our data, so we cannot rule them out.`}
        </li>
      </ul>
    </div>
  );
}

function OdishaMap({ pins, facts, onPick }) {
  const [width, height] = mapSize();
  const [cursor, setCursor] = useState(null);
  const svg = useRef(null);
  const coastal = new Set(facts.districts.filter((d) => d.coastal === "yes").map((d) => d.id));
  const pick = (x, y, kmPerPixel) => {
    setCursor([x, y]);
    const [lat, lon] = fromMap(x, y);
    // A finger covers about a dozen pixels: the area is at least that wide on the ground.
    onPick(lat, lon, Math.max(3, kmPerPixel * 12));
  };
  const click = (event) => {
    const box = svg.current.getBoundingClientRect();
    const scale = width / box.width;
    pick((event.clientX - box.left) * scale, (event.clientY - box.top) * scale, scale);
  };
  // Keyboard: the arrows move a cross 5 km at a time, Enter or Space chooses its place.
  const key = (event) => {
    const steps = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] };
    const [x, y] = cursor ?? toMap(20.5, 84.4);
    if (steps[event.key]) {
      event.preventDefault();
      setCursor([x + steps[event.key][0], y + steps[event.key][1]]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(x, y, 5 / 12);
    }
  };
  const outline = (points) => points.map(([lat, lon]) => toMap(lat, lon).map((v) => v.toFixed(1)).join(",")).join(" ");
  return (
    <figure className="place__map">
      <svg
        ref={svg}
        viewBox={`0 0 ${width.toFixed(0)} ${height.toFixed(0)}`}
        role="application"
        aria-label="Map of Odisha: tap the site's place, or use the arrow keys and Enter"
        tabIndex={0}
        onClick={click}
        onKeyDown={key}
        id="place-map"
      >
        {Object.entries(pins.outlines).map(([id, points]) => (
          <polygon key={id} points={outline(points)} className={coastal.has(id) ? "place__district is-coastal" : "place__district"}>
            <title>{facts.districts.find((d) => d.id === id)?.name}</title>
          </polygon>
        ))}
        {facts.aerodromes.map((a) => {
          const [x, y] = toMap(a.lat, a.lon);
          return (
            <g key={a.id} className="place__aerodrome">
              <circle cx={x} cy={y} r={20} />
              <circle cx={x} cy={y} r={3} className="place__aerodrome-dot" />
            </g>
          );
        })}
        {cursor && <circle cx={cursor[0]} cy={cursor[1]} r={5} className="place__pin" />}
      </svg>
      <figcaption className="place__note">
        A schematic, not a survey map: each district is drawn round its post offices, aerodromes with their 20 km
        circles; coastal districts shaded.
      </figcaption>
    </figure>
  );
}

export function PlaceStep({ facts, pinsUrl, onPlace }) {
  const [place, setPlace] = useState(null);
  const [note, setNote] = useState("");
  const [typed, setTyped] = useState("");
  const [matches, setMatches] = useState([]);
  const [pins, setPins] = useState(null);
  const [showMap, setShowMap] = useState(false);
  const [block, setBlock] = useState("");

  const withPins = async () => {
    try {
      const data = await loadPins(pinsUrl);
      setPins(data);
      return data;
    } catch {
      setNote("The list of PIN codes could not be loaded: choose the district below, or try again.");
      return null;
    }
  };

  // Works out the answers from an area and hands them to the finder.
  const decide = (data, area, label, pin = "") => {
    const answer = airportAnswer(area, facts.aerodromes);
    const district = districtOf(area, data, pin);
    setPlace({ area, answer, district, label });
    setBlock("");
    setNote("");
    onPlace({ airport: answer, district });
  };

  const locate = () => {
    if (!navigator.geolocation) {
      setNote("This browser cannot give a location. Type the PIN code or town, tap the map, or choose the district.");
      return;
    }
    setNote("Asking your browser for the location…");
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        const data = await withPins();
        if (!data) return;
        const { latitude, longitude, accuracy } = position.coords;
        decide(data, pointArea(latitude, longitude, accuracy / 1000), "Your location");
      },
      (error) => {
        setNote(
          error.code === 1
            ? "Location is not allowed for this page. Type the PIN code or town, tap the map, or choose the district."
            : "Your location is not available now. Type the PIN code or town, tap the map, or choose the district.",
        );
      },
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 },
    );
  };

  const search = async (text) => {
    setTyped(text);
    const value = text.trim();
    if (/^[0-9]{6}$/.test(value)) {
      const data = await withPins();
      if (!data) return;
      const row = data.pins.find((r) => r[0] === value);
      setMatches([]);
      if (row) decide(data, pinArea(row), `PIN ${value}`, value);
      else setNote(`${value} is not an Odisha PIN code in India Post's list. Try the town, or choose the district.`);
      return;
    }
    if (/^[0-9]*$/.test(value)) {
      setMatches([]);
      return;
    }
    const data = value.length >= 3 ? await withPins() : null;
    setMatches(data ? officesMatching(data, value) : []);
  };

  const choose = (office) => {
    setMatches([]);
    setTyped(office[0]);
    decide(pins, officeArea(office), `${office[0]} (PIN ${office[1]}), within ${OFFICE_RADIUS_KM} km of its post office`);
  };

  const openMap = async () => {
    const data = pins ?? (await withPins());
    if (data) setShowMap((open) => !open);
  };

  return (
    <div className="place__step">
      <div className="place__ways">
        <button type="button" className="button button--secondary place__locate" onClick={locate} id="place-locate">
          Use my location
        </button>
        <div className="place__search">
          <label htmlFor="place-search" className="question__label">
            PIN code or town
          </label>
          <input
            id="place-search"
            className="question__input"
            type="text"
            autoComplete="off"
            inputMode="text"
            value={typed}
            onChange={(event) => search(event.target.value)}
            aria-describedby="place-credit"
          />
          {matches.length > 0 && (
            <ul className="place__matches" aria-label="Post offices that match">
              {matches.map((office) => (
                <li key={`${office[0]}|${office[1]}`}>
                  <button type="button" className="place__match" onClick={() => choose(office)}>
                    {`${office[0]} (${office[1]}, ${facts.districts[office[4]]?.name ?? ""})`}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <button
          type="button"
          className="button button--secondary place__map-toggle"
          onClick={openMap}
          aria-expanded={showMap ? "true" : "false"}
          id="place-map-toggle"
        >
          {showMap ? "Hide the map" : "Tap a map"}
        </button>
      </div>
      {showMap && pins && (
        <OdishaMap
          pins={pins}
          facts={facts}
          onPick={(lat, lon, radius) => decide(pins, pointArea(lat, lon, radius - 0.3), "The place you tapped")}
        />
      )}
      <div className="place__result" aria-live="polite">
        {note && (
          <p className="place__message" id="place-message">
            {note}
          </p>
        )}
        {place && <Verdict facts={facts} place={place} block={block} setBlock={setBlock} />}
      </div>
      <p className="place__note" id="place-credit">
        {`Your location and PIN code stay in this page; only the answers below are kept. ${facts.attribution}`}
      </p>
    </div>
  );
}
