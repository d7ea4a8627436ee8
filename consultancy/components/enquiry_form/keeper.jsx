import { useEffect, useRef, useState } from "react";

// Keeps an enquiry that has not reached the backend in this browser (localStorage), until an
// answer for it arrives. On this visit (this tab: sessionStorage names the enquiries sent from
// it) it goes by itself: Reflex's own queue sends it when the socket is back, and a reload
// sends it again under the same key, so the server stores it once. On a later visit nothing
// goes and nothing is shown until someone chooses (KeptEnquiry, below): a shared office
// computer's next user sees only when it was typed and for which services, and may send it,
// open it to edit, or discard it. After `waitMs` without an answer the form says plainly that
// the enquiry is not sent yet and offers WhatsApp and email with the typed text filled in. It
// also moves the focus to the first field in error after a refused send. Nothing here is run
// from a string (the CSP forbids eval).

const STORE = "consultancy.enquiry.pending";
const MINE = "consultancy.enquiry.mine";
// Set by "Edit" on a form without every kept field: the contact page opens it for editing.
const EDIT = "consultancy.enquiry.edit";
// A copy older than this is deleted unseen: the visitor has moved on, and the next person at
// a shared computer should not find it.
const KEEP_MS = 7 * 24 * 3600 * 1000;
// A clock set back a little does not make a fresh copy look as if it came from the future.
const SKEW_MS = 24 * 3600 * 1000;

