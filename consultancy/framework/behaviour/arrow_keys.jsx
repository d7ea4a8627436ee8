import { useEffect, useRef } from "react";

// Arrow keys for links listed under a control (a search box's results, a menu's links), as in
// the WAI-ARIA disclosure navigation pattern: `openKeys` on the control (ArrowDown, and Space
// for a button) opens the list (onOpen) and moves to its first link; ArrowDown and ArrowUp
// move between the links (ArrowUp on the first goes back to the control), Home and End to the
// ends. Escape is the DismissLayer's. Listens on the document, so it wraps nothing.
export function ArrowKeys({ control, items, openKeys, onOpen }) {
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  useEffect(() => {
    const shown = () => [...document.querySelectorAll(items)].filter((el) => el.getClientRects().length);
    // The list shows a render after onOpen: try again for a few frames.
    const focusFirst = (frames) => {
      const [first] = shown();
      if (first) first.focus();
      else if (frames > 0) requestAnimationFrame(() => focusFirst(frames - 1));
    };
    const onKey = (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.isComposing) return;
      const key = event.key === " " ? "Space" : event.key;
      if (event.target.id === control) {
        if (!openKeys.split(" ").includes(key)) return;
        event.preventDefault();
        onOpenRef.current?.();
        focusFirst(10);
        return;
      }
      const links = shown();
      const at = links.indexOf(event.target);
      if (at === -1) return;
      const next = {
        ArrowDown: links[(at + 1) % links.length],
        ArrowUp: at ? links[at - 1] : document.getElementById(control),
        Home: links[0],
        End: links[links.length - 1],
      }[key];
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [control, items, openKeys]);
  return null;
}
