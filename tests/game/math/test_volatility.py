"""Volatility: exact second moments against brute force on tiny games, the shared bucket and
interval helpers, and the simulation's SD and histogram against the par sheet's figures."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from game.bets import default_bet
from game.definitions import GameDefinition, load_game
from game.games.stones.model import StonesFeature
from game.games.stones.variance import round_moments
from game.math import volatility
from game.math.moments import spin_moments
from game.math.par import par_sheet
from game.math.patterns import line_pay_table
from game.math.simulate import simulate
from tests.game.math.test_exact import (
    SMALL_STONES,
    TINY_LINES,
    naive_grids,
    naive_spin,
    scatter_pay,
    tiny_stones,
)


@pytest.fixture(scope="module")
def small() -> GameDefinition:
    return tiny_stones(SMALL_STONES, {3: 2, 4: 3})


def spin_law(defn: GameDefinition, reel_set: str, lines: int, reels=frozenset(), syms=frozenset()) -> Counter:
    """Every stop combination's (spin pay in coins, scatter count), by naive reading."""
    law: Counter = Counter()
    for grid in naive_grids(defn, reel_set, set(reels)):
        pays, counts = naive_spin(defn, grid, lines, syms)
        k = counts["s"]
        law[(sum(pays) + scatter_pay(defn.scatter_pays["s"], k) * lines, k)] += 1
    return law


@pytest.mark.parametrize(
    ("reel_set", "reels", "syms"),
    [
        ("base", frozenset(), frozenset()),
        ("free", frozenset({2}), frozenset({"d"})),
        ("free", frozenset(), frozenset({"o"})),
    ],
)
@pytest.mark.parametrize("lines", [1, 3, 5])
def test_spin_moments_match_brute_force(small, reel_set, reels, syms, lines) -> None:
    law = spin_law(small, reel_set, lines, reels, syms)
    n = sum(law.values())
    got = spin_moments(
        small,
        reel_set,
        lines,
        line_pay_table(small, syms),
        wild_reels=reels,
        scatter="s",
        scatter_coins={k: v * lines for k, v in small.scatter_pays["s"].items()},
    )
    second = sum(c * pay * pay for (pay, _), c in law.items()) / n
    assert got.second == pytest.approx(second, rel=1e-12)
    for k in range(len(got.p)):
        p = sum(c for (_, kk), c in law.items() if kk == k) / n
        first = sum(c * pay for (pay, kk), c in law.items() if kk == k) / n
        assert got.p[k] == pytest.approx(p, abs=1e-15)
        assert got.first[k] == pytest.approx(first, rel=1e-12, abs=1e-15)


@pytest.mark.slow
def test_round_moments_match_brute_force(small) -> None:
    """A whole tiny-Stones round: every base grid, every k-subset of stones, and the free spins'
    total as the n-fold convolution of one free spin's enumerated law (no shared formula)."""
    feature = small.feature
    assert isinstance(feature, StonesFeature)
    lines = len(TINY_LINES)
    free_laws: dict[tuple, np.ndarray] = {}

    def free_law(reels: frozenset, syms: frozenset) -> np.ndarray:
        """P(one free spin pays v coins), indexed by v."""
        if (reels, syms) not in free_laws:
            law = spin_law(small, "free", lines, reels, syms)
            out = np.zeros(max(pay for pay, _ in law) + 1)
            for (pay, _), c in law.items():
                out[pay] += c
            free_laws[reels, syms] = out / out.sum()
        return free_laws[reels, syms]

    def feature_law(picks: int) -> Counter:
        out: Counter = Counter()
        subsets = list(itertools.combinations(feature.stones, picks))
        for chosen in subsets:
            spins = feature.free_spins + sum(s.value for s in chosen if s.kind == "spins")
            mult = feature.initial_multiplier + sum(s.value for s in chosen if s.kind == "multiplier")
            reels = frozenset(s.value for s in chosen if s.kind == "wild_reel")
            syms = frozenset(s.symbol for s in chosen if s.kind == "wild_symbol")
            total = np.ones(1)
            for _ in range(spins):
                total = np.convolve(total, free_law(reels, syms))
            for value in np.flatnonzero(total):
                out[int(value) * mult] += total[value] / len(subsets)
        return out

    features = {k: feature_law(k) for k in (2, 3)}
    m1 = m2 = 0.0
    base = spin_law(small, "base", lines)
    n = sum(base.values())
    for (pay, k), c in base.items():
        w = c / n
        if k >= feature.trigger_min:
            for f, p in features[feature.picks_by_scatters[min(k, 4)]].items():
                m1 += w * p * (pay + f)
                m2 += w * p * (pay + f) ** 2
        else:
            m1 += w * pay
            m2 += w * pay * pay
    mean, second = round_moments(small)
    assert mean == pytest.approx(m1 / lines, rel=1e-9)
    assert second == pytest.approx(m2 / lines**2, rel=1e-9)
    assert mean == pytest.approx(float(Fraction(par_sheet(small)["rtp_fraction"])), rel=1e-12)


