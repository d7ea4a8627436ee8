"""Enquiries: the contact form's data, the staff inbox behind it and the firm's notification.

Kept free of imports so that rxconfig.py can read `settings.database_url()` cheaply.
The pages call:

- `form.read_form(data)` -> EnquiryForm (raises FormInvalid, LooksAutomated)
- `store.submit(form, address)` -> reference (raises StoreFull, StoreUnavailable)
- `staff.sign_in(name, password, address=...)` -> StaffTicket (raises SignInRefused,
  StoreUnavailable); the HTTP sign-in post calls it (staff_http.py)
- `inbox.*(token, ...)`: every inbox action checks the session itself (raises NotSignedIn)
- `reminders.subscribe(email, held, consent, address)` -> receipt (the renewal calendar's
  reminders, stored as a lead, with a confirmation email); `reminders.confirm(id)` after a valid
  confirmation link; `reminders.run(today)` queues and sends the reminders due (confirmed
  subscriptions only); `reminders.stop(id)` after a valid unsubscribe link (unsubscribe.py,
  reminder_pages.py)
"""
