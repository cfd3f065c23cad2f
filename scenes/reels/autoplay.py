"""Autoplay in the reels scene: one path for the player's autoplay and for `--autoplay N`.

Both run a `game.autoplay.AutoplayController` (the rules text's stop conditions, pure logic):

- the player's: the autoplay dialog's `AutoplayConfig` (kept in this object only, so a reload
  of the game starts from the defaults); rounds left on the AUTO button; when free spins are won
  and "If Free Spins is won" is off, autoplay waits while the player picks, then CONTINUE plays
  the free spins and the remaining rounds; a stop is told in a toast;
- the command line's (`--autoplay N`, and the bench): the same controller for N rounds with the
  default settings, the picks made automatically (from the seed source's own pick stream), and
  when the rounds are done or the balance no longer covers the bet, one English line on stdout
  for scripts and the app is asked to quit.

Any key or click stops either (the scene decides which intents count, `stops_autoplay`); the
player then plays on. Between rounds, after a pause (the win presentation's all-lines phase; 0
in turbo), the next round starts through the scene's `start_round`, the only way money moves.
"""

from __future__ import annotations

from typing import Protocol

from game.autoplay import AutoplayConfig, AutoplayController, StopReason
from game.money import format_cents

# Printed on stdout by `--autoplay N` for scripts: not shown on screen, kept in English.
P_AUTOPLAY_DONE = "autoplay: {rounds} rounds played, balance {balance}"
P_AUTOPLAY_STOPPED = (
    "autoplay stopped after {rounds} rounds: the balance {balance} does not cover the bet {bet}"
)
# Player-facing msgids (assets/locale/*.json): why the player's autoplay stopped, in a toast.
T_STOP_REASONS = {
    "rounds_done": "Autoplay finished: all rounds played.",
    "any_win": "Autoplay stopped: you won.",
    "free_spins": "Autoplay stopped: Free Spins won.",
    "single_win": "Autoplay stopped: a single win reached your amount.",
    "cash_increase": "Autoplay stopped: your cash increased by your amount.",
    "cash_decrease": "Autoplay stopped: your cash decreased by your amount.",
    "insufficient_funds": "Autoplay stopped: your balance does not cover the bet.",
    "player": "Autoplay stopped.",
}


def stop_message(tr, reason: StopReason) -> str:
    """The player's sentence for why autoplay stopped."""
    return tr.t(T_STOP_REASONS[reason.value])


class AutoplayHost(Protocol):
    """What autoplay needs from the reels scene."""

    @property
    def idle(self) -> bool:
        """No round open, nothing showing or waiting, the scene not leaving or blocked."""
        ...

    @property
    def balance_cents(self) -> int: ...

    @property
    def bet_cents(self) -> int: ...

    @property
    def currency_symbol(self) -> str: ...

    def start_round(self) -> bool: ...

    def toast(self, text: str) -> None: ...

    def request_quit(self) -> None: ...

    def cut_short(self) -> None:
        """`--autoplay N` ends before its N rounds (the app's exit code says so)."""
        ...


