"""The round state machine: run a round to its next player choice, serialise it, resume it.

`play_round(defn, bet, seed, choices)` is a pure function: it replays the game's flow (see
`game.games`) from the seed, feeding it the given choices, and returns every event up to the
first unanswered choice (`pending`) or the end of the round. Answering a pick is calling it again
with one more choice; the events then strictly extend the previous ones. A round in progress is
stored as a `RoundState` (game, bet, seed, choices) and resumed by playing it again.

Each choice may carry an entropy (`entropies`, parallel to `choices`; 0 or missing: none), drawn
after the player chose and stored with the choice. A flow asks `ctx.swap_with(choice, face_down)`
which face-down position's hidden content goes behind the pick: a uniform one from choice k's
stream keyed by (seed, k, entropy) (`game.rng.pick_below`), or the pick itself for entropy 0.
The hidden contents are a uniform arrangement and the swap does not look at them, so each
reveal's law is unchanged, while the seed alone no longer tells what a pick reveals.

The round owns the running total and the win cap: a flow calls `ctx.credit(coins)` after each
spin and stops spinning once it returns True; the round then emits `WinCapEvent` and
`RoundEndEvent`, paying exactly the cap.

Games whose features span rounds (see `GameRules.state_model`) take the state in force when the
round began (`state=`, a typed model; a new player's state when None) and leave the state after
it in `RoundResult.state_out`. The session stores it with the round's credit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from game.bets import validate_bet
from game.definitions import GameDefinition
from game.draws import Draws, KeyedDraws, SequentialDraws
from game.evaluate import (
    CompiledGame,
    CompiledReels,
    LineLut,
    SpinBatch,
    batch_wins,
    compile_game,
    evaluate_spins,
    grid_symbols,
    grids_from_stops,
)
from game.events import (
    GameEvent,
    PickRequestEvent,
    RoundEndEvent,
    SpinEvent,
    SpinMode,
    WinCapEvent,
    events_to_json,
)
from game.games import rules_for
from game.games.common import GameRules, cap_coins
from game.money import Bet, cents_to_decimal_str
from game.rng import Rng, pick_below


class RoundContext:
    """What a game flow sees while it runs one round: data, bet, RNG and the running total."""

    def __init__(
        self, defn: GameDefinition, bet: Bet, rng: Draws, state: BaseModel | None = None, seed: int = 0
    ) -> None:
        self.defn = defn
        self.bet = bet
        self.rng = rng
        """The round's only source of randomness, by draw site: `KeyedDraws` (one keyed stream per
        site), `SequentialDraws` (rounds of engine 1.0.0) or a hand-written `TapeRng` (tests)."""
        self.compiled: CompiledGame = compile_game(defn)
        self.state = state
        """State carried in from earlier rounds (games whose features span rounds), or None."""
        self.state_out: BaseModel | None = state
        """State a flow leaves for the next round (flows that span rounds replace it)."""
        self.cap_coins = cap_coins(defn, bet)
        self.total_coins = 0
        self.capped = False
        self.seed = seed
        """The round's seed: the key of its pick streams (0 for a simulated round)."""
        self.choice_number = -1
        """The number of the choice answered last (0 for the round's first), set by the round."""
        self.choice_entropy = 0
        """The entropy stored with that choice (0: none)."""

    def swap_with(self, choice: int, face_down: Sequence[int]) -> int:
        """The position whose hidden content goes behind the just-answered `choice`: one drawn
        uniformly from `face_down` (every position still face down, the pick included, in
        increasing order) with the choice's entropy, or `choice` itself without one. The flow
        swaps the two positions' contents before revealing."""
        if not self.choice_entropy:
            return choice
        return face_down[pick_below(self.seed, self.choice_number, self.choice_entropy, len(face_down))]

    def credit(self, coins: int) -> bool:
        """Add a win to the running total; True once the total has reached the cap."""
        self.total_coins += coins
        if self.cap_coins is not None and self.total_coins >= self.cap_coins:
            self.capped = True
        return self.capped

    @property
    def paid_coins(self) -> int:
        """The running total as it would be paid (at most the cap)."""
        cap = self.cap_coins
        return min(self.total_coins, cap) if self.capped and cap is not None else self.total_coins

    def spin_events(
        self,
        mode: SpinMode,
        reels: CompiledReels,
        lut: LineLut,
        stops: np.ndarray,
        *,
        multiplier: int = 1,
        spin_index_start: int | None = None,
        spins_total: int | None = None,
    ) -> tuple[SpinBatch, list[SpinEvent]]:
        """Evaluate (N, reels) stops as one batch and describe each spin as a `SpinEvent`."""
        cg = self.compiled
        batch = evaluate_spins(cg, reels, lut, stops, self.bet, multiplier)
        grids = grids_from_stops(reels, stops)
        wild_symbols = [cg.symbol_ids[i] for i in sorted(lut.wild_set)]
        wild_reels = sorted(reels.wild_reels)
        wins = batch_wins(cg, lut, batch, grids, self.bet)
        mults = batch.multiplier.tolist()
        totals = batch.win_coins.tolist()
        events = []
        for i, spin_stops in enumerate(stops.tolist()):
            events.append(
                SpinEvent(
                    mode=mode,
                    reel_set=reels.name,
                    stops=spin_stops,
                    grid=grid_symbols(cg, grids[i]),
                    wild_symbols=list(wild_symbols),
                    wild_reels=list(wild_reels),
                    multiplier=mults[i],
                    wins=wins[i],
                    win_coins=totals[i],
                    spin_index=None if spin_index_start is None else spin_index_start + i,
                    spins_total=spins_total,
                )
            )
        return batch, events


