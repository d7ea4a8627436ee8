"""`python -m consultancy.office COMMAND`: the enquiry database from the command line.

    export [--since YYYY-MM-DD]   every enquiry as CSV on standard output, with a header row
    export-cases                  every client case as CSV (one row per approval, with contacts,
                                  history and internal notes) on standard output
    backup PATH                   a consistent copy of the database, taken while the site runs
                                  (SQLite's online backup, or pg_dump's custom format)
    restore PATH [--yes]          put a backup's enquiries back (stop the backend first); staff
                                  accounts, sessions and the audit stay as they are
    erase --email ADDRESS         delete a person's enquiries and reminder subscriptions, and what
                                  the audit holds of them (DPDP Act, 2023: right to erasure)
    reapply-erasures              after a by-hand pg_restore: erase again what the ledger lists
    prune-ledger --before DATE    drop erasure ledger lines recorded before the oldest backup kept
    retention [--months N]        delete enquiries closed more than N months ago (data/enquiries.toml),
                                  client cases closed more than case_closed_keep_years ago with
                                  the enquiries they came from,
                                  reminder subscriptions that are over or were not confirmed in
                                  time (reminder_confirm_days), mailboxes' confirmation email
                                  counts past their period, and staff audit entries older
                                  than a year
    audit [--since YYYY-MM-DD]    the record of staff access (sign-ins, refusals, enquiries opened,
                                  searches, status changes, exports), one tab-separated line each
    send-mail                     send the queued enquiry emails that are due, once
    reminders [--today YYYY-MM-DD]
                                  queue the renewal calendar reminders due today (once each, however
                                  often it runs; confirmed subscriptions only), the confirmation
                                  emails of leads released since, and send the mail queue once
    add-user NAME [--reset] [--admin] [--email ADDRESS]
                                  add a member of staff for /staff (asks for the password, which
                                  must not be a breached or common one); they set up their
                                  second factor at their first sign-in. --reset: a new password
                                  (ends their sessions, mailed to them); --admin: may end anyone's
                                  sessions; --email: where notices about their account go
    reset-second-factor NAME      forget a member of staff's second factor and recovery codes (a
                                  lost phone): their next sign-in sets up a new one
    remove-user NAME              remove one

The database is the site's: DB_URL, or var/enquiries.db. Every command refuses to run without
the site's keys (ENQUIRY_ADDRESS_KEY, or a key per purpose: keys.py) unless SITE_DEMO=1, and is
recorded in the staff audit as "cli:" and the local account's name. Exit status 0 on success,
1 on failure, 2 on wrong use.
"""

from __future__ import annotations

import argparse
import getpass
import sqlite3
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TextIO

from sqlalchemy.exc import SQLAlchemyError

from consultancy.records.settings import command_line_secrets_missing, database_url


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2026-03-01") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m consultancy.office", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser("export", help="every enquiry as CSV on standard output")
    export.add_argument("--since", type=_date, help="only enquiries received on or after this date (IST)")
    commands.add_parser("export-cases", help="every client case as CSV on standard output")
    backup = commands.add_parser("backup", help="a consistent copy of the database")
    backup.add_argument("path", type=Path)
    restore = commands.add_parser("restore", help="put a backup's enquiries back (staff and audit stay)")
    restore.add_argument("path", type=Path)
    restore.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    erase = commands.add_parser("erase", help="delete every enquiry from one email address")
    erase.add_argument("--email", required=True)
    commands.add_parser("reapply-erasures", help="erase again what the erasure ledger lists; ends staff sessions")
    prune = commands.add_parser("prune-ledger", help="drop erasure ledger lines older than the oldest backup kept")
    prune.add_argument("--before", type=_date, required=True, help="the day of the oldest backup still kept")
    retention = commands.add_parser("retention", help="delete enquiries closed (or untouched) more than N months ago")
    retention.add_argument("--months", type=int, help="default: retention_months in data/enquiries.toml")
    audit = commands.add_parser("audit", help="the record of staff access")
    audit.add_argument("--since", type=_date, help="only entries on or after this date (IST)")
    commands.add_parser("send-mail", help="send the queued enquiry emails that are due")
    reminders = commands.add_parser("reminders", help="queue the renewal reminders due and send the mail queue")
    reminders.add_argument("--today", type=_date, help="the day to work for (default: today in India)")
    add_user = commands.add_parser("add-user", help="add a member of staff (asks for the password)")
    add_user.add_argument("name")
    add_user.add_argument("--reset", action="store_true", help="give an existing user a new password")
    add_user.add_argument("--admin", action="store_true", default=None, help="may see and end everyone's sessions")
    add_user.add_argument("--email", help="where notices about their account go (default: the firm's address)")
    reset_factor = commands.add_parser("reset-second-factor", help="forget a member of staff's second factor")
    reset_factor.add_argument("name")
    remove_user = commands.add_parser("remove-user", help="remove a member of staff")
    remove_user.add_argument("name")
    return parser


