"""Game definitions: pydantic models of a game's data, loading and cross-reference validation.

A game lives in `assets/games/<id>/game.toml`. Every model forbids unknown fields; bounds and
cross-references (strip symbols defined, line rows in range, pays growing with the count, bet
options consistent, feature references valid) are checked at load, and a bad file raises
`DefinitionError` naming the file, the field and the reason.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializeAsAny,
    ValidationError,
    field_validator,
    model_validator,
)

from game import games
from game.bounds import (
    MAX_CAP_COINS_PER_LEVEL,
    MAX_COIN_VALUE_CENTS,
    MAX_COINS_PER_LEVEL,
    MAX_DATA_BYTES,
    MAX_LEVEL,
    MAX_LEVELS,
    MAX_LINE_PAY,
    MAX_LINES,
    MAX_NESTING,
    MAX_REELS,
    MAX_ROUND_WIN_CENTS,
    MAX_ROWS,
    MAX_SCATTER_PAY,
    MAX_STRIP,
    MAX_SYMBOLS,
)
from game.paths import asset_path
from game.schema import Feature, Model, SymbolId

SymbolKind = Literal["regular", "wild", "scatter", "bonus", "blank"]
"""`blank`: a filler that never pays and never substitutes (Warlords' re-spin reels)."""


class DefinitionError(Exception):
    """A game data file is invalid; the message names the file, the field and the reason."""

    def __init__(self, file: Path | str, field: str, reason: str) -> None:
        self.file = str(file)
        self.field = field
        self.reason = reason
        super().__init__(f"{self.file}: {field}: {reason}")


Pay = Annotated[int, Field(ge=1, le=MAX_LINE_PAY)]
ScatterPay = Annotated[int, Field(ge=1, le=MAX_SCATTER_PAY)]
Level = Annotated[int, Field(ge=1, le=MAX_LEVEL)]
CoinValue = Annotated[int, Field(ge=1, le=MAX_COIN_VALUE_CENTS)]
Strip = Annotated[list[SymbolId], Field(min_length=1, max_length=MAX_STRIP)]


class SymbolDef(Model):
    id: SymbolId
    name: str = Field(min_length=1, max_length=40)
    kind: SymbolKind


class BetOptions(Model):
    """What a player may stake.

    `lines_selectable` false means every line is always played (fixed lines). `coins_per_level`
    is the number of coins one bet level costs when that differs from the line count (Warlords);
    None means one coin per active line per level. `max_bet` is what MAX BET does, as the game's
    rules say: "sets" the maximum bet only; "plays" a round at the maximum bet at once;
    "plays_at_top" plays when the bet is already at the highest level and, below it, raises the
    bet to the maximum on the first press so that a second press plays.
    """

    lines_selectable: bool
    default_lines: int = Field(ge=1, le=MAX_LINES)
    levels: list[Level] = Field(min_length=1, max_length=MAX_LEVELS)
    default_level: Level
    coin_values_cents: list[CoinValue] = Field(min_length=1, max_length=MAX_LEVELS)
    default_coin_value_cents: CoinValue
    coins_per_level: int | None = Field(default=None, ge=1, le=MAX_COINS_PER_LEVEL)
    max_bet: Literal["sets", "plays", "plays_at_top"] = "sets"

    @model_validator(mode="after")
    def _consistent(self) -> BetOptions:
        for name, values in (("levels", self.levels), ("coin_values_cents", self.coin_values_cents)):
            if any(v < 1 for v in values):
                raise ValueError(f"{name} must all be positive")
            if values != sorted(set(values)):
                raise ValueError(f"{name} must be strictly increasing, got {values}")
        if self.default_level not in self.levels:
            raise ValueError(f"default_level {self.default_level} is not one of levels")
        if self.default_coin_value_cents not in self.coin_values_cents:
            raise ValueError(f"default_coin_value_cents {self.default_coin_value_cents} is not a coin value")
        return self


class WinCap(Model):
    """Caps on a whole round's total win; either may be absent."""

    max_currency_cents: int | None = Field(default=None, ge=1, le=MAX_ROUND_WIN_CENTS)
    max_coins_per_level: int | None = Field(default=None, ge=1, le=MAX_CAP_COINS_PER_LEVEL)


class GameDefinition(Model):
    """Everything the engine, the calculator and the paytable screen know about one game."""

    id: SymbolId
    name: str = Field(min_length=1, max_length=80)
    pitch: str = Field(min_length=1, max_length=160)
    rtp_published: float = Field(gt=0.5, lt=1.0)
    reels: int = Field(ge=3, le=MAX_REELS)
    rows: int = Field(ge=1, le=MAX_ROWS)
    symbols: list[SymbolDef] = Field(min_length=2, max_length=MAX_SYMBOLS)
    lines: list[list[int]] = Field(min_length=1, max_length=MAX_LINES)
    paytable: dict[SymbolId, dict[int, Pay]]
    scatter_pays: dict[SymbolId, dict[int, ScatterPay]] = Field(default_factory=dict)
    reel_sets: dict[SymbolId, list[Strip]]
    bet: BetOptions
    cap: WinCap = WinCap()
    feature: SerializeAsAny[Feature] | None = None
    """The game's own section, validated by the model its `type` names in the registry
    (`game.games`); None for a plain line game."""

    # -- lookups -------------------------------------------------------------------------------
    @property
    def symbol_ids(self) -> list[str]:
        return [s.id for s in self.symbols]

    def symbol(self, symbol_id: str) -> SymbolDef:
        for s in self.symbols:
            if s.id == symbol_id:
                return s
        raise KeyError(symbol_id)

    def symbols_of_kind(self, kind: SymbolKind) -> list[str]:
        return [s.id for s in self.symbols if s.kind == kind]

    # -- validation ----------------------------------------------------------------------------
    @field_validator("feature", mode="before")
    @classmethod
    def _feature_model(cls, value: object) -> object:
        if isinstance(value, dict):
            kind = value.get("type")
            if not isinstance(kind, str):
                raise ValueError("feature.type: names the game's rules (a type registered in game.games)")
            try:
                model = games.feature_model(kind)
            except ValueError as exc:
                raise ValueError(f"feature.type: {exc}") from None
            return model.model_validate(value)
        return value

    @model_validator(mode="after")
    def _cross_references(self) -> GameDefinition:
        ids = self.symbol_ids
        if len(ids) != len(set(ids)):
            raise ValueError("symbols: ids must be unique")
        kinds = {s.id: s.kind for s in self.symbols}
        if sum(1 for k in kinds.values() if k == "wild") > 1:
            raise ValueError("symbols: at most one wild symbol")

        for i, line in enumerate(self.lines, start=1):
            if len(line) != self.reels:
                raise ValueError(f"lines[{i}]: needs one row per reel ({self.reels}), has {len(line)}")
            if any(not 0 <= r < self.rows for r in line):
                raise ValueError(f"lines[{i}]: rows must be 0..{self.rows - 1}, got {line}")
        if len({tuple(line) for line in self.lines}) != len(self.lines):
            raise ValueError("lines: every line shape must be different")

        for table_name, table, allowed in (
            ("paytable", self.paytable, ("regular", "wild")),
            ("scatter_pays", self.scatter_pays, ("scatter",)),
        ):
            for sym, pays in table.items():
                if sym not in kinds:
                    raise ValueError(f"{table_name}.{sym}: symbol is not defined")
                if kinds[sym] not in allowed:
                    raise ValueError(f"{table_name}.{sym}: a {kinds[sym]} symbol cannot pay here")
                if not pays:
                    raise ValueError(f"{table_name}.{sym}: no pays")
                counts = sorted(pays)
                if counts[0] < 1 or counts[-1] > self.reels * self.rows:
                    raise ValueError(f"{table_name}.{sym}: counts must be 1..{self.reels * self.rows}")
                if table_name == "paytable" and counts[-1] > self.reels:
                    raise ValueError(f"paytable.{sym}: a line has only {self.reels} positions")
                values = [pays[c] for c in counts]
                if any(v <= 0 for v in values):
                    raise ValueError(f"{table_name}.{sym}: pays must be positive")
                if any(b <= a for a, b in pairwise(values)):
                    raise ValueError(f"{table_name}.{sym}: pays must grow with the count")
        for sym, kind in kinds.items():
            if kind in ("regular", "wild") and sym not in self.paytable:
                raise ValueError(f"paytable: {kind} symbol {sym} has no pays")

        if "base" not in self.reel_sets:
            raise ValueError("reel_sets: the base game's set must be named 'base'")
        for name, strips in self.reel_sets.items():
            if len(strips) != self.reels:
                raise ValueError(f"reel_sets.{name}: needs {self.reels} strips, has {len(strips)}")
            for r, strip in enumerate(strips, start=1):
                if len(strip) < self.rows:
                    raise ValueError(f"reel_sets.{name}[{r}]: strip shorter than the window")
                unknown = sorted(set(strip) - set(ids))
                if unknown:
                    raise ValueError(f"reel_sets.{name}[{r}]: undefined symbols {unknown}")

        if self.bet.default_lines > len(self.lines):
            raise ValueError("bet.default_lines: more than the game's lines")

        if self.feature is not None:
            self.feature.check(self)

        most = win_bound_cents(self)
        if most is None:
            raise ValueError("cap: the feature sets no limit on a round's spins, so the game needs a cap")
        if most > MAX_ROUND_WIN_CENTS:
            raise ValueError(
                f"paytable: pays, lines, levels, multipliers, spins and coin values allow a round to win "
                f"{most:,} cents, above the limit of {MAX_ROUND_WIN_CENTS:,}"
            )
        return self


def _per_spin_coins(defn: GameDefinition) -> tuple[int, int]:
    """(coins one evaluation of the reels pays at most at level 1, coins of total bet per level)."""
    unit = defn.bet.coins_per_level or len(defn.lines)
    top_line = max((v for pays in defn.paytable.values() for v in pays.values()), default=0)
    top_scatter = max((v for pays in defn.scatter_pays.values() for v in pays.values()), default=0)
    return len(defn.lines) * top_line + top_scatter * unit, unit


def win_bound_coins(defn: GameDefinition) -> int | None:
    """An upper bound on one round's total win in coins at the game's largest level, before any
    cap: every line paying the top pay and every scatter its top pay, on every evaluation the
    feature allows, times its largest multiplier, plus what the feature pays besides. None when
    the feature sets no limit on its spins."""
    level = max(defn.bet.levels)
    per_spin, unit = _per_spin_coins(defn)
    f = defn.feature
    if f is None:
        return level * per_spin
    spins = f.max_spins(defn)
    if spins is None:
        return None
    mult, bonus = f.max_multiplier(defn), f.max_bonus_x_bet(defn)
    return level * mult * (spins * per_spin + bonus * unit)


def win_bound_cents(defn: GameDefinition) -> int | None:
    """An upper bound in cents on what one round adds up at the game's largest bet, before the
    cap: `win_bound_coins` at the largest coin value, so even an uncapped sum stays far inside
    int64. When the feature sets no limit on its spins, the cap ends the round instead: the bound
    is then the cap plus the one evaluation that crosses it (None without a cap)."""
    coin = max(defn.bet.coin_values_cents)
    coins = win_bound_coins(defn)
    if coins is not None:
        return coins * coin
    caps = []
    if defn.cap.max_currency_cents is not None:
        caps.append(defn.cap.max_currency_cents)
    if defn.cap.max_coins_per_level is not None:
        caps.append(defn.cap.max_coins_per_level * max(defn.bet.levels) * coin)
    if not caps:
        return None
    f = defn.feature
    assert f is not None
    per_spin, _ = _per_spin_coins(defn)
    return min(caps) + max(defn.bet.levels) * f.max_multiplier(defn) * per_spin * coin


class LoadedGame(BaseModel):
    """A definition together with where it came from, the SHA-256 of its data file and the
    file's bytes (the ledger keeps them with each round, so an open round always completes under
    the rules it began with)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    definition: GameDefinition
    path: Path
    sha256: str
    data: bytes = b""


def _field_name(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(file)"


def load_definition(path: Path) -> LoadedGame:
    """Load and validate one `game.toml`; raise `DefinitionError` (file, field, reason)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_DATA_BYTES:
            raise DefinitionError(path, "(file)", _too_large(size))
        raw_bytes = path.read_bytes()
    except OSError as exc:
        raise DefinitionError(path, "(file)", f"cannot read: {exc.strerror or exc}") from exc
    loaded = parse_definition(raw_bytes, path)
    if loaded.definition.id != path.parent.name:
        raise DefinitionError(
            path, "id", f"is {loaded.definition.id!r} but the folder is {path.parent.name!r}"
        )
    return loaded


def parse_definition(raw_bytes: bytes, path: Path) -> LoadedGame:
    """Validate game data given as bytes (`path` names it in errors). Every failure, whatever
    the data holds (not UTF-8, not TOML, nested too deeply, too large, out of bounds, a
    reference to nothing), is a `DefinitionError` naming the file, the field and the reason."""
    if len(raw_bytes) > MAX_DATA_BYTES:
        raise DefinitionError(path, "(file)", _too_large(len(raw_bytes)))
    try:
        data = tomllib.loads(raw_bytes.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DefinitionError(path, "(file)", f"not valid TOML: {exc}") from exc
    except (RecursionError, MemoryError) as exc:
        raise DefinitionError(path, "(file)", "nested too deeply to read") from exc
    deep = _too_deep(data)
    if deep is not None:
        raise DefinitionError(path, deep, f"nested more than {MAX_NESTING} levels deep")
    try:
        definition = GameDefinition.model_validate(data)
    except ValidationError as exc:
        raise DefinitionError(path, *_describe(exc)) from exc
    except (RecursionError, MemoryError, ArithmeticError, LookupError, TypeError, ValueError) as exc:
        # a validator meeting data it did not expect: still the file's fault, said as such
        raise DefinitionError(path, "(file)", f"cannot be read ({type(exc).__name__}: {exc})") from exc
    return LoadedGame(
        definition=definition, path=path, sha256=hashlib.sha256(raw_bytes).hexdigest(), data=raw_bytes
    )


def _too_large(size: int) -> str:
    return f"is {size:,} bytes; game data is at most {MAX_DATA_BYTES:,}"


def _too_deep(data: object) -> str | None:
    """The first field nested deeper than MAX_NESTING (walked without recursion), or None.

    Game files are large (reel strips) and shallow: the walk keeps no names; only when some
    value is too deep is it walked again with names, to say which."""
    if not isinstance(data, dict | list):
        return None
    stack: list[tuple[dict[Any, Any] | list[Any], int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if children and depth >= MAX_NESTING:  # its values sit deeper than MAX_NESTING
            return _deep_name(data)
        stack.extend((v, depth + 1) for v in children if isinstance(v, dict | list))
    return None


def _deep_name(data: object) -> str:
    """The name of the first field nested deeper than MAX_NESTING (there is one)."""
    stack: list[tuple[object, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_NESTING:
            return where or "(file)"
        if isinstance(value, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    return "(file)"


def _describe(exc: ValidationError) -> tuple[str, str]:
    """(field, reason) of a validation error's first problem."""
    err = exc.errors()[0]
    loc = tuple(p for p in err["loc"] if p not in ("function-after[_consistent(), BetOptions]",))
    msg = err["msg"].removeprefix("Value error, ")
    field = _field_name(loc)
    if not loc or loc == ("feature",):
        # cross-reference errors name their field first: "lines[3]: needs one row per reel"
        match = re.match(r"([A-Za-z_][\w.\[\]]*): (.+)", msg, re.S)
        if match:
            field, msg = match.groups()
    return field, msg


def games_dir() -> Path:
    return asset_path("games")


def list_game_ids() -> list[str]:
    """Ids of the installed games (folders under assets/games with a game.toml), sorted."""
    root = games_dir()
    return sorted(p.parent.name for p in root.glob("*/game.toml"))


def load_game(game_id: str) -> LoadedGame:
    """Load an installed game by id."""
    path = games_dir() / game_id / "game.toml"
    if not path.exists():
        raise DefinitionError(path, "(file)", f"no game with id {game_id!r}")
    return load_definition(path)
