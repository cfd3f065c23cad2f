"""Tomb Raider's `[feature]` data: what a bad file is refused for, naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from game.definitions import DefinitionError, GameDefinition, games_dir, load_definition

from .conftest import small_data


def _super(**kw: Any) -> dict[str, Any]:
    base = small_data()["feature"]["super_mode"]
    return {**base, **kw}


def _adventure(**kw: Any) -> dict[str, Any]:
    base = small_data()["feature"]["adventure"]
    return {**base, **kw}


CASES = [
    ("scatter is a scatter", {"scatter": "a"}, "feature.scatter"),
    ("passport is a bonus symbol", {"passport": "k"}, "feature.passport"),
    ("activation row inside the window", {"passport_row": 3}, "feature.passport_row"),
    ("free reel set exists", {"free_reel_set": "nope"}, "feature.free_reel_set"),
    ("ladder grows", {"ladder": [2, 1]}, "ladder"),
    ("Super Mode reel set exists", {"super_mode": _super(reel_set="nope")}, "feature.super_mode.reel_set"),
    ("Super Mode reels exist", {"super_mode": _super(reels=[2, 6])}, "feature.super_mode.reels"),
    ("Super Mode reels in order", {"super_mode": _super(reels=[3, 2])}, "reels"),
    ("no more held wilds than cells", {"super_mode": _super(wilds=[{"value": 7, "weight": 1}])}, "wilds"),
    ("Super Mode weight below out_of", {"super_mode": _super(weight=10)}, "weight"),
    (
        "locations are unique",
        {"adventure": _adventure(locations=[small_data()["feature"]["adventure"]["locations"][0]] * 2)},
        "unique",
    ),
    (
        "traps to end are on the board",
        {"adventure": _adventure(board={"trap": 2, "treasure": 1, "bonus": 1, "traps_to_end": 3})},
        "traps_to_end",
    ),
    (
        "jackpot values distinct",
        {"adventure": _adventure(jackpots=[{"value": 5, "weight": 1}] * 2)},
        "distinct",
    ),
    ("discs positive", {"shootout": {"discs": [1, 0, 3]}}, "positive"),
]


@pytest.mark.parametrize(("name", "change", "words"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_feature_is_refused(name: str, change: dict, words: str) -> None:
    data = small_data(**change)
    with pytest.raises(ValidationError) as info:
        GameDefinition.model_validate(data)
    assert words in str(info.value), name


def test_every_base_reel_must_be_able_to_activate() -> None:
    data = small_data()
    data["reel_sets"]["base"][2] = ["a", "b", "k", "w"]
    with pytest.raises(ValidationError, match=r"feature\.passport: base reel 3 never shows p"):
        GameDefinition.model_validate(data)


def test_the_shipped_file_names_the_field_of_a_bad_value(tmp_path) -> None:
    text = (games_dir() / "tombraider" / "game.toml").read_text(encoding="utf-8")
    assert "passport_row = 1\n" in text
    path = tmp_path / "tombraider" / "game.toml"
    path.parent.mkdir()
    path.write_text(text.replace("passport_row = 1\n", "passport_row = 4\n"), encoding="utf-8")
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert info.value.field == "feature.passport_row"


def test_the_shipped_feature(tombraider) -> None:
    f = tombraider.definition.feature
    assert (f.scatter, f.passport, f.passport_row, f.free_spins, f.trigger_min) == (
        "key",
        "passport",
        1,
        10,
        3,
    )
    assert [f.multiplier(k) for k in range(7)] == [1, 2, 3, 4, 5, 5, 5]
    assert [loc.id for loc in f.adventure.locations] == ["london", "ghana", "cambodia", "peru", "tokyo"]
    board = f.adventure.board
    assert (board.size, board.trap, board.treasure, board.bonus, board.traps_to_end) == (6, 2, 1, 2, 2)
    assert len(f.shootout.discs) == 15 and min(f.shootout.discs) == 1 and max(f.shootout.discs) == 50
    assert sorted(j.value for j in f.adventure.jackpots) == [500, 1000, 2500, 5000]
    assert sorted(w.value for w in f.super_mode.wilds) == [3, 4, 5, 6] and f.super_mode.spins == 5
    d = tombraider.definition
    assert d.paytable["portrait"][5] == 7500
    assert d.scatter_pays["key"] == {2: 1, 3: 3, 4: 15, 5: 100}
    assert len(d.lines) == 30 and d.bet.levels == list(range(1, 11))
    assert d.bet.coin_values_cents == [1, 2, 5, 10, 20] and d.bet.lines_selectable
