// The renewal calendar's rules as the browser runs them: the same rules as
// consultancy/content/renewals/__init__.py (tests hold the two to the same items and the same .ics,
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
  const month = (((total % 12) + 12) % 12) + 1;
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

// The settled rule in force on the issue date (the earliest rule before any took effect):
// its months (null: only the expiry printed on the certificate will do) and whether it runs
// until cancelled (`open`: nothing to renew).
function periodOn(approval, issued) {
  const periods = approval.periods ?? [];
  let current = periods.length ? periods[0] : { months: null, open: false };
  for (const period of periods) if (period.since <= issued) current = period;
  return current;
}

export function monthsOn(approval, issued) {
  return periodOn(approval, issued).months ?? null;
}

export function openOn(approval, issued) {
  return Boolean(periodOn(approval, issued).open);
}

// The changes in the law touching this approval in the two years to today.
export function recentChanges(approval, today) {
  const start = `${pad(Number(today.slice(0, 4)) - 2, 4)}${today.slice(4)}`;
  return (approval.changes ?? [])
    .filter((c) => start <= c.date && c.date <= today)
    .map((c) => `${c.title} (from ${label(c.date)})`);
}

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
export const monthsWords = (months) => `${NUMBER_WORDS[months - 1]} month${months > 1 ? "s" : ""}`;

// When to apply, and why: the expiry less the longest of the law's lead time, the
// authority's time to decide (both settled only) and the firm's own advice. Never the expiry
// day itself; the firm's advice is said to be the firm's.
export function applyBy(approval, expiry) {
  const advice = approval.advice;
  const choices = [[addMonths(expiry, -advice.monthsBefore), `We advise applying ${monthsWords(advice.monthsBefore)} before the expiry: ${advice.reason}`]];
  if (approval.decision != null) choices.push([addDays(expiry, -approval.decision), `${approval.decisionText} Apply in time for the decision.`]);
  if (approval.lead != null) choices.push([addDays(expiry, -approval.lead), approval.renewal]);
  // The earliest date; on a tie the law's reason (listed last) is given first, and the
  // law's other settled sentences follow it.
  const day = choices.map(([d]) => d).reduce((a, b) => (b < a ? b : a));
  const why = choices.filter(([d]) => d === day).map(([, w]) => w).pop();
  const said = [why, ...choices.slice(1).map(([, w]) => w).filter((w) => w !== why)];
  return [day, said.join(" ")];
}

function renewal(approval, given, kind, today) {
  const months = monthsOn(approval, given);
  const expiry = kind === "expiry" ? given : addMonths(given, months);
  const [due, why] = applyBy(approval, expiry);
  let rule = kind === "issue"
    ? `Issued ${label(given)}; runs ${months} months, to ${label(expiry)}.`
    : `Expires ${label(expiry)}, the date on your certificate.`;
  rule += ` ${why}`;
  const changes = recentChanges(approval, today);
  if (changes.length) rule += ` Changed in the law recently: ${changes.join("; ")}.`;
  return {
    approval: approval.id,
    kind: "renewal",
    title: `Apply to renew: ${approval.name}`,
    date: due,
    rule,
    source: approval.source,
    overdue: due < today,
    uid: `${approval.id}.renewal.${due}`,
    every: 0,
    expires: expiry,
  };
}

// A fee due every so many years from the issue: [years, set by the firm's advice] from the
// settled record, else from the firm's advice; null for a yearly return.
export function everyYears(approval, filing) {
  if (filing.every_years != null) return [filing.every_years, false];
  const advised = approval.advice?.everyYears;
  if (advised != null && filing.periodic) return [advised, true];
  return null;
}

