// Pure helpers for the few values the browser computes from the one it holds
// (consultancy/framework/client_state.py): each returns a new value, never changes its input.

// The list with `item` added (kept in ascending order) or, if it was there, removed.
export function toggleMember(list, item) {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item].sort((a, b) => a - b);
}

// The list with `item` in it (at the end when it was not).
export function withMember(list, item) {
  return list.includes(item) ? list : [...list, item];
}

// The index `by` steps on from `index`, round a ring of `count`.
export function cycleIndex(index, by, count) {
  return (((index + by) % count) + count) % count;
}

// The value `by` steps on from `value`, held within [low, high].
export function stepWithin(value, by, low, high) {
  return Math.min(high, Math.max(low, value + by));
}

// The object with `key` set to `value`.
export function withEntry(object, key, value) {
  return { ...object, [key]: value };
}
