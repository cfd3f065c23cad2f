"""Warlords' independent exact calculator: the par sheet from the definition alone.

It shares no code with the flow or the batch (`flow.py`, `batch.py`, `game/evaluate.py`); it reads
the rules from the data and re-derives every figure (STYLE principle 4). Nothing is sampled
except the cap's estimate (`cap.py`), which is reported apart.

- Line pays. A stop is uniform, so each row of a reel shows the strip's symbol distribution and
  the reels are independent: a line's expected pay is the line table contracted with the per-reel
  symbol counts. With cells forced wild (overlay wilds) a line's expectation depends only on which
  of its reels are forced (`game.math.patterns.forced_line_values`: 32 values), and every overlay
  placement × line is counted by that subset (all placements enumerated).
- Trigger and battle. Every joint outcome of the scatter reels' windows (colour and row per reel,
  a window shows at most one scatter) is enumerated; the battle's odds split it by winning colour.
- Re-spins. Per re-spin each reel adds a scatter with probability (free rows) × s/n, and given
  that, at a uniformly chosen free row: the counts follow a Markov chain over (held count per reel,
  re-spins left), and given the final counts each reel's added rows are a uniform subset of its
  free rows. The chain is run to absorption (at most one re-spin per cell).
- Final Chance: the coin weights directly; the placed scatter on a uniform free cell.
- Free spins: `exact_free.py` (Wald's identity for the Barbarian, the multiplier's moments for
  the Priestess, per-reel sticky-mask chains for the Samurai).
- Hit frequency and the top award's odds: `odds.py`.

Arithmetic: base and overlay line pays and the trigger are exact fractions; the re-spin chain and
the free spins are exact enumerations carried in float64 (relative rounding below 1e-12).
Money: pays are coins per line at level 1; RTP figures are fractions of the total bet.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.warlords.exact_free import (
    ROWS,
    barbarian_value,
    feature_of,
    priestess_value,
    samurai_value,
)
from game.games.warlords.model import OverlayKind, WarlordsFeature
from game.math.odds import complete_count, row_masks
from game.math.par import RTP_NOTE, check_lines, part
from game.math.patterns import forced_line_values, line_pay_table

# -- the overlay ----------------------------------------------------------------------------------


def overlay_placements(f: WarlordsFeature, reels: int) -> dict[OverlayKind, list[tuple[Fraction, int]]]:
    """Each overlay type's placements as (probability given the type, 15-bit cell mask).

    Cell bit = (reel-1)·3 + row. Hammer: a 2×2 square, all positions equally likely. Arrow and
    sword: the count by weight, then a uniform subset of that many cells of their reels.
    """
    o = f.overlay
    out: dict[OverlayKind, list[tuple[Fraction, int]]] = {}
    a, b = o.hammer_reels
    squares = [(r, w) for r in range(a - 1, b - 1) for w in range(ROWS - 1)]
    out["hammer"] = [
        (Fraction(1, len(squares)), sum(1 << ((r + dr) * ROWS + w + dw) for dr in (0, 1) for dw in (0, 1)))
        for r, w in squares
    ]
    name: OverlayKind
    for name, counts, (lo, hi) in (
        ("arrow", o.arrow_counts, o.arrow_reels),
        ("sword", o.sword_counts, o.sword_reels),
    ):
        cells = list(range((lo - 1) * ROWS, hi * ROWS))
        total = sum(counts.values())
        rows: list[tuple[Fraction, int]] = []
        for k, w in sorted(counts.items()):
            if not w:
                continue
            n = math.comb(len(cells), k)
            rows += [
                (Fraction(w, total * n), sum(1 << c for c in combo))
                for combo in itertools.combinations(cells, k)
            ]
        out[name] = rows
    return out


def _line_bits(defn: GameDefinition) -> np.ndarray:
    """(lines, reels) cell bit of each line's cell on each reel."""
    return np.array([[r * ROWS + row for r, row in enumerate(line)] for line in defn.lines], dtype=np.int64)


