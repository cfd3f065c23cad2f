"""assets/MANIFEST.sha256: current (fails while stale: run `make manifest`), in sha256sum's
format, and read back as written."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from game import manifest
from game.paths import asset_path


def test_the_committed_manifest_is_current() -> None:
    stale = manifest.stale(asset_path())
    assert not stale, f"assets/MANIFEST.sha256 is stale (run `make manifest`): {stale[:10]}"


def test_it_lists_every_file_in_sha256sum_format() -> None:
    root = asset_path()
    text = (root / manifest.MANIFEST_NAME).read_text(encoding="utf-8")
    entries = manifest.parse(text)
    assert sorted(entries) == manifest.released_files(root)
    assert "games/stones/game.toml" in entries and "fonts/text.ttf" in entries
    first = text.splitlines()[0]
    digest, rel = first.split("  ", 1)
    assert digest == hashlib.sha256((root / rel).read_bytes()).hexdigest()
    assert manifest.render(entries) == text


def test_kinds() -> None:
    assert manifest.kind_of("games/stones/game.toml") == "data"
    assert manifest.kind_of("games/stones/rules.md") == "media"
    assert manifest.kind_of("fonts/text.ttf") == "font"
    assert manifest.kind_of("images/stones/tablet/closed.png") == "media"
    assert manifest.kind_of("maps/world.tmx") == "data"
    assert manifest.kind_of("maps/world_tiles.png") == "media"


def test_differences_and_a_bad_line(tmp_path: Path) -> None:
    (tmp_path / "games" / "x").mkdir(parents=True)
    (tmp_path / "games" / "x" / "game.toml").write_text("a = 1\n")
    (tmp_path / "gone.txt").write_text("here\n")
    manifest.write(tmp_path)
    expected = manifest.read(tmp_path)
    assert expected is not None and manifest.stale(tmp_path) == []
    (tmp_path / "games" / "x" / "game.toml").write_text("a = 2\n")
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "new.txt").write_text("new\n")
    found = manifest.differences(tmp_path, expected, ["games/x/game.toml", "gone.txt", "new.txt"])
    assert [(d.rel, d.how, d.kind) for d in found] == [
        ("games/x/game.toml", "changed", "data"),
        ("gone.txt", "missing", "media"),
        ("new.txt", "unlisted", "media"),
    ]
    with pytest.raises(ValueError, match="line 1"):
        manifest.parse("not a digest  file\n")
