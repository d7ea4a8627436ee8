// Counts and lookups over the finder's result in the browser (consultancy/components/finder/state.py).
// `result` is what the compiled rules return (rules.py): per rule a reason ("" when it does
// not apply) and a could-not-decide note ("" when decided), and the questions asked so far.

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

// How many of the questions asked so far have an answer.
export function doneCount(result) {
  return result.asked.filter((question) => !result.open.includes(question)).length;
}

// Whether `question` is hidden: once the page is interactive, a question the answers so far
// make irrelevant, or settle by themselves (carried over).
export function hiddenQuestion(mounted, result, question) {
  return result.implied[question] !== undefined || (mounted && !result.asked.includes(question));
}
