import { useEffect, useRef, useState } from "react";

// The reminders form's sending: a random key per list sent (the server stores a list sent
// twice once), "Sending…" until the backend answers, and after `waitMs` without an answer a
// plain "not sent" notice. What the visitor typed stays in the form's own inputs either way,
// and Reflex sends the form when the connection is back on this visit.

function newKey() {
  if (window.crypto?.randomUUID) return window.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function ReminderSend({ formId, answers, waitMs }) {
  const [phase, setPhase] = useState("idle");
  const timerRef = useRef(0);
  const seenRef = useRef(answers);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return undefined;
    const key = form.querySelector("input[name='client_key']");
    if (key && !key.value) key.value = newKey();
    // Before Reflex reads the form (its listener is on the document, after this one).
    const sending = () => {
      setPhase("sending");
      window.clearTimeout(timerRef.current);
      timerRef.current = window.setTimeout(() => setPhase("unsent"), waitMs);
    };
    form.addEventListener("submit", sending);
    return () => {
      form.removeEventListener("submit", sending);
      window.clearTimeout(timerRef.current);
    };
  }, [formId, waitMs]);

  useEffect(() => {
    if (answers === seenRef.current) return;
    seenRef.current = answers;
    window.clearTimeout(timerRef.current);
    setPhase("idle");
    // Answered: whatever is sent next is a new list (every try before this carried the old key).
    const key = document.getElementById(formId)?.querySelector("input[name='client_key']");
    if (key) key.value = newKey();
  }, [answers]);

  if (phase === "sending") {
    return <p className="renewals__sending" id="reminders-sending" role="status">Sending…</p>;
  }
  if (phase === "unsent") {
    return (
      <div className="enquiry__unsent" id="reminders-unsent" role="status">
        <p>
          <strong>Not sent.</strong> We cannot reach our server just now, so your reminders are not set up
          yet. Your email address and list are still here: press "Email me reminders" again in a moment.
          Your calendar above works as before.
        </p>
      </div>
    );
  }
  return null;
}
