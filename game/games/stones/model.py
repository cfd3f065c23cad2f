"""Secret of the Stones' `[feature]` section: the trigger, the free spins and the 20 stones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from game.schema import Feature, Model, SymbolId

if TYPE_CHECKING:
    from game.definitions import GameDefinition


StoneKind = Literal["spins", "multiplier", "wild_reel", "wild_symbol"]


class StoneFeature(Model):
    """One of the stones.

    kind spins: `value` extra free spins; multiplier: `value` added to the multiplier;
    wild_reel: `value` is the 1-based reel covered by wilds; wild_symbol: `symbol` becomes wild.
    """

    kind: StoneKind
    value: int | None = Field(default=None, ge=1, le=100)
    symbol: SymbolId | None = None

    @model_validator(mode="after")
    def _shape(self) -> StoneFeature:
        if self.kind == "wild_symbol":
            if self.symbol is None or self.value is not None:
                raise ValueError("a wild_symbol stone names a symbol and has no value")
        elif self.value is None or self.symbol is not None:
            raise ValueError(f"a {self.kind} stone has a value and no symbol")
        return self

    @property
    def key(self) -> str:
        """A stable name for art and sound: spins_3, mult_2, wild_reel_4, wild_deer."""
        if self.kind == "spins":
            return f"spins_{self.value}"
        if self.kind == "multiplier":
            return f"mult_{self.value}"
        if self.kind == "wild_reel":
            return f"wild_reel_{self.value}"
        return f"wild_{self.symbol}"

    @property
    def amount(self) -> int:
        """`value` of a spins, multiplier or wild_reel stone (the validator makes it present)."""
        if self.value is None:
            raise ValueError(f"a {self.kind} stone has no value")
        return self.value

    @property
    def target(self) -> str:
        """`symbol` of a wild_symbol stone (the validator makes it present)."""
        if self.symbol is None:
            raise ValueError(f"a {self.kind} stone names no symbol")
        return self.symbol


class StonesFeature(Feature):
    """Secret of the Stones: scatters trigger free spins after a pick among shuffled stones."""

    type: Literal["stones"]
    trigger_symbol: SymbolId
    trigger_min: int = Field(ge=1)
    free_spins: int = Field(ge=1, le=100)
    initial_multiplier: int = Field(ge=1, le=100)
    free_reel_set: str
    picks_by_scatters: dict[int, int]
    stones: list[StoneFeature] = Field(min_length=1, max_length=100)

    def check(self, defn: GameDefinition) -> None:
        kinds = {s.id: s.kind for s in defn.symbols}
        if kinds.get(self.trigger_symbol) != "scatter":
            raise ValueError(f"feature.trigger_symbol: {self.trigger_symbol} is not a scatter")
        if self.free_reel_set not in defn.reel_sets:
            raise ValueError(f"feature.free_reel_set: no reel set {self.free_reel_set!r}")
        for n, picks in self.picks_by_scatters.items():
            if n < self.trigger_min or picks < 1 or picks > len(self.stones):
                raise ValueError(f"feature.picks_by_scatters.{n}: must be 1..{len(self.stones)}")
        for i, stone in enumerate(self.stones):
            if stone.kind == "wild_reel" and not 1 <= (stone.value or 0) <= defn.reels:
                raise ValueError(f"feature.stones[{i}]: reel must be 1..{defn.reels}")
            if stone.kind == "wild_symbol" and kinds.get(stone.symbol or "") != "regular":
                raise ValueError(f"feature.stones[{i}]: {stone.symbol} is not a regular symbol")

    def max_spins(self, defn: GameDefinition) -> int:
        """The base spin and the free spins with every spins stone picked (no retrigger)."""
        return 1 + self.free_spins + sum(s.value or 0 for s in self.stones if s.kind == "spins")

    def max_multiplier(self, defn: GameDefinition) -> int:
        """The start multiplier with every multiplier stone picked."""
        return self.initial_multiplier + sum(s.value or 0 for s in self.stones if s.kind == "multiplier")


FEATURE = StonesFeature
