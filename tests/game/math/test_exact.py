"""The exact calculator: hand-checked cases, brute force on tiny games, and the Stones par sheet.

Three computations meet here: the calculator (`game.math.exact`), a deliberately naive reading of
the evaluation rules written in this file (loops over cells), and the production evaluator
(`game.evaluate`) run over every stop combination of tiny definitions. They must agree exactly.
"""

from __future__ import annotations

import itertools
import math
import time
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from game.definitions import GameDefinition, load_game
from game.games.stones import exact
from game.games.stones.model import StonesFeature
from game.math import patterns

# -- tiny definitions and a naive reading of the rules ---------------------------------------------


def tiny_game(
    strips: list[list[str]],
    paytable: dict[str, dict[int, int]],
    *,
    rows: int = 1,
    lines: list[list[int]] | None = None,
    symbols: list[tuple[str, str]] | None = None,
    scatter_pays: dict[str, dict[int, int]] | None = None,
    free: list[list[str]] | None = None,
    feature: dict[str, Any] | None = None,
) -> GameDefinition:
    """A small, valid definition; symbols default to a, b (regular), w (wild), s (scatter)."""
    symbols = symbols or [("a", "regular"), ("b", "regular"), ("w", "wild"), ("s", "scatter")]
    reels = len(strips)
    data: dict[str, Any] = {
        "id": "tiny",
        "name": "Tiny",
        "pitch": "A test game.",
        "rtp_published": 0.9,
        "reels": reels,
        "rows": rows,
        "symbols": [{"id": s, "name": s.upper(), "kind": k} for s, k in symbols],
        "lines": lines or [[0] * reels],
        "paytable": paytable,
        "scatter_pays": scatter_pays or {},
        "reel_sets": {"base": strips, **({"free": free} if free else {})},
        "bet": {
            "lines_selectable": True,
            "default_lines": len(lines or [0]),
            "levels": [1, 2],
            "default_level": 1,
            "coin_values_cents": [1, 10],
            "default_coin_value_cents": 1,
        },
    }
    if feature:
        data["feature"] = feature
    return GameDefinition.model_validate(data)


def naive_line_pay(defn: GameDefinition, cells: list[str], wild_acting: set[str]) -> int:
    """The line rule read literally from the architecture doc."""
    kinds = {s.id: s.kind for s in defn.symbols}
    acting = {s for s in wild_acting if kinds[s] == "regular"} | set(defn.symbols_of_kind("wild"))
    best = 0
    for sym, pays in defn.paytable.items():
        run = 0
        for cell in cells:
            # a symbol made wild is a Wild: it counts towards the wild's own run as well
            ok = cell == sym or cell in acting
            if not ok:
                break
            run += 1
        listed = [k for k in pays if k <= run]
        if listed:
            best = max(best, pays[max(listed)])
    return best


def naive_grids(defn: GameDefinition, reel_set: str, wild_reels: set[int] = frozenset()):
    """Every stop combination's grid[reel][row], equally likely."""
    strips = defn.reel_sets[reel_set]
    wild = defn.symbols_of_kind("wild")
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        grid = []
        for r, (strip, stop) in enumerate(zip(strips, stops, strict=True), start=1):
            column = [strip[(stop + row) % len(strip)] for row in range(defn.rows)]
            grid.append([wild[0]] * defn.rows if r in wild_reels else column)
        yield grid


def naive_spin(defn, grid, lines, wild_acting=frozenset()):
    """(per-line pays, scatter count of each scatter symbol) of one grid."""
    pays = [
        naive_line_pay(defn, [grid[r][row] for r, row in enumerate(line)], set(wild_acting))
        for line in defn.lines[:lines]
    ]
    counts = {s: sum(col.count(s) for col in grid) for s in defn.symbols_of_kind("scatter")}
    return pays, counts


def scatter_pay(pays: dict[int, int], n: int) -> int:
    listed = [k for k in pays if k <= n]
    return pays[max(listed)] if listed else 0


# -- hand-checked cases ----------------------------------------------------------------------------


