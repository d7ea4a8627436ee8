"""Reflex's own log lines without what visitors typed and without their tab tokens.

Reflex logs a whole event, the enquiry form's fields included, at warning level (the
production level) in two places a client can reach at will: an event on a socket that has no
token yet ("Received event from session … with no associated token … Event data: {…}") and an
event sent as a string ("… Event data: …"). Its event processor logs the whole Event (payload,
tab token, the socket's headers with its cookies) of any event it cannot queue, an unknown
handler for one ("Error processing event queue entry for Event(…) [txid=…]"), and an argument
it cannot convert is quoted in the error that reaches the log ("Error transforming event
argument '…' with value '…'"). Its lock warnings name the tab token. A filter on each of
Reflex's loggers that handles events rewrites such lines, and the traceback a line carries,
before any handler sees them: the rest of the line (what happened, and where) stays.
"""

from __future__ import annotations

import logging
import re

from consultancy.framework.state_manager import hide_tokens

# The wording of Reflex's two lines (reflex/app.py, EventNamespace.on_event); everything after
# it is the event, to the end of the message.
_EVENT_DATA = re.compile(r"(Event data:).*", re.DOTALL)
# reflex_base/event/processor/event_processor.py: the Event's repr up to its txid; its name stays.
_QUEUED_EVENT = re.compile(r"(Error processing event queue entry for )Event\(name='([^']*)'.*(?= \[txid=)", re.DOTALL)
# reflex_base/event/processor/base_state_processor.py: the value, up to the type hint.
_ARGUMENT_VALUE = re.compile(
    r"(Error transforming event argument '[^']*' with value ).*?(?= and type hint )", re.DOTALL
)
HIDDEN = "[hidden]"

# Reflex's loggers that see events or tokens: a logger's filters apply to its own records only.
LOGGERS = (
    "reflex.app",
    "reflex.state",
    "reflex.event",
    "reflex.istate.manager.redis",
    "reflex.istate.manager",
    "reflex_base.event.processor.event_processor",
    "reflex_base.event.processor.base_state_processor",
)


def hide_visitor_data(text: str) -> str:
    text = _QUEUED_EVENT.sub(rf"\1\2 {HIDDEN}", text)
    text = _ARGUMENT_VALUE.sub(rf"\1{HIDDEN}", text)
    return hide_tokens(_EVENT_DATA.sub(rf"\1 {HIDDEN}", text))


class HideVisitorData(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            message = record.getMessage() if record.args else record.msg
            cleaned = hide_visitor_data(message)
            if cleaned != message:
                record.msg, record.args = cleaned, ()
        if record.exc_info and not record.exc_text:
            # The formatter prints exc_text when it is set: the traceback, cleaned the same way.
            record.exc_text = hide_visitor_data(logging.Formatter().formatException(record.exc_info))
        return True


def install() -> None:
    for name in LOGGERS:
        target = logging.getLogger(name)
        if not any(isinstance(existing, HideVisitorData) for existing in target.filters):
            target.addFilter(HideVisitorData())