def overlay_value(defn: GameDefinition, table: np.ndarray) -> dict[OverlayKind, Fraction]:
    """Expected line pays of one overlay spin of each type, as a multiple of the total bet."""
    f = feature_of(defn)
    values = forced_line_values(defn, f.overlay.reel_set, table)
    bits = _line_bits(defn)
    per_level = Fraction(defn.bet.coins_per_level or len(defn.lines))
    out: dict[OverlayKind, Fraction] = {}
    for name, placements in overlay_placements(f, defn.reels).items():
        masks = np.array([m for _, m in placements], dtype=np.int64)
        subset = np.zeros((len(masks), len(defn.lines)), dtype=np.int64)
        for r in range(defn.reels):
            subset |= ((masks[:, None] >> bits[None, :, r]) & 1) << r
        total = Fraction(0)
        for (p, _), row in zip(placements, subset.tolist(), strict=True):
            total += p * sum((values[s] for s in row), Fraction(0))
        out[name] = total / per_level
    return out


# -- the trigger and the battle -------------------------------------------------------------------


def battle_odds(f: WarlordsFeature, colour_counts: dict[int, int]) -> dict[int, Fraction]:
    """P(each colour wins) for the scatter counts by colour (index into `f.warlords`)."""
    present = sorted(colour_counts, key=lambda c: (-colour_counts[c], c))
    counts = [colour_counts[c] for c in present]
    uneven = len(present) == 2 and counts[0] != counts[1]
    w = list(f.battle.pair_vs_single) if uneven else [1] * len(present)
    total = sum(w)
    return {c: Fraction(x, total) for c, x in zip(present, w, strict=True)}


Trigger = dict[tuple[int, tuple[int, ...]], tuple[Fraction, Fraction]]
"""(winning colour, held row mask per reel) → (P per plain base spin, P without the top award)."""


def trigger_outcomes(defn: GameDefinition, lines: int, top_sets: list[np.ndarray] | None = None) -> Trigger:
    """P(a plain base spin triggers the re-spins, the battle is won by colour c, and the held rows
    are A) for every (c, A), A one 3-bit row mask per reel; and the same probability for the spins
    that do not also show the top award on an active line (`top_sets`: its per-reel symbols)."""
    f = feature_of(defn)
    colour_of = {w.scatter: i for i, w in enumerate(f.warlords)}
    per_reel: list[dict[tuple[int, int] | None, np.ndarray]] = []
    lengths = []
    for r, strip in enumerate(defn.reel_sets["base"]):
        n = len(strip)
        lengths.append(n)
        top = row_masks(defn, strip, [] if top_sets is None else top_sets[r])
        outcomes: dict[tuple[int, int] | None, np.ndarray] = {}
        for stop in range(n):
            key = None
            for row in range(ROWS):
                c = colour_of.get(strip[(stop + row) % n])
                if c is not None:
                    key = (c, row)
            vec = outcomes.setdefault(key, np.zeros(1 << ROWS, dtype=np.int64))
            vec[top[stop]] += 1
        per_reel.append(outcomes)
    den = math.prod(lengths)
    out: Trigger = {}
    for combo in itertools.product(*(list(o.items()) for o in per_reel)):
        shown = [k for k, _ in combo]
        scat = [(r, k) for r, k in enumerate(shown) if k is not None]
        if len(scat) < f.respin_trigger:
            continue
        count = math.prod(int(v.sum()) for _, v in combo)
        clear = count - (complete_count(defn, lines, [v for _, v in combo]) if top_sets else 0)
        colours: dict[int, int] = {}
        for _, (c, _row) in scat:
            colours[c] = colours.get(c, 0) + 1
        mask = tuple((1 << k[1]) if k is not None else 0 for k in shown)
        for c, p in battle_odds(f, colours).items():
            was = out.get((c, mask), (Fraction(0), Fraction(0)))
            out[(c, mask)] = (was[0] + Fraction(count, den) * p, was[1] + Fraction(clear, den) * p)
    return out


