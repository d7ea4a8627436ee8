"""Reflex's own log lines without what visitors typed and without their tab tokens.

Reflex logs a whole event, the enquiry form's fields included, at warning level (the
production level) in two places a client can reach at will: an event on a socket that has no
token yet ("Received event from session … with no associated token … Event data: {…}") and an
event sent as a string ("… Event data: …"). Its lock warnings name the tab token. A filter on
each of Reflex's loggers that handles events rewrites such lines before any handler sees them:
the rest of the line (what happened, and where) stays.
"""

from __future__ import annotations

import logging
import re

from consultancy.framework.state_manager import hide_tokens

# The wording of Reflex's two lines (reflex/app.py, EventNamespace.on_event); everything after
# it is the event, to the end of the message.
_EVENT_DATA = re.compile(r"(Event data:).*", re.DOTALL)
HIDDEN = "[hidden]"

# Reflex's loggers that see events or tokens: a logger's filters apply to its own records only.
LOGGERS = ("reflex.app", "reflex.state", "reflex.event", "reflex.istate.manager.redis", "reflex.istate.manager")


def hide_visitor_data(text: str) -> str:
    return hide_tokens(_EVENT_DATA.sub(rf"\1 {HIDDEN}", text))


class HideVisitorData(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not isinstance(record.msg, str):
            return True
        message = record.getMessage() if record.args else record.msg
        cleaned = hide_visitor_data(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


def install() -> None:
    for name in LOGGERS:
        target = logging.getLogger(name)
        if not any(isinstance(existing, HideVisitorData) for existing in target.filters):
            target.addFilter(HideVisitorData())
