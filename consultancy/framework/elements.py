"""Reflex components and Vars the site builds on that Reflex's public `rx` namespace does not
offer as classes or under these names (checklist: consultancy/framework/README.md)."""

from reflex_base.utils.form import FormData
from reflex_base.vars.base import Var
from reflex_components_core.base.error_boundary import ErrorBoundary
from reflex_components_core.core.banner import has_connection_errors
from reflex_components_core.el.elements.base import BaseHTML
from reflex_components_core.el.elements.inline import A as PlainAnchor
from reflex_components_core.el.elements.media import Img

__all__ = ["ErrorBoundary", "FormData", "Img", "PlainAnchor", "PostForm", "has_connection_errors"]


class PostForm(BaseHTML):
    """A plain `<form>` that the browser itself sends to `action` (Reflex's `Form` always
    adds a submit handler that prevents exactly that)."""

    tag = "form"

    action: Var[str]
    method: Var[str]
