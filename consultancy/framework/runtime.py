"""The adaptations the running app installs, in one call from consultancy/consultancy.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import reflex as rx

from consultancy.framework.address_budget import use_key as count_addresses_by
from consultancy.framework.dev_reload import reload_on_change
from consultancy.framework.event_limits import install as limit_events_per_socket
from consultancy.framework.log_privacy import install as no_visitor_data_in_logs
from consultancy.framework.state_manager import install as lean_state_manager
from consultancy.framework.trusted_proxies import install as trusted_proxies_only
from consultancy.framework.worker_liveness import install as keep_state_when_a_worker_dies


def install(app: rx.App, *, address_key: Callable[[str], str], content_dir: Callable[[], Path]) -> None:
    """`address_key` is how the limits count a visitor's address (a keyed hash, never the
    address); `content_dir` is the folder whose edits reload `reflex run`."""
    # Reflex logs whole events (form fields) and tab tokens: not into the site's logs.
    no_visitor_data_in_logs()
    # Two Redis round trips per event instead of four (state_manager.py).
    lean_state_manager(app)
    keep_state_when_a_worker_dies()
    # One client flooding its socket with events must not slow every other visitor down.
    count_addresses_by(address_key)
    limit_events_per_socket()
    # X-Forwarded-For only from the configured proxies (the visitor's address for the limits).
    trusted_proxies_only()
    # `reflex run` (development mode) reloads when the content changes.
    app.register_lifespan_task(reload_on_change, folder=content_dir)
