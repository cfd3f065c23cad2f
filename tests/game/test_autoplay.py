"""Autoplay stop rules on a seeded sequence of real rounds: each condition stops at the exact round.

The rounds are played by the production engine (`play_round`) from fixed seeds, picks answered in
order; the balance is a fake ledger (start − bet + win per round). Each expected stop index is
found by an independent plain scan of the outcomes AND pinned as a golden number, so a change in
either the controller or the engine's outcomes shows up.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from game.autoplay import ROUND_CHOICES, AutoplayConfig, AutoplayController, StopReason
from game.bets import default_bet
from game.round import play_round

FEATURE_SEED = 26  # the first seed of the default bet whose base spin triggers free spins
PLAIN = [s for s in range(20, 100) if s != FEATURE_SEED]  # 79 rounds without free spins
SEEDS = [*PLAIN[:30], FEATURE_SEED, *PLAIN[30:]]  # free spins at round index 30
START = 10_000  # cents


def _play(defn, bet, seed: int) -> tuple[int, bool]:
    result = play_round(defn, bet, seed)
    free_spins = result.pending is not None
    choices: list[int] = []
    while result.pending is not None:
        choices.append(next(i for i in range(result.pending.options) if i not in choices))
        result = play_round(defn, bet, seed, choices)
    return result.total_win_cents, free_spins


@pytest.fixture(scope="module")
def setup(stones):
    defn = stones.definition
    bet = default_bet(defn)
    return bet.total_cents, [_play(defn, bet, s) for s in SEEDS]


def _run(config: AutoplayConfig, bet_cents: int, outcomes, start: int = START):
    """Drive a controller like the reels scene does; return (round index, reason, controller)."""
    auto = AutoplayController(config, start)
    balance = start
    for i, (win, free_spins) in enumerate(outcomes):
        reason = auto.can_start(balance, bet_cents)
        if reason is not None:
            return i, reason, auto
        auto.on_round_started()
        balance -= bet_cents
        if free_spins and auto.on_free_spins_triggered() is None:
            assert auto.paused_for_pick and not auto.may_advance
            auto.resume()  # the player picked and pressed CONTINUE
        balance += win
        reason = auto.on_round_finished(win, balance, free_spins)
        if reason is not None:
            return i, reason, auto
    return len(outcomes), None, auto


def _balances(bet_cents: int, outcomes, start: int = START) -> list[int]:
    out, b = [], start
    for win, _ in outcomes:
        b += win - bet_cents
        out.append(b)
    return out


def test_defaults_are_all_off():
    cfg = AutoplayConfig()
    assert cfg.rounds == 10
    assert not cfg.stop_on_any_win and not cfg.stop_on_free_spins
    assert cfg.single_win_exceeds_cents is None
    assert cfg.cash_increases_by_cents is None and cfg.cash_decreases_by_cents is None
    assert ROUND_CHOICES == (10, 25, 50, 100, 250, 500, 1000)


def test_rejects_rounds_not_offered_and_non_positive_amounts():
    with pytest.raises(ValidationError):
        AutoplayConfig(rounds=7)
    with pytest.raises(ValidationError):
        AutoplayConfig(single_win_exceeds_cents=0)


def test_stops_after_the_chosen_number_of_rounds(setup):
    bet, outcomes = setup
    i, reason, auto = _run(AutoplayConfig(rounds=25), bet, outcomes)
    assert (i, reason) == (24, StopReason.ROUNDS_DONE)
    assert auto.rounds_played == 25 and auto.rounds_left == 0


def test_a_count_of_rounds_from_the_command_line(setup):
    """`--autoplay N`: any positive number of rounds, the settings' count otherwise ignored."""
    bet, outcomes = setup
    auto = AutoplayController(AutoplayConfig(), START, rounds=37)
    assert auto.rounds_left == 37
    balance = START
    for win, free_spins in outcomes:
        if auto.can_start(balance, bet) is not None:
            break
        auto.on_round_started()
        balance += win - bet
        if auto.on_round_finished(win, balance, free_spins) is not None:
            break
    assert (auto.stop_reason, auto.rounds_played, auto.rounds_left) == (StopReason.ROUNDS_DONE, 37, 0)
    with pytest.raises(ValueError):
        AutoplayController(AutoplayConfig(), START, rounds=0)


def test_stop_on_any_win(setup):
    bet, outcomes = setup
    expected = next(i for i, (w, _) in enumerate(outcomes) if w > 0)
    i, reason, _ = _run(AutoplayConfig(rounds=100, stop_on_any_win=True), bet, outcomes)
    assert (i, reason) == (expected, StopReason.ANY_WIN) == (1, StopReason.ANY_WIN)


