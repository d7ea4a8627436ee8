"""`python -m consultancy.enquiries COMMAND`: the former name of `python -m consultancy.office
COMMAND`, kept so that cron lines and habits keep working (README, "Command line")."""

from consultancy.office.__main__ import main

if __name__ == "__main__":
    raise SystemExit(main())
