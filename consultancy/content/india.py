"""India's date: the firm, its clients and the law the pages quote are in India, so "today"
is India's (Asia/Kolkata) whatever time zone the server or a test machine runs in."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

KOLKATA = ZoneInfo("Asia/Kolkata")


def today_in_kolkata() -> date:
    return datetime.now(KOLKATA).date()
