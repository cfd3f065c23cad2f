"""Tomb Raider simulated through the production engine: the batch pays what the played flow pays
round by round (taped draws replayed, state carried per player), its permutations are uniform,
its players start where the passports' long-run law puts them, and no pick strategy changes what
the Global Adventure is worth."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from game.bets import default_bet
from game.draws import KeyedDraws
from game.evaluate import compile_game
from game.events import PickRequestEvent
from game.games.tombraider import exact
from game.games.tombraider import flow as tr_flow
from game.games.tombraider.batch import initial_batch_state, permutations, simulate_batch
from game.games.tombraider.events import AdventureEndEvent, ShootoutStartEvent
from game.games.tombraider.feature import tables
from game.games.tombraider.model import PassportState
from game.math.simulate import simulate
from game.money import Bet
from game.rng import Rng
from game.round import RoundContext


@pytest.mark.slow
def test_the_flow_equals_the_batch_on_twenty_thousand_rounds_with_every_feature(tombraider) -> None:
    d = tombraider.definition
    out = simulate(d, default_bet(d), 20_000, seed=11, workers=1, check_flow=20_000)
    rates = out["feature_rates"]
    assert out["flow_checked"] == 20_000
    assert out["flow_mismatches"] == 0, out.get("flow_mismatch_examples")
    assert rates["free_spins"] * 20_000 >= 80 and rates["adventure"] * 20_000 >= 80
    assert rates["super_mode"] * 20_000 >= 20 and rates["shootout"] * 20_000 >= 10
    assert rates["jackpot"] * 20_000 >= 10


@pytest.mark.slow
def test_the_flow_equals_the_batch_at_other_bets(tombraider) -> None:
    """Fewer lines (cascades follow the active lines; a jackpot per line is rounded down), a
    higher level and another coin value."""
    d = tombraider.definition
    bet = Bet(lines=7, level=3, coin_value_cents=5)
    out = simulate(d, bet, 6_000, seed=3, workers=1, check_flow=6_000)
    assert out["flow_mismatches"] == 0, out.get("flow_mismatch_examples")
    assert out["feature_rates"]["adventure"] * 6_000 >= 20


@pytest.mark.slow
def test_a_flow_that_collects_differently_is_caught(tombraider, monkeypatch) -> None:
    real = tr_flow.collect

    def one_cent_more(state, bits, bet_cents, reels):
        return real(state, bits, bet_cents + 1, reels)

    monkeypatch.setattr(tr_flow, "collect", one_cent_more)
    d = tombraider.definition
    out = simulate(d, default_bet(d), 2_000, seed=2, workers=1, check_flow=2_000)
    assert out["flow_mismatches"] > 100
    assert any("state" in e for e in out["flow_mismatch_examples"])


class _Counting:
    """A stand-in RNG whose bounded draws count up: every value of a draw comes out in turn."""

    def __init__(self) -> None:
        self.next = 0

    def below_many(self, n: int, count: int) -> np.ndarray:
        out = (self.next + np.arange(count)) % n
        self.next += count
        return out


@pytest.mark.parametrize("n", [2, 4, 6])
def test_the_batch_permutations_are_a_bijection_of_their_draws(n: int) -> None:
    """n ≤ 12 takes one draw below n!: every value gives another order, so uniform draws give
    uniform orders."""
    orders = permutations(_Counting(), n, math.factorial(n))  # type: ignore[arg-type]
    assert len({tuple(o) for o in orders.tolist()}) == math.factorial(n)


def test_the_batch_permutations_of_fifteen_discs_are_uniform() -> None:
    rng = Rng.from_seed(5)
    orders = permutations(rng, 15, 60_000)
    assert np.all(np.sort(orders, axis=1) == np.arange(15))
    # every value lands at every place about equally often
    counts = np.zeros((15, 15))
    for place in range(15):
        counts[place] = np.bincount(orders[:, place], minlength=15)
    expected = 60_000 / 15
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 320  # 196 degrees of freedom: p ≈ 1e-7


def test_players_start_from_the_passports_long_run_law(tombraider) -> None:
    d = tombraider.definition
    cg = compile_game(d)
    bet = default_bet(d)
    state = initial_batch_state(cg, bet, Rng.from_seed(1), 200_000)
    chain = exact.passport_chain(d)
    counts = np.bincount(state[:, 0], minlength=32) / 200_000
    assert counts[31] == 0
    for s in range(31):
        p = float(chain.before_round[s])
        assert abs(counts[s] - p) < 5 * math.sqrt(p * (1 - p) / 200_000) + 1e-9, s
    active = state[:, 0] > 0
    assert np.all(state[active, 1] == 1) and np.all(state[active, 2] == bet.total_cents)
    assert np.all(state[~active, 1:] == 0)


def test_the_batch_carries_each_players_passports(tombraider) -> None:
    d = tombraider.definition
    cg = compile_game(d)
    bet = default_bet(d)
    rng, picks = Rng.from_seed(8), Rng.from_seed(9)
    state = initial_batch_state(cg, bet, rng, 2_000)
    before = state.copy()
    played = simulate_batch(cg, bet, rng, picks, 2_000, state=state, record=np.arange(2_000))
    assert np.array_equal(state, before)  # the input is not changed in place
    out = played.state
    quests = out[:, 3] > before[:, 3]
    assert quests.sum() == played.counts["adventure"] > 0
    assert np.all(out[quests, :3] == 0)
    kept = ~quests
    assert np.all(out[kept, 0] & before[kept, 0] == before[kept, 0])  # activations are kept
    grew = kept & (out[:, 0] > 0)
    assert np.all(out[grew, 1] == before[grew, 1] + 1)
    for i, tape in played.tapes.items():
        assert tape.state_in == _typed(before[i]) and tape.state_out == _typed(out[i])


def _typed(row: np.ndarray) -> PassportState:
    return PassportState(
        active=tuple(bool(int(row[0]) >> r & 1) for r in range(5)),
        spins=int(row[1]),
        bet_cents=int(row[2]),
        adventures=int(row[3]),
    )


# -- pick strategies ------------------------------------------------------------------------------


def _quest_win(defn, bet: Bet, seed: int, state: PassportState, choose) -> int:
    """Play one round through the flow, answering every pick with `choose(pending, events)`."""
    ctx = RoundContext(defn, bet, KeyedDraws(seed), state)
    game = tr_flow.play(ctx)
    events: list[Any] = []
    reply = None
    try:
        while True:
            event = game.send(reply)
            reply = None
            events.append(event)
            if isinstance(event, PickRequestEvent):
                reply = choose(event, events)
    except StopIteration:
        pass
    return next(e.win_coins for e in events if isinstance(e, AdventureEndEvent))


def _lowest(pending: PickRequestEvent, events: list) -> int:
    return min(i for i in range(pending.options) if i not in pending.picked)


def _highest(pending: PickRequestEvent, events: list) -> int:
    return max(i for i in range(pending.options) if i not in pending.picked)


def _hunch(pending: PickRequestEvent, events: list) -> int:
    """Reacts to what it has seen: after a Shoot-out disc or a trap it jumps across the board."""
    free = [i for i in range(pending.options) if i not in pending.picked]
    if isinstance(events[-2], ShootoutStartEvent):
        return free[-1]
    return free[(len(events) * 5) % len(free)]


@pytest.mark.slow
def test_no_pick_strategy_changes_what_the_adventure_is_worth(tombraider) -> None:
    """With every reel already active each round plays a quest; three strategies on the same 1,500
    seeds each average the exact value (within 4 standard errors) and one another."""
    d = tombraider.definition
    bet = default_bet(d)
    state = PassportState(active=(True,) * 5, spins=10, bet_cents=10 * bet.total_cents)
    value = float(exact.adventure_value(d, bet.lines).value) * bet.total_coins
    means = []
    for choose in (_lowest, _highest, _hunch):
        wins = np.array([_quest_win(d, bet, seed, state, choose) for seed in range(1_500)], dtype=float)
        se = wins.std(ddof=1) / math.sqrt(len(wins))
        assert abs(wins.mean() - value) < 4 * se, (choose.__name__, wins.mean(), value, se)
        means.append(wins.mean())
    assert max(means) - min(means) < 0.25 * value


def test_the_quest_amounts_are_worked_out_from_the_money_staked() -> None:
    """Same money per spin, other coins: an amount's cents do not depend on the coin value."""
    from game.games.tombraider.adventure import money

    rows = np.arange(1)
    for spins, cents, coin in [(4, 120, 1), (4, 120, 2), (4, 120, 5), (3, 90, 10)]:
        m = money(np.array([spins]), np.array([cents]), coin, 0, 30)
        assert int(m.amount(rows, np.array([7]))[0]) * coin == 7 * 30  # 30 cents a spin
        assert int(m.jackpot(rows, np.array([500]))[0]) * coin == 500  # 1 cent a line
    # not a whole number of coins: rounded down, less than a coin lost
    m = money(np.array([3]), np.array([100]), 5, 0, 30)
    assert int(m.amount(rows, np.array([2]))[0]) == 13  # 2 × 33.33 cents = 66.67 → 13 coins of 5


