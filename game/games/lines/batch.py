"""Many rounds of a plain line game at once (one base spin each), drawn at the flow's site "base"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.draws import keyed_stops, site_keys
from game.evaluate import CompiledGame, evaluate_spins
from game.games.common import BatchStats, apply_cap, cap_coins, recorded
from game.rng import round_seeds
from game.tape import Tape

if TYPE_CHECKING:
    from game.money import Bet
    from game.rng import Rng


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
    base = cg.reels("base")
    seeds = round_seeds(rng, n)
    stops = keyed_stops(site_keys(seeds, "base"), base.lengths)
    batch = evaluate_spins(cg, base, cg.lut(), stops, bet)
    uncapped = batch.win_coins
    wins, capped = apply_cap(uncapped, cap_coins(cg.defn, bet))
    tapes = {i: Tape(seed=int(seeds[i])) for i in recorded(record, n).tolist()}
    return BatchStats(
        wins=wins,
        uncapped=uncapped,
        parts={"base_lines": int(batch.line_coins.sum()), "base_scatter": int(batch.scatter_coins.sum())},
        counts={"capped": int(capped.sum())},
        tapes=tapes,
    )
