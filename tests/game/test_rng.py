"""The RNG against the laboratory checks R1–R4 (CERTIFICATION.md), with fixed seeds.

scipy is not a dependency: chi-square p-values use the Wilson–Hilferty normal approximation,
which is accurate to well under 1e-3 for the degrees of freedom used here.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.rng import RAW_SPAN, Pcg64Source, Rng

LENGTHS = [48, 47, 50, 48, 53]
Z99 = 2.5758293035489004


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with df degrees of freedom (Wilson–Hilferty)."""
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def chi2_uniform_p(values: np.ndarray, n: int) -> float:
    counts = np.bincount(values, minlength=n)
    expected = len(values) / n
    stat = float(((counts - expected) ** 2).sum() / expected)
    return chi2_sf(stat, n - 1)


def test_wilson_hilferty_matches_known_quantiles():
    # chi-square 99th percentiles from tables: df 50 -> 76.154, df 99 -> 134.642
    assert chi2_sf(76.154, 50) == pytest.approx(0.01, abs=5e-4)
    assert chi2_sf(134.642, 99) == pytest.approx(0.01, abs=5e-4)


@pytest.fixture(scope="module")
def stream() -> np.ndarray:
    """10^6 spins' stops (5 × 10^6 draws) through the production batch draw."""
    return Rng.from_seed(20240601).stops(LENGTHS, 1_000_000)


@pytest.mark.slow
def test_r1_stops_are_uniform_on_every_reel(stream):
    for r, n in enumerate(LENGTHS):
        assert chi2_uniform_p(stream[:, r], n) > 0.01, f"reel {r + 1}"


@pytest.mark.slow
def test_r1_scalar_draws_are_uniform():
    rng = Rng.from_seed(99)
    values = np.array([rng.below(48) for _ in range(100_000)])
    assert chi2_uniform_p(values, 48) > 0.01
    spins = np.concatenate([rng.stops(LENGTHS, 1) for _ in range(20_000)])
    for r, n in enumerate(LENGTHS):
        assert chi2_uniform_p(spins[:, r], n) > 0.01


def test_r2_runs_test(stream):
    x = stream[:, 0]
    median = np.median(x)
    signs = x[x != median] > median
    n1, n2 = int(signs.sum()), int((~signs).sum())
    runs = 1 + int(np.count_nonzero(signs[1:] != signs[:-1]))
    mean = 2 * n1 * n2 / (n1 + n2) + 1
    var = 2 * n1 * n2 * (2 * n1 * n2 - n1 - n2) / ((n1 + n2) ** 2 * (n1 + n2 - 1))
    assert abs(runs - mean) / math.sqrt(var) < Z99


def lag1(x: np.ndarray) -> float:
    x = x.astype(np.float64) - x.mean()
    return float((x[:-1] * x[1:]).sum() / (x * x).sum())


@pytest.mark.slow
def test_r3_lag1_correlation_within_the_stream(stream):
    # the raw order of draws: reel by reel within a spin, spin after spin
    flat = (stream / np.array(LENGTHS)).ravel()
    assert abs(lag1(flat)) * math.sqrt(len(flat)) < Z99
    for r in range(5):
        x = stream[:, r]
        assert abs(lag1(x)) * math.sqrt(len(x)) < Z99


@pytest.mark.slow
def test_r3_lag1_correlation_across_rounds():
    # played rounds: one RNG per round from consecutive seeds; compare consecutive rounds
    first = np.array([Rng.from_seed(seed).stops(LENGTHS, 1)[0, 0] for seed in range(20_000)])
    assert abs(lag1(first)) * math.sqrt(len(first)) < Z99
    assert chi2_uniform_p(first, LENGTHS[0]) > 0.01


def test_r3_pairs_of_reels_are_independent(stream):
    for a, b in ((0, 1), (1, 2), (3, 4), (0, 4)):
        na, nb = LENGTHS[a], LENGTHS[b]
        table = np.bincount(stream[:, a] * nb + stream[:, b], minlength=na * nb).reshape(na, nb)
        expected = np.outer(table.sum(1), table.sum(0)) / table.sum()
        stat = float(((table - expected) ** 2 / expected).sum())
        assert chi2_sf(stat, (na - 1) * (nb - 1)) > 0.01, f"reels {a + 1} and {b + 1}"


class EnumeratingSource:
    """A fake raw source of `bits` bits that yields every raw value once per period, scrambled."""

    def __init__(self, bits: int = 16) -> None:
        self.bits = bits
        self.span = 1 << bits
        self.pos = 0

    def raw(self, count: int) -> np.ndarray:
        i = np.arange(self.pos, self.pos + count, dtype=np.uint64)
        self.pos += count
        # an odd multiplier is a bijection modulo 2**bits: every value once per period
        return (i * np.uint64(40503) + np.uint64(12345)) % np.uint64(self.span)


