// The staff inbox in the browser (consultancy/components/staff_inbox).

// Brings the opened enquiry's panel (after the count line) into view on a narrow screen.
export function showOpened() {
  document.getElementById("staff-count")?.scrollIntoView({ block: "start" });
}
