"""The `[feature]` section of Tomb Raider – Secret of the Sword, as a validated model.

Units: every Global Adventure bonus amount is a whole multiple of the weighted average bet (the
mean total bet of the base spins from the first passport activation to the trigger); a jackpot
is a multiple of the weighted average bet per line (that mean divided by the game's line count,
so its worth against the stake does not depend on how many lines are played); a Shoot-out disc
is a multiple of the total bet of the triggering spin. Weights are integers: an option is drawn
with probability weight / sum of weights.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from game.schema import Feature, Model, SymbolId

if TYPE_CHECKING:
    from game.definitions import GameDefinition


CASCADE_LIMIT = 1_000
"""Cascades a free spin may run at most (the flow refuses a chain that would run longer)."""


class Weighted(Model):
    """One option of a weighted draw: `value` (its unit depends on the table) and its weight."""

    value: int = Field(ge=1, le=1_000_000)
    weight: int = Field(ge=1, le=1_000_000_000)


def _distinct(table: list[Weighted], name: str) -> None:
    values = [w.value for w in table]
    if len(set(values)) != len(values):
        raise ValueError(f"{name}: values must be distinct, got {values}")


class SuperMode(Model):
    """Super Mode: drawn on every base spin with probability `weight` / `out_of`; `spins` spins of
    `reel_set` with cells held wild for all of them: their number drawn from `wilds`, the cells a
    uniformly random set of that size among the cells of `reels` (1-based)."""

    weight: int = Field(ge=1)
    out_of: int = Field(ge=2)
    spins: int = Field(ge=1, le=50)
    reel_set: str
    reels: list[int] = Field(min_length=1)
    wilds: list[Weighted] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> SuperMode:
        if self.weight >= self.out_of:
            raise ValueError("weight must be below out_of")
        if self.reels != sorted(set(self.reels)) or self.reels[0] < 1:
            raise ValueError(f"reels must be increasing 1-based reel numbers, got {self.reels}")
        _distinct(self.wilds, "wilds")
        return self


class Board(Model):
    """The artefacts hidden at every location (the rules: 1 fragment, 2 traps, 1 hidden treasure,
    2 bonus amounts); `traps_to_end` traps revealed end the location (or bring the Showdown)."""

    trap: int = Field(ge=1, le=10)
    treasure: int = Field(ge=0, le=1)
    bonus: int = Field(ge=0, le=10)
    traps_to_end: int = Field(ge=1)

    @model_validator(mode="after")
    def _shape(self) -> Board:
        if self.traps_to_end > self.trap:
            raise ValueError("traps_to_end: more than the traps on the board")
        return self

    @property
    def size(self) -> int:
        """Artefacts on the board, the fragment included."""
        return 1 + self.trap + self.treasure + self.bonus


class Location(Model):
    """One stop of the quest: its id (art and map object) and its bonus amounts × the weighted
    average bet."""

    id: SymbolId
    bonus: list[Weighted] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> Location:
        _distinct(self.bonus, f"{self.id}.bonus")
        return self


class Treasure(Model):
    """The hidden treasure: a further bonus amount (× the weighted average bet, drawn from
    `bonus`), ×2 on the location's pot, or the Shoot-out; weights of the three."""

    bonus_weight: int = Field(ge=0)
    double_weight: int = Field(ge=0)
    shootout_weight: int = Field(ge=0)
    bonus: list[Weighted] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> Treasure:
        if self.bonus_weight + self.double_weight + self.shootout_weight <= 0:
            raise ValueError("treasure weights must not all be zero")
        _distinct(self.bonus, "treasure.bonus")
        return self

    @property
    def weights(self) -> list[int]:
        """The draw's weights in kind order: bonus, double, shootout."""
        return [self.bonus_weight, self.double_weight, self.shootout_weight]


class Adventure(Model):
    """The Global Adventure: `locations` in travel order, each with the same `board`.

    Two traps: the quest ends (weight `end_weight`) or the Showdown (weight `showdown_weight`),
    which Lara wins (`duel_won_weight`: the fragment is hers and the pot is banked) or loses.
    All fragments found: a jackpot from `jackpots` × the weighted average bet per line.
    """

    locations: list[Location] = Field(min_length=1, max_length=10)
    board: Board
    treasure: Treasure
    end_weight: int = Field(ge=0)
    showdown_weight: int = Field(ge=0)
    duel_won_weight: int = Field(ge=0)
    duel_lost_weight: int = Field(ge=0)
    jackpots: list[Weighted] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> Adventure:
        ids = [loc.id for loc in self.locations]
        if len(set(ids)) != len(ids):
            raise ValueError(f"locations: ids must be unique, got {ids}")
        if self.end_weight + self.showdown_weight <= 0:
            raise ValueError("end_weight and showdown_weight must not both be zero")
        if self.showdown_weight and self.duel_won_weight + self.duel_lost_weight <= 0:
            raise ValueError("duel weights must not both be zero")
        _distinct(self.jackpots, "jackpots")
        return self


class Shootout(Model):
    """The Shoot-out: the disc values (× the triggering spin's total bet), shuffled face down."""

    discs: list[int] = Field(min_length=2, max_length=40)

    @model_validator(mode="after")
    def _shape(self) -> Shootout:
        if any(d < 1 for d in self.discs):
            raise ValueError("discs must all be positive")
        return self


