"""Exact hit frequency and top-award odds of a base game, shared by every game's par sheet.

- Hit frequency. A line can only win with at least the smallest listed count from reel 1, so
  whether any active line pays depends on the first m reels' windows only (m = the largest
  smallest-count); those windows are enumerated and combined with the scatter count of the rest.
- Top award. The patterns paying the top line pay are a product of per-reel symbol sets (five
  wilds, say); whether some active line shows one is decided by each reel's mask of qualifying
  rows, combined over the reels with the scatter count. `row_masks`, `mask_counts` and
  `complete_count` are the pieces, for games whose features change the masks (forced wilds,
  sticky cells).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.math.patterns import (
    contract,
    line_pay_table,
    reel_distributions,
    reel_scatter_counts,
    symbol_index,
    wild_index,
    windows,
)


def hit_symbol(defn: GameDefinition, trigger: tuple[str, int] | None = None) -> tuple[str | None, int]:
    """The scatter symbol that makes a base spin a hit, and its smallest hit count.

    `trigger` is a feature's (scatter symbol, minimum count) when a trigger counts as a hit even
    without a scatter pay. Covers games with one scatter symbol.
    """
    mins: dict[str, int] = {sym: min(p) for sym, p in defn.scatter_pays.items()}
    if trigger is not None:
        sym, k = trigger
        mins[sym] = min(mins.get(sym, k), k)
    if not mins:
        return None, 0
    if len(mins) > 1:
        raise ValueError("the exact hit frequency covers games with one scatter symbol; this one has several")
    ((sym, k),) = mins.items()
    return sym, k


def hit_frequency(
    defn: GameDefinition, lines: int, reel_set: str = "base", trigger: tuple[str, int] | None = None
) -> Fraction:
    """P(a base spin pays anything: a line win on an active line, a scatter win or a trigger).

    `trigger`: see `hit_symbol`.
    """
    m = max(min(p) for p in defn.paytable.values())
    strips = defn.reel_sets[reel_set]
    size = len(defn.symbols)
    prefix_pays = line_pay_table(defn, (), cells=m) > 0
    wins = [windows(defn, strips[r]) for r in range(m)]
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
    sym, k_min = hit_symbol(defn, trigger)
    if sym is not None:
        front: Any = np.int64(0)
        for r in range(m):
            axis = [1] * m
            axis[r] = shape[r]
            per_stop = (wins[r] == symbol_index(defn)[sym]).sum(axis=1)
            front = front + per_stop.reshape(axis)
        front = np.broadcast_to(front, shape)
        back_dist = np.array([1], dtype=np.int64)
        for r in range(m, defn.reels):
            back_dist = np.convolve(back_dist, reel_scatter_counts(defn, strips[r], sym))
        # back_at_least[j] = number of back-reel stop combinations with ≥ j scatters
        tail = np.concatenate([np.cumsum(back_dist[::-1])[::-1], [0]])
        need = np.clip(k_min - front[~line_hit], 0, len(tail) - 1)
        hits += int(tail[need].sum())
    return Fraction(hits, den)


def top_joint(
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
    wild = wild_index(defn)
    sc = symbol_index(defn)[scatter] if scatter else -1
    joint = np.ones((1, 1), dtype=np.int64)
    den = 1
    for r, strip in enumerate(defn.reel_sets[reel_set]):
        table = np.zeros((1 << rows, rows + 1), dtype=np.int64)
        if r + 1 in wild_reels:
            table[(1 << rows) - 1 if wild in sets[r] else 0, 0] = 1
        else:
            win = windows(defn, strip)
            masks = (np.isin(win, sets[r]) * (1 << np.arange(rows))).sum(axis=1)
            np.add.at(table, (masks, (win == sc).sum(axis=1)), 1)
            den *= len(strip)
        n_masks, n_sc = joint.shape
        new = np.zeros((n_masks, 1 << rows, n_sc + rows), dtype=np.int64)
        for k in range(rows + 1):
            new[:, :, k : k + n_sc] += table[None, :, k, None] * joint[:, None, :]
        joint = new.reshape(n_masks << rows, n_sc + rows)
    return joint[complete_lines(defn.reels, rows, tuple(map(tuple, defn.lines[:lines])))].sum(axis=0), den


@functools.lru_cache(maxsize=8)
def complete_lines(reels: int, rows: int, lines: tuple[tuple[int, ...], ...]) -> np.ndarray:
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


def row_masks(
    defn: GameDefinition, strip: Sequence[str], symbols: Iterable[int], forced: int = 0
) -> np.ndarray:
    """Per stop of a strip: the mask of window rows (bit w = row w) showing one of `symbols`
    (symbol indices), with the rows of `forced` always set (cells laid over with a wild)."""
    win = windows(defn, strip)
    masks: np.ndarray = (np.isin(win, list(symbols)) * (1 << np.arange(defn.rows))).sum(axis=1) | forced
    return masks


def mask_counts(masks: np.ndarray, rows: int) -> np.ndarray:
    """How many stops give each row mask: a vector of length 2**rows."""
    return np.bincount(masks, minlength=1 << rows).astype(np.int64)


def complete_count(defn: GameDefinition, lines: int, per_reel: Sequence[np.ndarray]) -> Any:
    """Σ over every combination of per-reel row masks of Π per_reel[r][mask_r], kept where some
    active line has every cell in its reel's mask (counts give an int, probabilities a float)."""
    rows = defn.rows
    table = complete_lines(defn.reels, rows, tuple(map(tuple, defn.lines[:lines])))
    t: Any = table.reshape((1 << rows,) * defn.reels).astype(per_reel[0].dtype)
    for vec in reversed(per_reel):
        t = t @ vec
    return t.item() if isinstance(t, np.ndarray) else t


def top_award(
    defn: GameDefinition, lines: int, reel_set: str = "base", scatter: str | None = None
) -> tuple[dict[str, Any], tuple[list[np.ndarray], np.ndarray, int] | None]:
    """The largest single-line pay of the base game and its odds per line and per spin.

    Returns (the figures, the detail a game needs to add its features' odds per round): the
    per-reel symbol sets of the top pattern, the joint count of base stop combinations showing it
    on an active line by number of `scatter` symbols, and the number of stop combinations. The
    detail is None when the top-paying patterns are not a product of per-reel sets.
    """
    table = line_pay_table(defn)
    top = int(table.max())
    hit = table == top
    counts, den = reel_distributions(defn, reel_set, frozenset())
    p_line = Fraction(contract(hit.astype(np.int64), counts), den)
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
        return result, None
    joint, den = top_joint(defn, reel_set, sets, lines, frozenset(), scatter)
    p_spin = Fraction(int(joint.sum()), den)
    result["lines"] = lines
    result["probability_per_spin"] = float(p_spin)
    result["one_in_per_spin"] = float(1 / p_spin) if p_spin else None
    return result, (sets, joint, den)
