"""Secret of the Stones' exact par sheet: the base game and the free spins shaped by the stones.

Free spins. The revealed stones are a uniformly random k-subset of the stones, whatever the
player picks; every k-subset is enumerated: spins × multiplier × per-spin RTP of its feature
configuration (wild reels × wild symbols), each configuration's per-spin RTP computed exactly
once on the free reel set (line pays plus scatter pays, no retrigger). The base game's parts,
hit frequency and top award come from the shared `game.math` helpers; the cap's cost is an
estimate (`game.games.stones.cap`), reported apart from the exact RTP.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.stones.model import StoneFeature, StoneKind, StonesFeature
from game.math.odds import hit_frequency, top_award, top_joint
from game.math.par import RTP_NOTE, cap_note, cap_section, check_lines, part
from game.math.patterns import (
    fraction_str,
    line_factor,
    line_pay_table,
    line_rtp,
    scatter_count_distribution,
    scatter_rtp,
)

Config = tuple[frozenset[int], frozenset[str]]
"""A free-spins feature configuration: (1-based wild reels, symbols that became wild)."""


@dataclass(frozen=True)
class PickOutcomes:
    """All k-subsets of the stones grouped by feature configuration.

    `subsets` is C(len(stones), k). Per configuration: `count` subsets, `spins_x_mult` the sum of
    spins × multiplier over them, `spins` and `mult` the sums of spins and of multipliers;
    `groups` counts the subsets per (configuration, spins, multiplier).
    """

    picks: int
    subsets: int
    count: dict[Config, int]
    spins_x_mult: dict[Config, int]
    spins: dict[Config, int]
    mult: dict[Config, int]
    max_spins_x_mult: int
    groups: dict[tuple[Config, int, int], int]


def pick_outcomes(feature: StonesFeature, picks: int) -> PickOutcomes:
    """Enumerate every k-subset of the stones (k = picks) exactly, with NumPy."""
    stones = tuple((s.kind, s.value, s.symbol) for s in feature.stones)
    return _pick_outcomes(stones, feature.free_spins, feature.initial_multiplier, picks)


@functools.lru_cache(maxsize=32)
def _pick_outcomes(
    stone_items: tuple[tuple[StoneKind, int | None, str | None], ...],
    free_spins: int,
    initial_multiplier: int,
    picks: int,
) -> PickOutcomes:
    stones = [StoneFeature(kind=k, value=v, symbol=sym) for k, v, sym in stone_items]
    spins_v = np.array([s.value if s.kind == "spins" else 0 for s in stones], dtype=np.int64)
    mult_v = np.array([s.value if s.kind == "multiplier" else 0 for s in stones], dtype=np.int64)
    flags: list[tuple[str, int | str]] = []
    for s in stones:
        if s.kind == "wild_reel":
            flags.append(("reel", int(s.value or 0)))
        elif s.kind == "wild_symbol":
            flags.append(("symbol", str(s.symbol)))
    distinct = sorted(set(flags), key=str)
    bit_of = {f: 1 << i for i, f in enumerate(distinct)}
    bits_v = np.zeros(len(stones), dtype=np.int64)
    for i, s in enumerate(stones):
        if s.kind == "wild_reel":
            bits_v[i] = bit_of[("reel", int(s.value or 0))]
        elif s.kind == "wild_symbol":
            bits_v[i] = bit_of[("symbol", str(s.symbol))]
    combos = np.array(list(itertools.combinations(range(len(stones)), picks)), dtype=np.int64)
    spins = free_spins + spins_v[combos].sum(axis=1)
    mult = initial_multiplier + mult_v[combos].sum(axis=1)
    bits = np.bitwise_or.reduce(bits_v[combos], axis=1)
    sxm = spins * mult
    count: dict[Config, int] = {}
    sum_sxm: dict[Config, int] = {}
    sum_spins: dict[Config, int] = {}
    sum_mult: dict[Config, int] = {}
    groups: dict[tuple[Config, int, int], int] = {}
    configs: dict[int, Config] = {}
    for b in np.unique(bits):
        sel = bits == b
        reels = frozenset(int(v) for (k, v) in distinct if k == "reel" and b & bit_of[(k, v)])
        syms = frozenset(str(v) for (k, v) in distinct if k == "symbol" and b & bit_of[(k, v)])
        cfg = (reels, syms)
        configs[int(b)] = cfg
        count[cfg] = int(sel.sum())
        sum_sxm[cfg] = int(sxm[sel].sum())
        sum_spins[cfg] = int(spins[sel].sum())
        sum_mult[cfg] = int(mult[sel].sum())
    keys, counts = np.unique(np.stack([bits, spins, mult], axis=1), axis=0, return_counts=True)
    for (b, n, m), c in zip(keys.tolist(), counts.tolist(), strict=True):
        groups[(configs[b], n, m)] = c
    return PickOutcomes(
        picks=picks,
        subsets=len(combos),
        count=count,
        spins_x_mult=sum_sxm,
        spins=sum_spins,
        mult=sum_mult,
        max_spins_x_mult=int(sxm.max()),
        groups=groups,
    )


class _FreeSpinRtps:
    """Per-spin RTP of each feature configuration on the free reel set, computed once each."""

    def __init__(self, defn: GameDefinition, reel_set: str) -> None:
        self.defn = defn
        self.reel_set = reel_set
        self._tables: dict[frozenset[str], np.ndarray] = {}
        self._line: dict[Config, Fraction] = {}
        self._scatter: dict[Config, Fraction] = {}

    def line(self, cfg: Config) -> Fraction:
        if cfg not in self._line:
            reels, syms = cfg
            if syms not in self._tables:
                self._tables[syms] = line_pay_table(self.defn, syms)
            self._line[cfg] = line_rtp(self.defn, self.reel_set, reels, _table=self._tables[syms])
        return self._line[cfg]

    def scatter(self, cfg: Config) -> Fraction:
        if cfg not in self._scatter:
            self._scatter[cfg] = scatter_rtp(self.defn, self.reel_set, cfg[0])
        return self._scatter[cfg]


def free_spins_value(
    defn: GameDefinition, picks: int, *, _rtps: _FreeSpinRtps | None = None
) -> tuple[Fraction, Fraction]:
    """Expected free-spins win after `picks` picks, in total bets: (line part, scatter part)."""
    feature = defn.feature
    if not isinstance(feature, StonesFeature):
        raise ValueError("free_spins_value needs a stones-type feature")
    rtps = _rtps or _FreeSpinRtps(defn, feature.free_reel_set)
    po = pick_outcomes(feature, picks)
    lf = line_factor(defn)
    line = sum((po.spins_x_mult[c] * rtps.line(c) * lf for c in po.count), Fraction(0))
    scat = sum((po.spins_x_mult[c] * rtps.scatter(c) for c in po.count), Fraction(0))
    return line / po.subsets, scat / po.subsets


def _feature(defn: GameDefinition) -> StonesFeature:
    if not isinstance(defn.feature, StonesFeature):
        raise ValueError(f"{defn.id} is not a Secret of the Stones game")
    return defn.feature


def par_sheet(defn: GameDefinition, lines: int | None = None, *, estimate_cap: bool = True) -> dict[str, Any]:
    """The exact par sheet of a Stones game, JSON-ready.

    `lines` (default: the game's default lines) only affects the per-spin figures that depend on
    the active lines (hit frequency, top-award odds per spin, the win bound); the RTP does not
    depend on the lines or the bet level, because every line has the same expected pay and all
    pays scale with the level. `estimate_cap` adds the (sampled) estimate of what the win cap
    removes where it can bind; everything else is exact.
    """
    feature = _feature(defn)
    n_lines = check_lines(defn, lines)
    lf = line_factor(defn, n_lines)
    base_line = line_rtp(defn, "base", _table=line_pay_table(defn)) * lf
    base_scatter = scatter_rtp(defn, "base")
    parts = [part("base_line_pays", base_line), part("base_scatter_pays", base_scatter)]
    out: dict[str, Any] = {"game": defn.id, "lines": n_lines}

    trig = scatter_count_distribution(defn, "base", feature.trigger_symbol)
    max_key = max(feature.picks_by_scatters)
    p_picks: dict[int, Fraction] = {}
    for n, p in enumerate(trig):
        if n >= feature.trigger_min and p:
            k = feature.picks_by_scatters[min(n, max_key)]
            p_picks[k] = p_picks.get(k, Fraction(0)) + p
    p_trigger = sum(p_picks.values(), Fraction(0))
    rtps = _FreeSpinRtps(defn, feature.free_reel_set)
    free_line = Fraction(0)
    free_scatter = Fraction(0)
    by_picks = []
    spins_mean = Fraction(0)
    mult_mean = Fraction(0)
    cfg_weight: dict[Config, Fraction] = {}
    max_sxm = 0
    for k in sorted(p_picks):
        po = pick_outcomes(feature, k)
        v_line, v_scat = free_spins_value(defn, k, _rtps=rtps)
        free_line += p_picks[k] * v_line
        free_scatter += p_picks[k] * v_scat
        e_spins = Fraction(sum(po.spins.values()), po.subsets)
        e_mult = Fraction(sum(po.mult.values()), po.subsets)
        cond = p_picks[k] / p_trigger
        spins_mean += cond * e_spins
        mult_mean += cond * e_mult
        for c, cnt in po.count.items():
            cfg_weight[c] = cfg_weight.get(c, Fraction(0)) + cond * Fraction(cnt, po.subsets)
        max_sxm = max(max_sxm, po.max_spins_x_mult)
        by_picks.append(
            {
                "picks": k,
                "probability_given_trigger": float(cond),
                "expected_spins": float(e_spins),
                "expected_multiplier": float(e_mult),
                "expected_spins_x_multiplier": float(Fraction(sum(po.spins_x_mult.values()), po.subsets)),
                "value_x_bet": float(v_line + v_scat),
            }
        )
    free_total = free_line + free_scatter
    parts.append(
        part(
            "free_spins",
            free_total,
            split=[part("free_spins_line_pays", free_line), part("free_spins_scatter_pays", free_scatter)],
        )
    )
    configs = []
    for c in sorted(cfg_weight, key=lambda c: (sorted(c[0]), sorted(c[1]))):
        configs.append(
            {
                "wild_reels": sorted(c[0]),
                "wild_symbols": sorted(c[1]),
                "probability_given_trigger": float(cfg_weight[c]),
                "per_spin_line_rtp": float(rtps.line(c) * lf),
                "per_spin_scatter_rtp": float(rtps.scatter(c)),
            }
        )
    out["free_spins"] = {
        "trigger_probability": float(p_trigger),
        "trigger_one_in": float(1 / p_trigger) if p_trigger else None,
        "trigger_by_scatters": {
            str(n): float(p) for n, p in enumerate(trig) if n >= feature.trigger_min and p
        },
        "picks": by_picks,
        "expected_spins": float(spins_mean),
        "expected_multiplier": float(mult_mean),
        "average_value_x_bet": float(free_total / p_trigger) if p_trigger else None,
        "configurations": configs,
        "max_spins_x_multiplier": max_sxm,
    }
    out["free_spins_trigger_probability"] = float(p_trigger)
    out["free_spins_trigger_one_in"] = out["free_spins"]["trigger_one_in"]

    total = base_line + base_scatter + free_total
    out["rtp"] = float(total)
    out["rtp_fraction"] = fraction_str(total)
    out["parts"] = parts
    out["hit_frequency"] = float(stones_hit_frequency(defn, n_lines))
    out["top_award"] = stones_top_award(defn, n_lines)

    # A bound on a round's win in coins at level 1: every active line at the top pay, plus the
    # top scatter pay, on the base spin and on each free spin at the largest spins × multiplier.
    top_line = max(max(p.values()) for p in defn.paytable.values())
    total_bet_lvl1 = defn.bet.coins_per_level or n_lines
    top_scatter = sum(max(p.values()) for p in defn.scatter_pays.values()) * total_bet_lvl1
    bound = (n_lines * top_line + top_scatter) * (1 + max_sxm)
    out["max_round_win_coins_upper_bound"] = bound
    if estimate_cap:
        from game.games.stones.cap import cap_loss_estimate

        def estimate(cap_level_1: float) -> dict[str, Any]:
            return cap_loss_estimate(defn, n_lines, cap_level_1)

        out["cap"] = cap_section(defn, n_lines, bound, total_bet_lvl1, estimate)
    else:
        out["cap"] = cap_section(defn, n_lines, bound, total_bet_lvl1)
    out["cap"]["note"] = cap_note(defn, out["cap"])
    out["rtp_note"] = RTP_NOTE
    return out


def stones_hit_frequency(defn: GameDefinition, lines: int) -> Fraction:
    """P(a base spin pays anything or triggers the free spins)."""
    feature = _feature(defn)
    return hit_frequency(defn, lines, trigger=(feature.trigger_symbol, feature.trigger_min))


def stones_top_award(defn: GameDefinition, lines: int, reel_set: str = "base") -> dict[str, Any]:
    """The top line pay's odds per line and per spin (shared maths), and per round: the top
    pattern (5 wilds, a symbol made wild counting as a wild) on any active line of the base spin
    or of any free spin."""
    feature = _feature(defn)
    result, detail = top_award(defn, lines, reel_set, feature.trigger_symbol)
    if detail is None:
        return result
    sets, joint, den = detail
    wild = defn.symbol_ids.index(defn.symbols_of_kind("wild")[0])
    trig = scatter_count_distribution(defn, reel_set, feature.trigger_symbol)
    max_key = max(feature.picks_by_scatters)
    q: dict[Config, float] = {}
    p_round = float(result["probability_per_spin"])
    for n, p_n in enumerate(trig):
        if n < feature.trigger_min or not p_n:
            continue
        po = pick_outcomes(feature, feature.picks_by_scatters[min(n, max_key)])
        p_any = 0.0
        for (cfg, spins, _mult), count in po.groups.items():
            if cfg not in q:
                # a symbol made wild is a Wild: it completes the top pattern wherever the wild does
                made = [defn.symbol_ids.index(s) for s in sorted(cfg[1])]
                cfg_sets = [np.union1d(s, made) if wild in s else s for s in sets]
                jf, dfree = top_joint(defn, feature.free_reel_set, cfg_sets, lines, cfg[0], None)
                q[cfg] = int(jf.sum()) / dfree
            p_any += count / po.subsets * (1.0 - (1.0 - q[cfg]) ** spins)
        # rounds without the top on the base spin that trigger, then show it in free spins
        p_round += (float(p_n) - int(joint[n]) / den if n < len(joint) else float(p_n)) * p_any
    result["probability_per_round"] = p_round
    result["one_in_per_round"] = 1 / p_round if p_round else None
    return result
