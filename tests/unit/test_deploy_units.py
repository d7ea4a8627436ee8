"""The systemd units in deploy/: no unit runs as root what the site's user can change."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT

UNITS = sorted((ROOT / "deploy").glob("*.service"))
# Exec lines whose prefix runs them with full privileges whatever User= says (systemd.service).
PRIVILEGED_PREFIXES = ("+", "!")


def _service(path: Path) -> dict[str, list[str]]:
    # Line by line, not configparser: systemd repeats keys (ExecStartPre) and each counts.
    values: dict[str, list[str]] = {}
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if section == "Service" and "=" in line:
            key, value = line.split("=", 1)
            values.setdefault(key.strip(), []).append(value.strip())
    return values


def test_there_are_units_to_check() -> None:
    assert {path.name for path in UNITS} >= {"consultancy-web.service", "consultancy-backend.service"}


@pytest.mark.parametrize("unit", UNITS, ids=lambda path: path.name)
def test_every_unit_runs_as_the_sites_user(unit: Path) -> None:
    service = _service(unit)
    assert service.get("User") == ["consultancy"], f"{unit.name}: runs as root"
    for key in ("ExecStartPre", "ExecStart", "ExecStartPost", "ExecReload", "ExecStop"):
        for command in service.get(key, []):
            assert not command.lstrip("-@:").startswith(PRIVILEGED_PREFIXES), f"{unit.name}: {key} as root"


def test_nginx_binds_its_ports_with_one_capability_and_no_more() -> None:
    service = _service(ROOT / "deploy" / "consultancy-web.service")
    assert service["AmbientCapabilities"] == ["CAP_NET_BIND_SERVICE"]
    assert service["CapabilityBoundingSet"] == ["CAP_NET_BIND_SERVICE"]
    assert service["NoNewPrivileges"] == ["true"]
