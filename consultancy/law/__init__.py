"""The law as one source of truth: one record per approval (data/law/), its status rules,
its check and its updates feed. Pages, the finder and the calendar read approvals from here."""

from .model import Change, Fact, Record, Source
from .registry import Law, law, load_law

__all__ = ["Change", "Fact", "Law", "Record", "Source", "law", "load_law"]
