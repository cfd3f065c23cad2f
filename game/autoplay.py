"""Autoplay: the settings and the stop rules, as pure logic (no pygame, no clock, no I/O).

The rules text binds the behaviour:

- the player chooses a number of rounds (10, 25, 50, 100, 250, 500 or 1000) and, in the advanced
  settings, stop conditions: on any win; if free spins are won; if a single win exceeds or EQUALS
  an amount; if cash increases by an amount; if cash decreases by an amount. All are off by
  default;
- settings changed during a round (or its free spins) take effect once that round is complete:
  the round that was running is judged by the settings it started with (`pending_config`);
- when free spins are won and "if Free Spins is won" is off, autoplay pauses until the player has
  made the picks; CONTINUE resumes (`pause_for_pick` / `resume`);
- settings return to their defaults when the game is reloaded: nothing here is ever saved, a new
  controller starts from `AutoplayConfig()`.

Money is integer cents throughout. "Cash increases/decreases by" compares the balance after each
round with the balance when autoplay started (`start_balance_cents`).

The reels scene drives a controller like this (see docs/scenes.md):

    reason = auto.can_start(balance, bet_cents)      # before each round; None = go
    auto.on_round_started()
    ...                                              # free spins triggered during the round:
    reason = auto.on_free_spins_triggered()          # None = paused for the picks
    ...                                              # the player picks, then CONTINUE:
    auto.resume()
    reason = auto.on_round_finished(win_cents, balance, free_spins_won)   # None = keep going
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RoundsChoice = Literal[10, 25, 50, 100, 250, 500, 1000]
ROUND_CHOICES: tuple[RoundsChoice, ...] = (10, 25, 50, 100, 250, 500, 1000)


class StopReason(Enum):
    """Why autoplay stopped (the scene words it for the player)."""

    ROUNDS_DONE = "rounds_done"
    ANY_WIN = "any_win"
    FREE_SPINS = "free_spins"
    SINGLE_WIN = "single_win"
    CASH_INCREASE = "cash_increase"
    CASH_DECREASE = "cash_decrease"
    INSUFFICIENT_FUNDS = "insufficient_funds"
    PLAYER = "player"


class AutoplayConfig(BaseModel):
    """The player's autoplay settings; the defaults are the game's defaults (every stop off).

    An amount of None means that stop condition is off; amounts are positive cents.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    rounds: RoundsChoice = 10
    stop_on_any_win: bool = False
    stop_on_free_spins: bool = False
    single_win_exceeds_cents: int | None = Field(default=None, ge=1)
    cash_increases_by_cents: int | None = Field(default=None, ge=1)
    cash_decreases_by_cents: int | None = Field(default=None, ge=1)


class AutoplayController:
    """One autoplay run: counts rounds, applies the stop rules, holds pending settings."""

    def __init__(self, config: AutoplayConfig, start_balance_cents: int, rounds: int | None = None) -> None:
        """`rounds`, when given, is the number of rounds to play instead of `config.rounds`: any
        positive number (the command line's `--autoplay N` runs the player's autoplay for N)."""
        if start_balance_cents < 0:
            raise ValueError("start_balance_cents must be >= 0")
        if rounds is not None and rounds < 1:
            raise ValueError("rounds must be at least 1")
        self.config = config
        self.start_balance_cents = int(start_balance_cents)
        self.rounds_left = config.rounds if rounds is None else int(rounds)
        self.rounds_played = 0
        self.pending_config: AutoplayConfig | None = None
        self.in_round = False
        self.paused_for_pick = False
        self.stop_reason: StopReason | None = None

    # -- state -----------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True until a stop condition (or the player) ended this run."""
        return self.stop_reason is None

    @property
    def may_advance(self) -> bool:
        """True when the scene may carry on by itself (running and not waiting for picks)."""
        return self.running and not self.paused_for_pick

    def _stop(self, reason: StopReason) -> StopReason:
        self.stop_reason = reason
        self.paused_for_pick = False
        return reason

    # -- settings --------------------------------------------------------------------------------
    def change_config(self, config: AutoplayConfig) -> None:
        """New settings from the dialog: at once between rounds, else after the current round.

        A change of the number of rounds restarts the count from the new number.
        """
        if self.in_round:
            self.pending_config = config
        else:
            self._apply(config)

    def _apply(self, config: AutoplayConfig) -> None:
        if config.rounds != self.config.rounds:
            self.rounds_left = config.rounds
        self.config = config
        self.pending_config = None

    # -- the round cycle -------------------------------------------------------------------------
    def can_start(self, balance_cents: int, bet_cents: int) -> StopReason | None:
        """Before a round: None to go, or why autoplay stops (it is then stopped)."""
        if self.stop_reason is not None:
            return self.stop_reason
        if self.rounds_left <= 0:
            return self._stop(StopReason.ROUNDS_DONE)
        if balance_cents < bet_cents:
            return self._stop(StopReason.INSUFFICIENT_FUNDS)
        return None

    def on_round_started(self) -> None:
        """A round began: settings changed from now on wait for its end."""
        self.in_round = True

    def on_free_spins_triggered(self) -> StopReason | None:
        """Free spins were won mid-round. Stop if the player asked to; else pause for the picks.

        Either way the player makes the picks; the round itself always completes.
        """
        if self.stop_reason is not None:
            return self.stop_reason
        if self.config.stop_on_free_spins:
            return self._stop(StopReason.FREE_SPINS)
        self.pause_for_pick()
        return None

    def pause_for_pick(self) -> None:
        """Wait for the player's picks (autoplay never picks for them)."""
        if self.running:
            self.paused_for_pick = True

    def resume(self) -> None:
        """The player pressed CONTINUE after picking: autoplay carries on."""
        self.paused_for_pick = False

    def stop(self) -> StopReason:
        """The player stopped autoplay."""
        if self.stop_reason is not None:
            return self.stop_reason
        return self._stop(StopReason.PLAYER)

    def on_round_finished(
        self, total_win_cents: int, balance_cents: int, free_spins_won: bool
    ) -> StopReason | None:
        """After each round (win credited): None to play on, or why autoplay stops.

        The round is judged by the settings it was played with; pending settings apply after.
        Conditions are checked in the order of the rules text, so the first that holds names
        the stop.
        """
        self.in_round = False
        self.paused_for_pick = False
        self.rounds_played += 1
        self.rounds_left = max(0, self.rounds_left - 1)
        cfg = self.config
        if self.pending_config is not None:
            self._apply(self.pending_config)
        if self.stop_reason is not None:
            return self.stop_reason
        change = balance_cents - self.start_balance_cents
        if cfg.stop_on_any_win and total_win_cents > 0:
            return self._stop(StopReason.ANY_WIN)
        if cfg.stop_on_free_spins and free_spins_won:
            return self._stop(StopReason.FREE_SPINS)
        if cfg.single_win_exceeds_cents is not None and total_win_cents >= cfg.single_win_exceeds_cents:
            return self._stop(StopReason.SINGLE_WIN)
        if cfg.cash_increases_by_cents is not None and change >= cfg.cash_increases_by_cents:
            return self._stop(StopReason.CASH_INCREASE)
        if cfg.cash_decreases_by_cents is not None and -change >= cfg.cash_decreases_by_cents:
            return self._stop(StopReason.CASH_DECREASE)
        if self.rounds_left <= 0:
            return self._stop(StopReason.ROUNDS_DONE)
        return None
