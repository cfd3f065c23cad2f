"""Exact line and scatter maths shared by every game's par sheet (fractions of integers).

This code deliberately shares nothing with the evaluator (`game/evaluate.py`): it re-derives every
figure from the validated data and the binding evaluation rules in `docs/architecture.md`, so the
two computations check each other (STYLE principle 4, CERTIFICATION P1).

- Line pays. A stop is uniform, so every row of a reel shows the strip's symbol distribution, and
  the reels are independent: every line has the same expected pay, a sum over all symbol patterns
  (one symbol per reel) of pay(pattern) × Π count(symbol on reel) / Π strip length. The pay of
  every pattern is tabulated once per wild-acting set (`line_pay_table`), applying the
  best-candidate rule (each paying symbol's run, largest listed count ≤ run, the highest pay wins).
- Forced wilds. With a line's cells on some reels laid over with the wild (overlay wilds), its
  expectation depends only on which reels are forced (`forced_line_values`, one per subset).
- Scatters. The number of scatter cells in each reel's window is enumerated over its stops; the
  reels are independent, so the count over the grid is the convolution of the per-reel counts.
- One spin's whole pay. `spin_pay_distribution` enumerates every stop combination (lines share
  cells, so the pays of a spin's lines are not independent): the exact distribution of a spin's
  total line pay jointly with a symbol count, for tail bounds such as a win cap's cost.

Money units: pays are coins per line at bet level 1; RTP figures are fractions of the total bet.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition


def symbol_index(defn: GameDefinition) -> dict[str, int]:
    """Symbol id → position in `defn.symbols` (the index every table here uses)."""
    return {sid: i for i, sid in enumerate(defn.symbol_ids)}


def wild_index(defn: GameDefinition) -> int | None:
    wilds = defn.symbols_of_kind("wild")
    return symbol_index(defn)[wilds[0]] if wilds else None


def windows(defn: GameDefinition, strip: Sequence[str]) -> np.ndarray:
    """Every window of a strip: array [stop, row] of symbol indices (row 0 = the stop's symbol)."""
    idx = symbol_index(defn)
    ids = np.array([idx[s] for s in strip], dtype=np.int64)
    n = len(ids)
    rows = np.arange(defn.rows)
    out: np.ndarray = ids[(np.arange(n)[:, None] + rows[None, :]) % n]
    return out


def pays_by_run(pays: dict[int, int], n: int) -> list[int]:
    """pay for a run of 0..n cells: the pay of the largest listed count ≤ run, else 0."""
    out = []
    for run in range(n + 1):
        listed = [k for k in pays if k <= run]
        out.append(pays[max(listed)] if listed else 0)
    return out


def fraction_str(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


# -- line pays -----------------------------------------------------------------------------------


def line_pay_table(
    defn: GameDefinition, wild_acting: Iterable[str] = (), cells: int | None = None
) -> np.ndarray:
    """Pay (coins at level 1) of every symbol pattern of the first `cells` line cells.

    Returns a read-only int64 array with one axis per cell, each indexed by symbol position in
    `defn.symbols`. `wild_acting` are extra symbols made wild (a free-spins pick): Wilds in every
    respect, so they substitute and count towards the wild's own pays; the wild symbol itself
    always does. With `cells` < reels, runs are truncated to that many cells (used
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
    # Scatter, bonus and blank symbols are never wild-acting and always end a run.
    wild_set = {w for w in wild_set if kinds[w] in ("wild", "regular")}
    best = np.zeros((size,) * n, dtype=np.int64)
    for sym, pays in paytable.items():
        s = idx[sym]
        # Every symbol's run counts the wild-acting cells: a symbol made wild is a Wild, so it
        # also counts towards the wild's own pays (the wild's run is wild-acting cells only).
        acting = np.isin(all_ids, sorted(wild_set))
        match = acting if kinds[s] == "wild" else (all_ids == s) | acting
        by_run = pays_by_run(pays, n)
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


def reel_counts(defn: GameDefinition, strip: Sequence[str]) -> np.ndarray:
    idx = symbol_index(defn)
    counts = np.zeros(len(defn.symbols), dtype=np.int64)
    for s in strip:
        counts[idx[s]] += 1
    return counts


def reel_distributions(
    defn: GameDefinition, reel_set: str, wild_reels: frozenset[int]
) -> tuple[list[np.ndarray], int]:
    """Per reel: symbol counts (a wild reel is one wild out of one), and Π of the denominators."""
    wild = wild_index(defn)
    out: list[np.ndarray] = []
    den = 1
    for r, strip in enumerate(defn.reel_sets[reel_set], start=1):
        if r in wild_reels:
            if wild is None:
                raise ValueError("a wild reel needs a wild symbol")
            counts = np.zeros(len(defn.symbols), dtype=np.int64)
            counts[wild] = 1
        else:
            counts = reel_counts(defn, strip)
            den *= len(strip)
        out.append(counts)
    return out, den


def contract(table: np.ndarray, counts: Sequence[np.ndarray]) -> int:
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
    counts, den = reel_distributions(defn, reel_set, frozenset(wild_reels))
    return Fraction(contract(table, counts), den)


def forced_line_values(
    defn: GameDefinition, reel_set: str, table: np.ndarray | None = None
) -> list[Fraction]:
    """E[pay of one line] (coins at level 1) with the line's cells on a subset of reels forced
    wild (overlay wilds laid over landed reels), for every subset.

    Index S of the result is a bit mask over the reels (bit r = reel r+1); S = 0 is `line_rtp`.
    Any row of a reel shows the strip's symbol distribution, so a line's expectation depends
    only on which of its reels are forced, not on the rows.
    """
    table = line_pay_table(defn) if table is None else table
    wild = wild_index(defn)
    if wild is None:
        raise ValueError("forced wild cells need a wild symbol")
    strips = defn.reel_sets[reel_set]
    counts = [reel_counts(defn, s) for s in strips]
    one_wild = np.zeros(len(defn.symbols), dtype=np.int64)
    one_wild[wild] = 1
    out = []
    for mask in range(1 << defn.reels):
        vecs = [one_wild if mask >> r & 1 else counts[r] for r in range(defn.reels)]
        den = math.prod(len(strips[r]) for r in range(defn.reels) if not mask >> r & 1)
        out.append(Fraction(contract(table, vecs), den))
    return out


def line_factor(defn: GameDefinition, lines: int | None = None) -> Fraction:
    """Coins bet per line ÷ coins of the total bet, per level: 1 unless a game fixes its coins."""
    n = len(defn.lines) if lines is None else lines
    per_level = defn.bet.coins_per_level
    return Fraction(1) if per_level is None else Fraction(n, per_level)


# -- scatters ------------------------------------------------------------------------------------


def reel_scatter_counts(defn: GameDefinition, strip: Sequence[str], symbol: str) -> np.ndarray:
    """counts[k] = number of stops whose window shows the symbol k times."""
    s = symbol_index(defn)[symbol]
    per_stop = (windows(defn, strip) == s).sum(axis=1)
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
        total = np.convolve(total, reel_scatter_counts(defn, strip, symbol))
        den *= len(strip)
    out = [Fraction(int(c), den) for c in total]
    return out + [Fraction(0)] * (defn.reels * defn.rows + 1 - len(out))


def scatter_pay(pays: dict[int, int], n: int) -> int:
    listed = [k for k in pays if k <= n]
    return pays[max(listed)] if listed else 0


def scatter_rtp(defn: GameDefinition, reel_set: str = "base", wild_reels: Iterable[int] = ()) -> Fraction:
    """Expected scatter pay per spin, as a fraction of the total bet (all scatter symbols)."""
    total = Fraction(0)
    for sym, pays in defn.scatter_pays.items():
        dist = scatter_count_distribution(defn, reel_set, sym, wild_reels)
        total += sum((p * scatter_pay(pays, n) for n, p in enumerate(dist)), Fraction(0))
    return total


# -- one spin's whole line pay -------------------------------------------------------------------


def spin_pay_distribution(
    defn: GameDefinition, reel_set: str, lines: int, count_symbols: Iterable[str] = ()
) -> np.ndarray:
    """Exact joint distribution of one spin's line pays and a symbol count, over every stop.

    Returns counts[pay, k]: how many stop combinations pay `pay` coins at level 1 over the first
    `lines` lines and show k cells of `count_symbols`. Whether a line pays at all is decided by its
    first m cells (m = the largest of the symbols' smallest paying counts), so the combinations of
    the first m reels where no line pays are counted at once; for the others only the paying
    lines are looked up.
    """
    table = line_pay_table(defn).ravel()
    size = len(defn.symbols)
    idx = symbol_index(defn)
    counted = [idx[s] for s in count_symbols]
    strips = defn.reel_sets[reel_set]
    rows = np.array(defn.lines[:lines])
    # a line pays iff its first m cells already make a paying run (m: the largest smallest count)
    m = max(min(p) for p in defn.paytable.values())
    powers = size ** np.arange(defn.reels - 1, -1, -1, dtype=np.int64)
    wins = [windows(defn, s) for s in strips]
    parts = [wins[r][:, rows[:, r]] * powers[r] for r in range(defn.reels)]
    kparts = [np.isin(w, counted).sum(axis=1) for w in wins]

    def combine(reels: range) -> tuple[np.ndarray, np.ndarray]:
        code, k = np.zeros((1, lines), dtype=np.int64), np.zeros(1, dtype=np.int64)
        for r in reels:
            code = (code[:, None, :] + parts[r][None, :, :]).reshape(-1, lines)
            k = (k[:, None] + kparts[r][None, :]).ravel()
        return code, k

    front, kf = combine(range(m))
    back, kb = combine(range(m, defn.reels))
    top = int(table.max()) * lines
    kmax = defn.reels * defn.rows
    out = np.zeros((top + 1, kmax + 1), dtype=np.int64)
    open_ = line_pay_table(defn, (), cells=m).ravel()[front // powers[m - 1]] > 0
    live = open_.any(axis=1)
    # combinations where no line pays: the counts convolve
    dead_k = np.bincount(kf[~live], minlength=kmax + 1)
    out[0] += np.convolve(dead_k, np.bincount(kb, minlength=kmax + 1))[: kmax + 1]
    back_t = np.ascontiguousarray(back.T)
    for start in range(0, int(live.sum()), 256):
        block = np.flatnonzero(live)[start : start + 256]
        p, line = np.nonzero(open_[block])
        pay = np.take(table, front[block[p], line][:, None] + back_t[line])
        # rows of `pay` come in prefix order and every live prefix has an open line
        x = np.add.reduceat(pay, np.flatnonzero(np.diff(p, prepend=-1)), axis=0, dtype=np.int64)
        k = kf[block][:, None] + kb[None, :]
        out += np.bincount((x * (kmax + 1) + k).ravel(), minlength=out.size).reshape(out.shape)
    return out
