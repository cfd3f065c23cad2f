"""The game info page's precomputed figures (`par_info.json`): fresh for the shipped data, built
from the par sheet, and refused when stamped for other data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.definitions import LoadedGame, list_game_ids, load_game
from game.math.info import FORMAT, build_info, info_path, read_info, write_info
from game.math.volatility import LABELS
from tests.game.math.test_exact import SMALL_STONES, tiny_stones


@pytest.mark.parametrize("game", list_game_ids())
def test_shipped_info_files_match_the_installed_data(game) -> None:
    loaded = load_game(game)
    path = info_path(loaded)
    info = read_info(path, loaded.sha256)
    assert info is not None, (
        f"{path.name} of {game} is missing or stale (the game data changed): "
        f"run `python -m game par {game} --write-info`"
    )
    assert info["game"] == game and info["format"] == FORMAT
    assert abs(info["rtp"] - loaded.definition.rtp_published) < 0.0002
    assert [b["bucket"] for b in info["distribution"]] == list(LABELS)
    assert sum(b["probability"] for b in info["distribution"]) == pytest.approx(1.0)
    assert info["vi90"] == pytest.approx(1.645 * info["std_per_round"])
    assert info["vi95"] == pytest.approx(1.960 * info["std_per_round"])
    assert info["largest_win_x_bet"] >= info["top_award_x_bet"] > 0


def test_info_is_built_from_the_par_sheet_and_read_back_only_for_its_data(tmp_path: Path) -> None:
    defn = tiny_stones(SMALL_STONES, {3: 2, 4: 3})
    data = tmp_path / "tiny" / "game.toml"
    data.parent.mkdir()
    loaded = LoadedGame(definition=defn, path=data, sha256="ab" * 32)
    info = build_info(loaded, rounds=20_000)
    assert info["std_method"].startswith("exact")
    assert info["distribution_method"].startswith("sampled (20,000 rounds")
    path = write_info(loaded, info)
    assert path == tmp_path / "tiny" / "par_info.json"
    assert read_info(path, "ab" * 32) == json.loads(path.read_text(encoding="utf-8"))
    assert read_info(path, "cd" * 32) is None  # other data: not these figures
    path.write_text("{not json", encoding="utf-8")
    assert read_info(path, "ab" * 32) is None
    assert read_info(tmp_path / "missing.json", "ab" * 32) is None
