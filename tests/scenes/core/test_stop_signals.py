"""StopSignals on a system without SIGTERM (Windows has SIGINT only): nothing fails."""

from __future__ import annotations

import signal

import pytest

from scenes.core import exits


def test_without_sigterm_only_sigint_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(signal, "SIGTERM", raising=False)
    installed: list[int] = []
    real = signal.signal

    def record(sig: int, handler):  # type: ignore[no-untyped-def]
        installed.append(sig)
        return real(sig, handler)

    monkeypatch.setattr(exits.signal, "signal", record)
    with exits.StopSignals() as stops:
        assert installed == [signal.SIGINT]
        stops._on_signal(signal.SIGINT, None)
        assert stops.received == signal.SIGINT
    assert signal.getsignal(signal.SIGINT) is not stops._on_signal


def test_sigterm_is_recorded_like_a_window_close() -> None:
    with exits.StopSignals() as stops:
        signal.raise_signal(signal.SIGTERM)
        assert stops.received == signal.SIGTERM
