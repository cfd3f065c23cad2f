"""The `[feature]` section of Warlords – Crystals of Power, as validated data.

The rules it encodes (docs/math/warlords.md has them in full):

- Random Overlay Wild: every base spin first draws `overlay.weights` (none, hammer, arrow, sword).
  An overlay spin uses `overlay.reel_set` (no scatters) and lays wilds over the landed cells: the
  hammer a 2×2 square inside `hammer_reels`, the arrow `arrow_counts` cells anywhere on
  `arrow_reels`, the sword `sword_counts` cells on `sword_reels` (count drawn by weight, the cells
  a uniform subset).
- A base spin (no overlay) with `respin_trigger` or more scatters starts the re-spins; differing
  colours battle first (`battle`: 1 against 1 even, a pair against a single `pair_vs_single`,
  three colours even). The scatters, now all of the winner's colour, are held; `respins` re-spins
  follow on the winner's re-spin reels; each new scatter is held and adds one re-spin.
- After the re-spins, `free_spins_min` or more scatters start the winner's free spins. Exactly the
  trigger count (nothing added) gives the Final Chance: a coin win of `coin_weights` × the total
  bet, or (`scatter_weight`) one more scatter on a uniformly chosen free cell and the free spins.
- Barbarian: `spins_per_scatter` × n spins, each new scatter adds `extra_spins`. Priestess: `spins`
  spins at a multiplier of n, each new scatter adds 1 before that spin's wins. Samurai: `spins`
  spins, a sticky wild where each scatter stood and where each new scatter lands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from game.schema import Feature, Model, SymbolId

if TYPE_CHECKING:
    from game.definitions import GameDefinition

Mode = Literal["barbarian", "priestess", "samurai"]
OverlayKind = Literal["none", "hammer", "arrow", "sword"]
"""What a base spin's Random Overlay Wild brings ("none": no overlay)."""
OVERLAYS: tuple[OverlayKind, ...] = ("hammer", "arrow", "sword")


def _check_weights(name: str, weights: dict[int, int]) -> None:
    if not weights or any(w < 0 for w in weights.values()) or sum(weights.values()) <= 0:
        raise ValueError(f"{name}: weights must be non-negative with a positive sum")


class OverlayRules(Model):
    """The Random Overlay Wild: how often each type comes and where its wilds go."""

    reel_set: str
    weights: dict[OverlayKind, int]
    hammer_reels: tuple[int, int] = (1, 4)
    arrow_reels: tuple[int, int] = (1, 5)
    arrow_counts: dict[int, int]
    sword_reels: tuple[int, int] = (1, 4)
    sword_counts: dict[int, int]

    @model_validator(mode="after")
    def _shape(self) -> OverlayRules:
        if set(self.weights) != {"none", *OVERLAYS}:
            raise ValueError("weights: give none, hammer, arrow and sword")
        if any(w < 0 for w in self.weights.values()) or sum(self.weights.values()) <= 0:
            raise ValueError("weights: must be non-negative with a positive sum")
        _check_weights("arrow_counts", self.arrow_counts)
        _check_weights("sword_counts", self.sword_counts)
        for name, (a, b) in (
            ("hammer_reels", self.hammer_reels),
            ("arrow_reels", self.arrow_reels),
            ("sword_reels", self.sword_reels),
        ):
            if not 1 <= a <= b:
                raise ValueError(f"{name}: need 1 ≤ first ≤ last, got {a}..{b}")
        if self.hammer_reels[1] - self.hammer_reels[0] < 1:
            raise ValueError("hammer_reels: the 2×2 square needs two reels")
        for name, counts in (("arrow_counts", self.arrow_counts), ("sword_counts", self.sword_counts)):
            if any(k < 1 for k in counts):
                raise ValueError(f"{name}: counts must be at least 1")
        return self


class Warlord(Model):
    """One scatter colour: its symbol, its free-spins mode and the reel sets they use."""

    scatter: SymbolId
    mode: Mode
    respin_reel_set: str
    free_reel_set: str


class Battle(Model):
    """Weights of the winning colour: a pair against a single (pair first); otherwise even."""

    pair_vs_single: tuple[int, int] = (3, 1)


class FinalChance(Model):
    """Coin win multiples of the total bet by weight, or a placed scatter by weight."""

    coin_weights: dict[int, int]
    scatter_weight: int = Field(ge=0)

    @model_validator(mode="after")
    def _shape(self) -> FinalChance:
        if any(k < 1 or w < 0 for k, w in self.coin_weights.items()):
            raise ValueError("coin_weights: multiples ≥ 1 and weights ≥ 0")
        if sum(self.coin_weights.values()) + self.scatter_weight <= 0:
            raise ValueError("coin_weights: the weights must have a positive sum")
        return self


class Barbarian(Model):
    spins_per_scatter: int = Field(default=3, ge=1, le=20)
    extra_spins: int = Field(default=3, ge=0, le=20)


class Priestess(Model):
    spins: int = Field(default=7, ge=1, le=50)


class Samurai(Model):
    spins: int = Field(default=5, ge=1, le=50)