def test_line_rtp_by_hand() -> None:
    # reel 1: a b w s, reel 2: a a b w, reel 3: a b b w. Pays: a 3=10, b 2=2 3=5, w 3=50.
    #   www 1/64 × 50; a-or-w on all three (not www): (2/4·3/4·2/4 − 1/64) = 11/64 × 10;
    #   b-or-w on all three (not www): (2/4·2/4·3/4 − 1/64) = 11/64 × 5;
    #   b-or-w on the first two, then a: 4/64, of which w w a pays a's 10 instead: 3/64 × 2.
    defn = tiny_game(
        [["a", "b", "w", "s"], ["a", "a", "b", "w"], ["a", "b", "b", "w"]],
        {"a": {3: 10}, "b": {2: 2, 3: 5}, "w": {3: 50}},
    )
    assert patterns.line_rtp(defn) == Fraction(50 + 110 + 55 + 6, 64)


def test_best_candidate_rule() -> None:
    symbols = [("a", "regular"), ("b", "regular"), ("d", "regular"), ("w", "wild"), ("s", "scatter")]
    paytable = {"a": {3: 10, 5: 100}, "b": {3: 40}, "d": {3: 5}, "w": {2: 20, 4: 60, 5: 500}}
    defn = tiny_game([["a", "b", "d", "w", "s"]] * 5, paytable, symbols=symbols)
    ids = {s: i for i, s in enumerate(defn.symbol_ids)}
    base = patterns.line_pay_table(defn)
    deer_wild = patterns.line_pay_table(defn, ["d"])

    def pay(table: np.ndarray, cells: str) -> int:
        return int(table[tuple(ids[c] for c in cells.split())])

    assert pay(base, "w w a s s") == 20  # the wild's 2-run beats a's 3-run (10)
    assert pay(base, "w w b s s") == 40  # b's 3-run (40) beats the wild's 2-run (20)
    assert pay(base, "w w w w b") == 60  # 4 wilds (60) beat b's 5-run, which pays its 3 (40)
    assert pay(base, "a a a a s") == 10  # a run of 4 pays the largest listed count ≤ 4: 3
    assert pay(base, "a w a w a") == 100
    assert pay(base, "w w w w w") == 500
    assert pay(base, "s w w a a") == 0  # a scatter ends every run
    assert pay(base, "w s w w w") == 0  # a 1-run of wilds pays nothing
    # With d made wild: d is a Wild, for a's and b's runs and for the wild's own run.
    assert pay(deer_wild, "d d b s s") == 40  # b's 3-run (40) beats the wild's 2-run (20)
    assert pay(deer_wild, "w d d d d") == 500  # five wilds (the old reading paid a's 5-run, 100)
    assert pay(deer_wild, "d w s s s") == 20  # the wild's 2-run (the old reading paid nothing)
    assert pay(deer_wild, "d d d d s") == 60  # made-wild d alone: 4 wilds (b's run pays 40, d's 5)
    assert pay(base, "d d d d s") == 5
    assert pay(base, "d w s s s") == 0


def old_reading_line_pay(defn: GameDefinition, cells: list[str], wild_acting: set[str]) -> int:
    """The superseded reading: a made-wild symbol substituted but never counted for the wild's
    own run. Kept only to show that the tests below tell the two readings apart."""
    kinds = {s.id: s.kind for s in defn.symbols}
    acting = set(wild_acting) | set(defn.symbols_of_kind("wild"))
    best = 0
    for sym, pays in defn.paytable.items():
        run = 0
        for cell in cells:
            if not (cell == sym if kinds[sym] == "wild" else (cell == sym or cell in acting)):
                break
            run += 1
        listed = [k for k in pays if k <= run]
        best = max(best, pays[max(listed)] if listed else 0)
    return best


def test_made_wild_line_rtp_by_hand() -> None:
    # reel 1: d w, reel 2: d a, reel 3: a s; d made wild. Pays: a 3=10, d 3=20, w 2=30 3=100.
    #   d d a, d d s, w d a, w d s: the wild's 2-run (d is a Wild) = 30 each; d a a, w a a: a's
    #   3-run = 10 each; d a s, w a s: nothing. (30·4 + 10·2) / 8 = 35/2.
    defn = tiny_game(
        [["d", "w"], ["d", "a"], ["a", "s"]],
        {"a": {3: 10}, "d": {3: 20}, "w": {2: 30, 3: 100}},
        symbols=[("a", "regular"), ("d", "regular"), ("w", "wild"), ("s", "scatter")],
    )
    got = patterns.line_rtp(defn, wild_symbols=["d"])
    assert got == Fraction(35, 2)
    grids = [[a, b, c] for a in "dw" for b in "da" for c in "as"]
    assert sum(naive_line_pay(defn, g, {"d"}) for g in grids) == 140
    # the old reading gives 10 on four of the eight patterns only (5 per line): this test fails on it
    assert Fraction(sum(old_reading_line_pay(defn, g, {"d"}) for g in grids), 8) == 5 != got