function newKey() {
  if (window.crypto?.randomUUID) return window.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function writeAll(kept) {
  try {
    if (kept.length) window.localStorage.setItem(STORE, JSON.stringify(kept));
    else window.localStorage.removeItem(STORE);
  } catch (error) {
    // Storage refused: the form itself still holds the text on this visit.
  }
}

// Every kept enquiry still young enough; older ones are deleted here, unseen. One kept by
// the previous version of this page is a lone object rather than a list.
function readAll() {
  let stored = null;
  try {
    stored = JSON.parse(window.localStorage.getItem(STORE) || "null");
  } catch (error) {
    // Storage refused (private mode) or a damaged copy: nothing is kept.
  }
  const all = (Array.isArray(stored) ? stored : stored ? [stored] : []).filter(
    (kept) => kept && typeof kept.key === "string" && kept.fields && typeof kept.at === "number",
  );
  const now = Date.now();
  const fresh = all.filter((kept) => now - kept.at < KEEP_MS && kept.at - now < SKEW_MS);
  if (stored !== null && (fresh.length !== all.length || !Array.isArray(stored) || !fresh.length)) writeAll(fresh);
  return fresh;
}

function keep(pending) {
  writeAll([...readAll().filter((kept) => kept.key !== pending.key), pending]);
}

function forget(key) {
  writeAll(readAll().filter((kept) => kept.key !== key));
}

function sessionList(name) {
  try {
    const list = JSON.parse(window.sessionStorage.getItem(name) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (error) {
    return [];
  }
}

// An enquiry sent, or chosen, from this tab is this visit's.
function claim(key) {
  try {
    window.sessionStorage.setItem(MINE, JSON.stringify([...new Set([...sessionList(MINE), key])]));
  } catch (error) {
    // Storage refused: a reload will ask before sending it, which loses nothing.
  }
}

const mine = (kept) => sessionList(MINE).includes(kept.key);

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

// Puts kept values back into the form's own (uncontrolled) inputs. A box that changes says
// so ("change"), so the chosen services' chips follow (picker.jsx).
function fillForm(form, fields) {
  for (const element of Array.from(form.elements)) {
    if (!element.name || !(element.name in fields) || element.name === "website") continue;
    const value = fields[element.name];
    if (element.type === "checkbox") {
      const checked = Array.isArray(value) ? value.includes(element.value) : Boolean(value);
      if (element.checked === checked) continue;
      element.checked = checked;
      element.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (element.type !== "hidden" && typeof value === "string") {
      element.value = value;
    }
  }
}

// Whether the form has a field for every value kept (the short form has no organisation or
// district): only then can it be edited here without losing any.
function holdsAll(form, fields) {
  const names = new Set(Array.from(form.elements, (element) => element.name));
  return Object.keys(fields).every((name) => names.has(name) || name === "client_key" || !fields[name]);
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

const formOf = (formId) => document.getElementById(formId);

function setKey(form, key) {
  const input = form?.querySelector("input[name='client_key']");
  if (input) input.value = key;
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
  // The pending enquiry was sent from the question of a later visit: the form does not hold it.
  const unseenRef = useRef(false);
  const timerRef = useRef(0);
  const onResendRef = useRef(onResend);
  onResendRef.current = onResend;

  const form = () => formOf(formId);

  useEffect(() => {
    const element = form();
    if (!element) return undefined;
    // This visit's enquiry, not answered before a reload: put back in the form and sent again.
    const ours = readAll()
      .filter(mine)
      .sort((a, b) => b.at - a.at)[0];
    if (ours) {
      pendingRef.current = ours;
      fillForm(element, ours.fields);
      setKey(element, ours.key);
      setUnsent(ours);
    } else {
      setKey(element, newKey());
    }
    const waits = [];
    const resend = (kept) => waits.push(whenReady(() => onResendRef.current?.({ ...kept.fields, client_key: kept.key })));
    if (ours) resend(ours);
    const startClock = (key) => {
      window.clearTimeout(timerRef.current);
      timerRef.current = window.setTimeout(() => {
        if (pendingRef.current?.key === key) setUnsent(pendingRef.current);
      }, waitMs);
    };
    // Before Reflex reads the form (its listener is on the document, after this one).
    const onSubmit = () => {
      const key = element.querySelector("input[name='client_key']")?.value || newKey();
      setKey(element, key);
      const { fields, labels } = readForm(element);
      const pending = { key, fields: { ...fields, client_key: key }, labels, at: Date.now() };
      pendingRef.current = pending;
      unseenRef.current = false;
      keep(pending);
      claim(key);
      startClock(key);
    };
    // "Send it" on a later visit (KeptEnquiry): sent as it was kept, without filling the form.
    const onSendKept = (event) => {
      const kept = event.detail;
      pendingRef.current = kept;
      unseenRef.current = true;
      claim(kept.key);
      resend(kept);
      startClock(kept.key);
    };
    element.addEventListener("submit", onSubmit);
    element.addEventListener("enquiry:send-kept", onSendKept);
    return () => {
      for (const stop of waits) stop();
      element.removeEventListener("submit", onSubmit);
      element.removeEventListener("enquiry:send-kept", onSendKept);
      window.clearTimeout(timerRef.current);
    };
  }, [formId, waitMs]);

  // An answer for the kept enquiry: the server has it (stored, or told what to fix), so the
  // copy goes; a database failure keeps it for the next try.
  useEffect(() => {
    const pending = pendingRef.current;
    if (!pending || !answeredKey || answeredKey !== pending.key) return;
    // Nothing was stored (the database failed, or the store is full): the other ways to send
    // it at once, without waiting out the clock.
    if (storeDown) {
      window.clearTimeout(timerRef.current);
      setUnsent(pending);
      return;
    }
    pendingRef.current = null;
    forget(pending.key);
    window.clearTimeout(timerRef.current);
    setUnsent(null);
    if (!stored) {
      // Told what to fix in an enquiry sent from the question: the form gets it to correct.
      if (unseenRef.current && form()) {
        fillForm(form(), pending.fields);
        setKey(form(), pending.key);
      }
      unseenRef.current = false;
      return;
    }
    unseenRef.current = false;
    setKey(form(), newKey());
    // The form is gone and its answer stands where it was, perhaps off the screen (an
    // enquiry sent again after a reload goes without a tap): it is brought into view and
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

  // The notice appears below the button: brought into view so it is read. While it is there
  // the button says the enquiry waits for the connection, not that it is being sent.
  const shownRef = useRef(null);
  useEffect(() => {
    const element = form();
    if (unsent) shownRef.current?.scrollIntoView({ block: "nearest" });
    if (!element) return;
    if (unsent) element.dataset.unsent = "true";
    else delete element.dataset.unsent;
  }, [unsent]);

  if (!unsent) return null;
  const text = messageText(firm, unsent);
  const wa = `https://wa.me/${chatNumber}?text=${encodeURIComponent(text)}`;
  const mail = `mailto:${email}?subject=${encodeURIComponent(`Enquiry from ${unsent.fields.name || "the website"}`)}&body=${encodeURIComponent(text)}`;
  // Removing it also reloads the page: Reflex's queue, which would send it once the
  // connection is back, goes with the page.
  const discard = () => {
    forget(unsent.key);
    window.location.reload();
  };
  return (
    <div className="enquiry__unsent" id="enquiry-unsent" role="status" ref={shownRef}>
      <p>
        <strong>Not sent yet.</strong> We cannot reach our office's server just now. Your enquiry is
        kept in this browser and goes as soon as the connection is back while this page is open. If
        you leave, this form will ask before sending it when you come back (for up to 7 days).
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
      <p>
        <button type="button" className="link-button" id="enquiry-unsent-discard" onClick={discard}>
          Remove it from this browser
        </button>{" "}
        (on a shared computer, once you have sent it another way).
      </p>
    </div>
  );
}

const KEPT_WHEN = { weekday: "long", day: "numeric", month: "long", hour: "numeric", minute: "2-digit" };

// On a later visit: an enquiry kept from an earlier one, named only by when it was typed and
// its services, until someone chooses to send it, edit it or discard it.
export function KeptEnquiry({ formId, editPage }) {
  const [others, setOthers] = useState([]);

  const edit = (kept) => {
    const form = formOf(formId);
    if (!form) return false;
    if (!holdsAll(form, kept.fields)) {
      // This form has no field for some of it: the full form opens it.
      try {
        window.sessionStorage.setItem(EDIT, kept.key);
      } catch (error) {
        return false;
      }
      window.location.assign(editPage);
      return true;
    }
    fillForm(form, kept.fields);
    setKey(form, kept.key);
    form.querySelector("input[name='name']")?.focus();
    return true;
  };

  useEffect(() => {
    const earlier = readAll()
      .filter((kept) => !mine(kept))
      .sort((a, b) => b.at - a.at);
    let editing = null;
    try {
      editing = window.sessionStorage.getItem(EDIT);
      window.sessionStorage.removeItem(EDIT);
    } catch (error) {
      // Storage refused: nothing was asked to be edited here.
    }
    const chosen = earlier.find((kept) => kept.key === editing);
    if (!chosen) {
      setOthers(earlier);
      return undefined;
    }
    setOthers(earlier.filter((kept) => kept !== chosen));
    // After the keeper has given the form a key of its own on mount.
    const id = window.setTimeout(() => edit(chosen), 0);
    return () => window.clearTimeout(id);
  }, [formId]);

  if (!others.length) return null;
  const kept = others[0];
  const next = () => setOthers(others.slice(1));
  const send = () => {
    formOf(formId)?.dispatchEvent(new CustomEvent("enquiry:send-kept", { detail: kept }));
    next();
  };
  const discard = () => {
    forget(kept.key);
    next();
    formOf(formId)?.querySelector("input[name='name']")?.focus();
  };
  const when = new Date(kept.at).toLocaleString("en-IN", KEPT_WHEN);
  const services = kept.labels?.length ? `, about ${kept.labels.join(", ")}` : "";
  return (
    <div className="enquiry__kept" id="enquiry-kept" role="group" aria-labelledby="enquiry-kept-title">
      <p id="enquiry-kept-title">
        <strong>Not sent yet:</strong> an enquiry typed in this browser on {when}
        {services}.
      </p>
      <p>If it is yours, send it now or edit it first. If not, discard it: what it says stays hidden until you choose.</p>
      <p className="enquiry__kept-actions">
        <button type="button" className="button button--accent" id="enquiry-kept-send" onClick={send}>
          Send it
        </button>
        <button type="button" className="button button--secondary" id="enquiry-kept-edit" onClick={() => edit(kept) && next()}>
          Edit
        </button>
        <button type="button" className="button button--secondary" id="enquiry-kept-discard" onClick={discard}>
          Discard
        </button>
      </p>
    </div>
  );
}
