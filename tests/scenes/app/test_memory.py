"""The allocator settings at the composition root: on glibc they apply, elsewhere they are no-ops."""

from __future__ import annotations

import sys

from scenes.app import memory


def test_the_allocator_is_tuned_on_glibc_and_left_alone_elsewhere(monkeypatch):
    if sys.platform.startswith("linux"):
        assert memory.tune_allocator() is (memory._glibc() is not None)
    memory.return_freed_memory()  # never raises
    monkeypatch.setattr(memory, "_libc", None)
    monkeypatch.setattr(memory.sys, "platform", "win32")
    assert memory.tune_allocator() is False
    memory.return_freed_memory()
