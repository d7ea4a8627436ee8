"""Settings of the enquiry system that come from the environment (the rest is in
data/enquiries.toml). Read on every call, never at import, so a test or a cron job
can point the same code at another database or mail server."""

from __future__ import annotations

import os
from datetime import timedelta, timezone
from pathlib import Path

from . import keys

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SQLITE_PATH = ROOT / "var" / "enquiries.db"

# The firm works in India: reference years and dates in the inbox and the CSV are IST.
IST = timezone(timedelta(hours=5, minutes=30), "IST")


def database_url() -> str:
    """The database every part of the site uses: `DB_URL` (PostgreSQL in production),
    else the SQLite file var/enquiries.db in the project.

    REFLEX_DB_URL wins over DB_URL because Reflex's own `reflex db` commands read it first;
    both sides must see the same database.
    """
    url = (os.environ.get("REFLEX_DB_URL") or os.environ.get("DB_URL") or "").strip()
    if not url:
        return f"sqlite:///{DEFAULT_SQLITE_PATH}"
    # The driver installed is psycopg 3; a bare postgresql:// would ask SQLAlchemy for psycopg2.
    for bare in ("postgres://", "postgresql://"):
        if url.startswith(bare):
            return "postgresql+psycopg://" + url.removeprefix(bare)
    return url


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    return value in {"1", "true", "yes", "on"}


def is_production_backend() -> bool:
    """The backend as deploy/prod.sh runs it (behind nginx, for visitors)."""
    return os.environ.get("REFLEX_ENV_MODE", "") == "prod" and env_flag("REFLEX_BACKEND_ONLY", False)


def require_production_secrets() -> None:
    """Stop a production backend that would hash visitors' addresses with a key anyone
    knows (an IPv4 address is recovered from such a hash by trying all 2^32)."""
    if not is_production_backend():
        return
    found = keys.problems()
    if found:
        raise SystemExit("; ".join(found) + " in production (README, Deploying)")


def command_line_secrets_missing() -> list[str]:
    """What the command line (and so cron) lacks to run: the same rule as the production
    backend's, everywhere but a demo (SITE_DEMO=1, as make run and the tests set). A cron job
    must never hash or sign with the public key."""
    return [] if keys.is_demo() else keys.problems()