@pytest.mark.parametrize("n", [48, 47, 50, 53, 7, 3, 1000, 65535])
def test_r4_every_stop_gets_exactly_equal_raw_values(n):
    src = EnumeratingSource(16)
    rng = Rng(src)
    limit = src.span - src.span % n
    values = rng.below_many(n, limit)
    counts = np.bincount(values, minlength=n)
    assert (counts == limit // n).all()
    assert src.pos <= src.span  # one period of raw values was enough


@pytest.mark.slow
def test_r4_scalar_draws_and_batches_of_spins_are_unbiased():
    src = EnumeratingSource(16)
    rng = Rng(src)
    limit = src.span - src.span % 48
    counts = np.bincount([rng.below(48) for _ in range(limit)], minlength=48)
    assert (counts == limit // 48).all()
    src = EnumeratingSource(16)
    spins = Rng(src).stops([48] * 5, limit // 5)  # equal lengths: one flat draw
    assert (np.bincount(spins.ravel(), minlength=48) == limit // 48).all()


def test_a_source_cannot_be_wider_than_32_bits():
    class Wide:
        bits = 40

        def raw(self, count):
            return np.zeros(count, dtype=np.uint64)

    with pytest.raises(ValueError, match="bits wide"):
        Rng(Wide())


def test_the_read_ahead_block_does_not_change_the_stream():
    # mixed batch reads and scalar reads, as rounds and the simulator make them (0 = one scalar)
    reads = [0 if k % 3 == 0 else k for k in np.random.default_rng(0).integers(1, 150, 60).tolist()]
    for seed in (0, 1, 2**40 + 7):
        src = Pcg64Source(seed)
        got = np.concatenate([src.raw(k) if k else np.array([src.raw_one()], np.uint64) for k in reads])
        total = sum(k or 1 for k in reads)
        ref = np.random.Generator(np.random.PCG64(seed)).integers(0, RAW_SPAN, size=total, dtype=np.uint64)
        assert (got == ref).all()


def test_scalar_and_batch_of_one_agree():
    a, b = Rng.from_seed(5), Rng.from_seed(5)
    assert [a.below(n) for n in LENGTHS * 20] == [int(b.below_many(n, 1)[0]) for n in LENGTHS * 20]
    a, b = Rng.from_seed(6), Rng.from_seed(6)
    assert a.stops(LENGTHS, 1).tolist() == [[b.below(n) for n in LENGTHS]]


@pytest.mark.slow
def test_permutations_of_one_equal_shuffle_and_are_uniform():
    for seed in range(20):
        items = list(range(20))
        assert Rng.from_seed(seed).permutations(20, 1)[0].tolist() == Rng.from_seed(seed).shuffle(items)
    perms = Rng.from_seed(1).permutations(20, 100_000)
    assert (np.sort(perms, axis=1) == np.arange(20)).all()
    where_zero = np.argmax(perms == 0, axis=1)
    assert chi2_uniform_p(where_zero, 20) > 0.01


def test_seeds_are_replayable_and_distinct():
    a = Rng.from_seed(123).stops(LENGTHS, 1000)
    assert (a == Rng.from_seed(123).stops(LENGTHS, 1000)).all()
    assert not (a == Rng.from_seed(124).stops(LENGTHS, 1000)).all()
    with pytest.raises(ValueError):
        Rng.from_seed(-1)


# -- the pick streams (a choice's reveal, drawn with the entropy stored with it) --------------------
def test_pick_streams_are_pinned() -> None:
    """Stored rounds replay through these draws: they must never change."""
    from game.rng import pick_below, pick_stream_start

    assert pick_stream_start(1, 2, 3) == 6472360053564435648
    assert [pick_below(0, 0, 1, 20), pick_below(12345, 3, 8843, 20)] == [5, 17]
    assert pick_below(2**63 - 1, 7, 2**63 - 1, 15) == 12 and pick_below(99, 0, 5, 2**32) == 354963105


@pytest.mark.parametrize("n", [1, 2, 6, 15, 20, 2**31 + 1, 2**32])
def test_the_array_pick_stream_equals_the_scalar_one_draw_for_draw(n: int) -> None:
    """The simulator's array draws are the played flow's, key for key (2**31 + 1 rejects half of
    the raw values, so redraws are compared too)."""
    from game.rng import pick_below, pick_below_many

    keys = np.random.default_rng(5).integers(0, 2**63, size=(3, 400), dtype=np.int64)
    keys[1] %= 40
    got = pick_below_many(keys[0], keys[1], keys[2], n)
    assert got.tolist() == [pick_below(int(s), int(k), int(e), n) for s, k, e in keys.T]
    assert pick_below_many(0, 3, keys[2, :5], n).tolist() == [
        pick_below(0, 3, int(e), n) for e in keys[2, :5]
    ]


def test_a_pick_stream_is_uniform_over_entropies() -> None:
    """For a fixed seed and choice, fresh entropies make every face-down position equally likely."""
    from game.rng import pick_below_many

    draws = pick_below_many(12345, 2, np.arange(1, 60_001, dtype=np.int64), 17)
    assert chi2_uniform_p(draws, 17) > 1e-3
    seeds = pick_below_many(np.arange(60_000, dtype=np.int64), 0, 8843, 17)  # and over seeds
    assert chi2_uniform_p(seeds, 17) > 1e-3


def test_choice_entropy_is_fresh_non_zero_and_0_in_a_fixed_seed_session() -> None:
    from game.rng import SeedSource, entropies_from, new_choice_entropy

    drawn = {new_choice_entropy() for _ in range(200)}
    assert len(drawn) == 200 and all(0 < e < 2**63 for e in drawn)
    assert SeedSource(4).next_entropy() == 0 and SeedSource().next_entropy() > 0
    simulated = entropies_from(Rng.from_seed(3), 10_000)
    assert simulated.min() > 0 and len(set(simulated.tolist())) == 10_000


def test_the_array_pick_stream_takes_a_range_per_key() -> None:
    """The simulator draws a whole location's picks at once, each step with its own range."""
    from game.rng import pick_below, pick_below_many

    keys = np.arange(24).reshape(4, 6)
    ranges = 6 - np.arange(6)
    got = pick_below_many(0, keys, keys + 1, ranges)
    assert got.tolist() == [
        [pick_below(0, k, k + 1, 6 - j) for j, k in enumerate(row)] for row in keys.tolist()
    ]
    with pytest.raises(ValueError):
        pick_below_many(0, 1, 1, [3, 0])
