"""What the engine says to a player: a message id with parameters, never a finished sentence.

The id is the English text with `{name}` fields (the msgid of the translation catalogs in
`assets/locale/`); `scenes/` translates it and formats the parameters for the player's language
and display currency. Amounts of money are `Money(cents)` so the scene formats them in the
currency the player chose; every other parameter is a plain number or string.
`Message.english()` is the plain English for logs, the command line and the ledger's records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.money import format_cents


@dataclass(frozen=True, slots=True)
class Money:
    """An amount of money in cents, to be shown in the player's display currency."""

    cents: int


@dataclass(frozen=True, slots=True)
class Message:
    """A message for the player: `id` (the English template) and its parameters."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def english(self, currency: str = "€") -> str:
        """The message in plain English (money with `currency`)."""
        values = {
            k: format_cents(v.cents, currency) if isinstance(v, Money) else v for k, v in self.params.items()
        }
        return self.id.format(**values)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (money as {"cents": n})."""
        return {
            "id": self.id,
            "params": {k: {"cents": v.cents} if isinstance(v, Money) else v for k, v in self.params.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        params = {
            k: Money(int(v["cents"])) if isinstance(v, Mapping) and set(v) == {"cents"} else v
            for k, v in dict(data.get("params", {})).items()
        }
        return cls(str(data["id"]), params)

    def __str__(self) -> str:
        return self.english()


# -- the engine's messages (every one is in both catalogs; a test checks it) ---------------------
FUNDS = "Insufficient balance for this bet."
BUSY = "A round is already in progress."
NO_BET = "No bet selected."
OTHER_GAME = "Finish your unfinished round in {game} first."
CHANGED = (
    "Your unfinished round was played with different game data and cannot be resumed safely. "
    "Please contact support; your bet of {bet} is recorded."
)
VOIDED = (
    "The unfinished round could not be completed because the game was updated. "
    "Malfunction voids all pays and plays: your bet of {amount} has been refunded."
)
CAP_MONEY = "Maximum win of {amount} reached"
CAP_COINS = "Maximum win of {coins:,} coins reached"
LINES_RANGE = "Lines must be 1 to {max}."
LINES_FIXED = "This game always plays all {max} lines."
LEVEL_OFFERED = "Bet level {level} is not offered."
COIN_OFFERED = "Coin value {coin} is not offered."
PICK_NONE = "There is nothing to pick now."
PICK_TAKEN = "Pick {choice} was already picked."
PICK_RANGE = "Pick {choice} is out of range: choose 0 to {last}."
PICK_WHOLE = "A pick must be a whole number."
ORPHAN_COMPLETED = (
    "Your unfinished round of {game} was completed under the rules it began with; it paid {amount}."
)
ORPHAN_VOIDED = (
    "The unfinished round could not be completed because its game is no longer installed. "
    "Malfunction voids all pays and plays: your bet of {amount} has been refunded."
)
LEDGER_SET_ASIDE = (
    "Your saved game data was damaged and has been set aside as {name}; a new wallet was started."
)
MESSAGE_IDS = (
    FUNDS,
    BUSY,
    NO_BET,
    OTHER_GAME,
    CHANGED,
    VOIDED,
    CAP_MONEY,
    CAP_COINS,
    LINES_RANGE,
    LINES_FIXED,
    LEVEL_OFFERED,
    COIN_OFFERED,
    PICK_NONE,
    PICK_TAKEN,
    PICK_RANGE,
    PICK_WHOLE,
    ORPHAN_COMPLETED,
    ORPHAN_VOIDED,
    LEDGER_SET_ASIDE,
)
"""Every message id the engine's shared code can produce (games add their own)."""
