"""Settings: round trip, atomic save, a damaged file kept aside with a message for the player."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from scenes.core.settings_store import Settings, load_settings, save_settings, saved_language


def test_missing_file_gives_defaults(tmp_path):
    settings, msg = load_settings(tmp_path / "settings.json")
    assert settings == Settings()
    assert msg is None


def test_round_trip(tmp_path):
    path = tmp_path / "sub" / "settings.json"
    s = Settings(quick_spin=True, master_volume=0.3, graphics_quality="low", currency_symbol="$")
    save_settings(path, s)
    loaded, msg = load_settings(path)
    assert loaded == s and msg is None
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp files left


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00",
        b"[1, 2]",
        json.dumps({"master_volume": 7}).encode(),
        json.dumps({"bogus": True}).encode(),
        json.dumps({"version": 99}).encode(),
    ],
)
def test_damaged_file_moved_aside(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, msg = load_settings(path)
    assert settings == Settings()
    assert msg is not None and "default settings" in msg.english()
    assert not path.exists()
    kept = list(tmp_path.glob("settings.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert msg.params == {"name": kept[0].name}


def test_validation_on_assignment():
    s = Settings()
    with pytest.raises(ValidationError):
        s.master_volume = 3.0
    with pytest.raises(ValidationError):
        Settings(graphics_quality="ultra")


def test_an_unreadable_file_is_not_damage(tmp_path, monkeypatch):
    """Permissions or a disk error are the folder's problem: said plainly, the file left alone."""
    import errno

    from game.storage import StorageFailure

    path = tmp_path / "settings.json"
    save_settings(path, Settings(quick_spin=True))

    def refuse(path, limit=0):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    # the file is read through the bounded, non-blocking reader (game.storage.read_bounded)
    monkeypatch.setattr("scenes.core.settings_store.read_bounded", refuse)
    with pytest.raises(StorageFailure) as caught:
        load_settings(path)
    assert caught.value.kind == "permission" and str(path) in str(caught.value)
    assert path.exists() and not list(tmp_path.glob("settings.json.damaged-*"))


@pytest.mark.parametrize("what", ["folder", "dangling"])
def test_a_folder_or_dangling_link_in_its_place(tmp_path, what):
    from game.storage import StorageFailure

    path = tmp_path / "settings.json"
    if what == "folder":
        path.mkdir()
    else:
        path.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(StorageFailure) as caught:
        load_settings(path)
    assert caught.value.kind == {"folder": "is_folder", "dangling": "dangling"}[what]


def test_a_full_disk_keeps_the_old_file(tmp_path, monkeypatch):
    import errno
    import os

    from game.storage import StorageFailure

    path = tmp_path / "settings.json"
    save_settings(path, Settings(quick_spin=True))
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(StorageFailure) as caught:
        save_settings(path, Settings(quick_spin=False))
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert caught.value.kind == "full"
    assert load_settings(path)[0].quick_spin is True
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left


def test_saved_language_reads_without_changing_anything(tmp_path) -> None:
    """Storage failures found before the settings load are said in the saved language; reading it
    never moves or rewrites the file, and anything unreadable gives the default."""
    path = tmp_path / "settings.json"
    assert saved_language(path) == "en"  # no file
    path.write_text(json.dumps({"version": 2, "language": "es"}), encoding="utf-8")
    assert saved_language(path) == "es"
    for damaged in ("{not json", "[1, 2]", json.dumps({"version": 3, "language": "xx"}), "[" * 100_000):
        path.write_text(damaged, encoding="utf-8")
        assert saved_language(path) == "en"
        assert path.read_text(encoding="utf-8") == damaged and sorted(tmp_path.iterdir()) == [path]
    path.unlink()
    path.mkdir()
    assert saved_language(path) == "en"
