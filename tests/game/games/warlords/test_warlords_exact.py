"""Warlords' exact calculator against brute force on a tiny game with the same features, and the
par sheet of the installed game.

The brute force here reads the rules literally (loops over cells, every stop combination, every
overlay placement, recursion over the full held-cell state) and shares nothing with the
calculator (`game.games.warlords.exact`) or the flow.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import pytest
from warlords_tiny import all_grids, grid_pay, placements, shows_top, tiny, windows

from game.definitions import GameDefinition, load_game
from game.games.warlords import exact
from game.games.warlords.odds import top_award_base


@pytest.fixture(scope="module")
def game() -> GameDefinition:
    return tiny()


@pytest.mark.slow
def test_overlay_line_pays_match_brute_force(game) -> None:
    table = exact.line_pay_table(game)
    got = exact.overlay_value(game, table)
    grids = list(all_grids(game, "overlay"))
    for kind in ("hammer", "arrow", "sword"):
        total = Fraction(0)
        for p, cells in placements(game, kind):
            acc = 0
            for g in grids:
                covered = [[("wild" if (r, w) in cells else g[r][w]) for w in range(3)] for r in range(5)]
                acc += grid_pay(covered)
            total += p * Fraction(acc, len(grids))
        assert got[kind] == total / 3, kind


@pytest.mark.slow
def test_trigger_and_battle_match_brute_force(game) -> None:
    """P(re-spins won by colour c with held rows A), overall and without the top award on the
    base spin."""
    colours = ["scatter_blue", "scatter_green", "scatter_red"]
    want: dict[tuple[int, tuple[int, ...]], tuple[Fraction, Fraction]] = {}
    grids = list(all_grids(game, "base"))
    for g in grids:
        landed = [(r, w, g[r][w]) for r in range(5) for w in range(3) if g[r][w].startswith("scatter")]
        if len(landed) < 2:
            continue
        by = {c: sum(1 for *_, s in landed if s == c) for c in colours}
        present = [c for c in colours if by[c]]
        if len(present) == 1:
            odds = {present[0]: Fraction(1)}
        elif len(present) == 2 and by[present[0]] != by[present[1]]:
            pair = max(present, key=lambda c: by[c])
            odds = {c: Fraction(3, 4) if c == pair else Fraction(1, 4) for c in present}
        else:
            odds = {c: Fraction(1, len(present)) for c in present}
        mask = tuple(sum(1 << w for rr, w, _ in landed if rr == r) for r in range(5))
        clear = not shows_top(g)
        for c, p in odds.items():
            key = (colours.index(c), mask)
            a, b = want.get(key, (Fraction(0), Fraction(0)))
            want[key] = (a + p / len(grids), b + p / len(grids) * clear)
    _, sets = top_award_base(game, 6)
    assert exact.trigger_outcomes(game, 6, sets) == want
    assert any(a != b for a, b in want.values())  # some triggering spins show the top award
    total = sum(a for a, _ in want.values())
    assert sum(exact.battle_kinds(game).values()) == pytest.approx(float(total))


def _respin_strips(defn: GameDefinition, colour: str) -> list[list[list[bool]]]:
    """Per reel, per stop: which rows show the scatter."""
    return [
        [[c == f"scatter_{colour}" for c in win] for win in windows(s)]
        for s in defn.reel_sets[f"respin_{colour}"]
    ]


def naive_respins(
    defn: GameDefinition, colour: str, held: frozenset[tuple[int, int]]
) -> dict[frozenset, Fraction]:
    """P(final held cells) by recursion over (held cells, re-spins left) and every stop."""
    strips = _respin_strips(defn, colour)

    @cache
    def go(cells: frozenset, left: int) -> tuple[tuple[frozenset, Fraction], ...]:
        if left == 0:
            return ((cells, Fraction(1)),)
        out: dict[frozenset, Fraction] = {}
        den = math.prod(len(s) for s in strips)
        # every stop, with stops showing the same window counted together
        per_reel = [Counter(tuple(win) for win in s).items() for s in strips]
        for combo in itertools.product(*per_reel):
            weight = math.prod(c for _, c in combo)
            new = {(r, w) for r, (win, _) in enumerate(combo) for w in range(3) if win[w]} - cells
            for end, p in go(cells | frozenset(new), left - 1 + len(new)):
                out[end] = out.get(end, Fraction(0)) + p * weight / den
        return tuple(out.items())

    return dict(go(held, 1))


@pytest.mark.slow
@pytest.mark.parametrize("held", [((1, 0), (2, 1)), ((1, 2), (2, 0), (3, 1))])
def test_respin_chain_and_final_masks_match_brute_force(game, held) -> None:
    want = naive_respins(game, "red", frozenset(held))
    rates = [s.count("scatter_red") / len(s) for s in game.reel_sets["respin_red"]]
    k0 = tuple(sum(1 for r, _ in held if r == reel) for reel in range(5))
    final = exact.respin_chain(rates, k0, 1)
    masks0 = [sum(1 << w for r, w in held if r == reel) for reel in range(5)]
    mats = [exact._subset_matrix(m) for m in masks0]
    got = np.einsum("abcde,am,bn,co,dp,eq->mnopq", final, *mats)
    assert got.sum() == pytest.approx(1.0, abs=1e-12)
    for cells, p in want.items():
        idx = tuple(sum(1 << w for r, w in cells if r == reel) for reel in range(5))
        assert got[idx] == pytest.approx(float(p), rel=1e-9, abs=1e-15)
    assert np.count_nonzero(got > 1e-15) == len(want)


def _free_outcomes(defn: GameDefinition, mode: str, colour: str, sticky: frozenset = frozenset()):
    """Every stop combination of a free reel set: (landed scatter cells, grid)."""
    sc = f"scatter_{colour}"
    for g in all_grids(defn, f"free_{mode}"):
        landed = frozenset((r, w) for r in range(5) for w in range(3) if g[r][w] == sc)
        yield landed, g


@pytest.mark.slow
def test_priestess_matches_brute_force(game) -> None:
    outcomes = [(len(landed), grid_pay(g)) for landed, g in _free_outcomes(game, "priestess", "green")]
    spins = game.feature.priestess.spins

    @cache
    def value(t: int, m: int) -> Fraction:
        if t == spins:
            return Fraction(0)
        return sum(((m + k) * x + value(t + 1, m + k) for k, x in outcomes), Fraction(0)) / len(outcomes)

    pv = exact.priestess_value(game, exact.line_pay_table(game), "free_priestess", "scatter_green")
    for n in (3, 4, 6):
        assert n * pv["a"] + pv["c"] == value(0, n) / 3


@pytest.mark.slow
def test_barbarian_matches_a_long_recursion(game) -> None:
    outcomes = [(len(landed), grid_pay(g)) for landed, g in _free_outcomes(game, "barbarian", "blue")]
    b = exact.barbarian_value(game, exact.line_pay_table(game), "free_barbarian", "scatter_blue")
    ex = Fraction(sum(x for _, x in outcomes), len(outcomes)) / 3
    p_k = np.bincount([k for k, _ in outcomes], minlength=4) / len(outcomes)
    # E[win | L spins left] = E[X] + Σ_k P(k) E[win | L − 1 + 3k]: iterate the Bellman equation
    # (truncated far above any likely count) and compare with Wald's closed form.
    limit = 400
    v = np.zeros(limit + 1)
    left = np.arange(1, limit + 1)
    for _ in range(4000):
        nxt = np.zeros_like(v)
        nxt[1:] = float(ex) + sum(p * v[np.minimum(left - 1 + 3 * k, limit)] for k, p in enumerate(p_k))
        v = nxt
    for n in (3, 4):
        assert v[3 * n] == pytest.approx(float(n * b["spins_per_n"] * ex), rel=1e-6)
    assert b["per_spin"]["x"] == ex


@pytest.mark.slow
@pytest.mark.parametrize("sticky", [((1, 0), (2, 1), (3, 2)), ((0, 0), (2, 1), (4, 2), (4, 0))])
def test_samurai_matches_brute_force(game, sticky) -> None:
    outs = list(_free_outcomes(game, "samurai", "red"))
    spins = game.feature.samurai.spins

    @cache
    def value(t: int, cells: frozenset) -> Fraction:
        if t == spins:
            return Fraction(0)
        acc = Fraction(0)
        for landed, g in outs:
            now = cells | landed
            covered = [[("wild" if (r, w) in now else g[r][w]) for w in range(3)] for r in range(5)]
            acc += grid_pay(covered) + value(t + 1, now)
        return acc / len(outs)

    masks = np.zeros((8,) * 5)
    masks[tuple(sum(1 << w for r, w in sticky if r == reel) for reel in range(5))] = 1.0
    got = exact.samurai_value(game, exact.line_pay_table(game), "free_samurai", "scatter_red", masks)
    assert got == pytest.approx(float(value(0, frozenset(sticky)) / 3), rel=1e-12)


@pytest.mark.slow
def test_tiny_par_sheet_is_consistent(game) -> None:
    par = exact.par_sheet(game)
    assert par["rtp"] == pytest.approx(sum(p["rtp"] for p in par["parts"]))
    assert all(p["method"] == "exact" for p in par["parts"])
    for m in par["modes"].values():
        assert sum(m["scatters_distribution"].values()) == pytest.approx(1.0)


def test_samurai_start_masks_carry_the_samurai_free_spins_mass(game) -> None:
    _, sets = top_award_base(game, 6)
    trig = exact.trigger_outcomes(game, 6, sets)
    for w, s in zip(game.feature.warlords, exact.warlord_starts(game, trig, Fraction(5, 9)), strict=True):
        if w.mode == "samurai":
            assert s.masks is not None and s.masks_clear is not None
            assert s.masks.sum() == pytest.approx(s.free_spins, rel=1e-12)
            assert s.masks_clear.sum() == pytest.approx(sum(s.n_dist_clear.values()), rel=1e-12)
        assert 0 < sum(s.n_dist_clear.values()) <= s.free_spins


# -- the installed game ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def par() -> dict[str, Any]:
    return exact.par_sheet(load_game("warlords").definition, estimate_cap=False)


@pytest.mark.slow
def test_warlords_rtp_is_the_published_one(par) -> None:
    assert abs(par["rtp"] - 0.9689) <= 0.0002
    assert all(p["method"] == "exact" for p in par["parts"])
    assert {p["name"] for p in par["parts"]} == {
        "base_line_pays",
        "overlay_hammer_line_pays",
        "overlay_arrow_line_pays",
        "overlay_sword_line_pays",
        "final_chance_coins",
        "free_spins_barbarian",
        "free_spins_priestess",
        "free_spins_samurai",
    }


@pytest.mark.slow
def test_warlords_shape(par) -> None:
    assert 0.31 <= par["hit_frequency"] <= 0.35
    assert 20 <= par["overlay"]["one_in"] <= 60
    assert 80 <= par["free_spins_one_in"] <= 250
    for mode in par["modes"].values():
        assert 20 <= mode["average_win_x_bet"] <= 60
    top = par["top_award"]
    assert top["coins_at_level_1"] == 300
    assert top["probability_per_plain_spin"] < top["probability_per_spin"] < top["probability_per_round"]
    assert set(par["cap"]["cannot_bind"]) == {"rounds_without_free_spins", "samurai"}
