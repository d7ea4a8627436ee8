"""The plain pages a visitor reaches from one of our emails (a reminder's confirm and stop links,
a client's case page): server-rendered HTML with no script, under the firm's name, with its
phone and WhatsApp at the foot, so whoever lands there knows whose page it is and how to reach
a person. Every such page is written through `branded_page`."""

from __future__ import annotations

import html

from consultancy.content import content


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def branded_page(title: str, body: str, *, head: str = "", main_class: str = "container") -> bytes:
    """A whole page: `body` is the site's own HTML (callers escape anything else), `head` more
    of the head (a meta tag)."""
    site = content().site
    home = _e(site.site_url.rstrip("/") + "/")
    return (
        '<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex, nofollow">{head}'
        f'<title>{_e(title)} | {_e(site.name)}</title><link rel="stylesheet" href="/css/site.css"></head>'
        f'<body><header class="landing__head"><div class="container"><a class="landing__brand" href="{home}">'
        f'{_e(site.name)}</a> <span class="landing__tagline">{_e(site.tagline)}</span></div></header>'
        f'<main class="{_e(main_class)}" id="main">{body}</main>'
        '<footer class="landing__foot" id="landing-contact"><div class="container">'
        f"<p>Questions? Talk to a person at {_e(site.name)}:</p>"
        f'<p><a class="button button--primary" id="landing-call" href="{_e(site.tel_href)}">Call {_e(site.phone)}</a> '
        f'<a class="button button--chat" id="landing-whatsapp" href="{_e(site.chat_href)}">WhatsApp</a></p>'
        "</div></footer></body></html>"
    ).encode()
