// The staff inbox in the browser (consultancy/components/staff_inbox).

// Puts the keyboard back on an enquiry's line in the list (after its opened view closes).
export function focusRow(reference) {
  const rows = document.querySelectorAll("#staff-list .staff__item");
  for (const row of rows) {
    if (row.dataset.reference === reference) {
      row.querySelector(".staff__row")?.focus();
      return;
    }
  }
}
