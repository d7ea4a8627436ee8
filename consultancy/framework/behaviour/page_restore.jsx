import { useEffect, useRef } from "react";

// Calls onRestore when the browser shows the page again from its back/forward cache, so a
// page restored by Back never shows a menu or dialog that was open when the visitor left.
// It is done on the way back, not on the way out (pagehide): the leaving page's pagehide
// runs before the next page can be shown, and closing the menus there cost a style and
// layout pass of the whole page on every link followed (about 35 ms at a phone's CPU).
// Should React Router ever navigate in the page, its tree unmounts instead while the menus'
// and dialogs' state lives on in the browser, so unmounting closes them too.
export function PageRestore({ onRestore }) {
  const onRestoreRef = useRef(onRestore);
  onRestoreRef.current = onRestore;
  useEffect(() => {
    const restored = (event) => {
      if (event.persisted) onRestoreRef.current?.();
    };
    window.addEventListener("pageshow", restored);
    return () => {
      window.removeEventListener("pageshow", restored);
      onRestoreRef.current?.();
    };
  }, []);
  return null;
}
