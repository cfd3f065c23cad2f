"""The render benchmark's Tomb Raider script (`BENCH`) still reaches what it is there to show,
played with the engine from its stored passports: no quest in the first two rounds, the third
round's free spins cascading up the ladder to x3, and the quest in the fourth."""

from __future__ import annotations

from tombraider_seeds import Quest

from game.rng import SeedSource
from scenes.games.tombraider import BENCH


def test_the_bench_seed_shows_the_ladder_then_the_quest() -> None:
    seeds = SeedSource(BENCH.seed)
    state = BENCH.state
    rounds = []
    for _ in range(4):
        quest = Quest(seeds.next_seed(), state)
        first = quest.play([])
        result = quest.first_pickable()[1] if first.pending is not None else first
        rounds.append((first.pending is not None, result.events))
        state = result.state_out.model_dump()
    assert [quest_round for quest_round, _events in rounds] == [False, False, False, True]
    third = rounds[2][1]
    assert any(e.type == "spin" and e.mode == "free" for e in third)
    assert any(e.type == "cascade" and e.multiplier >= 3 for e in third)
