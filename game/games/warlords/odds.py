"""Warlords' hit frequency and the top award's odds (part of the independent exact calculator).

- Hit frequency: P(a base spin pays a line or starts the re-spins). Line wins need 3 cells from
  reel 1, so the first three reels decide them; the trigger adds the scatter count of the other
  reels. Overlay spins: every forced mask of reels 1–3 a placement can make, by its probability.
- Top award: the largest line pay at level 1 (`game.math.odds.top_award`), whose patterns are a
  product of per-reel symbol sets. Whether some line shows it is decided by each reel's mask of
  rows showing one of its symbols (`game.math.odds.complete_count`). Per round it can come on the
  base spin (plain, or with an overlay's wild rows forced into the masks), or, when the base spin
  did not show it, in the free spins: Barbarian spins form a branching process (each spin's new
  scatters add spins), so P(no top in a session of c spins) = Φ^c with Φ = Σ_k P(no top, k new
  scatters) Φ^(extra·k); Priestess spins are independent, (1 − q)^T; Samurai sticky wilds make the
  spins dependent, so that part is bounded: at most the sum over its spins (each spin's odds from
  the per-reel sticky-mask chains), at least the largest of them.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.warlords.exact import Starts, overlay_placements
from game.games.warlords.exact_free import ROWS, feature_of
from game.games.warlords.model import OverlayKind
from game.math.odds import complete_count, complete_lines, mask_counts, row_masks, top_award, top_joint
from game.math.patterns import line_pay_table, scatter_count_distribution, symbol_index, wild_index, windows

MASKS = 1 << ROWS

# -- hit frequency --------------------------------------------------------------------------------


def _prefix_hits(defn: GameDefinition, lines: int, wins: list[np.ndarray], forced: int) -> np.ndarray:
    """Over every stop combination of the first three reels: does some active line pay, with the
    cells of the 9-bit mask `forced` (bit = reel·3 + row) made wild?"""
    prefix = line_pay_table(defn, (), cells=3) > 0
    size = len(defn.symbols)
    wild = wild_index(defn)
    shape = tuple(len(w) for w in wins)
    hit = np.zeros(shape, dtype=bool)
    for line in defn.lines[:lines]:
        code: Any = np.int64(0)
        for r in range(3):
            col = wins[r][:, line[r]]
            if forced >> (r * ROWS + line[r]) & 1:
                col = np.full_like(col, wild)
            axis = [1, 1, 1]
            axis[r] = shape[r]
            code = code * size + col.reshape(axis)
        hit |= prefix.ravel()[code]
    return hit


def hit_frequency(defn: GameDefinition, lines: int) -> dict[str, Any]:
    """P(a base spin pays a line or starts the re-spins), exact over every stop combination."""
    f = feature_of(defn)
    if min(min(p) for p in defn.paytable.values()) < 3:
        raise ValueError("the hit frequency assumes no line pays fewer than 3 of a kind")
    scat = [symbol_index(defn)[w.scatter] for w in f.warlords]
    wins = [windows(defn, s) for s in defn.reel_sets["base"][:3]]
    line_hit = _prefix_hits(defn, lines, wins, 0)
    shape = line_hit.shape
    front: Any = np.int64(0)
    for r in range(3):
        axis = [1, 1, 1]
        axis[r] = shape[r]
        front = front + np.isin(wins[r], scat).sum(axis=1).reshape(axis)
    front = np.broadcast_to(front, shape)
    back = np.array([1], dtype=np.int64)
    for strip in defn.reel_sets["base"][3:]:
        per = np.isin(windows(defn, strip), scat).sum(axis=1)
        back = np.convolve(back, np.bincount(per, minlength=ROWS + 1))
    tail = np.concatenate([np.cumsum(back[::-1])[::-1], [0]])
    need = np.clip(f.respin_trigger - front[~line_hit], 0, len(tail) - 1)
    hits = int(line_hit.sum()) * int(back.sum()) + int(tail[need].sum())
    p_base = Fraction(hits, math.prod(len(s) for s in defn.reel_sets["base"]))

    ow = f.overlay.weights
    total_w = sum(ow.values())
    owins = [windows(defn, s) for s in defn.reel_sets[f.overlay.reel_set][:3]]
    combos = math.prod(len(w) for w in owins)
    by_type: dict[OverlayKind, Fraction] = {}
    cache: dict[int, Fraction] = {}
    for name, placements in overlay_placements(f, defn.reels).items():
        masks: dict[int, Fraction] = {}
        for p, m in placements:
            m9 = m & ((1 << (3 * ROWS)) - 1)
            masks[m9] = masks.get(m9, Fraction(0)) + p
        acc = Fraction(0)
        for m9, p in masks.items():
            if m9 not in cache:
                cache[m9] = Fraction(int(_prefix_hits(defn, lines, owins, m9).sum()), combos)
            acc += p * cache[m9]
        by_type[name] = acc
    total = p_base * Fraction(ow["none"], total_w) + sum(
        (Fraction(ow[k], total_w) * v for k, v in by_type.items()), Fraction(0)
    )
    return {
        "hit_frequency": float(total),
        "hit_frequency_note": "P(a base spin pays a line or starts the re-spins), exact",
        "hit_frequency_by_spin": {"plain": float(p_base), **{k: float(v) for k, v in by_type.items()}},
    }


# -- the top award --------------------------------------------------------------------------------


def top_award_base(defn: GameDefinition, lines: int) -> tuple[dict[str, Any], list[np.ndarray]]:
    """The top line pay and its odds on a plain base spin, and its per-reel symbol sets."""
    result, detail = top_award(defn, lines, "base")
    if detail is None:
        raise ValueError("the top award's patterns are not a product of per-reel symbol sets")
    return result, detail[0]


def _overlay_odds(defn: GameDefinition, lines: int, sets: list[np.ndarray]) -> dict[OverlayKind, float]:
    """P(top award on an overlay spin of each type): every placement's forced rows per reel."""
    f = feature_of(defn)
    strips = defn.reel_sets[f.overlay.reel_set]
    den = math.prod(len(s) for s in strips)
    cache: dict[tuple[int, ...], int] = {}
    plain = [row_masks(defn, s, sets[r]) for r, s in enumerate(strips)]
    out: dict[OverlayKind, float] = {}
    for name, placements in overlay_placements(f, defn.reels).items():
        by_rows: dict[tuple[int, ...], Fraction] = {}
        for p, m in placements:
            rows = tuple(m >> (r * ROWS) & (MASKS - 1) for r in range(defn.reels))
            by_rows[rows] = by_rows.get(rows, Fraction(0)) + p
        acc = Fraction(0)
        for rows, p in by_rows.items():
            if rows not in cache:
                vecs = [mask_counts(plain[r] | rows[r], ROWS) for r in range(defn.reels)]
                cache[rows] = complete_count(defn, lines, vecs)
            acc += p * Fraction(cache[rows], den)
        out[name] = float(acc)
    return out


