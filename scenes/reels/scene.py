"""The reels scene: one game's screen in live play, shared by every game.

`ReelsScene(ctx, game_id)` puts together the parts of `scenes.reels`:

- the stage (`stage.Stage`: backdrop, reel backing, frame and marquee, reel view, win lines,
  banners);
- the HUD (`hud.Hud`: money, bet selectors, SPIN, AUTO, icons, message line, win meter);
- the round player (`player.RoundPlayer`): it plays the round's events on the stage, the game's
  own through its presentation (`scenes.presentation`), e.g. the Stones' picker;
- autoplay (`autoplay.Autoplay`): the player's, and `--autoplay N` on the same path;
- the sounds (`sound_director.SoundDirector`) and the big-win celebration.

This scene is the player host: the `RoundDriver` (`game.session`) is the only way money moves.
SPIN asks it to start a round (the ledger debits and records it, then the engine computes the
outcome) and the player shows the events; picks go through the driver (ledger first); at the
round's end the driver credits the win once. Nothing here decides an outcome. SPIN while the
reels turn slam-stops them and hurries pauses; it never places a second bet. Bets change only
between rounds. Esc returns to the lobby between rounds and during a pick (the round stays open
in the ledger and resumes next time, its picks shown open). A round that can no longer be
replayed faithfully (the game's data or engine changed) is voided and its bet refunded.

The game functions of the rules text, between rounds only (a viewer never opens over a running
round; mid-round the icons are greyed and the keys swallowed): the spanner / S settings, the
sound icon the mixer (M mutes at any time; mid-round the icon mutes), P the paytable at the
current bet, I the rules, H this game's history, A / AUTO the autoplay dialog, a click on a
symbol at rest its mini paytable.

Every player-facing string goes through the context's translator, read while drawing, so a
language switch in the settings menu shows at once; money in the player's display currency.
"""

from __future__ import annotations

import functools
import logging
import sys

from game.autoplay import AutoplayConfig
from game.bets import default_bet, validate_bet
from game.events import RoundEndEvent, SpinEvent, events_from_json
from game.ledger import LedgerError
from game.messages import Message
from game.money import Bet
from game.session import ResumeRefused, RoundDriver, RoundRefused, RoundView
from scenes.core.canvas import Canvas
from scenes.core.context import AppContext
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene
from scenes.core.theme import CREAM, GOLD
from scenes.core.transitions import Fade
from scenes.presentation import presentation_of
from scenes.reels.autoplay import Autoplay
from scenes.reels.bonus import BonusScene
from scenes.reels.functions import GameFunctions
from scenes.reels.hud import Hud
from scenes.reels.player import Pace, Picks, RoundPlayer
from scenes.reels.reel_view import WINDOW
from scenes.reels.sound_director import SoundDirector
from scenes.reels.stage import CAP_COLOR, Stage
from scenes.reels.win_presenter import ALL_TIME, win_tier
from scenes.widgets.dialog import TEXT_CLOSE_FIRST, TEXT_OK, MessageDialog
from scenes.widgets.feedback import show_toast

log = logging.getLogger(__name__)

# Player-facing msgids (translated through the context's translator; assets/locale/*.json).
T_PLACE_BET = "Place your bet"
T_GOOD_LUCK = "Good luck!"
T_NO_FUNDS = "Insufficient balance — top up?"
T_LOWER_BET = "Insufficient balance — lower your bet"
T_TOPPED_UP = "Your balance was topped up"
T_RESUMED = "Resuming your unfinished round"
T_AUTOPLAY_LEFT = "Autoplay: {n} left"
T_VOIDED = "Unfinished round voided: {amount} refunded"
T_COMPLETED = "Your round was completed from its record: {amount} won"
# `--autoplay N` on stderr (English, like its other lines)
P_PICK_FAILED = (
    "autoplay stopped: the pick could not be saved ({error}); the round stays open and resumes next time"
)
T_NOTICE = "Please note"

