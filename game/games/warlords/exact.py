"""Warlords' independent exact calculator: the par sheet from the definition alone.

It shares no code with the flow or the batch (`flow.py`, `batch.py`, `game/evaluate.py`); it reads
the rules from the data and re-derives every figure (STYLE principle 4). Nothing is sampled.

- Line pays. A stop is uniform, so each row of a reel shows the strip's symbol distribution and
  the reels are independent: a line's expected pay is the line table contracted with the per-reel
  symbol counts. With cells forced wild (overlay wilds) a line's expectation depends only on which
  of its reels are forced: E(S) for the 32 subsets S, and every overlay placement × line is
  counted by its S (all placements enumerated).
- Trigger and battle. Every joint outcome of the scatter reels' windows (colour and row per reel,
  a window shows at most one scatter) is enumerated; the battle's odds split it by winning colour.
- Re-spins. Per re-spin each reel adds a scatter with probability (free rows) × s/n, and given
  that, at a uniformly chosen free row: the counts follow a Markov chain over (held count per reel,
  re-spins left), and given the final counts each reel's added rows are a uniform subset of its
  free rows. The chain is run to absorption (at most one re-spin per cell).
- Final Chance: the coin weights directly; the placed scatter on a uniform free cell.
- Barbarian: spins are a stopping time of independent spins (Wald): E[total] = E[N] E[X] with
  E[N] = spins_per_scatter·n / (1 − extra·E[K]) (a skip-free random walk down to 0).
- Priestess: E[Σ m_t X_t] = T n E[X] + E[K] E[X] T(T−1)/2 + T E[K X]; E[K X] conditions each
  reel's window on its scatter count.
- Samurai: given the initial sticky rows of a reel, its sticky mask evolves independently of the
  other reels (a chain over 8 masks), so each line's expectation at spin t is the table contracted
  with per-reel (initial mask → symbol) matrices; the distribution over the 8^5 initial masks comes
  from the re-spin chain.

Arithmetic: base and overlay line pays and the trigger are exact fractions; the re-spin chain and
the free spins are exact enumerations carried in float64 (relative rounding below 1e-12).
Money: pays are coins per line at level 1; RTP figures are fractions of the total bet.
"""

from __future__ import annotations

import itertools
import math
import time
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.warlords.model import WarlordsFeature
from game.math.exact import _contract, _windows, line_pay_table

ROWS = 3


# -- small helpers -------------------------------------------------------------------------------


def _feature(defn: GameDefinition) -> WarlordsFeature:
    f = defn.feature
    if not isinstance(f, WarlordsFeature):
        raise ValueError(f"{defn.id} is not a Warlords game")
    return f


def _counts(defn: GameDefinition, strip: list[str]) -> np.ndarray:
    idx = {s: i for i, s in enumerate(defn.symbol_ids)}
    out = np.zeros(len(defn.symbols), dtype=np.int64)
    for s in strip:
        out[idx[s]] += 1
    return out


def _wild(defn: GameDefinition) -> int:
    return defn.symbol_ids.index(defn.symbols_of_kind("wild")[0])


def _frac(x: Fraction) -> dict[str, Any]:
    return {"rtp": float(x), "fraction": f"{x.numerator}/{x.denominator}"}


def forced_line_values(defn: GameDefinition, reel_set: str, table: np.ndarray) -> list[Fraction]:
    """E[pay of one line] (coins, level 1) with the line's cells on reel subset S forced wild.

    Index S is a bit mask (bit r = reel r+1). Rows are exchangeable for one line: every row of a
    reel shows the strip's distribution.
    """
    strips = defn.reel_sets[reel_set]
    wild = _wild(defn)
    counts = [_counts(defn, s) for s in strips]
    one_wild = np.zeros(len(defn.symbols), dtype=np.int64)
    one_wild[wild] = 1
    out = []
    for mask in range(1 << defn.reels):
        vecs = [one_wild if mask >> r & 1 else counts[r] for r in range(defn.reels)]
        den = math.prod(len(strips[r]) for r in range(defn.reels) if not mask >> r & 1)
        out.append(Fraction(_contract(table, vecs), den))
    return out


