"""Warlords' hit frequency, top award odds and cap bounds against brute force on the tiny game
(`tests/support/warlords_tiny.py`): every stop combination, every overlay placement, recursions
over sticky cells and spins left, read from the rules and sharing nothing with the calculator."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from warlords_tiny import LINES, TOP, all_grids, cells_of, covered, grid_pay, placements, shows_top, tiny

from game.definitions import GameDefinition
from game.games.warlords import cap, exact, odds
from game.math.patterns import spin_pay_distribution

SCATTERS = ("scatter_blue", "scatter_green", "scatter_red")


@pytest.fixture(scope="module")
def game() -> GameDefinition:
    return tiny()


@pytest.fixture(scope="module")
def sets(game) -> list[np.ndarray]:
    base, found = odds.top_award_base(game, len(LINES))
    assert base["coins_at_level_1"] == TOP
    return found


def _free(game: GameDefinition, mode: str, colour: str) -> list[tuple[frozenset, list[list[str]]]]:
    return [(cells_of(g, f"scatter_{colour}"), g) for g in all_grids(game, f"free_{mode}")]


def _grouped(outcomes: list[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """Equal outcomes of equally likely grids together: outcome → probability."""
    out: dict[tuple[int, int], float] = {}
    for o in outcomes:
        out[o] = out.get(o, 0.0) + 1 / len(outcomes)
    return out


@pytest.mark.slow
def test_hit_frequency_matches_brute_force(game) -> None:
    """A base spin pays a line or starts the re-spins; overlay spins by every placement."""
    plain = list(all_grids(game, "base"))
    hits = sum(grid_pay(g) > 0 or sum(len(cells_of(g, s)) for s in SCATTERS) >= 2 for g in plain)
    got = odds.hit_frequency(game, len(LINES))
    assert got["hit_frequency_by_spin"]["plain"] == pytest.approx(hits / len(plain), rel=1e-12)
    grids = list(all_grids(game, "overlay"))
    for kind in ("hammer", "arrow", "sword"):
        want = sum(
            (p * Fraction(sum(grid_pay(covered(g, cells)) > 0 for g in grids), len(grids)))
            for p, cells in placements(game, kind)
        )
        assert got["hit_frequency_by_spin"][kind] == pytest.approx(float(want), rel=1e-12)


@pytest.mark.slow
def test_top_award_on_overlay_spins_matches_brute_force(game, sets) -> None:
    grids = list(all_grids(game, "overlay"))
    got = odds._overlay_odds(game, len(LINES), sets)
    for kind in ("hammer", "arrow", "sword"):
        want = sum(
            (p * Fraction(sum(shows_top(covered(g, cells)) for g in grids), len(grids)))
            for p, cells in placements(game, kind)
        )
        assert got[kind] == pytest.approx(float(want), rel=1e-12)


@pytest.mark.slow
def test_barbarian_top_award_matches_a_recursion_over_spins_left(game, sets) -> None:
    """P(no top award in all the spins L spins left lead to) = Φ^L."""
    outs = _grouped([(len(landed), shows_top(g)) for landed, g in _free(game, "barbarian", "blue")])
    limit = 300
    v = np.ones(limit + 1)
    left = np.arange(1, limit + 1)
    for _ in range(3000):  # v[L] = Σ P(grid) [no top] v[L − 1 + 3k], truncated far out
        nxt = np.ones_like(v)
        nxt[1:] = sum(p * (not top) * v[np.minimum(left - 1 + 3 * k, limit)] for (k, top), p in outs.items())
        v = nxt
    phi = odds._barbarian_clear(game, len(LINES), sets, "free_barbarian", "scatter_blue")
    for spins in (1, 9, 12):
        assert v[spins] == pytest.approx(phi**spins, rel=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("sticky", [((1, 0), (2, 1), (3, 2)), ((0, 0), (2, 1), (4, 2), (4, 0))])
def test_samurai_top_award_matches_brute_force(game, sets, sticky) -> None:
    """P(no top award in a Samurai session) by recursion over the sticky cells and every stop."""
    outs = _free(game, "samurai", "red")
    spins = game.feature.samurai.spins

    @cache
    def clear(t: int, cells: frozenset) -> Fraction:
        if t == spins:
            return Fraction(1)
        acc = Fraction(0)
        for landed, g in outs:
            now = cells | landed
            if not shows_top(covered(g, now)):
                acc += clear(t + 1, now)
        return acc / len(outs)

    got = odds._samurai_clear(game, len(LINES), sets, "free_samurai", "scatter_red")
    idx = tuple(sum(1 << w for r, w in sticky if r == reel) for reel in range(5))
    assert got[idx] == pytest.approx(float(clear(0, frozenset(sticky))), rel=1e-12)


def test_priestess_top_award_per_spin_matches_brute_force(game, sets) -> None:
    outs = _free(game, "priestess", "green")
    q = odds._per_spin(game, len(LINES), sets, "free_priestess")
    assert q == pytest.approx(sum(shows_top(g) for _, g in outs) / len(outs), rel=1e-12)


def test_spin_pay_distribution_matches_brute_force(game) -> None:
    for mode, colour in (("priestess", "green"), ("barbarian", "blue")):
        want: dict[tuple[int, int], int] = {}
        for landed, g in _free(game, mode, colour):
            key = (grid_pay(g), len(landed))
            want[key] = want.get(key, 0) + 1
        got = spin_pay_distribution(game, f"free_{mode}", len(LINES), [f"scatter_{colour}"])
        assert {(int(x), int(k)): int(c) for (x, k), c in np.ndenumerate(got) if c} == want


def _pmf(game: GameDefinition, mode: str, colour: str) -> tuple[np.ndarray, np.ndarray]:
    return cap._log_pmf(game, f"free_{mode}", len(LINES), f"scatter_{colour}")


@pytest.mark.slow
def test_barbarian_mgf_matches_a_recursion(game) -> None:
    """E[e^{θW}] of the spins one spin credit leads to: u[L] = E[e^{θX} u[L − 1 + 3K]]."""
    outs = _grouped([(len(landed), grid_pay(g)) for landed, g in _free(game, "barbarian", "blue")])
    theta = 1e-3
    limit = 300
    u = np.ones(limit + 1)
    left = np.arange(1, limit + 1)
    for _ in range(3000):
        nxt = np.ones_like(u)
        nxt[1:] = sum(
            p * math.exp(theta * x) * u[np.minimum(left - 1 + 3 * k, limit)] for (k, x), p in outs.items()
        )
        u = nxt
    pays, log_p = _pmf(game, "barbarian", "blue")
    assert cap.barbarian_log_mgf(pays, log_p, 3, theta) == pytest.approx(math.log(u[1]), rel=1e-9)
    assert 0.01 < math.log(u[1]) < 1
    assert cap.barbarian_log_mgf(pays, log_p, 3, 0.5) == math.inf  # too steep: no finite value


def test_priestess_mgf_and_cap_bound_match_the_exact_distribution(game) -> None:
    """The session's win distribution by recursion over (spin, multiplier): its MGF is the one
    the bound uses, and the bound is above the exact cost of a cap for every θ."""
    outs: dict[tuple[int, int], int] = {}
    for landed, g in _free(game, "priestess", "green"):
        outs[(len(landed), grid_pay(g))] = outs.get((len(landed), grid_pay(g)), 0) + 1
    total = sum(outs.values())
    spins = 3  # the tiny game's 7 spins make too many (multiplier, win) states for this recursion
    n = 3
    dist = {(n, 0): 1.0}  # (multiplier, win so far) -> probability
    for _ in range(spins):
        nxt: dict[tuple[int, int], float] = {}
        for (m, w), p in dist.items():
            for (k, x), c in outs.items():
                key = (m + k, w + (m + k) * x)
                nxt[key] = nxt.get(key, 0.0) + p * c / total
        dist = nxt
    pays, log_p = _pmf(game, "priestess", "green")
    for theta in (1e-3, 4e-3):
        mgf = sum(p * math.exp(theta * w) for (_, w), p in dist.items())
        got = cap.priestess_log_mgf(pays, log_p, 5, spins, theta)[n]
        assert got == pytest.approx(math.log(mgf), rel=1e-9)
    c = 600
    cost = sum(p * max(w - c, 0) for (_, w), p in dist.items())
    for theta in (5e-4, 2e-3, 8e-3):
        log_mgf = cap.priestess_log_mgf(pays, log_p, n, spins, theta)[n]
        assert cost <= math.exp(log_mgf - theta * c) / (math.e * theta)


@pytest.mark.slow
def test_cap_sheet_on_a_small_cap(game) -> None:
    """With a cap low enough to bind, the sheet says which rounds it cannot touch and bounds the
    rest; with the shipped cap the tiny game's free spins cannot reach it at all."""
    data = game.model_dump()
    data["cap"] = {"max_coins_per_level": 400}
    small = type(game).model_validate(data)
    sheet = exact.par_sheet(small)
    c = sheet["cap"]
    assert c["cap_coins_at_level_1"] == 400
    assert c["bounds_coins_at_level_1"]["rounds_without_free_spins"] == 6 * TOP + 10 * 3
    assert "rounds_without_free_spins" not in c["cannot_bind"]
    assert set(c["chernoff"]) == {"rounds_without_free_spins", "barbarian", "priestess", "samurai"}
    assert 0 < c["rtp_loss_at_most"] < math.inf and c["probability_capped_at_most"] > 0
