"""Settings: round trip, atomic save, a damaged file kept aside with a message for the player."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from scenes.core.settings_store import Settings, load_settings, save_settings


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
