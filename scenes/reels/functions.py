"""The reels scene's game functions: the icons and keys that open a screen over the reels, and
the autoplay controls (a mixin of `scenes.reels.scene.ReelsScene`).

Between rounds only: a viewer never opens over a running round, so no dialog can change a
round's state (they are modal: the reels would only pause under them). Mid-round the icons are
greyed and the keys swallowed (the scene consumes them), so the app does not open them either.

| button | key | opens |
|---|---|---|
| spanner | S | the settings menu |
| sound | M mutes | the mixer under the icon; during a round or autoplay the icon mutes |
| history | H | this game's history (rounds, detail, replay) |
| paytable | P | the paytable at the current bet |
| rules | I | the rules |
| AUTO | A | the autoplay dialog; while autoplay runs, the same dialog with APPLY / STOP |
| a symbol on the reels | – | its mini paytable beside the cell (main game, at rest, no autoplay) |

Any key or click stops a running autoplay and does nothing else, except AUTO / A (its dialog),
the sound icon and M (mute), and SPIN / Enter / CONTINUE while autoplay waits after the picks.

Every press that cannot act now says why in a toast inside the reel window (`refuse`): a game
function or Esc mid-round ("Finish the round first"), a bet change mid-round, a bet already at
its limit, autoplay while no round may start. T flips quick spin and says which way.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.autoplay import AutoplayConfig
from game.bets import max_bet, step_bet
from scenes.core.intents import Act, Intent
from scenes.core.routes import AUTOPLAY, HISTORY, MINI_PAYTABLE, MIXER, PAYTABLE, RULES, SETTINGS
from scenes.reels.hud import icon_rect
from scenes.reels.reel_view import CELL_H, CELL_W

if TYPE_CHECKING:
    from typing import Any

    from game.definitions import GameDefinition
    from game.messages import Message
    from game.money import Bet
    from game.session import RoundDriver
    from scenes.core.context import AppContext
    from scenes.core.i18n import Translator
    from scenes.core.stack import SceneStack
    from scenes.reels.autoplay import Autoplay
    from scenes.reels.hud import Hud
    from scenes.reels.player import RoundPlayer
    from scenes.reels.sound_director import SoundDirector

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_FINISH_FIRST = "Finish the round first"
T_BET_LOCKED = "The bet can change when the round is over"
T_LINES_FIXED = "This game always plays every line"
T_AT_LIMIT = {
    ("lines", 1): "Every line is already in play",
    ("lines", -1): "One line is the fewest you can play",
    ("level", 1): "The bet level is already at its highest",
    ("level", -1): "The bet level is already at its lowest",
    ("coin_value", 1): "The coin value is already at its highest",
    ("coin_value", -1): "The coin value is already at its lowest",
}
T_MAX_ALREADY = "The bet is already at its maximum"
T_QUICK_ON = "Quick spin on"
T_QUICK_OFF = "Quick spin off"

# Intents that never stop autoplay: pointer motion and releases, the wheel, mute, and the
# autoplay key itself (it opens the dialog to change the running autoplay's settings).
KEEP_AUTOPLAY = frozenset(
    {Act.POINTER_MOVE, Act.POINTER_UP, Act.WHEEL, Act.MUTE, Act.QUIT, Act.FULLSCREEN, Act.AUTOPLAY}
)


class GameFunctions:
    """The icons, keys and autoplay controls of the reels scene."""

    if TYPE_CHECKING:  # the host's (ReelsScene), for the checker
        autoplay: Autoplay
        bet: Bet
        blocked: Message | None
        ctx: AppContext
        defn: GameDefinition
        driver: RoundDriver
        game_id: str
        hud: Hud
        leaving: bool
        player: RoundPlayer
        sounds: SoundDirector
        stack: SceneStack | None
        tr: Translator
        view: Any

        def _refresh_hud(self) -> None: ...

        def _set_bet(self, bet: Bet) -> None: ...

        @property
        def balance_cents(self) -> int: ...

        @property
        def free_mode(self) -> bool: ...

        @property
        def presenter(self) -> Any: ...

        @property
        def speed(self) -> float: ...

        def start_round(self) -> bool: ...

        def toast(self, text: str) -> None: ...

        def toggle_mute(self) -> None: ...

        @property
        def waiting(self) -> str: ...

    @property
    def _on_stack(self) -> SceneStack:
        """The stack the reels are on, where a screen opens (set when the scene was pushed)."""
        assert self.stack is not None, "the reels scene is not on a stack"
        return self.stack

    @property
    def between_rounds(self) -> bool:
        """No round open and nothing playing by itself: a viewer may open over the reels."""
        return (
            not self.driver.active
            and not self.leaving
            and not self.autoplay.running
            and self.stack is not None
        )

    def _click(self) -> None:
        self.sounds.click()

    def refuse(self, msgid: str, **values) -> None:
        """Say why a press cannot act now, in a toast inside the reel window."""
        self.toast(self.tr.t(msgid, **values))

    def refuse_mid_round(self) -> None:
        """A game function pressed while a round plays (or while leaving)."""
        self.refuse(T_FINISH_FIRST)

    def open_settings(self) -> None:
        if self.between_rounds:
            self._click()
            self.ctx.open(SETTINGS, self._on_stack)  # the menus load when first opened
        else:
            self.refuse_mid_round()

    def sound_pressed(self) -> None:
        """The sound icon: the mixer between rounds; during a round (or autoplay) it mutes, so
        no drop-down ever stops the reels."""
        if self.between_rounds:
            self._click()
            r = icon_rect(0)
            self.ctx.open(MIXER, self._on_stack, topright=(r.right + 2, r.bottom + 6))
        else:
            self.toggle_mute()

    def open_paytable(self) -> None:
        if self.between_rounds:
            self._click()
            self.ctx.open(PAYTABLE, self._on_stack, self.game_id, self.bet)  # the viewers load on first use
        else:
            self.refuse_mid_round()

    def open_rules(self) -> None:
        if self.between_rounds:
            self._click()
            self.ctx.open(RULES, self._on_stack, self.game_id)
        else:
            self.refuse_mid_round()

    def open_history(self) -> None:
        if self.between_rounds:
            self._click()
            self.ctx.open(HISTORY, self._on_stack, self.game_id)
        else:
            self.refuse_mid_round()

    # -- the mini paytable ----------------------------------------------------------------------------
    def may_inspect(self) -> bool:
        return self.between_rounds and not self.free_mode and not self.waiting and self.blocked is None

    def cell_at(self, pos: tuple[int, int] | None) -> tuple[int, int] | None:
        """The (reel, row) under `pos` in the reel window, or None."""
        window = self.view.window
        if pos is None or not window.collidepoint(pos):
            return None
        reel = (pos[0] - window.x) // CELL_W
        row = (pos[1] - window.y) // CELL_H
        if 0 <= reel < len(self.view.reels) and 0 <= row < self.view.rows:
            return int(reel), int(row)
        return None

    def inspect_cell(self, reel: int, row: int) -> bool:
        """Open the mini paytable for the symbol in (reel, row), beside that cell."""
        if not self.may_inspect():
            return False
        symbol = self.view.visible_cells()[reel][row]
        self.presenter.clear()  # the win presentation gives way to the symbol's pays
        self.hud.finish_count()
        self._click()
        rect = self.view.cell_rect(reel, row)
        self.ctx.open(MINI_PAYTABLE, self._on_stack, self.game_id, symbol, self.bet, rect)
        return True

    # -- the bet ------------------------------------------------------------------------------------
    def step_bet(self, selector: str, delta: int) -> None:
        """A bet selector's − / + (or its key): between rounds only, and says why not."""
        if self.driver.active or self.autoplay.running:
            self.refuse(T_BET_LOCKED)
            return
        bet = step_bet(self.defn, self.bet, selector, delta)  # type: ignore[arg-type]
        if bet == self.bet:
            self.refuse(self._limit_reason(selector, delta))
            return
        self._set_bet(bet)

    def _limit_reason(self, selector: str, delta: int) -> str:
        if selector == "lines" and not self.defn.bet.lines_selectable:
            return T_LINES_FIXED
        return T_AT_LIMIT[(selector, 1 if delta > 0 else -1)]

    def max_bet(self) -> None:
        """MAX BET as the game's rules say (`bet.max_bet`): it sets the maximum bet; "plays" also
        plays the round at once; "plays_at_top" plays when the bet is already the maximum, so
        below it the first press raises the bet and the second plays. Mid-round, or already at
        the maximum of a game where it only sets the bet, it says why nothing happens."""
        if self.driver.active or self.autoplay.running:
            self.refuse(T_BET_LOCKED)
            return
        top: Bet = max_bet(self.defn, self.bet)
        rule = self.defn.bet.max_bet
        if rule == "plays_at_top" and self.bet == top:
            self.start_round()
            return
        if rule == "sets" and self.bet == top:
            self.refuse(T_MAX_ALREADY)
            return
        self._set_bet(top)
        if rule == "plays":
            self.start_round()

    def toggle_quick_spin(self) -> None:
        """T: quick spin on or off (the setting, saved; the pace changes from the next round)."""
        s = self.ctx.settings
        s.quick_spin = not s.quick_spin
        try:
            self.ctx.save_settings()
        except OSError as exc:  # still applies for this session
            log.error("cannot save settings: %s", exc)
        self.refuse(T_QUICK_ON if s.quick_spin else T_QUICK_OFF)

    # -- autoplay ---------------------------------------------------------------------------------
    def autoplay_pressed(self) -> None:
        """AUTO / A: the autoplay dialog between rounds; while autoplay runs, the same dialog to
        change its settings (APPLY, from the next round) or stop it."""
        if self.stack is None or self.leaving:
            return
        if self.autoplay.running:
            assert self.autoplay.controller is not None
            self._click()
            config = self.autoplay.controller.config
            self.ctx.open(
                AUTOPLAY,
                self.stack,
                self.game_id,
                config,
                self.start_autoplay,
                running=True,
                on_stop=self.stop_autoplay,
            )
        elif self.driver.active:
            self.refuse_mid_round()
        elif self.blocked is not None:
            self.toast(self.tr.message(self.blocked))
        else:
            self._click()
            self.ctx.open(AUTOPLAY, self.stack, self.game_id, self.autoplay.config, self.start_autoplay)

    def start_autoplay(self, config: AutoplayConfig) -> None:
        """START (or APPLY while running) in the dialog."""
        if not self.autoplay.running and (self.driver.active or self.blocked is not None or self.leaving):
            self.autoplay.config = config
            return
        self.autoplay.start(config, self.balance_cents, 0.25 * self.speed)

    def stop_autoplay(self) -> None:
        """The player takes over (any key or click, or STOP AUTOPLAY in the dialog)."""
        if not self.autoplay.running:
            return
        self.autoplay.stop()
        if self.player.waiting == "continue":
            self.player.release()  # the free spins still play: they belong to the round
        self._refresh_hud()

    def continue_autoplay(self) -> None:
        """CONTINUE after the picks: the free spins, then the remaining rounds."""
        if self.player.waiting != "continue":
            return
        self.autoplay.resume()
        self._click()
        self.player.release()
        self._refresh_hud()

    def stops_autoplay(self, intent: Intent) -> bool:
        """Whether `intent` stops the running autoplay (see the module docstring)."""
        act = intent.act
        if act in KEEP_AUTOPLAY:
            return False
        if self.player.waiting == "continue" and act in (Act.SPIN, Act.CONFIRM):
            return False
        if act is Act.POINTER_DOWN:
            hud = self.hud
            keep = [hud.auto, hud.sound] + ([hud.cont] if hud.show_continue else [])
            if any(b.contains(intent.pos) for b in keep):
                return False
        return True
