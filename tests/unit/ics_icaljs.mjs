// Reads an .ics file on stdin with ical.js (Mozilla's calendar parser, from .tools) for
// tests/unit/test_renewals.py and writes what it understood as JSON: each event's fields, its
// alarms, and its first occurrences as the parser expands them.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [icalPath] = process.argv.slice(2);
const { default: ICAL } = await import(pathToFileURL(icalPath).href);
const calendar = new ICAL.Component(ICAL.parse(readFileSync(0, "utf8")));
const events = calendar.getAllSubcomponents("vevent").map((component) => {
  const event = new ICAL.Event(component);
  const rrule = component.getFirstPropertyValue("rrule");
  const occurrences = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && occurrences.length < 12; next = iterator.next()) {
    occurrences.push(next.toString());
  }
  return {
    uid: event.uid,
    summary: event.summary,
    description: event.description,
    start: event.startDate.toString(),
    allDay: event.startDate.isDate,
    end: event.endDate.toString(),
    rrule: rrule ? rrule.toString() : null,
    occurrences,
    alarms: component.getAllSubcomponents("valarm").map((alarm) => {
      const trigger = alarm.getFirstProperty("trigger");
      return { action: alarm.getFirstPropertyValue("action"), type: trigger.type, trigger: trigger.getFirstValue().toString() };
    }),
  };
});
process.stdout.write(JSON.stringify(events));
