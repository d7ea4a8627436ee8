// Inlined into the head of every built page by consultancy/framework/early_input.py: what a visitor does
// between the first paint and React taking the page over is held, then done for real.
// Buttons would otherwise do nothing, links that open a menu would leave the page, changed
// boxes and fields would show what React's state does not hold, and a form would be sent
// by the browser itself (the fields in the address).
(() => {
  const actions = [];
  const LINK_FALLBACK_MS = 2000;
  const isReady = () => document.querySelector("#app-ready[data-ready='true']") !== null;
  const READY_EVENT = "site:interactive";

  // A box's change reaches React as a click. Were React to see it while it is still taking
  // the page over, it would count the tick and the replay would count it again (a tick is a
  // toggle): until then only the browser sees it, and the replay reports it once.
  const isBox = (target) => target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio");

  const holdClick = (event) => {
    if (isBox(event.target)) {
      event.stopPropagation();
      return;
    }
    if (!(event.target instanceof Element)) return;
    const control = event.target.closest("button, a[data-js-link]");
    if (control === null || control.disabled) return;
    const link = control.tagName === "A";
    // A submit button's click becomes the form's submit, which is held below.
    if (!link && control.type === "submit") return;
    // A link opened in a new tab or window is the browser's business.
    if (link && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return;
    event.preventDefault();
    event.stopPropagation();
    // A second tap on a control that has not answered yet is the same request.
    if (actions.some((action) => action.control === control)) return;
    control.setAttribute("data-held", "");
    const action = { kind: "click", control };
    actions.push(action);
    if (link) {
      // Scripts that do not come: the link does what it does without them.
      action.fallback = setTimeout(() => {
        actions.splice(actions.indexOf(action), 1);
        control.removeAttribute("data-held");
        location.assign(control.href);
      }, LINK_FALLBACK_MS);
    }
  };

  const holdSubmit = (event) => {
    event.preventDefault();
    event.stopPropagation();
    const form = event.target;
    if (actions.some((action) => action.form === form)) return;
    const submitter = event.submitter || null;
    if (submitter) submitter.setAttribute("data-held", "");
    actions.push({ kind: "submit", form, control: submitter });
  };

  const noteChange = (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
    event.stopPropagation();
    // What the visitor left in the control, kept now: React sets a control it renders from its
    // own state (checked={...}, value={...}) back to that state whenever it renders it again,
    // and it may do so while it takes the page over, before the replay below has read the
    // field (words typed then were lost).
    const chosen = isBox(field) ? field.checked : field.value;
    const known = actions.find((action) => action.field === field);
    if (known) {
      known.chosen = chosen;
      return;
    }
    actions.push({ kind: "change", field, chosen });
  };

  // What the visitor left in a field, and what React rendered there last (it writes its own
  // value into the default). Read for every field before anything is replayed: each
  // re-render puts React's own values back into every controlled field.
  const note = ({ field, chosen }) => ({
    field,
    box: isBox(field),
    wanted: chosen,
    rendered: isBox(field) ? field.defaultChecked : field instanceof HTMLSelectElement ? null : field.defaultValue,
  });

  const replayChange = ({ field, box, wanted, rendered }) => {
    if (wanted === rendered || (field.type === "radio" && !wanted)) return;
    if (box) {
      // React notices a box's change on its click: show what it rendered, and click.
      field.checked = rendered;
      field.click();
      return;
    }
    if (field instanceof HTMLSelectElement) {
      field.value = wanted;
      field.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    // React compares with the value it last saw (its own setter on the element); the
    // prototype's setter puts the visitor's text back without telling it, so the input
    // event is news to it.
    field.value = rendered;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value").set.call(field, wanted);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  };

  const replay = () => {
    removeEventListener("click", holdClick, true);
    removeEventListener("submit", holdSubmit, true);
    removeEventListener("input", noteChange, true);
    removeEventListener("change", noteChange, true);
    // The field the visitor is in was focused before React listened for it.
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
      active.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    }
    const queued = actions.splice(0);
    for (const action of queued) if (action.kind === "change") action.noted = note(action);
    for (const action of queued) {
      clearTimeout(action.fallback);
      if (action.control) action.control.removeAttribute("data-held");
      if (action.kind === "change") replayChange(action.noted);
      else if (action.kind === "submit") action.form.requestSubmit(action.control);
      else action.control.click();
    }
  };

  addEventListener("click", holdClick, true);
  addEventListener("submit", holdSubmit, true);
  addEventListener("input", noteChange, true);
  addEventListener("change", noteChange, true);
  // One watcher of the document for every inline script that waits for React: the others
  // (next_pages.js) listen for this event.
  const watch = new MutationObserver(() => {
    if (isReady()) {
      watch.disconnect();
      document.dispatchEvent(new Event(READY_EVENT));
      replay();
    }
  });
  watch.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
})();
