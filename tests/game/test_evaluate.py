"""The evaluation rules on hand-built grids, properties of the line rule, and the agreement of
the stop-driven fast path with the grid path."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.definitions import GameDefinition, load_game
from game.evaluate import (
    best_line,
    compile_game,
    evaluate_codes,
    evaluate_spins,
    grids_from_stops,
    line_codes,
    line_codes_from_grid,
    line_pays,
    scatter_counts,
    scatter_counts_from_grid,
)
from game.money import Bet

# Rows: top, middle, bottom. Line 1 is the middle row, line 2 the top row, line 3 the bottom row.
FILL_TOP = ["jack", "queen", "king", "ace", "jack"]
FILL_BOTTOM = ["queen", "king", "ace", "jack", "queen"]


def grid_with_middle(middle: list[str]) -> list[list[str]]:
    return [[FILL_TOP[r], middle[r], FILL_BOTTOM[r]] for r in range(5)]


# The rule tests pin their own paytable (the Stones draft), so tuning the game's numbers never
# changes what they check; the symbols and the 25 lines are the game's.
PINNED_PAYS = {
    "ten": {3: 5, 4: 15, 5: 50},
    "jack": {3: 5, 4: 20, 5: 60},
    "queen": {3: 10, 4: 25, 5: 75},
    "king": {3: 10, 4: 30, 5: 100},
    "ace": {3: 15, 4: 40, 5: 125},
    "serpent": {3: 20, 4: 60, 5: 200},
    "wolf": {3: 25, 4: 75, 5: 250},
    "bull": {3: 30, 4: 100, 5: 300},
    "owl": {3: 40, 4: 125, 5: 400},
    "deer": {2: 5, 3: 50, 4: 150, 5: 500},
    "wild": {2: 10, 3: 100, 4: 500, 5: 1000},
}


@pytest.fixture(scope="module")
def fixed(stones) -> GameDefinition:
    data = stones.definition.model_dump()
    data["paytable"] = PINNED_PAYS
    data["scatter_pays"] = {"scatter": {3: 2, 4: 10, 5: 50}}
    return GameDefinition.model_validate(data)


def with_pays(defn: GameDefinition, **pays: dict[int, int]) -> GameDefinition:
    data = defn.model_dump()
    data["paytable"].update(pays)
    return GameDefinition.model_validate(data)


def test_wild_run_pays_when_higher_than_the_symbol_run(fixed, eval_grid):
    grid = grid_with_middle(["wild", "wild", "wild", "ten", "ten"])
    total, wins = eval_grid(fixed, grid, lines=1)
    assert [(w.symbol, w.count, w.coins, w.line) for w in wins] == [("wild", 3, 100, 1)]
    assert wins[0].positions == [(0, 1), (1, 1), (2, 1)]
    assert total == 100


def test_symbol_run_through_wilds_pays_when_higher(fixed, eval_grid):
    defn = with_pays(fixed, ten={3: 5, 4: 15, 5: 150})
    total, wins = eval_grid(defn, grid_with_middle(["wild", "wild", "wild", "ten", "ten"]), lines=1)
    assert [(w.symbol, w.count, w.coins) for w in wins] == [("ten", 5, 150)]
    assert wins[0].positions == [(r, 1) for r in range(5)]
    assert total == 150


def test_only_the_highest_win_per_line_is_paid(fixed, eval_grid):
    total, wins = eval_grid(fixed, grid_with_middle(["wild", "deer", "deer", "deer", "ten"]), lines=1)
    # wild alone pays nothing (wild needs 2); deer runs 4 (wild substitutes) and pays 150.
    assert [(w.symbol, w.count, w.coins) for w in wins] == [("deer", 4, 150)]
    assert total == 150


def test_runs_must_start_on_the_leftmost_reel(fixed, eval_grid):
    total, wins = eval_grid(fixed, grid_with_middle(["ten", "owl", "owl", "owl", "owl"]), lines=1)
    assert wins == [] and total == 0


def test_scatter_ends_a_run_and_is_never_wild(fixed, eval_grid):
    total, wins = eval_grid(fixed, grid_with_middle(["owl", "owl", "scatter", "owl", "owl"]), lines=1)
    assert wins == [] and total == 0


def test_inactive_lines_never_pay(fixed, eval_grid):
    grid = [["owl", "ten", "jack"], ["owl", "ace", "king"], ["owl", "jack", "ten"]]
    grid += [["owl", "queen", "ace"], ["owl", "king", "jack"]]  # five owls on the top row = line 2
    total, wins = eval_grid(fixed, grid, lines=1)
    assert wins == [] and total == 0
    total, wins = eval_grid(fixed, grid, lines=2)
    assert [(w.line, w.symbol, w.count, w.coins) for w in wins] == [(2, "owl", 5, 400)]


def test_line_wins_scale_with_level_and_add_up(fixed, eval_grid):
    grid = [["owl", "deer", "ten"]] * 5  # top row owl x5, middle deer x5, bottom ten x5
    total, wins = eval_grid(fixed, grid, lines=3, level=4)
    assert {(w.line, w.symbol, w.coins) for w in wins} == {
        (1, "deer", 500 * 4),
        (2, "owl", 400 * 4),
        (3, "ten", 50 * 4),
    }
    assert total == sum(w.coins for w in wins)


def test_scatters_pay_anywhere_times_total_bet(fixed, eval_grid):
    grid = grid_with_middle(["ten", "jack", "queen", "king", "ace"])
    grid[0][0] = "scatter"
    grid[2][2] = "scatter"
    grid[4][1] = "scatter"
    total, wins = eval_grid(fixed, grid, lines=1, level=3)
    assert len(wins) == 1
    w = wins[0]
    assert (w.kind, w.line, w.symbol, w.count) == ("scatter", None, "scatter", 3)
    assert w.coins == 2 * (1 * 3)  # 2 x total bet (1 line x level 3)
    assert sorted(w.positions) == [(0, 0), (2, 2), (4, 1)]
    assert total == w.coins


def test_two_scatters_pay_nothing_in_stones(fixed, eval_grid):
    grid = grid_with_middle(["scatter", "jack", "scatter", "king", "ace"])
    assert eval_grid(fixed, grid, lines=25)[1] == [] or all(
        w.kind == "line" for w in eval_grid(fixed, grid, lines=25)[1]
    )


def test_free_spin_multiplier_applies_to_line_and_scatter_wins(fixed, eval_grid):
    grid = grid_with_middle(["owl", "owl", "owl", "ten", "jack"])
    grid[3][0] = grid[3][2] = grid[4][0] = "scatter"
    total, wins = eval_grid(fixed, grid, lines=1, level=2, multiplier=3)
    by_kind = {w.kind: w for w in wins}
    assert by_kind["line"].coins == 40 * 2 * 3
    assert by_kind["scatter"].coins == 2 * (1 * 2) * 3
    assert total == 240 + 12


@pytest.mark.slow
def test_a_made_wild_symbol_substitutes_for_other_symbols(fixed, eval_grid):
    grid = grid_with_middle(["deer", "deer", "ten", "ten", "ten"])
    _, plain = eval_grid(fixed, grid, lines=1)
    assert [(w.symbol, w.count, w.coins) for w in plain] == [("deer", 2, 5)]
    _, wild_deer = eval_grid(fixed, grid, lines=1, wild_symbols=["deer"])
    # ten 5 (50) through the two made-wild Deer beats Wild 2 (10)
    assert [(w.symbol, w.count, w.coins) for w in wild_deer] == [("ten", 5, 50)]


def test_a_made_wild_symbol_pays_the_wild_s_own_pays(fixed, eval_grid):
    # The case: Wild, a made-wild Deer, 10, J, 10 at ×3 paid "ten x3" = 15; it is Wild ×2.
    grid = grid_with_middle(["wild", "deer", "ten", "jack", "ten"])
    total, wins = eval_grid(fixed, grid, lines=1, multiplier=3, wild_symbols=["deer"])
    assert [(w.symbol, w.count, w.coins) for w in wins] == [("wild", 2, 30)]
    assert wins[0].positions == [(0, 1), (1, 1)] and total == 30
    # a real Wild among made-wild cells, and every cell made wild: the Wild's 5 (1000)
    for middle, made in (
        (["wild", "wild", "deer", "wild", "wild"], ["deer"]),
        (["deer", "wild", "wild", "wild", "wild"], ["deer"]),
        (["owl", "deer", "owl", "wild", "owl"], ["deer", "owl"]),
    ):
        _, wins = eval_grid(fixed, grid_with_middle(middle), lines=1, wild_symbols=made)
        assert [(w.symbol, w.count, w.coins) for w in wins] == [("wild", 5, 1000)], middle


def test_made_wild_corners(fixed, eval_grid):
    def pays(middle: list[str], made: list[str]) -> list[tuple[str, int, int]]:
        _, wins = eval_grid(fixed, grid_with_middle(middle), lines=1, wild_symbols=made)
        return [(w.symbol, w.count, w.coins) for w in wins]

    # 3 made-wild Deer alone pay as 3 Wilds (100), never as 3 Deer (50)
    assert pays(["deer", "deer", "deer", "king", "ace"], ["deer"]) == [("wild", 3, 100)]
    # a made-wild Owl followed by plain Deer: the best reading is Deer 4 (150); Wild 1 pays nothing
    assert pays(["owl", "deer", "deer", "deer", "king"], ["owl"]) == [("deer", 4, 150)]
    # Bull 5 through a made-wild Deer (300) beats Wild 2 (10)
    assert pays(["wild", "deer", "bull", "bull", "bull"], ["deer"]) == [("bull", 5, 300)]
    # a Scatter ends every run, the Wild's too
    assert pays(["deer", "wild", "scatter", "wild", "wild"], ["deer"]) == [("wild", 2, 10)]
    assert pays(["deer", "scatter", "deer", "deer", "deer"], ["deer"]) == []
    # without the stone a Deer is only a Deer
    assert pays(["deer", "deer", "deer", "king", "ace"], []) == [("deer", 3, 50)]


def test_ties_go_to_the_longer_run_then_the_later_symbol(fixed):
    defn = with_pays(fixed, ten={3: 5, 4: 100, 5: 150}, jack={3: 100, 4: 110, 5: 160})
    cg = compile_game(defn)
    ids = [cg.index[s] for s in ["ten", "ten", "wild", "ten", "king"]]
    pay, sym, run = best_line(cg, np.array([ids]), frozenset({cg.wild}))
    assert (int(pay[0]), cg.symbol_ids[int(sym[0])], int(run[0])) == (100, "ten", 4)
    ids = [cg.index[s] for s in ["wild", "wild", "wild", "king", "ace"]]
    defn2 = with_pays(fixed, jack={3: 100, 4: 110, 5: 160})
    cg2 = compile_game(defn2)
    pay, sym, run = best_line(cg2, np.array([ids]), frozenset({cg2.wild}))
    # wild 3 (100) and jack 3 (100, via wilds) tie on pay and run: the later symbol (wild) wins.
    assert (int(pay[0]), cg2.symbol_ids[int(sym[0])], int(run[0])) == (100, "wild", 3)


def test_wild_reels_cover_the_reel_before_evaluation(fixed):
    defn = fixed
    cg = compile_game(defn)
    covered = cg.reels("free", frozenset({2, 4}))
    plain = cg.reels("free")
    rng = np.random.default_rng(5)
    stops = np.stack([rng.integers(0, n, 200) for n in covered.lengths], axis=1)
    g = grids_from_stops(covered, stops)
    assert (g[:, 1, :] == cg.wild).all() and (g[:, 3, :] == cg.wild).all()
    g_plain = grids_from_stops(plain, stops)
    assert (g[:, [0, 2, 4], :] == g_plain[:, [0, 2, 4], :]).all()
    bet = Bet(lines=25, level=1, coin_value_cents=5)
    lut = cg.lut()
    fast = evaluate_spins(cg, covered, lut, stops, bet)
    g_plain[:, [1, 3], :] = cg.wild
    slow = evaluate_codes(
        cg, lut, stops, line_codes_from_grid(cg, g_plain, 25), scatter_counts_from_grid(cg, g_plain), bet
    )
    assert (fast.win_coins == slow.win_coins).all()


@pytest.mark.parametrize("reel_set", ["base", "free"])
def test_stop_path_equals_grid_path(fixed, reel_set):
    cg = compile_game(fixed)
    reels = cg.reels(reel_set)
    rng = np.random.default_rng(11)
    stops = np.stack([rng.integers(0, n, 2000) for n in reels.lengths], axis=1)
    g = grids_from_stops(reels, stops)
    for lines in (1, 7, 25):
        expect = line_codes_from_grid(cg, g, lines)
        assert (line_codes(reels, stops, lines) == expect).all()  # the large-batch path
        assert (line_codes(reels, stops[:7], lines) == expect[:7]).all()  # the small-batch path
    assert (scatter_counts(reels, stops) == scatter_counts_from_grid(cg, g)).all()
    assert (scatter_counts(reels, stops[:7]) == scatter_counts_from_grid(cg, g[:7])).all()
    # grid rule: reel r at stop s shows strip[(s + row) % len]
    strips = fixed.reel_sets[reel_set]
    for i in range(20):
        for r in range(5):
            for row in range(3):
                expect = strips[r][(stops[i, r] + row) % len(strips[r])]
                assert cg.symbol_ids[g[i, r, row]] == expect


def test_direct_evaluation_equals_the_table(fixed, monkeypatch):
    import game.evaluate as ev

    cg = compile_game(fixed)
    lut = cg.lut(cg.wild_set_of(["owl"]))
    codes = np.random.default_rng(3).integers(0, cg.symbol_count**5, (300, 25)).astype(np.int32)
    direct = ev.LineLut(wild_set=lut.wild_set, pay=None, symbol=None, run=None, direct=True)
    for a, b in zip(line_pays(cg, lut, codes), line_pays(cg, direct, codes), strict=True):
        assert (a == b).all()


# -- properties ----------------------------------------------------------------------------------
SYMS = list(load_game("stones").definition.symbol_ids)  # the game's own (game.toml)
grids = st.lists(st.lists(st.sampled_from(SYMS), min_size=3, max_size=3), min_size=5, max_size=5)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(grid=grids, lines=st.integers(1, 25), wild_symbols=st.sampled_from([(), ("deer",), ("owl", "deer")]))
def test_a_win_never_pays_on_an_unselected_line(fixed, eval_grid, grid, lines, wild_symbols):
    total, wins = eval_grid(fixed, grid, lines=lines, wild_symbols=wild_symbols)
    assert all(w.line is None or 1 <= w.line <= lines for w in wins)
    assert total == sum(w.coins for w in wins)
    for w in wins:
        if w.kind == "line":
            line = fixed.lines[w.line - 1]
            assert w.positions == [(r, line[r]) for r in range(w.count)]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    cells=st.lists(st.integers(0, 11), min_size=5, max_size=5),
    at=st.integers(0, 4),
    wild_symbols=st.sampled_from([(), ("deer",), ("owl",), ("owl", "deer")]),
)
def test_adding_a_wild_never_lowers_a_line_pay(fixed, cells, at, wild_symbols):
    cg = compile_game(fixed)
    ws = cg.wild_set_of(wild_symbols) | {cg.wild}
    before = best_line(cg, np.array([cells]), ws)[0][0]
    cells[at] = cg.wild
    after = best_line(cg, np.array([cells]), ws)[0][0]
    assert after >= before


def reference_line(defn: GameDefinition, cells: list[str], wild_set: set[str]) -> tuple[int, str | None, int]:
    """The evaluation rule exactly as the architecture doc words it, in plain Python."""
    best: tuple[int, int, int] = (0, 0, -1)
    found: tuple[int, str | None, int] = (0, None, 0)
    for s, pays in defn.paytable.items():
        run = 0
        for c in cells:
            # every symbol's run takes the wild-acting cells: a symbol made wild is a Wild
            if c == s or c in wild_set:
                run += 1
            else:
                break
        listed = [k for k in pays if k <= run]
        pay = pays[max(listed)] if listed else 0
        key = (pay, run, defn.symbol_ids.index(s))
        if pay > 0 and key > best:
            best, found = key, (pay, s, run)
    return found


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    cells=st.lists(st.sampled_from(SYMS), min_size=5, max_size=5),
    wild_symbols=st.sampled_from([(), ("deer",), ("owl",), ("owl", "deer")]),
)
def test_the_table_agrees_with_the_rule_as_written(fixed, cells, wild_symbols):
    cg = compile_game(fixed)
    lut = cg.lut(cg.wild_set_of(wild_symbols))
    code = np.array([[sum(cg.index[c] * int(p) for c, p in zip(cells, cg.powers, strict=True))]])
    pay, sym, run = line_pays(cg, lut, code)
    want = reference_line(fixed, cells, {"wild", *wild_symbols})
    got = (int(pay[0, 0]), cg.symbol_ids[int(sym[0, 0])] if pay[0, 0] else None, int(run[0, 0]))
    assert got == want
