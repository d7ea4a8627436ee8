import { useEffect, useRef, useState } from "react";

// Keeps an enquiry that has not reached the backend in this browser (localStorage), until an
// answer for it arrives: on this visit (Reflex's own queue sends it when the socket is back)
// or on a later one (sent again at once, under the same key, so the server stores it once).
// After `waitMs` without an answer it says plainly that the enquiry is not sent yet and offers
// WhatsApp and email with the typed text filled in. It also moves the focus to the first field
// in error after a refused send. Nothing here is run from a string (the CSP forbids eval).

const STORE = "consultancy.enquiry.pending";
// A copy older than this is forgotten rather than sent: the visitor has moved on.
const KEEP_MS = 30 * 24 * 3600 * 1000;

function newKey() {
  if (window.crypto?.randomUUID) return window.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function readPending() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORE) || "null");
    if (kept && kept.key && kept.fields && Date.now() - kept.at < KEEP_MS) return kept;
  } catch (error) {
    // Storage refused (private mode) or a damaged copy: nothing is kept.
  }
  return null;
}

function writePending(pending) {
  try {
    if (pending) window.localStorage.setItem(STORE, JSON.stringify(pending));
    else window.localStorage.removeItem(STORE);
  } catch (error) {
    // Storage refused: the form itself still holds the text on this visit.
  }
}

// The form's fields as the server reads them (every ticked service), and the services'
// names as the visitor saw them, for the WhatsApp and email text.
function readForm(form) {
  const data = new FormData(form);
  const fields = {};
  for (const name of new Set(data.keys())) {
    const values = data.getAll(name).filter((v) => typeof v === "string");
    fields[name] = name === "service" ? values : values[values.length - 1];
  }
  const labels = Array.from(form.querySelectorAll("input[name='service']:checked"), (box) =>
    (form.querySelector(`label[for='${box.id}']`)?.textContent || box.value).trim(),
  );
  return { fields, labels };
}

// Puts kept values back into the form's own (uncontrolled) inputs.
function fillForm(form, fields) {
  for (const element of Array.from(form.elements)) {
    if (!element.name || !(element.name in fields) || element.name === "website") continue;
    const value = fields[element.name];
    if (element.type === "checkbox") {
      element.checked = Array.isArray(value) ? value.includes(element.value) : Boolean(value);
    } else if (element.type !== "hidden" && typeof value === "string") {
      element.value = value;
    }
  }
}

// Runs `then` once the page is interactive (#app-ready, consultancy/components/layout.py): an
// event added before that is not sent, so the kept enquiry waits for it.
function whenReady(then) {
  const ready = () => document.querySelector("#app-ready[data-ready='true']") !== null;
  if (ready()) {
    const id = window.setTimeout(then, 0);
    return () => window.clearTimeout(id);
  }
  const watch = new MutationObserver(() => {
    if (!ready()) return;
    watch.disconnect();
    then();
  });
  watch.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  return () => watch.disconnect();
}

function messageText(firm, pending) {
  const f = pending.fields;
  return [
    `Enquiry for ${firm} (sent from the website form, which could not reach the office)`,
    `Name: ${f.name || ""}`,
    f.phone ? `Phone: ${f.phone}` : "",
    f.email ? `Email: ${f.email}` : "",
    f.organisation ? `Organisation: ${f.organisation}` : "",
    pending.labels?.length ? `Services: ${pending.labels.join("; ")}` : "",
    "",
    f.message || "",
  ]
    .filter((line, n) => line !== "" || n === 6)
    .join("\n");
}

