"""The production engine's cascade on a hand-built grid of the shipped game: which cells burst
and what falls in, reel by reel, including the wrap from the strip's start to its end."""

from __future__ import annotations

import numpy as np

from game.evaluate import compile_game, evaluate_grids
from game.games.tombraider.feature import burst_cells, fall, passport_bits, tables
from game.money import Bet

# rows top to bottom, reels left to right: ace ace ace on the middle row (line 1) and two keys
ROWS = [
    ["ten", "jack", "queen", "king", "key"],
    ["ace", "ace", "ace", "jack", "queen"],
    ["king", "queen", "ten", "key", "jack"],
]


def test_a_hand_built_grid_bursts_its_wins_and_the_strip_above_drops_in(tombraider) -> None:
    cg = compile_game(tombraider.definition)
    t = tables(cg)
    grid = np.array([[[cg.index[ROWS[w][r]] for w in range(3)] for r in range(5)]])
    bet = Bet(lines=30, level=1, coin_value_cents=1)
    batch = evaluate_grids(cg, cg.lut(), grid, bet)
    assert int(batch.line_coins[0]) == 15 and int(batch.scatter_coins[0]) == 30  # ace×3, 2 keys × 30
    gone = burst_cells(cg, t, grid, batch, bet.lines)
    assert sorted(map(tuple, np.argwhere(gone[0]).tolist())) == [(0, 1), (1, 1), (2, 1), (3, 2), (4, 0)]
    tops = np.array([[0, 5, 10, 0, 3]])
    after = fall(t, grid, tops, gone)
    strips = tombraider.definition.reel_sets["free"]
    above = [strips[r][(s - 1) % len(strips[r])] for r, s in enumerate([0, 5, 10, 0, 3])]
    want = [
        [above[0], "ten", "king"],  # the middle burst: the top falls one row
        [above[1], "jack", "queen"],
        [above[2], "queen", "ten"],
        [above[3], "king", "jack"],  # the bottom key burst
        [above[4], "queen", "jack"],  # the top key burst: nothing falls
    ]
    assert [[cg.symbol_ids[x] for x in reel] for reel in after[0].tolist()] == want
    assert tops.tolist() == [[len(strips[0]) - 1, 4, 9, len(strips[3]) - 1, 2]]


def test_a_line_run_through_a_wild_bursts_the_wild_too(tombraider) -> None:
    cg = compile_game(tombraider.definition)
    t = tables(cg)
    rows = [list(r) for r in ROWS]
    rows[1][1] = "portrait"
    rows[0][4] = "ten"  # one key only: the keys do not pay and stay
    grid = np.array([[[cg.index[rows[w][r]] for w in range(3)] for r in range(5)]])
    bet = Bet(lines=1, level=1, coin_value_cents=1)
    batch = evaluate_grids(cg, cg.lut(), grid, bet)
    gone = burst_cells(cg, t, grid, batch, bet.lines)
    assert int(batch.scatter_coins[0]) == 0
    assert sorted(map(tuple, np.argwhere(gone[0]).tolist())) == [(0, 1), (1, 1), (2, 1)]


def test_passports_count_on_the_activation_row_only(tombraider) -> None:
    cg = compile_game(tombraider.definition)
    t = tables(cg)
    strips = tombraider.definition.reel_sets["base"]
    where = [strip.index("passport") for strip in strips]
    centre = np.array([[(p - 1) % len(s) for p, s in zip(where, strips, strict=True)]])
    top = np.array([list(where)])
    assert int(passport_bits(t, centre)[0]) == 0b11111
    assert int(passport_bits(t, top)[0]) == 0
