"""Reflex's config lock, made safe for granian's forked workers.

Reflex loads `rxconfig.py` under one module-level lock (`reflex_base.config._load_config_lock`).
In `reflex run`, the frontend runs in a thread of the same process that forks granian's
backend workers; when that thread is loading the config at the moment of the fork, the child
inherits the lock held by a thread it does not have, and its first config load waits forever:
the backend never listens, and the site answers pages but never events. A child gets a lock of
its own instead, as the standard library does for its own locks (logging's, for one).
"""

from __future__ import annotations

import os
import threading

import reflex_base.config as reflex_config

_registered = False


def _own_lock_in_child() -> None:
    # The forking thread may hold it itself (then it releases it as usual); any other holder
    # did not come along into the child.
    if not reflex_config._load_config_lock._is_owned():
        reflex_config._load_config_lock = threading.RLock()


def guard() -> None:
    """Registers the child's fresh lock, once per process (rxconfig.py runs at every config load)."""
    global _registered
    if not _registered:
        os.register_at_fork(after_in_child=_own_lock_in_child)
        _registered = True
