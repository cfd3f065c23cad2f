"""The reels scene: one game's screen, shared by every game and driven by the round's events.

`ReelsScene(ctx, game_id)` composes the backdrop, the reel window (`ReelView`), the frame, the
line markers and win lines (`WinPresenter`), the HUD (`Hud`), the stone picker
(`StonePickerScene`), the big-win celebration (`CelebrationScene`) and the sounds
(`SoundDirector`). The `RoundDriver` is the only way money moves: SPIN asks it to start a round
(the ledger debits and records it, then the engine computes the outcome) and this scene then
plays the returned events one after another:

    spin → reels land exactly on the stops, wins are presented and counted
    free_spins_trigger → the scatters glow, "FREE SPINS" is announced
    pick_request → the stone picker opens (picks go through the driver, ledger first)
    free_spins_start → the free-spins backdrop, music, wild reels and wild symbols appear
    spin (free) × N → each spin with the features visible and the counter running
    free_spins_end → "FREE SPINS WIN: x coins"
    win_cap → "Maximum win of €250,000.00 reached"
    round_end → the driver credits the win (once); big wins are celebrated

Nothing here decides an outcome. SPIN while the reels turn slam-stops them; a round never
starts while another is open (CERTIFICATION F3). Esc returns to the lobby between rounds; during
a pending pick the round stays open in the ledger and is resumed (same seed, same picks) the
next time the game opens. A round that can no longer be replayed faithfully (the game's data or
engine changed since it began) is voided instead: its bet is refunded ("Malfunction voids all
pays and plays", in a notice) and the player plays on.

The game functions of the rules text, between rounds only (a viewer never opens over a running
round, so no dialog can change a round's state; mid-round the icons are greyed and the keys are
swallowed): the spanner / S opens the settings menu, the sound icon the mixer (M mutes at any
time; mid-round the icon mutes), P the paytable at the current bet (←/→ turn its pages), I the
rules, H this game's history, A / AUTO the autoplay dialog. Clicking a symbol on the reels at
rest in the main game opens the mini paytable for that symbol beside its cell (a win being
presented is dismissed first).

Autoplay (the dialog's `AutoplayConfig`, kept in this scene only, so a reload starts from the
defaults) runs through `game.autoplay.AutoplayController`: rounds left on the AUTO button, any
key or click stops it (that click does nothing else), A / AUTO while it runs opens the dialog to
change its settings (they apply after the running round), and the stop conditions end it with a
toast. When free spins are won and "If Free Spins is won" is off, autoplay waits: the player
makes the picks, then CONTINUE plays the free spins and the remaining rounds.

`--autoplay N` (the command line, and the bench) is a separate, older path: N rounds at the
current bet, picks from the seed source's own stream, then the app is asked to quit; it stops
early, with a printed line, when the balance no longer covers the bet.

Every player-facing string goes through the context's translator (`scenes.i18n`): messages are
kept as functions of the translator and read while drawing, so a language switch in the settings
menu over the reels shows at once; money is formatted in the player's display currency.

A frame writes each pixel of the opaque backdrop once: the reel view paints the reel window and
the HUD its band, each over the backdrop they are given (composing their steady parts once), and
the scene blits the backdrop only around them.
"""

from __future__ import annotations

import logging
import sys
from collections import deque

import pygame

from game.autoplay import AutoplayConfig, AutoplayController, StopReason
from game.bets import default_bet, max_bet, step_bet, validate_bet
from game.events import (
    FreeSpinsEndEvent,
    PickRequestEvent,
    RoundEndEvent,
    SpinEvent,
    WinCapEvent,
    events_from_json,
)
from game.games.stones.events import (
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRevealEvent,
    PicksDoneEvent,
)
from game.games.stones.model import StonesFeature
from game.ledger import LedgerError
from game.money import Bet, format_cents
from game.session import MSG_VOIDED, ResumeRefused, RoundDriver, RoundRefused, RoundView
from scenes.autoplay_dialog import open_autoplay, stop_message
from scenes.celebration import CelebrationScene
from scenes.hud import GOLD, RECT_BAND, Hud, Message, icon_rect
from scenes.i18n import Translator, translator
from scenes.intents import Act, Intent
from scenes.mixer import open_mixer
from scenes.reel_view import CELL_H, CELL_W, NORMAL, QUICK, TURBO, WINDOW, ReelView, SymbolArt, soft_blur
from scenes.settings_menu import open_settings
from scenes.sound_director import SoundDirector
from scenes.stack import Scene
from scenes.stone_picker import StonePickerScene
from scenes.text import draw_text, fit_font, render_text
from scenes.widgets import draw_panel
from scenes.widgets.dialog import TEXT_OK, MessageDialog, Toast
from scenes.win_presenter import ALL_TIME, WinPresenter, count_time, win_tier

log = logging.getLogger(__name__)

# Player-facing msgids (translated through the context's translator; assets/locale/*.json).
T_PLACE_BET = "Place your bet"
T_GOOD_LUCK = "Good luck!"
T_YOU_WON = "You won {coins:,} coins"
T_NO_WIN = "Place your bet"
T_FREE_COUNT = "Free spins: {index} of {total}  x{mult}"
T_FREE_READY = "Free spins: {total}  x{mult}"
T_TRIGGER = "{count} SCATTERS: FREE SPINS!"
T_TRIGGER_BANNER = "FREE SPINS"
T_TRIGGER_SUB = "Pick {picks} stones to reveal your features"
T_FS_WIN = "FREE SPINS WIN"
T_FS_COINS = "{coins:,} coins"
T_CAP_MONEY = "Maximum win of {amount} reached"
T_CAP_COINS = "Maximum win of {coins:,} coins reached"
T_NO_FUNDS = "Insufficient balance — top up?"
T_LOWER_BET = "Insufficient balance — lower your bet"
T_TOPPED_UP = "Your balance was topped up"
T_RESUMED = "Resuming your unfinished round"
T_WILD = "WILD"
T_AUTOPLAY_LEFT = "Autoplay: {n} left"
T_VOIDED = "Unfinished round voided: {amount} refunded"
T_NOTICE = "Please note"
# Printed on stdout by `--autoplay N` for scripts: not shown on screen, kept in English.
P_AUTOPLAY_DONE = "autoplay: {rounds} rounds played, balance {balance}"
P_AUTOPLAY_STOPPED = (
    "autoplay stopped after {rounds} rounds: the balance {balance} does not cover the bet {bet}"
)

