"""The oracle: what is behind a stone, an artefact or a disc cannot be read from the ledger.

Before a pick the ledger holds the round's seed, bet, the state it began with and the choices so
far with their entropies. The oracle knows all of it and the shipped engine: it tries every option
(playing the flow up to that option's reveal, or for the last stone the whole round) and takes the
best. With the entropy each choice
carries (drawn after the pick, see game.round) it does no better than picking at random; on the
old engine (entropy 0: what every pick did before) it wins outright, so these tests can fail:

- Stones: the stones it gets score no better than random picks' (and the bonuses pay alike);
- Tomb Raider's world map: it finds as many traps as chance predicts (on entropy 0, none);
- the Shoot-out: its disc is worth the discs' average (on entropy 0, always the largest).

Entropies here come from a seeded stream, so the figures are the same on every run. Warlords asks
the player nothing (battles, re-spins and the Final Chance are drawn), so it has nothing to read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from game.bets import default_bet
from game.definitions import GameDefinition, load_game
from game.draws import KeyedDraws, keyed_stops, site_keys
from game.evaluate import compile_game, evaluate_spins
from game.events import PickRequestEvent
from game.games import rules_for
from game.games.stones.events import PickRevealEvent
from game.games.stones.feature import picks_for_counts, tables
from game.games.tombraider.events import ArtefactRevealEvent, ShootoutRevealEvent
from game.games.tombraider.model import PassportState
from game.money import Bet
from game.round import RoundContext, play_round, typed_state

pytestmark = pytest.mark.slow


def probe(
    defn: GameDefinition,
    bet: Bet,
    seed: int,
    choices: Sequence[int],
    entropies: Sequence[int],
    option: int,
    state: Any = None,
) -> Any:
    """The oracle's look ahead: the event the engine reveals for `option` after the stored
    `choices`, the round played from what the ledger holds. The new pick's entropy does not exist
    yet; the oracle plays it as 0 (any guess does as well)."""
    rules = rules_for(defn)
    ctx = RoundContext(defn, bet, KeyedDraws(seed), typed_state(rules, defn, state), seed=seed)
    flow = rules.play(ctx)
    answers, keys = [*choices, option], [*entropies, 0]
    reply: Any = None
    used = 0
    try:
        while True:
            event = flow.send(reply)
            reply = None
            if isinstance(event, PickRequestEvent):
                ctx.choice_number, ctx.choice_entropy = used, keys[used]
                reply = answers[used]
                used += 1
            elif used == len(answers):
                return event
    finally:
        flow.close()


def free_options(pending: PickRequestEvent) -> list[int]:
    return [i for i in range(pending.options) if i not in pending.picked]


# -- Stones ---------------------------------------------------------------------------------------
def stone_score(reveal: Any) -> float:
    """How much the oracle wants a stone: roughly its share of the free spins' pay."""
    if reveal.kind == "multiplier":
        return float(reveal.value)
    if reveal.kind == "spins":
        return reveal.value / 10
    return 3.0 if reveal.kind == "wild_reel" else 1.0


def triggering_seeds(defn: GameDefinition, bet: Bet, count: int) -> list[int]:
    """The first `count` seeds whose base spin wins the stones (found through the engine's own
    draws and evaluation, a thousand spins at a time)."""
    cg = compile_game(defn)
    t = tables(cg)
    base = cg.reels("base")
    found: list[int] = []
    start = 0
    while len(found) < count:
        seeds = range(start, start + 1000)
        stops = keyed_stops(site_keys(np.arange(start, start + 1000), "base"), base.lengths)
        counts = evaluate_spins(cg, base, cg.lut(), stops, bet).scatter_counts[:, t.trigger]
        found += [seeds[i] for i in np.flatnonzero(picks_for_counts(t, counts))]
        start += 1000
    return found[:count]


