"""Warlords' own events: the spin with held and overlaid cells, the battle, the re-spins, the Final
Chance and the free-spins start. Each has a unique `type` tag.

Cells are (reel, row), 0-based. Scatter and warlord names are symbol ids.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.events import SpinEvent


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WarlordsSpinEvent(SpinEvent):
    """A spin whose grid is not a plain strip window.

    `held`: cells that did not spin (held scatters in re-spins, sticky wilds in Samurai free
    spins); `grid` shows what they hold. `overlay`: cells laid over with the wild after the reels
    landed (the hammer, arrow or sword of the Random Overlay Wild, a new sticky wild), named by
    `overlay_style`. `grid` is the evaluated grid; the cells under an overlay are the windows of
    `stops`. `new_scatters`: scatters that landed on this spin (re-spins and free spins).
    """

    type: Literal["warlords_spin"] = "warlords_spin"  # type: ignore[assignment]
    held: list[tuple[int, int]] = Field(default_factory=list)
    overlay: list[tuple[int, int]] = Field(default_factory=list)
    overlay_style: Literal["hammer", "arrow", "sword", "sticky"] | None = None
    new_scatters: list[tuple[int, int]] = Field(default_factory=list)


class BattleEvent(_Event):
    """Differing scatters landed: `contenders` (scatter ids, the battle's order) fight with integer
    `weights`; `winner` is the active scatter every landed scatter turns into."""

    type: Literal["battle"] = "battle"
    scatters: list[tuple[int, int, str]]
    contenders: list[str]
    weights: list[int]
    winner: str


class RespinsStartEvent(_Event):
    """Re-spins begin: the scatters at `held` (all of `symbol` now) stay; `respins` re-spins."""

    type: Literal["respins_start"] = "respins_start"
    symbol: str
    held: list[tuple[int, int]]
    respins: int


class FinalChanceEvent(_Event):
    """The Final Chance: a coin win (`multiple` × the total bet) or a scatter at `position`."""

    type: Literal["final_chance"] = "final_chance"
    kind: Literal["coins", "scatter"]
    symbol: str
    multiple: int | None = None
    coins: int = 0
    position: tuple[int, int] | None = None


class WarlordsFreeSpinsStartEvent(_Event):
    """A warlord's free spins begin with `scatters` scatters: `spins` spins at `multiplier`;
    Samurai: a sticky wild on each cell of `sticky`."""

    type: Literal["warlords_free_spins_start"] = "warlords_free_spins_start"
    mode: Literal["barbarian", "priestess", "samurai"]
    symbol: str
    scatters: int
    spins: int
    multiplier: int = 1
    sticky: list[tuple[int, int]] = Field(default_factory=list)


EVENTS = (WarlordsSpinEvent, BattleEvent, RespinsStartEvent, FinalChanceEvent, WarlordsFreeSpinsStartEvent)
