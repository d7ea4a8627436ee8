import { useEffect, useMemo, useRef, useState } from "react";
import {
  buildIcs, computeItems, idsFromAddress, label, loadHeld, saveHeld, todayInKolkata,
} from "./renewals.js";

// The whole calendar runs in the page: the visitor's approvals and dates are kept in this
// browser's localStorage only, and the .ics is written here, so it works with no backend.
export function RenewalCalendar({ data, issueHint, expiryHint, empty, heldInputId }) {
  const approvals = data.approvals;
  const ids = useMemo(() => approvals.map((a) => a.id), [approvals]);
  const [held, setHeld] = useState({});
  const [today, setToday] = useState("");
  const loaded = useRef(false);

  useEffect(() => {
    // Saved list first, then what the finder sent in the address (?add=consent-to-operate).
    const saved = loadHeld(window.localStorage, ids, data.former);
    for (const id of idsFromAddress(window.location.search, ids, data.former)) {
      if (!saved[id]) saved[id] = { date: "", kind: "issue" };
    }
    loaded.current = true;
    setHeld(saved);
    setToday(todayInKolkata());
  }, [ids, data.former]);

  useEffect(() => {
    if (!loaded.current) return;
    saveHeld(window.localStorage, held);
    // The reminders form sends this field, and only when the visitor asks for reminders.
    const field = heldInputId ? document.getElementById(heldInputId) : null;
    if (field) field.value = JSON.stringify(held);
  }, [held, heldInputId]);

  const toggle = (id) => setHeld((now) => {
    const next = { ...now };
    if (next[id]) delete next[id];
    else next[id] = { date: "", kind: "issue" };
    return next;
  });
  const change = (id, field, value) => setHeld((now) => ({ ...now, [id]: { ...now[id], [field]: value } }));
  // A return only some holders file (FSSAI's D-1): dated once the visitor says it is theirs.
  const toggleFile = (id, name) => setHeld((now) => {
    const files = now[id].files ?? [];
    const next = files.includes(name) ? files.filter((f) => f !== name) : [...files, name];
    return { ...now, [id]: { ...now[id], files: next } };
  });

  const { dated, undated } = today ? computeItems(approvals, held, today, data.former) : { dated: [], undated: [] };
  const byId = new Map(approvals.map((a) => [a.id, a]));
  const heldIds = ids.filter((id) => held[id]);

  const download = () => {
    const text = buildIcs(dated, data.firm, data.phone, data.domain, data.alarmDays, new Date());
    const url = URL.createObjectURL(new Blob([text], { type: "text/calendar;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "renewals.ics";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="renewals">
      <fieldset className="renewals__pick no-print">
        <legend className="renewals__legend">Approvals you hold</legend>
        <ul className="renewals__choices">
          {approvals.map((a) => (
            <li key={a.id}>
              <input type="checkbox" id={`cal-${a.id}`} checked={Boolean(held[a.id])} onChange={() => toggle(a.id)} />
              <label htmlFor={`cal-${a.id}`}>{a.name}</label>
            </li>
          ))}
        </ul>
      </fieldset>
      {heldIds.length > 0 && (
        <section className="renewals__dates no-print" aria-labelledby="cal-dates-title">
          <h2 id="cal-dates-title" className="section__title">The date on each certificate</h2>
          {heldIds.map((id) => {
            const a = byId.get(id);
            const fixed = a.issue;
            const kind = fixed ? held[id].kind : "expiry";
            const chosen = a.filings.filter((f) => f.only != null);
            return (
              <div className="renewals__date" key={id}>
                <h3 className="renewals__name">{a.name}</h3>
                {fixed && (
                  <p>
                    <label htmlFor={`cal-kind-${id}`}>The date I have is the </label>
                    <select id={`cal-kind-${id}`} value={kind} onChange={(e) => change(id, "kind", e.target.value)}>
                      <option value="issue">issue date</option>
                      <option value="expiry">expiry date</option>
                    </select>
                  </p>
                )}
                <label htmlFor={`cal-date-${id}`}>{kind === "issue" ? "Issue date" : "Expiry (valid up to) date"}</label>
                <input
                  type="date"
                  id={`cal-date-${id}`}
                  value={held[id].date}
                  aria-describedby={`cal-why-${id}`}
                  onChange={(e) => change(id, "date", e.target.value)}
                />
                <p className="renewals__why" id={`cal-why-${id}`}>
                  {kind === "issue" ? issueHint : `${expiryHint}${a.why ? ` ${a.why}` : ""}`} Validity: {a.period}
                </p>
                {chosen.map((f) => (
                  <p className="renewals__only" key={f.name}>
                    <input
                      type="checkbox"
                      id={`cal-file-${id}-${a.filings.indexOf(f)}`}
                      checked={(held[id].files ?? []).includes(f.name)}
                      onChange={() => toggleFile(id, f.name)}
                    />
                    <label htmlFor={`cal-file-${id}-${a.filings.indexOf(f)}`}>This applies to me: {f.name} (only for {f.only})</label>
                  </p>
                ))}
              </div>
            );
          })}
        </section>
      )}
      <section className="renewals__list" aria-labelledby="cal-list-title" aria-live="polite">
        <h2 id="cal-list-title" className="section__title">Your deadlines{today ? ` (as of ${label(today)})` : ""}</h2>
        {dated.length === 0 ? (
          <p id="cal-empty">{empty}</p>
        ) : (
          <ol className="renewals__items" id="cal-items">
            {dated.map((item) => {
              const a = byId.get(item.approval);
              return (
                <li key={item.uid} className={item.overdue ? "renewals__item renewals__item--overdue" : "renewals__item"}>
                  <p className="renewals__when">
                    <time dateTime={item.date}>{label(item.date)}</time>
                    {item.overdue && <strong className="renewals__overdue"> Overdue</strong>}
                    {item.expires && (
                      <span className="renewals__expires">
                        {item.expires < today ? " Expired on " : " Expires "}
                        <time dateTime={item.expires}>{label(item.expires)}</time>
                      </span>
                    )}
                  </p>
                  <h3 className="renewals__title">{item.title}</h3>
                  <p>{item.rule}</p>
                  <p className="renewals__source">Source: {item.source}</p>
                  {item.overdue && (
                    // Past the date to act: the firm's phone and WhatsApp, as the site's own buttons.
                    <p className="renewals__now no-print">
                      <strong>{item.kind === "renewal" ? "Renew now:" : "Act now:"}</strong>{" "}
                      <a className="button button--accent" href={data.tel}>Call {data.phone}</a>{" "}
                      <a className="button button--secondary" href={data.chat} target="_blank" rel="noopener noreferrer">
                        WhatsApp us
                      </a>
                    </p>
                  )}
                  {a.route && <p><a href={a.route}>About this approval and how we help</a></p>}
                </li>
              );
            })}
          </ol>
        )}
        {undated.length > 0 && (
          <>
            <h3 className="renewals__also">Also due, with no fixed date</h3>
            <ul>{undated.map((u) => <li key={`${u.approval}-${u.name}`}>{u.name}: {u.due}</li>)}</ul>
          </>
        )}
        <div className="actions no-print">
          <button type="button" className="button button--accent" id="cal-download" disabled={dated.length === 0} onClick={download}>
            Download for your calendar (.ics)
          </button>
          <button type="button" className="button button--secondary" id="cal-print" onClick={() => window.print()}>Print</button>
          <button type="button" className="button button--secondary" id="cal-clear" disabled={heldIds.length === 0} onClick={() => setHeld({})}>
            Remove all
          </button>
        </div>
      </section>
    </div>
  );
}
