"""The main menu's pages are fetched ahead of the click.

A full page load is how this site goes from page to page (`consultancy.components.ui.link`):
the next page's HTML is prerendered and paints before any script runs. On
a phone link most of the wait for it is the request itself, one round trip (150 ms at
Lighthouse's mobile settings) and the transfer of about 10 KB. `next_pages.js`, inlined at
the end of every built page, asks for the pages of the links marked `data-prefetch` (the
main menu, consultancy/components/navbar) as `<link rel="prefetch">` once the page is
interactive and the main thread idle, so a visitor who reads the page first finds the next
one already here. Not when the visitor asked to save data or is on a 2G link.

Pages are otherwise always revalidated (`no-cache`, so a release shows at once), which
would cost the round trip again. A request that says it is a prefetch (`Sec-Purpose:
prefetch`) is answered with `private, max-age=300` instead, what Chrome once granted every
prefetch: the copy is used without asking for five minutes (nginx in deploy/nginx.conf.in,
the single-port server in consultancy/framework/serving.py). A release keeps the previous release's
scripts for pages fetched that way before it (deploy/configure.py, `keep_previous_release`).
`scripts/second_page.py` measures it; tests/test_next_pages.py checks it.
"""

from __future__ import annotations

from pathlib import Path

from consultancy.framework.built_files import inline_script
from consultancy.framework.early_input import MARKER as EARLY_INPUT

SOURCE = Path(__file__).with_name("next_pages.js")
MARKER = "/*site:next-pages*/"
# How long a page fetched ahead may be used without asking the server again.
PREFETCH_CACHE_CONTROL = "private, max-age=300"


def with_next_pages(html: str) -> str:
    """The page with the script at the end of its body. It starts when the early-input script
    says React has taken the page over, so a page without that script, without React
    (nothing sets `#app-ready`) or already done is returned as it is."""
    if MARKER in html or EARLY_INPUT not in html or "</body>" not in html or 'id="app-ready"' not in html:
        return html
    at = html.rindex("</body>")
    return html[:at] + inline_script(SOURCE, MARKER) + html[at:]
