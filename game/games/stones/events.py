"""Secret of the Stones' own events: the trigger, the stone picks and the free-spins start.

Their `type` tags are the ones rounds have always been stored with, so old rounds still load.
"""

from __future__ import annotations

from typing import Literal

from game.events import Cell, GameEvent


class FreeSpinsTriggerEvent(GameEvent):
    """Scatters landed: free spins are won. `picks` stones will be chosen before they start."""

    type: Literal["free_spins_trigger"] = "free_spins_trigger"
    symbol: str
    count: int
    positions: list[Cell]
    spins: int
    picks: int


class StoneReveal(GameEvent):
    """What one stone holds (see `StoneFeature`); `key` names its art."""

    kind: Literal["spins", "multiplier", "wild_reel", "wild_symbol"]
    value: int | None = None
    symbol: str | None = None
    key: str


class PickRevealEvent(GameEvent):
    """The stone at `index` (0-based) was picked and shows `feature`."""

    type: Literal["pick_reveal"] = "pick_reveal"
    index: int
    feature: StoneReveal


class PicksDoneEvent(GameEvent):
    """After the last pick: what every unpicked stone held (shown greyed)."""

    type: Literal["picks_done"] = "picks_done"
    unpicked: list[tuple[int, StoneReveal]]


class FreeSpinsStartEvent(GameEvent):
    """Free spins begin with these features for their whole duration.

    `wild_symbols` lists only the symbols the stones turned wild (`SpinEvent.wild_symbols` lists
    every wild-acting symbol, the wild included).
    """

    type: Literal["free_spins_start"] = "free_spins_start"
    spins: int
    multiplier: int
    wild_reels: list[int]
    wild_symbols: list[str]


EVENTS = (FreeSpinsTriggerEvent, PickRevealEvent, PicksDoneEvent, FreeSpinsStartEvent)
