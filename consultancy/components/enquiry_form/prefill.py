"""The enquiry form filled from its address (prefill.jsx): services and message, so another
page (the approvals finder) can open the form ready to send with a plain link."""

import reflex as rx
from reflex.vars.base import Var

from consultancy.framework.assets import shared_asset


class EnquiryPrefill(rx.Component):
    library = shared_asset("prefill.jsx", __name__).importable_path
    tag = "EnquiryPrefill"
    message_id: Var[str]


def enquiry_prefill(prefix: str) -> rx.Component:
    """For the form whose fields' ids start with `prefix` ("enquiry-message")."""
    return EnquiryPrefill.create(message_id=f"{prefix}-message")
