"""The back office from the command line: `python -m consultancy.office COMMAND` (__main__.py;
`python -m consultancy.enquiries` is its former name and still works), and the jobs that look
after everything stored across the floors below: erasure on request, retention and restore
(maintenance.py).

The top floor: nothing of the site imports it.
"""