def _barbarian_clear(
    defn: GameDefinition, lines: int, sets: list[np.ndarray], reel_set: str, symbol: str
) -> float:
    """Φ: P(no top award in all the spins one Barbarian free spin leads to, itself included)."""
    extra = feature_of(defn).barbarian.extra_spins
    joint, den = top_joint(defn, reel_set, sets, lines, frozenset(), symbol)
    by_k = scatter_count_distribution(defn, reel_set, symbol)
    clear = [float(p) - (int(joint[k]) / den if k < len(joint) else 0.0) for k, p in enumerate(by_k)]
    phi = 0.0
    for _ in range(10_000):
        nxt = sum(a * phi ** (extra * k) for k, a in enumerate(clear))
        if abs(nxt - phi) < 1e-16:
            break
        phi = nxt
    return phi


def _per_spin(defn: GameDefinition, lines: int, sets: list[np.ndarray], reel_set: str) -> float:
    joint, den = top_joint(defn, reel_set, sets, lines, frozenset(), None)
    return int(joint.sum()) / den


def _samurai_clear(
    defn: GameDefinition, lines: int, sets: list[np.ndarray], reel_set: str, symbol: str
) -> np.ndarray:
    """P(no top award in a whole Samurai session | the initial sticky row masks), (8,)*reels.

    Given this spin's scatter rows on every reel, the reels' windows are independent and a cell
    qualifies when it shows a top symbol or holds a sticky wild (a new scatter sticks at once).
    So V_t(m) = Σ_s P(s) (1 − A_s(m)) V_{t+1}(m | s) over the joint scatter outcomes s, where
    A_s(m) is P(some line complete | sticky masks m, scatters s), a contraction of the
    complete-line table with per-reel (mask → qualifying rows) matrices.
    """
    spins = feature_of(defn).samurai.spins
    sc = symbol_index(defn)[symbol]
    reels = defn.reels
    outcomes = []  # per reel: [(scatter rows, probability, (8, 8) mask → qualifying rows)]
    for r, strip in enumerate(defn.reel_sets[reel_set]):
        top = row_masks(defn, strip, sets[r])
        scat = row_masks(defn, strip, [sc])
        rows = []
        for s in np.unique(scat).tolist():
            sel = scat == s
            mat = np.zeros((MASKS, MASKS))
            for m in range(MASKS):
                np.add.at(mat[m], top[sel] | m | s, 1.0 / int(sel.sum()))
            rows.append((s, int(sel.sum()) / len(strip), mat))
        outcomes.append(rows)
    complete = complete_lines(reels, ROWS, tuple(map(tuple, defn.lines[:lines])))
    complete = complete.reshape((MASKS,) * reels).astype(np.float64)
    grid = np.indices((MASKS,) * reels)
    steps = []  # (probability, 1 − A_s, flat index of m | s) per joint scatter outcome
    for combo in itertools.product(*outcomes):
        a = complete
        for _s, _p, mat in combo:
            a = np.tensordot(a, mat, axes=([0], [1]))  # reel r's q axis → its m axis, moved last
        after = np.ravel_multi_index(tuple(grid[r] | combo[r][0] for r in range(reels)), (MASKS,) * reels)
        steps.append((math.prod(p for _s, p, _m in combo), 1.0 - a, after))
    v = np.ones((MASKS,) * reels)
    for _ in range(spins):
        flat = v.ravel()
        v = sum(p * clear * flat[after] for p, clear, after in steps)
    return v


