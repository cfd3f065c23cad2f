"""Tomb Raider's own events: passports, the key trigger, Super Mode, the Global Adventure and the
Shoot-out. Free spins use the shared `SpinEvent` (mode "free") and `CascadeEvent`; Super Mode
spins are `SpinEvent`s of mode "super" whose `held` cells are the held wilds.

Money: `coins` are coins of the round's bet (what the ledger credits). Global Adventure amounts
are `value` × the weighted average bet, rounded down to whole coins; a Shoot-out disc is `value`
× the round's total bet; a jackpot is `value` × the weighted average bet per line.
"""

from __future__ import annotations

from typing import Literal

from game.events import Cell, GameEvent

Artefact = Literal["fragment", "trap", "treasure", "bonus"]
TreasureKind = Literal["bonus", "double", "shootout"]


class PassportsEvent(GameEvent):
    """Passports on the activation row of a base spin or a Super Mode spin (the spin before
    this event) activated `new` reels (1-based).

    `active` is every reel's stamp after this spin; `spins` and `bet_cents` are the collection so
    far (the weighted average bet is bet_cents / spins, in cents); `complete`: all reels active,
    the Global Adventure follows at the end of this round (the next stamp starts a new
    collection).
    """

    type: Literal["passports"] = "passports"
    new: list[int]
    positions: list[Cell]
    active: list[bool]
    spins: int
    bet_cents: int
    complete: bool


class KeyTriggerEvent(GameEvent):
    """`count` Excalibur Keys at `positions` won `spins` free spins: played at once after a base
    spin, or after Super Mode's last spin for a Super Mode spin (`after_super`)."""

    type: Literal["key_trigger"] = "key_trigger"
    count: int
    positions: list[Cell]
    spins: int
    after_super: bool = False


class SuperFreeSpinsEvent(GameEvent):
    """Super Mode is over and its `triggers` Key triggers' `spins` free spins begin (one run)."""

    type: Literal["super_free_spins"] = "super_free_spins"
    triggers: int
    spins: int


class SuperModeStartEvent(GameEvent):
    """Super Mode: `cells` turn wild and hold for `spins` spins."""

    type: Literal["super_mode_start"] = "super_mode_start"
    cells: list[Cell]
    spins: int


class SuperModeEndEvent(GameEvent):
    """Super Mode is over; `win_coins` is what its spins paid (before any round cap)."""

    type: Literal["super_mode_end"] = "super_mode_end"
    spins_played: int
    win_coins: int


class AdventureStartEvent(GameEvent):
    """The Global Adventure begins: the quest's `locations` in order; the weighted average bet is
    `bet_cents` / `spins` cents (in coins of this round: ÷ the coin value)."""

    type: Literal["adventure_start"] = "adventure_start"
    locations: list[str]
    spins: int
    bet_cents: int


class LocationStartEvent(GameEvent):
    """The quest reaches location `index` (0-based) `location`, with `artefacts` hidden."""

    type: Literal["location_start"] = "location_start"
    index: int
    location: str
    artefacts: int


class ArtefactRevealEvent(GameEvent):
    """The artefact at `position` was picked. A bonus amount (or a treasure's) adds `coins` to
    the pot (`value` × the weighted average bet); a doubling treasure doubles it; the Shoot-out
    treasure is followed by the shoot-out. `pot_coins` and `traps` are the location's after it."""

    type: Literal["artefact"] = "artefact"
    location: int
    position: int
    artefact: Artefact
    treasure: TreasureKind | None = None
    value: int | None = None
    coins: int = 0
    pot_coins: int
    traps: int


class ShowdownEvent(GameEvent):
    """Two traps: the quest ends (`showdown` False) or Lara and Amanda duel (`won` or not)."""

    type: Literal["showdown"] = "showdown"
    location: int
    showdown: bool
    won: bool


class ShootoutStartEvent(GameEvent):
    """The Shoot-out: `discs` discs face down; the player clicks one."""

    type: Literal["shootout_start"] = "shootout_start"
    discs: int


class ShootoutRevealEvent(GameEvent):
    """The disc at `index` holds `value` × the total bet = `coins`, added to the pot; `values`
    are every disc's value in place (the others are shot away)."""

    type: Literal["shootout"] = "shootout"
    index: int
    value: int
    coins: int
    values: list[int]


class HiddenArtefact(GameEvent):
    """What an unpicked position held (shown when a location ends)."""

    position: int
    artefact: Artefact
    treasure: TreasureKind | None = None
    value: int | None = None


class LocationEndEvent(GameEvent):
    """Location `index` is over: `fragment` (found, or won in the Showdown: the pot is banked) or
    not (the quest ends; the pot is lost). `banked_coins` is the quest's total banked so far."""

    type: Literal["location_end"] = "location_end"
    index: int
    fragment: bool
    pot_coins: int
    banked_coins: int
    hidden: list[HiddenArtefact]


class JackpotEvent(GameEvent):
    """Every fragment found: the random jackpot, `value` × the weighted average bet per line."""

    type: Literal["jackpot"] = "jackpot"
    value: int
    coins: int


class AdventureEndEvent(GameEvent):
    """The quest is over: `fragments` found, `win_coins` = banked pots + jackpot."""

    type: Literal["adventure_end"] = "adventure_end"
    fragments: int
    banked_coins: int
    jackpot_coins: int
    win_coins: int


EVENTS = (
    PassportsEvent,
    KeyTriggerEvent,
    SuperModeStartEvent,
    SuperModeEndEvent,
    SuperFreeSpinsEvent,
    AdventureStartEvent,
    LocationStartEvent,
    ArtefactRevealEvent,
    ShowdownEvent,
    ShootoutStartEvent,
    ShootoutRevealEvent,
    LocationEndEvent,
    JackpotEvent,
    AdventureEndEvent,
)
