// Inlined at the end of every built page by consultancy/framework/next_pages.py: once the page is
// interactive and the main thread idle, the main menu's other pages are fetched ahead of the
// click, so the next page needs no round trip on a phone link.
(() => {
  const connection = navigator.connection;
  // A visitor who asked to save data, or on a 2G link, fetches only what they open.
  if (connection && (connection.saveData || /2g/.test(connection.effectiveType || ""))) return;

  // One at a time, each after the last has come: never more than one request of these in
  // flight beside what the visitor asks for (pictures as they scroll). The server lets these
  // copies be used for five minutes (deploy/nginx.conf.in, consultancy/framework/serving.py); a click
  // on a page still on its way waits for that request instead of making another.
  const fetchAhead = async () => {
    const seen = new Set([location.pathname]);
    for (const anchor of document.querySelectorAll("a[data-prefetch]")) {
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || seen.has(url.pathname)) continue;
      seen.add(url.pathname);
      await new Promise((done) => {
        const link = Object.assign(document.createElement("link"), { rel: "prefetch", as: "document", href: url.pathname });
        link.onload = link.onerror = done;
        document.head.append(link);
      });
    }
  };
  // After the page's own scripts, which share the link: once React has taken the page over,
  // which early_input.js (in the head, so it watches from the start) announces.
  const start = () => (window.requestIdleCallback || setTimeout)(fetchAhead);
  document.addEventListener("site:interactive", start, { once: true });
})();
