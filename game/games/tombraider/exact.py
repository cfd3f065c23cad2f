"""The exact par sheet of Tomb Raider – Secret of the Sword, computed from the data alone.

It shares no code with the production engine (`game.evaluate`, this package's `cascade`, `flow`,
`batch`, `adventure`): every rule is re-derived here from the validated definition, so that the
two computations check each other. All figures are exact fractions unless a key says otherwise.

- Base game: line pays (every line has the same expected pay: a contraction of the pattern pay
  table with the reels' symbol distributions) and scatter pays (per-reel window counts,
  convolved), from the shared helpers of `game.math.patterns` and `game.math.odds`.
- Free spins: every stop combination of the free reels is enumerated (NumPy, in chunks). A free
  spin's cascades and ladder are then a function of its stops, played out here by an
  independent implementation of the cascade rule; the mean over all combinations is exact.
  Free spins are independent and identically distributed (no retrigger), so their value is the
  number of spins times that mean. Cascades depend on which lines are active, so this part
  (alone) depends on the line count.
- Super Mode: its probability per base spin is a data weight. Each spin's line pay, for every
  number of held wilds, is the sum over the wild masks a line can get (hypergeometric over the
  uniformly chosen cells) of the exact line pay with those cells wild; scatters are enumerated
  over every held-wild placement (each reel's covered rows change its key counts).
- Passports: each base spin activates reel r with probability p_r (a passport on its centre
  row). The activation sets form a Markov chain over the 32 subsets; its stationary law gives
  the Global Adventure's rate per round (checked against 1 / E[collection time] by
  inclusion–exclusion over the reels' independent geometric waiting times).
- Global Adventure: a dynamic programme over the locations and, within a location, over the
  artefacts revealed so far (counts of traps, bonus amounts and the treasure), carrying the
  probability and the expected pot of each state. The board is a uniformly random layout that
  the player cannot see, so every unrevealed position hides each remaining artefact with the
  same probability: whatever the player picks, the revealed artefacts come in a uniformly random
  order, and every pick strategy has the same distribution of outcomes.

Money: at a constant bet the weighted average bet is the total bet, so every bonus amount is a
whole number of total bets; a jackpot (× the weighted average bet per line, i.e. total ÷ the
game's lines) is rounded down to whole coins at bet level 1. Figures are fractions of the total
bet.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.tombraider.model import Adventure, TombRaiderFeature
from game.math.odds import complete_lines, hit_frequency, top_award
from game.math.par import cap_note, cap_section, check_lines, part
from game.math.patterns import (
    contract,
    fraction_str,
    line_factor,
    line_pay_table,
    line_rtp,
    pays_by_run,
    reel_distributions,
    scatter_count_distribution,
    scatter_rtp,
)

CHUNK_COMBINATIONS = 1 << 18
"""Stop combinations played out at once in the free-spins enumeration (~100 MB)."""
MAX_CASCADES = 200
"""A cascade chain longer than this means the strips can loop: the design is rejected."""


def _feature(defn: GameDefinition) -> TombRaiderFeature:
    feature = defn.feature
    if not isinstance(feature, TombRaiderFeature):
        raise ValueError(f"{defn.id} is not a Tomb Raider game")
    return feature


# -- the line rule with the winning run ----------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _pay_run(
    symbols: tuple[tuple[str, str], ...], paytable: tuple, reels: int
) -> tuple[np.ndarray, np.ndarray]:
    size = len(symbols)
    kinds = [k for _, k in symbols]
    ids = {sid: i for i, (sid, _) in enumerate(symbols)}
    wild = [i for i, k in enumerate(kinds) if k == "wild"]
    shape = (size,) * reels
    best = np.zeros(shape, dtype=np.int64)
    best_pay = np.zeros(shape, dtype=np.int64)
    best_run = np.zeros(shape, dtype=np.int64)
    for sym, pays in paytable:
        s = ids[sym]
        pays = dict(pays)
        ok = np.zeros(size, dtype=bool)
        ok[s] = True
        if kinds[s] != "wild":
            ok[wild] = True
        run = np.zeros(shape, dtype=np.int64)
        lead = np.ones(shape, dtype=bool)
        for r in range(reels):
            axis = [1] * reels
            axis[r] = size
            lead = lead & ok.reshape(axis)
            run = run + lead
        pay_of_run = np.array(
            [max((v for k, v in pays.items() if k <= n), default=0) for n in range(reels + 1)]
        )
        pay = pay_of_run[run]
        # the best candidate: highest pay, then longest run, then latest symbol in the list
        key = np.where(pay > 0, (pay * (reels + 1) + run) * size + s, 0)
        take = key > best
        best = np.where(take, key, best)
        best_pay = np.where(take, pay, best_pay)
        best_run = np.where(take, run, best_run)
    return best_pay.ravel(), best_run.ravel()


def pay_run_table(defn: GameDefinition) -> tuple[np.ndarray, np.ndarray]:
    """(pay at level 1, run) of the line's best candidate for every pattern of `reels` symbols,
    flat, pattern code Σ symbol index × S^(reels-1-r); run 0 where nothing pays."""
    symbols = tuple((s.id, s.kind) for s in defn.symbols)
    paytable = tuple((sym, tuple(sorted(p.items()))) for sym, p in defn.paytable.items())
    return _pay_run(symbols, paytable, defn.reels)


# -- free spins: every stop combination, played out -------------------------------------------------


@dataclass
class FreeSpinStats:
    """One free spin over every stop combination of the free reels (level 1, `lines` lines).

    `total` is the sum over all combinations of the spin's coins (cascades and ladder
    included); `histogram[c]` counts the combinations paying c coins; `steps[k]` those with k
    winning evaluations (0: no win); `top_award` those where some active line shows the top
    pattern at some step; `scatter_total` the part of `total` paid by scatters.
    """

    lines: int
    combinations: int
    total: int = 0
    scatter_total: int = 0
    histogram: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    steps: list[int] = field(default_factory=list)
    top_award: int = 0

    @property
    def mean_coins(self) -> Fraction:
        return Fraction(self.total, self.combinations)

    @property
    def max_coins(self) -> int:
        return int(np.flatnonzero(self.histogram)[-1])


def _windows(defn: GameDefinition, strip: list[str]) -> np.ndarray:
    idx = {sid: i for i, sid in enumerate(defn.symbol_ids)}
    ids = np.array([idx[s] for s in strip], dtype=np.int16)
    n = len(ids)
    return ids[(np.arange(n)[:, None] + np.arange(defn.rows)[None, :]) % n]


def free_spin_stats(defn: GameDefinition, lines: int) -> FreeSpinStats:
    """Play one free spin from every stop combination of the free reels; exact sums (cached per
    definition content and line count: the enumeration takes seconds)."""
    feature = _feature(defn)
    # what the enumeration reads: symbols, lines, pays, the free strips, the key and the ladder
    key = (
        repr((defn.symbols, defn.lines, defn.paytable, defn.scatter_pays, defn.reels, defn.rows)),
        repr((defn.reel_sets[feature.free_reel_set], feature.scatter, feature.ladder)),
        lines,
    )
    hit = _FREE_CACHE.get(key)
    if hit is None:
        hit = _enumerate_free(defn, lines, feature.free_reel_set)
        _FREE_CACHE[key] = hit
        while len(_FREE_CACHE) > 4:
            _FREE_CACHE.pop(next(iter(_FREE_CACHE)))
    return hit


_FREE_CACHE: dict[tuple[str, str, int], FreeSpinStats] = {}


@dataclass(frozen=True)
class _ReelTables:
    """One free reel as a state machine over (top, column): the column is the code of the rows
    it shows (Σ symbol × S^(rows-1-row)), the top the strip index of its top cell.

    `line_part[col]`: the column's share of every active line's pattern code; `keys[col]`: the
    keys it shows and `key_rows[col]` their rows as a bit mask; `fall[top, mask, col]`: the
    column after the rows in `mask` exploded (survivors fall in order, the strip positions just
    above the window drop in, in strip order) and `start[stop]` the column a stop shows.
    """

    length: int
    start: np.ndarray
    line_part: np.ndarray
    keys: np.ndarray
    key_rows: np.ndarray
    fall: np.ndarray


def _reel_tables(
    strip: np.ndarray, reel: int, line_rows: np.ndarray, size: int, rows: int, key: int
) -> _ReelTables:
    length = len(strip)
    reels = line_rows.shape[1]
    cols = size**rows
    digit = size ** np.arange(rows - 1, -1, -1)
    shown = (np.arange(cols)[:, None] // digit) % size  # (cols, rows) symbols of each column
    weight = size ** (reels - 1 - reel)
    line_part = (shown[:, line_rows[:, reel]] * weight).astype(np.int32)
    is_key = shown == key
    key_rows = (is_key * (1 << np.arange(rows))).sum(axis=1)
    fall = np.zeros((length, 1 << rows, cols), dtype=np.int32)
    for m in range(1 << rows):
        survivors = [w for w in range(rows) if not m >> w & 1]
        c = rows - len(survivors)
        new = np.zeros((length, cols), dtype=np.int64)
        for i in range(rows):
            if i < c:
                sym = strip[(np.arange(length) - c + i) % length][:, None]
            else:
                sym = shown[None, :, survivors[i - c]]
            new = new + sym * digit[i]
        fall[:, m, :] = new
    windows = strip[(np.arange(length)[:, None] + np.arange(rows)[None, :]) % length]
    return _ReelTables(
        length=length,
        start=(windows * digit).sum(axis=1).astype(np.int32),
        line_part=line_part,
        keys=is_key.sum(axis=1).astype(np.int64),
        key_rows=key_rows.astype(np.int64),
        fall=fall,
    )


@dataclass(frozen=True)
class _Parts:
    """Every stop combination of some reels: the stops, their share of each line's pattern code
    and their key count (first reel of the group slowest)."""

    stops: np.ndarray
    code: np.ndarray
    keys: np.ndarray


def _parts(tables: list[_ReelTables], lines: int) -> _Parts:
    stops = np.indices([t.length for t in tables]).reshape(len(tables), -1).T
    code = np.zeros((len(stops), lines), dtype=np.int32)
    keys = np.zeros(len(stops), dtype=np.int64)
    for r, t in enumerate(tables):
        cols = t.start[stops[:, r]]
        code += t.line_part[cols]
        keys += t.keys[cols]
    return _Parts(stops=stops, code=code, keys=keys)


def _enumerate_free(defn: GameDefinition, lines: int, reel_set: str) -> FreeSpinStats:
    feature = _feature(defn)
    idx = {sid: i for i, sid in enumerate(defn.symbol_ids)}
    size, reels, rows = len(defn.symbols), defn.reels, defn.rows
    key = idx[feature.scatter]
    wild = idx[defn.symbols_of_kind("wild")[0]]
    pay64, run64 = pay_run_table(defn)
    pay, run_of = pay64.astype(np.int32), run64.astype(np.int8)
    pays_n = pays_by_run(defn.scatter_pays[feature.scatter], reels * rows)
    scatter_pay = np.array(pays_n, dtype=np.int64) * lines  # × total bet at level 1
    line_rows = np.array(defn.lines[:lines], dtype=np.int64)
    top_code = int(wild * sum(size**r for r in range(reels)))
    top_is_wilds = int(pay[top_code]) == int(pay.max())
    # rows a winning run of length k covers on each reel, as one bit mask of rows per reel
    run_rows = np.zeros((lines, reels + 1), dtype=np.int64)
    for k in range(1, reels + 1):
        r = k - 1
        run_rows[:, k] = run_rows[:, k - 1] | (1 << (r * rows + line_rows[:, r]))
    run_rows = run_rows.ravel()
    run_offset = (np.arange(lines) * (reels + 1)).astype(np.int8 if lines * (reels + 1) < 128 else np.int32)
    tables = [
        _reel_tables(np.array([idx[x] for x in strip], dtype=np.int64), r, line_rows, size, rows, key)
        for r, strip in enumerate(defn.reel_sets[reel_set])
    ]
    lengths = [t.length for t in tables]
    combos = math.prod(lengths)
    stats = FreeSpinStats(lines=lines, combinations=combos, steps=[0] * (MAX_CASCADES + 2))
    histogram = np.zeros(1, dtype=np.int64)
    row_mask = (1 << rows) - 1
    if int(pay.max()) < 1 << 15:
        pay = pay.astype(np.int16)
    # The first evaluation covers every combination: the line codes and key counts are sums of
    # the first reels' part (a "head" stop combination) and the other reels' (a "tail"), so a
    # chunk is a few heads × every tail, added by broadcasting instead of gathered.
    split = min(2, reels - 1)
    heads = _parts(tables[:split], lines)
    tails = _parts(tables[split:], lines)
    per_chunk = max(1, CHUNK_COMBINATIONS // len(tails.keys))
    for first in range(0, len(heads.keys), per_chunk):
        h = np.arange(first, min(first + per_chunk, len(heads.keys)))
        n = len(h) * len(tails.keys)
        code = (heads.code[h][:, None, :] + tails.code[None, :, :]).reshape(n, lines)
        keys = (heads.keys[h][:, None] + tails.keys[None, :]).reshape(n)
        won = np.zeros(n, dtype=np.int64)
        won_scatter = np.zeros(n, dtype=np.int64)
        showed_top = np.zeros(n, dtype=bool)
        live = np.arange(n)
        top = col = np.zeros((0, reels), dtype=np.int64)
        step = 0
        while True:
            if step > MAX_CASCADES:
                raise ValueError(f"{reel_set}: a cascade chain runs past {MAX_CASCADES} steps")
            if step:
                code = np.take(tables[0].line_part, col[:, 0], axis=0)
                keys = tables[0].keys[col[:, 0]]
                for r in range(1, reels):
                    code += np.take(tables[r].line_part, col[:, r], axis=0)
                    keys = keys + tables[r].keys[col[:, r]]
            line_pay = np.take(pay, code)
            sc = scatter_pay[keys]
            win = line_pay.sum(axis=1, dtype=np.int64) + sc
            mult = feature.multiplier(step)
            won[live] += mult * win
            won_scatter[live] += mult * sc
            if top_is_wilds:
                showed_top[live] |= (code == top_code).any(axis=1)
            going = win > 0
            stats.steps[step] += int(going.size - np.count_nonzero(going))
            if not going.any():
                break
            live, code, sc = live[going], code[going], sc[going]
            if step == 0:  # the winners' stops and columns
                head, tail = np.divmod(live, len(tails.keys))
                top = np.concatenate([heads.stops[h[head]], tails.stops[tail]], axis=1)
                col = np.stack([tables[r].start[top[:, r]] for r in range(reels)], axis=1)
            else:
                top, col = top[going], col[going]
            step += 1
            runs = np.take(run_of, code) + run_offset
            gone = np.bitwise_or.reduce(np.take(run_rows, runs), axis=1)
            for r in range(reels):
                t = tables[r]
                m = (gone >> (r * rows)) & row_mask
                m = np.where(sc > 0, m | t.key_rows[col[:, r]], m)
                c = np.zeros_like(m)
                for w in range(rows):
                    c += (m >> w) & 1
                col[:, r] = t.fall[top[:, r], m, col[:, r]]
                top[:, r] = (top[:, r] - c) % t.length
        stats.total += int(won.sum())
        stats.scatter_total += int(won_scatter.sum())
        stats.top_award += int(showed_top.sum())
        counts = np.bincount(won)
        if len(counts) > len(histogram):
            counts[: len(histogram)] += histogram
            histogram = counts
        else:
            histogram[: len(counts)] += counts
    stats.histogram = histogram
    while len(stats.steps) > 1 and stats.steps[-1] == 0:
        stats.steps.pop()
    return stats


# -- Super Mode -------------------------------------------------------------------------------------


def _masked_line_pay(defn: GameDefinition, reel_set: str) -> dict[int, Fraction]:
    """E[one line's pay at level 1] given the set of its cells held wild (bit r: reel r+1)."""
    table = line_pay_table(defn)
    counts, den = reel_distributions(defn, reel_set, frozenset())
    wild = defn.symbol_ids.index(defn.symbols_of_kind("wild")[0])
    lengths = [len(s) for s in defn.reel_sets[reel_set]]
    out = {}
    for mask in range(1 << defn.reels):
        dist = []
        d = 1
        for r in range(defn.reels):
            if mask >> r & 1:
                c = np.zeros_like(counts[r])
                c[wild] = 1
                dist.append(c)
            else:
                dist.append(counts[r])
                d *= lengths[r]
        out[mask] = Fraction(contract(table, dist), d)
    assert den == math.prod(lengths)
    return out


@dataclass(frozen=True)
class SuperModeValue:
    """Super Mode's expected win per activation (× total bet) and its per-spin parts."""

    line_per_spin: Fraction
    scatter_per_spin: Fraction
    spins: int
    probability: Fraction
    top_award_per_spin: Fraction

    @property
    def value(self) -> Fraction:
        return self.spins * (self.line_per_spin + self.scatter_per_spin)


def super_mode_cells(defn: GameDefinition) -> list[int]:
    """The cells Super Mode may hold wild, as flat indices reel × rows + row (0-based)."""
    sm = _feature(defn).super_mode
    return [(r - 1) * defn.rows + w for r in sm.reels for w in range(defn.rows)]


def super_mode_value(defn: GameDefinition, lines: int) -> SuperModeValue:
    """Exact Super Mode value: over the held-wild count, the placements and the stops."""
    feature = _feature(defn)
    sm = feature.super_mode
    reels, rows = defn.reels, defn.rows
    allowed = super_mode_cells(defn)
    n_allowed = len(allowed)
    on_line = len(sm.reels)  # a line has one cell on each reel
    reel_bits = sum(1 << (r - 1) for r in sm.reels)
    masked = _masked_line_pay(defn, sm.reel_set)
    total_w = sum(w.weight for w in sm.wilds)
    line = Fraction(0)
    for opt in sm.wilds:
        k = opt.value
        # a line's j cells on the held reels are wild, the other k - j wilds lie off the line
        per_line = Fraction(0)
        for m, value in masked.items():
            j = bin(m).count("1")
            if m & ~reel_bits or not 0 <= k - j <= n_allowed - on_line:
                continue
            per_line += Fraction(math.comb(n_allowed - on_line, k - j), math.comb(n_allowed, k)) * value
        line += Fraction(opt.weight, total_w) * per_line
    line *= line_factor(defn, lines)
    # Scatters: for every placement, each reel's covered rows hide the keys under them.
    strips = defn.reel_sets[sm.reel_set]
    key = defn.symbol_ids.index(feature.scatter)
    wild = defn.symbol_ids.index(defn.symbols_of_kind("wild")[0])
    by_mask = []
    wild_masks = []
    for strip in strips:
        win = _windows(defn, strip)
        is_key = win == key
        by_mask.append(
            [
                np.bincount((is_key & ~_bits(m, rows)).sum(axis=1), minlength=rows + 1)
                for m in range(1 << rows)
            ]
        )
        # stops by the mask of rows showing a wild (held or from the strip)
        shown = (win == wild) @ (1 << np.arange(rows))
        wild_masks.append(
            [np.bincount(shown | m, minlength=1 << rows).astype(np.int64) for m in range(1 << rows)]
        )
    pays = pays_by_run(defn.scatter_pays[feature.scatter], reels * rows)
    den = math.prod(len(s) for s in strips)
    complete = complete_lines(reels, rows, tuple(map(tuple, defn.lines[:lines])))
    scatter = Fraction(0)
    top = Fraction(0)
    for opt in sm.wilds:
        k = opt.value
        groups: dict[tuple[int, ...], int] = {}
        for chosen in itertools.combinations(allowed, k):
            masks = [0] * reels
            for c in chosen:
                masks[c // rows] |= 1 << (c % rows)
            groups[tuple(masks)] = groups.get(tuple(masks), 0) + 1
        placements = math.comb(n_allowed, k)
        acc = Fraction(0)
        top_acc = 0
        for masks, count in groups.items():
            dist = np.array([1], dtype=np.int64)
            joint = np.array([1], dtype=np.int64)
            for r, m in enumerate(masks):
                dist = np.convolve(dist, by_mask[r][m])
                joint = np.outer(joint, wild_masks[r][m]).ravel()
            acc += count * Fraction(sum(int(c) * pays[n] for n, c in enumerate(dist)), den)
            top_acc += count * int(joint[complete].sum())
        scatter += Fraction(opt.weight, total_w) * acc / placements
        top += Fraction(opt.weight, total_w) * Fraction(top_acc, placements * den)
    return SuperModeValue(
        line_per_spin=line,
        scatter_per_spin=scatter,
        spins=sm.spins,
        probability=Fraction(sm.weight, sm.out_of),
        top_award_per_spin=top,
    )


def _bits(mask: int, rows: int) -> np.ndarray:
    return np.array([bool(mask >> w & 1) for w in range(rows)])


# -- passports: the Markov chain over activation sets -----------------------------------------------


def passport_probabilities(defn: GameDefinition) -> list[Fraction]:
    """P(a base spin shows the passport on the activation row of reel r), per reel."""
    feature = _feature(defn)
    out = []
    for strip in defn.reel_sets["base"]:
        n = len(strip)
        hits = sum(strip[(s + feature.passport_row) % n] == feature.passport for s in range(n))
        out.append(Fraction(hits, n))
    return out


@dataclass(frozen=True)
class PassportChain:
    """The activation sets as a Markov chain, one step per base spin.

    State 2^reels - 1 (all active) is the spin that completes the set: the Global Adventure is
    played and the next spin starts from the empty set. `stationary[s]` is the long-run share of
    spins ending in state s; `rate` the Global Adventure's probability per round;
    `before_round[s]` the law of the state a round starts in (what a simulated player starts
    from, so the simulation is stationary from its first round).
    """

    probabilities: list[Fraction]
    stationary: list[Fraction]
    rate: Fraction
    expected_spins: Fraction
    before_round: list[Fraction]


def _solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """Gaussian elimination over fractions (a small dense system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c]
        m[c] = [x / pivot for x in m[c]]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] for i in range(n)]


def passport_chain(defn: GameDefinition) -> PassportChain:
    """The stationary law of the activation sets and the Global Adventure's rate, exactly."""
    p = passport_probabilities(defn)
    reels = len(p)
    full = (1 << reels) - 1
    size = full + 1

    def step(state: int) -> dict[int, Fraction]:
        start = 0 if state == full else state  # after the Adventure the set is empty again
        out: dict[int, Fraction] = {}
        for new in range(size):
            if new & start != start:
                continue
            prob = Fraction(1)
            for r in range(reels):
                if start >> r & 1:
                    continue
                prob *= p[r] if new >> r & 1 else 1 - p[r]
            if prob:
                out[new] = out.get(new, Fraction(0)) + prob
        return out

    trans = [step(s) for s in range(size)]
    # π = π P with Σ π = 1: replace one balance equation by the normalisation.
    a = [[Fraction(0)] * size for _ in range(size)]
    for s in range(size):
        for t, prob in trans[s].items():
            a[t][s] += prob
    for s in range(size):
        a[s][s] -= 1
    a[0] = [Fraction(1)] * size
    b = [Fraction(0)] * size
    b[0] = Fraction(1)
    pi = _solve(a, b)
    before = list(pi)
    before[0] += before[full]
    before[full] = Fraction(0)
    return PassportChain(
        probabilities=p,
        stationary=pi,
        rate=pi[full],
        expected_spins=expected_collection_spins(p),
        before_round=before,
    )


def expected_collection_spins(p: list[Fraction]) -> Fraction:
    """E[spins from an empty set to all reels active]: the largest of independent geometric
    waiting times, by inclusion–exclusion: Σ over non-empty sets S of (−1)^(|S|+1) / P(some
    reel of S activates in a spin)."""
    total = Fraction(0)
    for k in range(1, len(p) + 1):
        for subset in itertools.combinations(p, k):
            none = math.prod((1 - x for x in subset), start=Fraction(1))
            total += (-1) ** (k + 1) / (1 - none)
    return total


# -- the Global Adventure ---------------------------------------------------------------------------


def _mean(table: list) -> Fraction:
    total = sum(w.weight for w in table)
    return Fraction(sum(w.value * w.weight for w in table), total)


@dataclass(frozen=True)
class LocationValue:
    """One location: P(the fragment is won) and E[pot banked; won], in total bets."""

    pass_probability: Fraction
    banked: Fraction
    shootout_probability: Fraction
    trap_probability: Fraction
    showdown_probability: Fraction


def location_value(adv: Adventure, loc: int, shootout_mean: Fraction) -> LocationValue:
    """DP over (traps, treasures, bonus amounts revealed) with the fragment still hidden.

    Each state carries its probability and E[pot; state]; every reveal is linear in the pot
    (a bonus adds its mean, the doubling doubles, the Shoot-out adds its mean), so expectations
    propagate exactly.
    """
    board = adv.board
    bonus = _mean(adv.locations[loc].bonus)
    tr = adv.treasure
    tw = sum(tr.weights)
    t_bonus = Fraction(tr.bonus_weight, tw) * _mean(tr.bonus)
    t_double = Fraction(tr.double_weight, tw)
    t_shoot = Fraction(tr.shootout_weight, tw)
    ew = adv.end_weight + adv.showdown_weight
    p_showdown = Fraction(adv.showdown_weight, ew)
    dw = adv.duel_won_weight + adv.duel_lost_weight
    p_duel = Fraction(adv.duel_won_weight, dw) if dw else Fraction(0)
    states: dict[tuple[int, int, int], tuple[Fraction, Fraction]] = {(0, 0, 0): (Fraction(1), Fraction(0))}
    passed = banked = shoot = trap_end = showdown = Fraction(0)
    for _ in range(board.size):
        nxt: dict[tuple[int, int, int], tuple[Fraction, Fraction]] = {}
        add = functools.partial(_add_state, nxt)

        for (t, h, b), (prob, pot) in states.items():
            left = board.size - t - h - b
            frag = Fraction(1, left)
            passed += prob * frag
            banked += pot * frag
            if board.trap - t:
                q = Fraction(board.trap - t, left)
                if t + 1 == board.traps_to_end:
                    trap_end += prob * q
                    showdown += prob * q * p_showdown
                    won = q * p_showdown * p_duel
                    passed += prob * won
                    banked += pot * won
                else:
                    add((t + 1, h, b), prob * q, pot * q)
            if board.treasure - h:
                q = Fraction(board.treasure - h, left)
                shoot += prob * q * t_shoot
                # E[pot after] = pot + E[bonus] (bonus) | 2 pot (double) | pot + E[disc] (shoot-out)
                after = pot * (1 + t_double) + prob * (t_bonus + t_shoot * shootout_mean)
                add((t, h + 1, b), prob * q, after * q)
            if board.bonus - b:
                q = Fraction(board.bonus - b, left)
                add((t, h, b + 1), prob * q, (pot + prob * bonus) * q)
        states = nxt
    return LocationValue(passed, banked, shoot, trap_end, showdown)


def _add_state(
    states: dict[tuple[int, int, int], tuple[Fraction, Fraction]],
    state: tuple[int, int, int],
    prob: Fraction,
    pot: Fraction,
) -> None:
    p0, m0 = states.get(state, (Fraction(0), Fraction(0)))
    states[state] = (p0 + prob, m0 + pot)


@dataclass(frozen=True)
class AdventureValue:
    """E[Global Adventure win] in total bets at a constant bet, and its parts."""

    locations: list[LocationValue]
    banked: Fraction
    jackpot: Fraction
    jackpot_probability: Fraction
    shootout_rate: Fraction
    reach: list[Fraction]

    @property
    def value(self) -> Fraction:
        return self.banked + self.jackpot


def adventure_value(defn: GameDefinition, lines: int, level: int = 1) -> AdventureValue:
    """The Adventure's mean win at a constant bet of `lines` lines and `level`, in total bets."""
    feature = _feature(defn)
    adv = feature.adventure
    total_bet = lines * level
    shoot_mean = Fraction(sum(feature.shootout.discs), len(feature.shootout.discs))
    reach = Fraction(1)
    reaches = []
    banked = shoot = Fraction(0)
    locs = []
    for i in range(len(adv.locations)):
        v = location_value(adv, i, shoot_mean)
        reaches.append(reach)
        banked += reach * v.banked
        shoot += reach * v.shootout_probability
        reach *= v.pass_probability
        locs.append(v)
    # jackpot coins: value × total bet ÷ the game's lines, rounded down (exact at every level
    # when all lines are played)
    jw = sum(j.weight for j in adv.jackpots)
    jackpot_coins = sum(
        (Fraction(j.weight, jw) * ((j.value * total_bet) // len(defn.lines)) for j in adv.jackpots),
        Fraction(0),
    )
    return AdventureValue(
        locations=locs,
        banked=banked,
        jackpot=reach * jackpot_coins / total_bet,
        jackpot_probability=reach,
        shootout_rate=shoot,
        reach=reaches,
    )


# -- the par sheet --------------------------------------------------------------------------------


def _one_in(p: Fraction | float) -> float | None:
    return float(1 / p) if p else None


RTP_NOTE = (
    "Long-run RTP per round at a constant bet, uncapped. Free-spin cascades follow the wins of the "
    "active lines, so the free spins' part (and only it) depends on the line count; at a constant "
    "bet nothing depends on the level or the coin value."
)


def par_sheet(defn: GameDefinition, lines: int | None = None, *, estimate_cap: bool = True) -> dict[str, Any]:
    """The exact par sheet at `lines` active lines (default: the game's default), JSON-ready.

    `estimate_cap` adds a bound on what the round cap can remove where it can bind (the free
    spins' tail, from their exact per-spin law); everything else is exact.
    """
    feature = _feature(defn)
    n_lines = check_lines(defn, lines)
    base_line = line_rtp(defn, "base") * line_factor(defn, n_lines)
    base_scatter = scatter_rtp(defn, "base")
    keys = scatter_count_distribution(defn, "base", feature.scatter)
    p_trigger = sum(keys[feature.trigger_min :], Fraction(0))

    fs = free_spin_stats(defn, n_lines)
    free_value = feature.free_spins * fs.mean_coins / n_lines
    free = p_trigger * free_value
    free_scatter = p_trigger * feature.free_spins * Fraction(fs.scatter_total, fs.combinations * n_lines)

    sm = super_mode_value(defn, n_lines)
    sm_line = sm.probability * sm.spins * sm.line_per_spin
    sm_scatter = sm.probability * sm.spins * sm.scatter_per_spin

    chain = passport_chain(defn)
    adv = adventure_value(defn, n_lines)
    adv_pots = chain.rate * adv.banked
    adv_jackpot = chain.rate * adv.jackpot

    parts = [
        part("base_line_pays", base_line),
        part("base_scatter_pays", base_scatter),
        part(
            "free_spins",
            free,
            split=[
                part("free_spins_line_pays", free - free_scatter),
                part("free_spins_scatter_pays", free_scatter),
            ],
        ),
        part(
            "super_mode",
            sm_line + sm_scatter,
            split=[part("super_mode_line_pays", sm_line), part("super_mode_scatter_pays", sm_scatter)],
        ),
        part(
            "global_adventure",
            adv_pots + adv_jackpot,
            split=[part("adventure_pots", adv_pots), part("adventure_jackpot", adv_jackpot)],
        ),
    ]
    total = base_line + base_scatter + free + sm_line + sm_scatter + adv_pots + adv_jackpot
    out: dict[str, Any] = {"game": defn.id, "lines": n_lines, "rtp": float(total)}
    out["rtp_fraction"] = fraction_str(total)
    out["parts"] = parts
    out["hit_frequency"] = float(hit_frequency(defn, n_lines))
    out["hit_frequency_note"] = (
        "a base spin pays a line or the scatter (Super Mode and passports not counted)"
    )
    out["free_spins"] = _free_section(feature, keys, p_trigger, fs, free_value)
    out["super_mode"] = {
        "probability": float(sm.probability),
        "one_in": _one_in(sm.probability),
        "spins": sm.spins,
        "held_wild_reels": feature.super_mode.reels,
        "held_wild_weights": {str(w.value): w.weight for w in feature.super_mode.wilds},
        "per_spin_x_bet": float(sm.line_per_spin + sm.scatter_per_spin),
        "value_x_bet": float(sm.value),
        "method": "every held-wild count and placement, line masks by the hypergeometric law",
    }
    out["passports"] = {
        "activation_probability_by_reel": [float(p) for p in chain.probabilities],
        "adventure_rate": float(chain.rate),
        "adventure_one_in": _one_in(chain.rate),
        "expected_collection_spins": float(chain.expected_spins),
        "stationary_by_active_reels": _by_popcount(chain.before_round, defn.reels),
        "method": "Markov chain over the 32 activation sets (checked by inclusion–exclusion)",
    }
    out["global_adventure"] = _adventure_section(defn, adv)
    out["top_award"] = _top_award(defn, feature, n_lines, keys, fs, sm)
    rest = total - free
    out["cap"] = _cap(defn, n_lines, fs, sm, p_trigger, rest, estimate_cap)
    out["cap"]["note"] = cap_note(defn, out["cap"])
    out["rtp_note"] = RTP_NOTE
    return out


def _by_popcount(probs: list[Fraction], reels: int) -> dict[str, float]:
    out = {str(k): 0.0 for k in range(reels)}
    for s, p in enumerate(probs):
        if p:
            out[str(bin(s).count("1"))] += float(p)
    return out


def _free_section(
    feature: TombRaiderFeature, keys: list[Fraction], p_trigger: Fraction, fs: FreeSpinStats, value: Fraction
) -> dict[str, Any]:
    steps = fs.steps
    return {
        "trigger_probability": float(p_trigger),
        "trigger_one_in": _one_in(p_trigger),
        "trigger_by_keys": {str(n): float(p) for n, p in enumerate(keys) if n >= feature.trigger_min and p},
        "spins": feature.free_spins,
        "ladder": feature.ladder,
        "per_spin_x_bet": float(fs.mean_coins / fs.lines),
        "value_x_bet": float(value),
        "stop_combinations": fs.combinations,
        "spin_pays_probability": 1 - steps[0] / fs.combinations,
        "wins_in_a_spin": {str(k): c / fs.combinations for k, c in enumerate(steps) if c},
        "longest_cascade": len(steps) - 2,
        "max_spin_win_x_bet": fs.max_coins / fs.lines,
        "method": "every stop combination of the free reels played out (cascades and ladder)",
    }


def _adventure_section(defn: GameDefinition, adv: AdventureValue) -> dict[str, Any]:
    feature = _feature(defn)
    locs = []
    for loc, v, reach in zip(feature.adventure.locations, adv.locations, adv.reach, strict=True):
        locs.append(
            {
                "id": loc.id,
                "reach_probability": float(reach),
                "fragment_probability": float(v.pass_probability),
                "banked_x_bet_when_won": float(v.banked / v.pass_probability),
                "two_traps_probability": float(v.trap_probability),
                "showdown_probability": float(v.showdown_probability),
                "shootout_probability": float(v.shootout_probability),
            }
        )
    return {
        "value_x_bet": float(adv.value),
        "pots_x_bet": float(adv.banked),
        "jackpot_x_bet": float(adv.jackpot),
        "jackpot_probability": float(adv.jackpot_probability),
        "shootouts_per_adventure": float(adv.shootout_rate),
        "shootout_mean_x_bet": sum(feature.shootout.discs) / len(feature.shootout.discs),
        "locations": locs,
        "pick_strategy": (
            "the board is a uniformly random layout the player cannot see, so every pick strategy "
            "reveals the artefacts in a uniformly random order: the same distribution of outcomes"
        ),
        "method": "dynamic programme over locations and revealed artefacts",
    }


def _top_award(
    defn: GameDefinition,
    feature: TombRaiderFeature,
    lines: int,
    keys: list[Fraction],
    fs: FreeSpinStats,
    sm: SuperModeValue,
) -> dict[str, Any]:
    """The top line pay's odds per line, base spin, free spin, Super Mode spin and round."""
    out, detail = top_award(defn, lines, "base", feature.scatter)
    q_free = Fraction(fs.top_award, fs.combinations)
    out["probability_per_free_spin"] = float(q_free)
    out["probability_per_super_mode_spin"] = float(sm.top_award_per_spin)
    out["largest_multiplier"] = feature.ladder[-1]
    if detail is None:
        return out
    _sets, joint, den = detail
    in_free = 1 - (1 - q_free) ** feature.free_spins
    in_super = sm.probability * (1 - (1 - sm.top_award_per_spin) ** sm.spins)
    # P(no top award in a round): the base spin (by its key count) and the free spins it
    # triggers, times Super Mode's (drawn independently of the stops).
    none = Fraction(0)
    for n, p_n in enumerate(keys):
        t_n = Fraction(int(joint[n]), den) if n < len(joint) else Fraction(0)
        none += (p_n - t_n) * ((1 - in_free) if n >= feature.trigger_min else 1)
    none *= 1 - in_super
    out["probability_per_round"] = float(1 - none)
    out["one_in_per_round"] = _one_in(1 - none)
    return out


def _cap(
    defn: GameDefinition,
    lines: int,
    fs: FreeSpinStats,
    sm: SuperModeValue,
    p_trigger: Fraction,
    rest_mean: Fraction,
    estimate: bool,
) -> dict[str, Any]:
    """Where the round cap lies and, where it can bind, a bound on what it removes.

    The round's win is bounded by every active line at the top pay plus the top scatter pay on
    the base spin and each Super Mode spin, the best free spin (from the enumeration) ten times,
    and the largest Global Adventure. Only the free spins can come near the cap in practice: the
    estimate bounds P(the free spins reach the cap less the rest of the round at its mean) and
    what the cap would take from them, by Chernoff's inequality on their exact per-spin law.
    """
    feature = _feature(defn)
    bet1 = lines
    top_line = int(line_pay_table(defn).max())
    top_scatter = max(defn.scatter_pays[feature.scatter].values()) * bet1
    spin_bound = lines * top_line + top_scatter
    bound = spin_bound * (1 + sm.spins) + feature.free_spins * fs.max_coins + _adventure_bound(defn, lines)

    def tail(cap_level_1: float) -> dict[str, Any]:
        # the rest of the round (base spin, Super Mode, Adventure) is taken at its mean
        room = cap_level_1 - float(rest_mean) * bet1
        p, loss = _chernoff_tail(fs, feature.free_spins, room)
        prob = float(p_trigger) * p
        return {
            "method": "estimate (Chernoff bound on the free spins, the rest of the round at its mean)",
            "probability_capped": prob,
            "one_in": 1 / prob if prob > 0 else None,
            "rtp_loss": float(p_trigger) * loss / bet1,
        }

    section = cap_section(defn, lines, bound, bet1, tail if estimate else None)
    section["max_round_win_coins_upper_bound"] = bound
    return section


def _adventure_bound(defn: GameDefinition, lines: int) -> int:
    """The largest Global Adventure win at a constant bet (level 1), in coins."""
    feature = _feature(defn)
    adv = feature.adventure
    tr = adv.treasure
    best_treasure = max(max(b.value for b in tr.bonus), max(feature.shootout.discs))
    total = 0
    for loc in adv.locations:
        bonus = max(b.value for b in loc.bonus) * adv.board.bonus + best_treasure
        total += 2 * bonus if tr.double_weight else bonus
    return total * lines + max(j.value for j in adv.jackpots) * lines // len(defn.lines)


def _chernoff_tail(fs: FreeSpinStats, spins: int, threshold: float) -> tuple[float, float]:
    """Upper bounds on P(S ≥ t) and E[(S − t)+] for S the sum of `spins` independent free spins
    (coins at level 1): min over θ > 0 of M(θ)^n e^(−θt) and of n M(θ)^(n−1) M'(θ) e^(−θt),
    with M the exact per-spin moment generating function (worked in logarithms)."""
    if threshold <= 0:
        return 1.0, float("inf")
    x = np.flatnonzero(fs.histogram).astype(np.float64)
    log_p = np.log(fs.histogram[fs.histogram > 0] / fs.combinations)
    best_p = 0.0  # log 1 and log E[S]: the trivial bounds
    best_e = float(np.log(float(fs.mean_coins) * spins))
    for theta in np.geomspace(1e-7, 1.0, 600):
        a = theta * (x - threshold / spins) + log_p
        top = a.max()
        log_m = top + np.log(np.exp(a - top).sum())
        log_dm = top + np.log((x * np.exp(a - top)).sum())
        best_p = min(best_p, spins * log_m)
        best_e = min(best_e, np.log(spins) + (spins - 1) * log_m + log_dm)
    return float(np.exp(best_p)), float(np.exp(best_e))
