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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.autoplay import AutoplayConfig
from scenes.core.intents import Act, Intent
from scenes.menus.autoplay_dialog import open_autoplay
from scenes.menus.mixer import open_mixer
from scenes.menus.settings_menu import open_settings
from scenes.reels.hud import icon_rect
from scenes.reels.reel_view import CELL_H, CELL_W

if TYPE_CHECKING:
    from scenes.reels.scene import ReelsScene

# Intents that never stop autoplay: pointer motion and releases, the wheel, mute, and the
# autoplay key itself (it opens the dialog to change the running autoplay's settings).
KEEP_AUTOPLAY = frozenset(
    {Act.POINTER_MOVE, Act.POINTER_UP, Act.WHEEL, Act.MUTE, Act.QUIT, Act.FULLSCREEN, Act.AUTOPLAY}
)


class GameFunctions:
    """The icons, keys and autoplay controls of the reels scene."""

    @property
    def between_rounds(self: ReelsScene) -> bool:
        """No round open and nothing playing by itself: a viewer may open over the reels."""
        return (
            not self.driver.active
            and not self.leaving
            and not self.autoplay.running
            and self.stack is not None
        )

    def _click(self: ReelsScene) -> None:
        self.sounds.click()

    def open_settings(self: ReelsScene) -> None:
        if self.between_rounds:
            self._click()
            open_settings(self.ctx, self.stack)

    def sound_pressed(self: ReelsScene) -> None:
        """The sound icon: the mixer between rounds; during a round (or autoplay) it mutes, so
        no drop-down ever stops the reels."""
        if self.between_rounds:
            self._click()
            r = icon_rect(0)
            open_mixer(self.ctx, self.stack, topright=(r.right + 2, r.bottom + 6))
        else:
            self.toggle_mute()

    def open_paytable(self: ReelsScene) -> None:
        if self.between_rounds:
            from scenes.viewers.paytable import open_paytable  # the viewers load on first use

            self._click()
            open_paytable(self.ctx, self.stack, self.game_id, self.bet)

    def open_rules(self: ReelsScene) -> None:
        if self.between_rounds:
            from scenes.viewers.rules import open_rules

            self._click()
            open_rules(self.ctx, self.stack, self.game_id)

    def open_history(self: ReelsScene) -> None:
        if self.between_rounds:
            from scenes.viewers.history import open_history

            self._click()
            open_history(self.ctx, self.stack, self.game_id)

    # -- the mini paytable ----------------------------------------------------------------------------
    def may_inspect(self: ReelsScene) -> bool:
        return self.between_rounds and not self.free_mode and not self.waiting and self.blocked is None

    def cell_at(self: ReelsScene, pos: tuple[int, int] | None) -> tuple[int, int] | None:
        """The (reel, row) under `pos` in the reel window, or None."""
        window = self.view.window
        if pos is None or not window.collidepoint(pos):
            return None
        reel = (pos[0] - window.x) // CELL_W
        row = (pos[1] - window.y) // CELL_H
        if 0 <= reel < len(self.view.reels) and 0 <= row < self.view.rows:
            return int(reel), int(row)
        return None

    def inspect_cell(self: ReelsScene, reel: int, row: int) -> bool:
        """Open the mini paytable for the symbol in (reel, row), beside that cell."""
        if not self.may_inspect():
            return False
        from scenes.viewers.paytable import open_mini_paytable

        symbol = self.view.visible_cells()[reel][row]
        self.presenter.clear()  # the win presentation gives way to the symbol's pays
        self.hud.finish_count()
        self._click()
        rect = self.view.cell_rect(reel, row)
        open_mini_paytable(self.ctx, self.stack, self.game_id, symbol, self.bet, rect)
        return True

    # -- autoplay ---------------------------------------------------------------------------------
    def autoplay_pressed(self: ReelsScene) -> None:
        """AUTO / A: the autoplay dialog between rounds; while autoplay runs, the same dialog to
        change its settings (APPLY, from the next round) or stop it."""
        if self.stack is None or self.leaving:
            return
        if self.autoplay.running:
            assert self.autoplay.controller is not None
            self._click()
            config = self.autoplay.controller.config
            open_autoplay(
                self.ctx,
                self.stack,
                self.game_id,
                config,
                self.start_autoplay,
                running=True,
                on_stop=self.stop_autoplay,
            )
        elif not self.driver.active and self.blocked is None:
            self._click()
            open_autoplay(self.ctx, self.stack, self.game_id, self.autoplay.config, self.start_autoplay)

    def start_autoplay(self: ReelsScene, config: AutoplayConfig) -> None:
        """START (or APPLY while running) in the dialog."""
        if not self.autoplay.running and (self.driver.active or self.blocked is not None or self.leaving):
            self.autoplay.config = config
            return
        self.autoplay.start(config, self.balance_cents, 0.25 * self.speed)

    def stop_autoplay(self: ReelsScene) -> None:
        """The player takes over (any key or click, or STOP AUTOPLAY in the dialog)."""
        if not self.autoplay.running:
            return
        self.autoplay.stop()
        if self.player.waiting == "continue":
            self.player.release()  # the free spins still play: they belong to the round
        self._refresh_hud()

    def continue_autoplay(self: ReelsScene) -> None:
        """CONTINUE after the picks: the free spins, then the remaining rounds."""
        if self.player.waiting != "continue":
            return
        self.autoplay.resume()
        self._click()
        self.player.release()
        self._refresh_hud()

    def stops_autoplay(self: ReelsScene, intent: Intent) -> bool:
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
