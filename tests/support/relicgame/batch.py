"""Many rounds of Relic at once: players in lock-step, each carrying its collected gems.

The draws are computed in another order than the flow's (every base spin, then every overlay
decision, then the overlays' cells, then every re-spin) but are the same values: each comes from
the flow's draw site ("base", "overlay", "overlay.cell", "respin") keyed by the round's seed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.draws import keyed_below_many, keyed_stops, site_keys
from game.evaluate import CompiledGame
from game.games.common import BatchStats, apply_cap, cap_coins, recorded
from game.money import Bet
from game.rng import Rng, round_seeds
from game.tape import Tape
from relicgame.feature import base_outcome, feature, gem_cells, gems_on_row, overlay_cells, respin
from relicgame.model import RelicState


def initial_batch_state(cg: CompiledGame, bet: Bet, rng: Rng, players: int) -> np.ndarray:
    """Every player starts with no gems: (players, 2) = (gems, times unlocked)."""
    return np.zeros((players, 2), dtype=np.int64)


def _state(row: np.ndarray) -> RelicState:
    return RelicState(gems=int(row[0]), unlocked=int(row[1]))


def simulate_batch(
    cg: CompiledGame,
    bet: Bet,
    rng: Rng,
    pick_rng: Rng,
    n: int,
    *,
    state: Any = None,
    record: np.ndarray | None = None,
) -> BatchStats:
    f = feature(cg)
    state_in = np.zeros((n, 2), dtype=np.int64) if state is None else np.asarray(state)
    state_out = state_in.copy()
    base = cg.reels("base")
    seeds = round_seeds(rng, n)
    stops = keyed_stops(site_keys(seeds, "base"), base.lengths)
    decide = keyed_below_many(site_keys(seeds, "overlay"), 0, f.overlay_one_in)
    hit = np.flatnonzero(decide == 0)
    cells = keyed_below_many(site_keys(seeds[hit], "overlay.cell"), 0, cg.reel_count * cg.rows)
    overlay_of = dict(zip(hit.tolist(), cells.tolist(), strict=True))
    rec = set(recorded(record, n).tolist())
    tapes = {i: Tape(seed=int(seeds[i]), state_in=_state(state_in[i])) for i in rec}
    cap = cap_coins(cg.defn, bet)
    uncapped = np.zeros(n, dtype=np.int64)
    unlocked: list[tuple[int, np.ndarray]] = []
    base_coins = cascade_coins = 0
    for i in range(n):
        overlay = overlay_cells(cg, overlay_of[i]) if i in overlay_of else []
        out = base_outcome(cg, stops[i], overlay, bet)
        uncapped[i] = out.coins
        base_coins += out.first_coins
        cascade_coins += out.coins - out.first_coins
        running = 0
        stopped = False
        for coins in [out.first_coins, *(c for _, _, c, _ in out.steps)]:
            running += coins
            if cap is not None and running >= cap:
                stopped = True
                break
        if stopped:
            continue
        gems = int(state_in[i, 0]) + len(gems_on_row(cg, out.grid, cg.rows // 2))
        if gems < f.gems_to_unlock:
            state_out[i, 0] = gems
        else:
            unlocked.append((i, out.grid))
    relic = cg.reels(f.respin_reel_set)
    owners = np.repeat(np.array([i for i, _ in unlocked], dtype=np.int64), f.respins)
    spin = np.tile(np.arange(f.respins), len(unlocked)) * len(relic.lengths)
    respin_stops = keyed_stops(site_keys(seeds[owners], "respin"), relic.lengths, spin)
    relic_coins = 0
    for j, (i, grid) in enumerate(unlocked):
        held = gem_cells(cg, grid)
        for k in range(f.respins):
            row = respin_stops[j * f.respins + k]
            _, held = respin(cg, row, held)
        coins = f.gem_pays_x_bet * bet.total_coins * len(held)
        uncapped[i] += coins
        relic_coins += coins
        state_out[i] = (0, state_in[i, 1] + 1)
    for i in rec:
        tapes[i].state_out = _state(state_out[i])
    wins, capped = apply_cap(uncapped, cap)
    return BatchStats(
        wins=wins,
        uncapped=uncapped,
        parts={"base_lines": base_coins, "cascades": cascade_coins, "relic": relic_coins},
        counts={"relic": len(unlocked), "overlay": int(hit.size), "capped": int(capped.sum())},
        tapes=tapes,
        state=state_out,
    )
