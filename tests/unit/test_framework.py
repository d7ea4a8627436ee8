"""The framework package's own guards: the version check, the pins, the toolchain that plain
`reflex run` relies on, and that JavaScript and Reflex internals stay where the checklist
(consultancy/framework/README.md) says they are."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from consultancy.components.search.index import IMPORT
from consultancy.framework import versions

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "consultancy"
FRAMEWORK = PACKAGE / "framework"


def test_the_installed_framework_is_the_one_the_adaptations_were_written_for() -> None:
    assert versions.mismatches() == []


def test_another_version_stops_the_app_naming_the_checklist(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(versions.WRITTEN_FOR, "reflex", "0.9.0")
    with pytest.raises(SystemExit) as stopped:
        versions.require_written_for()
    message = str(stopped.value)
    assert "reflex 0.10.1 (written for 0.9.0)" in message
    assert "consultancy/framework/README.md" in message


def test_rxconfig_checks_the_versions_before_reflex_is_imported() -> None:
    text = (ROOT / "rxconfig.py").read_text(encoding="utf-8")
    assert text.index("require_written_for()") < text.index("import reflex as rx")


def _pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==")
            pins[re.sub(r"\[.*\]", "", name).lower().replace("_", "-")] = version
    return pins


def test_every_dependency_is_pinned_and_the_requirements_agree_with_the_constraints() -> None:
    runtime = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    dev = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
    # A plain `pip install -r requirements.txt` sees every pin; the dev file adds to the runtime.
    assert "-c constraints.txt" in runtime
    assert "-r requirements.txt" in dev
    required = _pins(ROOT / "requirements.txt")
    constrained = _pins(ROOT / "constraints.txt")
    assert {name: constrained.get(name) for name in required} == required
    developing = _pins(ROOT / "requirements-dev.txt")
    assert {name: constrained.get(name) for name in developing} == developing
    # Test tools stay off production hosts, which install requirements.txt.
    assert not {"pytest", "pytest-xdist", "playwright", "ruff", "locust", "aiosmtpd"} & set(required)
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "freeze", "--disable-pip-version-check"], capture_output=True, text=True
    )
    frozen = {k: v for k, v in _pins_text(installed.stdout).items()}
    assert frozen == constrained, "constraints.txt is the whole installed set (make lock rewrites it)"
    # The framework packages the adaptations import are pinned with Reflex, in requirements.txt
    # itself: the app refuses to start on any other version.
    for package, version in versions.WRITTEN_FOR.items():
        assert required[package] == version


def _pins_text(text: str) -> dict[str, str]:
    return {
        re.sub(r"\[.*\]", "", name).lower().replace("_", "-"): version
        for name, version in (line.split("==") for line in text.splitlines() if "==" in line)
    }


def test_a_fresh_shell_gets_the_projects_node_npm_and_registry() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFLEX_", "NPM_CONFIG_"))}
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    script = (
        "import json, os; from consultancy.framework import toolchain; toolchain.prepare();"
        "print(json.dumps({k: os.environ.get(k) for k in "
        "('PATH', 'REFLEX_USE_NPM', 'NPM_CONFIG_REGISTRY', 'REFLEX_HOT_RELOAD_OVERRIDE_PATHS')}))"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    seen = json.loads(result.stdout)
    node_bin = ROOT / ".tools" / "node_modules" / "node" / "bin"
    if (node_bin / "node").exists():
        assert seen["PATH"].split(os.pathsep)[0] == str(node_bin)
    assert seen["REFLEX_USE_NPM"] == "1"
    assert seen["NPM_CONFIG_REGISTRY"] and seen["NPM_CONFIG_REGISTRY"].startswith("http")
    assert seen["REFLEX_HOT_RELOAD_OVERRIDE_PATHS"] == str(ROOT / "consultancy")


def test_a_shared_asset_is_what_reflex_gives_the_module_that_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """framework/assets.py takes Reflex's own steps for a module that names itself: the same
    address, the same import path and the same link as `rx.asset(shared=True)` called from
    that module's file."""
    import reflex as rx

    from consultancy.components.finder import state
    from consultancy.framework.assets import shared_asset

    monkeypatch.chdir(ROOT)
    scope: dict = {"rx": rx}
    exec(compile("asked = rx.asset('finder.js', shared=True)", state.__file__, "exec"), scope)
    ours = shared_asset("finder.js", state.__name__)
    assert (ours, ours.importable_path) == (scope["asked"], scope["asked"].importable_path)
    assert ours.importable_path.endswith("/consultancy/components/finder/state/finder.js")
    link = ROOT / "assets" / ours.importable_path.removeprefix("$/public/").lstrip("/")
    assert link.resolve() == (PACKAGE / "components" / "finder" / "finder.js").resolve()
    with pytest.raises(FileNotFoundError, match=r"no_such\.js"):
        shared_asset("no_such.js", state.__name__)
    # Every shared asset of the site goes this way: Reflex's walk of the stack is the slow part.
    asking = [
        str(p.relative_to(ROOT))
        for p in _python_files()
        if p != FRAMEWORK / "assets.py" and "shared=True)" in p.read_text(encoding="utf-8")
    ]
    assert asking == []