export function EnquiryKeeper({
  formId,
  answers,
  answeredKey,
  stored,
  storeDown,
  hasErrors,
  waitMs,
  firm,
  phone,
  telHref,
  chatNumber,
  email,
  onResend,
}) {
  const [unsent, setUnsent] = useState(null);
  const pendingRef = useRef(null);
  const timerRef = useRef(0);
  const onResendRef = useRef(onResend);
  onResendRef.current = onResend;

  const form = () => document.getElementById(formId);
  const setKey = (key) => {
    const input = form()?.querySelector("input[name='client_key']");
    if (input) input.value = key;
  };

  // On mount: an enquiry kept from an earlier visit is put back in the form and sent again.
  useEffect(() => {
    const kept = readPending();
    if (kept && form()) {
      pendingRef.current = kept;
      fillForm(form(), kept.fields);
      setKey(kept.key);
      setUnsent(kept);
    } else {
      setKey(newKey());
    }
    const element = form();
    if (!element) return undefined;
    const stopWaiting = kept ? whenReady(() => onResendRef.current?.({ ...kept.fields, client_key: kept.key })) : () => {};
    // Before Reflex reads the form (its listener is on the document, after this one).
    const keep = () => {
      const key = element.querySelector("input[name='client_key']")?.value || newKey();
      setKey(key);
      const { fields, labels } = readForm(element);
      const pending = { key, fields: { ...fields, client_key: key }, labels, at: Date.now() };
      pendingRef.current = pending;
      writePending(pending);
      window.clearTimeout(timerRef.current);
      timerRef.current = window.setTimeout(() => {
        if (pendingRef.current?.key === key) setUnsent(pendingRef.current);
      }, waitMs);
    };
    element.addEventListener("submit", keep);
    return () => {
      stopWaiting();
      element.removeEventListener("submit", keep);
      window.clearTimeout(timerRef.current);
    };
  }, [formId, waitMs]);

  // An answer for the kept enquiry: the server has it (stored, or told what to fix), so the
  // copy goes; a database failure keeps it for the next try.
  useEffect(() => {
    const pending = pendingRef.current;
    if (!pending || !answeredKey || answeredKey !== pending.key || storeDown) return;
    pendingRef.current = null;
    writePending(null);
    window.clearTimeout(timerRef.current);
    setUnsent(null);
    if (!stored) return;
    setKey(newKey());
    // The form is gone and its answer stands where it was, perhaps off the screen (an
    // enquiry kept from an earlier visit is sent without a tap): it is brought into view and
    // focused, so it is seen and a screen reader reads it.
    const reveal = () => {
      const answer = form()?.parentElement?.querySelector(".enquiry__sent");
      if (!answer) return false;
      answer.focus({ preventScroll: true });
      answer.scrollIntoView({ block: "center" });
      // On a fresh visit the page above may still grow (pictures, fonts) while the smooth
      // scroll runs, which leaves the answer off target: once the scroll has settled, it is
      // put right at once if it is not wholly on the screen.
      // Only this once: a later scroll of the visitor's own is left alone.
      const settle = () => {
        window.removeEventListener("scrollend", settle);
        window.clearTimeout(late);
        const box = answer.getBoundingClientRect();
        const top = document.querySelector(".site-header")?.getBoundingClientRect().bottom || 0;
        if (box.top < top || box.bottom > window.innerHeight) answer.scrollIntoView({ block: "center", behavior: "instant" });
      };
      const late = window.setTimeout(settle, 1200);
      window.addEventListener("scrollend", settle);
      return true;
    };
    if (!reveal()) window.requestAnimationFrame(reveal);
  }, [answers, answeredKey, stored, storeDown]);

  // A refused send: the cursor goes to the first field in error.
  useEffect(() => {
    if (!hasErrors) return;
    const first = form()?.querySelector("[aria-invalid='true']");
    first?.focus();
  }, [answers, hasErrors]);

  // The notice appears below the button: brought into view so it is read.
  const shownRef = useRef(null);
  useEffect(() => {
    if (unsent) shownRef.current?.scrollIntoView({ block: "nearest" });
  }, [unsent]);

  if (!unsent) return null;
  const text = messageText(firm, unsent);
  const wa = `https://wa.me/${chatNumber}?text=${encodeURIComponent(text)}`;
  const mail = `mailto:${email}?subject=${encodeURIComponent(`Enquiry from ${unsent.fields.name || "the website"}`)}&body=${encodeURIComponent(text)}`;
  return (
    <div className="enquiry__unsent" id="enquiry-unsent" role="status" ref={shownRef}>
      <p>
        <strong>Not sent yet.</strong> We cannot reach our office's server just now. Your enquiry is
        kept in this browser and will be sent automatically as soon as the connection is back, even
        if you close this page and come back later.
      </p>
      <p>To send it at once instead, with what you typed filled in:</p>
      <p className="enquiry__unsent-actions">
        <a className="button button--accent" href={wa} target="_blank" rel="noopener noreferrer" id="enquiry-unsent-whatsapp">
          Send by WhatsApp
        </a>
        <a className="button button--secondary" href={mail} id="enquiry-unsent-email">
          Send by email
        </a>
        <a href={telHref}>Call {phone}</a>
      </p>
    </div>
  );
}