def test_buckets_are_closed_above() -> None:
    stake = 25
    wins = np.array([0, 1, 25, 26, 50, 51, 125, 25_000, 25_001], dtype=np.int64)
    counts = volatility.bucket_counts(wins, stake)
    assert counts.tolist() == [1, 2, 2, 2, 0, 0, 0, 0, 0, 1, 1]
    assert len(volatility.LABELS) == 11


def test_wilson_and_class() -> None:
    lo, hi = volatility.wilson(0, 1000)
    assert lo == 0 and 0.006 < hi < 0.007  # z² / (n + z²) for a zero count
    lo, hi = volatility.wilson(500, 1000)
    assert lo < 0.5 < hi and hi - 0.5 == pytest.approx(0.5 - lo)
    assert [volatility.volatility_class(v) for v in (4.99, 5, 9.99, 10, 14.9, 15)] == [
        "low",
        "medium",
        "medium",
        "high",
        "high",
        "very high",
    ]


def test_sample_sd_of_a_known_law() -> None:
    """A fair coin paying 0 or 2: SD 1, and the delta-method error of the SD is √((μ₄ − σ⁴)/n)/2σ = 0."""
    n = 10_000
    sd, se = volatility.sample_sd(n, n, 2 * n, 4 * n, 8 * n)
    assert sd == pytest.approx(math.sqrt(n / (n - 1)))
    assert se == pytest.approx(0, abs=1e-3)


def _agree(a: list[float], b: list[float]) -> bool:
    """Two 99 % intervals overlap."""
    return a[0] <= b[1] and b[0] <= a[1]


@pytest.mark.slow
def test_simulated_sd_holds_the_exact_stones_sd(stones) -> None:
    d = stones.definition
    mean, second = round_moments(d)
    exact_sd = math.sqrt(second - mean * mean)
    out = simulate(d, default_bet(d), 300_000, seed=5, workers=1)
    lo, hi = out["std_ci99"]
    assert lo <= exact_sd <= hi
    assert sum(b["rounds"] for b in out["distribution"]) == out["rounds"]
    assert out["distribution"][0]["probability"] == pytest.approx(1 - out["hit_frequency"])


@pytest.mark.parametrize("game", ["warlords", "tombraider"])
def test_sampled_par_sd_and_histogram_agree_with_simulate(game) -> None:
    """The par sheet's sampled figures (its own seed) and an independent simulation agree within
    their 99 % intervals (quick: 200,000 rounds each)."""
    d = load_game(game).definition
    sheet = {"lines": default_bet(d).lines, "top_award": {}, "cap": {}}
    vol = volatility.volatility_section(d, sheet, None, rounds=200_000)
    out = simulate(d, default_bet(d), 200_000, seed=99, workers=1)
    assert vol["std_method"].startswith("sampled (200,000 rounds")
    assert _agree(vol["std_ci99"], out["std_ci99"])
    for mine, theirs in zip(vol["distribution"]["buckets"], out["distribution"], strict=True):
        assert _agree(mine["ci99"], theirs["ci99"]), mine["bucket"]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["stones", "warlords", "tombraider"])
def test_par_figures_hold_in_a_bigger_simulation(game) -> None:
    """The full par sheet's SD and distribution against 2,000,000 simulated rounds."""
    d = load_game(game).definition
    sheet = par_sheet(d, estimate_cap=False, volatility=True)
    vol = sheet["volatility"]
    out = simulate(d, default_bet(d), 2_000_000, seed=2026, workers=1)
    lo, hi = out["std_ci99"]
    if "std_ci99" in vol:
        assert _agree(vol["std_ci99"], out["std_ci99"])
    else:
        assert lo <= vol["std_per_round"] <= hi
    for mine, theirs in zip(vol["distribution"]["buckets"], out["distribution"], strict=True):
        assert _agree(mine["ci99"], theirs["ci99"]), mine["bucket"]
    assert vol["class"] == volatility.volatility_class(1.645 * vol["std_per_round"])