# -- the overlay ----------------------------------------------------------------------------------


def overlay_placements(f: WarlordsFeature, reels: int) -> dict[str, list[tuple[Fraction, int]]]:
    """Each overlay type's placements as (probability given the type, 15-bit cell mask).

    Cell bit = (reel-1)·3 + row. Hammer: a 2×2 square, all positions equally likely. Arrow and
    sword: the count by weight, then a uniform subset of that many cells of their reels.
    """
    o = f.overlay
    out: dict[str, list[tuple[Fraction, int]]] = {}
    a, b = o.hammer_reels
    squares = [(r, w) for r in range(a - 1, b - 1) for w in range(ROWS - 1)]
    out["hammer"] = [
        (Fraction(1, len(squares)), sum(1 << ((r + dr) * ROWS + w + dw) for dr in (0, 1) for dw in (0, 1)))
        for r, w in squares
    ]
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


def overlay_value(defn: GameDefinition, table: np.ndarray) -> dict[str, Fraction]:
    """Expected line pays of one overlay spin of each type, as a multiple of the total bet."""
    f = _feature(defn)
    values = forced_line_values(defn, f.overlay.reel_set, table)
    bits = _line_bits(defn)
    per_level = Fraction(defn.bet.coins_per_level or len(defn.lines))
    out = {}
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


def trigger_outcomes(defn: GameDefinition) -> dict[tuple[int, tuple[int, ...]], Fraction]:
    """P(a plain base spin triggers the re-spins, the battle is won by colour c, and the held rows
    are A) for every (c, A): A is one 3-bit row mask per reel."""
    f = _feature(defn)
    colour_of = {w.scatter: i for i, w in enumerate(f.warlords)}
    per_reel: list[dict[tuple[int, int] | None, int]] = []
    lengths = []
    for strip in defn.reel_sets["base"]:
        n = len(strip)
        lengths.append(n)
        outcomes: dict[tuple[int, int] | None, int] = {}
        for stop in range(n):
            key = None
            for row in range(ROWS):
                c = colour_of.get(strip[(stop + row) % n])
                if c is not None:
                    key = (c, row)
            outcomes[key] = outcomes.get(key, 0) + 1
        per_reel.append(outcomes)
    den = math.prod(lengths)
    out: dict[tuple[int, tuple[int, ...]], Fraction] = {}
    for combo in itertools.product(*(list(o.items()) for o in per_reel)):
        shown = [k for k, _ in combo]
        scat = [(r, k) for r, k in enumerate(shown) if k is not None]
        if len(scat) < f.respin_trigger:
            continue
        weight = Fraction(math.prod(c for _, c in combo), den)
        colours: dict[int, int] = {}
        for _, (c, _row) in scat:
            colours[c] = colours.get(c, 0) + 1
        mask = tuple((1 << k[1]) if k is not None else 0 for k in shown)
        for c, p in battle_odds(f, colours).items():
            out[(c, mask)] = out.get((c, mask), Fraction(0)) + weight * p
    return out


def battle_kinds(defn: GameDefinition) -> dict[str, float]:
    """P(per base spin) of each battle situation: none (one colour), 1v1, 2v1, 1v1v1."""
    f = _feature(defn)
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


def _scatter_rate(defn: GameDefinition, reel_set: str, symbol: str) -> list[Fraction]:
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


# -- free spins -----------------------------------------------------------------------------------


