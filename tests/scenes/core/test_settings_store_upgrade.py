"""Settings (version 3): new fields, the v1 and v2 upgrades, damaged files of every kind kept aside with
their bytes and one plain sentence for the player, never a crash (CERTIFICATION F4)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from game.messages import Message
from game.storage import StorageFailure
from scenes.core import settings_store
from scenes.core.settings_store import SETTINGS_VERSION, Settings, load_settings, save_settings


def _kept(folder: Path) -> list[Path]:
    return sorted(folder.glob("settings.json.damaged-*"))


def _assert_told(msg: Message | None, kept: Path) -> None:
    assert msg is not None and msg.params == {"name": kept.name}
    text = msg.english()
    assert text.count(".") == 1 + kept.name.count("."), "one plain sentence"
    assert "default settings" in text


def test_new_fields_defaults_and_round_trip(tmp_path):
    s = Settings()
    assert (s.intro_movie, s.display_currency, s.language, s.reality_check_minutes) == (True, "EUR", "en", 0)
    assert s.currency_symbol == "€" and s.version == SETTINGS_VERSION == 3
    assert (s.line_palette, s.text_size) == ("standard", "standard")
    path = tmp_path / "settings.json"
    changed = Settings(
        intro_movie=False,
        display_currency="GBP",
        language="es",
        reality_check_minutes=30,
        master_volume=0.35,
        quick_spin=True,
        line_palette="colour_blind",
        text_size="larger",
    )
    save_settings(path, changed)
    loaded, msg = load_settings(path)
    assert msg is None and loaded == changed
    assert loaded.currency_symbol == "£"
    # a second save of what was loaded writes the same bytes
    before = path.read_bytes()
    save_settings(path, loaded)
    assert path.read_bytes() == before


def test_currency_symbol_still_works():
    assert Settings(currency_symbol="$").display_currency == "USD"
    s = Settings()
    s.display_currency = "USD"
    assert s.currency_symbol == "$"
    assert Settings(currency_symbol="$", display_currency="GBP").currency_symbol == "£"


@pytest.mark.parametrize(
    "field,value",
    [
        ("reality_check_minutes", 7),
        ("language", "fr"),
        ("display_currency", "JPY"),
        ("line_palette", "neon"),
        ("text_size", "huge"),
    ],
)
def test_new_fields_are_validated(field, value):
    with pytest.raises(ValidationError):
        Settings(**{field: value})


def test_version_1_file_is_upgraded_not_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    v1 = {
        "version": 1,
        "intro_screen": False,
        "quick_spin": True,
        "space_to_spin": True,
        "ambience": False,
        "sound_effects": True,
        "master_volume": 0.4,
        "music_volume": 0.5,
        "effects_volume": 0.9,
        "fullscreen": False,
        "graphics_quality": "low",
        "reduced_motion": True,
        "currency_symbol": "£",
    }
    path.write_text(json.dumps(v1), encoding="utf-8")
    s, msg = load_settings(path)
    assert msg is None and not _kept(tmp_path)
    assert s.version == 3 and s.display_currency == "GBP" and s.graphics_quality == "low"
    assert s.intro_screen is False and s.language == "en"
    assert (s.line_palette, s.text_size) == ("standard", "standard")


def test_version_2_file_is_upgraded_keeping_every_value(tmp_path):
    path = tmp_path / "settings.json"
    v2 = {
        "version": 2,
        "intro_screen": True,
        "quick_spin": True,
        "space_to_spin": False,
        "ambience": True,
        "sound_effects": False,
        "master_volume": 0.3,
        "music_volume": 0.2,
        "effects_volume": 0.7,
        "fullscreen": False,
        "graphics_quality": "high",
        "reduced_motion": True,
        "intro_movie": False,
        "display_currency": "USD",
        "language": "es",
        "reality_check_minutes": 15,
    }
    path.write_text(json.dumps(v2), encoding="utf-8")
    s, msg = load_settings(path)
    assert msg is None and not _kept(tmp_path)
    assert s.model_dump(exclude={"version", "line_palette", "text_size", "currency_symbol"}) == {
        k: v for k, v in v2.items() if k != "version"
    }
    assert s.version == 3 and (s.line_palette, s.text_size) == ("standard", "standard")


def test_file_without_version_is_read_as_version_1(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"quick_spin": true}', encoding="utf-8")
    s, msg = load_settings(path)
    assert msg is None and s.quick_spin is True


@pytest.mark.parametrize(
    "content",
    [
        json.dumps({"version": 4}).encode(),  # a future version: never half-read
        json.dumps({"version": "2"}).encode(),
        json.dumps({"version": 0}).encode(),
        json.dumps({"version": 2, "reality_check_minutes": 45}).encode(),  # out of range
        json.dumps({"version": 2, "master_volume": -0.1}).encode(),
        json.dumps({"version": 2, "language": "klingon"}).encode(),
        json.dumps({"version": 3, "text_size": "enormous"}).encode(),
        b"\xc3\x28 not utf-8",
        b"",
        b"null",
        b"[" * 100000,  # nesting deep enough to exhaust the JSON parser's recursion
    ],
)
def test_damaged_or_future_file_kept_aside_with_its_bytes(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s, msg = load_settings(path)
    assert s == Settings()
    kept = _kept(tmp_path)
    assert len(kept) == 1 and kept[0].read_bytes() == content
    _assert_told(msg, kept[0])
    # the next save works and the kept file stays
    save_settings(path, s)
    assert load_settings(path) == (s, None) and kept[0].exists()


def test_directory_in_place_of_the_file(tmp_path):
    """A folder where the file should be is said plainly (storage failure) and left alone."""
    path = tmp_path / "settings.json"
    path.mkdir()
    (path / "inside.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(StorageFailure) as caught:
        load_settings(path)
    assert caught.value.kind == "is_folder" and "is a folder" in str(caught.value)
    assert _kept(tmp_path) == [] and (path / "inside.txt").read_text(encoding="utf-8") == "keep me"


def test_unreadable_file_is_said_not_set_aside(tmp_path, monkeypatch):
    """Permissions are not damage: the player is told plainly and the file stays as it is."""
    path = tmp_path / "settings.json"
    path.write_text("{}", encoding="utf-8")
    if os.geteuid() != 0:
        path.chmod(0)
    else:  # root reads anything: make the read fail the way permissions would
        from scenes.core import settings_store

        real = settings_store.read_bounded

        def deny(target, *a, **k):  # the settings are read through the bounded reader
            if Path(target) == path:
                raise PermissionError(13, "Permission denied", str(target))
            return real(target, *a, **k)

        monkeypatch.setattr(settings_store, "read_bounded", deny)
    with pytest.raises(StorageFailure) as caught:
        load_settings(path)
    assert caught.value.kind == "permission" and str(path) in str(caught.value)
    assert _kept(tmp_path) == []
    path.chmod(0o644)
    assert path.read_text(encoding="utf-8") == "{}"


def test_cannot_move_aside_is_said_and_nothing_is_lost(tmp_path, monkeypatch):
    """A damaged file that cannot be kept aside must not be overwritten by the next save."""
    path = tmp_path / "settings.json"
    path.write_bytes(b"{broken")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(settings_store.os, "replace", refuse)
    with pytest.raises(StorageFailure) as caught:
        load_settings(path)
    assert caught.value.kind == "permission"
    assert path.read_bytes() == b"{broken"  # never deleted


def test_version_bump_needs_an_upgrader():
    # every older version has a step, so an old file is upgraded instead of set aside
    assert set(settings_store.UPGRADERS) == set(range(1, SETTINGS_VERSION))
