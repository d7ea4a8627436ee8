"""The renewal calendar's reminders: subscribing, confirming the address and stopping
(subscriptions.py), which reminders are due and queueing them (reminder_schedule.py), the daily
run (reminders.py), and the pages the links in the reminders' emails open (reminder_pages.py).

- `reminders.subscribe(email, held, consent, address)` -> receipt (stored as a lead, with a
  confirmation email); `reminders.confirm(id)` after a valid confirmation link;
  `reminders.run(today)` queues and sends the reminders due (confirmed subscriptions only);
  `reminders.stop(id)` after a valid unsubscribe link (consultancy/mail/unsubscribe.py).

The list a visitor keeps is read by consultancy/forms/renewal_list.py; the emails are
consultancy/mail/letters.py's.
"""
