"""Placeholder: the static export's finishing touches move here from deploy/static_host.py."""

from __future__ import annotations

from reflex.plugins.base import Plugin


class StaticExport(Plugin):
    pass
