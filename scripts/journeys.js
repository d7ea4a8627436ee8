// Installed in every document by scripts/journeys.py: counts the visitor's taps on controls
// and the lowest point of the page the viewport has reached.
(() => {
  const state = { taps: 0, reach: window.innerHeight };
  window.__journey = state;
  const note = () => {
    state.reach = Math.max(state.reach, window.scrollY + window.innerHeight);
  };
  window.addEventListener("scroll", note, { passive: true, capture: true });
  // A tap is one pointerdown on the page: a click event would count a label and its box twice.
  window.addEventListener(
    "pointerdown",
    () => {
      state.taps += 1;
      note();
    },
    { capture: true },
  );
})();
