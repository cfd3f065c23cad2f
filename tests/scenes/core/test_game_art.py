"""Every image a game's screens need is checked at start-up (a missing one stops the app before
a window opens, naming the file), so a game whose data is valid but whose art is missing can
never crash when the player opens it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.paths import asset_path
from scenes.app.app import load_all_games, missing_art, shown_games
from scenes.presentation import presentation_of

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "assets"
    shutil.copytree(asset_path(), root)
    return root


def test_the_installed_games_have_all_their_art() -> None:
    games = shown_games(load_all_games(asset_path()))
    assert missing_art(asset_path(), games) is None
    stones = games["stones"].definition
    names = [name for name, _ in presentation_of(stones).required_images(stones)]
    assert "stones/symbols/wild" in names and "stones/picker_bg" in names
    assert any(n.startswith("stones/tablet/") and n != "stones/tablet/closed" for n in names)


@pytest.mark.slow
def test_the_light_list_is_the_presentations_and_imports_no_scenes() -> None:
    """The start-up check reads each package's ART and own_images, not its presentation: the
    same list, and checking every installed game imports no game's presentation module."""
    from scenes.presentation import art_of, required_images

    for loaded in shown_games(load_all_games(asset_path())).values():
        defn = loaded.definition
        assert required_images(defn) == presentation_of(defn).required_images(defn)
        assert art_of(defn) == presentation_of(defn).art
    probe = (
        "import sys; from game.paths import asset_path; "
        "from scenes.app.app import load_all_games, missing_art, shown_games; "
        "assert missing_art(asset_path(), shown_games(load_all_games(asset_path()))) is None; "
        "print(sorted(m for m in sys.modules"
        " if m.startswith('scenes.games.') and m.endswith('.presentation')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["stones/symbols/wild", "stones/frame", "stones/tablet/closed"])
def test_a_missing_image_is_named(tree: Path, name: str) -> None:
    (tree / "images" / f"{name}.png").unlink()
    said = missing_art(tree, shown_games(load_all_games(tree)))
    assert said is not None and said.startswith(f"{tree / 'images' / name}.png: (file): missing; game stones")


@pytest.mark.slow
def test_the_app_stops_before_a_window_opens(tree: Path, tmp_path: Path) -> None:
    (tree / "images" / "stones" / "symbols" / "wild.png").unlink()
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "REELHOUSE_ASSETS": str(tree),
    }
    res = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--frames", "2", "--data-dir", str(tmp_path / "data")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert "wild.png: (file): missing; game stones shows it as symbol wild" in res.stderr
    assert not (tmp_path / "data").exists()  # stopped before the data folder was touched


@pytest.mark.slow
def test_the_features_art_is_decoded_behind_the_reels_first_frames(ctx, display) -> None:
    """Entering a game's reels queues (behind the first frames) the decoding of what its
    features show on worker threads: the free spins' backdrop, a picker's or a battle's art."""
    from scenes.core.stack import SceneStack
    from scenes.front.lobby import reels_scene

    for gid, must in (
        ("stones", {"stones/picker_bg", "stones/tablet/spins_3", "stones/stage_free"}),
        ("warlords", {"warlords/battle_bg", "warlords/background_free", "warlords/frame"}),
    ):
        wanted = presentation_of(ctx.games[gid].definition).feature_images(ctx.games[gid].definition)
        assert must <= set(wanted), gid
        assets = ctx.assets
        assert not must & set(assets._files)
        st = SceneStack()
        st.push(reels_scene(ctx, gid))
        assert not must & set(assets._decoding)  # nothing before the first frames
        assets.run_deferred()
        assert must <= set(assets._decoding)  # then on the workers
        for rel in must:
            assets.file_surface(rel)  # taken from the workers
        assert not must & set(assets._decoding)
        st.pop()
