import { createElement, useLayoutEffect, useRef } from "react";

const RELOADED = "server-html-reloaded";

// The browser's side of an element whose content only the prerendered HTML carries
// (consultancy/framework/server_html). Hydrating, React adopts the element and leaves its
// content alone: the text child "" differs from the page's, which suppressHydrationWarning
// allows, and React never writes a text child it hydrated. Mounted any other way (a
// client-side navigation), the element would be empty, so the page's own HTML is loaded
// instead, once per address.
export function ServerHtml({ as }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    if (ref.current === null || ref.current.firstChild !== null) return;
    try {
      if (sessionStorage.getItem(RELOADED) === location.href) return;
      sessionStorage.setItem(RELOADED, location.href);
    } catch {
      return;
    }
    location.reload();
  }, []);
  return createElement(as, { ref, suppressHydrationWarning: true }, "");
}
