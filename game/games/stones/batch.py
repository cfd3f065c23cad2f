"""Many rounds of Secret of the Stones at once, for the simulator (NumPy batches).

The rounds use the same functions as the played flow for everything that decides a pay
(`evaluate_spins`, the stone tables of `feature`, the round cap), and the same draws: each round
has a seed and every value comes from the flow's draw site keyed by it ("base", "stones", "free";
`game.draws.KeyedDraws`), whatever order the batch computes them in. Every pick carries a simulated
entropy and swaps its stone like a played pick (`swap_picks`). The rounds listed in `record` keep
their seed, picks and entropies (`game.tape.Tape`), so the simulator can play them again through
`flow.play` and compare (`--check-flow`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.draws import keyed_permutations, keyed_stops, round_keys, site_keys
from game.evaluate import CompiledGame, evaluate_spins
from game.games.common import BatchStats, apply_cap, cap_coins, recorded
from game.games.stones.feature import feature_config, free_spins_setup, picks_for_counts, tables
from game.rng import entropies_from, pick_below_many, round_seeds
from game.tape import Tape

if TYPE_CHECKING:
    from game.money import Bet
    from game.rng import Rng


def swap_picks(
    layouts: np.ndarray, chosen: np.ndarray, picks: np.ndarray, entropy: np.ndarray, seeds: np.ndarray
) -> np.ndarray:
    """T rounds' stone orders after their picks' swaps (`RoundContext.swap_with`, the played
    flow's rule): pick k of round t (position `chosen[t, k]`, for k < `picks[t]`) takes the stone
    of the face-down position drawn with `entropy[t, k]` from the round's pick stream (`seeds[t]`)."""
    out = layouts.copy()
    t, size = out.shape
    down = np.ones((t, size), dtype=bool)
    for k in range(int(picks.max(initial=0))):
        rows = np.flatnonzero(picks > k)
        drawn = pick_below_many(seeds[rows], k, entropy[rows, k], size - k)
        # the drawn-th face-down position, counting in increasing order
        other = np.argmax(np.cumsum(down[rows], axis=1) > drawn[:, None], axis=1)
        pos = chosen[rows, k]
        held = out[rows, pos].copy()
        out[rows, pos] = out[rows, other]
        out[rows, other] = held
        down[rows, pos] = False
    return out


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
    """Play n rounds at once; the player's picks are uniform, drawn from `pick_rng`."""
    t = tables(cg)
    f = t.feature
    base = cg.reels("base")
    seeds = round_seeds(rng, n)
    mixed = round_keys(seeds)  # each round's seed mixed once for all its sites
    base_stops = keyed_stops(site_keys(mixed, "base", prepared=True), base.lengths)
    batch = evaluate_spins(cg, base, cg.lut(), base_stops, bet)
    uncapped = batch.win_coins.copy()
    picks = picks_for_counts(t, batch.scatter_counts[:, t.trigger])
    triggered = np.flatnonzero(picks)
    free_coins = np.zeros(n, dtype=np.int64)
    counts = {"free_spins": int(triggered.size), "free_spins_played": 0}
    rec = recorded(record, n)
    tapes = {int(i): Tape(seed=int(seeds[i])) for i in rec}

    if triggered.size:
        stones = len(f.stones)
        drawn = keyed_permutations(site_keys(mixed[triggered], "stones", prepared=True), stones)
        # Uniform picks: the first k positions of a random order of the stones' positions.
        chosen = pick_rng.permutations(stones, triggered.size)
        # Each pick carries fresh entropy and swaps its stone with a face-down one, as in play.
        entropy = entropies_from(pick_rng, triggered.size * stones).reshape(triggered.size, stones)
        layouts = swap_picks(drawn, chosen, picks[triggered], entropy, seeds[triggered])
        spins = np.zeros(triggered.size, dtype=np.int64)
        mult = np.zeros_like(spins)
        reel_bits = np.zeros_like(spins)
        symbol_bits = np.zeros_like(spins)
        trig_picks = picks[triggered]
        for k in np.unique(trig_picks):
            rows = np.flatnonzero(trig_picks == k)
            picked = np.take_along_axis(layouts[rows], chosen[rows, :k], axis=1)
            setup = free_spins_setup(t, picked)
            spins[rows] = setup.spins
            mult[rows] = setup.multiplier
            reel_bits[rows] = setup.reel_bits
            symbol_bits[rows] = setup.symbol_bits
        counts["free_spins_played"] = int(spins.sum())
        config = reel_bits * (1 << len(t.transforms)) + symbol_bits
        for key in np.unique(config):
            rows = np.flatnonzero(config == key)
            wild_reels, wild_symbols = feature_config(t, int(reel_bits[rows[0]]), int(symbol_bits[rows[0]]))
            for r in wild_reels:
                counts[f"wild_reel_{r}"] = counts.get(f"wild_reel_{r}", 0) + int(rows.size)
            for s in wild_symbols:
                name = f"wild_{cg.symbol_ids[s]}"
                counts[name] = counts.get(name, 0) + int(rows.size)
            free = cg.reels(f.free_reel_set, wild_reels)
            n_spins = spins[rows]
            starts = np.concatenate(([0], np.cumsum(n_spins)[:-1]))
            # spin s of a round takes the draws s·reels … at its "free" site
            spin_no = np.arange(int(n_spins.sum())) - np.repeat(starts, n_spins)
            keys = np.repeat(site_keys(mixed[triggered[rows]], "free", prepared=True), n_spins)
            stops = keyed_stops(keys, free.lengths, spin_no * len(free.lengths))
            fb = evaluate_spins(cg, free, cg.lut(wild_symbols), stops, bet, np.repeat(mult[rows], n_spins))
            free_coins[triggered[rows]] = np.add.reduceat(fb.win_coins, starts)
        uncapped += free_coins
        for j in np.flatnonzero(np.isin(triggered, rec)).tolist():
            tape = tapes[int(triggered[j])]
            for step, choice in enumerate(chosen[j, : trig_picks[j]].tolist()):
                tape.pick(choice, int(entropy[j, step]))

    wins, capped = apply_cap(uncapped, cap_coins(cg.defn, bet))
    counts["capped"] = int(capped.sum())
    return BatchStats(
        wins=wins,
        uncapped=uncapped,
        parts={
            "base_lines": int(batch.line_coins.sum()),
            "base_scatter": int(batch.scatter_coins.sum()),
            "free_spins": int(free_coins.sum()),
        },
        counts=counts,
        tapes=tapes,
    )
