"""The erasure ledger: one line per `erase`, kept outside the database (ERASURE_LEDGER, default
var/erasures.ledger, mode 600), so that a restore from an older backup can erase again what was
erased since. A line holds the time, a keyed hash of the address (the ledger key, keys.LEDGER;
never the address) and the key's id, so that the ledger still works through a rotation of its
key (ENQUIRY_KEY_LEDGER_PREVIOUS) and says so, rather than missing someone, when a line's key
is not configured. `prune` retires lines older than the oldest backup kept.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from . import keys
from .settings import IST, ROOT


def path() -> Path:
    return Path(os.environ.get("ERASURE_LEDGER", "").strip() or ROOT / "var" / "erasures.ledger")


def _address(email: str) -> str:
    return email.strip().lower()


def erasure_key(email: str, *, previous: bool = False) -> str:
    """A keyed hash of an address (the ledger key, keys.LEDGER): it tells whether an address
    was erased, and gives no address back to someone who reads the ledger without the key."""
    return keys.keyed_hash(keys.LEDGER, _address(email), previous=previous)


def _legacy_erasure_key(email: str) -> str:
    # Lines written before the ledger had a key of its own (they carry no key id): keyed with
    # ENQUIRY_ADDRESS_KEY itself.
    secret = (os.environ.get(keys.SITE_SECRET, "") or keys.PUBLIC_ADDRESS_KEY).encode()
    return hmac.new(secret, _address(email).encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Line:
    at: str
    digest: str
    # keys.key_id of the key it was hashed with; "" for a line older than key ids.
    key_id: str


class LedgerKeyMissing(RuntimeError):
    """Some erasures in the ledger were hashed with a key that is not configured: they could
    not be checked, so nothing is restored or re-applied (an erased person would come back)."""


def _write_line(line: str) -> None:
    file = path()
    file.parent.mkdir(parents=True, exist_ok=True)
    # Mode 600: it is about people, even as hashes.
    descriptor = os.open(file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(descriptor, "a", encoding="ascii") as ledger:
        ledger.write(line)
        ledger.flush()
        os.fsync(ledger.fileno())


def record(email: str, now: datetime) -> None:
    """One erasure, on disk before the enquiries go (a crash between leaves it to be redone)."""
    _write_line(f"{now.isoformat(timespec='seconds')}\t{erasure_key(email)}\t{keys.key_id(keys.LEDGER)}\n")


def lines() -> list[Line]:
    file = path()
    if not file.is_file():
        return []
    found = []
    for text in file.read_text(encoding="ascii").splitlines():
        fields = text.split("\t")
        if len(fields) >= 2:
            found.append(Line(fields[0], fields[1].strip(), fields[2].strip() if len(fields) > 2 else ""))
    return found


def erased_keys() -> set[str]:
    return {line.digest for line in lines()}


def _previous_key_id() -> str | None:
    try:
        return keys.key_id(keys.LEDGER, previous=True)
    except keys.NoKey:
        return None


def erased_matcher() -> Callable[[str], bool]:
    """A test of an address against every erasure in the ledger: under the ledger key, the
    previous one (ENQUIRY_KEY_LEDGER_PREVIOUS, kept through a rotation) and, for old lines, the
    site's secret. Raises LedgerKeyMissing when a line was hashed with none of them."""
    current, previous = keys.key_id(keys.LEDGER), _previous_key_id()
    digests: dict[str, set[str]] = {current: set(), "": set()}
    if previous:
        digests[previous] = set()
    unknown = 0
    for line in lines():
        if line.key_id in digests:
            digests[line.key_id].add(line.digest)
        else:
            unknown += 1
    if unknown:
        raise LedgerKeyMissing(
            f"{unknown} erasures in the ledger were hashed with a ledger key that is not configured: set "
            "ENQUIRY_KEY_LEDGER_PREVIOUS to the key used before the last rotation (README, Keys); nothing changed"
        )

    def erased(email: str) -> bool:
        if erasure_key(email) in digests[current] or _legacy_erasure_key(email) in digests[""]:
            return True
        return bool(previous) and erasure_key(email, previous=True) in digests[previous]

    return erased


def prune(before: date) -> int:
    """Drop the ledger's lines recorded before `before` (IST): give it the date of the oldest
    backup still kept. An erasure recorded before that backup is in it already, so its line
    protects against nothing; this is how lines hashed with a retired ledger key go. The
    number dropped."""
    every = lines()
    cutoff = datetime.combine(before, datetime.min.time(), IST)
    kept = [line for line in every if datetime.fromisoformat(line.at) >= cutoff]
    file = path()
    partial = file.with_name(file.name + ".partial")
    partial.unlink(missing_ok=True)
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.writelines(f"{line.at}\t{line.digest}\t{line.key_id}\n".replace("\t\n", "\n") for line in kept)
        handle.flush()
        os.fsync(handle.fileno())
    partial.replace(file)
    return len(every) - len(kept)