class WarlordsFeature(Feature):
    """Warlords – Crystals of Power (see the module docstring for the rules)."""

    type: Literal["warlords"]
    overlay: OverlayRules
    warlords: list[Warlord] = Field(min_length=1, max_length=3)
    respin_trigger: int = Field(default=2, ge=2)
    respins: int = Field(default=1, ge=1)
    free_spins_min: int = Field(default=3, ge=3)
    battle: Battle = Battle()
    final_chance: FinalChance
    barbarian: Barbarian = Barbarian()
    priestess: Priestess = Priestess()
    samurai: Samurai = Samurai()

    @model_validator(mode="after")
    def _unique(self) -> WarlordsFeature:
        for what, values in (
            ("scatter", [w.scatter for w in self.warlords]),
            ("mode", [w.mode for w in self.warlords]),
        ):
            if len(set(values)) != len(values):
                raise ValueError(f"warlords: each {what} at most once")
        if self.free_spins_min != self.respin_trigger + 1:
            raise ValueError("free_spins_min: the Final Chance adds one scatter to the trigger count")
        return self

    # -- what a round can pay at most (game.definitions.win_bound_cents) --------------------------
    def max_spins(self, defn: GameDefinition) -> int | None:
        """None: the Barbarian's free spins add spins for every scatter that lands, without end;
        the game's cap bounds its rounds (the re-spins pay nothing)."""
        return None

    def max_multiplier(self, defn: GameDefinition) -> int:
        """The Priestess's multiplier: the trigger's scatters, then every cell's scatter on each
        of her spins."""
        cells = defn.reels * defn.rows
        return cells * (1 + self.priestess.spins)

    def max_bonus_x_bet(self, defn: GameDefinition) -> int:
        """The Final Chance's largest coin win, in total bets."""
        return max(self.final_chance.coin_weights)

    def check(self, defn: GameDefinition) -> None:
        """Cross-references against the definition; raises ValueError("feature.<field>: reason")."""
        kinds = {s.id: s.kind for s in defn.symbols}
        sets = defn.reel_sets
        scatters = {w.scatter for w in self.warlords}
        if set(defn.symbols_of_kind("scatter")) != scatters:
            raise ValueError("feature.warlords: every scatter symbol needs exactly one warlord")
        if "wild" not in kinds.values():
            raise ValueError("feature.overlay: the overlay wild needs a wild symbol")
        if defn.rows != 3:
            raise ValueError("feature: Warlords is played on 3 rows")
        o = self.overlay
        for name, (_first, b) in (
            ("hammer_reels", o.hammer_reels),
            ("arrow_reels", o.arrow_reels),
            ("sword_reels", o.sword_reels),
        ):
            if b > defn.reels:
                raise ValueError(f"feature.overlay.{name}: reel {b} does not exist")
        for name, counts, (a, b) in (
            ("arrow_counts", o.arrow_counts, o.arrow_reels),
            ("sword_counts", o.sword_counts, o.sword_reels),
        ):
            if max(counts) > (b - a + 1) * defn.rows:
                raise ValueError(f"feature.overlay.{name}: more wilds than cells")
        if o.reel_set not in sets:
            raise ValueError(f"feature.overlay.reel_set: no reel set {o.reel_set!r}")
        if any(s in scatters for strip in sets[o.reel_set] for s in strip):
            raise ValueError("feature.overlay.reel_set: the overlay reels hold no scatter")
        _check_spacing("base", sets["base"], scatters, defn.rows)
        for r in (1, defn.reels):
            if any(s in scatters for s in sets["base"][r - 1]):
                raise ValueError(
                    f"feature: scatters appear on reels 2 to {defn.reels - 1} only (base reel {r})"
                )
        for w in self.warlords:
            for field, name in (("respin_reel_set", w.respin_reel_set), ("free_reel_set", w.free_reel_set)):
                if name not in sets:
                    raise ValueError(f"feature.warlords.{field}: no reel set {name!r}")
                others = scatters - {w.scatter}
                if any(s in others for strip in sets[name] for s in strip):
                    raise ValueError(f"feature.warlords.{field}: {name} holds another colour's scatter")
                _check_spacing(name, sets[name], scatters, defn.rows)


def _check_spacing(name: str, strips: list[list[str]], scatters: set[str], rows: int) -> None:
    """A window never shows two scatters (the battle and the sticky wilds count one per cell)."""
    for r, strip in enumerate(strips, start=1):
        n = len(strip)
        if rows > n:  # a window wider than the strip shows a stop twice: count cell by cell
            for stop in range(n):
                if sum(strip[(stop + k) % n] in scatters for k in range(rows)) > 1:
                    raise ValueError(f"feature: reel {r} of {name} shows two scatters at stop {stop}")
            continue
        at = [i for i, s in enumerate(strip) if s in scatters]
        # two scatters share a window exactly when they are fewer than `rows` stops apart (the
        # strip wraps round); the windows showing both start from `q - rows + 1` to `p`
        stops = [
            (start % n)
            for i, p in enumerate(at)
            for q in at[i + 1 :] + [x + n for x in at[:i]]
            if 0 < q - p < rows
            for start in range(q - rows + 1, p + 1)
        ]
        if stops:
            raise ValueError(f"feature: reel {r} of {name} shows two scatters at stop {min(stops)}")


FEATURE = WarlordsFeature
