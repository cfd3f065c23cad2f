"""Secret of the Stones: scatters trigger free spins, shaped by stones the player picks.

The rules (architecture doc, "Evaluation rules"): n ≥ trigger_min scatters in the base game win
`free_spins` free spins and `picks_by_scatters[n]` picks (n capped at the largest key) among the
shuffled stones. Picked stones add spins and multiplier steps, cover reels with wilds and turn
symbols wild for all free spins, which use the free reel set and pay every win (line and
scatter) times the multiplier. No retrigger.

`play` is the round flow (events, one pick at a time); `simulate_batch` plays many rounds at
once. Both use the same functions for everything that decides a pay: `evaluate_spins`,
`picks_for_counts`, `free_spins_setup`, `feature_config` and the round cap.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from game.definitions import StoneFeature, StonesFeature
from game.evaluate import CompiledGame, evaluate_spins
from game.events import (
    FreeSpinsEndEvent,
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRequestEvent,
    PickRevealEvent,
    PicksDoneEvent,
    StoneReveal,
)
from game.games import BatchStats, GameRules, apply_cap, cap_coins, check_pick, register

if TYPE_CHECKING:
    from game.money import Bet
    from game.rng import Rng
    from game.round import RoundContext


@dataclass(frozen=True, eq=False)
class StonesTables:
    """The feature compiled into arrays indexed by stone (position in `feature.stones`).

    reel_bits: bit r-1 set for a wild_reel stone covering reel r. symbol_bits: bit j set for a
    wild_symbol stone turning `transforms[j]` (a symbol index) wild.
    """

    feature: StonesFeature
    trigger: int
    """Column of the trigger symbol in the scatter counts."""
    picks_by_count: np.ndarray
    spins: np.ndarray
    multiplier: np.ndarray
    reel_bits: np.ndarray
    symbol_bits: np.ndarray
    transforms: tuple[int, ...]


def tables(cg: CompiledGame) -> StonesTables:
    """The compiled stone tables of a game (built once per compiled game)."""
    cached = cg.extras.get("stones")
    if cached is not None:
        return cached
    f = cg.defn.feature
    if not isinstance(f, StonesFeature):
        raise ValueError(f"{cg.defn.id} is not a Secret of the Stones game")
    max_count = cg.reel_count * cg.rows
    picks = np.zeros(max_count + 1, dtype=np.int64)
    for n in range(f.trigger_min, max_count + 1):
        keys = [k for k in f.picks_by_scatters if k <= n]
        picks[n] = f.picks_by_scatters[max(keys)] if keys else 0
    transforms: list[int] = []
    for s in f.stones:
        if s.kind == "wild_symbol" and cg.index[s.symbol] not in transforms:
            transforms.append(cg.index[s.symbol])
    size = len(f.stones)
    spins, mult = np.zeros(size, np.int64), np.zeros(size, np.int64)
    reel_bits, symbol_bits = np.zeros(size, np.int64), np.zeros(size, np.int64)
    for i, s in enumerate(f.stones):
        if s.kind == "spins":
            spins[i] = s.value
        elif s.kind == "multiplier":
            mult[i] = s.value
        elif s.kind == "wild_reel":
            reel_bits[i] = 1 << (s.value - 1)
        else:
            symbol_bits[i] = 1 << transforms.index(cg.index[s.symbol])
    out = StonesTables(
        feature=f,
        trigger=cg.scatters.index(cg.index[f.trigger_symbol]),
        picks_by_count=picks,
        spins=spins,
        multiplier=mult,
        reel_bits=reel_bits,
        symbol_bits=symbol_bits,
        transforms=tuple(transforms),
    )
    cg.extras["stones"] = out
    return out


def picks_for_counts(t: StonesTables, counts: np.ndarray) -> np.ndarray:
    """Picks won for each base spin's trigger-symbol count (0: no free spins)."""
    return t.picks_by_count[counts]


@dataclass(frozen=True)
class FreeSpinsSetup:
    """The features of one round's free spins, arrays over T rounds."""

    spins: np.ndarray
    multiplier: np.ndarray
    reel_bits: np.ndarray
    symbol_bits: np.ndarray


def free_spins_setup(t: StonesTables, picked: np.ndarray) -> FreeSpinsSetup:
    """Free-spin features of T rounds from their picked stones, (T, k) indices into the stones."""
    f = t.feature
    return FreeSpinsSetup(
        spins=f.free_spins + t.spins[picked].sum(axis=1),
        multiplier=f.initial_multiplier + t.multiplier[picked].sum(axis=1),
        reel_bits=np.bitwise_or.reduce(t.reel_bits[picked], axis=1),
        symbol_bits=np.bitwise_or.reduce(t.symbol_bits[picked], axis=1),
    )


