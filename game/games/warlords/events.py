"""Warlords' own events: the battle, the re-spins, new scatters, the Final Chance and the
free-spins start. Each has a unique `type` tag.

Spins are the shared `SpinEvent`: a base spin with an overlay wild carries its cells in
`overlay` and its type in `overlay_style` ("hammer", "arrow", "sword"); a re-spin has
`mode="respin"` and the held scatters in `held` (it pays nothing); a Samurai free spin holds its
sticky wilds in `held` and lays a new sticky wild over each new scatter (`overlay`,
`overlay_style="sticky"`). Cells are (reel, row), 0-based; scatter names are symbol ids.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from game.events import Cell, GameEvent

Mode = Literal["barbarian", "priestess", "samurai"]


class BattleEvent(GameEvent):
    """Scatters of different colours landed: `contenders` (scatter ids, the pair first when a
    pair meets a single) fight with integer `weights`; every landed scatter turns into `winner`.
    `scatters` lists each landed scatter as (reel, row, scatter id) before the battle."""

    type: Literal["battle"] = "battle"
    scatters: list[tuple[int, int, str]]
    contenders: list[str]
    weights: list[int]
    winner: str


class RespinsStartEvent(GameEvent):
    """Re-spins begin: the scatters at `held` (all of `symbol` now) stay; `respins` re-spins."""

    type: Literal["respins_start"] = "respins_start"
    symbol: str
    held: list[Cell]
    respins: int


class NewScattersEvent(GameEvent):
    """Scatters landed on the spin just before (a re-spin or a free spin) and act at once.

    `phase` "respin": each is held and adds a re-spin (`respins_left` after it). In free spins,
    by `mode`: barbarian adds `spins_added` spins (`spins_total` after it); priestess raises the
    multiplier to `multiplier` before that spin's wins; samurai turns each into a sticky wild.
    """

    type: Literal["warlords_new_scatters"] = "warlords_new_scatters"
    phase: Literal["respin", "free"]
    mode: Mode | None = None
    symbol: str
    cells: list[Cell]
    respins_left: int | None = None
    spins_added: int = 0
    spins_total: int | None = None
    multiplier: int | None = None


class FinalChanceEvent(GameEvent):
    """The Final Chance: a coin win (`multiple` × the total bet, `coins`) or a scatter of
    `symbol` placed at `position`, which starts the free spins."""

    type: Literal["final_chance"] = "final_chance"
    kind: Literal["coins", "scatter"]
    symbol: str
    multiple: int | None = None
    coins: int = 0
    position: Cell | None = None


class WarlordsFreeSpinsStartEvent(GameEvent):
    """A warlord's free spins begin with `scatters` scatters: `spins` spins at `multiplier`;
    Samurai: a sticky wild on each cell of `sticky`."""

    type: Literal["warlords_free_spins_start"] = "warlords_free_spins_start"
    mode: Mode
    symbol: str
    scatters: int
    spins: int
    multiplier: int = 1
    sticky: list[Cell] = Field(default_factory=list)


EVENTS = (BattleEvent, RespinsStartEvent, NewScattersEvent, FinalChanceEvent, WarlordsFreeSpinsStartEvent)
