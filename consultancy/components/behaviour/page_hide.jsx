import { useEffect, useRef } from "react";

// Calls onHide when the visitor leaves the page, so a page the browser restores from its
// back/forward cache never shows a dialog that was open when the visitor left. Links are
// full page loads (consultancy/paint.py, DocumentLinks), but should React Router ever
// navigate in the page, its tree unmounts instead while the menus' and dialogs' state
// lives on in the browser, so unmounting closes them too.
export function PageHide({ onHide }) {
  const onHideRef = useRef(onHide);
  onHideRef.current = onHide;
  useEffect(() => {
    const hide = () => onHideRef.current?.();
    window.addEventListener("pagehide", hide);
    return () => {
      window.removeEventListener("pagehide", hide);
      hide();
    };
  }, []);
  return null;
}