def test_tables_follow_the_data(tombraider) -> None:
    t = tables(compile_game(tombraider.definition))
    assert t.super_cells == tuple((r, w) for r in range(1, 5) for w in range(3))
    assert sum(t.centre[r, : t.base_lengths[r]].sum() for r in range(5)) == 5
    assert t.quest.size == 6 and t.quest.locations == ("london", "ghana", "cambodia", "peru", "tokyo")
    assert Fraction(t.super_weights[0], sum(t.super_weights)) == Fraction(
        tombraider.definition.feature.super_mode.weight, tombraider.definition.feature.super_mode.out_of
    )


@pytest.mark.slow
@pytest.mark.parametrize("cap", [20, 300])
def test_the_flow_equals_the_batch_when_the_cap_ends_rounds(tombraider, cap: int) -> None:
    """A tiny cap (coins per level) ends rounds in the base spin (20) or in a feature (300): the
    flow stops drawing where it stops paying, and a quest not played keeps its passports."""
    from game.definitions import GameDefinition

    data = tombraider.definition.model_dump()
    data["cap"] = {"max_coins_per_level": cap}
    d = GameDefinition.model_validate(data)
    out = simulate(d, default_bet(d), 8_000, seed=4, workers=1, check_flow=8_000)
    assert out["flow_mismatches"] == 0, out.get("flow_mismatch_examples")
    assert out["feature_rates"]["capped"] * 8_000 >= 50


