"""A bad data file fails at load with its file, field and reason: one case per validation rule.

Each case copies the installed Stones data to tmp_path/stones/game.toml with one mutation.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.definitions import DefinitionError, games_dir, list_game_ids, load_definition, load_game


def toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v))


def toml_key(k: Any) -> str:
    return str(k) if isinstance(k, int) or str(k).replace("_", "").isalnum() else json.dumps(k)


def to_toml(data: dict[str, Any]) -> str:
    """Enough TOML for a game file: scalars and arrays first, then one table per dict."""
    out = [f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for k, v in data.items():
        if isinstance(v, dict):
            out.append(f"\n[{k}]")
            out += [f"{toml_key(kk)} = {toml_value(vv)}" for kk, vv in v.items()]
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def stones_data() -> dict[str, Any]:
    return tomllib.loads((games_dir() / "stones" / "game.toml").read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict[str, Any], folder: str = "stones") -> Path:
    path = tmp_path / folder / "game.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_toml(data), encoding="utf-8")
    return path


def test_the_writer_round_trips_the_real_file(stones_data, tmp_path):
    loaded = load_definition(write(tmp_path, stones_data))
    assert loaded.definition == load_game("stones").definition


def _set(*keys: Any, value: Any) -> Callable[[dict], None]:
    def mutate(d: dict) -> None:
        target = d
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value

    return mutate


def _del(*keys: Any) -> Callable[[dict], None]:
    def mutate(d: dict) -> None:
        target = d
        for k in keys[:-1]:
            target = target[k]
        del target[keys[-1]]

    return mutate


def _dup_symbol(d):
    d["symbols"].append(dict(d["symbols"][0]))


def _second_wild(d):
    d["symbols"].append({"id": "wild2", "name": "Wild 2", "kind": "wild"})
    d["paytable"]["wild2"] = {"3": 5}


def _short_strip(d):
    d["reel_sets"]["base"][2] = ["ten", "jack"]


def _unknown_on_strip(d):
    d["reel_sets"]["free"][1] = [*d["reel_sets"]["free"][1], "dragon"]


def _dup_line(d):
    d["lines"][4] = list(d["lines"][0])


CASES = [
    # (name, mutation, field, words in the reason)
    ("unknown field", _set("jackpot", value=5), "jackpot", "Extra inputs"),
    ("rtp out of range", _set("rtp_published", value=1.2), "rtp_published", "less than 1"),
    ("bad symbol id", _set("symbols", 0, "id", value="Ten!"), "symbols[0].id", "pattern"),
    ("bad symbol kind", _set("symbols", 0, "kind", value="golden"), "symbols[0].kind", "regular"),
    ("duplicate symbol", _dup_symbol, "symbols", "unique"),
    ("two wilds", _second_wild, "symbols", "at most one wild"),
    ("line too short", _set("lines", 2, value=[1, 1, 1, 1]), "lines[3]", "one row per reel"),
    ("line row out of range", _set("lines", 3, value=[0, 1, 3, 1, 0]), "lines[4]", "rows must be 0..2"),
    ("duplicate line", _dup_line, "lines", "different"),
    (
        "pays for an unknown symbol",
        _set("paytable", "dragon", value={"3": 5}),
        "paytable.dragon",
        "not defined",
    ),
    (
        "scatter in the line paytable",
        _set("paytable", "scatter", value={"3": 5}),
        "paytable.scatter",
        "cannot pay",
    ),
    ("pays that shrink", _set("paytable", "ten", value={"3": 50, "4": 15}), "paytable.ten", "grow"),
    (
        "non-positive pay",
        _set("paytable", "ten", value={"3": 0, "4": 5}),
        "paytable.ten.3",
        "greater than or equal to 1",
    ),
    ("count beyond a line", _set("paytable", "ten", value={"3": 5, "6": 50}), "paytable.ten", "positions"),
    ("empty pays", _set("paytable", "ten", value={}), "paytable.ten", "no pays"),
    ("regular symbol without pays", _del("paytable", "ten"), "paytable", "ten has no pays"),
    (
        "no base reel set",
        lambda d: d["reel_sets"].update(main=d["reel_sets"].pop("base")),
        "reel_sets",
        "base",
    ),
    ("missing strip", lambda d: d["reel_sets"]["base"].pop(), "reel_sets.base", "needs 5 strips"),
    ("strip shorter than the window", _short_strip, "reel_sets.base[3]", "shorter than the window"),
    ("undefined symbol on a strip", _unknown_on_strip, "reel_sets.free[2]", "dragon"),
    ("levels not increasing", _set("bet", "levels", value=[1, 3, 2]), "bet", "strictly increasing"),
    ("default level not offered", _set("bet", "default_level", value=11), "bet", "default_level"),
    ("default coin value not offered", _set("bet", "default_coin_value_cents", value=3), "bet", "coin value"),
    (
        "default lines beyond the lines",
        _set("bet", "default_lines", value=26),
        "bet.default_lines",
        "more than",
    ),
    ("negative cap", _set("cap", "max_currency_cents", value=0), "cap.max_currency_cents", "greater than"),
    (
        "trigger is not a scatter",
        _set("feature", "trigger_symbol", value="wild"),
        "feature.trigger_symbol",
        "scatter",
    ),
    (
        "free reel set missing",
        _set("feature", "free_reel_set", value="bonus"),
        "feature.free_reel_set",
        "bonus",
    ),
    (
        "picks below the trigger",
        _set("feature", "picks_by_scatters", value={"2": 2}),
        "feature.picks_by_scatters.2",
        "must be",
    ),
    (
        "too many picks",
        _set("feature", "picks_by_scatters", value={"3": 30}),
        "feature.picks_by_scatters.3",
        "must be",
    ),
    ("no free spins", _set("feature", "free_spins", value=0), "feature.free_spins", "greater than"),
    ("unknown feature type", _set("feature", "type", value="dragons"), "feature.type", "no game plays"),
    (
        "feature type without a section",
        _set("feature", "type", value="lines"),
        "feature.type",
        "no game plays",
    ),
    (
        "stone with symbol and value",
        _set("feature", "stones", 0, value={"kind": "spins", "value": 2, "symbol": "deer"}),
        "feature.stones[0]",
        "no symbol",
    ),
    (
        "stone reel out of range",
        _set("feature", "stones", 16, value={"kind": "wild_reel", "value": 6}),
        "feature.stones[16]",
        "reel must be",
    ),
    (
        "stone symbol not regular",
        _set("feature", "stones", 18, value={"kind": "wild_symbol", "symbol": "scatter"}),
        "feature.stones[18]",
        "not a regular",
    ),
]


@pytest.mark.parametrize(("name", "mutate", "field", "words"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_file_names_file_field_and_reason(stones_data, tmp_path, name, mutate, field, words):
    data = copy.deepcopy(stones_data)
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    err = info.value
    assert err.file == str(path)
    assert err.field == field, f"{name}: {err}"
    assert words in err.reason, f"{name}: {err}"
    assert str(err) == f"{path}: {field}: {err.reason}"


def test_id_must_match_the_folder(stones_data, tmp_path):
    path = write(tmp_path, stones_data, folder="other")
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert info.value.field == "id" and "folder" in info.value.reason


def test_not_toml_and_missing_file(tmp_path):
    path = tmp_path / "stones" / "game.toml"
    path.parent.mkdir()
    path.write_text("id = [unclosed", encoding="utf-8")
    with pytest.raises(DefinitionError, match="not valid TOML"):
        load_definition(path)
    with pytest.raises(DefinitionError, match="cannot read"):
        load_definition(tmp_path / "nowhere" / "game.toml")
    with pytest.raises(DefinitionError, match="no game with id"):
        load_game("no-such-game")


def test_the_installed_games_load():
    assert "stones" in list_game_ids()
    for game_id in list_game_ids():
        loaded = load_game(game_id)
        assert loaded.definition.id == game_id and len(loaded.sha256) == 64
