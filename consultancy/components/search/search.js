// The header search in the browser (consultancy/components/search/state.py).

// Words that say nothing about which service is meant ("licence for a petrol pump").
const STOP = new Set(["a", "an", "and", "the", "of", "for", "to", "in", "on", "my", "i", "we", "do", "how", "need", "get", "is", "with", "from", "what", "noc", "licence", "license", "certificate", "approval"]);

// Does `text` have a word starting with `word`? Starts, not contains: "cto" must not match "director".
function hasWord(text, word) {
  let at = text.indexOf(word);
  while (at !== -1) {
    if (at === 0 || !/[a-z0-9]/.test(text[at - 1])) return true;
    at = text.indexOf(word, at + 1);
  }
  return false;
}

// How well one entry answers the query: whole query in a search term or the name first, then
// each word by where it is found (name > search terms > description). Null when a word is
// found nowhere in the entry.
function score(entry, words, phrase) {
  let total = 0;
  if (entry.terms.split(" | ").includes(phrase)) total += 40;
  else if (hasWord(entry.terms, phrase)) total += 25;
  if (hasWord(entry.title, phrase)) total += 20;
  for (const w of words) {
    if (hasWord(entry.title, w)) total += 6;
    else if (hasWord(entry.terms, w)) total += 5;
    else if (hasWord(entry.text, w)) total += 1;
    else return null;
  }
  // A service of the firm before an approval it does not handle, when both match as well.
  return total - (entry.outside ? 0.5 : 0);
}

// The services (and outside approvals) that match every meaningful word, best first.
export function findServices(query, index, max) {
  const phrase = query.toLowerCase().replace(/\s+/g, " ").trim();
  if (!phrase) return [];
  const all = phrase.split(" ");
  const words = all.filter((w) => !STOP.has(w));
  const scored = [];
  for (const entry of index) {
    const s = score(entry, words.length ? words : all, phrase);
    if (s !== null) scored.push([s, entry]);
  }
  scored.sort((a, b) => b[0] - a[0]);
  return scored.slice(0, max).map(([, entry]) => entry);
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