def _per_spin(defn: GameDefinition, reel_set: str, table: np.ndarray, symbol: str) -> dict[str, Fraction]:
    """E[X] (line pays × bet), E[K] (new scatters) and E[K·X] of one spin on a free reel set."""
    strips = defn.reel_sets[reel_set]
    per_level = defn.bet.coins_per_level or len(defn.lines)
    counts = [_counts(defn, s) for s in strips]
    den = math.prod(len(s) for s in strips)
    line = Fraction(_contract(table, counts), den)
    ex = line * len(defn.lines) / per_level
    ek = sum((Fraction(ROWS * s.count(symbol), len(s)) for s in strips), Fraction(0))
    sc = defn.symbol_ids.index(symbol)
    ekx = Fraction(0)
    cache: dict[tuple[int, int], Fraction] = {}
    for line_rows in defn.lines:
        for r, row in enumerate(line_rows):
            if (r, row) not in cache:
                win = _windows(defn, strips[r])
                k = (win == sc).sum(axis=1)
                kc = np.bincount(win[:, row], weights=k, minlength=len(defn.symbols)).astype(np.int64)
                vecs = [kc if j == r else counts[j] for j in range(defn.reels)]
                cache[(r, row)] = Fraction(_contract(table, vecs), den)
            ekx += cache[(r, row)]
    return {"x": ex, "k": ek, "kx": ekx / per_level}


def barbarian_value(defn: GameDefinition, table: np.ndarray, reel_set: str, symbol: str) -> dict[str, Any]:
    """Per initial scatter count n: E[spins] and E[win] (× bet), exact fractions."""
    b = _feature(defn).barbarian
    s = _per_spin(defn, reel_set, table, symbol)
    drift = 1 - b.extra_spins * s["k"]
    if drift <= 0:
        raise ValueError("barbarian free spins: extra spins per spin must average below one")
    return {"per_spin": s, "spins_per_n": b.spins_per_scatter / drift}


def priestess_value(defn: GameDefinition, table: np.ndarray, reel_set: str, symbol: str) -> dict[str, Any]:
    t = _feature(defn).priestess.spins
    s = _per_spin(defn, reel_set, table, symbol)
    # value(n) = a·n + c
    return {
        "per_spin": s,
        "a": t * s["x"],
        "c": s["k"] * s["x"] * Fraction(t * (t - 1), 2) + t * s["kx"],
    }


def samurai_cell_tables(defn: GameDefinition, reel_set: str, symbol: str, spins: int) -> list[np.ndarray]:
    """Per reel: F[t, row, m0, x] = P(cell (row) shows x at spin t+1 | initial sticky mask m0)."""
    wild = _wild(defn)
    sc = defn.symbol_ids.index(symbol)
    size = len(defn.symbols)
    out = []
    for strip in defn.reel_sets[reel_set]:
        win = _windows(defn, strip)
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
    spins = _feature(defn).samurai.spins
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


# -- the par sheet --------------------------------------------------------------------------------


