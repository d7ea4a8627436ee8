"""`python -m consultancy.office export`: every enquiry as CSV with a header row, --since in
India's dates, quoting that survives commas and line breaks, and no formula a spreadsheet
would run."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest

from consultancy.content import content
from consultancy.enquiries import store
from consultancy.enquiries.export import COLUMNS, phone_cell, safe_cell
from consultancy.office.__main__ import main as cli
from tests.enquiry_fixtures import enquiry_form

ROOT = Path(__file__).resolve().parents[2]
ODIA = "ଆମର କାରଖାନା ପାଇଁ ଅଗ୍ନି ନିରାପତ୍ତା ପ୍ରମାଣପତ୍ର ଦରକାର।"


form = partial(enquiry_form, service="cgwanoc", district="outside-odisha", message="Groundwater NOC.")


def export(*args: str) -> tuple[int, list[dict[str, str]], str]:
    out, err = io.StringIO(newline=""), io.StringIO()
    status = cli(["export", *args], out=out, err=err)
    text = out.getvalue()
    return status, list(csv.DictReader(io.StringIO(text, newline=""))), text


def test_an_empty_database_exports_the_header_only(db_url: str) -> None:
    status, rows, text = export()
    assert status == 0 and rows == []
    assert text == ",".join(COLUMNS) + "\r\n"


def test_every_enquiry_with_its_fields(db_url: str) -> None:
    first = store.submit(form(), "10.0.0.1", now=datetime(2026, 3, 5, 8, 30, tzinfo=UTC))
    second = store.submit(form(name="ଅଶା", organisation="Kalinga, Steel", message=ODIA), "10.0.0.2")
    _, rows, _ = export()
    assert [row["reference"] for row in rows] == [first, second]
    row = rows[0]
    assert row["received"] == "2026-03-05T14:00:00+05:30"
    assert (row["status"], row["name"], row["email"]) == ("new", "Asha Mohanty", "asha@example.com")
    assert row["service"] == "CGWA Groundwater NOC"
    assert row["district"] == "Outside Odisha"
    assert row["consent_given"] == "2026-03-05T14:00:00+05:30"
    assert row["notice_version"] == str(content().enquiries.notice_version)
    assert (rows[1]["name"], rows[1]["organisation"], rows[1]["message"]) == ("ଅଶା", "Kalinga, Steel", ODIA)


def test_commas_quotes_and_line_breaks_survive(db_url: str) -> None:
    message = 'Line one, with a comma\nLine two "quoted"\n\nLine four; DROP TABLE enquiry;--'
    store.submit(form(message=message), "10.0.0.1")
    _, rows, _ = export()
    assert rows[0]["message"] == message


@pytest.mark.parametrize(
    "typed", ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1:A9)", "=cmd|' /C calc'!A0"]
)
def test_cells_a_spreadsheet_would_run_start_with_an_apostrophe(db_url: str, typed: str) -> None:
    store.submit(form(message=typed, organisation=typed), "10.0.0.1")
    _, rows, _ = export()
    assert rows[0]["message"] == "'" + typed
    assert rows[0]["organisation"] == "'" + typed
    # The phone is in its own form, which cannot start a formula: no apostrophe to show.
    assert rows[0]["phone"] == "91 98765 43210"


def test_safe_cell_leaves_ordinary_text_alone() -> None:
    assert safe_cell("Fire NOC = urgent") == "Fire NOC = urgent"
    assert safe_cell("") == ""
    assert safe_cell("\tTabbed") == "'\tTabbed"


def test_phones_are_written_as_text_a_spreadsheet_shows_as_is(db_url: str) -> None:
    store.submit(form(phone="+91 94370 12345"), "10.0.0.1")
    store.submit(form(phone="", email="only-email@example.com"), "10.0.0.2")
    _, rows, text = export()
    assert [row["phone"] for row in rows] == ["91 94370 12345", ""]
    # Nothing a spreadsheet would read as a formula, or as a number, or show with an apostrophe.
    assert "+91" not in text and "'91" not in text and "919437012345" not in text


@pytest.mark.parametrize(
    ("stored", "written"),
    [
        ("+919437012345", "91 94370 12345"),
        ("", ""),
        # Not the form's phone (never stored, but the guard holds for whatever is there).
        ("+1+1", "'+1+1"),
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("-919437012345", "'-919437012345"),
        ("@9437012345", "'@9437012345"),
        ("+9194370123456", "'+9194370123456"),
        ("\t+919437012345", "'\t+919437012345"),
    ],
)
def test_phone_cell_never_starts_a_formula(stored: str, written: str) -> None:
    assert phone_cell(stored) == written
    assert not written.startswith(("=", "+", "-", "@", "\t", "\r"))


def test_since_counts_from_midnight_in_india(db_url: str) -> None:
    before = store.submit(form(), "10.0.0.1", now=datetime(2026, 2, 28, 18, 20, tzinfo=UTC))  # 23:50 IST, 28 Feb
    after = store.submit(form(), "10.0.0.2", now=datetime(2026, 2, 28, 18, 40, tzinfo=UTC))  # 00:10 IST, 1 Mar
    later = store.submit(form(), "10.0.0.3", now=datetime(2026, 4, 1, 6, 0, tzinfo=UTC))
    assert [r["reference"] for r in export("--since", "2026-03-01")[1]] == [after, later]
    assert [r["reference"] for r in export("--since", "2026-02-28")[1]] == [before, after, later]
    assert export("--since", "2026-04-02")[1] == []


def test_a_wrong_date_is_a_usage_error(sqlite_url: str, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as caught:
        cli(["export", "--since", "01/03/2026"])
    assert caught.value.code == 2
    assert "not a date like 2026-03-01" in capsys.readouterr().err


# consultancy.enquiries: the command line's former name, kept for cron lines (README).
@pytest.mark.parametrize("command", ["consultancy.office", "consultancy.enquiries"])
def test_the_command_writes_utf8_csv_to_standard_output(db_url: str, command: str) -> None:
    reference = store.submit(form(message=f"{ODIA}\nsecond line"), "10.0.0.1")
    done = subprocess.run(
        [sys.executable, "-m", command, "export"],
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},  # a poor terminal must not garble the file
        capture_output=True,
        check=True,
    )
    rows = list(csv.DictReader(io.StringIO(done.stdout.decode("utf-8"), newline="")))
    assert [(r["reference"], r["message"]) for r in rows] == [(reference, f"{ODIA}\nsecond line")]
    assert done.stdout.decode("utf-8") == export()[2]
    assert b"1 enquiries exported" in done.stderr
