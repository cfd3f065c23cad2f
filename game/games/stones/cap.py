"""An estimate of what Secret of the Stones' win cap takes from the RTP (not part of the exact par).

Only rounds with free spins can reach the cap (a base spin pays at most a few hundred bets). The
pick groups and their probabilities are exact; each configuration's per-spin win is enumerated
where that is cheap and sampled (with a seeded generator) elsewhere, so the result is an estimate.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.stones.exact import pick_outcomes
from game.games.stones.model import StonesFeature
from game.math.patterns import (
    line_factor,
    line_pay_table,
    line_rtp,
    scatter_count_distribution,
    scatter_pay,
    symbol_index,
    wild_index,
    windows,
)


def cap_loss_estimate(
    defn: GameDefinition,
    lines: int,
    cap_coins_level_1: float,
    *,
    samples: int = 20_000,
    exact_limit: int = 200_000,
    seed: int = 2024,
    bin_coins: int = 5,
    sampled_bin_coins: int = 25,
) -> dict[str, Any]:
    """Estimate how much RTP a round cap of `cap_coins_level_1` coins (scaled to level 1) removes.

    Only rounds with free spins can reach the cap (a base spin pays at most a few hundred bets).
    The pick groups (configuration, spins, multiplier) and their probabilities are exact. Each
    configuration's per-spin win (all active lines plus scatters, coins at level 1) is taken over
    every stop combination when there are at most `exact_limit` of them (wild reels 2 and 4, which
    carry almost all of the capped rounds), else sampled with a seeded generator; it is binned to
    `bin_coins` (`sampled_bin_coins` when sampled), and the distribution of n spins is its n-fold
    convolution, so E[(multiplier × total − cap)+] follows without sampling whole rounds. The base
    spin's scatter pay and its mean line pay are subtracted from the cap. The result is an
    estimate (sampling of the other configurations, the base spin taken at its mean), not part of
    the exact RTP.
    """
    feature = defn.feature
    if not isinstance(feature, StonesFeature):
        return {"rtp_loss": 0.0, "probability_capped": 0.0, "method": "estimate"}
    rng = np.random.Generator(np.random.PCG64(seed))
    idx = symbol_index(defn)
    size = len(defn.symbols)
    wild = wild_index(defn)
    bet = defn.bet.coins_per_level or lines
    free = defn.reel_sets[feature.free_reel_set]
    wins = [windows(defn, strip) for strip in free]
    trig = scatter_count_distribution(defn, "base", feature.trigger_symbol)
    base_line_mean = float(line_rtp(defn, "base") * line_factor(defn, lines)) * bet
    max_key = max(feature.picks_by_scatters)
    scatter_pays = [(idx[sym], pays) for sym, pays in defn.scatter_pays.items()]
    tables: dict[frozenset[str], np.ndarray] = {}
    outcomes = {k: pick_outcomes(feature, k) for k in set(feature.picks_by_scatters.values())}
    configs = sorted(
        {c for po in outcomes.values() for c in po.count}, key=lambda c: (sorted(c[0]), sorted(c[1]))
    )
    # Each reel's share of every active line's pattern code, and its scatter count, per stop.
    contrib = []
    for r, win in enumerate(wins):
        rows = np.array([line[r] for line in defn.lines[:lines]])
        contrib.append((win[:, rows] * size ** (defn.reels - 1 - r)).astype(np.int32))
    counts_at = {sym: [(win == sym).sum(axis=1) for win in wins] for sym, _ in scatter_pays}
    loss = 0.0
    p_capped = 0.0
    exact_configs = 0
    for cfg in configs:
        reels, syms = cfg
        if syms not in tables:
            tables[syms] = line_pay_table(defn, syms).ravel()
        free_reels = [r for r in range(defn.reels) if r + 1 not in reels]
        combos = math.prod(len(wins[r]) for r in free_reels)
        if combos <= exact_limit:
            # Few enough stop combinations: enumerate them all (each equally likely).
            every = np.indices([len(wins[r]) for r in free_reels]).reshape(len(free_reels), -1)
            stops_of = dict(zip(free_reels, every, strict=True))
            total, width = combos, bin_coins
        else:
            stops_of = {r: rng.integers(len(wins[r]), size=samples) for r in free_reels}
            total, width = samples, sampled_bin_coins
        top = int(cap_coins_level_1 // width) + 1
        nfft = 1 << int(np.ceil(np.log2(2 * top)))
        code = np.zeros((total, lines), dtype=np.int32)
        sc_counts = {sym: np.zeros(total, dtype=np.int64) for sym, _ in scatter_pays}
        for r in range(defn.reels):
            if r + 1 in reels:
                code += wild * size ** (defn.reels - 1 - r)
                continue
            code += contrib[r][stops_of[r]]
            for sym, _ in scatter_pays:
                sc_counts[sym] += counts_at[sym][r][stops_of[r]]
        exact_configs += combos <= exact_limit
        x = tables[syms][code].sum(axis=1)
        for sym, pays in scatter_pays:
            table = np.array([scatter_pay(pays, n) for n in range(defn.reels * defn.rows + 1)])
            x += table[sc_counts[sym]] * bet
        b = np.rint(x / width).astype(np.int64)
        mean_bins = float(b.mean())
        pmf1 = np.bincount(np.minimum(b, top), minlength=top + 1)[:top].astype(np.float64) / total
        f1 = np.fft.rfft(pmf1, nfft)
        needed = {n for po in outcomes.values() for (c, n, _m) in po.groups if c == cfg}
        pmfs: dict[int, np.ndarray] = {}
        pn = pmf1
        for n in range(1, max(needed) + 1):
            if n > 1:
                pn = np.fft.irfft(np.fft.rfft(pn, nfft) * f1, nfft)[:top]
                pn = np.clip(pn, 0.0, None)
            if n in needed:
                pmfs[n] = pn
        grid = np.arange(top) * width
        for n_sc, p_n in enumerate(trig):
            if n_sc < feature.trigger_min or not p_n:
                continue
            k = feature.picks_by_scatters[min(n_sc, max_key)]
            po = outcomes[k]
            own = (
                sum(
                    scatter_pay(pays, n_sc)
                    for sym, pays in defn.scatter_pays.items()
                    if sym == feature.trigger_symbol
                )
                * bet
            )
            cap = cap_coins_level_1 - own - base_line_mean
            for (c, n, m), count in po.groups.items():
                if c != cfg:
                    continue
                w = float(p_n) * count / po.subsets
                y = m * grid
                below = y < cap
                excess = m * n * mean_bins * width - cap + float(((cap - y) * pmfs[n])[below].sum())
                loss += w * max(excess, 0.0)
                p_capped += w * max(0.0, 1.0 - float(pmfs[n][below].sum()))
    return {
        "rtp_loss": loss / bet,
        "probability_capped": p_capped,
        "one_in": 1 / p_capped if p_capped > 0 else None,
        "method": "estimate",
        "samples_per_configuration": samples,
        "configurations_enumerated": exact_configs,
        "configurations_sampled": len(configs) - exact_configs,
    }
