"""The framework versions the adaptations in this package were written and tested against.

Each adaptation reaches into an internal of Reflex, React Router, Vite or socket.io (see
README.md here). A different version may move that internal without an error, so the app
stops at start-up instead of serving a site whose speed or safety quietly went away."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

# The Python packages whose internals the adaptations import or rely on. Upgrading: walk the
# checklist in README.md, run `make test`, then change these.
WRITTEN_FOR = {
    "reflex": "0.10.1",
    "reflex-base": "0.10.1",
    "reflex-components-core": "0.10.1",
    "python-socketio": "5.18.1",
    "granian": "2.8.7",
}
CHECKLIST = "consultancy/framework/README.md"


def mismatches() -> list[str]:
    found = []
    for package, expected in WRITTEN_FOR.items():
        try:
            installed = version(package)
        except PackageNotFoundError:
            installed = "not installed"
        if installed != expected:
            found.append(f"{package} {installed} (written for {expected})")
    return found


def require_written_for() -> None:
    """Stops with a message naming the checklist when an installed version differs."""
    if found := mismatches():
        raise SystemExit(
            "The site's Reflex adaptations were written for other framework versions: "
            + "; ".join(found)
            + f". Walk the upgrade checklist in {CHECKLIST}, then update WRITTEN_FOR in"
            " consultancy/framework/versions.py."
        )
