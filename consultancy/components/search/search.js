// The header search in the browser (consultancy/components/search/state.py).

// Every query word in the service's text; services with every word in the name first.
export function findServices(query, index, max) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const hits = index.filter((s) => words.every((w) => s.text.includes(w)));
  const named = (s) => words.every((w) => s.title.includes(w));
  return [...hits.filter(named), ...hits.filter((s) => !named(s))].slice(0, max);
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