def main(
    argv: list[str] | None = None,
    *,
    ask: Callable[[str], str] = getpass.getpass,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    args = _parser().parse_args(argv)
    missing = command_line_secrets_missing()
    if missing:
        # Never hash or sign with the public key: cron would run on it unnoticed.
        for problem in missing:
            print(f"{args.command}: {problem} (SITE_DEMO=1 for a demo)", file=err)
        return 2
    try:
        return _run(args, ask, out, err)
    except SQLAlchemyError as error:
        print(f"the enquiry database ({_safe(database_url())}) cannot be used: {error}", file=err)
        return 1
    except (OSError, RuntimeError, ValueError, sqlite3.Error) as error:
        print(f"{args.command}: {error}", file=err)
        return 1


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    import sqlalchemy as sa

    return sa.engine.make_url(url).render_as_string(hide_password=True)


def _run(args: argparse.Namespace, ask: Callable[[str], str], out: TextIO, err: TextIO) -> int:
    from consultancy.records import backups, ledger
    from consultancy.staff import audit

    from . import maintenance

    actor = audit.cli_actor()

    if args.command == "export":
        from consultancy.enquiries.export import write_csv

        if out is sys.stdout:
            # Byte for byte what the inbox's download gives: UTF-8, CRLF between rows.
            sys.stdout.reconfigure(encoding="utf-8", newline="")
        count = write_csv(out, since=args.since)
        out.flush()
        print(f"{count} enquiries exported", file=err)
        audit.exported(actor, count, how="command line", background=False)
        return 0
    if args.command == "audit":
        for entry in audit.entries(args.since):
            print(entry.line(), file=out)
        return 0
    if args.command == "export-cases":
        from consultancy.enquiries.export import write_cases_csv

        count = write_cases_csv(out)
        audit.record("export", actor, f"{count} cases (command line)")
        print(f"exported {count} cases", file=err)
        return 0
    if args.command == "backup":
        count = backups.backup(args.path)
        audit.record("backup", actor, f"{count} enquiries to {args.path.name}")
        print(f"backed up {count} enquiries to {args.path}", file=err)
        return 0
    if args.command == "restore":
        if not args.path.is_file():
            print(f"no backup at {args.path}", file=err)
            return 1
        question = (
            f"Replace every enquiry in the database with those in {args.path}? (Staff and the audit stay.) Type yes: "
        )
        if not args.yes and ask(question).strip() != "yes":
            print("nothing restored", file=err)
            return 1
        count = maintenance.restore(args.path)
        audit.record("restore", actor, f"{count} enquiries from {args.path.name}; erasures made again")
        print(f"restored {count} enquiries from {args.path}; every staff session ended", file=err)
        return 0
    if args.command == "erase":
        count = maintenance.erase_email(args.email)
        # The fact of the erasure, never the address.
        audit.record("erase", actor, f"{count} enquiries erased")
        print(f"erased {count} enquiries from {args.email.strip().lower()}", file=err)
        return 0
    if args.command == "reapply-erasures":
        count = maintenance.reapply_erasures()
        audit.record("reapply-erasures", actor, f"{count} enquiries erased again")
        print(f"erased {count} enquiries again; every staff session ended", file=err)
        return 0
    if args.command == "prune-ledger":
        count = ledger.prune(args.before)
        audit.record("prune-ledger", actor, f"{count} lines before {args.before.isoformat()}")
        print(f"dropped {count} erasure ledger lines recorded before {args.before.isoformat()}", file=err)
        return 0
    if args.command == "retention":
        counts = [
            maintenance.delete_finished_subscriptions(),
            maintenance.delete_unconfirmed_subscriptions(),
            maintenance.delete_expired_recipients(),
            maintenance.delete_closed(months=args.months),
            audit.delete_older(),
            maintenance.delete_closed_cases(),
        ]
        print(f"deleted {counts[0]} finished reminder subscriptions", file=err)
        print(f"deleted {counts[1]} reminder subscriptions never confirmed by their address", file=err)
        print(f"forgot the confirmation email counts of {counts[2]} mailboxes", file=err)
        print(f"deleted {counts[3]} closed or untouched enquiries", file=err)
        print(f"deleted {counts[4]} staff audit entries older than a year", file=err)
        print(f"deleted {counts[5]} client cases closed longer ago than they are kept", file=err)
        audit.record(
            "retention",
            actor,
            f"{counts[3]} enquiries, {counts[0] + counts[1]} subscriptions, {counts[2]} mailbox counts, "
            f"{counts[4]} audit entries, {counts[5]} cases deleted",
        )
        return 0
    if args.command == "send-mail":
        from consultancy.mail.mail import pending_count, send_due

        report = send_due()
        if not report.configured:
            print("SMTP_HOST is not set: nothing sent; the emails wait in the database", file=err)
            return 1
        print(f"{report.sent} sent, {report.failed} to retry, {pending_count()} waiting", file=err)
        return 0 if not report.failed else 1
    if args.command == "reminders":
        from consultancy.reminders.reminders import run

        report = run(args.today)
        print(
            f"{report.queued} reminders queued, {report.confirmations} confirmation emails; "
            f"{report.sent} emails sent, {report.failed} to retry, "
            f"{report.waiting} waiting",
            file=err,
        )
        if not report.configured:
            print("SMTP_HOST is not set: nothing sent; the emails wait in the database", file=err)
        return 0 if report.configured and not report.failed else 1
    if args.command == "add-user":
        status = _add_user(args.name, args.reset, ask, err, admin=args.admin, email=args.email)
        if status == 0:
            audit.record("reset-password" if args.reset else "add-user", actor, args.name.strip().lower())
        return status
    if args.command == "reset-second-factor":
        from consultancy.staff.staff import reset_second_factor

        if reset_second_factor(args.name):
            audit.record("reset-2fa", actor, args.name.strip().lower())
            print(
                f"{args.name}'s second factor is reset and their sessions ended; at their next sign-in "
                "/staff shows a QR code to set up a new one",
                file=err,
            )
            return 0
        print(f"there is no user called {args.name!r}", file=err)
        return 1
    if args.command == "remove-user":
        from consultancy.staff.staff import remove_user

        if remove_user(args.name):
            audit.record("remove-user", actor, args.name.strip().lower())
            print(f"removed {args.name}", file=err)
            return 0
        print(f"there is no user called {args.name!r}", file=err)
        return 1
    raise AssertionError(args.command)


def _add_user(
    name: str, reset: bool, ask: Callable[[str], str], err: TextIO, *, admin: bool | None, email: str | None
) -> int:
    from consultancy.staff.staff import PASSWORD_MIN_LENGTH, add_user, check_name

    try:
        check_name(name)
    except ValueError as error:
        print(error, file=err)
        return 2
    password = ask(f"Password for {name} (at least {PASSWORD_MIN_LENGTH} characters, not a common one): ")
    if ask("The same password again: ") != password:
        print("the two passwords differ; nothing changed", file=err)
        return 1
    try:
        stored = add_user(name, password, reset=reset, admin=admin, email=email)
    except ValueError as error:
        print(error, file=err)
        return 1
    if reset:
        print(f"new password for {stored}; their sessions are ended and they are told by email", file=err)
    else:
        print(
            f"added {stored}{' (admin)' if admin else ''}. At their first sign-in at /staff, with this password, "
            "they set up a second factor: an authenticator app (any TOTP app) scans the QR code the page "
            "shows, and they keep the recovery codes it gives; until then the password opens nothing else.",
            file=err,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
