"""Page-level interactive state (component-specific state sits beside its component)."""
