"""Exact second moments of one spin's pay: every pair of lines, and each line with the scatter count.

A round's standard deviation needs E[win²], and a spin's line pays are not independent (lines
share cells, the scatter count shares windows with them). This module computes them exactly
from the same line-pay table the RTP uses (`game.math.patterns.line_pay_table`), so whatever the
table says a pattern pays is what the moments see.

- Prefix classes. Two prefixes of a line (its first r cells) are the same state when every
  continuation pays the same after both; the table is cut into those classes level by level
  (`PrefixClasses`), a few dozen per level where the table has 13^5 patterns.
- A pair of lines. Reading reel by reel, the two lines' cells on a reel are two rows of the same
  window; over a uniform stop their joint law depends only on the rows' offset. A walk over the
  pair of prefix classes, one reel at a time, gives E[pay_a × pay_b] exactly (`pair_moment`).
  Pairs with the same offsets on the first reels share that part of the walk.
- A line with the scatter count. The same walk over one line's classes jointly with the number
  of scatter cells seen so far gives E[pay × 1{count = k}] for every k.

`spin_moments` puts them together for one spin: the scatter count's law, E[spin pay × 1{count
= k}] and E[spin pay²], in coins at bet level 1 (a scatter's pay × the total bet). Figures are
float64 sums of exact products (rounding only, no sampling).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from game.definitions import GameDefinition
from game.math.patterns import scatter_pay, symbol_index, wild_index, windows


@dataclass(frozen=True)
class PrefixClasses:
    """A line-pay table cut into prefix classes: `step[r][c, s]` is the class at level r+1 of a
    level-r class c followed by symbol s; `pay[c]` is the pay of a complete pattern's class."""

    step: tuple[np.ndarray, ...]
    pay: np.ndarray


def prefix_classes(table: np.ndarray) -> PrefixClasses:
    """Cut a line-pay table (one axis per cell) into prefix classes (see the module notes)."""
    return _prefix_classes(table.tobytes(), table.shape)


@functools.lru_cache(maxsize=32)
def _prefix_classes(raw: bytes, shape: tuple[int, ...]) -> PrefixClasses:
    table = np.frombuffer(raw, dtype=np.int64)
    n, size = len(shape), shape[0]
    # Bottom-up: a complete pattern's class is its pay; a prefix's class is the tuple of its
    # children's classes (equal futures iff equal children), prefixes in base-`size` order.
    pay, cls = np.unique(table, return_inverse=True)
    steps = []
    for r in range(n - 1, -1, -1):
        children = cls.reshape(size**r, size)
        step, cls = np.unique(children, axis=0, return_inverse=True)
        cls = cls.ravel()
        steps.append(step.astype(np.int64))
    return PrefixClasses(tuple(reversed(steps)), pay.astype(np.int64))


def _scatter_rows(x: np.ndarray, step: np.ndarray) -> np.ndarray:
    """Rows of x indexed by (class, symbol) summed into their next class: Σ onehot(step)ᵀ x."""
    flat = step.ravel()
    order = np.argsort(flat, kind="stable")
    keys = flat[order]
    starts = np.flatnonzero(np.diff(keys, prepend=-1))
    out = np.zeros((int(flat.max()) + 1, *x.shape[1:]))
    out[keys[starts]] = np.add.reduceat(x[order], starts, axis=0)
    return out


class SpinReels:
    """One reel set's per-reel laws: of two rows' symbols (by offset) and of a row's symbol with
    the window's scatter count. A wild reel shows the wild on every row and no scatter."""

    def __init__(
        self, defn: GameDefinition, reel_set: str, wild_reels: Iterable[int], scatter: str | None
    ) -> None:
        self.size = len(defn.symbols)
        self.rows = defn.rows
        wild_reels = frozenset(wild_reels)
        wild = wild_index(defn)
        sc = symbol_index(defn)[scatter] if scatter is not None else -1
        self.pair: list[dict[int, np.ndarray]] = []
        self.single: list[list[np.ndarray]] = []
        for r, strip in enumerate(defn.reel_sets[reel_set], start=1):
            win = windows(defn, strip)
            if r in wild_reels:
                if wild is None:
                    raise ValueError("a wild reel needs a wild symbol")
                win = np.full((1, self.rows), wild, dtype=np.int64)
            stops = len(win)
            scat = (win == sc).sum(axis=1)
            pairs = {}
            for d in range(-self.rows + 1, self.rows):
                joint = np.zeros((self.size, self.size))
                a = max(0, -d)  # any row whose partner is on the window
                np.add.at(joint, (win[:, a], win[:, a + d]), 1.0 / stops)
                pairs[d] = joint
            self.pair.append(pairs)
            singles = []
            for row in range(self.rows):
                law = np.zeros((self.size, self.rows + 1))
                np.add.at(law, (win[:, row], scat), 1.0 / stops)
                singles.append(law)
            self.single.append(singles)