@pytest.mark.slow
@pytest.mark.parametrize("cap", [None, 400])
def test_the_flow_equals_the_batch_when_super_mode_stamps_and_wins_free_spins(tombraider, cap) -> None:
    """Super Mode on one base spin in four: its spins stamp passports, complete sets (played at
    the end of the round) and win free spins (played after it), with and without a cap ending
    rounds inside them."""
    from game.definitions import GameDefinition

    data = tombraider.definition.model_dump()
    sm = data["feature"]["super_mode"]
    sm["weight"] = sm["out_of"] // 4
    if cap is not None:
        data["cap"] = {"max_coins_per_level": cap}
    d = GameDefinition.model_validate(data)
    out = simulate(d, default_bet(d), 6_000, seed=5, workers=1, check_flow=6_000)
    assert out["flow_mismatches"] == 0, out.get("flow_mismatch_examples")
    rates = out["feature_rates"]
    assert rates["super_mode_free_spins"] * 6_000 >= 5
    assert rates["adventures_in_super_mode"] * 6_000 >= 5


@pytest.mark.slow
def test_the_batch_plays_super_modes_stamps_and_triggers_at_the_exact_rates(small) -> None:
    """The small game (Super Mode 1 in 10, two spins): after a burn-in, the simulated Global
    Adventures per round (and those completed in Super Mode) and the free-spins triggers won in
    Super Mode agree with the exact calculator within 5 standard errors."""
    cg = compile_game(small)
    bet = Bet(lines=5, level=1, coin_value_cents=1)
    rng, picks = Rng.from_seed(21), Rng.from_seed(22)
    players, burn, rounds = 2_000, 40, 160
    state = initial_batch_state(cg, bet, rng, players)
    counts = {"adventure": 0, "adventures_in_super_mode": 0, "super_mode_free_spins": 0}
    for k in range(rounds):
        out = simulate_batch(cg, bet, rng, picks, players, state=state)
        state = out.state
        if k >= burn:
            for name in counts:
                counts[name] += out.counts[name]
    n = players * (rounds - burn)
    rounds_law = exact.passport_rounds(small)
    sm = exact.super_mode_value(small, 5)
    want = {
        "adventure": rounds_law.rate,
        "adventures_in_super_mode": rounds_law.in_super_mode,
        "super_mode_free_spins": sm.probability * sm.spins * sm.trigger_per_spin,
    }
    for name, p in want.items():
        p = float(p)
        assert abs(counts[name] / n - p) < 5 * math.sqrt(p / n), (name, counts[name] / n, p)
