"""Enquiries: the contact form's enquiries, kept, limited and answered, and the staff inbox
behind them.

- store.py: `store.submit(form, address)` -> reference (raises StoreFull, StoreUnavailable),
  with the firm's notification queued in the same transaction (notifications.py); the limits
  and holding (limits.py, alerts.py), a held enquiry released by its browser's proof of work
  (release.py), and the reply time promised (reply.py);
- form_post.py: the form without JavaScript, a plain POST on the backend;
- inbox.py: `inbox.*(token, ...)`, what the staff inbox at /staff does; every action checks the
  session itself (raises NotSignedIn); queries.py filters and export.py writes the CSV;
- staff_http.py: the inbox's plain HTTP posts: sign-in and sign-out with the session cookie,
  the password change and the bulk export.

The form's fields and checks are consultancy/forms/enquiry_form.py; staff accounts are
consultancy/staff. `python -m consultancy.enquiries` still runs the command line, now
consultancy/office (__main__.py here only passes on to it).
"""
