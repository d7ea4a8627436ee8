"""The route contract of the spec: paths that must exist, exactly as spelt there.

The misspellings (consent-to-estalish, water-allocatio-norder-noc,
environment-impact-assesment) are part of the contract: existing links and
search results point at them, so they are the canonical paths.
"""

from typing import Literal

Category = Literal[
    "Engineering",
    "Licensing",
    "NOCs",
    "Compliance and Audit",
    "Miscellaneous",
]

CATEGORIES: tuple[Category, ...] = (
    "Engineering",
    "Licensing",
    "NOCs",
    "Compliance and Audit",
    "Miscellaneous",
)

# Each service route with the category the spec's table files it under.
SERVICE_ROUTES: dict[str, Category] = {
    "peso": "Engineering",
    "architectural-design": "Engineering",
    "forest-clearance": "Licensing",
    "environmental-clearance": "Licensing",
    "consent-to-estalish": "Licensing",
    "consent-to-operate": "Licensing",
    "hazardous-waste-licensing": "Licensing",
    "bio-medical-waste-authorization": "Licensing",
    "fire-licensing": "Licensing",
    "clinical-establishment-licensing": "Licensing",
    "fire-nocs": "NOCs",
    "cgwanoc": "NOCs",
    "airport-height-clearance-noc": "NOCs",
    "water-allocatio-norder-noc": "NOCs",
    "various-govt-officials-nocs": "NOCs",
    "peso-compliance": "Compliance and Audit",
    "forest-clearance-compliance": "Compliance and Audit",
    "environment-clearance-compliance": "Compliance and Audit",
    "consent-to-operate-compliance": "Compliance and Audit",
    "cgwa-compliance": "Compliance and Audit",
    "feasibility-study-for-construction": "Miscellaneous",
    "environment-impact-assesment": "Miscellaneous",
    "tank-testing-certificate": "Miscellaneous",
}

# The spec asks for a fifth checklist item on these three pages only.
FIVE_ITEM_CHECKLISTS: frozenset[str] = frozenset(
    {"peso-compliance", "forest-clearance-compliance", "environment-clearance-compliance"}
)

# Site pages other than the service pages, keyed by their data file stem.
PAGE_ROUTES: dict[str, str] = {
    "home": "/",
    "about": "/about",
    "services": "/services",
    "testimonials": "/testimonials",
    "contact-us": "/contact-us",
    "rough": "/rough",
    # Not in the spec's table: the visitor's approvals as dated deadlines.
    "renewal-calendar": "/renewal-calendar",
    # Not in the spec's table either: the changes in the law the approvals' records hold.
    "regulatory-updates": "/regulatory-updates",
}

# Paths visitors and old links use that must land on a canonical route.
SPELLING_REDIRECTS: dict[str, str] = {
    "/consent-to-establish": "/consent-to-estalish",
    "/water-allocation-order-noc": "/water-allocatio-norder-noc",
    "/environment-impact-assessment": "/environment-impact-assesment",
    "/contact": "/contact-us",
}


def redirect_map() -> dict[str, str]:
    """Every redirect path and where it lands, including the old /services/<slug>."""
    redirects = dict(SPELLING_REDIRECTS)
    for route in SERVICE_ROUTES:
        redirects[f"/services/{route}"] = f"/{route}"
    for wrong, right in SPELLING_REDIRECTS.items():
        if right.lstrip("/") in SERVICE_ROUTES:
            redirects[f"/services{wrong}"] = right
    return redirects