# -- brute force on tiny games ---------------------------------------------------------------------

TINY_SYMBOLS = [
    ("a", "regular"),
    ("b", "regular"),
    ("d", "regular"),
    ("o", "regular"),
    ("w", "wild"),
    ("s", "scatter"),
]
TINY_PAYS = {
    "a": {3: 2, 4: 5, 5: 20},
    "b": {3: 3, 5: 30},
    "d": {2: 1, 3: 8, 4: 20, 5: 50},
    "o": {3: 6, 4: 15, 5: 40},
    "w": {2: 4, 3: 25, 4: 100, 5: 400},
}
TINY_LINES = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2]]
TINY_BASE = [
    ["a", "w", "s", "b", "d"],
    ["b", "a", "s", "w", "o"],
    ["a", "d", "w", "s", "s"],  # two scatters can share a window here
    ["o", "w", "a", "b"],
    ["s", "a", "d", "w", "b"],
]
TINY_FREE = [
    ["d", "o", "w", "a"],
    ["a", "b", "o", "s", "w"],
    ["w", "d", "a", "b", "s"],
    ["o", "a", "d", "w"],
    ["b", "s", "o", "a", "w"],
]


def tiny_stones(stones: list[dict[str, Any]], picks: dict[int, int]) -> GameDefinition:
    return tiny_game(
        TINY_BASE,
        TINY_PAYS,
        rows=3,
        lines=TINY_LINES,
        symbols=TINY_SYMBOLS,
        scatter_pays={"s": {3: 2, 4: 10, 5: 50}},
        free=TINY_FREE,
        feature={
            "type": "stones",
            "trigger_symbol": "s",
            "trigger_min": 3,
            "free_spins": 5,
            "initial_multiplier": 1,
            "free_reel_set": "free",
            "picks_by_scatters": picks,
            "stones": stones,
        },
    )


SMALL_STONES = [
    {"kind": "spins", "value": 2},
    {"kind": "spins", "value": 5},
    {"kind": "multiplier", "value": 1},
    {"kind": "multiplier", "value": 2},
    {"kind": "wild_reel", "value": 2},
    {"kind": "wild_symbol", "symbol": "d"},
]


@pytest.fixture(scope="module")
def small() -> GameDefinition:
    return tiny_stones(SMALL_STONES, {3: 2, 4: 3})


CONFIGS = [(set(), set()), ({2}, set()), (set(), {"d"}), ({2, 4}, {"d", "o"}), ({1, 5}, {"o"})]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("reel_set", "wild_reels", "wild_symbols"),
    [("base", set(), set())] + [("free", r, s) for r, s in CONFIGS],
)
def test_line_and_scatter_rtp_match_brute_force(small, reel_set, wild_reels, wild_symbols) -> None:
    total = [Fraction(0)] * len(TINY_LINES)
    scatter = Fraction(0)
    dist: dict[int, int] = {}
    n = 0
    for grid in naive_grids(small, reel_set, wild_reels):
        pays, counts = naive_spin(small, grid, len(TINY_LINES), wild_symbols)
        total = [t + p for t, p in zip(total, pays, strict=True)]
        scatter += scatter_pay(small.scatter_pays["s"], counts["s"])
        dist[counts["s"]] = dist.get(counts["s"], 0) + 1
        n += 1
    expected = patterns.line_rtp(small, reel_set, wild_reels, wild_symbols)
    # Every line has the same expected pay, so the RTP does not depend on the active lines.
    for t in total:
        assert t / n == expected
    assert patterns.scatter_rtp(small, reel_set, wild_reels) == scatter / n
    got = patterns.scatter_count_distribution(small, reel_set, "s", wild_reels)
    assert got == [Fraction(dist.get(k, 0), n) for k in range(len(got))]


