"""Client cases: the approvals the firm is getting for a client, where each stands, and the
client's private page about them (docs/cases.md).

- stages.py: the stages an approval moves through, in words, and where it stands on the legal
  clock (case_clock.py), read from its record in data/law/;
- case_file.py: a case as staff and the client see it, and the checks, the dated history and
  the one transaction every change runs in;
- emails.py: the emails a stage change sends, and the text staff send on WhatsApp;
- links.py: the client's private links, their page's view, and the email that carries a link;
- tracker.py: what staff do with cases (open, read, change, close; the morning's list);
- case_pages.py: the client's page, GET /case/<token>, on the backend.
"""