def play_bonus(
    defn: GameDefinition, bet: Bet, seed: int, chooser: Callable[..., int], entropy: Callable[[], int]
) -> tuple[float, int]:
    """One Stones bonus: each pick made by `chooser(choices, entropies, pending)`, then stored
    with `entropy()`; returns the picked stones' score and the round's win in coins."""
    choices: list[int] = []
    entropies: list[int] = []
    result = play_round(defn, bet, seed)
    score = 0.0
    while result.pending is not None:
        choices.append(chooser(seed, choices, entropies, result.pending))
        entropies.append(entropy())
        before = len(result.events)
        result = play_round(defn, bet, seed, choices, entropies=entropies)
        reveal = next(e for e in result.events[before:] if isinstance(e, PickRevealEvent))
        score += stone_score(reveal.feature)
    return score, result.total_win_coins


@pytest.fixture(scope="module")
def stones_runs() -> dict[str, np.ndarray]:
    defn = load_game("stones").definition
    bet = default_bet(defn)
    seeds = triggering_seeds(defn, bet, 60)

    def oracle(seed: int, choices: list[int], entropies: list[int], pending: PickRequestEvent) -> int:
        options = free_options(pending)
        if pending.picks_left == 1:  # the last pick: play the whole round for each option
            won = {
                o: play_round(defn, bet, seed, [*choices, o], entropies=[*entropies, 0]).total_win_coins
                for o in options
            }
            return max(options, key=lambda o: won[o])
        scores = {o: stone_score(probe(defn, bet, seed, choices, entropies, o).feature) for o in options}
        return max(options, key=lambda o: scores[o])

    picker = random.Random(7)

    def at_random(seed: int, choices: list[int], entropies: list[int], pending: PickRequestEvent) -> int:
        return picker.choice(free_options(pending))

    fresh = random.Random(19)
    runs = {
        "oracle_fresh": [play_bonus(defn, bet, s, oracle, lambda: fresh.getrandbits(63) or 1) for s in seeds],
        "random_fresh": [
            play_bonus(defn, bet, s, at_random, lambda: fresh.getrandbits(63) or 1) for s in seeds
        ],
        "oracle_old": [play_bonus(defn, bet, s, oracle, lambda: 0) for s in seeds[:20]],
        "random_old": [play_bonus(defn, bet, s, at_random, lambda: 0) for s in seeds[:20]],
    }
    return {name: np.array(rows, dtype=float) for name, rows in runs.items()}


def standard_error(a: np.ndarray, b: np.ndarray) -> float:
    return math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))


def test_stones_oracle_reads_the_old_engine(stones_runs):
    """Entropy 0 (the engine before): the seed tells every stone, and the oracle's bonuses are
    worth several times a random player's; it nearly always finds the best stones (a score of 8,
    about twice a random player's on these seeds)."""
    oracle, rand = stones_runs["oracle_old"], stones_runs["random_old"]
    assert oracle[:, 0].mean() > 1.5 * rand[:, 0].mean()
    assert oracle[:, 1].mean() > 3 * rand[:, 1].mean()


def test_stones_oracle_does_no_better_than_chance_with_fresh_entropy(stones_runs):
    oracle, rand = stones_runs["oracle_fresh"], stones_runs["random_fresh"]
    for col in (0, 1):  # the stones' score, the bonus's coins
        assert oracle[:, col].mean() < rand[:, col].mean() + 3 * standard_error(oracle[:, col], rand[:, col])
    assert oracle[:, 1].mean() < 1.5 * rand[:, 1].mean()  # the old engine gave it six times more


