"""A granian worker forked while another thread of `reflex run` loads the config gets a config
lock it can take (consultancy/framework/fork_safety.py)."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator

import pytest
import reflex_base.config as reflex_config

from consultancy.framework import fork_safety


def _child_takes(lock_name: str, results: multiprocessing.Queue) -> None:
    lock = getattr(reflex_config, lock_name) if lock_name == "_load_config_lock" else _CONTROL
    taken = lock.acquire(timeout=1)
    results.put(taken)


_CONTROL = threading.RLock()


@pytest.fixture
def held_by_another_thread() -> Iterator[None]:
    """Both locks held by a thread that stays in the parent, as the frontend thread of
    `reflex run` holds Reflex's while it loads rxconfig.py."""
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with reflex_config._load_config_lock, _CONTROL:
            holding.set()
            release.wait(30)

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert holding.wait(10)
    yield
    release.set()
    thread.join(10)


def _in_forked_child(lock_name: str) -> bool:
    fork = multiprocessing.get_context("fork")
    results = fork.Queue()
    child = fork.Process(target=_child_takes, args=(lock_name, results))
    child.start()
    child.join(20)
    assert child.exitcode == 0
    return results.get(timeout=5)


def test_a_forked_child_takes_the_config_lock_another_thread_held(held_by_another_thread: None) -> None:
    fork_safety.guard()
    # The same fork without the guard: a plain lock held the same way stays taken for ever.
    assert _in_forked_child("control") is False
    assert _in_forked_child("_load_config_lock") is True


def test_the_guard_registers_once_and_the_parent_keeps_its_lock() -> None:
    fork_safety.guard()
    fork_safety.guard()
    lock = reflex_config._load_config_lock
    with lock:
        assert lock._is_owned()
    assert reflex_config._load_config_lock is lock
