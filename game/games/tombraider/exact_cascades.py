"""Tomb Raider's free spins, exactly: every stop combination of the free reels played out.

Part of the independent exact calculator (`exact.py`): it shares no code with the production
engine. A free spin's cascades and ladder are a function of its five stops, so each reel is a
small state machine over (the strip index of its top cell, the column of symbols it shows): its
table gives every column's share of each active line's pattern code, its keys, and the column
after any set of its rows burst (survivors fall in order; the strip positions just above the
window drop in, in strip order). The enumeration runs all combinations at once, chunk by chunk,
evaluation after evaluation, until no spin wins; sums are exact integers.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from game.definitions import GameDefinition
from game.games.tombraider.model import feature_of
from game.math.patterns import pays_by_run

CHUNK_COMBINATIONS = 1 << 18
"""Stop combinations played out at once in the free-spins enumeration (~100 MB)."""
MAX_CASCADES = 200
"""A cascade chain longer than this means the strips can loop: the design is rejected."""


# -- the line rule with the winning run ----------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _pay_run(
    symbols: tuple[tuple[str, str], ...],
    paytable: tuple[tuple[str, tuple[tuple[int, int], ...]], ...],
    reels: int,
) -> tuple[np.ndarray, np.ndarray]:
    size = len(symbols)
    kinds = [k for _, k in symbols]
    ids = {sid: i for i, (sid, _) in enumerate(symbols)}
    wild = [i for i, k in enumerate(kinds) if k == "wild"]
    shape = (size,) * reels
    best = np.zeros(shape, dtype=np.int64)
    best_pay = np.zeros(shape, dtype=np.int64)
    best_run = np.zeros(shape, dtype=np.int64)
    for sym, pay_items in paytable:
        s = ids[sym]
        pays = dict(pay_items)
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


def windows(defn: GameDefinition, strip: list[str]) -> np.ndarray:
    idx = {sid: i for i, sid in enumerate(defn.symbol_ids)}
    ids = np.array([idx[s] for s in strip], dtype=np.int16)
    n = len(ids)
    out: np.ndarray = ids[(np.arange(n)[:, None] + np.arange(defn.rows)[None, :]) % n]
    return out


def free_spin_stats(defn: GameDefinition, lines: int) -> FreeSpinStats:
    """Play one free spin from every stop combination of the free reels; exact sums (cached per
    definition content and line count: the enumeration takes seconds)."""
    feature = feature_of(defn)
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
    feature = feature_of(defn)
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
    run_rows: np.ndarray = np.zeros((lines, reels + 1), dtype=np.int64)
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
