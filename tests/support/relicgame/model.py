"""Relic's `[feature]` section and its cross-round state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from game.schema import Feature, Model, SymbolId

if TYPE_CHECKING:
    from game.definitions import GameDefinition


class RelicFeature(Feature):
    type: Literal["relic"]
    bonus_symbol: SymbolId
    gems_to_unlock: int = Field(ge=1, le=15)
    overlay_one_in: int = Field(ge=1, le=1000)
    cascade_steps: int = Field(ge=0, le=10)
    respins: int = Field(ge=1, le=10)
    respin_reel_set: str
    gem_pays_x_bet: int = Field(ge=1, le=100)

    def check(self, defn: GameDefinition) -> None:
        kinds = {s.id: s.kind for s in defn.symbols}
        if kinds.get(self.bonus_symbol) != "bonus":
            raise ValueError(f"feature.bonus_symbol: {self.bonus_symbol} is not a bonus symbol")
        if self.respin_reel_set not in defn.reel_sets:
            raise ValueError(f"feature.respin_reel_set: no reel set {self.respin_reel_set!r}")

    def max_spins(self, defn: GameDefinition) -> int:
        """The base spin, its cascade steps and the relic re-spins."""
        return 1 + self.cascade_steps + self.respins

    def max_bonus_x_bet(self, defn: GameDefinition) -> int:
        """The relic pay: so many bets for each gem held, at most one per cell."""
        return self.gem_pays_x_bet * defn.reels * defn.rows


class RelicState(Model):
    """What a player carries from round to round: the gems collected so far."""

    version: Literal[1] = 1
    gems: int = Field(default=0, ge=0, le=15)
    unlocked: int = Field(default=0, ge=0)
    """How many times the relic re-spins were played (shown in the history)."""


FEATURE = RelicFeature
STATE = RelicState
