"""A played round of a plain line game: one base spin, its line and scatter wins."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.round import RoundContext


def play(ctx: RoundContext) -> Generator[Any, Any, None]:
    cg = ctx.compiled
    base = cg.reels("base")
    _, events = ctx.spin_events("base", base, cg.lut(), ctx.rng.stops("base", base.lengths))
    yield events[0]
    ctx.credit(events[0].win_coins)