class Autoplay:
    """The autoplay of one reels scene (see the module docstring)."""

    def __init__(self, host: AutoplayHost, tr) -> None:
        self.host = host
        self.tr = tr
        self.config = AutoplayConfig()  # the dialog's last settings
        self.controller: AutoplayController | None = None
        self.auto_picks = False  # --autoplay N: the picks are made without the player
        self.wait = 0.0  # s before the next round may start
        self._free_spins = False  # this round won free spins
        self._ended: StopReason | None = None  # the command line's end, said once the scene is idle

    # -- state -----------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.controller is not None and self.controller.running

    def rounds_left(self, in_round: bool) -> int | None:
        """What AUTO shows while running (the round being played not counted), else None."""
        if not self.running:
            return None
        assert self.controller is not None
        return max(0, self.controller.rounds_left - (1 if in_round else 0))

    # -- starting and stopping -------------------------------------------------------------------
    def start(self, config: AutoplayConfig, balance_cents: int, pause: float) -> None:
        """START in the dialog; APPLY while running changes the settings (after this round)."""
        self.config = config
        if self.running:
            assert self.controller is not None
            self.controller.change_config(config)
            return
        self.controller = AutoplayController(config, balance_cents)
        self.auto_picks = False
        self.wait = pause

    def start_command_line(self, rounds: int, balance_cents: int) -> None:
        """`--autoplay N`: N rounds at the current bet, picks made automatically."""
        self.controller = AutoplayController(AutoplayConfig(), balance_cents, rounds=rounds)
        self.auto_picks = True
        self.wait = 0.0

    def stop(self) -> None:
        """The player takes over (any key or click, or STOP AUTOPLAY in the dialog)."""
        if self.running:
            assert self.controller is not None
            self.ended(self.controller.stop())

    def ended(self, reason: StopReason) -> None:
        """Autoplay stopped: the player's is told in a toast; the command line's ends the app
        (rounds done, balance short) once the scene is idle, or hands over to the player."""
        if not self.auto_picks:
            self.host.toast(stop_message(self.tr, reason))
        elif reason in (StopReason.ROUNDS_DONE, StopReason.INSUFFICIENT_FUNDS):
            self._ended = reason

    # -- the round cycle -------------------------------------------------------------------------
    def round_started(self) -> None:
        """A round began (the scene's `start_round`, by autoplay or by the player)."""
        self._free_spins = False
        if self.running:
            assert self.controller is not None
            self.controller.on_round_started()

    def feature_won(self) -> None:
        """Free spins won: stop if asked to; otherwise the player's autoplay waits for the picks
        (the command line's makes them itself and goes on)."""
        self._free_spins = True
        if not self.running:
            return
        assert self.controller is not None
        reason = self.controller.on_free_spins_triggered()
        if reason is not None:
            self.ended(reason)
        elif self.auto_picks:
            self.controller.resume()

    @property
    def holds_after_picks(self) -> bool:
        """The player's autoplay waits for CONTINUE after the picks."""
        return self.controller is not None and self.controller.paused_for_pick

    def resume(self) -> None:
        """CONTINUE after the picks."""
        if self.controller is not None:
            self.controller.resume()

    def round_finished(self, win_cents: int, balance_cents: int, pause: float) -> None:
        if not self.running:
            return
        assert self.controller is not None
        reason = self.controller.on_round_finished(win_cents, balance_cents, self._free_spins)
        if reason is not None:
            self.ended(reason)
        self.wait = pause

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Start the next round when the last one is over and nothing waits."""
        host = self.host
        if not host.idle:
            return
        if self._ended is not None:
            self._say_end(self._ended)
            self._ended = None
            return
        if not self.running:
            return
        assert self.controller is not None
        if self.controller.paused_for_pick:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        reason = self.controller.can_start(host.balance_cents, host.bet_cents)
        if reason is not None:
            self.ended(reason)
            if self._ended is not None:
                self._say_end(self._ended)
                self._ended = None
            return
        if not host.start_round():  # refused (the scene says why): the player takes over
            self.ended(self.controller.stop())

    def _say_end(self, reason: StopReason) -> None:
        """The command line's last line on stdout, then the app is asked to quit."""
        assert self.controller is not None
        host, symbol = self.host, self.host.currency_symbol
        balance = format_cents(host.balance_cents, symbol)
        rounds = self.controller.rounds_played
        if reason is StopReason.ROUNDS_DONE:
            print(P_AUTOPLAY_DONE.format(rounds=rounds, balance=balance), flush=True)
        else:
            bet = format_cents(host.bet_cents, symbol)
            print(P_AUTOPLAY_STOPPED.format(rounds=rounds, balance=balance, bet=bet), flush=True)
            host.cut_short()
        host.request_quit()