def test_forced_wild_line_values_match_brute_force(small) -> None:
    """A line's expected pay with its cells on a subset of reels laid over with the wild."""
    got = patterns.forced_line_values(small, "base")
    assert got[0] == patterns.line_rtp(small, "base")
    for mask in (0b00001, 0b00110, 0b10101, 0b11111):
        acc, n = Fraction(0), 0
        for grid in naive_grids(small, "base"):
            cells = ["w" if mask >> r & 1 else grid[r][1] for r in range(5)]
            acc += naive_line_pay(small, cells, set())
            n += 1
        assert got[mask] == acc / n


@pytest.mark.parametrize("lines", [1, 5])
def test_spin_pay_distribution_matches_brute_force(small, lines) -> None:
    """One spin's whole line pay and its scatter count, over every stop (the smallest paying
    count here is 2, so the enumeration's first part is two reels)."""
    want: dict[tuple[int, int], int] = {}
    for grid in naive_grids(small, "base"):
        pays, counts = naive_spin(small, grid, lines)
        key = (sum(pays), counts["s"])
        want[key] = want.get(key, 0) + 1
    got = patterns.spin_pay_distribution(small, "base", lines, ["s"])
    assert {(int(x), int(k)): int(c) for (x, k), c in np.ndenumerate(got) if c} == want


def test_complete_count_matches_the_top_award_joint(small) -> None:
    """Counting the stops where some line shows the top pattern from per-reel row masks."""
    from game.math import odds

    _, (sets, joint, den) = odds.top_award(small, 5, "base", "s")
    vecs = [
        odds.mask_counts(odds.row_masks(small, s, sets[r]), 3) for r, s in enumerate(small.reel_sets["base"])
    ]
    assert odds.complete_count(small, 5, vecs) == int(joint.sum())
    assert den == math.prod(len(s) for s in small.reel_sets["base"])


def test_pick_enumeration_matches_all_shuffles(small) -> None:
    """Every order of the 6 stones, the player taking the first k: the k-subset enumeration."""
    feature = small.feature
    assert isinstance(feature, StonesFeature)
    per_config: dict[tuple, tuple[Fraction, Fraction]] = {}
    for picks in (2, 3):
        acc_line = acc_scat = Fraction(0)
        count = 0
        for order in itertools.permutations(feature.stones):
            chosen = order[:picks]
            spins = feature.free_spins + sum(s.value for s in chosen if s.kind == "spins")
            mult = feature.initial_multiplier + sum(s.value for s in chosen if s.kind == "multiplier")
            reels = {s.value for s in chosen if s.kind == "wild_reel"}
            syms = {s.symbol for s in chosen if s.kind == "wild_symbol"}
            key = (frozenset(reels), frozenset(syms))
            if key not in per_config:
                per_config[key] = (
                    patterns.line_rtp(small, "free", reels, syms),
                    patterns.scatter_rtp(small, "free", reels),
                )
            acc_line += spins * mult * per_config[key][0]
            acc_scat += spins * mult * per_config[key][1]
            count += 1
        assert count == math.factorial(len(feature.stones))
        assert exact.free_spins_value(small, picks) == (acc_line / count, acc_scat / count)


@pytest.mark.slow
def test_par_total_matches_brute_force(small) -> None:
    """Base spins enumerated naively; each trigger weighted by the exact pick value."""
    values = {k: sum(exact.free_spins_value(small, k)) for k in (2, 3)}
    total = Fraction(0)
    hits = 0
    n = 0
    for grid in naive_grids(small, "base"):
        pays, counts = naive_spin(small, grid, len(TINY_LINES))
        k = counts["s"]
        win = Fraction(sum(pays), len(TINY_LINES)) + scatter_pay(small.scatter_pays["s"], k)
        if k >= 3:
            win += values[small.feature.picks_by_scatters[min(k, 4)]]
        total += win
        hits += bool(sum(pays)) or k >= 3
        n += 1
    par = exact.par_sheet(small)
    assert Fraction(par["rtp_fraction"]) == total / n
    assert all(p["method"] == "exact" for p in par["parts"])
    assert sum(Fraction(p["fraction"]) for p in par["parts"]) == total / n
    assert par["hit_frequency"] == pytest.approx(hits / n, abs=1e-15)
    assert exact.stones_hit_frequency(small, len(TINY_LINES)) == Fraction(hits, n)