# -- Tomb Raider ----------------------------------------------------------------------------------
def tombraider_quests(
    defn: GameDefinition, quests: int, entropy: Callable[[], int], seed0: int = 0
) -> dict[str, Any]:
    """`quests` Global Adventures (every passport already stamped, so each round plays one),
    every pick the oracle's: an artefact that is not a trap (a bonus or treasure first, then the
    fragment), the largest disc. Counts the traps it found against chance's expectation."""
    bet = default_bet(defn)
    state = PassportState(active=(True,) * compile_game(defn).reel_count, spins=1, bet_cents=bet.total_cents)
    discs = len(defn.feature.shootout.discs)
    board = defn.feature.adventure.board
    out: dict[str, Any] = {"picks": 0, "traps": 0, "expected": 0.0, "variance": 0.0, "discs": []}
    for seed in range(seed0, seed0 + quests):
        choices: list[int] = []
        entropies: list[int] = []
        result = play_round(defn, bet, seed, state=state)
        traps_here = 0
        while result.pending is not None:
            pending = result.pending
            options = free_options(pending)
            shown = {o: probe(defn, bet, seed, choices, entropies, o, state) for o in options}
            if pending.options == discs:
                choice = max(options, key=lambda o: shown[o].value)
            else:
                rank = {"bonus": 0, "treasure": 0, "fragment": 1, "trap": 2}
                choice = min(options, key=lambda o: rank[shown[o].artefact])
                p = (board.trap - traps_here) / len(options)
                out["expected"] += p
                out["variance"] += p * (1 - p)
                out["picks"] += 1
            choices.append(choice)
            entropies.append(entropy())
            before = len(result.events)
            result = play_round(defn, bet, seed, choices, entropies=entropies, state=state)
            for event in result.events[before:]:
                if isinstance(event, ArtefactRevealEvent):
                    traps_here = 0 if event.traps == 0 else traps_here + (event.artefact == "trap")
                    out["traps"] += event.artefact == "trap"
                elif isinstance(event, ShootoutRevealEvent):
                    out["discs"].append(event.value)
        assert result.finished
    return out


@pytest.fixture(scope="module")
def tombraider() -> GameDefinition:
    return load_game("tombraider").definition


def test_world_map_oracle_reads_the_old_engine(tombraider):
    old = tombraider_quests(tombraider, 10, lambda: 0)
    assert old["picks"] >= 20 and old["traps"] == 0 and old["expected"] > 5


def test_world_map_oracle_finds_the_traps_chance_predicts_with_fresh_entropy(tombraider):
    fresh = random.Random(23)
    run = tombraider_quests(tombraider, 40, lambda: fresh.getrandbits(63) or 1, seed0=1000)
    assert run["picks"] >= 100
    assert abs(run["traps"] - run["expected"]) < 4 * math.sqrt(run["variance"])
    assert run["traps"] > 0.5 * run["expected"]


def shootout_game(defn: GameDefinition) -> GameDefinition:
    """The game with every hidden treasure a Shoot-out (only how often one is played changes,
    not how its discs are laid or revealed), so the test meets many."""
    adventure = defn.feature.adventure
    treasure = adventure.treasure.model_copy(
        update={"bonus_weight": 0, "double_weight": 0, "shootout_weight": 1}
    )
    feature = defn.feature.model_copy(
        update={"adventure": adventure.model_copy(update={"treasure": treasure})}
    )
    return defn.model_copy(update={"feature": feature})


def test_shootout_oracle_gets_the_average_disc_with_fresh_entropy(tombraider):
    game = shootout_game(tombraider)
    discs = np.array(tombraider.feature.shootout.discs)
    old = tombraider_quests(game, 6, lambda: 0)
    assert old["discs"] and set(old["discs"]) == {int(discs.max())}
    fresh = random.Random(29)
    got = np.array(tombraider_quests(game, 40, lambda: fresh.getrandbits(63) or 1, seed0=2000)["discs"])
    assert len(got) >= 40
    se = discs.std() / math.sqrt(len(got))
    assert abs(got.mean() - discs.mean()) < 4 * se
    assert got.mean() < 0.5 * discs.max()


def test_warlords_asks_no_choice():
    """Nothing in a Warlords round is the player's to pick, so nothing can be read ahead."""
    defn = load_game("warlords").definition
    bet = default_bet(defn)
    for seed in range(300):
        result = play_round(defn, bet, seed)
        assert result.finished and result.pending is None
        assert not any(isinstance(e, PickRequestEvent) for e in result.events)
