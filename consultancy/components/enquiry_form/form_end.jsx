import { useEffect } from "react";

// Marks the page (data-form-end on <html>) while the end of an enquiry form is on the screen:
// its Send row ("actions") or its not-sent notice ("unsent"). The stylesheet then moves the
// fixed bottom layers aside (the call bar and the connection notice), which would otherwise
// sit over Send or "Send by email" whenever the visitor scrolls them to the bottom edge; the
// form and the notice carry the same call and WhatsApp links and say plainly when the office
// cannot be reached. Purely visual: without it the page still ends above the bar.

// Elements in view, across every form on the page (a service page has one, the contact page one).
const shown = new Map();

function mark() {
  for (const element of shown.keys()) if (!element.isConnected) shown.delete(element);
  const kinds = Array.from(new Set(shown.values())).sort().join(" ");
  if (kinds) document.documentElement.dataset.formEnd = kinds;
  else delete document.documentElement.dataset.formEnd;
}

export function FormEnd({ formId }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    const block = form?.parentElement;
    if (!block || !("IntersectionObserver" in window)) return undefined;
    const kind = (element) => (element.classList.contains("enquiry__unsent") ? "unsent" : "actions");
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) shown.set(entry.target, kind(entry.target));
        else shown.delete(entry.target);
      }
      mark();
    });
    const watched = new Set();
    const watch = () => {
      for (const element of block.querySelectorAll(".enquiry__actions, .enquiry__unsent")) {
        if (!watched.has(element)) {
          watched.add(element);
          observer.observe(element);
        }
      }
      for (const element of Array.from(watched)) {
        if (!element.isConnected) {
          watched.delete(element);
          observer.unobserve(element);
          shown.delete(element);
        }
      }
      mark();
    };
    watch();
    // The not-sent notice comes and goes with the answers.
    const changes = new MutationObserver(watch);
    changes.observe(block, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      observer.disconnect();
      for (const element of watched) shown.delete(element);
      mark();
    };
  }, [formId]);
  return null;
}