def battle_kinds(defn: GameDefinition) -> dict[str, float]:
    """P(per base spin) of each battle situation: none (one colour), 1v1, 2v1, 1v1v1."""
    f = feature_of(defn)
    colour_of = {w.scatter: i for i, w in enumerate(f.warlords)}
    dists = []
    for strip in defn.reel_sets["base"]:
        n = len(strip)
        d: dict[int, int] = {}
        for stop in range(n):
            c = -1
            for row in range(ROWS):
                c = colour_of.get(strip[(stop + row) % n], c)
            d[c] = d.get(c, 0) + 1
        dists.append({c: Fraction(k, n) for c, k in d.items()})
    out: dict[str, Fraction] = {}
    for combo in itertools.product(*(list(d.items()) for d in dists)):
        cols = [c for c, _ in combo if c >= 0]
        if len(cols) < f.respin_trigger:
            continue
        counts = sorted((cols.count(c) for c in set(cols)), reverse=True)
        name = "no_battle" if len(counts) == 1 else "v".join(str(c) for c in counts)
        out[name] = out.get(name, Fraction(0)) + math.prod((p for _, p in combo), start=Fraction(1))
    return {k: float(v) for k, v in sorted(out.items())}


# -- the re-spin chain ----------------------------------------------------------------------------


def scatter_rates(defn: GameDefinition, reel_set: str, symbol: str) -> list[Fraction]:
    """Per reel: P(a given row shows the scatter) = scatters on the strip / strip length."""
    return [Fraction(strip.count(symbol), len(strip)) for strip in defn.reel_sets[reel_set]]


def respin_chain(rates: list[float], start: tuple[int, ...], respins: int) -> np.ndarray:
    """Distribution of the final held count per reel: array (4,)*reels.

    State: held count per reel and re-spins left. A re-spin spends one; reel r (k held) adds one
    scatter with probability (3 − k)·rate_r and each added scatter gives one more re-spin.
    """
    reels = len(rates)
    max_left = respins + reels * ROWS
    state = np.zeros((ROWS + 1,) * reels + (max_left + 1,))
    state[(*start, respins)] = 1.0
    final = np.zeros((ROWS + 1,) * reels)
    k = np.arange(ROWS + 1)
    while state[..., 1:].sum() > 0:
        # spend one re-spin
        cur = np.zeros_like(state)
        cur[..., :-1] = state[..., 1:]
        for r in range(reels):
            add = np.clip((ROWS - k) * rates[r], 0.0, 1.0)
            shape = [1] * (reels + 1)
            shape[r] = ROWS + 1
            add = add.reshape(shape)
            moved = cur * add
            stay = cur - moved
            shifted = np.zeros_like(cur)
            idx_to = [slice(None)] * (reels + 1)
            idx_from = [slice(None)] * (reels + 1)
            idx_to[r], idx_from[r] = slice(1, None), slice(None, -1)
            idx_to[-1], idx_from[-1] = slice(1, None), slice(None, -1)
            shifted[tuple(idx_to)] = moved[tuple(idx_from)]
            cur = stay + shifted
        final += cur[..., 0]
        state = cur
        state[..., 0] = 0.0
    return final


def _subset_matrix(held: int) -> np.ndarray:
    """(4, 8): P(final row mask | initial rows `held`, final count k), added rows uniform."""
    u = np.zeros((ROWS + 1, 1 << ROWS))
    base = bin(held).count("1")
    for m in range(1 << ROWS):
        if m & held != held:
            continue
        k = bin(m).count("1")
        u[k, m] = 1.0 / math.comb(ROWS - base, k - base)
    return u


# -- how each warlord's free spins start ----------------------------------------------------------


@dataclass
class Starts:
    """How one warlord's free spins start, summed over every base spin whose battle it wins.

    Probabilities are per base spin. `n_dist[n]`: free spins start with n scatters; `masks`
    (Samurai only): mass of each initial sticky row mask per reel, shape (8,)*reels. The
    `*_clear` versions keep only base spins that do not show the top award.
    """

    respins: float = 0.0
    final_chance: float = 0.0
    n_dist: dict[int, float] = field(default_factory=dict)
    n_dist_clear: dict[int, float] = field(default_factory=dict)
    masks: np.ndarray | None = None
    masks_clear: np.ndarray | None = None

    @property
    def free_spins(self) -> float:
        return sum(self.n_dist.values())


