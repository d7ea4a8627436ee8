"""Content models and the loader that validates data/ at start-up."""

from .loader import Content, ContentError, content, load_content

__all__ = ["Content", "ContentError", "content", "load_content"]