def top_award_sheet(
    defn: GameDefinition, lines: int, base: dict[str, Any], sets: list[np.ndarray], starts: list[Starts]
) -> dict[str, Any]:
    """The top award's odds per line and per spin (plain base spin, overlay spins, any base spin)
    and per round, the free spins included."""
    f = feature_of(defn)
    ow = f.overlay.weights
    total_w = sum(ow.values())
    p_none = ow["none"] / total_w
    overlay = _overlay_odds(defn, lines, sets)
    per_spin = p_none * base["probability_per_spin"] + sum(ow[k] / total_w * v for k, v in overlay.items())
    free: dict[str, Any] = {}
    total = 0.0
    for w, s in zip(f.warlords, starts, strict=True):
        if w.mode == "barbarian":
            phi = _barbarian_clear(defn, lines, sets, w.free_reel_set, w.scatter)
            c = f.barbarian.spins_per_scatter
            p = sum(mass * (1.0 - phi ** (c * n)) for n, mass in s.n_dist_clear.items())
            free[w.mode] = {"probability_per_round": p, "method": "exact"}
        elif w.mode == "priestess":
            q = _per_spin(defn, lines, sets, w.free_reel_set)
            p = sum(s.n_dist_clear.values()) * (1.0 - (1.0 - q) ** f.priestess.spins)
            free[w.mode] = {"probability_per_spin": q, "probability_per_round": p, "method": "exact"}
        else:
            assert s.masks_clear is not None
            clear = _samurai_clear(defn, lines, sets, w.free_reel_set, w.scatter)
            p = float((s.masks_clear * (1.0 - clear)).sum())
            free[w.mode] = {"probability_per_round": p, "method": "exact"}
        total += p
    base_part = p_none * base["probability_per_spin"] + sum(ow[k] / total_w * v for k, v in overlay.items())
    out = dict(base)
    out["probability_per_plain_spin"] = out.pop("probability_per_spin")
    out["one_in_per_plain_spin"] = out.pop("one_in_per_spin")
    out["probability_per_overlay_spin"] = overlay
    out["probability_per_spin"] = per_spin
    out["one_in_per_spin"] = 1 / per_spin if per_spin else None
    out["free_spins"] = free
    out["probability_per_round"] = base_part + total
    out["one_in_per_round"] = 1 / (base_part + total) if base_part + total else None
    out["note"] = (
        "The top award is the largest line pay at level 1 (multipliers aside). Per round: on the "
        "base spin, or in the free spins after a base spin without it."
    )
    return out