CREAM = (255, 248, 230)
CAP_COLOR = (255, 190, 90)
LOGO_SIZE = (216, 54)
LOGO_CENTER = (640, 29)
TRIGGER_HIGHLIGHT = 1.1  # s the landed scatters glow alone before the announcement
FREE_PRESENT_SCALE = 0.6  # free spins show each spin's wins at this pace (all lines, then each)
TOAST_S = 3.5

# Intents that never stop autoplay: pointer motion and releases, the wheel, mute, and the
# autoplay key itself (it opens the dialog to change the running autoplay's settings).
_KEEP_AUTOPLAY = frozenset(
    {Act.POINTER_MOVE, Act.POINTER_UP, Act.WHEEL, Act.MUTE, Act.QUIT, Act.FULLSCREEN, Act.AUTOPLAY}
)


def static_parts(window: pygame.Rect, band: pygame.Rect) -> list[pygame.Rect]:
    """The screen minus the reel window and the HUD band (both paint their own backdrop), as
    rects; the whole screen when the layout is not the usual one (band across the bottom, below
    the window)."""
    screen = pygame.Rect(0, 0, 1280, 720)
    if not (
        band.left == 0
        and band.w == screen.w
        and band.bottom == screen.bottom
        and screen.contains(window)
        and window.bottom <= band.top
    ):
        return [screen]
    parts = [
        pygame.Rect(0, 0, screen.w, window.top),
        pygame.Rect(0, window.top, window.left, window.h),
        pygame.Rect(window.right, window.top, screen.w - window.right, window.h),
        pygame.Rect(0, window.bottom, screen.w, band.top - window.bottom),
    ]
    return [r for r in parts if r.w > 0 and r.h > 0]