def par_sheet(defn: GameDefinition, lines: int | None = None) -> dict[str, Any]:
    """The exact par sheet of a Warlords game (JSON-ready). `lines` is fixed at 30 by the game."""
    start = time.perf_counter()
    f = _feature(defn)
    n_lines = len(defn.lines) if lines is None else lines
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

    trig = trigger_outcomes(defn)
    p_trigger = p_none * sum(trig.values(), Fraction(0))
    fc = f.final_chance
    fc_total = sum(fc.coin_weights.values()) + fc.scatter_weight
    fc_coin_mean = Fraction(sum(k * w for k, w in fc.coin_weights.items()), fc_total)
    p_fc_scatter = Fraction(fc.scatter_weight, fc_total)

    modes: dict[str, dict[str, Any]] = {}
    p_final_chance = 0.0
    final_chance_coins = 0.0
    for c, w in enumerate(f.warlords):
        rates = [float(x) for x in _scatter_rate(defn, w.respin_reel_set, w.scatter)]
        n_dist: dict[int, float] = {}
        samurai_masks = np.zeros((8,) * defn.reels) if w.mode == "samurai" else None
        chains: dict[tuple[int, ...], np.ndarray] = {}
        p_colour = 0.0
        p_fc_colour = 0.0
        for (colour, held), p in trig.items():
            if colour != c:
                continue
            p = float(p * p_none)
            p_colour += p
            k0 = tuple(bin(m).count("1") for m in held)
            if k0 not in chains:
                chains[k0] = respin_chain(rates, k0, f.respins)
            final = chains[k0]
            totals = np.indices(final.shape).sum(axis=0)
            for n in np.unique(totals[final > 0]).tolist():
                mass = float(final[totals == n].sum()) * p
                if n >= f.free_spins_min:
                    n_dist[n] = n_dist.get(n, 0.0) + mass
            stay = float(final[k0]) * p if sum(k0) == f.respin_trigger else 0.0
            p_fc_colour += stay
            n_dist[f.free_spins_min] = n_dist.get(f.free_spins_min, 0.0) + stay * float(p_fc_scatter)
            if samurai_masks is not None:
                grown = np.where(totals >= f.free_spins_min, final, 0.0) * p
                mats = [_subset_matrix(m) for m in held]
                samurai_masks += np.einsum("abcde,am,bn,co,dp,eq->mnopq", grown, *mats, optimize=True)
                if stay:
                    free = [
                        (r, row) for r in range(defn.reels) for row in range(ROWS) if not held[r] >> row & 1
                    ]
                    for r, row in free:
                        idx = tuple(m | (1 << row) if j == r else m for j, m in enumerate(held))
                        samurai_masks[idx] += stay * float(p_fc_scatter) / len(free)
        p_final_chance += p_fc_colour
        final_chance_coins += p_fc_colour * float(fc_coin_mean)
        p_fs = sum(n_dist.values())
        mean_n = sum(n * p for n, p in n_dist.items()) / p_fs if p_fs else 0.0
        info: dict[str, Any] = {
            "scatter": w.scatter,
            "respins_probability": p_colour,
            "final_chance_probability": p_fc_colour,
            "free_spins_probability": p_fs,
            "free_spins_one_in": 1 / p_fs if p_fs else None,
            "scatters_distribution": {str(n): p / p_fs for n, p in sorted(n_dist.items())},
            "mean_scatters": mean_n,
        }
        if w.mode == "barbarian":
            b = barbarian_value(defn, table, w.free_reel_set, w.scatter)
            value = sum(
                p * n * float(b["spins_per_n"]) * float(b["per_spin"]["x"]) for n, p in n_dist.items()
            )
            info["expected_spins"] = mean_n * float(b["spins_per_n"])
            info["per_spin"] = {k: float(v) for k, v in b["per_spin"].items()}
        elif w.mode == "priestess":
            pv = priestess_value(defn, table, w.free_reel_set, w.scatter)
            value = sum(p * (n * float(pv["a"]) + float(pv["c"])) for n, p in n_dist.items())
            info["expected_final_multiplier"] = mean_n + f.priestess.spins * float(pv["per_spin"]["k"])
            info["per_spin"] = {k: float(v) for k, v in pv["per_spin"].items()}
        else:
            assert samurai_masks is not None
            value = samurai_value(defn, table, w.free_reel_set, w.scatter, samurai_masks)
            info["mass_check"] = float(samurai_masks.sum()) - p_fs
        info["rtp"] = value
        info["average_win_x_bet"] = value / p_fs if p_fs else None
        modes[w.mode] = info

    parts: list[dict[str, Any]] = [
        {"name": "base_line_pays", "method": "exact", **_frac(base_lines)},
    ]
    for k in ("hammer", "arrow", "sword"):
        parts.append({"name": f"overlay_{k}_line_pays", "method": "exact", **_frac(overlay_parts[k])})
    parts.append({"name": "final_chance_coins", "method": "exact", "rtp": final_chance_coins})
    for w in f.warlords:
        parts.append({"name": f"free_spins_{w.mode}", "method": "exact", "rtp": modes[w.mode]["rtp"]})
    total = sum(p["rtp"] for p in parts)
    p_fs_total = sum(m["free_spins_probability"] for m in modes.values())
    return {
        "game": defn.id,
        "lines": n_lines,
        "rtp": total,
        "rtp_fraction": None,
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
        **hit_frequency(defn),
        "seconds": time.perf_counter() - start,
    }


