// Runs the renewal calendar's browser rules in Node for tests/unit/test_renewals.py:
// reads {data, cases, stamp} as JSON on stdin (a case may bring its own stamp), writes each
// case's items and .ics to stdout.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [modulePath] = process.argv.slice(2);
const { computeItems, buildIcs } = await import(pathToFileURL(modulePath).href);
const { data, cases, stamp } = JSON.parse(readFileSync(0, "utf8"));
const results = cases.map(({ held, today, stamp: own }) => {
  const { dated, undated } = computeItems(data.approvals, held, today, data.former);
  const ics = buildIcs(dated, data.firm, data.phone, data.domain, data.alarmDays, new Date(own ?? stamp));
  return { dated, undated, ics };
});
process.stdout.write(JSON.stringify(results));
