"""The round driver: the one place where the ledger and the engine meet for a played round.

It owns the order that makes a round trustworthy (CERTIFICATION R6, F1, F3, M1):

1. `start(bet)`: the ledger debits the bet and records the round (seed, bet, engine version, data
   SHA-256) in one transaction FIRST; only then does the engine compute the outcome, up to the
   first player choice. Nothing on screen has moved yet: the scene animates what this returns.
2. `choose(index)`: the pick is checked, then fresh entropy is drawn for it (`secrets`, never 0;
   0 in a session with a fixed seed) and the ledger records the choice WITH its entropy in one
   transaction FIRST; then the engine replays the round with all choices so far, and the driver
   returns only the new tail of events. What the pick reveals is drawn from the round's seed and
   that entropy (see game.round), so nothing the ledger holds before the pick tells it.
3. `finish()`: the ledger credits the round's total win, stores its events and closes it, exactly
   once. The balance is then the ledger's.
4. `resume()`: at start-up the ledger's open round is replayed from its stored seed and choices
   (with their stored entropies), giving the very same events. `start()` hands the ledger the
   game data file with the bet, and the ledger keeps it once per SHA-256, so a round whose game
   data changed since (an update, or a player editing the file after seeing a loss land) is
   replayed and completed under the rules it began with: no change to the data can void it. Only
   a round that truly cannot be replayed is refused with `ResumeRefused`, saying why: another
   engine version, data the ledger does not hold (a round begun before it kept any), data this
   version no longer accepts, symbols the installed game cannot show, or a replay that raises.
5. `void_unresumable()`: such a round would stay open forever and, with the ledger's one-open-
   round rule, block every new round. The rules say "Malfunction voids all pays and plays", so
   the driver asks the ledger to void it (`Ledger.void_round`: the bet refunded once, no win, in
   one transaction, the reason kept) and `start()` works again. It re-checks first and never
   voids a round that can be resumed. Tell the player with `MSG_VOIDED`.

6. State across rounds: for a game that keeps one (`GameRules.state_model`), the state stored
   in the ledger is read when a round starts and passed to the engine, and kept with the round
   (`begin_round(state_in=...)`, sealed by its digest); the state the round leaves is written
   with the round's credit, in the same transaction. A resumed round is replayed from the state
   kept with it, and so is a replay from the history (no earlier round is played again).

Everything it says to the player is a `game.messages.Message` (an id with parameters), which the
scenes translate: `RoundRefused.message`, `void_message(...)`, `cap_message()`. The reels scene
uses it like this::

    try:
        view = driver.resume()
    except ResumeRefused as refused:
        driver.void_unresumable()
        show(translate(driver.void_message(refused)))

The bet rules live here too (`min_bet()`, `can_afford()`, `set_bet()`), and pick checks
(`choose()` refuses with a message before anything is written). No drawing happens here, so
every promise above is unit-tested without a display. The driver never draws a random number
itself: seeds and choice entropies come from the `SeedSource` passed in (a source without
`next_entropy` gets fresh OS entropy for each choice).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from game import ENGINE_VERSION, messages
from game.bets import BetRefused, min_bet, validate_bet
from game.definitions import DefinitionError, GameDefinition, LoadedGame, parse_definition, win_bound_cents
from game.events import PickRequestEvent, events_to_json
from game.games import state_model
from game.ledger import (
    MSG_AT_LIMIT,
    BalanceAtLimit,
    InsufficientFunds,
    Ledger,
    LedgerError,
    OpenRound,
    RoundInProgress,
)
from game.messages import Message, Money
from game.money import Bet

if TYPE_CHECKING:
    from game.round import RoundResult

# The round itself (game.round, game.games.common) is imported where a round is played: it brings
# in NumPy, which a screen that only shows a game's reels at rest (its first frame) does not need.


def play_round(*args: Any, **kwargs: Any) -> RoundResult:
    """`game.round.play_round`, imported on first use."""
    from game.round import play_round as play

    return play(*args, **kwargs)


log = logging.getLogger(__name__)

STATE_KEY = "round_state"
"""The ledger's cross-round state key under which a game's typed state is stored."""

# The message ids the driver uses (translated by the scenes; see game.messages).
MSG_FUNDS = messages.FUNDS
MSG_BUSY = messages.BUSY
MSG_OTHER_GAME = messages.OTHER_GAME
MSG_CHANGED = messages.CHANGED
MSG_VOIDED = messages.VOIDED
"""Shown once the unresumable round is voided (after `void_unresumable()`); {amount} is the bet."""


class Seeds(Protocol):
    """What the driver needs from `game.rng.SeedSource` (`next_entropy()` too, when it has one)."""

    def next_seed(self) -> int: ...


class RoundRefused(Exception):  # noqa: N818 - reads as what happened to the round
    """The round could not start or resume; `message` says why (translated by the scenes) and
    `str(exc)` is the same in plain English.

    `reason` is one of "funds", "bet", "busy", "other_game", "limit" (the balance too large for
    the round's largest possible win), "changed" (the last always as a `ResumeRefused`).
    """

    def __init__(self, message: Message, reason: str) -> None:
        super().__init__(message.english())
        self.message = message
        self.reason = reason


class ResumeRefused(RoundRefused):
    """This game's open round cannot be replayed faithfully, so `resume()` refuses it.

    `message` is `MSG_CHANGED` for the player; `round_id` and `bet_cents` name the round, and
    `detail` is a plain sentence saying why (the data's SHA-256 or the engine version changed,
    or the replay raised), which `void_unresumable()` stores as the round's void reason.
    A subclass of RoundRefused with reason "changed", so callers that catch RoundRefused
    still block; call `void_unresumable()` to refund the round and free the slot.
    """

    def __init__(self, message: Message, round_id: int, detail: str, bet_cents: int) -> None:
        super().__init__(message, "changed")
        self.round_id = round_id
        self.detail = detail
        self.bet_cents = bet_cents


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as far as it is known: every event so far, the pending pick, done or not.

    `events` is the whole list from the start of the round (a resumed round included), so a
    scene can show the already-decided prefix at once and animate the rest.
    """

    round_id: int
    bet: Bet
    seed: int
    events: tuple[Any, ...]
    pending: PickRequestEvent | None
    finished: bool
    choices: tuple[int, ...]
    resumed: bool = False
    definition: GameDefinition | None = None
    """The rules the round is played under: the installed game's, or for a resumed round whose
    data changed since, the data it began with (kept by the ledger)."""
    entropies: tuple[int, ...] = ()
    """Each stored choice's entropy (parallel to `choices`)."""


class RoundDriver:
    """Runs played rounds of one game against the ledger. One round at a time.

    `ledger` is a `game.ledger.Ledger`; `seeds` gives each round's seed; `session_id` is the
    ledger session the rounds belong to (or None).
    """

    def __init__(self, ledger: Ledger, loaded_game: LoadedGame, seeds: Seeds, session_id: int | None) -> None:
        self.ledger = ledger
        self.loaded = loaded_game
        self.definition = loaded_game.definition
        self.seeds = seeds
        self.session_id = session_id
        self._selected_bet: Bet | None = None
        self._round_id: int | None = None
        self._bet: Bet | None = None
        self._seed: int | None = None
        self._choices: list[int] = []
        self._entropies: list[int] = []
        self._result: RoundResult | None = None
        self._state: BaseModel | None = None
        self._rules: GameDefinition = self.definition  # the rules of the round in progress
        self._replayed_rules: GameDefinition = self.definition

    # -- queries ---------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """True from `start`/`resume` until `finish`: no new bet can be placed meanwhile."""
        return self._round_id is not None

    @property
    def round_id(self) -> int | None:
        return self._round_id

    @property
    def pending(self) -> PickRequestEvent | None:
        return self._result.pending if self._result is not None else None

    @property
    def finished(self) -> bool:
        """The engine has produced the round's end (it may still await `finish()`)."""
        return self._result is not None and self._result.finished

    @property
    def events(self) -> tuple[Any, ...]:
        return tuple(self._result.events) if self._result is not None else ()

    @property
    def choices(self) -> tuple[int, ...]:
        return tuple(self._choices)

    @property
    def entropies(self) -> tuple[int, ...]:
        """The entropy stored with each choice of the round (parallel to `choices`)."""
        return tuple(self._entropies)

    @property
    def balance_cents(self) -> int:
        """The ledger's balance (the bet of a round in progress already debited)."""
        return int(self.ledger.balance_cents)

    @property
    def bet(self) -> Bet | None:
        """The bet in force: the round's during a round, else the one selected for the next."""
        return self._bet if self.active else self._selected_bet

    def set_bet(self, bet: Bet) -> None:
        """Select the bet for the next round. Bets change only between rounds."""
        if self.active:
            raise RoundRefused(Message(MSG_BUSY), "busy")
        self._check_bet(bet)
        self._selected_bet = bet

    def _check_bet(self, bet: Bet) -> None:
        try:
            validate_bet(self.definition, bet)
        except BetRefused as exc:
            raise RoundRefused(exc.message, "bet") from exc

    def can_afford(self, bet: Bet | None = None) -> bool:
        """Whether the balance covers `bet` (default: the bet in force)."""
        bet = bet or self.bet
        return bet is not None and self.balance_cents >= bet.total_cents

    def min_bet(self) -> Bet:
        """The game's smallest stake (see `game.bets.min_bet`)."""
        return min_bet(self.definition)

    def needs_top_up(self) -> bool:
        """True when the balance cannot cover even the smallest stake (offer a top-up)."""
        return self.balance_cents < self.min_bet().total_cents

    def cap_message(self, bet: Bet | None = None) -> Message | None:
        """What the player is told when a round reaches the win cap at `bet` (default: the bet
        in force); None when the game has no cap."""
        from game.games.common import cap_message

        bet = bet or self.bet
        return None if bet is None else cap_message(self.definition, bet)

    def void_message(self, refused: ResumeRefused) -> Message:
        """What the player is told once `void_unresumable()` has refunded a refused round."""
        return Message(MSG_VOIDED, {"amount": Money(refused.bet_cents)})

    # -- state across rounds ---------------------------------------------------------------------
    @property
    def stateful(self) -> bool:
        return state_model(self.definition) is not None

    def stored_state(self) -> BaseModel | None:
        """The game's cross-round state as the ledger holds it (a new player's state if none is
        stored yet; None for games that keep none)."""
        model = state_model(self.definition)
        if model is None:
            return None
        data = self.ledger.get_state(self.definition.id, STATE_KEY)
        return model() if data is None else model.model_validate(data)

    # -- a round ---------------------------------------------------------------------------------
    def start(self, bet: Bet | None = None) -> RoundView:
        """Debit and record a new round, then compute it up to the first choice.

        Raises RoundRefused (nothing written) when a round is already running (F3: hammering
        SPIN places one bet), the bet is invalid, or the balance does not cover it.
        """
        if self.active:
            raise RoundRefused(Message(MSG_BUSY), "busy")
        bet = bet or self._selected_bet
        if bet is None:
            raise RoundRefused(Message(messages.NO_BET), "bet")
        self._check_bet(bet)
        state = self.stored_state()
        seed = self.seeds.next_seed()
        try:
            round_id = self.ledger.begin_round(
                self.definition.id,
                self.loaded.sha256,
                ENGINE_VERSION,
                bet,
                seed,
                self.session_id,
                game_data=self.loaded.data or None,
                state_in=None if state is None else state.model_dump(mode="json"),
                max_win_cents=win_bound_cents(self.definition),
            )
        except InsufficientFunds as exc:
            raise RoundRefused(Message(MSG_FUNDS), "funds") from exc
        except BalanceAtLimit as exc:
            raise RoundRefused(Message(MSG_AT_LIMIT), "limit") from exc
        except RoundInProgress as exc:
            other = self.ledger.open_round()
            game = other.game_id if other is not None else "another game"
            raise RoundRefused(Message(MSG_OTHER_GAME, {"game": game}), "other_game") from exc
        # The bet is debited and the seed stored: only now is the outcome computed (R6).
        self._selected_bet = bet
        self._round_id, self._bet, self._seed, self._choices = round_id, bet, seed, []
        self._entropies = []
        self._state = state
        self._rules = self.definition
        self._result = play_round(self.definition, bet, seed, [], state=state)
        return self._view(resumed=False)

    def choose(self, index: int) -> list[Any]:
        """Answer the pending pick: record it in the ledger, then reveal. Returns the new events.

        The choice is checked before it is recorded, because a recorded invalid choice would
        make the stored round impossible to replay. Its entropy is drawn only then, and stored
        with it in the same transaction before the engine reveals anything.
        """
        from game.games.common import PickRefused, check_pick

        result = self._result
        if self._round_id is None or result is None or result.pending is None:
            raise PickRefused(Message(messages.PICK_NONE))
        pending = result.pending
        index = check_pick(index, pending.options, pending.picked)
        entropy = self._next_entropy()
        self.ledger.record_choice(self._round_id, index, entropy)
        self._choices.append(index)
        self._entropies.append(entropy)
        before = len(result.events)
        self._result = play_round(
            self._rules,
            self._bet,
            self._seed,
            list(self._choices),
            state=self._state,
            entropies=list(self._entropies),
        )
        return list(self._result.events[before:])

    def _next_entropy(self) -> int:
        from game.rng import new_choice_entropy

        source = getattr(self.seeds, "next_entropy", None)
        return int(source()) if source is not None else new_choice_entropy()

    def finish(self) -> int:
        """Credit the round's total win and close it in the ledger (once); return the balance."""
        result = self._result
        if self._round_id is None or result is None:
            raise RuntimeError("no round to finish")
        if not result.finished:
            raise RuntimeError("the round is not over yet")
        round_id = self._round_id
        state = None
        if result.state_out is not None:
            state = {STATE_KEY: result.state_out.model_dump(mode="json")}
        balance = self.ledger.finish_round(
            round_id,
            int(result.total_win_coins),
            events_to_json(list(result.events)),
            bool(result.capped),
            state=state,
        )
        self._round_id = None  # from here on a new round may start
        return int(balance)

    @property
    def total_win_coins(self) -> int:
        return int(self._result.total_win_coins) if self._result is not None else 0

    @property
    def capped(self) -> bool:
        return bool(self._result.capped) if self._result is not None else False

    # -- crash recovery --------------------------------------------------------------------------
    def open_round(self) -> OpenRound | None:
        """The ledger's unfinished round of ANY game (or None)."""
        return self.ledger.open_round()

    def resume(self) -> RoundView | None:
        """Replay this game's unfinished round from the ledger, or None if there is none.

        The stored seed and choices give exactly the events the player saw before the crash.
        Raises ResumeRefused (nothing written) when the round cannot be replayed faithfully: its
        stored data SHA-256 or engine version differs from the installed ones, or the replay
        raises. Then call `void_unresumable()`.
        """
        if self.active:
            raise RoundRefused(Message(MSG_BUSY), "busy")
        stored = self.ledger.open_round()
        if stored is None or stored.game_id != self.definition.id:
            return None
        result, problem = self._replay(stored)
        if result is None:
            raise ResumeRefused(
                Message(MSG_CHANGED, {"bet": Money(stored.bet.total_cents)}),
                stored.round_id,
                problem,
                stored.bet.total_cents,
            )
        self._rules = self._replayed_rules
        self._round_id, self._bet, self._seed = stored.round_id, stored.bet, stored.seed
        self._choices = list(stored.choices)
        self._entropies = list(stored.entropies)
        self._selected_bet = stored.bet
        self._state = result.state_in
        self._result = result
        return self._view(resumed=True)

    def void_unresumable(self) -> int:
        """Void this game's open round that `resume()` refused and refund its bet; return the
        new balance in cents. Afterwards `start()` works again.

        The round is checked again first, so a round that can be resumed is never voided
        (RuntimeError, nothing written); RuntimeError too when this game has no open round.
        The ledger does the rest in one transaction (`Ledger.void_round`), storing the reason
        from `ResumeRefused.detail` for game recall.
        """
        if self.active:
            raise RoundRefused(Message(MSG_BUSY), "busy")
        stored = self.ledger.open_round()
        if stored is None or stored.game_id != self.definition.id:
            raise RuntimeError("this game has no unfinished round to void")
        result, problem = self._replay(stored)
        if result is not None:
            raise RuntimeError(f"round {stored.round_id} can be resumed; it is not voided")
        balance = self.ledger.void_round(stored.round_id, problem)
        log.warning(
            "voided round %d and refunded %d cents: %s", stored.round_id, stored.bet.total_cents, problem
        )
        return int(balance)

    def _replay(self, stored: OpenRound) -> tuple[RoundResult | None, str]:
        """Replay a stored round under the rules it began with (kept in `_replayed_rules`):
        (result, "") or, when it truly cannot be replayed, (None, a plain sentence saying why)."""
        if stored.engine_version != ENGINE_VERSION:
            # another engine may draw another outcome from the same seed and choices
            return None, (
                "The game engine changed since the round began "
                f"(recorded version {stored.engine_version}, installed {ENGINE_VERSION})."
            )
        rules, problem = rules_of_round(self.ledger, stored, self.loaded)
        if rules is None:
            return None, problem
        try:
            # the state the round began with, kept with it (a round begun before schema version
            # 4 has none: then the game's stored state, which no round changes while one is open)
            state = stored.state_in if stored.state_in is not None else self.stored_state()
            result = play_round(
                rules, stored.bet, stored.seed, list(stored.choices), state=state, entropies=stored.entropies
            )
        except Exception as exc:  # any failure: the stored round no longer fits this game
            log.exception("round %d cannot be replayed", stored.round_id)
            return None, f"The round could not be replayed ({type(exc).__name__}: {exc})."
        self._replayed_rules = rules
        return result, ""

    def _view(self, resumed: bool) -> RoundView:
        assert self._result is not None and self._round_id is not None
        assert self._bet is not None and self._seed is not None
        return RoundView(
            round_id=self._round_id,
            bet=self._bet,
            seed=self._seed,
            events=tuple(self._result.events),
            pending=self._result.pending,
            finished=self._result.finished,
            choices=tuple(self._choices),
            entropies=tuple(self._entropies),
            resumed=resumed,
            definition=self._rules,
        )


def rules_of_round(
    ledger: Ledger, stored: OpenRound, installed: LoadedGame | None
) -> tuple[GameDefinition, str] | tuple[None, str]:
    """The definition a stored round began with: the installed one when its SHA-256 is the
    round's, else the game data the ledger kept with the round, validated again. (None, why)
    when there is none it can be played under: the ledger holds no data for it, this version no
    longer accepts that data, or the installed game cannot show its symbols."""
    if installed is not None and stored.game_sha256 == installed.sha256:
        return installed.definition, ""
    data = ledger.stored_game_data(stored.game_sha256)
    if data is None:
        what = "changed since the round began" if installed is not None else "is no longer installed"
        return None, (
            f"The game data {what}, and the data the round began with was not kept "
            f"(recorded SHA-256 {stored.game_sha256})."
        )
    try:
        rules = parse_definition(data, Path(f"{stored.game_id}@{stored.game_sha256[:12]}"))
    except DefinitionError as exc:
        return None, f"The game data the round began with is no longer accepted ({exc})."
    if rules.definition.id != stored.game_id:
        return None, f"The stored game data is for {rules.definition.id!r}, not {stored.game_id!r}."
    if installed is not None:
        missing = sorted(set(rules.definition.symbol_ids) - set(installed.definition.symbol_ids))
        if missing:
            return None, f"The installed game can no longer show the round's symbols {missing}."
        if type(rules.definition.feature) is not type(installed.definition.feature):
            return None, "The installed game no longer has the round's feature."
    return rules.definition, ""


REASON_GAME_REMOVED = "The game of this round is no longer installed."
REASON_WAITS_FOR_PICK = "The game of this round is no longer installed, and the round waits for a pick."


def settle_orphan(ledger: Ledger, stored: OpenRound, session_id: int | None = None) -> tuple[int, Message]:
    """An open round whose game is no longer installed: complete it under the rules it began
    with when the ledger kept them and it needs no more choices (the win credited once, like
    any round), else void it with the reason (the bet refunded). Returns the new balance and
    what the player is told. Removing a game's folder therefore never turns a drawn loss into a
    refund: only a round that truly cannot be completed (it waits for a pick nobody can make,
    or its data was never kept) is void."""
    rules, problem = (None, "The game engine changed since the round began.")
    if stored.engine_version == ENGINE_VERSION:
        rules, problem = rules_of_round(ledger, stored, None)
    if rules is not None:
        kept = LoadedGame(definition=rules, path=Path(stored.game_id), sha256=stored.game_sha256, data=b"")
        driver = RoundDriver(ledger, kept, _NoSeeds(), session_id)
        try:
            view = driver.resume()
        except ResumeRefused as refused:
            problem = refused.detail
        else:
            if view is not None and view.finished:
                balance = driver.finish()
                paid = stored.bet.coins_to_cents(driver.total_win_coins)
                log.warning("completed round %d of missing game %s", stored.round_id, stored.game_id)
                return balance, Message(
                    messages.ORPHAN_COMPLETED, {"game": stored.game_id, "amount": Money(paid)}
                )
            problem = REASON_WAITS_FOR_PICK
    balance = ledger.void_round(stored.round_id, f"{REASON_GAME_REMOVED} {problem}".strip())
    log.warning("voided round %d of missing game %s: %s", stored.round_id, stored.game_id, problem)
    return balance, Message(messages.ORPHAN_VOIDED, {"amount": Money(stored.bet.total_cents)})


class _NoSeeds:
    """A settled round draws no new seed."""

    def next_seed(self) -> int:
        raise RuntimeError("no new round is started here")


__all__ = ["LedgerError", "ResumeRefused", "RoundDriver", "RoundRefused", "RoundView", "settle_orphan"]