def test_stop_on_free_spins_stops_at_the_trigger(setup):
    bet, outcomes = setup
    expected = next(i for i, (_, fs) in enumerate(outcomes) if fs)
    auto = AutoplayController(AutoplayConfig(rounds=100, stop_on_free_spins=True), START)
    balance = START
    stopped_at = -1
    for i, (win, fs) in enumerate(outcomes):
        assert auto.can_start(balance, bet) is None
        auto.on_round_started()
        if fs:
            stopped_at = i
            assert auto.on_free_spins_triggered() is StopReason.FREE_SPINS
            assert not auto.running and not auto.paused_for_pick
            break
        balance += win - bet
        assert auto.on_round_finished(win, balance, fs) is None
    assert stopped_at == expected == 30
    # the round still completes; finishing it reports the same reason
    assert auto.on_round_finished(outcomes[stopped_at][0], balance, True) is StopReason.FREE_SPINS


def test_free_spins_without_the_stop_pause_for_picks(setup):
    bet, outcomes = setup
    i, reason, _ = _run(AutoplayConfig(rounds=50), bet, outcomes)
    assert (i, reason) == (49, StopReason.ROUNDS_DONE)  # paused at 30, resumed, carried on
    auto2 = AutoplayController(AutoplayConfig(), START)
    auto2.on_round_started()
    assert auto2.on_free_spins_triggered() is None
    assert auto2.paused_for_pick and auto2.running and not auto2.may_advance
    auto2.resume()
    assert auto2.may_advance


def test_single_win_exceeds_or_equals(setup):
    bet, outcomes = setup
    threshold = 200  # a win of exactly this amount exists in the sequence: equal must stop
    expected = next(i for i, (w, _) in enumerate(outcomes) if w >= threshold)
    assert outcomes[expected][0] == threshold
    i, reason, _ = _run(AutoplayConfig(rounds=100, single_win_exceeds_cents=threshold), bet, outcomes)
    assert (i, reason) == (expected, StopReason.SINGLE_WIN) == (12, StopReason.SINGLE_WIN)
    i2, _, _ = _run(AutoplayConfig(rounds=100, single_win_exceeds_cents=threshold + 1), bet, outcomes)
    assert i2 > expected


def test_cash_increases_by(setup):
    bet, outcomes = setup
    target = 300  # reached by the free-spins round's win (its strips and draws set the figure)
    balances = _balances(bet, outcomes)
    expected = next(i for i, b in enumerate(balances) if b - START >= target)
    i, reason, _ = _run(AutoplayConfig(rounds=100, cash_increases_by_cents=target), bet, outcomes)
    assert (i, reason) == (expected, StopReason.CASH_INCREASE) == (30, StopReason.CASH_INCREASE)


def test_cash_decreases_by(setup):
    bet, outcomes = setup
    target = 500
    balances = _balances(bet, outcomes)
    expected = next(i for i, b in enumerate(balances) if START - b >= target)
    i, reason, _ = _run(AutoplayConfig(rounds=100, cash_decreases_by_cents=target), bet, outcomes)
    assert (i, reason) == (expected, StopReason.CASH_DECREASE) == (GOLDEN_DECREASE, StopReason.CASH_DECREASE)


GOLDEN_DECREASE = 4


def test_balance_that_cannot_cover_the_bet_stops_before_the_round(setup):
    bet, outcomes = setup
    start = 3 * bet + 10
    balances = _balances(bet, outcomes, start)
    # the first round whose opening balance is short of the bet
    opening = [start, *balances]
    expected = next(i for i, b in enumerate(opening) if b < bet)
    i, reason, _ = _run(AutoplayConfig(rounds=100), bet, outcomes, start=start)
    assert (i, reason) == (expected, StopReason.INSUFFICIENT_FUNDS)


def test_changes_during_a_round_apply_after_it():
    auto = AutoplayController(AutoplayConfig(rounds=10), 1000)
    assert auto.can_start(1000, 100) is None
    auto.on_round_started()
    auto.change_config(AutoplayConfig(rounds=10, stop_on_any_win=True))
    assert auto.pending_config is not None
    # this round was started without "stop on any win": its win does not stop autoplay
    assert auto.on_round_finished(50, 950, False) is None
    assert auto.config.stop_on_any_win and auto.pending_config is None
    auto.on_round_started()
    assert auto.on_round_finished(50, 900, False) is StopReason.ANY_WIN


def test_change_between_rounds_applies_at_once_and_new_round_count_restarts():
    auto = AutoplayController(AutoplayConfig(rounds=10), 1000)
    auto.on_round_started()
    auto.on_round_finished(0, 900, False)
    assert auto.rounds_left == 9
    auto.change_config(AutoplayConfig(rounds=25))
    assert auto.rounds_left == 25 and auto.pending_config is None


def test_player_stop():
    auto = AutoplayController(AutoplayConfig(), 1000)
    assert auto.stop() is StopReason.PLAYER
    assert auto.can_start(1000, 10) is StopReason.PLAYER
