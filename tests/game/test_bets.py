"""Bets: the default, validation messages, MAX BET and the clamped selectors."""

from __future__ import annotations

import pytest

from game.bets import (
    default_bet,
    make_bet,
    max_bet,
    next_coin_value,
    next_level,
    next_lines,
    previous_coin_value,
    previous_level,
    previous_lines,
    step_bet,
    validate_bet,
)
from game.money import Bet


def test_default_bet(stones):
    bet = default_bet(stones.definition)
    assert (bet.lines, bet.level, bet.coin_value_cents) == (25, 1, 5)
    assert bet.total_coins == 25 and bet.total_cents == 125
    validate_bet(stones.definition, bet)


@pytest.mark.parametrize(
    ("bet", "words"),
    [
        (Bet(lines=26, level=1, coin_value_cents=5), "lines must be 1 to 25, got 26"),
        (Bet(lines=5, level=11, coin_value_cents=5), "bet level 11 is not offered"),
        (Bet(lines=5, level=1, coin_value_cents=3), "coin value 0.03 is not offered"),
        (Bet(lines=5, level=1, coin_value_cents=5, coins_per_level_unit=15), "coins per level"),
    ],
)
def test_validate_bet_messages(stones, bet, words):
    with pytest.raises(ValueError, match=words):
        validate_bet(stones.definition, bet)


def test_fixed_lines_must_play_every_line(stones):
    data = stones.definition.model_dump()
    data["bet"]["lines_selectable"] = False
    fixed = type(stones.definition).model_validate(data)
    with pytest.raises(ValueError, match="always plays all 25 lines"):
        validate_bet(fixed, Bet(lines=10, level=1, coin_value_cents=5))
    bet = default_bet(fixed)
    assert bet.lines == 25 and next_lines(fixed, bet) == bet and previous_lines(fixed, bet) == bet


def test_max_bet_keeps_the_coin_value(stones):
    d = stones.definition
    bet = max_bet(d, Bet(lines=3, level=2, coin_value_cents=20))
    assert (bet.lines, bet.level, bet.coin_value_cents) == (25, 10, 20)


def test_selectors_step_and_clamp(stones):
    d = stones.definition
    bet = Bet(lines=1, level=1, coin_value_cents=1)
    assert previous_lines(d, bet).lines == 1
    assert next_lines(d, bet).lines == 2
    assert previous_level(d, bet).level == 1
    assert next_level(d, bet).level == 2
    assert previous_coin_value(d, bet).coin_value_cents == 1
    assert next_coin_value(d, bet).coin_value_cents == 2
    top = Bet(lines=25, level=10, coin_value_cents=100)
    assert next_lines(d, top) == top and next_level(d, top) == top and next_coin_value(d, top) == top
    assert previous_coin_value(d, top).coin_value_cents == 50
    assert step_bet(d, bet, "coin_value", 3).coin_value_cents == 10
    assert step_bet(d, bet, "coin_value", 99).coin_value_cents == 100
    # a value between options snaps to the next option in the direction of travel
    odd = Bet(lines=5, level=1, coin_value_cents=3)
    assert next_coin_value(d, odd).coin_value_cents == 5
    assert previous_coin_value(d, odd).coin_value_cents == 2
    with pytest.raises(ValueError):
        step_bet(d, bet, "speed", 1)  # type: ignore[arg-type]


def test_make_bet_validates_with_plain_messages(stones):
    d = stones.definition
    assert make_bet(d, lines=9, level=4, coin_value_cents=20).total_coins == 36
    with pytest.raises(ValueError, match="lines must be 1 to 25, got 0"):
        make_bet(d, lines=0)
