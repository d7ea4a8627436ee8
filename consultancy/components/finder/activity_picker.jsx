import { useEffect, useMemo, useRef, useState } from "react";
import { activityMatches, figuresIn, labelOf } from "./activity.js";

// The finder's activity question as a combobox (WAI-ARIA 1.2 pattern, list autocomplete): the
// visitor types what the unit makes or does and picks from the matches. Matching runs here
// (activity.js); the choice goes to the finder's answers through onPick, so nothing waits for
// the server. The words typed go with the choice (`wordsKey`), and so do the figures the
// finder asks about ("50 bed hospital" fills the beds), so nothing typed is lost: not even
// when nothing matches and the visitor leaves the box. Words typed before the page is interactive reach onChange through the
// site's early-input replay (consultancy/framework/early_input.js).

const LIMIT = 12;
// Always offered, last: the visitor can always say "something else".
const FALLBACKS = ["other"];
const NONE = [];

// The activities and their words (`{options, meanings}`), a module written at compile time
// (picker.py) and imported the first time the visitor reaches for the box, or an answer names
// an activity: once here, the picker needs no network. A failed import is tried again at the
// next focus or keystroke.
let words = null;
let loading = null;
function loadWords() {
  loading ??= import("$/utils/activity_words.js").then(
    (module) => (words = module.default),
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function ActivityPicker({ inputId, question, wordsKey, value, onPick, describedBy }) {
  // What the visitor is typing; null while the box shows the chosen activity.
  const [typed, setTyped] = useState(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [known, setKnown] = useState(words);
  const [failed, setFailed] = useState(false);
  const listId = `${inputId}-list`;
  const options = known?.options ?? NONE;
  const meanings = known?.meanings ?? {};
  // Until the words arrive nothing matches; what the visitor types stays in the box and its
  // matches show when they come.
  const matches = useMemo(() => activityMatches(options, typed ?? "", LIMIT, FALLBACKS), [options, typed]);
  const shown = typed ?? labelOf(options, value);
  // Open, and something to show.
  const expanded = open && known !== null;

  const need = () => {
    if (known) return;
    setFailed(false);
    loadWords().then(setKnown, () => setFailed(true));
  };
  // An activity chosen elsewhere (the address, a shared link) is shown by its name.
  useEffect(() => {
    if (value) need();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const box = useRef(null);

  // On a phone the list would open below the fold: the box moves up so the matches show.
  useEffect(() => {
    if (!expanded || !box.current) return;
    const list = document.getElementById(listId);
    // At once, not smoothly: the visitor is typing, and the list must not move under the finger.
    if (list && list.getBoundingClientRect().bottom > window.innerHeight)
      box.current.scrollIntoView({ block: "start", behavior: "instant" });
  }, [expanded, listId]);

  // The active option scrolls into view inside the list only (scrollIntoView would move the page).
  useEffect(() => {
    const list = document.getElementById(listId);
    const item = expanded && active >= 0 ? document.getElementById(`${listId}-${active}`) : null;
    if (!list || !item) return;
    if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
  }, [expanded, active, listId]);

  const choose = (option) => {
    const said = (typed ?? "").trim();
    onPick(said === "" ? { [question]: option.value } : { ...figuresIn(said), [question]: option.value, [wordsKey]: said });
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const key = (event) => {
    const last = matches.length - 1;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const down = event.key === "ArrowDown";
      if (!open || event.altKey) {
        setOpen(true);
        if (!event.altKey) setActive(down ? 0 : last);
        return;
      }
      setActive(active < 0 ? (down ? 0 : last) : down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
    } else if (event.key === "Enter") {
      if (open && active >= 0 && matches[active]) {
        event.preventDefault();
        choose(matches[active].option);
      }
    } else if (event.key === "Escape") {
      // Escape closes the list; a second Escape puts back the activity chosen before.
      if (open) close();
      else setTyped(null);
      event.preventDefault();
    }
  };

  const typedSomething = (typed ?? "").trim() !== "";
  const chosen = options.find((o) => o.value === value);
  const hint = chosen ? (meanings[chosen.category]?.[1] ?? "") : "";
  const named = matches.filter((m) => !FALLBACKS.includes(m.option.value)).length;
  return (
    <div className="picker">
      <input
        ref={box}
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded ? "true" : "false"}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="done"
        className="question__input picker__input"
        placeholder="e.g. rice mill, dyeing, cold storage"
        value={shown}
        onFocus={need}
        onPointerDown={need}
        onChange={(event) => {
          need();
          setTyped(event.target.value);
          setOpen(true);
          setActive(event.target.value.trim() === "" ? -1 : 0);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={key}
        onBlur={() => {
          // Left with words that matched nothing chosen: they are kept for the firm.
          const said = (typed ?? "").trim();
          if (said !== "") onPick({ [wordsKey]: said });
          close();
          setTyped(null);
        }}
      />
      <ul id={listId} role="listbox" aria-label="Activities" className="picker__list" hidden={!expanded}>
        {/* Options only while open: the page carries no hidden list of every activity. */}
        {expanded &&
          matches.map((m, n) => {
            const tag = meanings[m.option.category]?.[0] ?? "";
            return (
              <li
                key={m.option.value}
                id={`${listId}-${n}`}
                role="option"
                aria-selected={n === active ? "true" : "false"}
                data-value={m.option.value}
                className={n === active ? "picker__option is-active" : "picker__option"}
                /* Keeps the focus in the box, so choosing does not first close the list. */
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(m.option)}
              >
                <span className="picker__label">{m.option.label}</span>
                {(m.via || tag) && (
                  <span className="picker__meta">
                    {m.via ? `“${m.via}”` : ""}
                    {m.via && tag ? " · " : ""}
                    {tag}
                  </span>
                )}
              </li>
            );
          })}
      </ul>
      {hint && (
        <p className="picker__chosen" id={`${inputId}-chosen`}>
          {hint}
        </p>
      )}
      {failed && (
        <p className="picker__chosen" id={`${inputId}-failed`}>
          The list of activities did not load: check the connection, then type again.
        </p>
      )}
      <p className="visually-hidden" role="status">
        {open && typedSomething && !failed
          ? known === null
            ? "Loading the activities…"
            : named === 0
              ? "No activity matches: try other words, or choose Something else, or not sure."
              : `${named} ${named === 1 ? "activity matches" : "activities match"}.`
          : ""}
      </p>
    </div>
  );
}