def pair_moments(classes: PrefixClasses, reels: SpinReels, lines: Sequence[Sequence[int]]) -> float:
    """Σ over ordered pairs of the lines (a line with itself included) of E[pay_a × pay_b]."""
    n = len(classes.step)
    pay = classes.pay.astype(np.float64)

    @functools.cache
    def walk(offsets: tuple[int, ...]) -> np.ndarray:
        """The joint law of the two lines' classes after len(offsets) reels; the rows'
        offsets alone fix it, whatever the rows (see `SpinReels`)."""
        r = len(offsets)
        if r == 0:
            return np.ones((1, 1))
        v = walk(offsets[:-1])
        joint = reels.pair[r - 1][offsets[-1]]
        x = np.einsum("ik,st->iskt", v, joint).reshape(v.shape[0] * reels.size, v.shape[1] * reels.size)
        step = classes.step[r - 1]
        x = _scatter_rows(x, step)
        return _scatter_rows(x.T, step).T

    total = 0.0
    for a in lines:
        for b in lines:
            offsets = tuple(int(b[r]) - int(a[r]) for r in range(n))
            total += float(pay @ walk(offsets) @ pay)
    return total


def line_scatter_moments(classes: PrefixClasses, reels: SpinReels, line: Sequence[int]) -> np.ndarray:
    """E[pay × 1{scatter count = k}] of one line, for k = 0..reels × rows."""
    n = len(classes.step)
    v = np.ones((1, 1))  # [class, scatter count so far]
    for r in range(n):
        law = reels.single[r][line[r]]  # [symbol, scatter cells on this reel]
        x = np.einsum("ik,st->iskt", v, law)  # [class, symbol, count, count on this reel]
        ks = v.shape[1] + law.shape[1] - 1
        out = np.zeros((v.shape[0] * reels.size, ks))
        flat = x.reshape(v.shape[0] * reels.size, v.shape[1], law.shape[1])
        for j in range(law.shape[1]):
            out[:, j : j + v.shape[1]] += flat[:, :, j]
        v = _scatter_rows(out, classes.step[r])
    return classes.pay.astype(np.float64) @ v


def scatter_law(reels: SpinReels) -> np.ndarray:
    """P(scatter count = k) over the grid, k = 0..reels × rows."""
    law = np.ones(1)
    for singles in reels.single:
        law = np.convolve(law, singles[0].sum(axis=0))  # any row's law summed over symbols
    return law


@dataclass(frozen=True)
class SpinMoments:
    """One spin's pay B (coins at level 1, line pays + scatter pay) and the scatter count K:
    `p[k]` = P(K = k), `first[k]` = E[B × 1{K = k}], `second` = E[B²]."""

    p: np.ndarray
    first: np.ndarray
    second: float

    @property
    def mean(self) -> float:
        return float(self.first.sum())


def spin_moments(
    defn: GameDefinition,
    reel_set: str,
    lines: int,
    table: np.ndarray,
    *,
    wild_reels: Iterable[int] = (),
    scatter: str | None = None,
    scatter_coins: dict[int, int] | None = None,
) -> SpinMoments:
    """Exact moments of one spin's pay on the first `lines` lines (see `SpinMoments`).

    `table` is the line-pay table in force (`line_pay_table`, with any made-wild symbols);
    `scatter_coins` maps a scatter count to its pay in coins at level 1 (pay × the total bet)."""
    classes = prefix_classes(table)
    reels = SpinReels(defn, reel_set, wild_reels, scatter)
    active = [tuple(line) for line in defn.lines[:lines]]
    p = scatter_law(reels)
    first = np.zeros_like(p)
    for line in active:
        first += line_scatter_moments(classes, reels, line)
    sc = np.array([scatter_pay(scatter_coins or {}, k) for k in range(len(p))], dtype=np.float64)
    second = pair_moments(classes, reels, active) + 2.0 * float(first @ sc) + float(p @ sc**2)
    return SpinMoments(p=p, first=first + p * sc, second=second)
