// The Services dropdown's open state after a hover or a click (consultancy/components/navbar/state.py).

// When the dropdown was opened by hovering: kept if it is already open, else now.
export function hoverOpenedAt(open, openedAt) {
  return open ? openedAt : Date.now();
}

// Open after a click: a touch screen fires a mouseenter just before the click, so a click
// within `graceMs` of a hover-open keeps the dropdown open instead of shutting it again.
export function openAfterClick(open, openedAt, graceMs) {
  return (open && openedAt && Date.now() - openedAt < graceMs) || !open;
}
