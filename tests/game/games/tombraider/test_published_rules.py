"""Sentences of Tomb Raider's published rules that no other test pins on their own: the bet per
line, the Portrait that is never a Key or a Passport, Passports that pay nothing, the Portrait as
the wild, and the coins-to-credits formula (docs/rules/tombraider.md maps every sentence)."""

from __future__ import annotations

import numpy as np
import pytest

from game.bets import BetRefused, validate_bet
from game.evaluate import compile_game, evaluate_grids
from game.games.tombraider.feature import passport_bits, tables
from game.money import Bet


def _grid(cg, rows: list[list[str]]) -> np.ndarray:
    """(1, reels, rows) symbol indices of a grid written row by row (top first)."""
    return np.array([[[cg.index[rows[w][r]] for w in range(3)] for r in range(5)]])


def test_a_bet_is_one_to_ten_coins_per_line(tombraider) -> None:
    d = tombraider.definition
    assert d.bet.levels == list(range(1, 11))
    validate_bet(d, Bet(lines=30, level=10, coin_value_cents=1))
    with pytest.raises(BetRefused):
        validate_bet(d, Bet(lines=30, level=11, coin_value_cents=1))


def test_the_portrait_is_the_wild_but_never_a_key(tombraider) -> None:
    cg = compile_game(tombraider.definition)
    assert tombraider.definition.symbol("portrait").kind == "wild"
    bet = Bet(lines=30, level=1, coin_value_cents=1)
    rows = [
        ["key", "portrait", "ten", "jack", "queen"],
        ["portrait", "portrait", "portrait", "king", "ace"],
        ["key", "portrait", "queen", "jack", "ten"],
    ]
    batch = evaluate_grids(cg, cg.lut(), _grid(cg, rows), bet)
    t = tables(cg)
    # two Keys (the Portraits do not count as Keys): 1 × the total bet, and no trigger
    assert int(batch.scatter_counts[0, t.key_column]) == 2 < tombraider.definition.feature.trigger_min
    assert int(batch.scatter_coins[0]) == 30
    # the Portraits substitute on the lines: line 1 (the centre row) pays three Portraits
    # (250) rather than the Kings' 40 they would complete
    assert int(batch.line_coins[0]) >= 250


def test_the_portrait_never_stamps_a_reel_and_passports_pay_nothing(tombraider) -> None:
    d = tombraider.definition
    cg = compile_game(d)
    t = tables(cg)
    assert "passport" not in d.paytable and "passport" not in d.scatter_pays
    bet = Bet(lines=30, level=1, coin_value_cents=1)
    batch = evaluate_grids(cg, cg.lut(), _grid(cg, [["passport"] * 5] * 3), bet)
    assert int(batch.win_coins[0]) == 0
    # the base stops whose centre row shows the Portrait stamp nothing
    for r, strip in enumerate(d.reel_sets["base"]):
        stops = [s for s in range(len(strip)) if strip[(s + 1) % len(strip)] == "portrait"]
        grid = np.zeros((len(stops), 5), dtype=np.int64)
        grid[:, r] = stops
        others = [i for i in range(5) if i != r]
        for o in others:  # a stop of the other reels whose centre is not a passport
            grid[:, o] = next(s for s in range(66) if d.reel_sets["base"][o][(s + 1) % 66] != "passport")
        assert stops and not passport_bits(t, grid).any()


def test_coins_times_the_coin_size_is_the_amount_in_credits(tombraider) -> None:
    from game.round import play_round

    for coin in tombraider.definition.bet.coin_values_cents:
        bet = Bet(lines=30, level=2, coin_value_cents=coin)
        r = next(
            r for s in range(100) if (r := play_round(tombraider.definition, bet, s)).total_win_coins > 0
        )
        assert r.total_win_cents == r.total_win_coins * coin
