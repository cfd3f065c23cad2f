"""The typed events a round yields: the shared ones here, each game's own in its package.

A round is a list of events, in order. The same list drives the reel animation, the history log,
the replay of an old round and crash recovery, so every event carries everything needed to show
it without re-running any rule. Serialised with `model_dump(mode="json")`; each has a `type` tag,
unique across all games. The events of every registered game (`game/games/<id>/events.py`,
`EVENTS`) join the shared ones in one tagged union (`events_from_json`).

Grid convention everywhere: `grid[reel][row]`, reels 0..4 left to right, rows 0..2 top to bottom,
holding symbol ids exactly as evaluated (wild-reel covers, held cells and overlays applied).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from game import games

Cell = tuple[int, int]
"""(reel, row), both 0-based."""


class GameEvent(BaseModel):
    """The base of every event model (shared or a game's own): strict and immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Win(GameEvent):
    """One paid combination. `coins` already includes the level and any multiplier.

    `positions` are the (reel, row) cells that make the win (for highlighting).
    `line` is 1-based for line wins and None for scatter wins.
    """

    kind: Literal["line", "scatter"]
    line: int | None = None
    symbol: str
    count: int
    coins: int
    positions: list[Cell]


SpinMode = Literal["base", "free", "respin", "cascade", "super"]


class SpinEvent(GameEvent):
    """One spin of the reels (base, free, re-spin, super...).

    `reel_set` names the strips used and `stops` the top row's index on each strip. `grid` is the
    evaluated grid. `held` are cells that did not spin (re-spin holds, sticky or held wilds): the
    grid shows what they hold. `overlay` are cells laid over with a wild after the reels landed
    (`overlay_style` names the look, e.g. "hammer"); under them the reels landed on the strip
    windows of `stops`, and `grid` shows the wild. Every other cell is the strip window of `stops`.
    `wild_symbols` lists every symbol id acting as wild (the wild itself plus transformed
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
    held: list[Cell] = Field(default_factory=list)
    overlay: list[Cell] = Field(default_factory=list)
    overlay_style: str | None = None
    multiplier: int = 1
    wins: list[Win] = Field(default_factory=list)
    win_coins: int = 0
    spin_index: int | None = None
    spins_total: int | None = None


class CascadeEvent(GameEvent):
    """The winning cells of the previous step burst, the rest fall and new symbols drop in.

    `removed` are the cells that burst; `grid` is the grid after the fall and the refill, on which
    `wins` were found, paid at `multiplier`. `step` counts the cascades of one spin from 1.
    """

    type: Literal["cascade"] = "cascade"
    step: int = Field(ge=1)
    removed: list[Cell]
    grid: list[list[str]]
    multiplier: int = 1
    wins: list[Win] = Field(default_factory=list)
    win_coins: int = 0
    spin_index: int | None = None


class PickRequestEvent(GameEvent):
    """The round waits for the player: pick one of `options` hidden items not yet in `picked`."""

    type: Literal["pick_request"] = "pick_request"
    options: int
    picks_left: int
    picked: list[int]


class FreeSpinsEndEvent(GameEvent):
    """Free spins are over; `win_coins` is what they paid in total (before any round cap)."""

    type: Literal["free_spins_end"] = "free_spins_end"
    spins_played: int
    win_coins: int


class WinCapEvent(GameEvent):
    """The round's total reached a cap from the rules; the round pays `cap_coins` and ends.

    `rule` says which cap: "currency" (a maximum amount of money) or "coins_per_level" (a maximum
    number of coins times the bet level). Rounds stored before version 1.1 of the engine carry an
    English `reason` instead and no `rule`.
    """

    type: Literal["win_cap"] = "win_cap"
    cap_coins: int
    uncapped_coins: int
    rule: Literal["currency", "coins_per_level"] | None = None
    reason: str | None = None


class RoundEndEvent(GameEvent):
    """The round is complete; `total_win_coins` is what is credited (capped if a cap applied)."""

    type: Literal["round_end"] = "round_end"
    total_win_coins: int
    capped: bool = False


SHARED_EVENTS: tuple[type[GameEvent], ...] = (
    SpinEvent,
    CascadeEvent,
    PickRequestEvent,
    FreeSpinsEndEvent,
    WinCapEvent,
    RoundEndEvent,
)

_adapter: tuple[int, TypeAdapter[Any]] | None = None


def event_types() -> tuple[type[GameEvent], ...]:
    """Every event model: the shared ones and every registered game's own (tags checked unique)."""
    out: tuple[type[GameEvent], ...] = (*SHARED_EVENTS, *games.event_models())
    seen: dict[str, type[GameEvent]] = {}
    for model in out:
        tag = model.model_fields["type"].default
        if tag in seen and seen[tag] is not model:
            raise ValueError(f"event tag {tag!r} is used by both {seen[tag].__name__} and {model.__name__}")
        seen[tag] = model
    return tuple(dict.fromkeys(out))


def event_adapter() -> TypeAdapter[Any]:
    """The tagged union of every event model as a list validator (rebuilt when games register)."""
    global _adapter
    if _adapter is None or _adapter[0] != games.generation():
        union: Any = Annotated[Union[event_types()], Field(discriminator="type")]  # noqa: UP007 - built at run time
        _adapter = (games.generation(), TypeAdapter(list[union]))
    return _adapter[1]


def events_to_json(events: Sequence[BaseModel]) -> list[dict[str, Any]]:
    """Events as plain JSON-ready dicts."""
    return [e.model_dump(mode="json") for e in events]


def events_from_json(data: list[dict[str, Any]]) -> list[GameEvent]:
    """Parse events back from `events_to_json` output (any registered game's events)."""
    events: list[GameEvent] = event_adapter().validate_python(data)
    return events
