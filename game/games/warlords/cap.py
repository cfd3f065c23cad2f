"""What Warlords' win cap (100,000 coins × level over a round) can take from the RTP: exact
bounds (part of the independent exact calculator, sharing no code with the flow or the batch).

- Rounds without free spins pay at most the base spin's largest line total plus the largest
  Final Chance coin win; Samurai rounds at most the base spin plus its spins at that total (no
  multiplier): when these stay below the cap, the cap cannot touch them.
- The Barbarian (retriggers without end) and the Priestess (a growing multiplier) can reach it in
  principle. For them the cap's cost is bounded with Chernoff's inequality over the exact
  per-spin joint distribution of (line pays, new scatters) (`spin_pay_distribution`, every stop
  combination): (w − c)+ ≤ e^{θ(w − c)} / (eθ) for every θ > 0, so the cost is at most
  E[e^{θ(W − c)}] / (eθ) and P(W ≥ c) at most E[e^{θ(W − c)}]. The Barbarian's moment generating
  function is the smallest fixed point of M = E[e^{θX} M^{extra·K}] (its spins form a branching
  process; iterating from 1 climbs to it); the Priestess's is a dynamic programme over the spins
  and the multiplier. The triggering base spin is counted at its largest possible pay.

Money: coins at bet level 1 (every pay scales with the level, so does the cap).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from game.games.warlords.exact_free import feature_of
from game.math.patterns import spin_pay_distribution

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.games.warlords.exact import Starts

THETAS = np.geomspace(2e-5, 5e-3, 60)
"""θ per coin (level 1) tried in the Chernoff bound; the smallest bound is kept."""


def _lse(values: np.ndarray, axis: int) -> np.ndarray:
    """log Σ exp along `axis` (−inf where every term is −inf)."""
    top = values.max(axis=axis, keepdims=True)
    safe = np.where(np.isfinite(top), top, 0.0)
    with np.errstate(divide="ignore"):
        out = np.log(np.exp(values - safe).sum(axis=axis, keepdims=True)) + safe
    squeezed: np.ndarray = np.squeeze(out, axis=axis)
    return squeezed


def _log_pmf(defn: GameDefinition, reel_set: str, lines: int, symbol: str) -> tuple[np.ndarray, np.ndarray]:
    """(pays, log P[pay, k]) of one free spin, over the pays that occur."""
    counts = spin_pay_distribution(defn, reel_set, lines, [symbol])
    pays = np.flatnonzero(counts.sum(axis=1))
    with np.errstate(divide="ignore"):
        log_p = np.log(counts[pays].astype(np.float64)) - math.log(int(counts.sum()))
    return pays.astype(np.float64), log_p


def barbarian_log_mgf(pays: np.ndarray, log_p: np.ndarray, extra: int, theta: float) -> float:
    """log M(θ) of one spin credit's total win (itself and the spins it adds), or inf."""
    log_a = _lse(log_p + theta * pays[:, None], axis=0)  # log E[e^{θX}; K = k]
    ks = extra * np.arange(log_p.shape[1])
    log_m = 0.0
    for _ in range(10_000):
        nxt = float(_lse(log_a + ks * log_m, axis=0))
        if nxt > 50.0:
            return math.inf
        if abs(nxt - log_m) < 1e-13:
            return nxt
        log_m = nxt
    return math.inf


def priestess_log_mgf(
    pays: np.ndarray, log_p: np.ndarray, n_max: int, spins: int, theta: float
) -> np.ndarray:
    """log E[e^{θ Σ m_t X_t}] of a Priestess session started with n scatters, for n = 0..n_max."""
    kmax = log_p.shape[1] - 1
    top = n_max + kmax * spins
    mults = np.arange(top + kmax + 1, dtype=np.float64)
    # e[c, k] = log E[e^{θ c X}; K = k]: a spin's win at multiplier c with k new scatters
    e = _lse(log_p[None, :, :] + theta * mults[:, None, None] * pays[None, :, None], axis=1)
    v = np.zeros(top + kmax + 1)  # log V after the last spin, by multiplier
    m = np.arange(top + 1)
    for _ in range(spins):
        terms = np.stack([e[m + k, k] + v[m + k] for k in range(kmax + 1)], axis=1)
        v = np.concatenate([_lse(terms, axis=1), np.full(kmax, -np.inf)])
    return v[: n_max + 1]