function periodic(approval, n, filing, issued, today) {
  const [years, advised] = everyYears(approval, filing);
  const { monthsBefore, reason } = approval.advice;
  let k = 1;
  while (addMonths(issued, 12 * years * k) < today) k += 1;
  const due = addMonths(issued, 12 * years * k);
  const payBy = addMonths(due, -monthsBefore);
  const rule = advised
    ? `We advise paying it every ${years} years from the issue on ${label(issued)}, the next by ${label(due)}, and paying ${monthsWords(monthsBefore)} early: ${reason}`
    : `${filing.due} The next falls on ${label(due)}; we advise paying ${monthsWords(monthsBefore)} early.`;
  return {
    approval: approval.id,
    kind: "filing",
    title: `Pay: ${filing.name}`,
    date: payBy,
    rule: `${rule} Paid while you hold the ${approval.name}.`,
    source: filing.source,
    overdue: payBy < today,
    uid: `${approval.id}.filing${n}.${due}`,
    every: years,
    expires: null,
  };
}

// The visitor's deadlines, overdue first then by date, and what has no fixed date.
// `held`: {approvalId: {date, kind, files}} in the order the visitor ticked them (`files`:
// the returns only some holders file, that this one does); an id an approval had before
// (`former`) still finds it. A date only ever rests on a settled fact or the firm's stated
// advice; an approval issued with no expiry (valid until cancelled) has no renewal.
export function computeItems(approvals, held, today, former = {}) {
  const byId = new Map(approvals.map((a) => [a.id, a]));
  const dated = [];
  const undated = [];
  for (const [heldId, choice] of Object.entries(held ?? {})) {
    const approval = byId.get(former[heldId] ?? heldId);
    if (!approval) continue;
    const id = approval.id;
    const kind = choice?.kind === "issue" && approval.issue ? "issue" : "expiry";
    const files = Array.isArray(choice?.files) ? choice.files.filter((f) => typeof f === "string") : [];
    const given = typeof choice?.date === "string" && parts(choice.date) ? choice.date : null;
    const issued = kind === "issue" ? given : null;
    const isPeriodic = approval.filings.map((f) => everyYears(approval, f) != null);
    if (given && kind === "issue" && (openOn(approval, given) || isPeriodic.some(Boolean))) {
      // No expiry to renew: the approval runs until cancelled, or while its fee is paid.
    } else if (given && kind === "issue" && monthsOn(approval, given) == null) {
      undated.push({ approval: id, name: `Apply to renew: ${approval.name}`, due: approval.why });
    } else if (given) {
      dated.push(renewal(approval, given, kind, today));
    }
    approval.filings.forEach((filing, n) => {
      if (filing.only != null && !files.includes(filing.name)) {
        undated.push({ approval: id, name: filing.name, due: `Only for ${filing.only}: tick it above if it applies to you.` });
        return;
      }
      if (isPeriodic[n]) {
        if (issued == null) undated.push({ approval: id, name: filing.name, due: "Give the issue date above to date it." });
        else dated.push(periodic(approval, n, filing, issued, today));
        return;
      }
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
        rule: `${filing.due} Filed every year while you hold the ${approval.name}, renewed or not.`,
        source: filing.source,
        overdue: false,
        uid: `${id}.filing${n}.${due}`,
        every: 1,
        expires: null,
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

// A return's RRULE: every `every` years on its day while the approval is held, renewed or
// not, with no end; 29 February repeats as February's last day. An overdue one is a single
// reminder on the first morning.
export function yearly(item) {
  if (!item.every || item.overdue) return null;
  let rule = "FREQ=YEARLY";
  if (item.every > 1) rule += `;INTERVAL=${item.every}`;
  if (item.date.slice(5) === "02-29") rule += ";BYMONTHDAY=-1;BYMONTH=2";
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
    const rule = yearly(item);
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
      if (!knownIds.includes(id)) continue;
      held[id] = { date: String(choice?.date ?? ""), kind: choice?.kind === "expiry" ? "expiry" : "issue" };
      const files = Array.isArray(choice?.files) ? choice.files.filter((f) => typeof f === "string") : [];
      if (files.length) held[id].files = files;
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
