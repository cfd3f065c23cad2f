"""The simulator: sane reports, independence from the worker count, agreement with the exact
par sheet (CERTIFICATION P2)."""

from __future__ import annotations

import math

import pytest

from game.bets import default_bet
from game.math.simulate import CHUNK_ROUNDS, chunk_seeds, simulate


@pytest.fixture(scope="module")
def report(stones):
    return simulate(stones.definition, default_bet(stones.definition), 1_000_000, seed=7, workers=1)


@pytest.fixture(scope="module")
def sheet(stones):
    from game.math import par as exact

    return exact.par_sheet(stones.definition)


@pytest.mark.slow
def test_a_small_run_reports_sane_figures(stones):
    d = stones.definition
    bet = default_bet(d)
    out = simulate(d, bet, 200_000 + 17, seed=3, workers=1)
    assert out["rounds"] == 200_017
    lo, hi = out["ci99"]
    assert lo < out["rtp"] < hi and 0.3 < out["rtp"] < 2.0
    assert 0.05 < out["hit_frequency"] < 0.9
    assert 0 < out["free_spins_rate"] < 0.1
    assert out["free_spins_per_trigger"] > d.feature.free_spins
    assert out["largest_win"]["coins"] >= 0
    assert out["largest_win"]["x_bet"] == out["largest_win"]["coins"] / bet.total_coins
    assert sum(out["rtp_parts"].values()) == pytest.approx(out["rtp"])
    assert out["rounds_per_second"] > 0 and out["seconds"] > 0


@pytest.mark.slow
def test_the_result_does_not_depend_on_the_worker_count(stones):
    d = stones.definition
    bet = default_bet(d)
    one = simulate(d, bet, 2 * CHUNK_ROUNDS + 5, seed=11, workers=1)
    two = simulate(d, bet, 2 * CHUNK_ROUNDS + 5, seed=11, workers=2)
    for key in ("rtp", "ci99", "hit_frequency", "free_spins_rate", "largest_win", "feature_rates"):
        assert one[key] == two[key], key
    assert two["workers"] == 2


def test_chunk_seeds_are_fixed_and_distinct():
    a = chunk_seeds(5, 4)
    assert a == chunk_seeds(5, 4)
    assert a[:2] == chunk_seeds(5, 2)
    assert len({x for pair in a for x in pair}) == 8


@pytest.mark.slow
def test_exact_rtp_lies_inside_the_99_interval(sheet, report):
    lo, hi = report["ci99"]
    assert lo <= sheet["rtp"] <= hi, (sheet["rtp"], report["rtp"], report["ci99"])
    assert hi - lo < 0.1


@pytest.mark.slow
def test_trigger_rate_matches_the_exact_probability(sheet, report):
    p = sheet["free_spins_trigger_probability"]
    n = report["rounds"]
    z = (report["free_spins_rate"] - p) / math.sqrt(p * (1 - p) / n)
    assert abs(z) < 3.3
    assert report["free_spins_per_trigger"] == pytest.approx(sheet["free_spins"]["expected_spins"], rel=0.03)


def test_a_bad_bet_or_too_few_rounds_is_refused(stones):
    from game.money import Bet

    with pytest.raises(ValueError):
        simulate(stones.definition, Bet(lines=30, level=1, coin_value_cents=5), 1000, seed=1)
    with pytest.raises(ValueError):
        simulate(stones.definition, default_bet(stones.definition), 1, seed=1)
