"""Relic's own events."""

from __future__ import annotations

from typing import Literal

from game.events import Cell, GameEvent


class GemsCollectedEvent(GameEvent):
    """Gems on the middle row were added to the player's collection (`total` after them)."""

    type: Literal["relic_gems"] = "relic_gems"
    positions: list[Cell]
    total: int
    needed: int


class RelicPayEvent(GameEvent):
    """The relic re-spins ended: `gems` held gems pay `coins`."""

    type: Literal["relic_pay"] = "relic_pay"
    gems: int
    coins: int
    positions: list[Cell]


EVENTS = (GemsCollectedEvent, RelicPayEvent)
