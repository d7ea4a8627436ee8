// Matching what a visitor types ("rice mill", "dyeing", "diagnostic lab") against the finder's
// activities: each option's label and its words (data/finder/sectors.toml, `synonyms`). Pure
// functions, so the picker (activity_picker.jsx) and the unit tests (Node) run the same code.

// Words that say nothing about the activity.
const FILLER = new Set(["a", "an", "and", "the", "of", "or", "for", "to", "in", "on", "my", "our", "we", "i", "unit", "small", "new"]);

// One spelling for the variants owners type: British and American (centre/center, fibre/fiber),
// plurals and -ing forms ("dyeing" finds "dye", "mills" finds "mill").
// Words that name no activity of their own ("pvc pipe factory", "injection moulding machine"):
// left out when all the words together match nothing.
const GENERIC = new Set(["factory", "plant", "manufacturing", "manufacture", "manufacturer", "making", "maker", "machine", "industry", "industrie", "work", "company", "business", "shop", "centre", "project"]);

const SPELLING = { center: "centre", fiber: "fibre", theater: "theatre", fertilizer: "fertiliser", aluminum: "aluminium" };

export function stem(word) {
  let w = word;
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return SPELLING[w] ?? w;
}

// Figures an owner types with the activity ("50 bed hospital", "2 MW solar", "20 TPD rice
// mill"): the ones the finder asks about fill that question; every figure and its unit is left
// out of the matching, so "50 bed hospital" matches as "hospital".
const FIGURES = [
  ["beds", /(\d+(?:\.\d+)?)\s*-?\s*(?:beds?|bedded)\b/],
  ["mw", /(\d+(?:\.\d+)?)\s*-?\s*(?:mw|megawatts?)\b/],
  ["workers", /(\d+)\s*(?:workers?|employees?|labou?rers?|labou?rs?|staff)\b/],
];
const UNITS = "beds?|bedded|mw|kw|kwp|mwp|megawatts?|kva|mva|hp|tpd|tph|tpa|mtpa|klpd|kld|mld|tons?|tonnes?|mt|kg|kgs|ltrs?|litres?|liters?|rooms?|acres?|hectares?|ha|sq|sqft|sqm|m2|ft|workers?|employees?|labou?rers?|labou?rs?|staff|per|day|hour|month|year|a|an";

export function figuresIn(text) {
  const lower = String(text ?? "").toLowerCase();
  const found = {};
  for (const [question, pattern] of FIGURES) {
    const match = lower.match(pattern);
    if (match) found[question] = match[1];
  }
  return found;
}

// The typed text without its figures: a number and the units after it ("20 tpd", "5 mva").
export function withoutFigures(text) {
  return String(text ?? "")
    .toLowerCase()
    .replace(new RegExp(`\\d+(?:[.,]\\d+)?\\s*-?\\s*(?:(?:${UNITS})\\b\\s*)*`, "g"), " ");
}

export function words(text) {
  return String(text)
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "" && !FILLER.has(w))
    .map(stem);
}

// Every typed word begins a word of the phrase (the last one may be half typed).
function covers(typed, phrase) {
  return typed.every((t) => phrase.some((p) => p.startsWith(t)));
}

// How well one option matches: 0 for no match. An exact phrase beats a phrase that starts
// with the typed words, which beats one that merely holds them; fewer extra words rank higher.
function score(typed, option, raw) {
  const texts = [option.label, ...(option.synonyms ?? [])];
  const phrases = texts.map(words);
  let best = 0;
  let via = "";
  phrases.forEach((phrase, n) => {
    if (phrase.length === 0 || !covers(typed, phrase)) return;
    const joined = phrase.join(" ");
    const asked = typed.join(" ");
    const base = joined === asked ? 1000 : joined.startsWith(asked) ? 500 : 100;
    // The very words typed, not only their stems ("fish" before "fishing harbour").
    const plain = new Set(texts[n].toLowerCase().split(/[^a-z0-9]+/));
    const exact = raw.every((w) => plain.has(w)) ? 3 : 0;
    const value = base - 5 * Math.max(0, phrase.length - typed.length) + exact + (n === 0 ? 2 : 0);
    if (value > best) {
      best = value;
      via = n === 0 ? "" : texts[n];
    }
  });
  // The words spread over the label and several synonyms ("pathology laboratory").
  if (best === 0 && covers(typed, phrases.flat())) best = 50;
  // The synonym is worth naming only when the label does not show the words typed.
  if (covers(typed, phrases[0])) via = "";
  return [best, via];
}

// The options that match `typed`, best first, at most `limit`; each {option, via}, where `via`
// is the synonym that matched when the label itself did not. Nothing typed: every option,
// in the given order. The fallbacks (values) always follow, so the visitor can always say
// "something else".
export function activityMatches(options, typed, limit, fallbacks = []) {
  typed = withoutFigures(typed);
  let asked = words(typed);
  let raw = plainWords(typed);
  let found;
  if (asked.length === 0) {
    found = options.map((option) => ({ option, via: "" }));
  } else {
    found = ranked(options, asked, raw, limit);
    // Nothing for all the words: leave out the ones no activity knows ("cold store for
    // potatoes", "pvc pipes manufacturing"), then try each word alone ("chuda mill").
    if (found.length === 0) {
      const known = new Set(options.flatMap((o) => [o.label, ...(o.synonyms ?? [])].flatMap(words)));
      const kept = asked.filter((t) => !GENERIC.has(t) && [...known].some((k) => k.startsWith(t)));
      if (kept.length > 0 && kept.length < asked.length) found = ranked(options, kept, raw.filter((w) => kept.includes(stem(w))), limit);
      for (let n = 0; found.length === 0 && n < kept.length && kept.length > 1; n++)
        found = ranked(options, [kept[n]], raw.filter((w) => stem(w) === kept[n]), limit);
    }
  }
  const shown = new Set(found.map((m) => m.option.value));
  for (const value of fallbacks) {
    const option = options.find((o) => o.value === value);
    if (option && !shown.has(value)) found.push({ option, via: "" });
  }
  return found;
}

function plainWords(typed) {
  return String(typed).toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "" && !FILLER.has(w));
}

function ranked(options, asked, raw, limit) {
  return options
    .map((option, n) => [score(asked, option, raw), n, option])
    .filter(([[value]]) => value > 0)
    .sort((a, b) => b[0][0] - a[0][0] || a[1] - b[1])
    .slice(0, limit)
    .map(([[, via], , option]) => ({ option, via }));
}

export function labelOf(options, value) {
  return options.find((o) => o.value === value)?.label ?? "";
}
