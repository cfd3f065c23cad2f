"""What the Global Adventure shows, as plain data built from its events only (no drawing).

`Quest.apply(event)` follows a quest's events (`game.games.tombraider.events`): the location open
now and its board (the artefacts picked and what they held, the pot, the traps), the fragments
found or lost location by location, the pots banked, the Shoot-out's and the Showdown's
outcomes, the jackpot and the quest's end. The world-map scene animates the same events over
this record, and a resumed quest is rebuilt by applying the events already played, at once: the
same location with the same artefacts open. Every figure comes from an event; nothing is worked
out here but sums the events already state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.games.tombraider.events import (
    AdventureEndEvent,
    AdventureStartEvent,
    ArtefactRevealEvent,
    HiddenArtefact,
    JackpotEvent,
    LocationEndEvent,
    LocationStartEvent,
    ShootoutRevealEvent,
    ShootoutStartEvent,
    ShowdownEvent,
)


@dataclass
class Board:
    """The artefacts of one location: those picked (position → the reveal), those shown when the
    location ended, its pot and traps."""

    index: int
    location: str
    size: int
    revealed: dict[int, ArtefactRevealEvent] = field(default_factory=dict)
    hidden: dict[int, HiddenArtefact] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)  # picked positions, in pick order
    pot: int = 0
    traps: int = 0
    ended: bool = False
    fragment: bool | None = None  # found (or won in the Showdown) / lost, once the location ends

    def is_open(self, position: int) -> bool:
        return position in self.revealed or position in self.hidden


@dataclass
class Quest:
    """A Global Adventure as its events have told it so far."""

    locations: tuple[str, ...]
    spins: int
    bet_cents: int
    fragments: list[bool | None] = field(default_factory=list)
    banked: int = 0
    board: Board | None = None
    shootout: ShootoutRevealEvent | None = None
    showdown: ShowdownEvent | None = None
    jackpot: JackpotEvent | None = None
    end: AdventureEndEvent | None = None

    @classmethod
    def start(cls, ev: AdventureStartEvent) -> Quest:
        return cls(tuple(ev.locations), ev.spins, ev.bet_cents, [None] * len(ev.locations))

    @property
    def found(self) -> int:
        return sum(1 for f in self.fragments if f)

    @property
    def index(self) -> int:
        """The location open now (or the last one reached)."""
        return self.board.index if self.board is not None else 0

    def average_bet_cents(self) -> tuple[int, int]:
        """The weighted average bet as an exact fraction of cents (numerator, spins)."""
        return self.bet_cents, max(1, self.spins)

    def apply(self, ev: Any) -> bool:
        """Take one quest event into the record; False for an event that is not the quest's."""
        if isinstance(ev, LocationStartEvent):
            self.board = Board(ev.index, ev.location, ev.artefacts)
            self.showdown = None
            self.shootout = None
        elif isinstance(ev, ArtefactRevealEvent):
            board = self._board(ev.location)
            board.revealed[ev.position] = ev
            board.order.append(ev.position)
            board.pot, board.traps = ev.pot_coins, ev.traps
        elif isinstance(ev, ShootoutStartEvent):
            pass
        elif isinstance(ev, ShootoutRevealEvent):
            self.shootout = ev
            if self.board is not None:
                self.board.pot += ev.coins
        elif isinstance(ev, ShowdownEvent):
            self.showdown = ev
        elif isinstance(ev, LocationEndEvent):
            board = self._board(ev.index)
            board.ended, board.fragment, board.pot = True, ev.fragment, ev.pot_coins
            board.hidden = {h.position: h for h in ev.hidden}
            self.fragments[ev.index] = ev.fragment
            self.banked = ev.banked_coins
        elif isinstance(ev, JackpotEvent):
            self.jackpot = ev
        elif isinstance(ev, AdventureEndEvent):
            self.end = ev
        elif isinstance(ev, AdventureStartEvent):
            pass
        else:
            return False
        return True

    def _board(self, index: int) -> Board:
        if self.board is None or self.board.index != index:
            raise ValueError(f"an event of location {index} arrived while location {self.index} is open")
        return self.board

    def won_so_far(self) -> int:
        """Coins the quest has paid so far: the pots banked and the jackpot."""
        return self.banked + (self.jackpot.coins if self.jackpot is not None else 0)