@pytest.mark.slow
@pytest.mark.parametrize("lines", [1, 3, 5])
def test_hit_frequency_and_top_award_match_brute_force(small, lines) -> None:
    hits = top = n = 0
    top_pay = max(max(p.values()) for p in TINY_PAYS.values())
    for grid in naive_grids(small, "base"):
        pays, counts = naive_spin(small, grid, lines)
        hits += bool(sum(pays)) or counts["s"] >= 3
        top += top_pay in pays
        n += 1
    assert exact.stones_hit_frequency(small, lines) == Fraction(hits, n)
    award = exact.stones_top_award(small, lines)
    assert award["coins_at_level_1"] == top_pay
    assert award["probability_per_spin"] == pytest.approx(top / n, abs=1e-15)


@pytest.mark.slow
def test_top_award_per_round_matches_brute_force(small) -> None:
    """Five wilds on an active line in the base spin or in any free spin of the round."""
    lines = 3
    top_pay = max(max(p.values()) for p in TINY_PAYS.values())
    feature = small.feature
    q: dict[tuple, Fraction] = {}

    def q_of(reels: frozenset, syms: frozenset) -> Fraction:
        if (reels, syms) not in q:
            grids = list(naive_grids(small, "free", set(reels)))
            shows = sum(top_pay in naive_spin(small, g, lines, syms)[0] for g in grids)
            q[(reels, syms)] = Fraction(shows, len(grids))
        return q[(reels, syms)]

    def p_free(picks: int) -> Fraction:
        total = Fraction(0)
        subsets = list(itertools.combinations(feature.stones, picks))
        for chosen in subsets:
            spins = feature.free_spins + sum(s.value for s in chosen if s.kind == "spins")
            reels = frozenset(s.value for s in chosen if s.kind == "wild_reel")
            syms = frozenset(s.symbol for s in chosen if s.kind == "wild_symbol")
            total += 1 - (1 - q_of(reels, syms)) ** spins
        return total / len(subsets)

    rounds = Fraction(0)
    n = 0
    for grid in naive_grids(small, "base"):
        pays, counts = naive_spin(small, grid, lines)
        if top_pay in pays:
            rounds += 1
        elif counts["s"] >= 3:
            rounds += p_free(feature.picks_by_scatters[min(counts["s"], 4)])
        n += 1
    award = exact.stones_top_award(small, lines)
    assert award["probability_per_round"] == pytest.approx(float(rounds / n), rel=1e-12)
    assert award["probability_per_round"] > award["probability_per_spin"] * 1.01


@pytest.mark.slow
def test_rtp_does_not_depend_on_lines(small) -> None:
    stones = load_game("stones").definition
    for defn, counts in ((small, (1, 3, 5)), (stones, (1, 10, 25))):
        fractions = {exact.par_sheet(defn, lines=n, estimate_cap=False)["rtp_fraction"] for n in counts}
        assert len(fractions) == 1


# -- the production evaluator, over every stop combination of a tiny Stones ------------------------


def tiny_stones_from_real() -> GameDefinition:
    """Secret of the Stones' symbols, paytable, 25 lines and stones on 5–6 stop strips."""
    data = load_game("stones").definition.model_dump()
    data["reel_sets"] = {
        "base": [
            ["wild", "ten", "deer", "scatter", "owl", "ace"],
            ["deer", "wild", "owl", "king", "ten", "scatter"],
            ["owl", "deer", "wild", "ten", "scatter", "deer"],
            ["ten", "wild", "deer", "scatter", "owl"],
            ["deer", "owl", "ten", "wild", "jack", "scatter"],
        ],
        "free": [
            ["owl", "deer", "ten", "wild", "scatter"],
            ["ten", "owl", "wild", "deer", "ace", "scatter"],
            ["deer", "wild", "owl", "scatter", "ten", "bull"],
            ["wild", "owl", "scatter", "ten", "deer", "deer"],
            ["ten", "deer", "owl", "wild", "scatter", "queen"],
        ],
    }
    return GameDefinition.model_validate(data)