def cap_sheet(
    defn: GameDefinition, lines: int, starts: list[Starts], *, estimate: bool = True
) -> dict[str, Any]:
    """The cap's section of the par sheet: where it lies, which rounds it cannot touch, and (with
    `estimate`) Chernoff bounds on its cost for the free spins that can reach it."""
    f = feature_of(defn)
    per_level = defn.bet.coins_per_level or lines
    caps = []
    for level in defn.bet.levels:
        for coin in defn.bet.coin_values_cents:
            c = []
            if defn.cap.max_currency_cents is not None:
                c.append(defn.cap.max_currency_cents // coin)
            if defn.cap.max_coins_per_level is not None:
                c.append(defn.cap.max_coins_per_level * level)
            if c:
                caps.append(min(c) / level)
    out: dict[str, Any] = {
        "max_coins_per_level": defn.cap.max_coins_per_level,
        "max_currency_cents": defn.cap.max_currency_cents,
    }
    if not caps:
        out["note"] = "The game has no win cap."
        return out
    cap = min(caps)  # the lowest cap over the bets offered, in coins at level 1
    spin_top = lines * max(max(p.values()) for p in defn.paytable.values())
    fc_top = max(f.final_chance.coin_weights) * per_level
    samurai_top = spin_top * (1 + f.samurai.spins)
    out.update(
        {
            "cap_coins_at_level_1": cap,
            "cap_x_bet": cap / per_level,
            "bounds_coins_at_level_1": {
                "base_spin": spin_top,
                "rounds_without_free_spins": spin_top + fc_top,
                "samurai_rounds": samurai_top,
                "priestess_rounds": None,
                "barbarian_rounds": None,
            },
            "cannot_bind": [
                name
                for name, bound in (
                    ("rounds_without_free_spins", spin_top + fc_top),
                    ("samurai", samurai_top),
                )
                if bound < cap
            ],
        }
    )
    if not estimate:
        out["note"] = _note(out, None)
        return out
    bounds: dict[str, Any] = {}
    total_loss = total_p = 0.0
    if spin_top + fc_top >= cap:  # crude: every such round at its largest pay
        excess = (spin_top + fc_top - cap) / per_level
        bounds["rounds_without_free_spins"] = {"rtp_loss_at_most": excess, "probability_capped_at_most": 1.0}
        total_loss, total_p = excess, 1.0
    for w, s in zip(f.warlords, starts, strict=True):
        if w.mode == "samurai" and samurai_top < cap:
            continue
        pays, log_p = _log_pmf(defn, w.free_reel_set, lines, w.scatter)
        ns = sorted(s.n_dist)
        # log E[e^{θ W_n}] per θ (rows) and starting scatter count n (columns)
        logs = np.empty((len(THETAS), len(ns)))
        for i, theta in enumerate(THETAS):
            if w.mode == "barbarian":
                log_m = barbarian_log_mgf(pays, log_p, f.barbarian.extra_spins, float(theta))
                logs[i] = [f.barbarian.spins_per_scatter * n * log_m for n in ns]
            elif w.mode == "priestess":
                logs[i] = priestess_log_mgf(pays, log_p, max(ns), f.priestess.spins, float(theta))[ns]
            else:  # every Samurai spin pays at most the largest line total
                logs[i] = float(theta) * spin_top * f.samurai.spins
        # every n takes its own best θ: the cost is a sum over n
        log_tail = logs + THETAS[:, None] * (spin_top - cap)
        log_loss = log_tail - np.log(math.e * THETAS)[:, None]
        p_n = np.array([s.n_dist[n] for n in ns])
        loss = float((p_n * np.exp(np.minimum(log_loss.min(axis=0), 700.0))).sum())
        tail = float((p_n * np.exp(np.minimum(log_tail.min(axis=0), 700.0))).sum())
        bounds[w.mode] = {
            "rtp_loss_at_most": loss / per_level,
            "probability_capped_at_most": tail,
        }
        total_loss += loss / per_level
        total_p += tail
    out["chernoff"] = bounds
    out["rtp_loss_at_most"] = total_loss
    out["probability_capped_at_most"] = total_p
    out["method"] = "exact bounds (largest pays; Chernoff over the exact per-spin distributions)"
    out["note"] = _note(out, total_loss)
    return out


def _note(cap: dict[str, Any], loss: float | None) -> str:
    """Plain words: where the cap lies and what it can take."""
    b = cap["bounds_coins_at_level_1"]
    parts = [
        f"The par RTP is the uncapped one. The cap is {cap['cap_x_bet']:,.1f} × the total bet "
        f"({cap['cap_coins_at_level_1']:,.0f} coins at level 1). A round without free spins pays at "
        f"most {b['rounds_without_free_spins']:,} coins and a Samurai round at most "
        f"{b['samurai_rounds']:,}, so the cap cannot touch them; Barbarian retriggers have no end "
        "and the Priestess multiplier grows, so those rounds could reach it in principle."
    ]
    if loss is not None:
        parts.append(
            f"Chernoff bounds over the exact per-spin distributions: the cap lowers the RTP by at "
            f"most {100 * loss:.2e} percentage points and binds on at most 1 round in "
            f"{1 / cap['probability_capped_at_most']:,.3g}."
            if cap["probability_capped_at_most"] > 0
            else "Chernoff bounds: the cap cannot bind."
        )
    return " ".join(parts)
