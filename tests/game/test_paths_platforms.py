"""game.paths.user_data_dir on each desktop system, with the platform faked."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import paths


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(paths.Path, "home", classmethod(lambda cls: tmp_path))
    for key in ("APPDATA", "XDG_DATA_HOME"):
        monkeypatch.delenv(key, raising=False)
    return tmp_path


def test_windows_uses_appdata(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths.sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(home / "Roaming"))
    assert paths.user_data_dir() == home / "Roaming" / "Reelhouse"


def test_windows_without_appdata_falls_back_to_the_profile(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(paths.sys, "platform", "win32")
    assert paths.user_data_dir() == home / "AppData" / "Roaming" / "Reelhouse"


def test_macos_uses_application_support(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths.sys, "platform", "darwin")
    assert paths.user_data_dir() == home / "Library" / "Application Support" / "Reelhouse"


def test_linux_follows_xdg(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths.sys, "platform", "linux")
    assert paths.user_data_dir() == home / ".local" / "share" / "reelhouse"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    assert paths.user_data_dir() == home / "xdg" / "reelhouse"
