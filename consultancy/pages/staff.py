"""/staff: the inbox where the firm reads and answers enquiries (sign-in first).

Not for the public: noindex and nofollow, left out of the sitemap (not indexed), and no
public page links here. Its words are the tool's, not marketing copy, so they live here
rather than in data/."""

import reflex as rx

from consultancy.components.staff_inbox import staff_inbox
from consultancy.components.staff_inbox.account_state import AccountState
from consultancy.components.staff_inbox.state import InboxState
from consultancy.content.models import PageMeta
from consultancy.templates.webpage import register

META = PageMeta(
    title="Staff inbox: enquiries",
    description="Where the firm's staff sign in to read, answer and export the enquiries sent through the website.",
)


def staff() -> rx.Component:
    return staff_inbox()


# A tool for the firm's staff: none of the visitors' header, footer or WhatsApp and Call buttons.
register(
    "/staff",
    META,
    staff,
    indexed=False,
    followed=False,
    on_load=[InboxState.refresh, AccountState.refresh],
    live=True,
    public=False,
)
