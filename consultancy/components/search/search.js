// The header search in the browser (consultancy/components/search/state.py).

// Words that say nothing about which service is meant ("do I need a licence for a petrol
// pump"): never matched, else every entry would match one of them.
const STOP = new Set(["a", "an", "and", "the", "of", "for", "to", "in", "on", "at", "or", "my", "our", "i", "we", "me", "do", "does", "how", "need", "get", "is", "are", "it", "with", "from", "what", "which", "who", "when", "where", "can", "should", "have", "has", "any", "about", "new", "set", "up"]);
// Words in most services' names: matched only when nothing else is typed ("licence").
const GENERIC = new Set(["noc", "nocs", "licence", "license", "licences", "licenses", "certificate", "approval", "permission", "act", "law", "rules"]);

// Does `text` have a word starting with `word`? Starts, not contains: "cto" must not match
// "director". A word of two letters is an abbreviation and must be the whole word: "dg" must
// not match "dgms".
function hasWord(text, word) {
  const whole = word.length <= 2;
  let at = text.indexOf(word);
  while (at !== -1) {
    const end = at + word.length;
    if ((at === 0 || !/[a-z0-9]/.test(text[at - 1])) && (!whole || end === text.length || !/[a-z0-9]/.test(text[end]))) return true;
    at = text.indexOf(word, at + 1);
  }
  return false;
}

// The query as the index writes words: lower case, "D.G." as "dg", other punctuation a space.
function normalise(query) {
  return query.toLowerCase().replace(/\./g, "").replace(/[^a-z0-9-]+/g, " ").trim();
}

// The words to match: the meaningful ones, else the generic ones; never stop words or single
// letters (each starts a word in every entry).
export function queryWords(phrase) {
  const all = phrase.split(" ").filter((w) => w.length > 1 && !STOP.has(w));
  const specific = all.filter((w) => !GENERIC.has(w));
  return specific.length ? specific : all;
}

// How well one entry answers the query (null when no word is found): the words it has, then,
// the whole query as an owner's word for this page (data/search_terms.toml), a search term or
// the name, then each word by where it is found (name > terms > description and FAQs).
function score(entry, words, phrase) {
  const terms = entry.says ? `${entry.terms} | ${entry.says}` : entry.terms;
  const matched = [];
  let total = 0;
  if (entry.says && entry.says.split(" | ").includes(phrase)) total += 80;
  // An owner's phrase of several words inside a longer question ("which licences do I need").
  else if (entry.says && entry.says.split(" | ").some((w) => w.includes(" ") && hasWord(phrase, w))) total += 60;
  if (entry.terms.split(" | ").includes(phrase)) total += 40;
  else if (hasWord(terms, phrase)) total += 25;
  if (hasWord(entry.title, phrase)) total += 20;
  for (const w of words) {
    if (hasWord(entry.title, w)) total += 6;
    else if (hasWord(terms, w)) total += 5;
    else if (hasWord(entry.text, w)) total += 1;
    else continue;
    matched.push(w);
  }
  if (!matched.length) return null;
  // A service of the firm before an approval it does not handle, when both match as well.
  return { entry, matched, total: total - (entry.outside ? 0.5 : 0), rarity: 0 };
}

// The line that says how the entry deals with what was typed (data/search_terms.toml's
// `explains`): for the owner's word typed whole, else for one of the words matched.
function why(entry, phrase, matched) {
  for (const [words, line] of entry.why || []) {
    const list = words.split(" | ");
    if (list.includes(phrase) || list.some((w) => hasWord(phrase, w)) || matched.some((w) => list.includes(w))) return line;
  }
  return "";
}

// The services (and outside approvals) that match any of the words typed: most words matched
// first, then by where they are found.
export function findServices(query, index, max) {
  const phrase = normalise(query);
  const words = queryWords(phrase);
  if (!words.length) return [];
  const found = [];
  for (const entry of index) {
    const hit = score(entry, words, phrase);
    if (hit) found.push(hit);
  }
  // Last, among equals, the entry whose words fewer others have ("groundwater" before "renewal").
  const others = new Map();
  for (const hit of found) for (const w of hit.matched) others.set(w, (others.get(w) || 0) + 1);
  for (const hit of found) hit.rarity = hit.matched.reduce((sum, w) => sum + 1 / others.get(w), 0);
  found.sort((a, b) => b.matched.length - a.matched.length || b.total - a.total || b.rarity - a.rarity);
  return found.slice(0, max).map((hit) => ({ ...hit.entry, why: why(hit.entry, phrase, hit.matched) }));
}

// Fetches the index module once (written at compile time: consultancy/components/search/index.py).
// A failed fetch leaves the index empty, so the next focus tries again.
export function loadIndex(current, set) {
  if (current.length) return;
  import("$/utils/search_index.js").then((module) => set(module.default), () => {});
}

// Enter opens the best match; without scripts the form goes to the services list.
export function openBestMatch(results) {
  if (results[0]) window.location.assign(results[0].path);
}
