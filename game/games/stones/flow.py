"""A played round of Secret of the Stones, one event (and one pick) at a time.

The rules (docs/architecture.md, "Evaluation rules"): n ≥ trigger_min scatters in the base game
win `free_spins` free spins and `picks_by_scatters[n]` picks (n capped at the largest key) among
the shuffled stones. Picked stones add spins and multiplier steps, cover reels with wilds and turn
symbols wild for all free spins, which use the free reel set and pay every win (line and scatter)
times the multiplier. No retrigger.

Draws, in order: the base spin's stops; if triggered, the stones' order (`permutation`); then each
free spin's stops. A pick that carries an entropy first swaps the picked stone with one drawn
among the face-down stones from its own stream (`RoundContext.swap_with`), so the order drawn from
the seed does not tell what it reveals. `batch.simulate_batch` records the same draws for `--check-flow`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import numpy as np

from game.events import FreeSpinsEndEvent, PickRequestEvent
from game.games.common import check_pick
from game.games.stones.events import (
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRevealEvent,
    PicksDoneEvent,
)
from game.games.stones.feature import feature_config, free_spins_setup, picks_for_counts, reveal, tables

if TYPE_CHECKING:
    from game.round import RoundContext


def play(ctx: RoundContext) -> Generator[Any, Any, None]:
    """One round: base spin, then (if triggered) the picks and the free spins."""
    cg = ctx.compiled
    t = tables(cg)
    f = t.feature
    base = cg.reels("base")
    batch, events = ctx.spin_events("base", base, cg.lut(), ctx.rng.stops("base", base.lengths))
    yield events[0]
    if ctx.credit(events[0].win_coins):
        return
    count = int(batch.scatter_counts[0, t.trigger])
    picks = int(picks_for_counts(t, np.array([count]))[0])
    if not picks:
        return

    layout = ctx.rng.permutation("stones", len(f.stones))
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
        # with the choice's entropy, the stone behind it is one drawn among those still face down
        other = ctx.swap_with(choice, [i for i in range(len(layout)) if i not in picked])
        layout[choice], layout[other] = layout[other], layout[choice]
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
    stops = np.concatenate([ctx.rng.stops("free", free.lengths) for _ in range(spins)])
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
