// Counts and lookups over the finder's result in the browser (consultancy/components/finder/state.py).
// `result` is what the compiled rules return (rules.py): per rule a reason ("" when it does
// not apply) and a could-not-decide note ("" when decided), and the questions asked so far.

// The "Don't know" answer (consultancy/content/finder.py, DONT_KNOW): the rules read it as blank.
const DONT_KNOW = "dont-know";

// The rules' result for `answers`: with none, `empty`, worked out at build time (rules.py,
// result_for), so the page's first render neither compiles nor runs the rules.
export function resultFor(evaluate, empty, answers) {
  return Object.keys(answers ?? {}).length === 0 ? empty : evaluate(answers);
}

// How many of list[from:to] are filled in.
export function filledCount(list, from = 0, to = list.length) {
  return list.slice(from, to).filter((item) => item !== "").length;
}

// How many of the first `to` rules neither apply nor wait for an answer.
export function clearedCount(reasons, undecided, to) {
  return reasons.slice(0, to).filter((reason, i) => reason === "" && undecided[i] === "").length;
}

// How many questions the visitor has answered.
export function answeredCount(answers) {
  return Object.values(answers).filter((value) => String(value).trim() !== "").length;
}

// The progress line: "3 of about 9 questions answered". Before the first answer only the
// first questions are known, so it gives no count that more answers would contradict.
export function progressText(done, asked) {
  if (done === 0) return "Questions appear as your answers need them";
  const total = Math.max(done, asked);
  return `${done} of about ${total} ${total === 1 ? "question" : "questions"} answered`;
}

// "1 approval applies", "3 approvals apply".
export function approvalsText(count) {
  return count === 1 ? "1 approval applies" : `${count} approvals apply`;
}

// How many of the questions asked so far have an answer ("Don't know" is one: the visitor
// has answered, though the rules read it as blank).
export function doneCount(result, answers = {}) {
  return result.asked.filter(
    (question) => !result.open.includes(question) || String(answers[question] ?? "").trim() === DONT_KNOW,
  ).length;
}

// Whether `question` is hidden: once the page is interactive, a question the answers so far
// make irrelevant, or settle by themselves (carried over).
export function hiddenQuestion(mounted, result, question) {
  return result.implied[question] !== undefined || (mounted && !result.asked.includes(question));
}

// An answer as the form shows it ("" when none), so every control follows the answers,
// including answers read from the address on load.
export function answerOf(answers, question) {
  return String(answers?.[question] ?? "");
}

// What a number box shows: the number typed, or nothing for "Don't know".
export function numberShown(answers, question) {
  const value = answerOf(answers, question);
  return value === DONT_KNOW ? "" : value;
}

// How many of the rules at `indexes` apply (a reason) — for the approvals without the studies.
export function countAt(list, indexes) {
  return indexes.filter((n) => list[n] !== "").length;
}

// How many documents of the combined checklist apply: each is needed by any of its rules.
export function documentCount(reasons, users) {
  return users.filter((rules) => rules.some((n) => reasons[n] !== "")).length;
}

// Whether any of the rules at `indexes` applies.
export function anyApplies(reasons, indexes) {
  return indexes.some((n) => reasons[n] !== "");
}

