"""The heads-up display under the reels: money, bet selectors, SPIN, messages, win meter.

Layout (logical pixels, band y = 560..720 on `ui/hud_bar`): BALANCE, LINES, LEVEL, COIN VALUE,
TOTAL BET, TOTAL WIN, MAX BET and the big SPIN button, with a message line above them; during
free spins a counter and multiplier badge sit on the frame's crest above the reels. Top corners
hold the back-to-lobby and sound buttons; the space to the right of the sound button is kept
for the settings / paytable / rules / history / autoplay buttons another screen will bring.

The HUD owns no game state: the reels scene sets what it shows (balance, bet, message, win
meter target, spin button mode, free-spins counter) and receives the player's actions through
callbacks. It does own the win meter's count-up (a presentation of a number that is already
decided). Everything changes in `handle`/`update`; `draw` only blits (text comes from the
text cache, so an unchanged number costs a dictionary lookup).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.definitions import GameDefinition
from game.money import Bet, format_cents
from scenes.intents import Act, Intent
from scenes.text import draw_text, fit_font
from scenes.widgets import Button, Selector, draw_panel

# Player-facing strings (one place, for the translation layer to come).
T_BALANCE = "BALANCE"
T_LINES = "LINES"
T_LEVEL = "LEVEL"
T_COIN_VALUE = "COIN VALUE"
T_TOTAL_BET = "TOTAL BET"
T_TOTAL_WIN = "TOTAL WIN"
T_MAX_BET = "MAX BET"
T_TOP_UP = "TOP UP"
T_STOP = "STOP"
T_COINS = "{coins:,} coins"
T_FREE_SPINS = "FREE SPINS"
T_FREE_COUNT = "{index} of {total}"
T_MULT = "x{mult}"
TIP_BACK = "Back to the lobby (Esc)"
TIP_SOUND = "Sound on / off (M)"

GOLD = (255, 214, 120)
CREAM = (255, 248, 230)
SOFT = (214, 190, 140)
WIN_GLOW = (255, 236, 150)

BAND_Y = 560
ROW_Y = 604
ROW_H = 92
MESSAGE_POS = (640, 582)

RECT_BALANCE = pygame.Rect(14, ROW_Y, 176, ROW_H)
RECT_LINES = pygame.Rect(198, ROW_Y + 6, 128, ROW_H - 12)
RECT_LEVEL = pygame.Rect(334, ROW_Y + 6, 128, ROW_H - 12)
RECT_COIN = pygame.Rect(470, ROW_Y + 6, 148, ROW_H - 12)
RECT_TOTAL_BET = pygame.Rect(626, ROW_Y, 156, ROW_H)
RECT_TOTAL_WIN = pygame.Rect(790, ROW_Y, 196, ROW_H)
RECT_MAX_BET = pygame.Rect(996, ROW_Y + 22, 112, 48)
RECT_TOP_UP = pygame.Rect(996, ROW_Y + 22, 112, 48)
RECT_SPIN = pygame.Rect(1122, 578, 136, 136)
RECT_BACK = pygame.Rect(8, 6, 44, 44)
RECT_SOUND = pygame.Rect(1228, 6, 44, 44)
RECT_FREE = pygame.Rect(440, 2, 400, 50)


class Hud:
    """The HUD widgets and the win meter. Callbacks are the scene's actions."""

    def __init__(
        self,
        assets,
        definition: GameDefinition,
        *,
        on_spin: Callable[[], None],
        on_step: Callable[[str, int], None],
        on_max_bet: Callable[[], None],
        on_top_up: Callable[[], None],
        on_back: Callable[[], None],
        on_mute: Callable[[], None],
        currency: str = "€",
    ) -> None:
        self.assets = assets
        self.definition = definition
        self.currency = currency
        self.balance_cents = 0
        self.bet: Bet | None = None
        self.message = ""
        self.message_color = CREAM
        self.free: tuple[int, int, int] | None = None  # (spin index, spins total, multiplier)
        self.show_top_up = False
        self.muted = False
        self.spin_mode = "spin"  # spin | stop | disabled
        self.bet_locked = False
        # the win meter: shows `win_shown` coins counting towards `win_target`
        self.win_target = 0
        self.win_shown = 0.0
        self._count_from = 0.0
        self._count_time = 0.0
        self._count_t = 0.0
        self.win_flash = 0.0
        self.clock = 0.0
        # after a round is credited, the balance shown climbs with the win meter (display only:
        # the ledger already holds the final balance)
        self.balance_follows_meter = False

        self.lines = Selector(RECT_LINES, title=T_LINES, format_value=str,
                              on_step=lambda d: on_step("lines", d))
        self.level = Selector(RECT_LEVEL, title=T_LEVEL, format_value=str,
                              on_step=lambda d: on_step("level", d))
        self.coin = Selector(RECT_COIN, title=T_COIN_VALUE,
                             format_value=lambda c: format_cents(c, self.currency),
                             on_step=lambda d: on_step("coin_value", d))
        self.max_bet = Button(RECT_MAX_BET, label=T_MAX_BET, on_click=on_max_bet, font_size=18)
        self.top_up = Button(RECT_TOP_UP, label=T_TOP_UP, on_click=on_top_up, font_size=18)
        self.spin = Button(RECT_SPIN, style="spin", on_click=on_spin)
        self.back = Button(RECT_BACK, icon="icon_back", style="icon", on_click=on_back,
                           tooltip=TIP_BACK)
        self.sound = Button(RECT_SOUND, icon="icon_sound", style="icon", on_click=on_mute,
                            tooltip=TIP_SOUND)
        self.selectors = (self.lines, self.level, self.coin)

    # -- what the scene sets ------------------------------------------------------------------
    def set_bet(self, bet: Bet) -> None:
        self.bet = bet
        opts = self.definition.bet
        self.lines.value = bet.lines
        self.lines.can_decrease = opts.lines_selectable and bet.lines > 1
        self.lines.can_increase = opts.lines_selectable and bet.lines < len(self.definition.lines)
        self.level.value = bet.level
        self.level.can_decrease = bet.level > min(opts.levels)
        self.level.can_increase = bet.level < max(opts.levels)
        self.coin.value = bet.coin_value_cents
        self.coin.can_decrease = bet.coin_value_cents > min(opts.coin_values_cents)
        self.coin.can_increase = bet.coin_value_cents < max(opts.coin_values_cents)

    def set_message(self, text: str, color: tuple[int, int, int] = CREAM) -> None:
        self.message = text
        self.message_color = color

    def reset_win(self) -> None:
        self.balance_follows_meter = False
        self.win_target = 0
        self.win_shown = 0.0
        self._count_time = 0.0

    def count_win_to(self, coins: int, duration: float) -> None:
        """Count the win meter up from what it shows to `coins` over `duration` seconds."""
        self._count_from = self.win_shown
        self.win_target = coins
        self._count_time = max(0.0, duration)
        self._count_t = 0.0
        if duration <= 0:
            self.win_shown = float(coins)

    def finish_count(self) -> None:
        self.win_shown = float(self.win_target)
        self._count_time = 0.0

    @property
    def counting(self) -> bool:
        return self.win_shown < self.win_target

    # -- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Pointer input for the HUD widgets (keys are the scene's)."""
        if intent.act not in (Act.POINTER_DOWN, Act.POINTER_UP, Act.POINTER_MOVE):
            return False
        self._sync()
        used = False
        for w in self._widgets():
            used = w.handle(intent) or used
        return used

    def _widgets(self) -> list:
        out: list = [*self.selectors, self.spin, self.back, self.sound]
        out.append(self.top_up if self.show_top_up else self.max_bet)
        return out

    def _sync(self) -> None:
        locked = self.bet_locked
        for s in self.selectors:
            s.enabled = not locked
        self.max_bet.enabled = not locked
        self.top_up.enabled = not locked
        self.spin.enabled = self.spin_mode != "disabled"
        self.back.enabled = not locked
        self.sound.icon = "icon_mute" if self.muted else "icon_sound"

    def update(self, dt: float) -> None:
        self.clock += dt
        self._sync()
        for w in self._widgets():
            w.update(dt)
        if self.win_shown < self.win_target:
            self._count_t += dt
            u = 1.0 if self._count_time <= 0 else min(1.0, self._count_t / self._count_time)
            # ease-out: fast at first, settling on the exact figure
            k = 1 - (1 - u) ** 2
            self.win_shown = self._count_from + (self.win_target - self._count_from) * k
            if u >= 1.0:
                self.win_shown = float(self.win_target)
                self.win_flash = 1.0
        elif self.win_shown > self.win_target:
            self.win_shown = float(self.win_target)
        self.win_flash = max(0.0, self.win_flash - dt * 1.5)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        a = self.assets
        bet = self.bet
        if self.message:
            font = fit_font(a, "display", self.message, 760, 24)
            draw_text(surface, font, self.message, MESSAGE_POS, self.message_color)

        coin_value = bet.coin_value_cents if bet is not None else 1
        balance = self.balance_cents
        if self.balance_follows_meter:
            balance -= max(0, self.win_target - int(self.win_shown)) * coin_value
        self._money_box(surface, RECT_BALANCE, T_BALANCE, balance // coin_value, balance, CREAM)
        for s in self.selectors:
            s.draw(surface, a)
        if bet is not None:
            self._money_box(surface, RECT_TOTAL_BET, T_TOTAL_BET, bet.total_coins, bet.total_cents,
                            CREAM)
        shown = int(self.win_shown)
        color = WIN_GLOW if shown > 0 else CREAM
        self._money_box(surface, RECT_TOTAL_WIN, T_TOTAL_WIN, shown, shown * coin_value, color,
                        glow=self.win_flash)
        (self.top_up if self.show_top_up else self.max_bet).draw(surface, a)
        self.spin.draw(surface, a)
        if self.spin_mode == "stop":
            draw_text(surface, a.font("display", 22), T_STOP, (RECT_SPIN.centerx, RECT_SPIN.bottom - 30),
                      CREAM, outline=2, outline_color=(10, 40, 20))
        self.back.draw(surface, a)
        self.sound.draw(surface, a)
        if self.free is not None:
            self._free_banner(surface)

    def _money_box(self, surface: pygame.Surface, rect: pygame.Rect, title: str, coins: int,
                   cents: int, color: tuple[int, int, int], glow: float = 0.0) -> None:
        a = self.assets
        draw_panel(surface, a, rect, alpha=215)
        draw_text(surface, a.font("text_bold", 14), title, (rect.centerx, rect.top + 8), SOFT,
                  anchor="midtop", shadow=False)
        text = T_COINS.format(coins=coins)
        font = fit_font(a, "display", text, rect.w - 20, 24)
        if glow > 0.05:
            draw_text(surface, font, text, (rect.centerx, rect.centery + 4), GOLD, outline=2,
                      outline_color=(120, 70, 10))
        else:
            draw_text(surface, font, text, (rect.centerx, rect.centery + 4), color)
        money = format_cents(cents, self.currency)
        draw_text(surface, a.font("text", 16), money, (rect.centerx, rect.bottom - 14), SOFT,
                  shadow=False)

    def _free_banner(self, surface: pygame.Surface) -> None:
        a = self.assets
        index, total, mult = self.free  # type: ignore[misc]
        r = RECT_FREE
        draw_panel(surface, a, r, alpha=255)
        draw_panel(surface, a, r, alpha=255)  # twice: the panel face is translucent by design
        draw_text(surface, a.font("display", 22), T_FREE_SPINS, (r.x + 20, r.centery), GOLD,
                  anchor="midleft", outline=1, outline_color=(60, 30, 0))
        draw_text(surface, a.font("display", 22), T_FREE_COUNT.format(index=index, total=total),
                  (r.centerx + 70, r.centery), CREAM)
        badge = pygame.Rect(0, 0, 58, 40)
        badge.midright = (r.right - 10, r.centery)
        a_badge = a.tinted("ui/line_badge", (255, 190, 60), badge.size)
        surface.blit(a_badge, badge)
        draw_text(surface, a.font("display", 24), T_MULT.format(mult=mult), badge.center,
                  (40, 20, 0), shadow=False)
