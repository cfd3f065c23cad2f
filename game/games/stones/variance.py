"""Secret of the Stones' exact round moments: E[win] and E[win²] per total bet, so the exact SD.

A round is the base spin B and, when K ≥ the trigger's scatters, the free spins F. Given the
picks (a function of K), F does not depend on the base spin's other cells: the picked stones are a
uniform k-subset (`exact.pick_outcomes`, grouped by configuration, spins n and multiplier m), and
F = m × (Y_1 + … + Y_n) with the Y_i independent free-spin pays of that configuration (no
retrigger). So, over the groups,

    E[F | K]  = Σ P(group) · m · n · E[Y],
    E[F² | K] = Σ P(group) · m² · (n · E[Y²] + n(n − 1) · E[Y]²),
    E[X²]     = E[B²] + 2 Σ_k E[B · 1{K = k}] · E[F | k] + Σ_k P(K = k) · E[F² | k].

E[B · 1{K = k}], E[B²] and each configuration's E[Y], E[Y²] are the exact spin moments
(`game.math.moments`) of the same line-pay tables the RTP uses (`line_pay_table` with the
made-wild symbols). Uncapped, like the par RTP.
"""

from __future__ import annotations

from game.definitions import GameDefinition
from game.games.stones.exact import Config, _feature, pick_outcomes
from game.math.moments import SpinMoments, spin_moments
from game.math.par import check_lines
from game.math.patterns import line_pay_table


def round_moments(defn: GameDefinition, lines: int | None = None) -> tuple[float, float]:
    """(E[X], E[X²]) of a round's win X per total bet, exact (see the module notes)."""
    feature = _feature(defn)
    n_lines = check_lines(defn, lines)
    bet = defn.bet.coins_per_level or n_lines  # the total bet in coins at level 1
    scatter = feature.trigger_symbol
    pays = defn.scatter_pays.get(scatter, {})
    scatter_coins = {k: v * bet for k, v in pays.items()}

    def spin(reel_set: str, cfg: Config) -> SpinMoments:
        table = line_pay_table(defn, cfg[1])
        return spin_moments(
            defn,
            reel_set,
            n_lines,
            table,
            wild_reels=cfg[0],
            scatter=scatter,
            scatter_coins=scatter_coins,
        )

    base = spin("base", (frozenset(), frozenset()))
    free: dict[Config, SpinMoments] = {}
    by_picks: dict[int, tuple[float, float]] = {}
    max_key = max(feature.picks_by_scatters)
    mean = base.mean
    second = base.second
    for k in range(feature.trigger_min, len(base.p)):
        if not base.p[k]:
            continue
        picks = feature.picks_by_scatters[min(k, max_key)]
        if picks not in by_picks:
            po = pick_outcomes(feature, picks)
            e1 = e2 = 0.0
            for (cfg, n, m), count in po.groups.items():
                if cfg not in free:
                    free[cfg] = spin(feature.free_reel_set, cfg)
                y1, y2 = free[cfg].mean, free[cfg].second
                w = count / po.subsets
                e1 += w * m * n * y1
                e2 += w * m * m * (n * y2 + n * (n - 1) * y1 * y1)
            by_picks[picks] = (e1, e2)
        f1, f2 = by_picks[picks]
        mean += float(base.p[k]) * f1
        second += 2.0 * float(base.first[k]) * f1 + float(base.p[k]) * f2
    return mean / bet, second / bet**2