// The visitor's answers in words, "Question: answer", for the questions asked or carried
// over (facts: see state.py, FACTS).
export function answerLines(facts, result, answers) {
  const lines = [];
  for (const q of facts.questions) {
    const carried = result.implied[q.id];
    if (carried === "" || (carried === undefined && !result.asked.includes(q.id))) continue;
    const value = String(carried ?? answers?.[q.id] ?? "").trim();
    if (value === "") continue;
    let text = value;
    if (value === DONT_KNOW) text = "Don't know";
    else if (q.options[value]) text = q.options[value];
    else if (value === "yes" || value === "no") text = value === "yes" ? "Yes" : "No";
    else if (q.unit) text = `${value} ${q.unit}`;
    // "What is the project? Hospital", "Number of beds: 60 beds".
    lines.push(`${q.label}${q.label.endsWith("?") ? "" : ":"} ${text}`);
  }
  return lines;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

// Today's date as the printout carries it ("27 November 2026", shown once the page runs in the
// browser). Written out here: toLocaleDateString sets up the locale's date formats on its first
// call, a long task of its own in the render that follows the page becoming interactive.
export function todayText(now = new Date()) {
  return `${now.getDate()} ${MONTHS[now.getMonth()]} ${now.getFullYear()}`;
}

// The finder's address with these answers (one query parameter per answered question).
export function finderQuery(facts, answers) {
  const params = new URLSearchParams();
  for (const q of facts.questions) {
    const value = String(answers?.[q.id] ?? "").trim();
    if (value !== "") params.set(q.id, value);
  }
  return params.toString();
}

// Keeps the enquiry within the form's limit: the documents go first, then the tail is cut.
function withinLimit(parts, limit) {
  let text = parts.filter(Boolean).join("\n\n");
  if (text.length <= limit) return text;
  text = parts.filter((part, i) => part && i !== parts.length - 2).join("\n\n");
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

// The contact form's address, prefilled from this result: the services that apply (approvals
// in the order of work, then the firm's studies) and a message with the project's answers,
// its approvals, what is outside the firm's services, what could not be decided, the
// documents to gather and the finder's own address with the answers.
export function enquiryHref(facts, result, answers) {
  const applies = (n) => result.reasons[n] !== "";
  const approvals = facts.order.filter((n) => applies(n) && !facts.rules[n].study);
  const studies = facts.order.filter((n) => applies(n) && facts.rules[n].study);
  const services = [...approvals, ...studies].map((n) => facts.rules[n].route);
  const unique = services.filter((s, i) => services.indexOf(s) === i);
  const outside = facts.rules.map((_, n) => n).filter((n) => n >= facts.approvals && applies(n));
  const undecided = facts.rules.map((_, n) => n).filter((n) => result.undecided[n] !== "");
  const titled = (ns, numbered) => ns.map((n, i) => `${numbered ? `${i + 1}.` : "-"} ${result.titles[n]}`).join("\n");
  const documents = facts.documents.filter((doc) => doc.rules.some(applies)).map((doc) => `- ${doc.name}`);
  const lines = answerLines(facts, result, answers).map((line) => `- ${line}`);
  const query = finderQuery(facts, answers);
  const parts = [
    "I used the approvals finder on your site. My project:\n" + lines.join("\n"),
    approvals.length ? "Approvals that apply, in the order of work:\n" + titled(approvals, true) : "",
    studies.length ? "Your studies for the project:\n" + titled(studies, false) : "",
    outside.length ? "Also needed, outside your services:\n" + titled(outside, false) : "",
    undecided.length ? "Could not decide yet:\n" + titled(undecided, false) : "",
    documents.length ? "Documents to gather:\n" + documents.join("\n") : "",
    `My answers in the finder: ${facts.finder}${query ? `?${query}` : ""}`,
  ];
  const params = new URLSearchParams();
  if (unique.length) params.set("services", unique.join(","));
  if (lines.length) params.set("message", withinLimit(parts, facts.limit));
  const search = params.toString();
  return `/contact-us${search ? `?${search}` : ""}`;
}

// Prints the combined checklist alone (with the print header): the page is marked while the
// print dialog is open, and the print styles show only the checklist then.
export function printChecklist() {
  const root = document.documentElement;
  root.classList.add("print-checklist");
  window.addEventListener("afterprint", () => root.classList.remove("print-checklist"), { once: true });
  window.print();
}

// Whether the visitor has answered "Don't know".
export function unsure(answers, question) {
  return answerOf(answers, question) === DONT_KNOW;
}

// A group of boxes (yes/no questions shown as one): the answers once `question` is ticked
// or cleared ("" is "None of these", which answers every box shown "no"). Once any box is
// touched, the other boxes shown and still blank are "no": the visitor has seen them.
export function groupTick(answers, result, members, question) {
  const shown = members.filter((q) => result.asked.includes(q));
  // A box that is not asked (carried over, or not relevant) is not shown: a tap that still
  // reaches one (a stale render) changes nothing, rather than answering the others "no".
  if (question !== "" && !shown.includes(question)) return answers;
  const next = { ...answers };
  for (const q of shown) {
    if (question === "") next[q] = "no";
    else if (q === question) next[q] = answerOf(answers, q) === "yes" ? "no" : "yes";
    else if (answerOf(answers, q) === "") next[q] = "no";
  }
  return next;
}

// "None of these" shows ticked when every box shown is answered "no".
export function noneTicked(answers, result, members) {
  const shown = members.filter((q) => result.asked.includes(q));
  return shown.length > 0 && shown.every((q) => answerOf(answers, q) === "no");
}

// Whether a whole group is hidden: once the page is interactive, when none of its boxes is asked.
export function groupHidden(mounted, result, members) {
  return mounted && !members.some((q) => result.asked.includes(q));
}
