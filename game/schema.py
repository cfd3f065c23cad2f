"""The building blocks every game data model shares: the strict base model and the id type.

Kept apart from `game.definitions` so that each game's own feature model
(`game/games/<id>/model.py`) can import them without importing the definition that embeds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:  # the definition embeds the feature: a cycle at run time only
    from game.definitions import GameDefinition

SymbolId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=32)]
"""A symbol, reel set or game id: lower case, digits and underscores, starting with a letter."""


class Model(BaseModel):
    """Strict, immutable data: unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Feature(Model):
    """The base of every game's `[feature]` section; `type` names the game package that plays it.

    Subclasses narrow `type` to a `Literal` and may add `check(defn)`, which raises
    `ValueError("feature.<field>: reason")` for references into the rest of the definition.
    A feature that pays more than one evaluation of the reels per round, multiplies wins or pays
    anything else overrides `max_spins`, `max_multiplier` and `max_bonus_x_bet` (a test holds
    every registered game to it): the definition bounds the largest round win with them
    (`game.definitions.win_bound_coins`).
    """

    type: str

    def check(self, defn: GameDefinition) -> None:
        """Cross-reference checks against the whole definition (none by default)."""

    def max_spins(self, defn: GameDefinition) -> int | None:
        """The most evaluations of the reels one round can pay for: the base spin, free spins,
        re-spins, cascade steps (an upper bound; 1 by default). None when there is no limit
        (spins that add spins without end): the game's cap must then bound its rounds."""
        return 1

    def max_multiplier(self, defn: GameDefinition) -> int:
        """The largest factor any one of those evaluations' wins is multiplied by (an upper
        bound; 1 by default)."""
        return 1

    def max_bonus_x_bet(self, defn: GameDefinition) -> int:
        """What the feature pays in a round besides line and scatter wins, in multiples of the
        total bet (an upper bound; 0 by default)."""
        return 0