def warlord_starts(defn: GameDefinition, trig: Trigger, p_none: Fraction) -> list[Starts]:
    """Each warlord's `Starts`: the trigger outcomes run through the re-spin chain and the Final
    Chance (a placed scatter lands on a uniformly chosen free cell)."""
    f = feature_of(defn)
    fc = f.final_chance
    p_fc_scatter = fc.scatter_weight / (sum(fc.coin_weights.values()) + fc.scatter_weight)
    out = []
    for c, w in enumerate(f.warlords):
        rates = [float(x) for x in scatter_rates(defn, w.respin_reel_set, w.scatter)]
        s = Starts()
        if w.mode == "samurai":
            s.masks = np.zeros((1 << ROWS,) * defn.reels)
            s.masks_clear = np.zeros_like(s.masks)
        chains: dict[tuple[int, ...], np.ndarray] = {}
        for (colour, held), (p_all, p_clear) in trig.items():
            if colour != c:
                continue
            p, pc = float(p_all * p_none), float(p_clear * p_none)
            s.respins += p
            k0 = tuple(bin(m).count("1") for m in held)
            if k0 not in chains:
                chains[k0] = respin_chain(rates, k0, f.respins)
            final = chains[k0]
            totals = np.indices(final.shape).sum(axis=0)
            stay = float(final[k0]) if sum(k0) == f.respin_trigger else 0.0
            s.final_chance += stay * p
            grown = np.where(totals >= f.free_spins_min, final, 0.0)
            by_n = np.bincount(totals.ravel(), weights=grown.ravel())
            by_n[f.free_spins_min] += stay * p_fc_scatter
            for n in np.flatnonzero(by_n).tolist():
                s.n_dist[n] = s.n_dist.get(n, 0.0) + by_n[n] * p
                s.n_dist_clear[n] = s.n_dist_clear.get(n, 0.0) + by_n[n] * pc
            if s.masks is not None and s.masks_clear is not None:
                mats = [_subset_matrix(m) for m in held]
                masks = np.einsum("abcde,am,bn,co,dp,eq->mnopq", grown, *mats, optimize=True)
                if stay:
                    free = [
                        (r, row) for r in range(defn.reels) for row in range(ROWS) if not held[r] >> row & 1
                    ]
                    for r, row in free:
                        idx = tuple(m | (1 << row) if j == r else m for j, m in enumerate(held))
                        masks[idx] += stay * p_fc_scatter / len(free)
                s.masks += masks * p
                s.masks_clear += masks * pc
        out.append(s)
    return out


# -- the par sheet --------------------------------------------------------------------------------


def exact_part(name: str, value: float, **extra: Any) -> dict[str, Any]:
    """A part computed exactly by enumeration and carried in float64 (no fraction)."""
    return {"name": name, "rtp": value, "method": "exact", "arithmetic": "float64", **extra}


