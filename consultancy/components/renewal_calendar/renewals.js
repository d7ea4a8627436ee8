// The renewal calendar's rules as the browser runs them: the same rules as
// consultancy/content/renewals.py (tests hold the two to the same items and the same .ics,
// byte for byte), so the page works offline and nothing leaves the browser.
// Dates are "YYYY-MM-DD" calendar dates (all-day, Asia/Kolkata): arithmetic is on year,
// month and day numbers only, never on clock times, so no time zone can shift a deadline.

const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const pad = (n, width = 2) => String(n).padStart(width, "0");
const iso = (y, m, d) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const daysIn = (y, m) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function parts(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text ?? ""));
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysIn(y, m) || y < 1) return null;
  return [y, m, d];
}

// Today's date in Kolkata, whatever the device's own zone.
export function todayInKolkata(now = new Date()) {
  const fmt = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });
  return fmt.format(now);
}

// `months` calendar months on, held to the month's last day (31 Jan + 1 month = end of
// February; 29 Feb + 12 months = 28 Feb).
export function addMonths(text, months) {
  const [y, m, d] = parts(text);
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  return iso(year, month, Math.min(d, daysIn(year, month)));
}

export function addDays(text, days) {
  const [y, m, d] = parts(text);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

// The next `day` `month` from today, today included; past the month's end -> its last day.
export function onOrAfter(month, day, today) {
  const [y] = parts(today);
  for (const year of [y, y + 1]) {
    const due = iso(year, month, Math.min(day, daysIn(year, month)));
    if (due >= today) return due;
  }
  throw new Error("unreachable");
}

export function label(text) {
  const [y, m, d] = parts(text);
  return `${d} ${MONTH_ABBR[m - 1]} ${y}`;
}

// The settled period in force on the issue date (the earliest rule before any took effect);
// null: no settled period, so only the expiry printed on the certificate will do.
export function monthsOn(approval, issued) {
  const periods = approval.periods ?? [];
  let current = periods.length ? periods[0].months : null;
  for (const period of periods) if (period.since <= issued) current = period.months;
  return current ?? null;
}

// The changes in the law touching this approval in the two years to today.
export function recentChanges(approval, today) {
  const start = `${pad(Number(today.slice(0, 4)) - 2, 4)}${today.slice(4)}`;
  return (approval.changes ?? [])
    .filter((c) => start <= c.date && c.date <= today)
    .map((c) => `${c.title} (from ${label(c.date)})`);
}

function renewal(approval, given, kind, today) {
  const months = monthsOn(approval, given);
  const expiry = kind === "expiry" ? given : addMonths(given, months);
  const lead = approval.lead || 0;
  const applyBy = addDays(expiry, -lead);
  let rule = kind === "issue"
    ? `Issued ${label(given)}; runs ${months} months, to ${label(expiry)}.`
    : `Expires ${label(expiry)}, the date on your certificate.`;
  rule += ` ${approval.renewal}`;
  const changes = recentChanges(approval, today);
  if (changes.length) rule += ` Changed in the law recently: ${changes.join("; ")}.`;
  return {
    approval: approval.id,
    kind: "renewal",
    title: `Apply to renew: ${approval.name}`,
    date: applyBy,
    rule,
    source: approval.source,
    overdue: applyBy < today,
    uid: `${approval.id}.renewal.${applyBy}`,
    until: null,
  };
}

// The visitor's deadlines, overdue first then by date, and what has no fixed date.
// `held`: {approvalId: {date, kind}} in the order the visitor ticked them; an id an approval
// had before (`former`) still finds it. A date only ever rests on a settled period.
export function computeItems(approvals, held, today, former = {}) {
  const byId = new Map(approvals.map((a) => [a.id, a]));
  const dated = [];
  const undated = [];
  for (const [heldId, choice] of Object.entries(held ?? {})) {
    const approval = byId.get(former[heldId] ?? heldId);
    if (!approval) continue;
    const id = approval.id;
    const kind = choice?.kind === "issue" && approval.months != null ? "issue" : "expiry";
    // The expiry, where the visitor's date gives one: a return repeats until then.
    let expiry = null;
    if (parts(choice?.date)) {
      if (kind === "issue" && monthsOn(approval, choice.date) == null) {
        undated.push({ approval: id, name: `Apply to renew: ${approval.name}`, due: approval.why });
      } else {
        dated.push(renewal(approval, choice.date, kind, today));
        expiry = kind === "expiry" ? choice.date : addMonths(choice.date, monthsOn(approval, choice.date));
      }
    }
    approval.filings.forEach((filing, n) => {
      if (filing.month == null || filing.day == null) {
        undated.push({ approval: id, name: filing.name, due: filing.due });
        return;
      }
      const due = onOrAfter(filing.month, filing.day, today);
      dated.push({
        approval: id,
        kind: "filing",
        title: `File: ${filing.name}`,
        date: due,
        rule: `${filing.due} Filed while you hold the ${approval.name}.`,
        source: filing.source,
        overdue: false,
        uid: `${id}.filing${n}.${due}`,
        until: expiry,
      });
    });
  }
  const key = (i) => [i.overdue ? 0 : 1, i.date, i.title];
  dated.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let k = 0; k < 3; k += 1) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
    return 0;
  });
  return { dated, undated };
}

export function description(item, firm, phone) {
  return `${item.rule}\nSource: ${item.source}.\nQuestions or help with the renewal: ${firm}, ${phone}.`;
}

