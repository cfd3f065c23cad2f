"""Warlords' round flow: a generator of events, drawing only through `ctx.rng`.

Draws, by site (`game.draws.KeyedDraws`: each site its own stream, in the order below):
1. "overlay": `choice_index(overlay weights)`: none, hammer, arrow, sword.
2. "base": the stops on the base reels, or on the overlay reels with an overlay.
3. Overlay: hammer "overlay.place" `below(squares)`; arrow / sword "overlay.count"
   `choice_index(count weights)`, then "overlay.place" `below(subsets)`.
4. Re-spins (a plain spin with `respin_trigger`+ scatters): "battle" `choice_index(weights)` if
   colours differ; then each re-spin's stops ("respin") on the winner's re-spin reels.
5. Final Chance (the re-spins end with exactly the trigger count): "final" `choice_index(weights)`
   over the coin multiples and the scatter; the scatter's cell "final.cell" `below(free cells)`.
6. Free spins: each spin's stops ("free") on the mode's reels.
The round's running total is credited after every paying step; at the cap the round ends.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import numpy as np

from game.evaluate import evaluate_grids, grid_symbols, grids_from_stops, spin_wins
from game.events import FreeSpinsEndEvent, SpinEvent, SpinMode
from game.games.warlords.events import (
    BattleEvent,
    FinalChanceEvent,
    NewScattersEvent,
    RespinsStartEvent,
    WarlordsFreeSpinsStartEvent,
)
from game.games.warlords.model import OVERLAYS
from game.games.warlords.tables import CELLS, ROWS, WarlordsTables, battle, mask_cells, tables

if TYPE_CHECKING:
    from game.round import RoundContext


def overlay_mask(ctx: RoundContext, t: WarlordsTables, kind: str) -> int:
    """Draw an overlay placement of `kind` (the rules' order of draws): its cell mask."""
    if kind == "hammer":
        return int(t.hammer[ctx.rng.below("overlay.place", len(t.hammer))])
    k = t.counts[kind][ctx.rng.choice_index("overlay.count", t.count_weights[kind])]
    subsets = t.subsets[(kind, k)]
    return int(subsets[ctx.rng.below("overlay.place", len(subsets))])


def _spin(
    ctx: RoundContext,
    mode: SpinMode,
    reel_set: str,
    stops: np.ndarray,
    *,
    wild_mask: int = 0,
    keep: dict[int, int] | None = None,
    multiplier: int = 1,
    pays: bool = True,
    **extra: Any,
) -> SpinEvent:
    """Evaluate one spin: the strip windows of `stops`, `keep` cells (cell → symbol) kept, the
    cells of `wild_mask` laid over with the wild."""
    cg = ctx.compiled
    reels = cg.reels(reel_set)
    grid = grids_from_stops(reels, stops[None, :])[0].astype(np.int64).reshape(CELLS)
    for cell, sym in (keep or {}).items():
        grid[cell] = sym
    for cell in range(CELLS):
        if wild_mask >> cell & 1:
            grid[cell] = cg.wild
    grid3 = grid.reshape(cg.reel_count, ROWS)
    wins, coins = [], 0
    if pays:
        lut = cg.lut()
        batch = evaluate_grids(cg, lut, grid3[None], ctx.bet, multiplier, stops[None, :])
        wins = spin_wins(cg, lut, batch, grid3, 0, ctx.bet)
        coins = int(batch.win_coins[0])
    return SpinEvent(
        mode=mode,
        reel_set=reel_set,
        stops=stops.tolist(),
        grid=grid_symbols(cg, grid3),
        wild_symbols=[cg.symbol_ids[cg.wild]],
        multiplier=multiplier,
        wins=wins,
        win_coins=coins,
        **extra,
    )


def play(ctx: RoundContext) -> Generator[Any, Any, None]:
    """One round: the base spin, then the battle, re-spins, Final Chance and free spins."""
    cg = ctx.compiled
    t = tables(cg)
    f = t.feature
    kind = ("none", *OVERLAYS)[ctx.rng.choice_index("overlay", t.overlay_weights)]
    reel_set = "base" if kind == "none" else f.overlay.reel_set
    stops = ctx.rng.stops("base", cg.reels(reel_set).lengths)[0]
    if kind == "none":
        spin = _spin(ctx, "base", reel_set, stops)
    else:
        mask = overlay_mask(ctx, t, kind)
        spin = _spin(
            ctx, "base", reel_set, stops, wild_mask=mask, overlay=mask_cells(mask), overlay_style=kind
        )
    yield spin
    if ctx.credit(spin.win_coins) or kind != "none":
        return

    base_rows = [t.rows_of(cg, "base", c) for c in range(len(t.colours))]
    landed = {}  # cell → warlord index
    for c, rows in enumerate(base_rows):
        for r, per_stop in enumerate(rows):
            m = int(per_stop[stops[r]])
            for row in range(ROWS):
                if m >> row & 1:
                    landed[r * ROWS + row] = c
    if len(landed) < f.respin_trigger:
        return
    counts = [list(landed.values()).count(c) for c in range(len(t.colours))]
    contenders, weights = battle(t, counts)
    active = contenders[0]
    if len(contenders) > 1:
        active = contenders[ctx.rng.choice_index("battle", weights)]
        yield BattleEvent(
            scatters=[(c // ROWS, c % ROWS, f.warlords[w].scatter) for c, w in sorted(landed.items())],
            contenders=[f.warlords[c].scatter for c in contenders],
            weights=weights,
            winner=f.warlords[active].scatter,
        )
    warlord = f.warlords[active]
    symbol = t.colours[active]
    held = dict.fromkeys(landed, symbol)
    yield RespinsStartEvent(symbol=warlord.scatter, held=mask_cells(_mask(held)), respins=f.respins)

    left, played = f.respins, 0
    rows = t.rows_of(cg, warlord.respin_reel_set, active)
    lengths = cg.reels(warlord.respin_reel_set).lengths
    while left:
        left -= 1
        played += 1
        rstops = ctx.rng.stops("respin", lengths)[0]
        before = _mask(held)
        new = _landed(rows, rstops) & ~before
        added = bin(new).count("1")
        left += added
        yield _spin(
            ctx,
            "respin",
            warlord.respin_reel_set,
            rstops,
            keep=held,
            pays=False,
            spin_index=played,
            spins_total=played + left,
            held=mask_cells(before),
        )
        if new:
            held.update(dict.fromkeys(_cells(new), symbol))
            yield NewScattersEvent(
                phase="respin", symbol=warlord.scatter, cells=mask_cells(new), respins_left=left
            )

    if len(held) < f.free_spins_min:
        i = ctx.rng.choice_index("final", t.fc_weights)
        if i < len(t.fc_multiples):
            coins = t.fc_multiples[i] * ctx.bet.total_coins
            yield FinalChanceEvent(
                kind="coins", symbol=warlord.scatter, multiple=t.fc_multiples[i], coins=coins
            )
            ctx.credit(coins)
            return
        free = [c for c in range(CELLS) if c not in held]
        cell = free[ctx.rng.below("final.cell", len(free))]
        held[cell] = symbol
        yield FinalChanceEvent(kind="scatter", symbol=warlord.scatter, position=(cell // ROWS, cell % ROWS))

    yield from free_spins(ctx, t, active, _mask(held))


def _mask(cells: dict[int, int]) -> int:
    return sum(1 << c for c in cells)


def _cells(mask: int) -> list[int]:
    return [c for c in range(CELLS) if mask >> c & 1]


def _landed(rows: tuple[np.ndarray, ...], stops: np.ndarray) -> int:
    """Cell mask of the scatters in the windows of `stops` (per-reel row masks)."""
    return sum(int(per_stop[stops[r]]) << (r * ROWS) for r, per_stop in enumerate(rows))


def free_spins(ctx: RoundContext, t: WarlordsTables, active: int, scatters: int) -> Generator[Any, Any, None]:
    """The active warlord's free spins, started by the scatters at cell mask `scatters`."""
    cg = ctx.compiled
    f = t.feature
    w = f.warlords[active]
    n = bin(scatters).count("1")
    rows = t.rows_of(cg, w.free_reel_set, active)
    lengths = cg.reels(w.free_reel_set).lengths
    if w.mode == "barbarian":
        spins, mult, sticky = f.barbarian.spins_per_scatter * n, 1, 0
    elif w.mode == "priestess":
        spins, mult, sticky = f.priestess.spins, n, 0
    else:
        spins, mult, sticky = f.samurai.spins, 1, scatters
    yield WarlordsFreeSpinsStartEvent(
        mode=w.mode, symbol=w.scatter, scatters=n, spins=spins, multiplier=mult, sticky=mask_cells(sticky)
    )
    played = won = 0
    while played < spins:
        played += 1
        stops = ctx.rng.stops("free", lengths)[0]
        new = _landed(rows, stops) & ~sticky
        k = bin(new).count("1")
        extra: dict[str, Any] = {}
        if w.mode == "barbarian":
            spins += f.barbarian.extra_spins * k
        elif w.mode == "priestess":
            mult += k
        else:
            extra.update(held=mask_cells(sticky), overlay=mask_cells(new), overlay_style="sticky")
            sticky |= new
        event = _spin(
            ctx,
            "free",
            w.free_reel_set,
            stops,
            wild_mask=sticky,
            multiplier=mult,
            spin_index=played,
            spins_total=spins,
            **extra,
        )
        yield event
        if new:
            yield NewScattersEvent(
                phase="free",
                mode=w.mode,
                symbol=w.scatter,
                cells=mask_cells(new),
                spins_added=f.barbarian.extra_spins * k if w.mode == "barbarian" else 0,
                spins_total=spins,
                multiplier=mult,
            )
        won += event.win_coins
        if ctx.credit(event.win_coins):
            break
    yield FreeSpinsEndEvent(spins_played=played, win_coins=won)
