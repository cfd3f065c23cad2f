"""The independent exact RTP calculator: a game's par sheet computed from its definition alone.

This module deliberately shares no code with the evaluator (`game/evaluate.py`): it re-derives
every figure from the validated data and the binding evaluation rules in `docs/architecture.md`,
so that the two computations can check each other (STYLE principle 4, CERTIFICATION P1).

How each part is computed (all exact, as fractions of integers):

- Line pays. A stop is uniform, so every row of a reel shows the strip's symbol distribution, and
  the reels are independent: every line has the same expected pay, a sum over all symbol patterns
  (one symbol per reel) of pay(pattern) × Π count(symbol on reel) / Π strip length. The pay of
  every pattern is tabulated once per wild-acting set, applying the best-candidate rule (each
  paying symbol's run, largest listed count ≤ run, the highest pay wins).
- Scatters. The number of scatter cells in each reel's window is enumerated over its stops; the
  reels are independent, so the count over the grid is the convolution of the per-reel counts.
- Free spins (Secret of the Stones). The revealed stones are a uniformly random k-subset of the
  stones, whatever the player picks; every k-subset is enumerated: spins × multiplier × per-spin
  RTP of its feature configuration (wild reels × wild symbols), each configuration's per-spin RTP
  computed exactly once on the free reel set (line pays plus scatter pays, no retrigger).
- Hit frequency. A line can only win with at least the smallest listed count from reel 1, so
  whether any active line pays depends on the first m reels' windows only (m = the largest
  smallest-count); those windows are enumerated and combined with the scatter count of the rest.

Money units: pays are coins per line at bet level 1; RTP figures are fractions of the total bet.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition, StoneFeature, StonesFeature

Config = tuple[frozenset[int], frozenset[str]]
"""A free-spins feature configuration: (1-based wild reels, symbols that became wild)."""


# -- helpers on the definition -------------------------------------------------------------------


def _index(defn: GameDefinition) -> dict[str, int]:
    return {sid: i for i, sid in enumerate(defn.symbol_ids)}


def _wild_index(defn: GameDefinition) -> int | None:
    wilds = defn.symbols_of_kind("wild")
    return _index(defn)[wilds[0]] if wilds else None


def _windows(defn: GameDefinition, strip: Sequence[str]) -> np.ndarray:
    """Every window of a strip: array [stop, row] of symbol indices (row 0 = the stop's symbol)."""
    idx = _index(defn)
    ids = np.array([idx[s] for s in strip], dtype=np.int64)
    n = len(ids)
    rows = np.arange(defn.rows)
    return ids[(np.arange(n)[:, None] + rows[None, :]) % n]


def _pays_by_run(pays: dict[int, int], n: int) -> list[int]:
    """pay for a run of 0..n cells: the pay of the largest listed count ≤ run, else 0."""
    out = []
    for run in range(n + 1):
        listed = [k for k in pays if k <= run]
        out.append(pays[max(listed)] if listed else 0)
    return out


def _fraction_str(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


# -- line pays -----------------------------------------------------------------------------------


def line_pay_table(
    defn: GameDefinition, wild_acting: Iterable[str] = (), cells: int | None = None
) -> np.ndarray:
    """Pay (coins at level 1) of every symbol pattern of the first `cells` line cells.

    Returns a read-only int64 array with one axis per cell, each indexed by symbol position in
    `defn.symbols`. `wild_acting` are extra symbols that act as wild (free-spins stones); the wild
    symbol itself always does. With `cells` < reels, runs are truncated to that many cells (used
    to decide whether a line pays at all from the first reels only).
    """
    symbols = tuple((s.id, s.kind) for s in defn.symbols)
    paytable = tuple((sym, tuple(sorted(p.items()))) for sym, p in defn.paytable.items())
    n = defn.reels if cells is None else cells
    return _line_pay_table(symbols, paytable, frozenset(wild_acting), n)


@functools.lru_cache(maxsize=32)
def _line_pay_table(
    symbols: tuple[tuple[str, str], ...],
    paytable_items: tuple[tuple[str, tuple[tuple[int, int], ...]], ...],
    wild_acting: frozenset[str],
    n: int,
) -> np.ndarray:
    idx = {sid: i for i, (sid, _) in enumerate(symbols)}
    kinds = [k for _, k in symbols]
    size = len(kinds)
    paytable = {sym: dict(p) for sym, p in paytable_items}
    all_ids = np.arange(size)
    wild_set = {idx[s] for s in wild_acting}
    wild_set |= {i for i, k in enumerate(kinds) if k == "wild"}
    # Scatter and bonus symbols are never wild-acting and always end a run.
    wild_set = {w for w in wild_set if kinds[w] in ("wild", "regular")}
    best = np.zeros((size,) * n, dtype=np.int64)
    for sym, pays in paytable.items():
        s = idx[sym]
        # The wild's own run counts wild cells only; any other symbol's counts wild-acting ones.
        match = all_ids == s
        if kinds[s] != "wild":
            match = match | np.isin(all_ids, sorted(wild_set))
        by_run = _pays_by_run(pays, n)
        pay: Any = np.int64(0)
        prefix: Any = np.bool_(True)
        for r in range(1, n + 1):
            shape = [1] * n
            shape[r - 1] = size
            prefix = prefix & match.reshape(shape)
            delta = by_run[r] - by_run[r - 1]
            if delta:
                pay = pay + delta * prefix.astype(np.int64)
        best = np.maximum(best, pay)
    best.setflags(write=False)
    return best


def _reel_counts(defn: GameDefinition, strip: Sequence[str]) -> np.ndarray:
    idx = _index(defn)
    counts = np.zeros(len(defn.symbols), dtype=np.int64)
    for s in strip:
        counts[idx[s]] += 1
    return counts


def _reel_distributions(
    defn: GameDefinition, reel_set: str, wild_reels: frozenset[int]
) -> tuple[list[np.ndarray], int]:
    """Per reel: symbol counts (a wild reel is one wild out of one), and Π of the denominators."""
    wild = _wild_index(defn)
    out: list[np.ndarray] = []
    den = 1
    for r, strip in enumerate(defn.reel_sets[reel_set], start=1):
        if r in wild_reels:
            if wild is None:
                raise ValueError("a wild reel needs a wild symbol")
            counts = np.zeros(len(defn.symbols), dtype=np.int64)
            counts[wild] = 1
        else:
            counts = _reel_counts(defn, strip)
            den *= len(strip)
        out.append(counts)
    return out, den


def _contract(table: np.ndarray, counts: Sequence[np.ndarray]) -> int:
    """Σ over patterns of table × Π per-reel counts, in integers (Python ints if int64 could
    overflow)."""
    bound = max(int(np.abs(table).max()), 1) * math.prod(max(int(c.sum()), 1) for c in counts)
    t: Any = table if bound < 2**62 else table.astype(object)
    for c in reversed(counts):
        t = t @ c
    return int(t)


def line_rtp(
    defn: GameDefinition,
    reel_set: str = "base",
    wild_reels: Iterable[int] = (),
    wild_symbols: Iterable[str] = (),
    *,
    _table: np.ndarray | None = None,
) -> Fraction:
    """Expected pay of one line at level 1, in coins: the line RTP per coin bet on that line."""
    table = line_pay_table(defn, wild_symbols) if _table is None else _table
    counts, den = _reel_distributions(defn, reel_set, frozenset(wild_reels))
    return Fraction(_contract(table, counts), den)


# -- scatters ------------------------------------------------------------------------------------


def _reel_scatter_counts(defn: GameDefinition, strip: Sequence[str], symbol: str) -> np.ndarray:
    """counts[k] = number of stops whose window shows the symbol k times."""
    s = _index(defn)[symbol]
    per_stop = (_windows(defn, strip) == s).sum(axis=1)
    return np.bincount(per_stop, minlength=defn.rows + 1).astype(np.int64)


def scatter_count_distribution(
    defn: GameDefinition, reel_set: str, symbol: str, wild_reels: Iterable[int] = ()
) -> list[Fraction]:
    """P(the grid shows the symbol exactly n times), n = 0..reels × rows."""
    wild_reels = frozenset(wild_reels)
    total = np.array([1], dtype=np.int64)
    den = 1
    for r, strip in enumerate(defn.reel_sets[reel_set], start=1):
        if r in wild_reels:
            continue  # a wild reel shows no scatter: one outcome with count 0
        total = np.convolve(total, _reel_scatter_counts(defn, strip, symbol))
        den *= len(strip)
    out = [Fraction(int(c), den) for c in total]
    return out + [Fraction(0)] * (defn.reels * defn.rows + 1 - len(out))


def _scatter_pay(pays: dict[int, int], n: int) -> int:
    listed = [k for k in pays if k <= n]
    return pays[max(listed)] if listed else 0


def scatter_rtp(defn: GameDefinition, reel_set: str = "base", wild_reels: Iterable[int] = ()) -> Fraction:
    """Expected scatter pay per spin, as a fraction of the total bet (all scatter symbols)."""
    total = Fraction(0)
    for sym, pays in defn.scatter_pays.items():
        dist = scatter_count_distribution(defn, reel_set, sym, wild_reels)
        total += sum((p * _scatter_pay(pays, n) for n, p in enumerate(dist)), Fraction(0))
    return total


# -- the stone picks -----------------------------------------------------------------------------


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
    stone_items: tuple[tuple[str, int | None, str | None], ...],
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


def line_factor(defn: GameDefinition, lines: int | None = None) -> Fraction:
    """Coins bet per line ÷ coins of the total bet, per level: 1 unless a game fixes its coins."""
    n = len(defn.lines) if lines is None else lines
    per_level = defn.bet.coins_per_level
    return Fraction(1) if per_level is None else Fraction(n, per_level)


# -- hit frequency and top award -----------------------------------------------------------------


def _hit_symbol(defn: GameDefinition) -> tuple[str | None, int]:
    """The scatter symbol that makes a base spin a hit, and its smallest hit count."""
    mins: dict[str, int] = {sym: min(p) for sym, p in defn.scatter_pays.items()}
    f = defn.feature
    if isinstance(f, StonesFeature):
        mins[f.trigger_symbol] = min(mins.get(f.trigger_symbol, f.trigger_min), f.trigger_min)
    if not mins:
        return None, 0
    if len(mins) > 1:
        raise ValueError("the exact hit frequency covers games with one scatter symbol; this one has several")
    ((sym, k),) = mins.items()
    return sym, k


def hit_frequency(defn: GameDefinition, lines: int, reel_set: str = "base") -> Fraction:
    """P(a base spin pays anything: a line win on an active line, a scatter win or a trigger)."""
    m = max(min(p) for p in defn.paytable.values())
    strips = defn.reel_sets[reel_set]
    size = len(defn.symbols)
    prefix_pays = line_pay_table(defn, (), cells=m) > 0
    wins = [_windows(defn, strips[r]) for r in range(m)]
    shape = tuple(len(strips[r]) for r in range(m))
    line_hit = np.zeros(shape, dtype=bool)
    flat_pays = prefix_pays.ravel()
    for line in defn.lines[:lines]:
        flat: Any = np.int32(0)
        for r in range(m):
            axis = [1] * m
            axis[r] = shape[r]
            flat = flat * size + wins[r][:, line[r]].astype(np.int32).reshape(axis)
        line_hit |= flat_pays[flat]
    den = math.prod(len(s) for s in strips)
    back = math.prod(len(strips[r]) for r in range(m, defn.reels))
    hits = int(line_hit.sum()) * back
    sym, k_min = _hit_symbol(defn)
    if sym is not None:
        front: Any = np.int64(0)
        for r in range(m):
            axis = [1] * m
            axis[r] = shape[r]
            per_stop = (wins[r] == _index(defn)[sym]).sum(axis=1)
            front = front + per_stop.reshape(axis)
        front = np.broadcast_to(front, shape)
        back_dist = np.array([1], dtype=np.int64)
        for r in range(m, defn.reels):
            back_dist = np.convolve(back_dist, _reel_scatter_counts(defn, strips[r], sym))
        # back_at_least[j] = number of back-reel stop combinations with ≥ j scatters
        tail = np.concatenate([np.cumsum(back_dist[::-1])[::-1], [0]])
        need = np.clip(k_min - front[~line_hit], 0, len(tail) - 1)
        hits += int(tail[need].sum())
    return Fraction(hits, den)


def _top_joint(
    defn: GameDefinition,
    reel_set: str,
    sets: list[np.ndarray],
    lines: int,
    wild_reels: frozenset[int],
    scatter: str | None,
) -> tuple[np.ndarray, int]:
    """Stop combinations where some active line shows the top pattern, by scatter count.

    Each reel contributes a table (mask of rows showing a top-pattern symbol, scatter count) →
    number of stops; a wild reel is one outcome with every row wild and no scatter. The tables
    are combined over the reels, then the masks on which some active line is complete are kept.
    Returns (counts by scatter count, number of stop combinations).
    """
    rows = defn.rows
    wild = _wild_index(defn)
    sc = _index(defn)[scatter] if scatter else -1
    joint = np.ones((1, 1), dtype=np.int64)
    den = 1
    for r, strip in enumerate(defn.reel_sets[reel_set]):
        table = np.zeros((1 << rows, rows + 1), dtype=np.int64)
        if r + 1 in wild_reels:
            table[(1 << rows) - 1 if wild in sets[r] else 0, 0] = 1
        else:
            win = _windows(defn, strip)
            masks = (np.isin(win, sets[r]) * (1 << np.arange(rows))).sum(axis=1)
            np.add.at(table, (masks, (win == sc).sum(axis=1)), 1)
            den *= len(strip)
        n_masks, n_sc = joint.shape
        new = np.zeros((n_masks, 1 << rows, n_sc + rows), dtype=np.int64)
        for k in range(rows + 1):
            new[:, :, k : k + n_sc] += table[None, :, k, None] * joint[:, None, :]
        joint = new.reshape(n_masks << rows, n_sc + rows)
    return joint[_complete_lines(defn.reels, rows, tuple(map(tuple, defn.lines[:lines])))].sum(axis=0), den


@functools.lru_cache(maxsize=8)
def _complete_lines(reels: int, rows: int, lines: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """For every combination of per-reel row masks (reel 1 most significant): is some line's
    every cell in its reel's mask?"""
    digits = np.indices((1 << rows,) * reels).reshape(reels, -1)
    out = np.zeros(digits.shape[1], dtype=bool)
    for line in lines:
        ok = np.ones(digits.shape[1], dtype=bool)
        for r in range(reels):
            ok &= (digits[r] >> line[r]) & 1 == 1
        out |= ok
    out.setflags(write=False)
    return out


def top_award(defn: GameDefinition, lines: int, reel_set: str = "base") -> dict[str, Any]:
    """The largest single-line pay of the base game and its odds per line, per spin, per round.

    Per round counts the top pattern (5 wilds for Stones) on any active line of the base spin or
    of any free spin (where it pays × the multiplier).
    """
    table = line_pay_table(defn)
    top = int(table.max())
    hit = table == top
    counts, den = _reel_distributions(defn, reel_set, frozenset())
    p_line = Fraction(_contract(hit.astype(np.int64), counts), den)
    # The patterns paying the top are a product of per-reel symbol sets (5 wilds for Stones);
    # then "some active line shows it" is decided by each reel's mask of qualifying rows.
    others = [tuple(a for a in range(defn.reels) if a != r) for r in range(defn.reels)]
    sets = [np.flatnonzero(hit.any(axis=others[r])) for r in range(defn.reels)]
    product = math.prod(len(s) for s in sets) == int(hit.sum())
    result: dict[str, Any] = {
        "coins_at_level_1": top,
        "pattern": [[defn.symbol_ids[i] for i in s] for s in sets],
        "probability_per_line": float(p_line),
        "one_in_per_line": float(1 / p_line) if p_line else None,
    }
    if not product:
        return result
    feature = defn.feature
    scatter = feature.trigger_symbol if isinstance(feature, StonesFeature) else None
    joint, den = _top_joint(defn, reel_set, sets, lines, frozenset(), scatter)
    p_spin = Fraction(int(joint.sum()), den)
    result["lines"] = lines
    result["probability_per_spin"] = float(p_spin)
    result["one_in_per_spin"] = float(1 / p_spin) if p_spin else None
    if isinstance(feature, StonesFeature):
        trig = scatter_count_distribution(defn, reel_set, feature.trigger_symbol)
        max_key = max(feature.picks_by_scatters)
        q: dict[Config, float] = {}
        p_round = float(p_spin)
        for n, p_n in enumerate(trig):
            if n < feature.trigger_min or not p_n:
                continue
            po = pick_outcomes(feature, feature.picks_by_scatters[min(n, max_key)])
            p_any = 0.0
            for (cfg, spins, _mult), count in po.groups.items():
                if cfg not in q:
                    jf, dfree = _top_joint(defn, feature.free_reel_set, sets, lines, cfg[0], None)
                    q[cfg] = int(jf.sum()) / dfree
                p_any += count / po.subsets * (1.0 - (1.0 - q[cfg]) ** spins)
            # rounds without the top on the base spin that trigger, then show it in free spins
            p_round += (float(p_n) - int(joint[n]) / den if n < len(joint) else float(p_n)) * p_any
        result["probability_per_round"] = p_round
        result["one_in_per_round"] = 1 / p_round if p_round else None
    return result


# -- the win cap (an estimate) ---------------------------------------------------------------------


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
    idx = _index(defn)
    size = len(defn.symbols)
    wild = _wild_index(defn)
    bet = defn.bet.coins_per_level or lines
    free = defn.reel_sets[feature.free_reel_set]
    wins = [_windows(defn, strip) for strip in free]
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
            grid = np.indices([len(wins[r]) for r in free_reels]).reshape(len(free_reels), -1)
            stops_of = dict(zip(free_reels, grid, strict=True))
            total, width = combos, bin_coins
        else:
            stops_of = {r: rng.integers(len(wins[r]), size=samples) for r in free_reels}
            total, width = samples, sampled_bin_coins
        top = int(cap_coins_level_1 // width) + 1
        nfft = 1 << int(np.ceil(np.log2(2 * top)))
        code = np.zeros((total, lines), dtype=np.int32)
        n_sc = {sym: np.zeros(total, dtype=np.int64) for sym, _ in scatter_pays}
        for r in range(defn.reels):
            if r + 1 in reels:
                code += wild * size ** (defn.reels - 1 - r)
                continue
            code += contrib[r][stops_of[r]]
            for sym, _ in scatter_pays:
                n_sc[sym] += counts_at[sym][r][stops_of[r]]
        exact_configs += combos <= exact_limit
        x = tables[syms][code].sum(axis=1)
        for sym, pays in scatter_pays:
            table = np.array([_scatter_pay(pays, n) for n in range(defn.reels * defn.rows + 1)])
            x += table[n_sc[sym]] * bet
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
                    _scatter_pay(pays, n_sc)
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


# -- the par sheet -------------------------------------------------------------------------------


def _part(name: str, value: Fraction, **extra: Any) -> dict[str, Any]:
    return {"name": name, "rtp": float(value), "method": "exact", "fraction": _fraction_str(value), **extra}


def par_sheet(defn: GameDefinition, lines: int | None = None, *, estimate_cap: bool = True) -> dict[str, Any]:
    """The exact par sheet of a stones-type game (or a plain line game), JSON-ready.

    `lines` (default: the game's default lines) only affects the per-spin figures that depend on
    the active lines (hit frequency, top-award odds per spin, the win bound); the RTP does not
    depend on the lines or the bet level, because every line has the same expected pay and all
    pays scale with the level. `estimate_cap` adds the (sampled) estimate of what the win cap
    removes where it can bind; everything else is exact.
    """
    n_lines = defn.bet.default_lines if lines is None else lines
    if not 1 <= n_lines <= len(defn.lines):
        raise ValueError(f"lines must be 1..{len(defn.lines)}")
    lf = line_factor(defn, n_lines)
    base_table = line_pay_table(defn)
    base_line = line_rtp(defn, "base", _table=base_table) * lf
    base_scatter = scatter_rtp(defn, "base")
    parts = [_part("base_line_pays", base_line), _part("base_scatter_pays", base_scatter)]
    out: dict[str, Any] = {"game": defn.id, "lines": n_lines}

    feature = defn.feature
    free_total = Fraction(0)
    if isinstance(feature, StonesFeature):
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
            _part(
                "free_spins",
                free_total,
                split=[
                    _part("free_spins_line_pays", free_line),
                    _part("free_spins_scatter_pays", free_scatter),
                ],
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
    else:
        max_sxm = 0

    total = base_line + base_scatter + free_total
    out["rtp"] = float(total)
    out["rtp_fraction"] = _fraction_str(total)
    out["parts"] = parts
    out["hit_frequency"] = float(hit_frequency(defn, n_lines))
    out["top_award"] = top_award(defn, n_lines)

    # A bound on a round's win in coins at level 1: every active line at the top pay, plus the
    # top scatter pay, on the base spin and on each free spin at the largest spins × multiplier.
    top_line = max(max(p.values()) for p in defn.paytable.values())
    total_bet_lvl1 = defn.bet.coins_per_level or n_lines
    top_scatter = sum(max(p.values()) for p in defn.scatter_pays.values()) * total_bet_lvl1
    per_spin_bound = n_lines * top_line + top_scatter
    bound = per_spin_bound * (1 + max_sxm)
    out["max_round_win_coins_upper_bound"] = bound
    out["cap"] = _cap_section(defn, n_lines, bound, total_bet_lvl1, estimate_cap)
    out["cap"]["note"] = _cap_note(defn, out["cap"])
    out["rtp_note"] = (
        "The RTP does not depend on the active lines or the bet level: every line has "
        "the same expected pay and all pays scale with the level. It is the uncapped "
        "RTP."
    )
    return out


def _cap_section(defn: GameDefinition, lines: int, bound_lvl1: int, bet_lvl1: int, estimate: bool) -> dict:
    cap = defn.cap
    max_level = max(defn.bet.levels)
    rows = []
    for coin in defn.bet.coin_values_cents:
        caps = []
        if cap.max_currency_cents is not None:
            caps.append(cap.max_currency_cents // coin)
        rows.append({"coin_value_cents": coin, "cap_coins": min(caps) if caps else None})
    out: dict[str, Any] = {
        "max_currency_cents": cap.max_currency_cents,
        "max_coins_per_level": cap.max_coins_per_level,
        "by_coin_value": rows,
    }

    def cap_coins(level: int, coin: int) -> int | None:
        caps = []
        if cap.max_currency_cents is not None:
            caps.append(cap.max_currency_cents // coin)
        if cap.max_coins_per_level is not None:
            caps.append(cap.max_coins_per_level * level)
        return min(caps) if caps else None

    for row in rows:
        coin = row["coin_value_cents"]
        for level in (1, max_level):
            c = cap_coins(level, coin)
            row[f"cap_x_bet_level_{level}"] = c / (bet_lvl1 * level) if c else None
            row[f"can_bind_level_{level}"] = c is not None and bound_lvl1 * level >= c
    d_level, d_coin = defn.bet.default_level, defn.bet.default_coin_value_cents
    d_cap = cap_coins(d_level, d_coin)
    m_coin = max(defn.bet.coin_values_cents)
    m_cap = cap_coins(max_level, m_coin)
    out["default_bet"] = {
        "lines": lines,
        "level": d_level,
        "coin_value_cents": d_coin,
        "cap_coins": d_cap,
        "bound_coins": bound_lvl1 * d_level,
        "cap_x_bet": d_cap / (bet_lvl1 * d_level) if d_cap else None,
        "can_bind": d_cap is not None and bound_lvl1 * d_level >= d_cap,
    }
    out["max_bet"] = {
        "lines": lines,
        "level": max_level,
        "coin_value_cents": m_coin,
        "cap_coins": m_cap,
        "bound_coins": bound_lvl1 * max_level,
        "cap_x_bet": m_cap / (bet_lvl1 * max_level) if m_cap else None,
        "can_bind": m_cap is not None and bound_lvl1 * max_level >= m_cap,
    }
    for key, level in (("default_bet", d_level), ("max_bet", max_level)):
        row = out[key]
        if row["can_bind"] and estimate:
            row["estimate"] = cap_loss_estimate(defn, lines, row["cap_coins"] / level)
    return out


def _cap_note(defn: GameDefinition, cap: dict[str, Any]) -> str:
    """Plain words: can the cap change the RTP at the default and at the maximum bet?"""
    parts = ["The par RTP is the uncapped one."]
    if cap["max_currency_cents"] is None and cap["max_coins_per_level"] is None:
        return parts[0] + " The game has no win cap."
    for key, label in (("default_bet", "default bet"), ("max_bet", "maximum bet")):
        row = cap[key]
        where = (
            f"At the {label} ({row['lines']} lines, level {row['level']}, coin value "
            f"{row['coin_value_cents']} cents) the cap is {row['cap_coins']:,} coins"
        )
        if not row["can_bind"]:
            parts.append(
                f"{where}, above the largest possible round win "
                f"({row['bound_coins']:,} coins): the cap cannot change the RTP."
            )
        elif "estimate" not in row:
            parts.append(f"{where}; a round can reach it (bound {row['bound_coins']:,} coins).")
        else:
            est = row["estimate"]
            parts.append(
                f"{where} ({row['cap_x_bet']:,.0f} × the total bet); a round can "
                f"reach it (bound {row['bound_coins']:,} coins), about 1 round in "
                f"{est['one_in']:,.0f}, which lowers the RTP there by about "
                f"{100 * est['rtp_loss']:.4f} percentage points (estimate)."
            )
    return " ".join(parts)
