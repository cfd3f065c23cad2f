"""What every game package plugs into: `GameRules`, the batch result, caps and pick checks.

A game's `rules.py` builds one `GameRules`:

- `play(ctx)`: the round as a generator. It yields events in order; a yielded
  `PickRequestEvent` is answered with the player's choice through `send()`. It draws only through
  `ctx.rng` (`stops(lengths, 1)`, `below(n)`, `choice_index(weights)`, `permutation(n)`), credits
  each win with `ctx.credit(coins)` and stops spinning once that returns True (the cap). Hidden
  contents a pick reveals are laid out before the pick; on each answer the flow swaps the picked
  position's content with `ctx.swap_with(choice, face_down)`'s, so the seed alone never tells it.
- `simulate_batch(cg, bet, rng, pick_rng, n, *, state=None, record=None)`: n rounds at once with
  the same evaluation and feature functions; player picks come from `pick_rng`. For the round
  indices in `record` it writes a `game.tape.Tape` (the draws in play order), so the simulator
  can replay those rounds through `play` and prove both paths pay the same (`--check-flow`).
- `par_sheet(defn, lines)`: the game's exact par sheet (`game/games/<id>/exact.py`).
- `round_moments(defn, lines)`: (E[X], E[X²]) of a round's win per total bet, exact, where the
  game has them (None: the par sheet samples the SD, `game.math.volatility`).
- `events`: the game's own event models; `state_model`: its cross-round state (None: none);
  `initial_batch_state(cg, bet, rng, players)`: the start state of `players` simulated players,
  a NumPy array whose first axis is the player, for games whose rounds depend on earlier ones
  (the simulator then plays them in lock-step, `simulate_batch(..., n=players, state=S)`
  returning the next state in `BatchStats.state`). Start players where the game's long-run
  (stationary) state distribution puts them, so short simulated sequences carry no start-up bias;
  the taped rounds carry `state_in`/`state_out` as `state_model` instances.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from pydantic import BaseModel

from game import messages
from game.messages import Message, Money

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.evaluate import CompiledGame
    from game.money import Bet
    from game.rng import Rng
    from game.round import RoundContext
    from game.tape import Tape

Flow = Callable[["RoundContext"], Generator[Any, Any, None]]
"""A round flow: yields events; a yielded PickRequestEvent is answered by `send(choice)`."""


@dataclass
class BatchStats:
    """What N simulated rounds paid.

    `wins`: (N,) coins credited per round (after any cap). `uncapped`: (N,) before the cap.
    `parts`: coins by source before the cap (e.g. base_lines, base_scatter, free_spins).
    `counts`: feature counters summed over the batch (e.g. free_spins rounds, capped rounds).
    `tapes`: the recorded rounds (index → Tape). `state`: the players' state after these rounds
    (stateful games only).
    """

    wins: np.ndarray
    uncapped: np.ndarray
    parts: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    tapes: dict[int, Tape] = field(default_factory=dict)
    state: Any = None


class BatchSimulator(Protocol):
    """The call shape of `simulate_batch` (documentation for type checkers)."""

    def __call__(
        self,
        cg: CompiledGame,
        bet: Bet,
        rng: Rng,
        pick_rng: Rng,
        n: int,
        *,
        state: Any = None,
        record: np.ndarray | None = None,
    ) -> BatchStats: ...


@dataclass(frozen=True)
class GameRules:
    """One game's flow for play, its batch form for simulation and its exact par sheet."""

    feature_type: str
    play: Flow
    simulate_batch: Callable[..., BatchStats]
    par_sheet: Callable[..., dict[str, Any]]
    events: tuple[type[BaseModel], ...] = ()
    state_model: type[BaseModel] | None = None
    initial_batch_state: Callable[[CompiledGame, Bet, Rng, int], Any] | None = None
    round_moments: Callable[[GameDefinition, int | None], tuple[float, float]] | None = None

    @property
    def stateful(self) -> bool:
        return self.state_model is not None


def recorded(record: np.ndarray | None, n: int) -> np.ndarray:
    """The sorted, in-range round indices to tape (empty when nothing is recorded)."""
    if record is None:
        return np.zeros(0, dtype=np.int64)
    rec = np.unique(np.asarray(record, dtype=np.int64))
    return rec[(rec >= 0) & (rec < n)]


# -- the round cap --------------------------------------------------------------------------------
def cap_coins(defn: GameDefinition, bet: Bet) -> int | None:
    """The round's win cap in coins for this bet (the smaller of the rules' caps), or None."""
    caps = []
    if defn.cap.max_currency_cents is not None:
        caps.append(defn.cap.max_currency_cents // bet.coin_value_cents)
    if defn.cap.max_coins_per_level is not None:
        caps.append(defn.cap.max_coins_per_level * bet.level)
    return min(caps) if caps else None


def cap_message(defn: GameDefinition, bet: Bet) -> Message | None:
    """What the player is told when a round reaches the cap at this bet (None: no cap)."""
    cap = cap_coins(defn, bet)
    if cap is None:
        return None
    if defn.cap.max_currency_cents is not None and cap == defn.cap.max_currency_cents // bet.coin_value_cents:
        return Message(messages.CAP_MONEY, {"amount": Money(defn.cap.max_currency_cents), "coins": cap})
    return Message(messages.CAP_COINS, {"coins": cap})


def apply_cap(uncapped: np.ndarray, cap: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Round totals as paid (each at most the cap) and which rounds reached the cap.

    A round is capped when its running total reaches or passes the cap; wins are never negative,
    so that is exactly when its final uncapped total does.
    """
    if cap is None:
        return uncapped, np.zeros(uncapped.shape, dtype=bool)
    return np.minimum(uncapped, cap), uncapped >= cap


# -- picks ----------------------------------------------------------------------------------------
class PickRefused(ValueError):  # noqa: N818 - reads as what happened to the pick
    """A pick that cannot be taken; `message` says why to the player."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.english())
        self.message = message


def check_pick(choice: Any, options: int, picked: Sequence[int]) -> int:
    """A valid pick index, or PickRefused (a ValueError) with a plain message."""
    if isinstance(choice, bool) or not isinstance(choice, int | np.integer):
        raise PickRefused(Message(messages.PICK_WHOLE))
    if not 0 <= choice < options:
        raise PickRefused(Message(messages.PICK_RANGE, {"choice": int(choice), "last": options - 1}))
    if choice in picked:
        raise PickRefused(Message(messages.PICK_TAKEN, {"choice": int(choice)}))
    return int(choice)
