"""The email queue and its letters: the queue and its sender (mail.py), the letters it carries,
one kind per table a queue row names (letters.py), the signed links those letters hold
(unsubscribe.py), each outside mailbox's budget of emails (recipients.py), and how long mail
has been waiting (mail_backlog.py, mail_status.py).

`mail.enqueue` and a queue row written with its subject are how the floors above send; the
sender (`mail.run_sender` in the backend, `send-mail` on the command line) reads each letter
afresh when it goes.
"""