// --- RFC 5545 text, written as the icalendar library writes it ---------------------------

const escapeText = (text) => String(text)
  .replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\n/g, "\\n");

const octets = (ch) => new TextEncoder().encode(ch).length;

// Lines of at most 75 octets: a continuation line starts with one space, and an escape's
// backslash is never left at a line's end (calendar clients misread it there).
export function fold(line, limit = 75) {
  const lines = [];
  let current = [];
  let count = 0;
  for (const ch of line) {
    const size = octets(ch);
    if (current.length && count + size >= limit) {
      if (current.length > 1 && "\\^".includes(current[current.length - 1])) {
        const carried = current.pop();
        lines.push(current.join(""));
        current = [carried];
        count = octets(carried);
      } else {
        lines.push(current.join(""));
        current = [];
        count = 0;
      }
    }
    current.push(ch);
    count += size;
  }
  if (current.length) lines.push(current.join(""));
  return lines.join("\r\n ");
}

const compact = (text) => text.replace(/-/g, "");
const utcStamp = (moment) => {
  const s = moment.toISOString();
  return `${compact(s.slice(0, 10))}T${s.slice(11, 19).replace(/:/g, "")}Z`;
};

// An overdue deadline sits on the first morning after the file is made, its alarm at 9:00
// in India (UTC+05:30 all year): an alarm before a date already past could never fire.
export function firstMorning(stamp) {
  const morning = new Date(`${todayInKolkata(stamp)}T03:30:00Z`);
  return morning > stamp ? morning : new Date(morning.getTime() + 86400000);
}

// A return's RRULE: yearly while the approval is held (to its expiry where known), none when
// it expires before the first one; 29 February repeats as February's last day.
export function yearly(item) {
  if (item.until != null && item.until < item.date) return null;
  let rule = "FREQ=YEARLY";
  if (item.date.slice(5) === "02-29") rule += ";BYMONTHDAY=-1;BYMONTH=2";
  if (item.until != null) rule += `;UNTIL=${compact(item.until)}`;
  return rule;
}

const alarm = (title, trigger) => [
  "BEGIN:VALARM",
  "ACTION:DISPLAY",
  `DESCRIPTION:${escapeText(title)}`,
  trigger instanceof Date ? `TRIGGER;VALUE=DATE-TIME:${utcStamp(trigger)}` : `TRIGGER:${trigger}`,
  "END:VALARM",
];

// `stamp`: the moment the file is made, as a Date (DTSTAMP, in UTC).
export function buildIcs(dated, firm, phone, domain, alarmDays, stamp) {
  const dtstamp = utcStamp(stamp);
  const morning = firstMorning(stamp);
  const morningDay = todayInKolkata(morning);
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${escapeText(`-//${firm}//Renewal calendar//EN`)}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Renewals and returns",
  ];
  for (const item of dated) {
    let [day, title, text] = [item.date, item.title, description(item, firm, phone)];
    if (item.overdue) {
      title = `Overdue: ${item.title}`;
      text = `Due by ${label(item.date)}: act on it now.\n${text}`;
      day = morningDay;
    }
    const rule = item.kind === "filing" ? yearly(item) : null;
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(`${item.uid}@${domain}`)}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${compact(day)}`,
      `DTEND;VALUE=DATE:${compact(addDays(day, 1))}`,
      ...(rule ? [`RRULE:${rule}`] : []),
      `SUMMARY:${escapeText(title)}`,
      `DESCRIPTION:${escapeText(text)}`,
      "TRANSP:TRANSPARENT",
      ...(item.overdue ? [] : alarm(title, `-P${alarmDays}D`)),
      // The usual alarm falls before the file is made: one more, on the first morning.
      ...(item.overdue || addDays(item.date, -alarmDays) <= morningDay ? alarm(title, morning) : []),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map((line) => `${fold(line)}\r\n`).join("");
}

// --- what the page keeps and reads --------------------------------------------------------

export const STORAGE_KEY = "renewal-calendar:v1";

// `former`: ids approvals had before (a list saved then still loads, under today's ids).
export function loadHeld(storage, knownIds, former = {}) {
  try {
    const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "{}");
    const held = {};
    for (const [savedId, choice] of Object.entries(saved ?? {})) {
      const id = former[savedId] ?? savedId;
      if (knownIds.includes(id)) held[id] = { date: String(choice?.date ?? ""), kind: choice?.kind === "expiry" ? "expiry" : "issue" };
    }
    return held;
  } catch {
    return {};
  }
}

export function saveHeld(storage, held) {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(held));
  } catch {
    // Private windows and full storage refuse: the list still works until the tab closes.
  }
}

// Approval ids from the address (?add=cto,fire-certificate), for the finder's hand-over.
export function idsFromAddress(search, knownIds, former = {}) {
  const text = new URLSearchParams(search).get("add") ?? "";
  return text.split(",").map((s) => s.trim()).map((id) => former[id] ?? id).filter((id) => knownIds.includes(id));
}

// The finder's "Add these to my calendar": the validity ids of the approvals that apply.
// `reasons[n]` is non-empty when approval n applies; `idsPerApproval[n]` its validity ids.
export function calendarHref(reasons, idsPerApproval) {
  const ids = [];
  (idsPerApproval ?? []).forEach((list, n) => {
    if (reasons?.[n]) for (const id of list) if (!ids.includes(id)) ids.push(id);
  });
  return ids.length ? `/renewal-calendar?add=${ids.join(",")}` : "/renewal-calendar";
}