def _bet_json(bet: Bet) -> dict[str, Any]:
    out: dict[str, Any] = {
        "lines": bet.lines,
        "level": bet.level,
        "coin_value": float(Decimal(cents_to_decimal_str(bet.coin_value_cents))),
        "coin_value_cents": bet.coin_value_cents,
    }
    if bet.coins_per_level_unit is not None:
        out["coins_per_level_unit"] = bet.coins_per_level_unit
    return out


@dataclass(frozen=True)
class RoundResult:
    """A round played up to its first unanswered choice, or to its end."""

    game_id: str
    seed: int
    bet: Bet
    choices: tuple[int, ...]
    events: list[GameEvent]
    pending: PickRequestEvent | None
    finished: bool
    total_win_coins: int
    """What the round pays so far (the final credit once finished), cap applied."""
    capped: bool
    state_in: BaseModel | None = None
    """The cross-round state the round began with (stateful games only)."""
    state_out: BaseModel | None = None
    """The cross-round state after the round (stateful games only)."""
    entropies: tuple[int, ...] = ()
    """The entropy each choice carried (parallel to `choices`; 0: none)."""

    @property
    def total_win_cents(self) -> int:
        return self.bet.coins_to_cents(self.total_win_coins)

    @property
    def state(self) -> RoundState:
        """The resumable state of this round."""
        return RoundState(
            game=self.game_id,
            bet=self.bet,
            seed=self.seed,
            choices=self.choices,
            state=None if self.state_in is None else self.state_in.model_dump(mode="json"),
            entropies=self.entropies,
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the `python -m game play --json` output). "entropies" is there only
        when a choice carries one, so a round without any reads as it always did."""
        out = {
            "game": self.game_id,
            "seed": self.seed,
            "bet": _bet_json(self.bet),
            "choices": list(self.choices),
            "total_bet_coins": self.bet.total_coins,
            "total_win_coins": self.total_win_coins,
            "total_win_cents": self.total_win_cents,
            "capped": self.capped,
            "finished": self.finished,
            "pending": None if self.pending is None else self.pending.model_dump(mode="json"),
            "events": events_to_json(self.events),
            "state_in": None if self.state_in is None else self.state_in.model_dump(mode="json"),
            "state_out": None if self.state_out is None else self.state_out.model_dump(mode="json"),
        }
        if any(self.entropies):
            out["entropies"] = list(self.entropies)
        return out


class RoundState(BaseModel):
    """Everything needed to resume a round: play it again with these values."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    bet: Bet
    seed: int = Field(ge=0)
    choices: tuple[int, ...] = ()
    state: dict[str, Any] | None = None
    """The cross-round state the round began with, as JSON (stateful games only)."""
    entropies: tuple[int, ...] = ()
    """Each choice's entropy (parallel to `choices`; missing or 0: none)."""

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundState:
        return cls.model_validate(data)

    def with_choice(self, choice: int, entropy: int = 0) -> RoundState:
        entropies = (*self.entropies, *(0,) * (len(self.choices) - len(self.entropies)), int(entropy))
        return self.model_copy(update={"choices": (*self.choices, int(choice)), "entropies": entropies})

    def resume(self, defn: GameDefinition) -> RoundResult:
        """Play this round again (up to its next choice or its end)."""
        if defn.id != self.game:
            raise ValueError(f"this round belongs to {self.game!r}, not {defn.id!r}")
        return play_round(defn, self.bet, self.seed, self.choices, state=self.state, entropies=self.entropies)


