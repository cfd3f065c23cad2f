"""The heads-up display of the reels: money, bet selectors, SPIN, AUTO, messages, win meter, icons.

Layout (logical pixels, band y = 560..720 on the game's band, `Dress.hud_bar`): BALANCE, LINES,
LEVEL, COIN VALUE, TOTAL BET, TOTAL WIN, the AUTO button over MAX BET (TOP UP in its place when
the balance runs out) and the big SPIN button, with a message line above them; during free spins a counter and
multiplier badge cover the game's title on the frame's marquee above the reels. The top-left
corner holds back to the lobby, then the game's own information, paytable (P) and rules (I); the
top-right corner the player's things, as in the lobby: game history (H), settings (the spanner;
S) and sound (the mixer; M mutes). Both rows sit outside the reel frame and its marquee. While
autoplay runs, AUTO reads "AUTO 37" (the rounds left); when autoplay waits after the free-spins
picks, a CONTINUE button sits over the reels.

The HUD owns no game state: the reels scene sets what it shows (balance, bet, message, win
meter target, spin button mode, which buttons are enabled, the free-spins counter, the autoplay
counter) and receives the player's actions through callbacks. A press on a greyed button or a
selector's greyed end calls the same callback (`on_refused`), so the scene, which knows why the
button cannot act now, says so instead of the press going unanswered. It does own the win meter's
count-up (a presentation of a number that is already decided).

Every string goes through the translator passed in (`scenes.core.i18n.Translator`); money through
`format_money` in the player's display currency (`currency`, a code such as "EUR"), coins
through `format_coins`. A message is a plain string or a function of the translator, so a
message on screen switches language at once with the rest. Button labels, tooltips and selector
texts are a cache of the current (language, currency): refreshed when either changes, also from
`draw` (the settings menu is modal, so the HUD under it is drawn but not updated, and a language
switch there must show at once).

Drawing over the scene's opaque backdrop, the money boxes and selectors are composed once per
look (everything they show is in the key) and blitted opaque; the font each text fits in is
remembered per text.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from game.definitions import GameDefinition
from game.money import Bet
from scenes.core.canvas import Canvas, ScaledFont
from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, GOLD, SOFT
from scenes.presentation.dress import PLAIN, Dress
from scenes.reels.band import Band
from scenes.widgets import Button, Selector, draw_panel
from scenes.widgets.panel import draw_solid_panel

# Player-facing msgids (translated through the context's translator; assets/locale/*.json).
T_BALANCE = "BALANCE"
T_LINES = "LINES"
T_LEVEL = "LEVEL"
T_COIN_VALUE = "COIN VALUE"
T_TOTAL_BET = "TOTAL BET"
T_TOTAL_WIN = "TOTAL WIN"
T_MAX_BET = "MAX BET"
T_TOP_UP = "TOP UP"
T_STOP = "STOP"
T_AUTO = "AUTO"
T_AUTO_LEFT = "AUTO {n}"
T_CONTINUE = "CONTINUE"
T_PAUSED = "Autoplay waits: your Free Spins are ready"
T_FREE_SPINS = "FREE SPINS"
T_FREE_COUNT = "{index} of {total}"
T_MULT = "x{mult}"
TIP_BACK = "Back to the lobby (Esc)"
TIP_SOUND = "Sound mixer (M mutes)"
TIP_SETTINGS = "Settings (S)"
TIP_PAYTABLE = "Paytable (P)"
TIP_RULES = "Game rules (I)"
TIP_HISTORY = "Game history (H)"
TIP_AUTOPLAY = "Autoplay (A)"
TIP_AUTOPLAY_RUNNING = "Autoplay settings (A); any other key or click stops autoplay"

WIN_GLOW = (255, 236, 150)

BAND_Y = 560
RECT_BAND = pygame.Rect(0, BAND_Y, 1280, 720 - BAND_Y)  # the message, the boxes and the buttons
ROW_Y = 604
ROW_H = 92
MESSAGE_POS = (640, 582)

# The widths hold the Spanish titles at an 800×600 window, where the 11 px floor sets a 14 px
# title at 17.6 logical px: "VALOR DE MONEDA" needs 178, "APUESTA TOTAL" 152, "GANANCIA TOTAL"
# 168 and "APUESTA MÁX." 138 (its button)
RECT_BALANCE = pygame.Rect(14, ROW_Y, 170, ROW_H)
RECT_LINES = pygame.Rect(192, ROW_Y + 6, 122, ROW_H - 12)
RECT_LEVEL = pygame.Rect(322, ROW_Y + 6, 122, ROW_H - 12)
RECT_COIN = pygame.Rect(452, ROW_Y + 6, 180, ROW_H - 12)
RECT_TOTAL_BET = pygame.Rect(640, ROW_Y, 152, ROW_H)
RECT_TOTAL_WIN = pygame.Rect(800, ROW_Y, 172, ROW_H)
RECT_AUTO = pygame.Rect(980, ROW_Y + 2, 140, 42)
RECT_MAX_BET = pygame.Rect(980, ROW_Y + 50, 140, 42)
RECT_TOP_UP = RECT_MAX_BET.copy()
RECT_SPIN = pygame.Rect(1130, 578, 136, 136)
RECT_BACK = pygame.Rect(8, 6, 44, 44)
ICON_SIZE, ICON_GAP = 44, 6
ICONS_RIGHT, ICONS_TOP = 1272, 6  # the right icon row ends here; the mixer drops down below it
ICONS_LEFT = RECT_BACK.right + ICON_GAP  # the left row starts after the back button
RECT_FREE = pygame.Rect(358, 6, 564, 80)  # over the whole title on the marquee (tools/assets/frames.py)
RECT_CONTINUE = pygame.Rect(0, 0, 260, 64)
RECT_CONTINUE.center = (640, 330)
BOX_CACHE = 48  # composed money boxes and selectors kept (~60 KB each)
BAND_CACHE = 4  # composed bands kept (1280×160, ~800 KB each)
FIT_CACHE = 128  # fitted fonts kept, per (font, text, width, size)
LABEL_SIZES = {"max_bet": 17, "top_up": 17, "auto": 17, "cont": 26}  # largest label sizes

# A message on the message line: a plain string, or a function of the translator (re-read at
# every draw, so it follows a language switch).


def icon_rect(slot: int) -> pygame.Rect:
    """The top-right icon in `slot` (0 = right-most)."""
    r = pygame.Rect(0, ICONS_TOP, ICON_SIZE, ICON_SIZE)
    r.right = ICONS_RIGHT - slot * (ICON_SIZE + ICON_GAP)
    return r


def left_icon_rect(slot: int) -> pygame.Rect:
    """The top-left icon in `slot` (0 = next to the back button)."""
    return pygame.Rect(ICONS_LEFT + slot * (ICON_SIZE + ICON_GAP), ICONS_TOP, ICON_SIZE, ICON_SIZE)


class Hud(Band):
    """The HUD widgets and the win meter. Callbacks are the scene's actions."""

    def __init__(
        self,
        assets,
        definition: GameDefinition,
        tr: Translator,
        *,
        on_spin: Callable[[], None],
        on_step: Callable[[str, int], None],
        on_max_bet: Callable[[], None],
        on_top_up: Callable[[], None],
        on_back: Callable[[], None],
        on_sound: Callable[[], None],
        on_settings: Callable[[], None] | None = None,
        on_paytable: Callable[[], None] | None = None,
        on_rules: Callable[[], None] | None = None,
        on_history: Callable[[], None] | None = None,
        on_autoplay: Callable[[], None] | None = None,
        on_continue: Callable[[], None] | None = None,
        currency: str = "EUR",
        dress: Dress = PLAIN,
    ) -> None:
        super().__init__(tr)
        self.assets = assets
        self.dress = dress  # the game's panel behind the boxes and selectors (its band: the stage)
        self.definition = definition
        self.currency = currency  # the display currency's code
        self.balance_cents: int | None = 0
        self.bet: Bet | None = None
        self.show_top_up = False
        self.show_continue = False
        self.muted = False
        self.spin_mode = "spin"  # spin | stop | disabled
        self.bet_locked = False
        self.menus_enabled = True  # settings / paytable / rules / history (between rounds)
        self.auto_enabled = True
        self.auto_left: int | None = None  # rounds left while autoplay runs, else None
        self.clock = 0.0

        def selector(rect: pygame.Rect, title: str, fmt: Callable[[int], str], name: str) -> Selector:
            step = lambda d: on_step(name, d)  # noqa: E731 - the same call for a press and a refusal
            return Selector(
                rect, title=title, format_value=fmt, on_step=step, on_refused=step, panel=dress.panel
            )

        def button(rect: pygame.Rect, fn: Callable[[], None] | None, **kw) -> Button:
            # a press on it greyed goes to the same action, which says why it cannot act now
            return Button(rect, on_click=fn, on_refused=fn, **kw)

        self.lines = selector(RECT_LINES, T_LINES, self._number, "lines")
        self.level = selector(RECT_LEVEL, T_LEVEL, self._number, "level")
        self.coin = selector(RECT_COIN, T_COIN_VALUE, self.money, "coin_value")
        # the band's buttons wear the game's dress (its plates and its SPIN jewel)
        plate, jewel = dress.button, dress.spin
        self.max_bet = button(RECT_MAX_BET, on_max_bet, label=T_MAX_BET, font_size=17, art=plate)
        self.top_up = button(RECT_TOP_UP, on_top_up, label=T_TOP_UP, font_size=17, art=plate)
        self.auto = button(
            RECT_AUTO, on_autoplay, label=T_AUTO, icon="icon_autoplay", font_size=17, art=plate
        )
        self.spin = button(RECT_SPIN, on_spin, style="spin", art=jewel)
        self.cont = button(RECT_CONTINUE, on_continue, label=T_CONTINUE, font_size=26, art=plate)
        self.back = button(RECT_BACK, on_back, icon="icon_back", style="icon")
        # top left after back: the game's information; top right, right to left: the player's
        self.paytable = button(left_icon_rect(0), on_paytable, icon="icon_paytable", style="icon")
        self.rules = button(left_icon_rect(1), on_rules, icon="icon_rules", style="icon")
        self.sound = button(icon_rect(0), on_sound, icon="icon_sound", style="icon")
        self.settings = button(icon_rect(1), on_settings, icon="icon_settings", style="icon")
        self.history = button(icon_rect(2), on_history, icon="icon_history", style="icon")
        self.icons = (self.paytable, self.rules, self.history, self.settings, self.sound)
        self.selectors = (self.lines, self.level, self.coin)
        self._labels: tuple = ()
        # caches of rendered things, pure functions of their keys (draw changes nothing else):
        # composed boxes over the backdrop (key → surface) and the font each text fits in
        self._boxes: dict[tuple, Canvas] = {}
        self._bands: dict[tuple, Canvas] = {}  # the whole band, likewise (800 KB each)
        self._scratch: tuple[Canvas, Canvas] | None = None  # (backdrop, copy)
        self._fits: dict[tuple[str, str, int, int], ScaledFont] = {}
        self._band_last: tuple | None = None  # the band's look at the last draw (when to compose)
        self.relabel()

    def rebuild(self) -> None:
        """Forget the composed boxes and bands and the fitted fonts (the density changed)."""
        self._boxes.clear()
        self._bands.clear()
        self._scratch = None
        self._fits.clear()
        self._band_last = None

    # -- text -----------------------------------------------------------------------------------
    def _number(self, n: int) -> str:
        return self.tr.format_number(n)

    def money(self, cents: int) -> str:
        return self.tr.format_money(cents, self.currency)

    def relabel(self) -> None:
        """Labels, tooltips and selector texts for the current language, currency and autoplay
        counter (a cache: cheap to call; does nothing when nothing changed)."""
        tr = self.tr
        key = (tr.generation, self.currency, self.auto_left)
        if key == self._labels:
            return
        if not self._labels or self._labels[0] != tr.generation:
            # a new language or text size: the composed boxes and fitted fonts are of the old one
            self._boxes.clear()
            self._bands.clear()
            self._fits.clear()
            self._band_last = None
        self._labels = key
        g = tr.gettext
        for sel, title in ((self.lines, T_LINES), (self.level, T_LEVEL), (self.coin, T_COIN_VALUE)):
            sel.title = g(title)
            if sel.value is not None:
                sel.value_text = sel.format_value(sel.value)
        self.max_bet.label = g(T_MAX_BET)
        self.top_up.label = g(T_TOP_UP)
        self.cont.label = g(T_CONTINUE)
        running = self.auto_left is not None
        self.auto.label = tr.t(T_AUTO_LEFT, n=self.auto_left) if running else g(T_AUTO)
        for name, size in LABEL_SIZES.items():
            getattr(self, name).fit_label(self.assets, size)  # "APUESTA MÁX." runs long
        self.auto.tooltip = g(TIP_AUTOPLAY_RUNNING if running else TIP_AUTOPLAY)
        for button, tip in (
            (self.back, TIP_BACK),
            (self.sound, TIP_SOUND),
            (self.settings, TIP_SETTINGS),
            (self.paytable, TIP_PAYTABLE),
            (self.rules, TIP_RULES),
            (self.history, TIP_HISTORY),
        ):
            button.tooltip = g(tip)

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

    # -- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Pointer input for the HUD widgets (keys are the scene's)."""
        if intent.act not in (Act.POINTER_DOWN, Act.POINTER_UP, Act.POINTER_MOVE):
            return False
        self._sync()
        used = False
        for w in self.widgets():
            used = w.handle(intent) or used
        return used

    def widgets(self) -> list:
        """The widgets live now (what is drawn and takes input)."""
        out: list = [*self.selectors, self.spin, self.auto, self.back, *self.icons]
        out.append(self.top_up if self.show_top_up else self.max_bet)
        if self.show_continue:
            out.append(self.cont)
        return out

    def _sync(self) -> None:
        locked = self.bet_locked
        for s in self.selectors:
            s.enabled = not locked
        self.max_bet.enabled = not locked
        self.top_up.enabled = not locked
        self.spin.enabled = self.spin_mode != "disabled"
        self.back.enabled = not locked
        for b in (self.settings, self.paytable, self.rules, self.history):
            b.enabled = self.menus_enabled
        self.auto.enabled = self.auto_enabled
        self.auto.selected = self.auto_left is not None
        self.sound.icon = "icon_mute" if self.muted else "icon_sound"

    def on_pause(self) -> None:
        """An overlay took the pointer: no hover highlight or tooltip left frozen underneath."""
        for w in self.widgets():
            for b in (w.minus, w.plus) if isinstance(w, Selector) else (w,):
                b.hover = b.pressed = False
                b.hover_t = b.press_t = 0.0

    def update(self, dt: float) -> None:
        self.clock += dt
        self.relabel()
        self._sync()
        for w in self.widgets():
            w.update(dt)
        self.update_meter(dt)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: Canvas, backdrop: Canvas | None = None) -> None:
        """Draw the HUD. `backdrop`, when given, is the opaque surface under the HUD band (same
        coordinates); the HUD then paints the whole band itself, backdrop included, so the caller
        need not blit the backdrop there. The band (message, money boxes, selectors, AUTO, MAX BET,
        SPIN) is composed over it once per look, itself from boxes and selectors composed once per
        look (the same blits in the same order, so the same pixels), and blitted opaque."""
        a = self.assets
        self.relabel()  # a cache of the texts: follows a language switch made in a menu on top
        message = self.message
        boxes = self._boxes_shown()
        band_widgets = [w for w in self.widgets() if w in (self.spin, self.auto, self.max_bet, self.top_up)]
        stop = self.tr.gettext(T_STOP) if self.spin_mode == "stop" else None
        if backdrop is None:
            self._draw_band(surface, None, message, boxes, band_widgets, stop)
        else:
            key = (
                "band",
                message,
                self.message_color,
                tuple((tuple(b[0]), *b[1:]) for b in boxes),
                tuple(s.look() for s in self.selectors),
                tuple(w.look() for w in band_widgets),
                stop,
            )
            if (backdrop, key) in self._bands or key == self._band_last:
                self._composed(
                    surface,
                    backdrop,
                    RECT_BAND,
                    key,
                    lambda target: self._draw_band(target, backdrop, message, boxes, band_widgets, stop),
                    self._bands,
                    BAND_CACHE,
                )
            else:
                # a look seen for the first time (a meter counting, a highlight easing) is drawn
                # piece by piece: the band is composed once it holds still for a second frame
                self._band_last = key
                surface.blit(backdrop, RECT_BAND, RECT_BAND)
                self._draw_band(surface, backdrop, message, boxes, band_widgets, stop)
        # the icons at the top, in the order of `widgets()` (nothing of them overlaps the band)
        for w in (self.back, *self.icons):
            w.draw(surface, a)
        if self.free is not None:
            self._free_banner(surface)
        if self.show_continue:
            self._continue_panel(surface)

    def _boxes_shown(self) -> list[tuple]:
        """(rect, title, coins, cents, colour, glow) of each money box shown now."""
        tr, bet = self.tr, self.bet
        coin_value = bet.coin_value_cents if bet is not None else 1
        balance = self.shown_balance_cents(coin_value) or 0
        boxes: list[tuple] = [
            (RECT_BALANCE, tr.gettext(T_BALANCE), balance // coin_value, balance, CREAM, False)
        ]
        if bet is not None:
            boxes.append(
                (RECT_TOTAL_BET, tr.gettext(T_TOTAL_BET), bet.total_coins, bet.total_cents, CREAM, False)
            )
        shown = int(self.win_shown)
        boxes.append(
            (
                RECT_TOTAL_WIN,
                tr.gettext(T_TOTAL_WIN),
                shown,
                shown * coin_value,
                WIN_GLOW if shown > 0 else CREAM,
                self.win_flash > 0.05,
            )
        )
        return boxes

    def _draw_band(
        self,
        surface: Canvas,
        backdrop: Canvas | None,
        message: str,
        boxes: list[tuple],
        band_widgets: list,
        stop: str | None,
    ) -> None:
        """The band's contents in their drawing order: message, balance, the selectors, total
        bet, total win, SPIN, AUTO, MAX BET (or TOP UP), then STOP on the spin button."""
        a = self.assets
        if message:
            font = self._fit("display", message, 720, 24)
            draw_text(surface, font, message, MESSAGE_POS, self.message_color)
        # the message ends above the boxes' row, and no two boxes overlap
        for rect, title, coins, cents, color, glow in boxes[:1]:
            self._box(surface, backdrop, rect, title, coins, cents, color, glow)
        for sel in self.selectors:
            if backdrop is None:
                sel.draw(surface, a)
            else:
                self._composed(
                    surface,
                    backdrop,
                    sel.rect,
                    ("selector", sel.look()),
                    functools.partial(sel.draw, assets=a),
                )
        for rect, title, coins, cents, color, glow in boxes[1:]:
            self._box(surface, backdrop, rect, title, coins, cents, color, glow)
        for w in band_widgets:
            w.draw(surface, a)
        if stop is not None:
            font = self._fit("display", stop, RECT_SPIN.w - 40, 22)
            draw_text(
                surface,
                font,
                stop,
                (RECT_SPIN.centerx, RECT_SPIN.bottom - 30),
                CREAM,
                outline=2,
                outline_color=self.dress.title_outline,
            )

    def _fit(self, name: str, text: str, width: int, size: int) -> ScaledFont:
        """`fit_font`, remembered per (font, text, width, size): measuring every frame is waste."""
        key = (name, text, width, size)
        font = self._fits.get(key)
        if font is None:
            font = fit_font(self.assets, name, text, width, size)
            if len(self._fits) >= FIT_CACHE:
                self._fits.clear()
            self._fits[key] = font
        return font

    def _box(
        self,
        surface: Canvas,
        backdrop: Canvas | None,
        rect: pygame.Rect,
        title: str,
        coins: int,
        cents: int,
        color: tuple[int, int, int],
        glow: bool,
    ) -> None:
        text = self.tr.format_coins(coins)
        if self._fit("display", text, rect.w - 20, 24).size(text)[0] > rect.w - 12:
            text = self.tr.format_number(coins)  # a small window (the 11 px floor): the count alone
        money = self.money(cents)
        if backdrop is None:
            self._money_box(surface, rect, title, text, money, color, glow)
            return
        key = ("money", tuple(rect), title, text, money, color, glow)
        self._composed(
            surface,
            backdrop,
            rect,
            key,
            lambda target: self._money_box(target, rect, title, text, money, color, glow),
        )

    def _composed(
        self,
        surface: Canvas,
        backdrop: Canvas,
        rect: pygame.Rect,
        key: tuple,
        draw: Callable[[Canvas], None],
        cache: dict[tuple, Canvas] | None = None,
        bound: int = 0,
    ) -> None:
        """Blit `rect` as `draw` paints it over `backdrop`, composed once per `key`.

        `draw` paints in screen coordinates onto a copy of the backdrop, restored under `rect`
        first; what it paints must stay inside `rect` (the boxes' texts are fitted to them)."""
        if cache is None:
            cache, bound = self._boxes, BOX_CACHE
        full = (backdrop, key)
        box = cache.get(full)
        if box is None:
            if self._scratch is None or self._scratch[0] is not backdrop:
                self._scratch = (backdrop, backdrop.copy())
            scratch = self._scratch[1]
            scratch.blit(backdrop, rect, rect)
            draw(scratch)
            box = scratch.subsurface(rect).copy()
            if len(cache) >= bound:
                del cache[next(iter(cache))]  # the oldest
            cache[full] = box
        surface.blit(box, rect)

    def _money_box(
        self,
        surface: Canvas,
        rect: pygame.Rect,
        title: str,
        text: str,
        money: str,
        color: tuple[int, int, int],
        glow: bool,
    ) -> None:
        a = self.assets
        draw_panel(surface, a, rect, alpha=215, art=self.dress.panel, corner=self.dress.panel_corner)
        title_font = self._fit("text_bold", title, rect.w - 16, 14)
        draw_text(
            surface, title_font, title, (rect.centerx, rect.top + 8), SOFT, anchor="midtop", shadow=False
        )
        font = self._fit("display", text, rect.w - 20, 24)
        if glow:
            draw_text(
                surface,
                font,
                text,
                (rect.centerx, rect.centery + 4),
                GOLD,
                outline=2,
                outline_color=(120, 70, 10),
            )
        else:
            draw_text(surface, font, text, (rect.centerx, rect.centery + 4), color)
        draw_text(surface, a.font("text", 16), money, (rect.centerx, rect.bottom - 14), SOFT, shadow=False)

    def _free_banner(self, surface: Canvas) -> None:
        a, tr = self.assets, self.tr
        index, total, mult = self.free  # type: ignore[misc]
        r = RECT_FREE
        dress = self.dress  # opaque: the marquee's title must not show through
        draw_solid_panel(surface, a, r, art=dress.plate, corner=dress.plate_corner, backing=dress.backing)
        badge = pygame.Rect(0, 0, 64, 44)
        badge.midright = (r.right - 10, r.centery)
        title = tr.say(self.free_title) if self.free_title else tr.gettext(T_FREE_SPINS)
        count = tr.t(T_FREE_COUNT, index=index, total=total)
        room = badge.left - r.left - 36
        font = self._fit("display", f"{title}  {count}", room, 30)
        title_rect = draw_text(
            surface,
            font,
            title,
            (r.x + 18, r.centery),
            GOLD,
            anchor="midleft",
            outline=1,
            outline_color=(60, 30, 0),
        )
        draw_text(surface, font, count, (title_rect.right + 14, r.centery), CREAM, anchor="midleft")
        a_badge = a.tinted("ui/line_badge", (255, 190, 60), badge.size)
        surface.blit(a_badge, badge)
        draw_text(
            surface, a.font("display", 24), tr.t(T_MULT, mult=mult), badge.center, (40, 20, 0), shadow=False
        )

    def _continue_panel(self, surface: Canvas) -> None:
        """Autoplay waits after the picks: a note and the CONTINUE button over the reels."""
        a = self.assets
        box = RECT_CONTINUE.inflate(300, 110).move(0, -22)
        draw_panel(surface, a, box, alpha=240)
        draw_panel(surface, a, box, alpha=200)
        note = self.tr.gettext(T_PAUSED)
        font = self._fit("display_regular", note, box.w - 40, 24)
        draw_text(surface, font, note, (box.centerx, box.top + 30), CREAM)
        self.cont.draw(surface, a)
