"""An internal note as the staff screens show it, on an enquiry (the inbox) and on a case (the
tracker): its text, who wrote it and when, all plain text. A client never sees one."""

from __future__ import annotations

import dataclasses

import reflex as rx


@dataclasses.dataclass
class NoteRow:
    author: str = ""
    text: str = ""
    written: str = ""


def note_item(note: NoteRow) -> rx.Component:
    return rx.el.li(
        rx.el.p(note.text, class_name="staff__note-text"),
        rx.el.p(note.author, " · ", note.written, class_name="staff__note-meta"),
        class_name="staff__note",
    )
