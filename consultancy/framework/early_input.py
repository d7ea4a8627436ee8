"""Nothing a visitor does before React has taken the page over is lost.

A page paints from its prerendered HTML and fetches its scripts only once it has loaded
(consultancy/framework/paint.py), so on a phone it is on screen for about a second before its buttons
work. `early_input.js`, inlined at the top of every built page, holds what the visitor does
in that time and does it for real once `#app-ready` says React is there: a button's click
is clicked again, a link that opens something in the page (`data-js-link`, see
`consultancy.framework.client_state.handled_link`) waits for it (and is followed after 2 s if the scripts
do not come), boxes and fields the visitor changed are reported to React, and a form sent
early is sent by React instead of by the browser with its fields in the address.
`scripts/early_taps.py` measures it; tests/test_early_input.py checks it.

The script is a classic inline script placed before the stylesheet, so it runs before the
body is parsed and never waits for the stylesheet; the CSP hashes are computed from the
built pages afterwards (deploy/configure.py, deploy/static_host.py).
"""

from __future__ import annotations

import re
from pathlib import Path

from consultancy.framework.built_files import inline_script

SOURCE = Path(__file__).with_name("early_input.js")
MARKER = "/*site:early-input*/"
STYLESHEET = re.compile(r'<link\b[^>]*\brel="stylesheet"', re.I)


def with_early_input(html: str) -> str:
    """The page with the script before its first stylesheet (or at the end of its head)."""
    if MARKER in html or "</head>" not in html:
        return html
    head_end = html.index("</head>")
    sheet = STYLESHEET.search(html, 0, head_end)
    at = sheet.start() if sheet else head_end
    return html[:at] + inline_script(SOURCE, MARKER) + html[at:]
