"""The building blocks every game data model shares: the strict base model and the id type.

Kept apart from `game.definitions` so that each game's own feature model
(`game/games/<id>/model.py`) can import them without importing the definition that embeds it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

SymbolId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=32)]
"""A symbol, reel set or game id: lower case, digits and underscores, starting with a letter."""


class Model(BaseModel):
    """Strict, immutable data: unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Feature(Model):
    """The base of every game's `[feature]` section; `type` names the game package that plays it.

    Subclasses narrow `type` to a `Literal` and may add `check(defn)`, which raises
    `ValueError("feature.<field>: reason")` for references into the rest of the definition.
    """

    type: str

    def check(self, defn: object) -> None:
        """Cross-reference checks against the whole definition (none by default)."""