class ReelsScene(Scene):
    opaque = True
    modal = True

    def __init__(self, ctx, game_id: str) -> None:
        super().__init__()
        self.ctx = ctx
        if game_id not in ctx.games:
            raise KeyError(f"game {game_id!r} is not installed")
        self.game_id = game_id
        self.loaded = ctx.games[game_id]
        self.defn = self.loaded.definition
        self.assets = ctx.assets
        self.tr: Translator = translator(ctx)
        self._read_pace()
        self.driver = RoundDriver(ctx.ledger, self.loaded, ctx.seeds, ctx.session_id)
        self.sounds = SoundDirector(ctx.audio, game_id)

        self.bet = self._initial_bet()
        self.driver.set_bet(self.bet)
        self.view = ReelView(self.defn, self._symbol_art())
        self._static_parts = static_parts(self.view.window, RECT_BAND)
        self.presenter = WinPresenter(
            self.defn,
            self.view,
            self.assets.font("text_bold", 13),
            self.assets.image("ui/line_badge"),
            cache=self.assets.derived,
            tr=self.tr,
        )
        self.hud = Hud(
            self.assets,
            self.defn,
            self.tr,
            on_spin=self.spin_pressed,
            on_step=self.step_bet,
            on_max_bet=self.max_bet,
            on_top_up=self.top_up,
            on_back=self.back,
            on_sound=self.sound_pressed,
            on_settings=self.open_settings,
            on_paytable=self.open_paytable,
            on_rules=self.open_rules,
            on_history=self.open_history,
            on_autoplay=self.autoplay_pressed,
            on_continue=self.continue_autoplay,
            currency=self.currency,
        )
        self.hud.set_bet(self.bet)
        self.hud.balance_cents = self.driver.balance_cents
        self._static = {False: self._compose_static(False), True: None}
        self._logo = self._compose_logo() if self.assets.has_image(f"{game_id}/logo") else None

        # the round being shown
        self.queue: deque = deque()
        self.waiting = ""  # "" | reels | timer | picker | celebration
        self.timer = 0.0
        self.current_spin: SpinEvent | None = None
        self.base_spin: SpinEvent | None = None
        self.round_win = 0
        self.free_mode = False
        self.free_start: FreeSpinsStartEvent | None = None
        self.trigger_cells: frozenset[tuple[int, int]] | None = None
        self._overlay: tuple[str, Message, Message] | None = None  # (kind, title, subtitle)
        self.cap_text: Message = ""
        self.blocked = ""  # a reason no round may start (a refused resume)
        self.hover_line: int | None = None
        self.clock = 0.0
        # `--autoplay N` (command line / bench): rounds left and played
        self.autoplay_left = int(ctx.options.autoplay or 0)
        self.autoplay_rounds = 0
        self.autoplay_wait = 0.0
        # the player's autoplay: the dialog's settings (this scene only) and the running controller
        self.auto_config = AutoplayConfig()
        self.auto: AutoplayController | None = None
        self._held: list = []  # the round's events after the picks, while autoplay waits (CONTINUE)
        self._round_free_spins = False
        self._armed_cell: tuple[int, int] | None = None  # a reel cell pressed at rest
        self._wild_tag_generation = self.tr.generation
        self.leaving = False
        self._after_timer = None  # what to do when the current pause ends
        self._resumed_picks = False  # the next picker opens with earlier picks shown open
        self.say(T_PLACE_BET)

    @property
    def currency(self) -> str:
        """The player's display currency (a code: "EUR", "GBP", "USD"); may change in the menu."""
        return getattr(self.ctx.settings, "display_currency", "EUR")

    def _symbol(self) -> str:
        """The currency symbol for the English lines `--autoplay N` prints for scripts."""
        return getattr(self.ctx.settings, "currency_symbol", "€")

    def say(self, msgid: str, color: tuple[int, int, int] = CREAM, **values) -> None:
        """Put a translated message on the HUD's message line (re-read at every draw)."""
        self.hud.set_message(lambda tr: tr.t(msgid, **values), color)

    def say_text(self, text: str, color: tuple[int, int, int] = CAP_COLOR) -> None:
        """A sentence that came formatted in English (a refusal, a notice), translated."""
        self.hud.set_message(lambda tr: tr.translate_text(text), color)

    @property
    def overlay(self) -> tuple[str, str, str] | None:
        """The banner over the reels as shown now: (kind, title, subtitle), translated."""
        if self._overlay is None:
            return None
        kind, title, sub = self._overlay
        return kind, self._text(title), self._text(sub)

    def _text(self, m: Message) -> str:
        return m(self.tr) if callable(m) else m

    def _read_pace(self) -> None:
        """Timing from `--turbo` and the quick-spin / reduced-motion settings (read again before
        every round, so a change in the settings screen applies from the next spin)."""
        ctx = self.ctx
        self.reduced_motion = bool(getattr(ctx.settings, "reduced_motion", False))
        self.turbo = bool(ctx.options.turbo)
        self.quick = bool(ctx.settings.quick_spin) and not self.turbo
        self.timing = TURBO if self.turbo else QUICK if self.quick else NORMAL
        # scale of every pause and presentation: 1 normal, ½ quick spin, 0 turbo
        self.speed = 0.0 if self.turbo else 0.5 if self.quick else 1.0

    # -- construction helpers -------------------------------------------------------------------
    def _initial_bet(self) -> Bet:
        """The bet of this game's last round if it is still offered, else the game's default."""
        try:
            last = self.ctx.ledger.history(1, game_id=self.game_id)
        except (LedgerError, AttributeError):
            last = []
        if last:
            try:
                validate_bet(self.defn, last[0].bet)
                return last[0].bet
            except ValueError:
                pass
        return default_bet(self.defn)

    def _symbol_art(self) -> SymbolArt:
        a = self.assets
        images = {s: a.image(f"{self.game_id}/symbols/{s}") for s in self.defn.symbol_ids}
        feature = self.defn.feature
        cover = None
        if isinstance(feature, StonesFeature) and any(s.kind == "wild_reel" for s in feature.stones):
            cover = a.image(f"{self.game_id}/wild_reel")
        art = SymbolArt(images, wild_cover=cover, wild_tag=self._wild_tag_art(), cache=self.assets.derived)
        art.convert()
        return art

    def _wild_tag_art(self) -> pygame.Surface:
        """The "WILD" label in the current language (cached per text in the asset store)."""
        text = self.tr.gettext(T_WILD)
        return self.assets.derived(("reels-wild-tag", text), lambda: self._wild_tag(text))

    def _wild_tag(self, label: str) -> pygame.Surface:
        """The small glowing "WILD" label put on symbols that are wild in free spins."""
        font = self.assets.font("display", 20)
        text = render_text(font, label, (50, 24, 0))
        w, h = text.get_width() + 22, text.get_height() + 4
        surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
        glow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 200, 60, 220), glow.get_rect().inflate(-8, -8), border_radius=12)
        surf.blit(soft_blur(glow, 5), (0, 0))
        plate = pygame.Rect(8, 8, w, h)
        pygame.draw.rect(surf, (255, 214, 90), plate, border_radius=9)
        pygame.draw.rect(surf, (255, 246, 200), plate, width=2, border_radius=9)
        surf.blit(text, text.get_rect(center=plate.center))
        return surf

    def _compose_logo(self) -> pygame.Surface:
        """The game's logo with a dark halo, so it reads over the frame's bright crest."""
        logo = self.assets.scaled(f"{self.game_id}/logo", LOGO_SIZE)
        pad = 14
        surf = pygame.Surface((logo.get_width() + 2 * pad, logo.get_height() + 2 * pad), pygame.SRCALPHA)
        shade = logo.copy()
        shade.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
        surf.blit(shade, (pad, pad))
        surf = soft_blur(surf, 6)
        for _ in range(2):  # a denser halo right around the letters
            surf.blit(shade, (pad, pad + 2))
        surf.blit(logo, (pad, pad))
        return surf

    def _opaque(self, surf: pygame.Surface) -> pygame.Surface:
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def _compose_static(self, free: bool) -> pygame.Surface:
        """Backdrop + reel background + frame + HUD bar in one opaque surface (see `draw`).

        The frame is transparent over the whole reel window, so nothing drawn later in the
        window is ever covered by it and it can be baked in underneath.
        """
        a = self.assets
        name = (
            f"{self.game_id}/background_free"
            if free and a.has_image(f"{self.game_id}/background_free")
            else f"{self.game_id}/background"
        )
        surf = pygame.Surface((1280, 720))
        surf.blit(a.image(name), (0, 0))
        surf.blit(a.image(f"{self.game_id}/reel_bg"), WINDOW)
        surf.blit(a.image(f"{self.game_id}/frame"), (0, 0))
        surf.blit(a.image("ui/hud_bar"), (0, 560))
        return self._opaque(surf)

    def _static_surface(self) -> pygame.Surface:
        surf = self._static.get(self.free_mode)
        return surf if surf is not None else self._static[False]

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._show_last_round()
        notices = self.ctx.take_notices() if hasattr(self.ctx, "take_notices") else []
        try:
            view = self.driver.resume()
        except RoundRefused as exc:
            self._resume_refused(exc)
            return
        if view is not None:
            self._start_resumed(view)
        elif notices:
            self.say_text(notices[0])
        self._refresh_hud()

    def _resume_refused(self, exc: RoundRefused) -> None:
        """The open round cannot be replayed faithfully (the game changed): void it, refund the
        bet and tell the player, who plays on. Only if voiding fails does SPIN stay disabled."""
        if isinstance(exc, ResumeRefused):
            try:
                balance = self.driver.void_unresumable()
            except (RuntimeError, RoundRefused, LedgerError) as err:
                log.error("the unresumable round could not be voided: %s", err)
            else:
                self._voided(exc.bet_cents, balance)
                return
        self.blocked = str(exc)
        self.say_text(self.blocked)
        self._refresh_hud()

    def _voided(self, bet_cents: int, balance_cents: int) -> None:
        self.hud.balance_cents = balance_cents
        self.hud.set_message(
            lambda tr: tr.t(T_VOIDED, amount=tr.format_money(bet_cents, self.currency)), CAP_COLOR
        )
        self._refresh_hud()
        tr = self.tr
        body = tr.t(MSG_VOIDED, amount=tr.format_money(bet_cents, self.currency))
        opts = self.ctx.options
        if opts.autoplay or opts.bench or self.stack is None:
            print(body, file=sys.stderr)  # nobody is watching the screen
            return
        stack = self.stack
        # queued: this runs inside on_enter, and the notice must land above the reels
        stack.queue(
            lambda: stack.push(MessageDialog(self.assets, tr.gettext(T_NOTICE), body, ok=tr.gettext(TEXT_OK)))
        )

    def on_exit(self) -> None:
        self.view.finish_now()
        self.sounds.silence()

    def on_pause(self) -> None:
        # an overlay takes the pointer: no hover highlight or tooltip left frozen underneath
        self.hud.on_pause()
        self._armed_cell = None
        self.hover_line = None

    def _show_last_round(self) -> None:
        """Open on the reels as this game's last round left them (no draw, just history)."""
        try:
            last = self.ctx.ledger.history(1, game_id=self.game_id)
        except (LedgerError, AttributeError):
            return
        if not last or not last[0].events:
            return
        try:
            events = events_from_json(last[0].events)
        except ValueError:
            return
        spin = next((e for e in events if isinstance(e, SpinEvent) and e.mode == "base"), None)
        if spin is not None and spin.reel_set in self.defn.reel_sets:
            self.view.show(spin.reel_set, spin.stops, spin.grid)

    # -- player actions ---------------------------------------------------------------------------
    def spin_pressed(self) -> None:
        """SPIN: start a round when idle; otherwise hurry what is showing (never a second bet)."""
        if self.driver.active:
            if self.waiting == "continue":
                self.continue_autoplay()
                return
            if self.waiting == "reels":
                self.view.slam()
            elif self.waiting == "timer":
                self.timer = 0.0
            if self.hud.counting:
                self.hud.finish_count()
            return
        if self.leaving:
            return
        self.start_round()

    def start_round(self) -> bool:
        if self.blocked or self.driver.active:
            return False
        self._read_pace()
        if not self.driver.can_afford(self.bet):
            self._no_funds()
            return False
        try:
            view = self.driver.start(self.bet)
        except RoundRefused as exc:
            if exc.reason == "funds":
                self._no_funds()
            else:
                self.say_text(str(exc))
            return False
        self.presenter.clear()
        self.hud.reset_win()
        self.round_win = 0
        self._round_free_spins = False
        self.hud.show_top_up = False
        self.hud.balance_cents = self.driver.balance_cents
        left = (
            self.autoplay_left - 1
            if self.autoplay_left
            else (self.auto.rounds_left - 1 if self.auto_running else 0)
        )
        if self.autoplay_left or self.auto_running:
            self.say(T_AUTOPLAY_LEFT, n=max(0, left))
        else:
            self.say(T_GOOD_LUCK)
        self.queue.extend(view.events)
        self._pump()
        self._refresh_hud()
        return True

    def _start_resumed(self, view: RoundView) -> None:
        """Show a round recovered from the ledger: what was already decided at once, the rest
        animated. The bet was debited before the crash and is not debited again."""
        self.bet = view.bet
        self.hud.set_bet(view.bet)
        self.hud.balance_cents = self.driver.balance_cents
        self.say(T_RESUMED, GOLD)
        events = list(view.events)
        if any(isinstance(e, (PickRequestEvent, PickRevealEvent)) for e in events):
            first = events[0]
            if isinstance(first, SpinEvent):
                self.view.show(first.reel_set, first.stops, first.grid, first.wild_reels)
                self.base_spin = first
                self.round_win = first.win_coins
                self.hud.count_win_to(self.round_win, 0.0)
                events = events[1:]
            # the free spins were announced before the interruption: straight back to the stones
            events = [e for e in events if not isinstance(e, FreeSpinsTriggerEvent)]
            self._resumed_picks = True
        self.queue.extend(events)
        self._pump()

    def step_bet(self, selector: str, delta: int) -> None:
        if self.driver.active:
            return  # bets change only between rounds
        new = step_bet(self.defn, self.bet, selector, delta)  # type: ignore[arg-type]
        self._set_bet(new)

    def max_bet(self) -> None:
        if not self.driver.active:
            self._set_bet(max_bet(self.defn, self.bet))

    def _set_bet(self, bet: Bet) -> None:
        if bet == self.bet:
            return
        try:
            self.driver.set_bet(bet)
        except RoundRefused:
            return
        self.bet = bet
        self.hud.set_bet(bet)
        self.sounds.click()
        self._refresh_hud()

    def min_bet_cents(self) -> int:
        opts = self.defn.bet
        lines = 1 if opts.lines_selectable else len(self.defn.lines)
        bet = Bet(
            lines=lines,
            level=min(opts.levels),
            coin_value_cents=min(opts.coin_values_cents),
            coins_per_level_unit=opts.coins_per_level,
        )
        return bet.total_cents

    def top_up(self) -> None:
        try:
            balance = self.ctx.ledger.top_up(min_bet_cents=self.min_bet_cents())
        except LedgerError as exc:
            self.say_text(str(exc))
            return
        self.hud.balance_cents = balance
        self.hud.show_top_up = False
        self.say(T_TOPPED_UP, GOLD)

    def _no_funds(self) -> None:
        if self.driver.balance_cents < self.min_bet_cents():
            self.hud.show_top_up = True
            self.say(T_NO_FUNDS, CAP_COLOR)
        else:
            self.say(T_LOWER_BET, CAP_COLOR)

    def back(self) -> None:
        """Esc / back: to the lobby between rounds and during a pick (never while the reels
        turn). Settings are the spanner's and S's, so Esc keeps its one meaning everywhere:
        one level back."""
        if self.driver.active and self.waiting != "picker":
            return
        self._leave()

    def _leave(self) -> None:
        if self.leaving or self.stack is None:
            return
        self.leaving = True
        if self.auto is not None:
            self.auto.stop()
        self.sounds.silence()
        self.stack.pop()

    def toggle_mute(self) -> None:
        self.hud.muted = self.ctx.audio.toggle_mute()

    # -- the game functions (icons and keys) ---------------------------------------------------------
    @property
    def autoplaying(self) -> bool:
        """Either autoplay is running (the player's, or `--autoplay N`)."""
        return bool(self.autoplay_left) or self.auto_running

    @property
    def auto_running(self) -> bool:
        return self.auto is not None and self.auto.running

    @property
    def between_rounds(self) -> bool:
        """No round open and nothing playing by itself: a viewer may open over the reels."""
        return not self.driver.active and not self.leaving and not self.autoplaying and self.stack is not None

    def _click(self) -> None:
        self.sounds.click()

    def open_settings(self) -> None:
        if self.between_rounds:
            self._click()
            open_settings(self.ctx, self.stack)

    def sound_pressed(self) -> None:
        """The sound icon: the mixer between rounds; during a round (or autoplay) it mutes, so
        no drop-down ever stops the reels."""
        if self.between_rounds:
            self._click()
            r = icon_rect(0)
            open_mixer(self.ctx, self.stack, topright=(r.right + 2, r.bottom + 6))
        else:
            self.toggle_mute()

    def open_paytable(self) -> None:
        if self.between_rounds:
            from scenes.paytable import open_paytable  # the viewers load on first use

            self._click()
            open_paytable(self.ctx, self.stack, self.game_id, self.bet)

    def open_rules(self) -> None:
        if self.between_rounds:
            from scenes.rules import open_rules

            self._click()
            open_rules(self.ctx, self.stack, self.game_id)

    def open_history(self) -> None:
        if self.between_rounds:
            from scenes.history import open_history

            self._click()
            open_history(self.ctx, self.stack, self.game_id)

    def inspect_cell(self, reel: int, row: int) -> bool:
        """Open the mini paytable for the symbol in (reel, row), beside that cell."""
        if not self._may_inspect():
            return False
        from scenes.paytable import open_mini_paytable

        symbol = self.view.visible_cells()[reel][row]
        self.presenter.clear()  # the win presentation gives way to the symbol's pays
        self.hud.finish_count()
        self._click()
        open_mini_paytable(
            self.ctx, self.stack, self.game_id, symbol, self.bet, self.view.cell_rect(reel, row)
        )
        return True

    def _may_inspect(self) -> bool:
        return self.between_rounds and not self.free_mode and not self.waiting and not self.blocked

    def cell_at(self, pos: tuple[int, int] | None) -> tuple[int, int] | None:
        """The (reel, row) under `pos` in the reel window, or None."""
        if pos is None or not self.view.window.collidepoint(pos):
            return None
        reel = (pos[0] - self.view.window.x) // CELL_W
        row = (pos[1] - self.view.window.y) // CELL_H
        if 0 <= reel < len(self.view.reels) and 0 <= row < self.view.rows:
            return int(reel), int(row)
        return None

    # -- autoplay -------------------------------------------------------------------------------------
    def autoplay_pressed(self) -> None:
        """AUTO / A: the autoplay dialog between rounds; while autoplay runs, the same dialog to
        change its settings (APPLY, from the next round) or stop it."""
        if self.stack is None or self.leaving or self.autoplay_left:
            return
        if self.auto_running:
            self._click()
            open_autoplay(
                self.ctx,
                self.stack,
                self.game_id,
                self.auto.config if self.auto else None,
                self.start_autoplay,
                running=True,
                on_stop=self.stop_autoplay,
            )
        elif not self.driver.active and not self.blocked:
            self._click()
            open_autoplay(self.ctx, self.stack, self.game_id, self.auto_config, self.start_autoplay)

    def start_autoplay(self, config: AutoplayConfig) -> None:
        """START (or APPLY while running) in the dialog."""
        self.auto_config = config
        if self.auto_running:
            assert self.auto is not None
            self.auto.change_config(config)  # during a round: from the next one
            return
        if self.driver.active or self.blocked or self.leaving:
            return
        self.auto = AutoplayController(config, self.driver.balance_cents)
        self.autoplay_wait = 0.25 * self.speed

    def stop_autoplay(self) -> None:
        """The player takes over (any key or click, or STOP AUTOPLAY in the dialog)."""
        if not self.auto_running:
            return
        assert self.auto is not None
        self._autoplay_ended(self.auto.stop())
        if self.waiting == "continue":
            self._release_held()  # the free spins still play: they belong to the round

    def continue_autoplay(self) -> None:
        """CONTINUE after the picks: the free spins, then the remaining rounds."""
        if self.waiting != "continue":
            return
        if self.auto is not None:
            self.auto.resume()
        self._click()
        self._release_held()

    def _release_held(self) -> None:
        self.waiting = ""
        self.queue.extendleft(reversed(self._held))
        self._held = []
        self._pump()
        self._refresh_hud()

    def _autoplay_ended(self, reason: StopReason) -> None:
        self.toast(stop_message(self.tr, reason))

    def toast(self, text: str) -> None:
        if self.stack is not None:
            toast = Toast(self.assets, text, seconds=TOAST_S)
            # inside the reel window's top: the free-spins badge and the logo stay readable
            toast.rect.midtop = (WINDOW.centerx, WINDOW.top + 16)
            self.stack.push(toast)

    def _stops_autoplay(self, intent: Intent) -> bool:
        """Any key or click stops the player's autoplay, except: AUTO (opens its dialog), the
        sound icon (mutes), CONTINUE / SPIN / Enter while autoplay waits after the picks."""
        act = intent.act
        if act in _KEEP_AUTOPLAY:
            return False
        if self.waiting == "continue" and act in (Act.SPIN, Act.CONFIRM):
            return False
        if act is Act.POINTER_DOWN:
            hud = self.hud
            keep = [hud.auto, hud.sound] + ([hud.cont] if hud.show_continue else [])
            if any(b.contains(intent.pos) for b in keep):
                return False
        return True

    # -- intents ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if self.autoplay_left and act in (Act.ANY_KEY, Act.POINTER_DOWN, Act.AUTOPLAY):
            self.autoplay_left = 0  # the player takes over
            return True
        if self.auto_running and self._stops_autoplay(intent):
            self.stop_autoplay()  # and nothing else: the stopping click presses no button
            return True
        if self.hud.handle(intent):
            self._armed_cell = None
            return True
        if act is Act.POINTER_MOVE:
            self.hover_line = self.presenter.marker_at(intent.pos, self.bet.lines)
            return False
        if act is Act.POINTER_DOWN:
            cell = self.cell_at(intent.pos)
            self._armed_cell = cell if cell is not None and self._may_inspect() else None
            return self._armed_cell is not None
        if act is Act.POINTER_UP:
            cell, armed = self.cell_at(intent.pos), self._armed_cell
            self._armed_cell = None
            return cell is not None and cell == armed and self.inspect_cell(*cell)
        if act in (Act.SPIN, Act.CONFIRM):
            self.spin_pressed()
            return True
        if act is Act.BACK:
            self.back()
            return True
        if act is Act.MUTE:
            self.toggle_mute()
            return True
        menus = {
            Act.SETTINGS: self.open_settings,
            Act.PAYTABLE: self.open_paytable,
            Act.RULES: self.open_rules,
            Act.HISTORY: self.open_history,
            Act.AUTOPLAY: self.autoplay_pressed,
        }
        if act in menus:
            menus[act]()  # each refuses by itself mid-round
            return True  # consumed either way: the app must not open it over a running round
        steps = {
            Act.LINES_UP: ("lines", 1),
            Act.LINES_DOWN: ("lines", -1),
            Act.LEVEL_UP: ("level", 1),
            Act.LEVEL_DOWN: ("level", -1),
            Act.COIN_UP: ("coin_value", 1),
            Act.COIN_DOWN: ("coin_value", -1),
        }
        if act in steps:
            self.step_bet(*steps[act])
            return True
        if act is Act.MAX_BET:
            self.max_bet()
            return True
        return False

    # -- the event player ---------------------------------------------------------------------------
    def _pump(self) -> None:
        """Start showing queued events until one needs time (reels, a pause, the picker)."""
        while not self.waiting and self.queue and not self.leaving:
            self._begin(self.queue.popleft())

    def _wait(self, seconds: float) -> None:
        self.timer = max(0.0, seconds)
        self.waiting = "timer"

    def _begin(self, ev) -> None:
        if isinstance(ev, SpinEvent):
            self._begin_spin(ev)
        elif isinstance(ev, FreeSpinsTriggerEvent):
            self.trigger_cells = frozenset(tuple(p) for p in ev.positions)
            self.presenter.clear()
            self._round_free_spins = True
            if self.auto_running:
                assert self.auto is not None
                reason = self.auto.on_free_spins_triggered()  # stops, or waits for the picks
                if reason is not None:
                    self._autoplay_ended(reason)
            self.say(T_TRIGGER, GOLD, count=ev.count)
            self.sounds.feature_won()
            banner: tuple[str, Message, Message] = (
                "trigger",
                lambda tr: tr.gettext(T_TRIGGER_BANNER),
                lambda tr: tr.t(T_TRIGGER_SUB, picks=ev.picks),
            )

            def announce() -> None:
                # the scatters glowed alone first; now the announcement, then the stones
                self._overlay = banner
                self._wait(1.5 * self.speed)

            self._wait(TRIGGER_HIGHLIGHT * self.speed)
            self._after_timer = announce
        elif isinstance(ev, PickRequestEvent):
            self._overlay = None
            self.trigger_cells = None
            self._open_picker([ev, *self.queue])
            self.queue.clear()
        elif isinstance(ev, (PickRevealEvent, PicksDoneEvent)):
            log.warning("pick event outside the picker: %s", ev.type)
        elif isinstance(ev, FreeSpinsStartEvent):
            self._begin_free_spins(ev)
        elif isinstance(ev, FreeSpinsEndEvent):
            self.presenter.clear()
            coins = ev.win_coins
            self._overlay = ("fs_end", lambda tr: tr.gettext(T_FS_WIN), lambda tr: tr.format_coins(coins))
            self.sounds.feature_end()
            self.sounds.free_spins_music(False)
            self.hud.finish_count()
            self._wait(3.0 * self.speed)
            self._after_timer = self._end_free_spins
        elif isinstance(ev, WinCapEvent):
            self.cap_text = self._cap_text(ev)
            self._overlay = ("cap", self.cap_text, "")
            self.hud.set_message(self.cap_text, CAP_COLOR)
            self.round_win = ev.cap_coins
            self.hud.count_win_to(ev.cap_coins, 0.6 * self.speed)
            self._wait(3.0 * self.speed)
        elif isinstance(ev, RoundEndEvent):
            self._end_round(ev)
        else:
            log.warning("no animation for event %s", getattr(ev, "type", ev))

    def _begin_spin(self, ev: SpinEvent) -> None:
        self.presenter.clear()
        self.trigger_cells = None
        self._overlay = None
        self.current_spin = ev
        if ev.mode == "base":
            self.base_spin = ev
        if ev.mode == "free" and ev.spin_index is not None:
            total = ev.spins_total or 0
            self.hud.free = (ev.spin_index, total, ev.multiplier)
            self.say(T_FREE_COUNT, GOLD, index=ev.spin_index, total=total, mult=ev.multiplier)
        self.view.spin(ev, self.timing)
        self.sounds.spin_started(self.turbo)
        self.waiting = "reels"

    def _spin_landed(self, ev: SpinEvent) -> None:
        self.waiting = ""
        nxt = self.queue[0] if self.queue else None
        if ev.wins:
            self.round_win += ev.win_coins
            if ev.mode != "base":
                scale = FREE_PRESENT_SCALE * self.speed
            else:
                scale = self.speed if self.autoplaying else 1.0
            self.presenter.present(ev, scale=max(scale, 0.0))
            self.hud.count_win_to(self.round_win, count_time(ev.win_coins, self.bet.total_coins) * self.speed)
            self.sounds.win("small")
        if ev.mode == "free":
            # every win of the spin shown (all lines, then "LINE n: x coins" one by one), then on
            self._wait(self.presenter.cycle_time() + 0.15 * self.speed if ev.wins else 0.45 * self.speed)
        elif isinstance(nxt, FreeSpinsTriggerEvent):
            self._wait(0.9 * self.speed if ev.wins else 0.2 * self.speed)

    def _open_picker(self, events: list) -> None:
        trigger = None
        # the trigger precedes the first pick request in the round's events
        for e in self.driver.events:
            if isinstance(e, FreeSpinsTriggerEvent):
                trigger = e
                break
        resumed = self._resumed_picks
        self._resumed_picks = False
        picker = StonePickerScene(
            self.assets,
            self.sounds,
            self.defn,
            events,
            choose=self.driver.choose,
            on_finished=self._picker_done,
            on_leave=self._leave_from_picker,
            trigger=trigger,
            auto_pick=self.ctx.seeds.auto_pick if self.autoplay_left else None,
            resumed=resumed,
            speed=max(self.speed, 0.02),
            reduced_motion=self.reduced_motion,
            tr=self.tr,
        )
        self.waiting = "picker"
        self.sounds.free_spins_music(True)
        if self.stack is not None:
            # queued, so the picker is pushed between passes even when this runs inside
            # on_enter (a resumed round) rather than inside update
            stack = self.stack
            stack.queue(lambda: stack.push(picker))

    def _picker_done(self, rest: list) -> None:
        self.waiting = ""
        if self.auto is not None and self.auto.paused_for_pick:
            # autoplay waits after the picks until the player presses CONTINUE
            self._held = list(rest)
            self.waiting = "continue"
            self._refresh_hud()
            return
        self.queue.extendleft(reversed(rest))
        self._pump()

    def _leave_from_picker(self) -> None:
        """Esc during a pick: the round stays open in the ledger and resumes next time."""
        if self.stack is not None and not self.leaving:
            self.stack.pop()  # the picker
            self._leave()

    def _begin_free_spins(self, ev: FreeSpinsStartEvent) -> None:
        self.free_mode = True
        self.free_start = ev
        if self._static.get(True) is None:
            self._static[True] = self._compose_static(True)
        self.view.set_cover(ev.wild_reels)
        self.view.set_wild_symbols(ev.wild_symbols)
        self.hud.free = (0, ev.spins, ev.multiplier)
        self.say(T_FREE_READY, GOLD, total=ev.spins, mult=ev.multiplier)
        self.sounds.free_spins_music(True)
        self._wait(0.7 * self.speed)

    def _end_free_spins(self) -> None:
        self.free_mode = False
        self._overlay = None
        self.hud.free = None
        self.view.set_cover(())
        self.view.set_wild_symbols(())
        if self.base_spin is not None:
            b = self.base_spin
            self.view.show(b.reel_set, b.stops, b.grid)

    def _cap_text(self, ev: WinCapEvent) -> Message:
        cap = self.defn.cap
        if cap.max_currency_cents is not None and (
            ev.cap_coins == cap.max_currency_cents // self.bet.coin_value_cents
        ):
            cents = cap.max_currency_cents
            return lambda tr: tr.t(T_CAP_MONEY, amount=tr.format_money(cents, self.currency))
        coins = ev.cap_coins
        return lambda tr: tr.t(T_CAP_COINS, coins=coins)

    def _end_round(self, ev: RoundEndEvent) -> None:
        if self.free_mode:
            self._end_free_spins()
        self.hud.balance_cents = self.driver.finish()  # the one credit of this round
        self.round_win = ev.total_win_coins
        if self.hud.win_target != ev.total_win_coins:
            self.hud.count_win_to(ev.total_win_coins, 0.5 * self.speed)
        self.hud.balance_follows_meter = True
        if self.cap_text:
            self.hud.set_message(self.cap_text, CAP_COLOR)
            self.cap_text = ""
        elif ev.total_win_coins > 0:
            self.say(T_YOU_WON, GOLD, coins=ev.total_win_coins)
        else:
            self.say(T_NO_WIN)
        pause = (ALL_TIME if self.presenter.active else 0.5) * self.speed
        if self.autoplay_left:
            self.autoplay_left -= 1
            self.autoplay_rounds += 1
            self.autoplay_wait = pause
        quick_celebration = self.quick or self.autoplaying
        if self.auto_running:
            assert self.auto is not None
            reason = self.auto.on_round_finished(
                ev.total_win_coins * self.bet.coin_value_cents,
                self.driver.balance_cents,
                self._round_free_spins,
            )
            if reason is not None:
                self._autoplay_ended(reason)
            self.autoplay_wait = pause
        tier = win_tier(ev.total_win_coins, self.bet.total_coins)
        if tier is not None and not self.turbo and self.stack is not None:
            self.waiting = "celebration"
            self.stack.push(
                CelebrationScene(
                    self.assets,
                    self.sounds,
                    tier,
                    ev.total_win_coins,
                    self.bet.coin_value_cents,
                    currency=self.currency,
                    tr=self.tr,
                    reduced_motion=self.reduced_motion,
                    quick=quick_celebration,
                    on_done=self._celebrated,
                )
            )
        self._refresh_hud()

    def _celebrated(self) -> None:
        self.waiting = ""
        self.hud.finish_count()

    # -- time ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.waiting == "reels":
            for sig in self.view.update(dt):
                self.sounds.reel_signal(sig, self.turbo)
                if sig.kind == "done" and self.current_spin is not None:
                    self._spin_landed(self.current_spin)
        elif self.waiting == "timer":
            self.timer -= dt
            if self.timer <= 0.0:
                self.waiting = ""
                after = self._after_timer
                self._after_timer = None
                if after is not None:
                    after()
        if not self.waiting:
            self._pump()
        cue = self.presenter.update(dt)
        if cue == "line" and not self.turbo and (not self.driver.active or self.free_mode):
            self.sounds.win("line")
        if self.tr.generation != self._wild_tag_generation:
            self._wild_tag_generation = self.tr.generation
            self.view.art.wild_tag = self._wild_tag_art()
        self._refresh_hud()
        self.hud.update(dt)
        self.sounds.counting(dt, self.hud.counting and not self.turbo)
        self._autoplay(dt)
        self._player_autoplay(dt)
        self._refresh_hud()

    def _player_autoplay(self, dt: float) -> None:
        """The player's autoplay: the next round when the last one is over (and nothing waits)."""
        auto = self.auto
        if (
            auto is None
            or not auto.may_advance
            or self.driver.active
            or self.waiting
            or self.leaving
            or self.blocked
        ):
            return
        self.autoplay_wait -= dt
        if self.autoplay_wait > 0:
            return
        reason = auto.can_start(self.driver.balance_cents, self.bet.total_cents)
        if reason is not None:
            self._autoplay_ended(reason)
            return
        if self.start_round():
            auto.on_round_started()
        else:
            short = not self.driver.can_afford(self.bet)
            auto.stop()
            self._autoplay_ended(StopReason.INSUFFICIENT_FUNDS if short else StopReason.PLAYER)

    def _autoplay(self, dt: float) -> None:
        if self.driver.active or self.waiting or self.leaving:
            return
        opts = self.ctx.options
        if not opts.autoplay:
            return
        if self.autoplay_left <= 0:
            if self.autoplay_rounds >= int(opts.autoplay) and self.stack is not None:
                print(
                    P_AUTOPLAY_DONE.format(
                        rounds=self.autoplay_rounds,
                        balance=format_cents(self.driver.balance_cents, self._symbol()),
                    ),
                    flush=True,
                )
                self.stack.request_quit()
            return
        self.autoplay_wait -= dt
        if self.autoplay_wait > 0:
            return
        if not self.driver.can_afford(self.bet):
            print(
                P_AUTOPLAY_STOPPED.format(
                    rounds=self.autoplay_rounds,
                    balance=format_cents(self.driver.balance_cents, self._symbol()),
                    bet=format_cents(self.bet.total_cents, self._symbol()),
                ),
                flush=True,
            )
            self.autoplay_left = 0
            self.ctx.autoplay_cut_short = True
            if self.stack is not None:
                self.stack.request_quit()
            return
        self.start_round()

    def _refresh_hud(self) -> None:
        hud = self.hud
        active = self.driver.active
        running = self.auto_running
        hud.bet_locked = active or self.autoplaying
        if self.blocked:
            hud.spin_mode = "disabled"
        elif self.waiting == "continue":
            hud.spin_mode = "spin"  # SPIN continues too
        elif running:
            hud.spin_mode = "stop"  # a click stops autoplay
        elif active:
            # slams the reels, hurries a pause: one steady STOP through the whole round
            hud.spin_mode = "stop"
        else:
            hud.spin_mode = "spin"
        hud.menus_enabled = self.between_rounds and not self.blocked
        hud.auto_enabled = running or (self.between_rounds and not self.blocked)
        if running:
            assert self.auto is not None
            hud.auto_left = max(0, self.auto.rounds_left - (1 if self.auto.in_round else 0))
        elif self.autoplay_left:
            hud.auto_left = max(0, self.autoplay_left - (1 if active else 0))
        else:
            hud.auto_left = None
        hud.show_continue = self.waiting == "continue"
        hud.currency = self.currency
        hud.muted = self.ctx.audio.muted
        hud.line_message = self.presenter.message

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        static = self._static_surface()
        # the reel window and the HUD band paint their own backdrop (composing their steady
        # parts over it once): the static surface goes everywhere else, each pixel written once
        for part in self._static_parts:
            surface.blit(static, part, part)
        if self.trigger_cells is not None:
            self.view.draw(surface, self.clock, self.trigger_cells, self.presenter.pulse, backdrop=static)
        else:
            self.view.draw(
                surface,
                self.clock,
                self.presenter.emphasis,
                self.presenter.pulse,
                self.presenter.cell_frame,
                backdrop=static,
            )
        idle = not self.driver.active
        hover = self.hover_line if idle and self.hover_line is not None else None
        self.presenter.draw_lines(surface, hover)
        self.presenter.draw_markers(surface, self.bet.lines, hover)
        if self._logo is not None and not self.free_mode:
            surface.blit(self._logo, self._logo.get_rect(center=LOGO_CENTER))
        self.hud.draw(surface, static)
        if self.overlay is not None:
            self._draw_overlay(surface)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        kind, title, sub = self.overlay  # type: ignore[misc]
        a = self.assets
        if kind == "cap":
            box = pygame.Rect(0, 0, 760, 110)
            box.center = WINDOW.center
            draw_panel(surface, a, box, alpha=240)
            draw_text(
                surface,
                fit_font(a, "display", title, box.w - 40, 32),
                title,
                box.center,
                CAP_COLOR,
                outline=2,
                outline_color=(60, 20, 0),
            )
            return
        box = pygame.Rect(0, 0, 620, 190)
        box.center = (WINDOW.centerx, WINDOW.centery - 10)
        draw_panel(surface, a, box, alpha=236)
        # Spanish runs longer ("GANANCIA EN GIROS GRATIS"): the largest size that fits
        draw_text(
            surface,
            fit_font(a, "display", title, box.w - 40, 56),
            title,
            (box.centerx, box.top + 66),
            GOLD,
            outline=3,
            outline_color=(60, 30, 0),
        )
        draw_text(
            surface,
            fit_font(a, "display_regular", sub, box.w - 40, 34 if kind == "fs_end" else 24),
            sub,
            (box.centerx, box.top + 138),
            CREAM,
        )