_ASKING_PARENT = """
import json, subprocess, sys
from consultancy.framework import toolchain
asked = []
toolchain._npm_config = lambda key: asked.append(key) or ("https://registry.example/" if key == "registry" else None)
toolchain.prepare()
child = (
    "from consultancy.framework import toolchain\\n"
    "def refuse(key): raise SystemExit('npm asked again for ' + key)\\n"
    "toolchain._npm_config = refuse\\n"
    "toolchain.prepare()"
)
done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
print(json.dumps({"asked": asked, "child": done.returncode, "said": done.stderr[-500:]}))
"""


@pytest.mark.parametrize("backend_only", [False, True])
def test_npm_is_asked_once_per_tree_of_processes_and_never_by_a_backend(backend_only: bool) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFLEX_", "NPM_CONFIG_", "CONSULTANCY_NPM"))}
    if backend_only:
        env["REFLEX_BACKEND_ONLY"] = "true"
    result = subprocess.run([sys.executable, "-c", _ASKING_PARENT], cwd=ROOT, env=env, capture_output=True, text=True)
    seen = json.loads(result.stdout)
    # The registry found and the CA file not found both reach the child.
    assert seen["asked"] == ([] if backend_only else ["registry", "cafile"])
    assert seen["child"] == 0, seen["said"]


def _python_files() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts]


def test_only_the_framework_package_imports_framework_internals() -> None:
    internal = re.compile(
        r"^\s*(from|import) (reflex_base|reflex_components_core|reflex\.experimental|socketio)\b", re.M
    )
    outside = [
        str(p.relative_to(ROOT))
        for p in _python_files()
        if FRAMEWORK not in p.parents and internal.search(p.read_text(encoding="utf-8"))
    ]
    assert outside == []


def test_javascript_lives_in_js_files() -> None:
    arrow = re.compile(r"""["'][^"'\n]*=>[^"'\n]*["']""")
    allowed = {FRAMEWORK / "client_state.py", PACKAGE / "components" / "finder" / "rules.py"}
    found = [
        str(p.relative_to(ROOT))
        for p in _python_files()
        if p not in allowed and arrow.search(p.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_every_link_is_a_document_link() -> None:
    """Plain links go through `consultancy.components.ui.link`, which sets React Router's
    public `reloadDocument`; an `rx.el.a` elsewhere would be a client-side navigation."""
    direct = re.compile(r"\brx\.(el\.a|link)\(")
    found = [
        str(p.relative_to(ROOT))
        for p in _python_files()
        if p != PACKAGE / "components" / "ui.py" and direct.search(p.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_search_script_loads_the_module_the_index_plugin_writes() -> None:
    assert f'import("{IMPORT}")' in (PACKAGE / "components" / "search" / "search.js").read_text(encoding="utf-8")
