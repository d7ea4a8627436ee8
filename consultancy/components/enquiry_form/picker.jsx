import { useEffect, useRef, useState } from "react";

// The enquiry form's services beyond the one or two always in view: a list of tick boxes
// inside a <details> ("Choose services", "Add another service"), which opens and works
// before React has taken the page over, and without scripts. Here, once React is there:
// the services ticked in that list shown above it as chips (a tap on one unticks it), so a
// form filled from a link (the approvals finder) shows what is chosen without opening
// anything; and a box that narrows the list as the visitor types. The tick boxes stay the
// form's own inputs: what is sent, kept and filled in again (keeper.jsx, prefill.jsx) is
// theirs, and anything that changes them sends "change", which is all that is watched here.

const boxesIn = (list) => Array.from(list?.querySelectorAll("input[type='checkbox'][name='service']") ?? []);
const labelOf = (box) => (box.labels?.[0]?.textContent || box.value).trim();

export function ChosenServices({ listId, pickerId }) {
  const [chosen, setChosen] = useState([]);
  const chipsRef = useRef(null);
  // After a chip is removed, the chip now in its place (or the one before it) takes the focus.
  const focusAt = useRef(-1);

  useEffect(() => {
    const list = document.getElementById(listId);
    const form = list?.closest("form");
    if (!list || !form) return undefined;
    const read = () => setChosen(boxesIn(list).filter((box) => box.checked).map((box) => ({ id: box.id, label: labelOf(box) })));
    // A reset changes the boxes without a "change": read them once it is done.
    const afterReset = () => window.setTimeout(read, 0);
    read();
    form.addEventListener("change", read);
    form.addEventListener("reset", afterReset);
    return () => {
      form.removeEventListener("change", read);
      form.removeEventListener("reset", afterReset);
    };
  }, [listId]);

  useEffect(() => {
    if (focusAt.current < 0) return;
    const chips = Array.from(chipsRef.current?.querySelectorAll("button") ?? []);
    const next = chips[Math.min(focusAt.current, chips.length - 1)];
    focusAt.current = -1;
    (next ?? document.querySelector(`#${pickerId} > summary`))?.focus();
  }, [chosen, pickerId]);

  if (!chosen.length) return null;
  const remove = (id, index) => {
    const box = document.getElementById(id);
    focusAt.current = index;
    // A click, as a tap on the box itself would be: React and the form see the same change.
    if (box?.checked) box.click();
  };
  return (
    <ul className="service-chips" aria-label="Services chosen" ref={chipsRef}>
      {chosen.map(({ id, label }, index) => (
        <li key={id}>
          <button type="button" className="service-chip" aria-label={`Remove ${label}`} onClick={() => remove(id, index)}>
            {label}
            <span className="service-chip__x" aria-hidden="true">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

// Every word typed must be in a service's name or in the words people use for it (data-terms).
const matches = (row, words) => {
  const text = `${row.textContent} ${row.dataset.terms ?? ""}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

export function ServiceFilter({ listId }) {
  const [text, setText] = useState("");
  const [shown, setShown] = useState(-1);

  useEffect(() => {
    const rows = Array.from(document.getElementById(listId)?.querySelectorAll(".service-choice") ?? []);
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    let count = 0;
    for (const row of rows) {
      const match = matches(row, words);
      row.hidden = !match;
      if (match) count += 1;
    }
    setShown(words.length ? count : -1);
  }, [text, listId]);

  // Enter here never sends the form: with one service left in the list it ticks it.
  const onKeyDown = (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const left = Array.from(document.getElementById(listId)?.querySelectorAll(".service-choice:not([hidden]) input") ?? []);
    if (left.length !== 1) return;
    if (!left[0].checked) left[0].click();
    setText("");
  };

  const inputId = `${listId}-filter`;
  const status = shown < 0 ? "" : shown === 0 ? "No service has that word; try another, or tick “Not sure”." : shown === 1 ? "1 service: press Enter to tick it." : `${shown} services`;
  return (
    <div className="service-filter">
      <label htmlFor={inputId} className="field__label">
        Find a service
      </label>
      <input
        id={inputId}
        type="search"
        className="field__input"
        value={text}
        autoComplete="off"
        enterKeyHint="done"
        aria-describedby={`${inputId}-status`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${inputId}-status`} className="field__hint service-filter__status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
