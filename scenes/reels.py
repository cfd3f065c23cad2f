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
next time the game opens. `--autoplay N` plays N rounds at the current bet (picks from the seed
source's own stream) and then asks the app to quit; it stops early, with a printed line, when the
balance no longer covers the bet.
"""

from __future__ import annotations

import logging
from collections import deque

import pygame

from game.bets import default_bet, max_bet, step_bet, validate_bet
from game.definitions import StonesFeature
from game.events import (
    FreeSpinsEndEvent,
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRequestEvent,
    PickRevealEvent,
    PicksDoneEvent,
    RoundEndEvent,
    SpinEvent,
    WinCapEvent,
    events_from_json,
)
from game.ledger import LedgerError
from game.money import Bet, format_cents
from scenes.celebration import CelebrationScene
from scenes.hud import GOLD, Hud
from scenes.intents import Act, Intent
from scenes.reel_view import NORMAL, QUICK, TURBO, WINDOW, ReelView, SymbolArt, soft_blur
from scenes.round_driver import RoundDriver, RoundRefused, RoundView
from scenes.sound_director import SoundDirector
from scenes.stack import Scene
from scenes.stone_picker import StonePickerScene
from scenes.text import draw_text, render_text
from scenes.widgets import draw_panel
from scenes.win_presenter import ALL_TIME, WinPresenter, count_time, win_tier

log = logging.getLogger(__name__)

# Player-facing strings (one place, for the translation layer to come).
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
P_AUTOPLAY_DONE = "autoplay: {rounds} rounds played, balance {balance}"
P_AUTOPLAY_STOPPED = (
    "autoplay stopped after {rounds} rounds: the balance {balance} does not cover the bet {bet}"
)

CREAM = (255, 248, 230)
CAP_COLOR = (255, 190, 90)
LOGO_SIZE = (216, 54)
LOGO_CENTER = (640, 29)
TRIGGER_HIGHLIGHT = 1.1  # s the landed scatters glow alone before the announcement


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
        self.currency = getattr(ctx.settings, "currency_symbol", "€")
        self._read_pace()
        self.driver = RoundDriver(ctx.ledger, self.loaded, ctx.seeds, ctx.session_id)
        self.sounds = SoundDirector(ctx.audio, game_id)

        self.bet = self._initial_bet()
        self.driver.set_bet(self.bet)
        self.view = ReelView(self.defn, self._symbol_art())
        self.presenter = WinPresenter(self.defn, self.view, self.assets.font("text_bold", 13),
                                      self.assets.image("ui/line_badge"), cache=self.assets.derived)
        self.hud = Hud(
            self.assets, self.defn, on_spin=self.spin_pressed, on_step=self.step_bet,
            on_max_bet=self.max_bet, on_top_up=self.top_up, on_back=self.back,
            on_mute=self.toggle_mute, currency=self.currency,
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
        self.overlay: tuple[str, str, str] | None = None  # (kind, title, subtitle) on the reels
        self.cap_text = ""
        self.blocked = ""  # a reason no round may start (a refused resume)
        self.hover_line: int | None = None
        self.clock = 0.0
        self.autoplay_left = int(ctx.options.autoplay or 0)
        self.autoplay_rounds = 0
        self.autoplay_wait = 0.0
        self.leaving = False
        self._after_timer = None  # what to do when the current pause ends
        self._resumed_picks = False  # the next picker opens with earlier picks shown open
        self.hud.set_message(T_PLACE_BET)

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
        art = SymbolArt(images, wild_cover=cover, wild_tag=self._wild_tag(),
                        cache=self.assets.derived)
        art.convert()
        return art

    def _wild_tag(self) -> pygame.Surface:
        """The small glowing "WILD" label put on symbols that are wild in free spins."""
        font = self.assets.font("display", 20)
        text = render_text(font, T_WILD, (50, 24, 0))
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
        """Backdrop + reel background + frame + HUD bar in one opaque surface: one fast blit.

        The frame is transparent over the whole reel window, so nothing drawn later in the
        window is ever covered by it and it can be baked in underneath.
        """
        a = self.assets
        name = f"{self.game_id}/background_free" if free and a.has_image(
            f"{self.game_id}/background_free") else f"{self.game_id}/background"
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
            self.blocked = str(exc)
            self.hud.set_message(self.blocked, CAP_COLOR)
            return
        if view is not None:
            self._start_resumed(view)
        elif notices:
            self.hud.set_message(notices[0], CAP_COLOR)
        self._refresh_hud()

    def on_exit(self) -> None:
        self.view.finish_now()
        self.sounds.silence()

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
                self.hud.set_message(str(exc), CAP_COLOR)
            return False
        self.presenter.clear()
        self.hud.reset_win()
        self.round_win = 0
        self.hud.show_top_up = False
        self.hud.balance_cents = self.driver.balance_cents
        self.hud.set_message(T_GOOD_LUCK if not self.autoplay_left else
                             T_AUTOPLAY_LEFT.format(n=self.autoplay_left))
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
        self.hud.set_message(T_RESUMED, GOLD)
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
        bet = Bet(lines=lines, level=min(opts.levels), coin_value_cents=min(opts.coin_values_cents),
                  coins_per_level_unit=opts.coins_per_level)
        return bet.total_cents

    def top_up(self) -> None:
        try:
            balance = self.ctx.ledger.top_up(min_bet_cents=self.min_bet_cents())
        except LedgerError as exc:
            self.hud.set_message(str(exc), CAP_COLOR)
            return
        self.hud.balance_cents = balance
        self.hud.show_top_up = False
        self.hud.set_message(T_TOPPED_UP, GOLD)

    def _no_funds(self) -> None:
        if self.driver.balance_cents < self.min_bet_cents():
            self.hud.show_top_up = True
            self.hud.set_message(T_NO_FUNDS, CAP_COLOR)
        else:
            self.hud.set_message(T_LOWER_BET, CAP_COLOR)

    def back(self) -> None:
        """Esc / back: to the lobby between rounds (never while the reels turn)."""
        if self.driver.active and self.waiting != "picker":
            return
        self._leave()

    def _leave(self) -> None:
        if self.leaving or self.stack is None:
            return
        self.leaving = True
        self.sounds.silence()
        self.stack.pop()

    def toggle_mute(self) -> None:
        self.hud.muted = self.ctx.audio.toggle_mute()

    # -- intents ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if self.autoplay_left and act in (Act.ANY_KEY, Act.POINTER_DOWN, Act.AUTOPLAY):
            self.autoplay_left = 0  # the player takes over
            return True
        if self.hud.handle(intent):
            return True
        if act is Act.POINTER_MOVE:
            self.hover_line = self.presenter.marker_at(intent.pos, self.bet.lines)
            return False
        if act in (Act.SPIN, Act.CONFIRM):
            self.spin_pressed()
            return True
        if act is Act.BACK:
            self.back()
            return True
        if act is Act.MUTE:
            self.toggle_mute()
            return True
        steps = {
            Act.LINES_UP: ("lines", 1), Act.LINES_DOWN: ("lines", -1),
            Act.LEVEL_UP: ("level", 1), Act.LEVEL_DOWN: ("level", -1),
            Act.COIN_UP: ("coin_value", 1), Act.COIN_DOWN: ("coin_value", -1),
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
            self.hud.set_message(T_TRIGGER.format(count=ev.count), GOLD)
            self.sounds.feature_won()
            banner = ("trigger", T_TRIGGER_BANNER, T_TRIGGER_SUB.format(picks=ev.picks))

            def announce() -> None:
                # the scatters glowed alone first; now the announcement, then the stones
                self.overlay = banner
                self._wait(1.5 * self.speed)

            self._wait(TRIGGER_HIGHLIGHT * self.speed)
            self._after_timer = announce
        elif isinstance(ev, PickRequestEvent):
            self.overlay = None
            self.trigger_cells = None
            self._open_picker([ev, *self.queue])
            self.queue.clear()
        elif isinstance(ev, (PickRevealEvent, PicksDoneEvent)):
            log.warning("pick event outside the picker: %s", ev.type)
        elif isinstance(ev, FreeSpinsStartEvent):
            self._begin_free_spins(ev)
        elif isinstance(ev, FreeSpinsEndEvent):
            self.presenter.clear()
            self.overlay = ("fs_end", T_FS_WIN, T_FS_COINS.format(coins=ev.win_coins))
            self.sounds.feature_end()
            self.sounds.free_spins_music(False)
            self.hud.finish_count()
            self._wait(3.0 * self.speed)
            self._after_timer = self._end_free_spins
        elif isinstance(ev, WinCapEvent):
            self.cap_text = self._cap_text(ev)
            self.overlay = ("cap", self.cap_text, "")
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
        self.overlay = None
        self.current_spin = ev
        if ev.mode == "base":
            self.base_spin = ev
        if ev.mode == "free" and ev.spin_index is not None:
            total = ev.spins_total or 0
            self.hud.free = (ev.spin_index, total, ev.multiplier)
            self.hud.set_message(T_FREE_COUNT.format(index=ev.spin_index, total=total,
                                                     mult=ev.multiplier), GOLD)
        self.view.spin(ev, self.timing)
        self.sounds.spin_started(self.turbo)
        self.waiting = "reels"

    def _spin_landed(self, ev: SpinEvent) -> None:
        self.waiting = ""
        nxt = self.queue[0] if self.queue else None
        if ev.wins:
            self.round_win += ev.win_coins
            scale = self.speed if ev.mode != "base" or self.autoplay_left else 1.0
            self.presenter.present(ev, scale=max(scale, 0.0))
            self.hud.count_win_to(self.round_win,
                                  count_time(ev.win_coins, self.bet.total_coins) * self.speed)
            self.sounds.win("small")
        if ev.mode == "free":
            self._wait((ALL_TIME * 0.8 if ev.wins else 0.45) * self.speed)
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
            self.assets, self.sounds, self.defn, events,
            choose=self.driver.choose, on_finished=self._picker_done, on_leave=self._leave_from_picker,
            trigger=trigger,
            auto_pick=self.ctx.seeds.auto_pick if self.autoplay_left else None,
            resumed=resumed, speed=max(self.speed, 0.02), reduced_motion=self.reduced_motion,
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
        self.hud.set_message(T_FREE_READY.format(total=ev.spins, mult=ev.multiplier), GOLD)
        self.sounds.free_spins_music(True)
        self._wait(0.7 * self.speed)

    def _end_free_spins(self) -> None:
        self.free_mode = False
        self.overlay = None
        self.hud.free = None
        self.view.set_cover(())
        self.view.set_wild_symbols(())
        if self.base_spin is not None:
            b = self.base_spin
            self.view.show(b.reel_set, b.stops, b.grid)

    def _cap_text(self, ev: WinCapEvent) -> str:
        cap = self.defn.cap
        if cap.max_currency_cents is not None and (
                ev.cap_coins == cap.max_currency_cents // self.bet.coin_value_cents):
            return T_CAP_MONEY.format(amount=format_cents(cap.max_currency_cents, self.currency))
        return T_CAP_COINS.format(coins=ev.cap_coins)

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
            self.hud.set_message(T_YOU_WON.format(coins=ev.total_win_coins), GOLD)
        else:
            self.hud.set_message(T_NO_WIN)
        if self.autoplay_left:
            self.autoplay_left -= 1
            self.autoplay_rounds += 1
            self.autoplay_wait = (ALL_TIME if self.presenter.active else 0.5) * self.speed
        tier = win_tier(ev.total_win_coins, self.bet.total_coins)
        if tier is not None and not self.turbo and self.stack is not None:
            self.waiting = "celebration"
            self.stack.push(CelebrationScene(
                self.assets, self.sounds, tier, ev.total_win_coins, self.bet.coin_value_cents,
                currency=self.currency, reduced_motion=self.reduced_motion,
                quick=self.quick or bool(self.autoplay_left), on_done=self._celebrated))
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
        if cue == "line" and not self.driver.active and not self.turbo:
            self.sounds.win("line")
        self.hud.update(dt)
        self.sounds.counting(dt, self.hud.counting and not self.turbo)
        self._autoplay(dt)
        self._refresh_hud()

    def _autoplay(self, dt: float) -> None:
        if self.driver.active or self.waiting or self.leaving:
            return
        opts = self.ctx.options
        if not opts.autoplay:
            return
        if self.autoplay_left <= 0:
            if self.autoplay_rounds >= int(opts.autoplay) and self.stack is not None:
                print(P_AUTOPLAY_DONE.format(rounds=self.autoplay_rounds,
                                             balance=format_cents(self.driver.balance_cents,
                                                                  self.currency)), flush=True)
                self.stack.request_quit()
            return
        self.autoplay_wait -= dt
        if self.autoplay_wait > 0:
            return
        if not self.driver.can_afford(self.bet):
            print(P_AUTOPLAY_STOPPED.format(
                rounds=self.autoplay_rounds,
                balance=format_cents(self.driver.balance_cents, self.currency),
                bet=format_cents(self.bet.total_cents, self.currency)), flush=True)
            self.autoplay_left = 0
            if self.stack is not None:
                self.stack.request_quit()
            return
        self.start_round()

    def _refresh_hud(self) -> None:
        hud = self.hud
        hud.bet_locked = self.driver.active
        if self.blocked:
            hud.spin_mode = "disabled"
        elif self.driver.active:
            hud.spin_mode = "stop" if self.waiting == "reels" else "disabled"
        else:
            hud.spin_mode = "spin"
        hud.muted = self.ctx.audio.muted
        msg = self.presenter.message
        if msg is not None and not self.free_mode:
            hud.message = msg
            hud.message_color = GOLD

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._static_surface(), (0, 0))
        if self.trigger_cells is not None:
            self.view.draw(surface, self.clock, self.trigger_cells, self.presenter.pulse)
        else:
            self.view.draw(surface, self.clock, self.presenter.emphasis, self.presenter.pulse,
                           self.presenter.cell_frame)
        idle = not self.driver.active
        hover = self.hover_line if idle and self.hover_line is not None else None
        self.presenter.draw_lines(surface, hover)
        self.presenter.draw_markers(surface, self.bet.lines, hover)
        if self._logo is not None and not self.free_mode:
            surface.blit(self._logo, self._logo.get_rect(center=LOGO_CENTER))
        self.hud.draw(surface)
        if self.overlay is not None:
            self._draw_overlay(surface)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        kind, title, sub = self.overlay  # type: ignore[misc]
        a = self.assets
        if kind == "cap":
            box = pygame.Rect(0, 0, 760, 110)
            box.center = WINDOW.center
            draw_panel(surface, a, box, alpha=240)
            draw_text(surface, a.font("display", 32), title, box.center, CAP_COLOR, outline=2,
                      outline_color=(60, 20, 0))
            return
        box = pygame.Rect(0, 0, 620, 190)
        box.center = (WINDOW.centerx, WINDOW.centery - 10)
        draw_panel(surface, a, box, alpha=236)
        draw_text(surface, a.font("display", 56), title, (box.centerx, box.top + 66), GOLD, outline=3,
                  outline_color=(60, 30, 0))
        draw_text(surface, a.font("display_regular", 34 if kind == "fs_end" else 24), sub,
                  (box.centerx, box.top + 138), CREAM)
