"""Reflex components and Vars the site builds on that Reflex's public `rx` namespace does not
offer as classes or under these names (checklist: consultancy/framework/README.md)."""

from reflex_components_core.base.error_boundary import ErrorBoundary
from reflex_components_core.core.banner import has_connection_errors
from reflex_components_core.el.elements.inline import A as PlainAnchor
from reflex_components_core.el.elements.media import Img

__all__ = ["ErrorBoundary", "Img", "PlainAnchor", "has_connection_errors"]
