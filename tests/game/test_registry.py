"""The game registry: features dispatch to their game's model, events join one tagged union,
test-only games register and unregister, a tag used twice is refused."""

from __future__ import annotations

from typing import Literal

import pytest

from game import games
from game.definitions import GameDefinition
from game.events import GameEvent, event_types, events_from_json, events_to_json
from game.games.stones.model import StonesFeature


def test_every_shipped_game_names_a_package_with_rules():
    for feature_type in games.GAMES:
        rules = games._part(feature_type, "rules", "RULES")
        assert rules.feature_type == feature_type


def test_the_state_model_read_without_the_rules_is_the_rules_own(stones, relic):
    from game.definitions import load_definition
    from game.paths import asset_path

    tombraider = load_definition(asset_path("games", "tombraider", "game.toml"))
    for loaded in (stones, relic, tombraider):
        defn = loaded.definition
        assert games.state_model(defn) is games.rules_for(defn).state_model
    assert games.state_model(tombraider.definition) is not None  # the passports
    assert games.state_model(relic.definition) is not None
    assert games.state_model(stones.definition) is None


def test_a_feature_is_validated_by_its_games_model(stones):
    assert type(stones.definition.feature) is StonesFeature
    data = stones.definition.model_dump(mode="json")
    again = GameDefinition.model_validate(data)
    assert again == stones.definition


def test_the_union_holds_every_registered_games_events(relic):
    tags = {m.model_fields["type"].default for m in event_types()}
    assert {"spin", "cascade", "pick_reveal", "free_spins_start", "relic_gems", "relic_pay"} <= tags


def test_events_of_a_registered_game_round_trip(relic):
    from relicgame.events import RelicPayEvent

    events = [RelicPayEvent(gems=3, coins=30, positions=[(0, 1), (2, 2), (4, 0)])]
    assert events_from_json(events_to_json(events)) == events


def test_a_tag_used_twice_is_refused(monkeypatch):
    class Clash(GameEvent):
        type: Literal["spin"] = "spin"

    monkeypatch.setattr(games, "event_models", lambda: (Clash,))
    with pytest.raises(ValueError, match="used by both"):
        event_types()


def test_registering_changes_the_generation_and_unknown_types_are_refused():
    before = games.generation()
    games.register_package("probe_type", "nowhere_package")
    try:
        assert games.generation() == before + 1
        assert games.packages()["probe_type"] == "nowhere_package"
    finally:
        games.unregister_package("probe_type")
    assert "probe_type" not in games.packages()
    with pytest.raises(ValueError, match="no game plays feature type 'dragons'"):
        games.package_for("dragons")
    with pytest.raises(ValueError, match="already belongs"):
        games.register_package("stones", "elsewhere")
