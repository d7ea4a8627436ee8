"""Staff and their sign-in: accounts and sessions (staff.py), passwords (passwords.py), the second
factor and its recovery codes (second_factor.py) and setting it up at a first sign-in
(enrolment.py), an account's guessing budget (account_budget.py), the places a member of staff
has signed in from (known_places.py), the notices mailed to them about their own account
(staff_notices.py), their open sessions (staff_sessions.py), and the audit of staff access
(audit.py).

- `staff.sign_in(name, password, code, address=...)` -> StaffTicket (raises SignInRefused,
  StoreUnavailable); `staff.require_session(token)` is what every inbox and case call checks
  first (raises NotSignedIn).

The HTTP posts that sign in and out and set the cookie serve the inbox and sit with it
(consultancy/enquiries/staff_http.py).
"""
