"""The test suite's visitor addresses (consultancy/framework/suite_visitors.py): a cookie names
the address in the suite's own build, and nothing anywhere else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from consultancy.framework.suite_visitors import COOKIE, suite_visitors
from tests.conftest import run_in_own_thread


class Recorder:
    def __init__(self) -> None:
        self.scopes: list[dict[str, Any]] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.scopes.append(scope)


def _scope(kind: str, path: str, cookie: str, forwarded: str = "") -> dict[str, Any]:
    headers = [(b"cookie", cookie.encode())]
    if forwarded:
        headers.append((b"x-forwarded-for", forwarded.encode()))
    return {"type": kind, "path": path, "headers": headers, "client": ("127.0.0.1", 50000)}


def _forwarded(scope: dict[str, Any]) -> list[bytes]:
    return [v for k, v in scope["headers"] if k == b"x-forwarded-for"]


def _run(app: Any, scope: dict[str, Any]) -> None:
    async def scenario() -> None:
        await app(scope, None, None)

    run_in_own_thread(scenario)


def test_without_the_test_hooks_the_app_is_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SITE_TEST_HOOKS", raising=False)
    inner = Recorder()
    assert suite_visitors(inner) is inner
    monkeypatch.setenv("SITE_TEST_HOOKS", "0")
    assert suite_visitors(inner) is inner


def test_the_cookie_names_the_address_of_requests_and_sockets(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = tmp_path / "visitors.log"
    monkeypatch.setenv("SITE_TEST_HOOKS", "1")
    monkeypatch.setenv("SITE_TEST_VISITORS_LOG", str(log))
    inner = Recorder()
    app = suite_visitors(inner)
    # A socket's handshake: the cookie's address replaces whatever the header said, and is recorded.
    _run(app, _scope("websocket", "/_event/", f"other=1; {COOKIE}=198.18.0.7", forwarded="203.0.113.9"))
    assert _forwarded(inner.scopes[-1]) == [b"198.18.0.7"]
    # A plain request (the staff sign-in post) too, but only sockets are recorded.
    _run(app, _scope("http", "/_staff/sign-in", f"{COOKIE}=198.18.0.8"))
    assert _forwarded(inner.scopes[-1]) == [b"198.18.0.8"]
    assert log.read_text(encoding="utf-8").split() == ["198.18.0.7"]
    # Not an address, or no cookie: the request goes on as it came.
    _run(app, _scope("websocket", "/_event/", f"{COOKIE}=evil, 1.2.3.4", forwarded="203.0.113.9"))
    assert _forwarded(inner.scopes[-1]) == [b"203.0.113.9"]
    _run(app, _scope("websocket", "/_event/", "other=1"))
    assert _forwarded(inner.scopes[-1]) == []
    assert log.read_text(encoding="utf-8").split() == ["198.18.0.7"]
