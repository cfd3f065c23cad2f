"""Game rules plugged into the round, registered by the definition's `feature.type`.

Each game module registers a `GameRules`: `play(ctx)`, a generator that yields a round's events
in order and receives each player choice as the value of the `yield` of a `PickRequestEvent`; and
`simulate_batch(...)`, which plays N rounds at once for the simulator with the same evaluation
and feature functions. A definition without a feature plays plain line spins (`"lines"`).

Game modules are imported on first use (`rules_for`), so this package never imports them at
import time and they may import it freely.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from game.evaluate import CompiledGame, evaluate_spins

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.money import Bet
    from game.rng import Rng
    from game.round import RoundContext

Flow = Callable[["RoundContext"], Generator[Any, Any, None]]
"""A round flow: yields events; a yielded PickRequestEvent is answered by `send(choice)`."""


@dataclass
class BatchStats:
    """What N simulated rounds paid.

    `wins`: (N,) coins credited per round (after any cap). `uncapped`: (N,) before the cap.
    `parts`: coins by source before the cap (e.g. base_lines, base_scatter, free_spins).
    `counts`: feature counters summed over the batch (e.g. free_spins rounds, capped rounds).
    """

    wins: np.ndarray
    uncapped: np.ndarray
    parts: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


BatchSimulator = Callable[[CompiledGame, "Bet", "Rng", "Rng", int], BatchStats]
"""simulate_batch(compiled, bet, rng, pick_rng, n): n rounds; player picks come from pick_rng."""


@dataclass(frozen=True)
class GameRules:
    """One game's flow for play and its batch form for simulation."""

    feature_type: str
    play: Flow
    simulate_batch: BatchSimulator


_RULES: dict[str, GameRules] = {}
_MODULES = ("game.games.stones", "game.games.warlords.rules")


def register(rules: GameRules) -> GameRules:
    """Make `rules` the flow for definitions whose `feature.type` is `rules.feature_type`."""
    _RULES[rules.feature_type] = rules
    return rules


def feature_type(defn: GameDefinition) -> str:
    return defn.feature.type if defn.feature is not None else "lines"


def rules_for(defn: GameDefinition) -> GameRules:
    """The registered rules for a definition (ValueError if its feature has none)."""
    kind = feature_type(defn)
    if kind not in _RULES:
        for name in _MODULES:
            importlib.import_module(name)
    try:
        return _RULES[kind]
    except KeyError:
        raise ValueError(f"{defn.id}: no rules registered for feature type {kind!r}") from None


def cap_coins(defn: GameDefinition, bet: Bet) -> int | None:
    """The round's win cap in coins for this bet (the smaller of the rules' caps), or None."""
    caps = []
    if defn.cap.max_currency_cents is not None:
        caps.append(defn.cap.max_currency_cents // bet.coin_value_cents)
    if defn.cap.max_coins_per_level is not None:
        caps.append(defn.cap.max_coins_per_level * bet.level)
    return min(caps) if caps else None


def apply_cap(uncapped: np.ndarray, cap: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Round totals as paid (each at most the cap) and which rounds reached the cap.

    A round is capped when its running total reaches or passes the cap; wins are never negative,
    so that is exactly when its final uncapped total does.
    """
    if cap is None:
        return uncapped, np.zeros(uncapped.shape, dtype=bool)
    return np.minimum(uncapped, cap), uncapped >= cap


def check_pick(choice: Any, options: int, picked: Sequence[int]) -> int:
    """A valid pick index, or ValueError with a plain message."""
    if isinstance(choice, bool) or not isinstance(choice, int | np.integer):
        raise ValueError(f"a pick must be a whole number, got {choice!r}")
    if not 0 <= choice < options:
        raise ValueError(f"pick {choice} is out of range: choose 0 to {options - 1}")
    if choice in picked:
        raise ValueError(f"pick {choice} was already picked")
    return int(choice)


# -- plain line games (no feature) -------------------------------------------------------------
def _lines_play(ctx: RoundContext) -> Generator[Any, Any, None]:
    cg = ctx.compiled
    base = cg.reels("base")
    _, events = ctx.spin_events("base", base, cg.lut(), ctx.rng.stops(base.lengths, 1))
    yield events[0]
    ctx.credit(events[0].win_coins)


def _lines_simulate(cg: CompiledGame, bet: Bet, rng: Rng, pick_rng: Rng, n: int) -> BatchStats:
    base = cg.reels("base")
    batch = evaluate_spins(cg, base, cg.lut(), rng.stops(base.lengths, n), bet)
    uncapped = batch.win_coins
    wins, capped = apply_cap(uncapped, cap_coins(cg.defn, bet))
    return BatchStats(
        wins=wins,
        uncapped=uncapped,
        parts={
            "base_lines": int(batch.line_coins.sum()),
            "base_scatter": int(batch.scatter_coins.sum()),
        },
        counts={"capped": int(capped.sum())},
    )


register(GameRules("lines", _lines_play, _lines_simulate))
