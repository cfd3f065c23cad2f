"""Warlords' free spins, exactly: the expected win of each mode from its start (part of the
independent exact calculator, `exact.py`; it shares no code with the flow or the batch).

- Barbarian: spins are a stopping time of independent spins (Wald): E[total] = E[N] E[X] with
  E[N] = spins_per_scatter·n / (1 − extra·E[K]) (a skip-free random walk down to 0).
- Priestess: E[Σ m_t X_t] = T n E[X] + E[K] E[X] T(T−1)/2 + T E[K X]; E[K X] conditions each
  reel's window on its scatter count.
- Samurai: given the initial sticky rows of a reel, its sticky mask evolves independently of the
  other reels (a chain over 8 masks), so each line's expectation at spin t is the line table
  contracted with per-reel (initial mask → symbol) matrices, over the 8^5 initial masks that the
  re-spin chain produces.

X is a spin's line pays (× the total bet), K its number of new scatters. Money: pays are coins
per line at level 1; values are multiples of the total bet.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.warlords.model import WarlordsFeature
from game.math.patterns import contract, reel_counts, wild_index, windows

ROWS = 3


def feature_of(defn: GameDefinition) -> WarlordsFeature:
    f = defn.feature
    if not isinstance(f, WarlordsFeature):
        raise ValueError(f"{defn.id} is not a Warlords game")
    return f


def _per_spin(defn: GameDefinition, reel_set: str, table: np.ndarray, symbol: str) -> dict[str, Fraction]:
    """E[X] (line pays × bet), E[K] (new scatters) and E[K·X] of one spin on a free reel set."""
    strips = defn.reel_sets[reel_set]
    per_level = defn.bet.coins_per_level or len(defn.lines)
    counts = [reel_counts(defn, s) for s in strips]
    den = math.prod(len(s) for s in strips)
    line = Fraction(contract(table, counts), den)
    ex = line * len(defn.lines) / per_level
    ek = sum((Fraction(ROWS * s.count(symbol), len(s)) for s in strips), Fraction(0))
    sc = defn.symbol_ids.index(symbol)
    ekx = Fraction(0)
    cache: dict[tuple[int, int], Fraction] = {}
    for line_rows in defn.lines:
        for r, row in enumerate(line_rows):
            if (r, row) not in cache:
                win = windows(defn, strips[r])
                k = (win == sc).sum(axis=1)
                kc = np.bincount(win[:, row], weights=k, minlength=len(defn.symbols)).astype(np.int64)
                vecs = [kc if j == r else counts[j] for j in range(defn.reels)]
                cache[(r, row)] = Fraction(contract(table, vecs), den)
            ekx += cache[(r, row)]
    return {"x": ex, "k": ek, "kx": ekx / per_level}


def barbarian_value(defn: GameDefinition, table: np.ndarray, reel_set: str, symbol: str) -> dict[str, Any]:
    """Per initial scatter count n: E[spins] and E[win] (× bet), exact fractions."""
    b = feature_of(defn).barbarian
    s = _per_spin(defn, reel_set, table, symbol)
    drift = 1 - b.extra_spins * s["k"]
    if drift <= 0:
        raise ValueError("barbarian free spins: extra spins per spin must average below one")
    return {"per_spin": s, "spins_per_n": b.spins_per_scatter / drift}


def priestess_value(defn: GameDefinition, table: np.ndarray, reel_set: str, symbol: str) -> dict[str, Any]:
    t = feature_of(defn).priestess.spins
    s = _per_spin(defn, reel_set, table, symbol)
    # value(n) = a·n + c
    return {
        "per_spin": s,
        "a": t * s["x"],
        "c": s["k"] * s["x"] * Fraction(t * (t - 1), 2) + t * s["kx"],
    }


def samurai_cell_tables(defn: GameDefinition, reel_set: str, symbol: str, spins: int) -> list[np.ndarray]:
    """Per reel: F[t, row, m0, x] = P(cell (row) shows x at spin t+1 | initial sticky mask m0)."""
    wild = wild_index(defn)
    if wild is None:
        raise ValueError("feature.overlay: the overlay wild needs a wild symbol")
    sc = defn.symbol_ids.index(symbol)
    size = len(defn.symbols)
    out = []
    for strip in defn.reel_sets[reel_set]:
        win = windows(defn, strip)
        n = len(strip)
        scat = ((win == sc) * (1 << np.arange(ROWS))).sum(axis=1)
        trans = np.zeros((8, 8))
        cell = np.zeros((ROWS, 8, size))
        for m in range(8):
            after = m | scat
            np.add.at(trans[m], after, 1.0 / n)
            for row in range(ROWS):
                shown = np.where((after >> row) & 1 == 1, wild, win[:, row])
                np.add.at(cell[row, m], shown, 1.0 / n)
        f = np.zeros((spins, ROWS, 8, size))
        dist = np.eye(8)
        for t in range(spins):
            for row in range(ROWS):
                f[t, row] = dist @ cell[row]
            dist = dist @ trans
        out.append(f)
    return out


def samurai_value(
    defn: GameDefinition, table: np.ndarray, reel_set: str, symbol: str, masks: np.ndarray
) -> float:
    """E[Samurai free-spins win] (× bet) over the initial sticky masks distribution `masks`
    ((8,)*reels, summing to the probability mass it stands for)."""
    spins = feature_of(defn).samurai.spins
    per_level = defn.bet.coins_per_level or len(defn.lines)
    f = samurai_cell_tables(defn, reel_set, symbol, spins)
    present = sorted(set(np.flatnonzero(sum(x.sum(axis=(0, 1, 2)) for x in f) > 0).tolist()))
    sub = table[np.ix_(*([present] * defn.reels))].astype(np.float64)
    total = 0.0
    for t in range(spins):
        for line in defn.lines:
            q = masks
            for r, row in enumerate(line):
                # contract the leading mask axis with reel r's (mask → symbol) matrix
                q = np.tensordot(q, f[r][t, row][:, present], axes=([0], [0]))
            total += float((q * sub).sum())
    return total / per_level