def play_round(
    defn: GameDefinition,
    bet: Bet,
    seed: int,
    choices: Sequence[int] = (),
    *,
    state: BaseModel | dict[str, Any] | None = None,
    entropies: Sequence[int] = (),
    engine: str | None = None,
) -> RoundResult:
    """Play one round of `defn` from `seed` with the player's `choices` so far (and the entropy
    each carries: `entropies`, parallel to them, missing ones 0).

    `engine` is the engine version the round was recorded with (None: this one). Each draw site
    has its own keyed stream (`KeyedDraws`); a round of engine 1.0.0 took every draw in play
    order from one stream of its seed (`SequentialDraws`) and replays so.

    Raises ValueError for a bet the game does not offer, an invalid choice (out of range,
    already picked, or given when no choice is pending) or a state the game does not keep.
    `state` is the cross-round state of games that carry one (a model or its JSON; None starts a
    new player's state); stateless games take None.
    """
    return run_round(defn, bet, draws_for(seed, engine), choices, state=state, seed=seed, entropies=entropies)


SEQUENTIAL_ENGINES = frozenset({"1.0.0"})
"""Engine versions whose rounds drew in play order from one stream of the seed."""


def draws_for(seed: int, engine: str | None = None) -> Draws:
    """The draws of a round with `seed` recorded by `engine` (None: this version)."""
    if engine in SEQUENTIAL_ENGINES:
        return SequentialDraws(Rng.from_seed(seed))
    return KeyedDraws(seed)


def typed_state(
    rules: GameRules, defn: GameDefinition, state: BaseModel | dict[str, Any] | None
) -> BaseModel | None:
    """The state a round starts from, as the game's model (ValueError if it keeps none)."""
    model = rules.state_model
    if model is None:
        if state is not None:
            raise ValueError(f"{defn.id} keeps no state across rounds")
        return None
    if state is None:
        return model()
    if isinstance(state, model):
        return state
    if isinstance(state, dict):
        return model.model_validate(state)
    raise ValueError(f"the state of {defn.id} must be a {model.__name__}, got {type(state).__name__}")


def run_round(
    defn: GameDefinition,
    bet: Bet,
    rng: Draws,
    choices: Sequence[int] = (),
    *,
    state: BaseModel | dict[str, Any] | None = None,
    seed: int = 0,
    entropies: Sequence[int] = (),
) -> RoundResult:
    """`play_round` with the round's draws given (`draws_for`, or a `game.tape.TapeRng` answering
    with hand-written draws, in tests). `seed` is recorded
    in the result and keys the pick streams of choices that carry an entropy."""
    validate_bet(defn, bet)
    if len(entropies) > len(choices):
        raise ValueError(f"{len(entropies)} entropies for {len(choices)} choice(s)")
    if any(
        isinstance(e, bool) or not isinstance(e, int | np.integer) or not 0 <= e < 1 << 63 for e in entropies
    ):
        raise ValueError("a choice's entropy is a whole number from 0 to 2**63 - 1")
    keys = [int(e) for e in entropies] + [0] * (len(choices) - len(entropies))
    rules = rules_for(defn)
    state_in = typed_state(rules, defn, state)
    ctx = RoundContext(defn, bet, rng, state_in, seed=seed)
    flow = rules.play(ctx)
    events: list[GameEvent] = []
    answers = list(choices)
    used = 0
    pending: PickRequestEvent | None = None
    reply: Any = None
    try:
        while True:
            event = flow.send(reply)
            reply = None
            events.append(event)
            if isinstance(event, PickRequestEvent):
                if used == len(answers):
                    pending = event
                    break
                reply = answers[used]
                ctx.choice_number, ctx.choice_entropy = used, keys[used]
                used += 1
    except StopIteration:
        pass
    finally:
        flow.close()
    if used < len(answers):
        raise ValueError(f"no choice is pending: {len(answers) - used} choice(s) too many")
    if pending is None:
        if ctx.capped:
            events.append(
                WinCapEvent(
                    cap_coins=ctx.paid_coins,
                    uncapped_coins=ctx.total_coins,
                    rule=_cap_rule(defn, bet, ctx.paid_coins),
                )
            )
        events.append(RoundEndEvent(total_win_coins=ctx.paid_coins, capped=ctx.capped))
    return RoundResult(
        game_id=defn.id,
        seed=seed,
        bet=bet,
        choices=tuple(int(c) for c in choices),
        entropies=tuple(keys),
        events=events,
        pending=pending,
        finished=pending is None,
        total_win_coins=ctx.paid_coins,
        capped=ctx.capped,
        state_in=state_in,
        state_out=ctx.state_out if pending is None else None,
    )


def _cap_rule(defn: GameDefinition, bet: Bet, cap: int) -> Literal["currency", "coins_per_level"]:
    if defn.cap.max_currency_cents is not None and cap == defn.cap.max_currency_cents // bet.coin_value_cents:
        return "currency"
    return "coins_per_level"