# -- hit frequency and top award --------------------------------------------------------------------


def _prefix_hits(defn: GameDefinition, wins: list[np.ndarray], forced: int) -> np.ndarray:
    """Packed bits over every stop combination of the first three reels: does some line pay,
    with the cells of the 9-bit mask `forced` (bit = reel·3 + row) made wild?"""
    prefix = line_pay_table(defn, (), cells=3) > 0
    size = len(defn.symbols)
    wild = _wild(defn)
    shape = tuple(len(w) for w in wins)
    hit = np.zeros(shape, dtype=bool)
    for line in defn.lines:
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


def hit_frequency(defn: GameDefinition) -> dict[str, float]:
    """P(a base spin pays a line or starts the re-spins), exact over every stop combination.

    Line wins need 3 cells from reel 1, so the first three reels decide them; the trigger adds the
    scatter count of the remaining reels. Overlay spins: every forced mask of reels 1–3 that a
    placement can make, weighted by its probability.
    """
    f = _feature(defn)
    if min(min(p) for p in defn.paytable.values()) < 3:
        raise ValueError("the hit frequency assumes no line pays fewer than 3 of a kind")
    scat = {defn.symbol_ids.index(w.scatter) for w in f.warlords}
    wins = [_windows(defn, s) for s in defn.reel_sets["base"][:3]]
    line_hit = _prefix_hits(defn, wins, 0)
    shape = line_hit.shape
    front: Any = np.int64(0)
    for r in range(3):
        axis = [1, 1, 1]
        axis[r] = shape[r]
        front = front + np.isin(wins[r], list(scat)).sum(axis=1).reshape(axis)
    front = np.broadcast_to(front, shape)
    back = np.array([1], dtype=np.int64)
    for strip in defn.reel_sets["base"][3:]:
        per = np.isin(_windows(defn, strip), list(scat)).sum(axis=1)
        back = np.convolve(back, np.bincount(per, minlength=ROWS + 1))
    tail = np.concatenate([np.cumsum(back[::-1])[::-1], [0]])
    need = np.clip(f.respin_trigger - front[~line_hit], 0, len(tail) - 1)
    hits = int(line_hit.sum()) * int(back.sum()) + int(tail[need].sum())
    den = math.prod(len(s) for s in defn.reel_sets["base"])
    p_base = Fraction(hits, den)

    ow = f.overlay.weights
    total_w = sum(ow.values())
    owins = [_windows(defn, s) for s in defn.reel_sets[f.overlay.reel_set][:3]]
    combos = math.prod(len(w) for w in owins)
    by_type: dict[str, float] = {}
    cache: dict[int, float] = {}
    for name, placements in overlay_placements(f, defn.reels).items():
        masks: dict[int, Fraction] = {}
        for p, m in placements:
            m9 = m & ((1 << (3 * ROWS)) - 1)
            masks[m9] = masks.get(m9, Fraction(0)) + p
        acc = 0.0
        for m9, p in masks.items():
            if m9 not in cache:
                cache[m9] = int(_prefix_hits(defn, owins, m9).sum()) / combos
            acc += float(p) * cache[m9]
        by_type[name] = acc
    total = float(p_base) * ow["none"] / total_w + sum(ow[k] * v for k, v in by_type.items()) / total_w
    return {
        "hit_frequency": total,
        "plain_spin": float(p_base),
        **{f"{k}_spin": v for k, v in by_type.items()},
    }