def par_sheet(defn: GameDefinition, lines: int | None = None, *, estimate_cap: bool = True) -> dict[str, Any]:
    """The exact par sheet of a Warlords game (JSON-ready); every line is always played.

    `estimate_cap` adds the estimate of what the win cap removes (`cap.py`); everything else is
    exact.
    """
    # (they build on this module)
    from game.games.warlords.cap import cap_sheet
    from game.games.warlords.odds import hit_frequency, top_award_base, top_award_sheet

    start = time.perf_counter()
    f = feature_of(defn)
    n_lines = check_lines(defn, lines)
    if n_lines != len(defn.lines):
        raise ValueError(f"{defn.id} always plays all {len(defn.lines)} lines")
    table = line_pay_table(defn)
    per_level = Fraction(defn.bet.coins_per_level or n_lines)
    ow = f.overlay.weights
    w_total = sum(ow.values())
    p_none = Fraction(ow["none"], w_total)

    base_line_one = forced_line_values(defn, "base", table)[0]
    base_lines = p_none * base_line_one * n_lines / per_level
    ov = overlay_value(defn, table)
    overlay_parts = {k: Fraction(ow[k], w_total) * v for k, v in ov.items()}

    top, top_sets = top_award_base(defn, n_lines)
    trig = trigger_outcomes(defn, n_lines, top_sets)
    p_trigger = p_none * sum((p for p, _ in trig.values()), Fraction(0))
    starts = warlord_starts(defn, trig, p_none)
    fc = f.final_chance
    fc_total = sum(fc.coin_weights.values()) + fc.scatter_weight
    fc_coin_mean = Fraction(sum(k * w for k, w in fc.coin_weights.items()), fc_total)

    modes: dict[str, dict[str, Any]] = {}
    for w, s in zip(f.warlords, starts, strict=True):
        p_fs = s.free_spins
        mean_n = sum(n * p for n, p in s.n_dist.items()) / p_fs if p_fs else 0.0
        info: dict[str, Any] = {
            "scatter": w.scatter,
            "respins_probability": s.respins,
            "final_chance_probability": s.final_chance,
            "free_spins_probability": p_fs,
            "free_spins_one_in": 1 / p_fs if p_fs else None,
            "scatters_distribution": {str(n): p / p_fs for n, p in sorted(s.n_dist.items())},
            "mean_scatters": mean_n,
        }
        if w.mode == "barbarian":
            b = barbarian_value(defn, table, w.free_reel_set, w.scatter)
            spins_per_n, x = float(b["spins_per_n"]), float(b["per_spin"]["x"])
            value = sum(p * n * spins_per_n * x for n, p in s.n_dist.items())
            info["expected_spins"] = mean_n * spins_per_n
            info["per_spin"] = {k: float(v) for k, v in b["per_spin"].items()}
        elif w.mode == "priestess":
            pv = priestess_value(defn, table, w.free_reel_set, w.scatter)
            value = sum(p * (n * float(pv["a"]) + float(pv["c"])) for n, p in s.n_dist.items())
            info["expected_spins"] = f.priestess.spins
            info["expected_final_multiplier"] = mean_n + f.priestess.spins * float(pv["per_spin"]["k"])
            info["per_spin"] = {k: float(v) for k, v in pv["per_spin"].items()}
        else:
            assert s.masks is not None
            value = samurai_value(defn, table, w.free_reel_set, w.scatter, s.masks)
            info["expected_spins"] = f.samurai.spins
        info["rtp"] = value
        info["average_win_x_bet"] = value / p_fs if p_fs else None
        modes[w.mode] = info

    p_final_chance = sum(s.final_chance for s in starts)
    parts: list[dict[str, Any]] = [part("base_line_pays", base_lines)]
    parts += [part(f"overlay_{k}_line_pays", overlay_parts[k]) for k in ("hammer", "arrow", "sword")]
    parts.append(exact_part("final_chance_coins", p_final_chance * float(fc_coin_mean)))
    parts += [exact_part(f"free_spins_{w.mode}", modes[w.mode]["rtp"]) for w in f.warlords]
    total = sum(p["rtp"] for p in parts)
    p_fs_total = sum(s.free_spins for s in starts)
    out: dict[str, Any] = {
        "game": defn.id,
        "lines": n_lines,
        "rtp": total,
        "rtp_fraction": None,
        "rtp_arithmetic": (
            "every part is exact (enumerated, nothing sampled); the base and overlay line pays are "
            "fractions, the re-spin chain, the Final Chance and the free spins are carried in float64"
        ),
        "parts": parts,
        "overlay": {
            "probability": float(1 - p_none),
            "one_in": float(1 / (1 - p_none)) if p_none < 1 else None,
            "value_x_bet": {k: float(v) for k, v in ov.items()},
        },
        "base_line_rtp_without_overlay": float(base_line_one * n_lines / per_level),
        "respins_probability": float(p_trigger),
        "respins_one_in": float(1 / p_trigger) if p_trigger else None,
        "battles": battle_kinds(defn),
        "final_chance_probability": p_final_chance,
        "final_chance_coin_mean_x_bet": float(fc_coin_mean),
        "free_spins_probability": p_fs_total,
        "free_spins_one_in": 1 / p_fs_total if p_fs_total else None,
        "modes": modes,
    }
    out.update(hit_frequency(defn, n_lines))
    out["top_award"] = top_award_sheet(defn, n_lines, top, top_sets, starts)
    out["cap"] = cap_sheet(defn, n_lines, starts, estimate=estimate_cap)
    out["rtp_note"] = RTP_NOTE
    out["seconds"] = time.perf_counter() - start
    return out