TOAST_S = 3.5
RETURN_FADE_S = 0.3  # s the reels take to fade in when a bonus scene hands back


class ReelsScene(GameFunctions, Scene):
    opaque = True
    modal = True

    def __init__(self, ctx: AppContext, game_id: str) -> None:
        super().__init__()
        self.ctx = ctx
        if game_id not in ctx.games:
            raise KeyError(f"game {game_id!r} is not installed")
        self.game_id = game_id
        self.loaded = ctx.games[game_id]
        self.defn = self.loaded.definition
        self.presentation = presentation_of(self.defn)
        self.assets = ctx.assets
        self.tr = ctx.i18n
        self.driver = RoundDriver(ctx.ledger, self.loaded, ctx.seeds, ctx.session_id)
        self.sounds = SoundDirector(ctx.audio, game_id)
        self.fade: Fade | None = None  # back from a bonus scene (`on_uncovered`)
        self.bet = self._initial_bet()
        self.driver.set_bet(self.bet)
        self.stage = Stage(
            self.assets, game_id, self.defn, self.presentation, self.tr, palette=ctx.settings.line_palette
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
            dress=self.presentation.dress,
        )
        self.hud.set_bet(self.bet)
        self.hud.balance_cents = self.driver.balance_cents
        self.player = RoundPlayer(self.stage, self.hud, self.sounds, self.presentation, self, self.tr)
        self._show_state()
        self.autoplay = Autoplay(self, self.tr)
        self._read_pace()
        self.blocked: Message | None = None  # why no round may start (a refused resume)
        self.hover_line: int | None = None
        self._armed_cell: tuple[int, int] | None = None  # a reel cell pressed at rest
        self.leaving = False
        self.say(T_PLACE_BET)

    # -- what the parts show ----------------------------------------------------------------------
    @property
    def view(self):
        return self.stage.view

    @property
    def presenter(self):
        return self.stage.presenter

    @property
    def waiting(self) -> str:
        return self.player.waiting

    @property
    def free_mode(self) -> bool:
        return self.stage.free_mode

    @property
    def overlay(self) -> tuple[str, str, str] | None:
        """The banner over the reels as shown now: (kind, title, subtitle), translated."""
        return self.stage.banner_text

    @property
    def currency(self) -> str:
        """The player's display currency (a code: "EUR", "GBP", "USD"); may change in the menu."""
        return self.ctx.settings.display_currency

    @property
    def currency_symbol(self) -> str:
        """The currency symbol for the English lines `--autoplay N` prints for scripts."""
        return self.ctx.settings.currency_symbol

    @property
    def balance_cents(self) -> int:
        return self.driver.balance_cents

    @property
    def bet_cents(self) -> int:
        return self.bet.total_cents

    def say(self, msgid: str, color: tuple[int, int, int] = CREAM, **values) -> None:
        self.player.say(msgid, color, **values)

    def say_message(self, message: Message, color: tuple[int, int, int] = CAP_COLOR) -> None:
        """What the engine said (a refusal, a notice), translated when shown."""
        self.hud.set_message(lambda tr: tr.message(message), color)

    def _read_pace(self) -> None:
        """`--turbo` and the quick-spin / reduced-motion settings, read again before every round
        (a change in the settings screen applies from the next spin)."""
        s = self.ctx.settings
        self.player.pace = Pace.of(
            turbo=self.ctx.options.turbo, quick=s.quick_spin, reduced_motion=s.reduced_motion
        )

    @property
    def speed(self) -> float:
        return self.player.pace.speed

    def _initial_bet(self) -> Bet:
        """The bet of this game's last round if it is still offered, else the game's default."""
        try:
            last = self.ctx.ledger.history(1, game_id=self.game_id)
        except LedgerError:
            last = []
        if last:
            try:
                validate_bet(self.defn, last[0].bet)
                return last[0].bet
            except ValueError:
                pass
        return default_bet(self.defn)

    # -- the round player's host ------------------------------------------------------------------
    @property
    def autoplaying(self) -> bool:
        return self.autoplay.running

    def picks(self) -> Picks:
        auto = self.autoplay.auto_picks and self.autoplay.running
        return Picks(
            choose=self.driver.choose,
            auto_pick=self.ctx.seeds.auto_pick if auto else None,
            leave=self._leave_from_picker,
            pending=lambda: self.driver.pending,
            failed=self._pick_failed,
            complete=self._complete_from_record,
        )

    def _pick_failed(self, exc: Exception) -> None:
        """A pick could not be made (the bonus scene says why and turns its automatic picks off):
        autoplay stops; the round stays open in the ledger. `--autoplay N` says so and ends."""
        if not self.autoplay.running:
            return
        self.autoplay.stop()
        if self.ctx.options.autoplay:
            print(P_PICK_FAILED.format(error=exc), file=sys.stderr, flush=True)
            self.cut_short()
            self.request_quit()

    def _complete_from_record(self) -> None:
        """The way out: a bonus scene asked for a pick the engine is not waiting for. Every choice
        is stored, so the engine has the round's end: the bonus scenes close and the round is
        credited once with the engine's total, in one sentence."""
        if self.stack is not None:
            for scene in self.stack.scenes:
                if isinstance(scene, BonusScene):
                    self.stack.remove(scene)
        self.player.abandon()
        if not self.driver.active or not self.driver.finished:
            log.error("the round cannot be completed from its record: the engine waits for a pick")
            return
        coins = self.driver.total_win_coins
        self.hud.balance_cents = self.driver.finish()  # the one credit of this round
        self._show_state()
        amount = self.bet.coins_to_cents(coins)
        self.player.round_win = coins
        self.hud.count_win_to(coins, 0.0)
        self.hud.set_message(lambda tr: tr.t(T_COMPLETED, amount=tr.money(amount)), GOLD)
        self.toast(self.tr.t(T_COMPLETED, amount=self.tr.money(amount)))
        if self.ctx.options.autoplay:
            print(self.tr.t(T_COMPLETED, amount=self.tr.money(amount)), file=sys.stderr, flush=True)
        self.autoplay.round_finished(amount, self.balance_cents, 0.5 * self.speed)
        self._refresh_hud()

    def feature_won(self) -> None:
        self.autoplay.feature_won()

    def hold_after_feature(self) -> bool:
        return self.autoplay.holds_after_picks

    def _show_state(self) -> None:
        """The game's state across rounds as the ledger holds it, for the stage's decor (a
        restart shows what the player had collected)."""
        try:
            state = self.driver.stored_state()
        except (LedgerError, ValueError) as exc:  # a stored state the engine cannot read
            log.error("the stored state of %s cannot be read: %s", self.game_id, exc)
            return
        self.stage.show_state(state)

    def celebrates(self, win_coins: int) -> bool:
        """A round's win reaching a celebration tier is celebrated (never in turbo)."""
        tier = win_tier(win_coins, self.bet.total_coins)
        return tier is not None and not self.player.pace.turbo and self.stack is not None

    def round_ended(self, ev: RoundEndEvent) -> None:
        self.hud.balance_cents = self.driver.finish()  # the one credit of this round
        self._show_state()
        celebrate = self.celebrates(ev.total_win_coins)
        self.hud.credited(ev.total_win_coins)
        if celebrate:
            # the celebration counts the win up from nothing: the balance rises with it
            self.hud.celebration_count = 0
        pause = (ALL_TIME if self.presenter.active else 0.5) * self.speed
        quick_celebration = self.player.pace.quick or self.autoplaying
        self.autoplay.round_finished(self.bet.coins_to_cents(ev.total_win_coins), self.balance_cents, pause)
        if celebrate and self.stack is not None:
            self.player.wait_for("celebration")
            from scenes.reels import celebration  # only a big win needs it

            self.stack.push(
                celebration.CelebrationScene(
                    self.assets,
                    self.sounds,
                    ev.total_win_coins,
                    self.bet.total_coins,
                    self.bet.coin_value_cents,
                    currency=self.currency,
                    tr=self.tr,
                    reduced_motion=self.player.pace.reduced_motion,
                    quick=quick_celebration,
                    parts=self.player.win_parts,
                    on_count=self._celebration_counted,
                    on_done=self._celebrated,
                    dress=self.presentation.dress,
                )
            )
        self._refresh_hud()

    def _celebration_counted(self, coins: int) -> None:
        """The celebration's count: the balance follows it, and TOTAL WIN under it counts along
        (never back: after a feature the meter may already show part of the win)."""
        hud = self.hud
        hud.celebration_count = coins
        if coins > hud.win_shown:
            hud.win_shown = float(min(coins, hud.win_target))

    def _celebrated(self) -> None:
        self.player.celebrated()  # celebrated over a free mode's last grid: back to the main game
        self.player.done_waiting()
        self.hud.celebration_count = None
        self.hud.finish_count()

    def _leave_from_picker(self) -> None:
        """Esc during a pick: the round stays open in the ledger and resumes next time."""
        if self.stack is not None and not self.leaving:
            self.stack.pop()  # the picker
            self._leave()

    # -- lifecycle --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.sounds.game_music()
        self._show_last_round()
        # the features' art decoded on worker threads once the first frames are up
        assets, wanted = self.assets, self.presentation.feature_images(self.defn)
        assets.defer(lambda: assets.prefetch(rel for rel in wanted if assets.has_image(rel)))
        for rel in self.presentation.feature_sounds(self.defn):  # and their sounds, one a frame
            assets.defer(functools.partial(assets.sound, rel))
        notices = self.ctx.take_notices()
        if self.ctx.options.autoplay:  # a resumed round counts as one of them, its picks made too
            self.autoplay.start_command_line(self.ctx.options.autoplay, self.balance_cents)
        try:
            view = self.driver.resume()
        except RoundRefused as exc:
            self._resume_refused(exc)
            view = None
        if view is not None:
            self._start_resumed(view)
        elif notices and self.blocked is None:
            self.say_message(notices[0])
        self._refresh_hud()

    def on_exit(self) -> None:
        self.view.finish_now()
        self.sounds.silence()

    def on_uncovered(self, by: Scene) -> None:
        """Back from a bonus scene (the picker, a battle, the world map): the reels fade in
        rather than cut in, as the bonus faded in (not with reduced motion)."""
        # not under a celebration that takes over at once (the quest's big win): the reels wait
        # under it without updating, and a fade held at black would leave it playing over black
        celebrating = self.player.waiting == "celebration"
        if isinstance(by, BonusScene) and not self.player.pace.reduced_motion and not celebrating:
            self.fade = Fade(RETURN_FADE_S, "in")

    def on_pause(self) -> None:
        # an overlay takes the pointer: no hover highlight or tooltip left frozen underneath
        self.hud.on_pause()
        self._armed_cell = None
        self.hover_line = None

    def _show_last_round(self) -> None:
        """Open on the reels as this game's last round left them (no draw, just history)."""
        try:
            last = self.ctx.ledger.history(1, game_id=self.game_id)
        except LedgerError:
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

    def _resume_refused(self, exc: RoundRefused) -> None:
        """The open round cannot be replayed faithfully (the game changed): void it, refund the
        bet and tell the player, who plays on. Only if voiding fails does SPIN stay disabled."""
        if isinstance(exc, ResumeRefused):
            try:
                balance = self.driver.void_unresumable()
            except (RuntimeError, RoundRefused, LedgerError) as err:
                log.error("the unresumable round could not be voided: %s", err)
            else:
                self._voided(exc, balance)
                return
        self.blocked = exc.message
        self.say_message(exc.message)
        if self.ctx.options.autoplay:  # nobody is watching and no round can start: say why, stop
            print(exc.message.english(), file=sys.stderr)
            self.autoplay.stop()
            self.cut_short()
            self.request_quit()

    def _voided(self, refused: ResumeRefused, balance_cents: int) -> None:
        self.hud.balance_cents = balance_cents
        bet_cents = refused.bet_cents
        self.hud.set_message(lambda tr: tr.t(T_VOIDED, amount=tr.money(bet_cents)), CAP_COLOR)
        tr = self.tr
        body = tr.message(self.driver.void_message(refused))
        opts = self.ctx.options
        if opts.autoplay or opts.bench or self.stack is None:
            print(body, file=sys.stderr)  # nobody is watching the screen
            return
        # from on_enter: the stack applies the push once the reels are in, so it lands on top
        self.stack.push(
            MessageDialog(
                self.assets,
                tr.gettext(T_NOTICE),
                body,
                ok=tr.gettext(TEXT_OK),
                close_first=tr.gettext(TEXT_CLOSE_FIRST),
            )
        )

    def _start_resumed(self, view: RoundView) -> None:
        """A round recovered from the ledger: the bet was debited before the crash and is not
        debited again; what was already decided shows at once, the rest is animated."""
        self.bet = view.bet
        self.hud.set_bet(view.bet)
        self.hud.balance_cents = self.balance_cents
        self.autoplay.round_started()
        self.say(T_RESUMED, GOLD)
        self.player.resume(view.events, view.bet)

    # -- player actions ---------------------------------------------------------------------------
    @property
    def idle(self) -> bool:
        """No round open and nothing showing or waiting: autoplay may start the next round."""
        return not (self.driver.active or self.player.waiting or self.leaving or self.blocked is not None)

    def spin_pressed(self) -> None:
        """SPIN: start a round when idle; otherwise hurry what is showing (never a second bet)."""
        if self.driver.active:
            if self.player.waiting == "continue":
                self.continue_autoplay()
            else:
                self.player.hurry()
            return
        if self.blocked is not None:
            self.toast(self.tr.message(self.blocked))  # also on the message line
        elif not self.leaving:
            self.start_round()

    def start_round(self) -> bool:
        if self.blocked is not None or self.driver.active:
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
                self.say_message(exc.message)
            return False
        self.hud.show_top_up = False
        self.hud.balance_cents = self.balance_cents
        self.autoplay.round_started()
        if self.autoplay.running:
            self.say(T_AUTOPLAY_LEFT, n=self.autoplay.rounds_left(in_round=True) or 0)
        else:
            self.say(T_GOOD_LUCK)
        self.player.start(view.events, view.bet)
        self._refresh_hud()
        return True

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

    def top_up(self) -> None:
        try:
            balance = self.ctx.ledger.top_up(min_bet_cents=self.driver.min_bet().total_cents)
        except LedgerError as exc:
            log.warning("top-up refused: %s", exc)
            return
        self.hud.balance_cents = balance
        self.hud.show_top_up = False
        self.say(T_TOPPED_UP, GOLD)

    def _no_funds(self) -> None:
        if self.driver.needs_top_up():
            self.hud.show_top_up = True
            self.say(T_NO_FUNDS, CAP_COLOR)
        else:
            self.say(T_LOWER_BET, CAP_COLOR)

    def back(self) -> None:
        """Esc / back: to the lobby between rounds and during a pick (never while the reels
        turn: it says so); Esc keeps its one meaning everywhere: one level back."""
        if self.driver.active and self.player.waiting != "feature":
            self.refuse_mid_round()
            return
        self._leave()

    def _leave(self) -> None:
        if self.leaving or self.stack is None:
            return
        self.leaving = True
        self.autoplay.stop()
        self.sounds.silence()
        self.stack.pop()

    def toggle_mute(self) -> None:
        self.hud.muted = self.ctx.audio.toggle_mute()

    # -- autoplay ---------------------------------------------------------------------------------
    @property
    def auto(self):
        """The running or last autoplay controller (None before the first)."""
        return self.autoplay.controller

    @property
    def auto_running(self) -> bool:
        return self.autoplay.running

    @property
    def auto_config(self) -> AutoplayConfig:
        return self.autoplay.config

    def toast(self, text: str) -> None:
        # inside the reel window's top: the free-spins banner and the marquee stay readable
        show_toast(self.stack, self.assets, text, midtop=(WINDOW.centerx, WINDOW.top + 16), seconds=TOAST_S)

    def request_quit(self) -> None:
        if self.stack is not None:
            self.stack.request_quit()

    def cut_short(self) -> None:
        self.ctx.autoplay_cut_short = True

    # -- intents ----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if self.auto_running and self.stops_autoplay(intent):
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
            self._armed_cell = cell if cell is not None and self.may_inspect() else None
            return self._armed_cell is not None
        if act is Act.POINTER_UP:
            cell, armed = self.cell_at(intent.pos), self._armed_cell
            self._armed_cell = None
            return cell is not None and cell == armed and self.inspect_cell(*cell)
        actions = {
            Act.SPIN: self.spin_pressed,
            Act.CONFIRM: self.spin_pressed,
            Act.BACK: self.back,
            Act.MUTE: self.toggle_mute,
            Act.MAX_BET: self.max_bet,
            # each game function refuses by itself mid-round; consumed either way, so the app
            # never opens one over a running round
            Act.SETTINGS: self.open_settings,
            Act.PAYTABLE: self.open_paytable,
            Act.RULES: self.open_rules,
            Act.HISTORY: self.open_history,
            Act.AUTOPLAY: self.autoplay_pressed,
            Act.TURBO: self.toggle_quick_spin,
        }
        if act in actions:
            actions[act]()
            return True
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
        return False

    # -- time -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.fade is not None:
            self.fade.update(dt)
            if self.fade.done:
                self.fade = None
        self.presenter.set_palette(self.ctx.settings.line_palette)  # the setting applies at once
        self.player.update(dt)
        self._refresh_hud()
        self.hud.update(dt)
        self.sounds.counting(dt, self.hud.counting and not self.player.pace.turbo)
        self.autoplay.update(dt)
        self._refresh_hud()

    def _refresh_hud(self) -> None:
        hud = self.hud
        active = self.driver.active
        running = self.auto_running
        waiting = self.player.waiting
        hud.bet_locked = active or running
        if self.blocked is not None:
            hud.spin_mode = "disabled"
        elif waiting == "continue":
            hud.spin_mode = "spin"  # SPIN continues too
        elif running or active:
            # a click stops autoplay; in a round it slams the reels and hurries a pause: one
            # steady STOP through the whole round
            hud.spin_mode = "stop"
        else:
            hud.spin_mode = "spin"
        hud.menus_enabled = self.between_rounds and self.blocked is None
        hud.auto_enabled = running or (self.between_rounds and self.blocked is None)
        hud.auto_left = self.autoplay.rounds_left(in_round=active)
        hud.show_continue = waiting == "continue"
        hud.currency = self.currency
        hud.muted = self.ctx.audio.muted
        hud.line_message = self.presenter.message

    # -- drawing ----------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.stage.rebuild()
        self.hud.rebuild()

    def draw(self, surface: Canvas) -> None:
        idle = not self.driver.active
        hover = self.hover_line if idle and self.hover_line is not None else None
        self.stage.draw(surface, self.bet.lines, hover)
        self.hud.draw(surface, self.stage.backdrop)
        self.stage.draw_banner(surface)
        if self.fade is not None:
            self.fade.draw(surface)
