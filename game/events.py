"""The typed events a round yields.

A round is a list of these, in order. The same list drives the reel animation, the history log,
the replay of an old round and crash recovery, so every event carries everything needed to show
it without re-running any rule. Serialised with `model_dump(mode="json")`; each has a `type` tag.

Grid convention everywhere: `grid[reel][row]`, reels 0..4 left to right, rows 0..2 top to bottom,
holding symbol ids exactly as evaluated (wild-reel covers already applied).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Win(_Event):
    """One paid combination. `coins` already includes the level and any multiplier.

    `positions` are the (reel, row) cells that make the win (for highlighting).
    `line` is 1-based for line wins and None for scatter wins.
    """

    kind: Literal["line", "scatter"]
    line: int | None = None
    symbol: str
    count: int
    coins: int
    positions: list[tuple[int, int]]


SpinMode = Literal["base", "free", "respin", "cascade", "super"]


class SpinEvent(_Event):
    """One spin of the reels (base, free, re-spin, cascade step...).

    `reel_set` names the strips used and `stops` the top row's index on each strip. `wild_symbols`
    lists every symbol id acting as wild in this spin (the wild itself plus any transformed
    symbols); `wild_reels` the 1-based reels covered entirely by wilds; `multiplier` the multiplier
    applied to this spin's wins. `win_coins` is the sum of `wins`. In free spins, `spin_index` is
    1-based and `spins_total` the number of free spins awarded so far.
    """

    type: Literal["spin"] = "spin"
    mode: SpinMode
    reel_set: str
    stops: list[int]
    grid: list[list[str]]
    wild_symbols: list[str]
    wild_reels: list[int] = Field(default_factory=list)
    multiplier: int = 1
    wins: list[Win] = Field(default_factory=list)
    win_coins: int = 0
    spin_index: int | None = None
    spins_total: int | None = None


class FreeSpinsTriggerEvent(_Event):
    """Scatters landed: free spins are won. `picks` stones will be chosen before they start."""

    type: Literal["free_spins_trigger"] = "free_spins_trigger"
    symbol: str
    count: int
    positions: list[tuple[int, int]]
    spins: int
    picks: int


class PickRequestEvent(_Event):
    """The round waits for the player: pick one of `options` hidden items not yet in `picked`."""

    type: Literal["pick_request"] = "pick_request"
    options: int
    picks_left: int
    picked: list[int]


class StoneReveal(_Event):
    """What one stone holds (see `game.definitions.StoneFeature`); `key` names its art."""

    kind: Literal["spins", "multiplier", "wild_reel", "wild_symbol"]
    value: int | None = None
    symbol: str | None = None
    key: str


class PickRevealEvent(_Event):
    """The stone at `index` (0-based) was picked and shows `feature`."""

    type: Literal["pick_reveal"] = "pick_reveal"
    index: int
    feature: StoneReveal


class PicksDoneEvent(_Event):
    """After the last pick: what every unpicked stone held (shown greyed)."""

    type: Literal["picks_done"] = "picks_done"
    unpicked: list[tuple[int, StoneReveal]]


class FreeSpinsStartEvent(_Event):
    """Free spins begin with these features for their whole duration."""

    type: Literal["free_spins_start"] = "free_spins_start"
    spins: int
    multiplier: int
    wild_reels: list[int]
    wild_symbols: list[str]


class FreeSpinsEndEvent(_Event):
    """Free spins are over; `win_coins` is what they paid in total (before any round cap)."""

    type: Literal["free_spins_end"] = "free_spins_end"
    spins_played: int
    win_coins: int


class WinCapEvent(_Event):
    """The round's total reached a cap from the rules; the round pays `cap_coins` and ends."""

    type: Literal["win_cap"] = "win_cap"
    cap_coins: int
    uncapped_coins: int
    reason: str


class RoundEndEvent(_Event):
    """The round is complete; `total_win_coins` is what is credited (capped if a cap applied)."""

    type: Literal["round_end"] = "round_end"
    total_win_coins: int
    capped: bool = False


# Games' own events join the union (imported here, after the generic events they build on).
from game.games.warlords.events import (  # noqa: E402
    BattleEvent,
    FinalChanceEvent,
    RespinsStartEvent,
    WarlordsFreeSpinsStartEvent,
    WarlordsSpinEvent,
)

Event = Annotated[
    SpinEvent
    | WarlordsSpinEvent
    | BattleEvent
    | RespinsStartEvent
    | FinalChanceEvent
    | WarlordsFreeSpinsStartEvent
    | FreeSpinsTriggerEvent
    | PickRequestEvent
    | PickRevealEvent
    | PicksDoneEvent
    | FreeSpinsStartEvent
    | FreeSpinsEndEvent
    | WinCapEvent
    | RoundEndEvent,
    Field(discriminator="type"),
]

EVENT_LIST = TypeAdapter(list[Event])


def events_to_json(events: list) -> list[dict]:
    """Events as plain JSON-ready dicts."""
    return EVENT_LIST.dump_python(events, mode="json")


def events_from_json(data: list[dict]) -> list:
    """Parse events back from `events_to_json` output."""
    return EVENT_LIST.validate_python(data)