@pytest.mark.slow
def test_exact_agrees_with_the_evaluator_on_every_stop() -> None:
    from game import evaluate as ev
    from game.money import Bet

    defn = tiny_stones_from_real()
    cg = ev.compile_game(defn)
    lines = len(defn.lines)
    bet = Bet(lines=lines, level=1, coin_value_cents=1)
    feature = defn.feature
    assert isinstance(feature, StonesFeature)
    configs: list[exact.Config] = []
    for picks in sorted(set(feature.picks_by_scatters.values())):
        configs += exact.pick_outcomes(feature, picks).count
    cases = [("base", frozenset(), frozenset())] + [("free", r, s) for r, s in dict.fromkeys(configs)]
    assert len(cases) == 17
    for reel_set, wild_reels, wild_symbols in cases:
        reels = cg.reels(reel_set, frozenset(wild_reels))
        lut = cg.lut(cg.wild_set_of(sorted(wild_symbols)))
        stops = np.array(list(itertools.product(*(range(n) for n in reels.lengths))))
        batch = ev.evaluate_spins(cg, reels, lut, stops, bet)
        line = Fraction(int(batch.line_coins.sum()), len(stops) * bet.total_coins)
        scatter = Fraction(int(batch.scatter_coins.sum()), len(stops) * bet.total_coins)
        # Two independent computations, compared as exact fractions (stronger than 1e-12).
        assert line == patterns.line_rtp(defn, reel_set, wild_reels, wild_symbols)
        assert scatter == patterns.scatter_rtp(defn, reel_set, wild_reels)


# -- Secret of the Stones --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stones_par() -> dict[str, Any]:
    defn = load_game("stones").definition
    start = time.perf_counter()
    par = exact.par_sheet(defn)
    print(f"\nStones par sheet in {time.perf_counter() - start:.2f} s")
    return par


@pytest.mark.slow
def test_stones_rtp_is_the_published_one(stones_par) -> None:
    assert abs(stones_par["rtp"] - 0.9670) <= 0.0002
    assert {p["name"] for p in stones_par["parts"]} >= {"base_line_pays", "base_scatter_pays", "free_spins"}
    assert all(p["method"] == "exact" for p in stones_par["parts"])
    total = sum(Fraction(p["fraction"]) for p in stones_par["parts"])
    assert total == Fraction(stones_par["rtp_fraction"])
    free = next(p for p in stones_par["parts"] if p["name"] == "free_spins")
    assert sum(Fraction(p["fraction"]) for p in free["split"]) == Fraction(free["fraction"])


def test_stones_shape_is_commercial(stones_par) -> None:
    parts = {p["name"]: p["rtp"] for p in stones_par["parts"]}
    assert 0.60 <= parts["base_line_pays"] <= 0.70
    assert 0.25 <= stones_par["hit_frequency"] <= 0.35
    assert 120 <= stones_par["free_spins_trigger_one_in"] <= 250
    assert 50 <= stones_par["free_spins"]["average_value_x_bet"] <= 90
    assert stones_par["top_award"]["coins_at_level_1"] == 1000
    assert stones_par["top_award"]["pattern"] == [["wild"]] * 5


def test_stones_pick_statistics(stones_par) -> None:
    fs = stones_par["free_spins"]
    by_picks = {p["picks"]: p for p in fs["picks"]}
    # 20 stones: spins 2+2+3+3+4+4+5+10 = 33, multipliers 5×1 + 3×2 = 11; each pick sees each stone
    # with probability 1/20.
    for k, p in by_picks.items():
        assert p["expected_spins"] == pytest.approx(10 + k * 33 / 20)
        assert p["expected_multiplier"] == pytest.approx(1 + k * 11 / 20)
    assert sum(p["probability_given_trigger"] for p in fs["picks"]) == pytest.approx(1)
    assert sum(c["probability_given_trigger"] for c in fs["configurations"]) == pytest.approx(1)
    assert len(fs["configurations"]) == 16
    # the best five stones for spins × multiplier: +10, +5 spins and three ×2 → 25 × 7
    assert fs["max_spins_x_multiplier"] == 175


def test_stones_cap(stones_par) -> None:
    cap = stones_par["cap"]
    assert stones_par["max_round_win_coins_upper_bound"] == (25 * 1000 + 50 * 25) * (1 + 175)
    assert cap["default_bet"]["can_bind"] is False
    assert cap["max_bet"]["can_bind"] is True
    assert cap["max_bet"]["cap_coins"] == 250_000
    assert 0 < cap["max_bet"]["estimate"]["rtp_loss"] < 0.001
    assert "cannot change the RTP" in cap["note"]
