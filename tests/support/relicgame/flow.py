"""A played round of Relic (rules in the package docstring)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.evaluate import grid_symbols
from game.events import CascadeEvent, SpinEvent
from relicgame.events import GemsCollectedEvent, RelicPayEvent
from relicgame.feature import base_outcome, feature, gem_cells, gems_on_row, overlay_cells, respin

if TYPE_CHECKING:
    from game.round import RoundContext


def play(ctx: RoundContext) -> Generator[Any, Any, None]:
    cg = ctx.compiled
    f = feature(cg)
    state = ctx.state
    wild = [cg.symbol_ids[cg.wild]]
    stops = ctx.rng.stops("base", cg.reels("base").lengths)[0]
    overlay = []
    if ctx.rng.below("overlay", f.overlay_one_in) == 0:
        overlay = overlay_cells(cg, ctx.rng.below("overlay.cell", cg.reel_count * cg.rows))
    out = base_outcome(cg, stops, overlay, ctx.bet)
    yield SpinEvent(
        mode="base",
        reel_set="base",
        stops=stops.tolist(),
        grid=grid_symbols(cg, out.first_grid),
        wild_symbols=wild,
        overlay=overlay,
        overlay_style="relic" if overlay else None,
        wins=out.first_wins,
        win_coins=out.first_coins,
    )
    if ctx.credit(out.first_coins):
        return
    for step, (removed, grid, coins, wins) in enumerate(out.steps, start=1):
        yield CascadeEvent(
            step=step, removed=sorted(removed), grid=grid_symbols(cg, grid), wins=wins, win_coins=coins
        )
        if ctx.credit(coins):
            return
    middle = gems_on_row(cg, out.grid, cg.rows // 2)
    gems = state.gems + len(middle)
    if middle:
        yield GemsCollectedEvent(positions=middle, total=gems, needed=f.gems_to_unlock)
    if gems < f.gems_to_unlock:
        ctx.state_out = state.model_copy(update={"gems": gems})
        return
    held = gem_cells(cg, out.grid)
    lengths = cg.reels(f.respin_reel_set).lengths
    for i in range(f.respins):
        spin_stops = ctx.rng.stops("respin", lengths)[0]
        before = list(held)
        grid, held = respin(cg, spin_stops, held)
        yield SpinEvent(
            mode="respin",
            reel_set=f.respin_reel_set,
            stops=spin_stops.tolist(),
            grid=grid_symbols(cg, grid),
            wild_symbols=wild,
            held=before,
            spin_index=i + 1,
            spins_total=f.respins,
        )
    coins = f.gem_pays_x_bet * ctx.bet.total_coins * len(held)
    yield RelicPayEvent(gems=len(held), coins=coins, positions=held)
    ctx.state_out = state.model_copy(update={"gems": 0, "unlocked": state.unlocked + 1})
    ctx.credit(coins)
