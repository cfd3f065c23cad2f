"""Volatility and the round-win distribution: the par sheet's and the simulator's shared figures.

Units: a round's win X is its total win ÷ its total bet (the unit of `simulate`'s
`std_per_round`). The standard deviation is that of X; the volatility index is z × SD at 90 %
(z = 1.645) and 95 % (z = 1.960); the class reads VI90 (low < 5, medium 5–10, high 10–15, very
high ≥ 15). The distribution counts rounds in buckets of × the total bet: 0, (0, 1], (1, 2],
(2, 5], (5, 10], (10, 20], (20, 50], (50, 100], (100, 250], (250, 1000], > 1000.

`volatility_section` builds the par sheet's section: the SD exact where the game gives its
round moments (`GameRules.round_moments`), else sampled through the production batch simulator
with its 99 % interval; the distribution sampled with Wilson 99 % intervals. Every figure names
its method.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

Z99 = 2.5758293035489004
"""Two-sided 99 % normal quantile."""
Z90 = 1.645
Z95 = 1.960
EDGES = (0, 1, 2, 5, 10, 20, 50, 100, 250, 1000)
"""Bucket upper edges in × the total bet; the last bucket is > 1000."""
LABELS = ("0", "0-1", "1-2", "2-5", "5-10", "10-20", "20-50", "50-100", "100-250", "250-1000", ">1000")
"""One short label per bucket (the JSON's keys; the info page draws its own)."""
CLASSES = ((5.0, "low"), (10.0, "medium"), (15.0, "high"), (math.inf, "very high"))
"""(VI90 below, class)."""
SAMPLE_ROUNDS = 1_000_000
SAMPLE_SEED = 20261201
"""The par sheet's sampled figures: rounds and seed (fixed, so the sheet is reproducible)."""


def bucket_counts(wins_coins: np.ndarray, stake_coins: int) -> np.ndarray:
    """How many of the round wins (coins) fall in each bucket (see `EDGES`), exactly in integers."""
    edges = np.array([e * stake_coins for e in EDGES], dtype=np.int64)
    idx = np.searchsorted(edges, np.asarray(wins_coins, dtype=np.int64), side="left")
    return np.bincount(idx, minlength=len(LABELS)).astype(np.int64)


def wilson(count: int, n: int, z: float = Z99) -> tuple[float, float]:
    """Wilson score interval of a proportion count / n."""
    if n <= 0:
        return 0.0, 1.0
    p = count / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def distribution(counts: np.ndarray, n: int) -> list[dict[str, Any]]:
    """The buckets as JSON: label, bounds (× bet), share of rounds and its Wilson 99 % interval."""
    out = []
    lows = (None, 0, *EDGES[1:])
    highs = (0, *EDGES[1:], None)
    for i, label in enumerate(LABELS):
        c = int(counts[i])
        out.append(
            {
                "bucket": label,
                "above_x_bet": lows[i],
                "up_to_x_bet": highs[i],
                "rounds": c,
                "probability": c / n,
                "ci99": list(wilson(c, n)),
            }
        )
    return out


def sample_sd(n: int, s1: float, s2: float, s3: float, s4: float) -> tuple[float, float]:
    """(SD, its standard error) from the sums of x, x², x³, x⁴ over n rounds.

    The sample SD's standard error by the delta method: Var(s²) ≈ (μ₄ − σ⁴)/n, so
    se(s) ≈ √((μ₄ − σ⁴)/n) / (2s), with μ₄ the fourth central moment.
    """
    m1, m2, m3, m4 = s1 / n, s2 / n, s3 / n, s4 / n
    var = max(0.0, (s2 - n * m1 * m1) / (n - 1))
    sd = math.sqrt(var)
    mu4 = m4 - 4 * m1 * m3 + 6 * m1 * m1 * m2 - 3 * m1**4
    if sd == 0:
        return 0.0, 0.0
    return sd, math.sqrt(max(0.0, mu4 - var * var) / n) / (2 * sd)


def volatility_class(vi90: float) -> str:
    """low / medium / high / very high by the 90 % volatility index."""
    return next(name for below, name in CLASSES if vi90 < below)


def index(sd: float) -> dict[str, Any]:
    """VI90, VI95 and the class of a round's SD."""
    vi90 = Z90 * sd
    return {"vi90": vi90, "vi95": Z95 * sd, "class": volatility_class(vi90)}


def volatility_section(
    defn: Any,
    sheet: dict[str, Any],
    moments: Callable[[Any, int], tuple[float, float]] | None,
    *,
    rounds: int = SAMPLE_ROUNDS,
    seed: int = SAMPLE_SEED,
) -> dict[str, Any]:
    """The par sheet's volatility section (see the module notes). `moments(defn, lines)` gives
    the exact (E[X], E[X²]) where the game has them."""
    from game.bets import default_bet
    from game.math.simulate import simulate

    bet = default_bet(defn)
    sim = simulate(defn, bet, rounds, seed, workers=1)
    stake = bet.total_coins
    sampled = f"sampled ({sim['rounds']:,} rounds through the batch simulator, seed {seed}"
    out: dict[str, Any] = {}
    if moments is not None:
        mean, second = moments(defn, sheet["lines"])
        if abs(mean - sheet["rtp"]) > 1e-9:  # the moments must read the RTP's own tables
            raise ValueError(f"the round moments' mean {mean!r} is not the par RTP {sheet['rtp']!r}")
        sd = math.sqrt(max(0.0, second - mean * mean))
        out["std_per_round"] = sd
        out["std_method"] = "exact (second moments through the calculator's line tables)"
        out["mean_from_moments"] = mean
    else:
        sd = sim["std_per_round"]
        lo, hi = sim["std_ci99"]
        out["std_per_round"] = sd
        out["std_ci99"] = [lo, hi]
        out["std_method"] = f"{sampled}, 99 % CI {lo:.3f}..{hi:.3f})"
    out.update(index(sd))
    if "std_ci99" in out:
        lo, hi = out["std_ci99"]
        out["vi90_ci99"] = [Z90 * lo, Z90 * hi]
    out["sampled_std_per_round"] = sim["std_per_round"]
    out["sampled_std_ci99"] = sim["std_ci99"]
    top = sheet.get("top_award", {})
    one_in = top.get("one_in_per_round")
    out["top_award"] = {
        "x_bet": top.get("coins_at_level_1", 0) / (defn.bet.coins_per_level or sheet["lines"]),
        "one_in_rounds": one_in,
    }
    out["largest_win"] = largest_win(defn, sheet, stake // bet.level)
    out["hit_frequency"] = sheet.get("hit_frequency")
    out["round_hit_frequency_sampled"] = sim["hit_frequency"]
    dist = sim["distribution"]
    out["distribution"] = {
        "method": f"{sampled}, Wilson 99 % intervals; default bet)",
        "buckets": dist,
    }
    out["default_bet"] = sim["bet"]
    return out


def largest_win(defn: Any, sheet: dict[str, Any], bet_lvl1: int) -> dict[str, Any]:
    """The largest possible round win in × the total bet: the game's bound where it has one,
    else the round cap (a game whose rules have no bound)."""
    bound = sheet.get("max_round_win_coins_upper_bound")
    cap = sheet.get("cap", {})
    if bound is None and isinstance(cap.get("default_bet"), dict):
        row = cap["default_bet"]
        bound = row["bound_coins"] / row["level"]
    if bound is not None:
        return {"x_bet": bound / bet_lvl1, "method": "upper bound from the rules (every pay at its largest)"}
    cap_x = cap.get("cap_x_bet")
    return {"x_bet": cap_x, "method": "the round cap (the rules set no other bound)"}