def feature_config(
    t: StonesTables, reel_bits: int, symbol_bits: int
) -> tuple[frozenset[int], frozenset[int]]:
    """(1-based wild reels, symbol indices turned wild) of a setup's bit masks."""
    reels = frozenset(r + 1 for r in range(reel_bits.bit_length()) if reel_bits >> r & 1)
    symbols = frozenset(s for j, s in enumerate(t.transforms) if symbol_bits >> j & 1)
    return reels, symbols


def reveal(stone: StoneFeature) -> StoneReveal:
    return StoneReveal(kind=stone.kind, value=stone.value, symbol=stone.symbol, key=stone.key)


# -- play ---------------------------------------------------------------------------------------
def play(ctx: RoundContext) -> Generator[Any, Any, None]:
    """One round: base spin, then (if triggered) the picks and the free spins."""
    cg = ctx.compiled
    t = tables(cg)
    f = t.feature
    base = cg.reels("base")
    batch, events = ctx.spin_events("base", base, cg.lut(), ctx.rng.stops(base.lengths, 1))
    yield events[0]
    if ctx.credit(events[0].win_coins):
        return
    count = int(batch.scatter_counts[0, t.trigger])
    picks = int(picks_for_counts(t, np.array([count]))[0])
    if not picks:
        return

    layout = ctx.rng.shuffle(list(range(len(f.stones))))
    trigger_id = f.trigger_symbol
    yield FreeSpinsTriggerEvent(
        symbol=trigger_id,
        count=count,
        positions=[
            (r, w) for r, reel in enumerate(events[0].grid) for w, s in enumerate(reel) if s == trigger_id
        ],
        spins=f.free_spins,
        picks=picks,
    )
    picked: list[int] = []
    while len(picked) < picks:
        choice = yield PickRequestEvent(
            options=len(layout), picks_left=picks - len(picked), picked=list(picked)
        )
        choice = check_pick(choice, len(layout), picked)
        picked.append(choice)
        yield PickRevealEvent(index=choice, feature=reveal(f.stones[layout[choice]]))
    yield PicksDoneEvent(
        unpicked=[(i, reveal(f.stones[layout[i]])) for i in range(len(layout)) if i not in picked]
    )

    setup = free_spins_setup(t, np.array([[layout[i] for i in picked]], dtype=np.int64))
    spins, mult = int(setup.spins[0]), int(setup.multiplier[0])
    wild_reels, wild_symbols = feature_config(t, int(setup.reel_bits[0]), int(setup.symbol_bits[0]))
    yield FreeSpinsStartEvent(
        spins=spins,
        multiplier=mult,
        wild_reels=sorted(wild_reels),
        wild_symbols=[cg.symbol_ids[s] for s in sorted(wild_symbols)],
    )
    free = cg.reels(f.free_reel_set, wild_reels)
    stops = np.concatenate([ctx.rng.stops(free.lengths, 1) for _ in range(spins)])
    _, spin_events = ctx.spin_events(
        "free",
        free,
        cg.lut(wild_symbols),
        stops,
        multiplier=mult,
        spin_index_start=1,
        spins_total=spins,
    )
    played = won = 0
    for event in spin_events:
        yield event
        played += 1
        won += event.win_coins
        if ctx.credit(event.win_coins):
            break
    yield FreeSpinsEndEvent(spins_played=played, win_coins=won)


# -- simulation ---------------------------------------------------------------------------------
def simulate_batch(cg: CompiledGame, bet: Bet, rng: Rng, pick_rng: Rng, n: int) -> BatchStats:
    """Play n rounds at once; the player's picks are uniform, drawn from `pick_rng`.

    The stops are drawn in batches (base spins, then the stone layouts, then each feature
    configuration's free spins), so a seed here does not replay as a played round would.
    """
    t = tables(cg)
    f = t.feature
    base = cg.reels("base")
    batch = evaluate_spins(cg, base, cg.lut(), rng.stops(base.lengths, n), bet)
    uncapped = batch.win_coins.copy()
    picks = picks_for_counts(t, batch.scatter_counts[:, t.trigger])
    triggered = np.flatnonzero(picks)
    free_coins = np.zeros(n, dtype=np.int64)
    counts = {"free_spins": int(triggered.size), "free_spins_played": 0}

    if triggered.size:
        stones = len(f.stones)
        layouts = rng.permutations(stones, triggered.size)
        # Uniform picks: the first k positions of a random order of the stones' positions.
        chosen = pick_rng.permutations(stones, triggered.size)
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
            stops = rng.stops(free.lengths, int(n_spins.sum()))
            fb = evaluate_spins(cg, free, cg.lut(wild_symbols), stops, bet, np.repeat(mult[rows], n_spins))
            starts = np.concatenate(([0], np.cumsum(n_spins)[:-1]))
            free_coins[triggered[rows]] = np.add.reduceat(fb.win_coins, starts)
        uncapped += free_coins

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
    )


register(GameRules("stones", play, simulate_batch))