class TombRaiderFeature(Feature):
    """Tomb Raider – Secret of the Sword.

    `scatter` (the Excalibur Key) pays anywhere and, `trigger_min` or more in a base spin or a
    Super Mode spin, wins `free_spins` free spins on `free_reel_set`, where wins cascade and the
    `ladder` multiplies the n-th consecutive win of a spin (its last value repeats). `passport`
    on row `passport_row` of a reel in a base spin or a Super Mode spin activates that reel,
    across rounds; all reels active: the Global Adventure.
    """

    type: Literal["tombraider"]
    scatter: SymbolId
    passport: SymbolId
    passport_row: int = Field(ge=0)
    trigger_min: int = Field(ge=1)
    free_spins: int = Field(ge=1, le=100)
    free_reel_set: str
    ladder: list[int] = Field(min_length=1, max_length=20)
    super_mode: SuperMode
    adventure: Adventure
    shootout: Shootout

    @model_validator(mode="after")
    def _shape(self) -> TombRaiderFeature:
        if any(m < 1 for m in self.ladder) or self.ladder != sorted(self.ladder):
            raise ValueError(f"ladder must be positive and non-decreasing, got {self.ladder}")
        return self

    # -- what a round can pay at most (game.definitions.win_bound_coins) ---------------------------
    def max_spins(self, defn: GameDefinition) -> int:
        """The base spin, the Super Mode spins, and every free spin with its longest cascade (the
        base spin and every Super Mode spin can each win free spins)."""
        sm = self.super_mode.spins
        return 1 + sm + (1 + sm) * self.free_spins * (1 + CASCADE_LIMIT)

    def max_multiplier(self, defn: GameDefinition) -> int:
        """The ladder's top step."""
        return self.ladder[-1]

    def max_bonus_x_bet(self, defn: GameDefinition) -> int:
        """The Global Adventures of a round, in total bets (the weighted average bet is at most
        the largest bet, its per-line share less): the base spin and every Super Mode spin can
        each complete a set; in each, at every location each bonus at its largest, the treasure
        at its largest bonus or disc, the location's pot doubled; then the largest jackpot."""
        adv = self.adventure
        treasure = max(max(w.value for w in adv.treasure.bonus), max(self.shootout.discs))
        pots = sum(
            2 * (adv.board.bonus * max(w.value for w in loc.bonus) + treasure) for loc in adv.locations
        )
        return (1 + self.super_mode.spins) * (pots + max(w.value for w in adv.jackpots))

    def multiplier(self, step: int) -> int:
        """The ladder's multiplier for the `step`-th win of a spin (0 = the first)."""
        return self.ladder[min(step, len(self.ladder) - 1)]

    def check(self, defn: GameDefinition) -> None:
        """Cross-references to the rest of the definition (ValueError naming the field)."""
        kinds = {s.id: s.kind for s in defn.symbols}
        if kinds.get(self.scatter) != "scatter":
            raise ValueError(f"feature.scatter: {self.scatter} is not a scatter symbol")
        if self.scatter not in defn.scatter_pays:
            raise ValueError(f"feature.scatter: {self.scatter} has no scatter pays")
        if kinds.get(self.passport) != "bonus":
            raise ValueError(f"feature.passport: {self.passport} is not a bonus symbol")
        if "wild" not in kinds.values():
            raise ValueError("feature: Super Mode needs a wild symbol")
        if self.passport_row >= defn.rows:
            raise ValueError(f"feature.passport_row: rows are 0..{defn.rows - 1}")
        for r, strip in enumerate(defn.reel_sets["base"], start=1):
            if self.passport not in strip:
                raise ValueError(f"feature.passport: base reel {r} never shows {self.passport}")
        if self.trigger_min > defn.reels * defn.rows:
            raise ValueError("feature.trigger_min: more than the cells of the window")
        for field, name in (
            ("free_reel_set", self.free_reel_set),
            ("super_mode.reel_set", self.super_mode.reel_set),
        ):
            if name not in defn.reel_sets:
                raise ValueError(f"feature.{field}: no reel set {name!r}")
        if self.super_mode.reels[-1] > defn.reels:
            raise ValueError(f"feature.super_mode.reels: reels are 1..{defn.reels}")
        cells = len(self.super_mode.reels) * defn.rows
        if any(w.value > cells for w in self.super_mode.wilds):
            raise ValueError(f"feature.super_mode.wilds: at most {cells} cells can be held")


def feature_of(defn: GameDefinition) -> TombRaiderFeature:
    """The definition's Tomb Raider feature (ValueError for another game)."""
    if not isinstance(defn.feature, TombRaiderFeature):
        raise ValueError(f"{defn.id} is not a Tomb Raider game")
    return defn.feature


FEATURE = TombRaiderFeature


class PassportState(Model):
    """What a player carries from round to round: the reels the passports activated and what the
    weighted average bet needs (the base spins since the first activation, the trigger
    included, and the sum of their total bets in cents).

    Stored by the session with each round's credit (key `round_state`); `version` lets a later
    engine upgrade a stored state. No reel active means no collection (0 spins, 0 cents).
    """

    version: Literal[1] = 1
    active: tuple[bool, ...] = (False,) * 5
    spins: int = Field(default=0, ge=0)
    bet_cents: int = Field(default=0, ge=0)
    adventures: int = Field(default=0, ge=0)
    """Global Adventures played so far (shown in the history)."""

    @model_validator(mode="after")
    def _consistent(self) -> PassportState:
        if any(self.active) != (self.spins > 0) or (self.spins > 0) != (self.bet_cents > 0):
            raise ValueError("a collection has spins and a bet sum exactly when a reel is active")
        return self

    @property
    def mask(self) -> int:
        """The active reels as bits (bit r: reel r + 1)."""
        return sum(1 << r for r, on in enumerate(self.active) if on)


STATE = PassportState
"""The state the game keeps across rounds (`game.games.state_model`)."""
