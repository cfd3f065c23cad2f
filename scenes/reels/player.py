"""The round player: a round's events, one after another, as the reels show them.

One player for live play (the reels scene) and for the replay of a recorded round, so the same
events look the same in both: the same stage (reel backing, frame and marquee, reel view, win
lines, banners, `scenes.reels.stage`), the same band (message line, win meter, free-spins counter,
`scenes.reels.band`) and the same translated words. What differs is the `Host`: live play
moves money (the round driver), runs autoplay and celebrates; a replay moves none and watches
the recorded picks.

The shared events (`game.events`) are played here:

    spin      the reels land exactly on the stops (held cells stay put), the overlay wilds are
              laid, the wins are presented and counted
    cascade   the winning cells burst, the rest fall, new symbols drop in; the wins are presented
    pick_request   the game's presentation opens the scene that answers it (the Stones' picker);
              it hands the events after its part back (`feature_done`)
    free_spins_end the feature's summary, each figure labelled (the free spins' own win, the main
              game's, the round's total so far), then back to the main game's reels and backdrop
    win_cap   the cap in the player's words and currency, on the reels and the message line
    round_end the host's: live play credits the win (once) and celebrates; a replay says so

A game's own events go to its presentation first (`Presentation.begin`), which uses the helpers
here (`wait`, `say`, `enter_free`, `feature_won`). Nothing here decides an outcome: every figure
shown comes from an event.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.events import (
    CascadeEvent,
    FreeSpinsEndEvent,
    PickRequestEvent,
    RoundEndEvent,
    SpinEvent,
    WinCapEvent,
)
from scenes.presentation.base import cap_caption
from scenes.presentation.hosts import ReelsHost, facade
from scenes.reels.band import CREAM, Band
from scenes.reels.hud import GOLD
from scenes.reels.reel_view import NORMAL, QUICK, TURBO, SpinTiming
from scenes.reels.sound_director import SoundDirector
from scenes.reels.stage import CAP_COLOR, Stage
from scenes.reels.win_presenter import ALL_TIME, count_time

if TYPE_CHECKING:
    from game.money import Bet
    from scenes.core.i18n import Caption, Translator
    from scenes.core.stack import Scene, SceneStack
    from scenes.presentation.base import Presentation

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_FREE_COUNT = "Free spins: {index} of {total}  x{mult}"
T_FREE_READY = "Free spins: {total}  x{mult}"
T_CASCADE = "Cascade {step}  x{mult}"
T_RESPIN = "Re-spin {index} of {total}"
T_FS_WIN = "FREE SPINS WIN"
T_PART_MAIN = "MAIN GAME"
T_PART_FREE = "FREE SPINS"
T_PART_OTHER = "BONUS WINS"
T_ROUND_TOTAL = "ROUND TOTAL"
T_FREE_PAID = "Free spins paid {coins:,} coins in {spins} spins"
T_YOU_WON = "You won {coins:,} coins"
T_NO_WIN = "Place your bet"

FREE_PRESENT_SCALE = 0.6  # free spins show each spin's wins at this pace (all lines, then each)


@dataclass(frozen=True, slots=True)
class Pace:
    """How fast a round plays: the reels' timing and the scale of every pause (1 normal, ½ quick
    spin, 0 turbo); `reduced_motion` calms the celebrations and the picker."""

    timing: SpinTiming = NORMAL
    speed: float = 1.0
    turbo: bool = False
    quick: bool = False
    reduced_motion: bool = False

    @classmethod
    def of(cls, *, turbo: bool, quick: bool, reduced_motion: bool) -> Pace:
        quick = quick and not turbo
        timing = TURBO if turbo else QUICK if quick else NORMAL
        return cls(timing, 0.0 if turbo else 0.5 if quick else 1.0, turbo, quick, reduced_motion)


@dataclass(frozen=True, slots=True)
class Picks:
    """How a pick is answered: `choose(index)` returns the events it reveals (live: through the
    round driver, the ledger first; replay: the recording); `auto_pick(options, picked)` picks
    without the player (autoplay's automatic picks, a replay's recorded ones) or is None;
    `watch_only` ignores the player's own picks (a replay); `leave()` is Esc during a pick."""

    choose: Callable[[int], list]
    auto_pick: Callable[[int, list[int]], int] | None
    leave: Callable[[], None]
    watch_only: bool = False
    # live play: the pick the engine waits for (None: none); `failed(exc)` hears of a pick that
    # could not be made; `complete()` finishes a round whose every choice is stored (the way out)
    pending: Callable[[], PickRequestEvent | None] | None = None
    failed: Callable[[Exception], None] | None = None
    complete: Callable[[], None] | None = None


class Host(Protocol):
    """What a round player's owner decides (live play or a replay)."""

    stack: SceneStack | None

    @property
    def autoplaying(self) -> bool:
        """Rounds play by themselves: wins are presented at the round's pace."""
        ...

    def picks(self) -> Picks: ...

    def feature_won(self) -> None:
        """A feature was won mid-round (autoplay may stop, or wait for the picks)."""

    def hold_after_feature(self) -> bool:
        """True to keep the events after a feature scene until `RoundPlayer.release`."""
        ...

    def round_ended(self, ev: RoundEndEvent) -> None:
        """The round's last event: live play credits the win; a replay says it is over."""

    def celebrates(self, win_coins: int) -> bool:
        """True when the round's end will be celebrated (a win that reaches a tier, in live play
        at a pace that shows it): the celebration is then that moment's only one."""
        ...


def _main_game_win(events: list) -> int:
    """What the main game's spins paid among `events` (a cascade step counts with the spin it
    follows)."""
    total, mode = 0, "base"
    for e in events:
        if isinstance(e, SpinEvent):
            mode = e.mode
        if isinstance(e, SpinEvent | CascadeEvent) and mode == "base":
            total += e.win_coins
    return total


class RoundPlayer:
    """Plays one round at a time on a stage, writing to a band; see the module docstring."""

    def __init__(
        self,
        stage: Stage,
        band: Band,
        sounds: SoundDirector,
        presentation: Presentation,
        host: Host,
        tr: Translator,
    ) -> None:
        self.stage = stage
        self.band = band
        self.sounds = sounds
        self.presentation = presentation
        self.host = host
        self.tr = tr
        self.definition = stage.definition
        self.pace = Pace()
        self.bet: Bet | None = None
        self.queue: deque = deque()
        self.events: list = []  # the round's events handed to the player so far
        self.waiting = ""  # "" | reels | timer | feature | celebration | continue
        self.timer = 0.0
        self._after: Callable[[], None] | None = None
        self.current: SpinEvent | CascadeEvent | None = None  # on the reels now
        self.base_spin: SpinEvent | None = None
        self.round_win = 0
        self.cap_text: Caption = ""
        self.round_over = True
        self.held: list = []  # the events after a feature, kept until `release` (CONTINUE)
        self.resumed_picks = False  # the next pick scene opens with earlier picks shown open
        self.played: list = []  # the events of this round begun so far, in order
        # where the round's win came from once a feature has ended: (label msgid, coins)
        self.win_parts: list[tuple[str, int]] = []
        # what the presentation's hooks get instead of this player (scenes.presentation.hosts)
        self.face: ReelsHost = facade(self, ReelsHost)
        # how to leave a free mode once the round's celebration closes (a game's own way out of
        # its mode, e.g. Super Mode's; else `leave_free`): see `celebrated`
        self.leave_after: Callable[[], None] | None = None

    @property
    def view(self):
        return self.stage.view

    @property
    def presenter(self):
        return self.stage.presenter

    @property
    def speed(self) -> float:
        return self.pace.speed

    # -- feeding ---------------------------------------------------------------------------------
    def start(self, events: list | tuple, bet: Bet) -> None:
        """Play a new round's events (up to its first pick, or all of them)."""
        self.bet = bet
        self.presenter.clear()
        self.stage.decor.clear()  # a game's pictures belong to the round that put them up
        self.band.reset_win()
        self.round_win = 0
        self.round_over = False
        self.leave_after = None
        self.cap_text = ""
        self.events = list(events)
        self.played = []
        self.win_parts = []
        self.queue.extend(events)
        self.pump()

    def resume(self, events: list | tuple, bet: Bet) -> None:
        """Show a round recovered from the ledger: what was decided before the picks at once
        (the first spin at rest, its win counted), the rest animated. Events the presentation
        already announced before the picks are not shown again.

        The bonus scenes follow the engine's state, not what was on screen when the app stopped:
        they open at the pick the engine waits for (the driver's pending one, the last event),
        or, when every choice is stored, right after the last stored pick (its reveal plays,
        then the rest of the feature, then the credit); a pick request whose answer is already
        among the events is never asked again."""
        self.bet = bet
        self.round_over = False
        self.stage.decor.clear()
        self.events = list(events)
        self.played = []
        self.win_parts = []
        rest = list(events)
        if any(isinstance(e, PickRequestEvent) for e in rest):
            first = rest[0]
            if isinstance(first, SpinEvent):
                self.view.show(first.reel_set, first.stops, first.grid, first.wild_reels)
                self.base_spin = first
                self.round_win = first.win_coins
                self.band.count_win_to(self.round_win, 0.0)
                rest = rest[1:]
            rest = [e for e in rest if not self.presentation.announced(e)]
            self.resumed_picks = True
        self.queue.extend(rest)
        self.pump()

    def feature_done(self, rest: list) -> None:
        """A feature scene (a picker) is over: play the events after it (or hold them)."""
        self.waiting = ""
        if self.host.hold_after_feature():
            self.held = list(rest)
            self.waiting = "continue"
            return
        self.queue.extendleft(reversed(rest))
        self.pump()

    def release(self) -> None:
        """Play the events held after a feature (CONTINUE after autoplay's pause)."""
        if self.waiting != "continue":
            return
        self.waiting = ""
        self.queue.extendleft(reversed(self.held))
        self.held = []
        self.pump()

    def pump(self) -> None:
        """Start showing queued events until one needs time (reels, a pause, a feature scene)."""
        while not self.waiting and self.queue:
            self._begin(self.queue.popleft())

    # -- picks -----------------------------------------------------------------------------------
    def picks(self) -> Picks:
        """How the bonus scenes answer picks: the host's, guarded in live play. A pick the engine
        is not waiting for is never sent to it: the bonus scenes close and the round is completed
        from its record (`complete`); a pick that fails is reported once (`failed`: automatic
        picks and autoplay stop, the round stays open) and raised to the scene, which says why."""
        picks = self.host.picks()
        pending, failed, complete = picks.pending, picks.failed, picks.complete
        if pending is None:
            return picks
        inner = picks.choose

        def choose(index: int) -> list:
            if pending() is None:
                log.error("a pick was asked that the engine is not waiting for: the round completes")
                if complete is not None:
                    complete()
                return []
            try:
                return inner(index)
            except Exception as exc:
                if failed is not None:
                    failed(exc)
                raise

        return Picks(choose, picks.auto_pick, picks.leave, picks.watch_only, pending, failed, complete)

    def abandon(self) -> None:
        """Drop what is left to show of the round (its record completes it): the queue, the held
        events, the free spins' look; the round counts as over on screen."""
        self.queue.clear()
        self.held = []
        self.waiting = ""
        self._after = None
        self.current = None
        if self.stage.free_mode:
            self.leave_free()
        self.stage.banner = None
        self.round_over = True

    # -- helpers for presentations -----------------------------------------------------------------
    def wait(self, seconds: float, then: Callable[[], None] | None = None) -> None:
        """Pause `seconds` (already scaled by the caller), then run `then`."""
        self.timer = max(0.0, seconds)
        self.waiting = "timer"
        self._after = then

    def wait_for(self, what: str) -> None:
        """Hold the round until `done_waiting` (a scene of the host's, e.g. the celebration)."""
        self.waiting = what

    def done_waiting(self) -> None:
        self.waiting = ""

    def say(self, msgid: str, color: tuple[int, int, int] = CREAM, **values: Any) -> None:
        """A translated message on the band's message line (read again at every draw)."""
        self.band.set_message(lambda tr: tr.t(msgid, **values), color)

    def feature_won(self) -> None:
        self.host.feature_won()

    # -- for the presentation's hooks (`ReelsHost`) -------------------------------------------------
    def next_event(self) -> Any | None:
        """The event that plays after the one being shown (None when none is queued)."""
        return self.queue[0] if self.queue else None

    def push_scene(self, scene: Scene) -> bool:
        """Show `scene` over the reels; False where the host has no scene stack."""
        if self.host.stack is None:
            return False
        self.host.stack.push(scene)
        return True

    def clear_wins(self) -> None:
        self.presenter.clear()

    def enter_free(
        self,
        spins: int,
        multiplier: int,
        wild_reels: list[int],
        wild_symbols: list[str],
        theme: str | None = None,
    ) -> None:
        """Free spins begin: their backdrop, music (a game's own `theme`, e.g. a warlord's),
        wild reels and wild symbols, the counter."""
        self.stage.set_free_mode(True)
        self.view.set_cover(wild_reels)
        self.view.set_wild_symbols(wild_symbols)
        self.band.free = (0, spins, multiplier)
        self.say(T_FREE_READY, GOLD, total=spins, mult=multiplier)
        self.sounds.free_spins_music(True, theme)
        self.wait(0.7 * self.speed)

    def leave_free(self) -> None:
        """Back to the main game: its backdrop and the reels as the triggering spin left them."""
        self.stage.set_free_mode(False)
        self.stage.banner = None
        self.stage.summary = None
        self.band.free = None
        self.view.set_cover(())
        self.view.set_wild_symbols(())
        if self.base_spin is not None:
            b = self.base_spin
            self.view.show(b.reel_set, b.stops, b.grid)

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> str | None:
        """Advance the animation; returns the win presenter's cue ("line", "cycled", None)."""
        if self.waiting == "reels":
            for sig in self.view.update(dt):
                self.sounds.reel_signal(sig, self.pace.turbo)
                if sig.kind != "done" or self.current is None:
                    continue
                if self.view.overlay_pending:  # landed under the overlay: now lay the wilds
                    self.view.lay_overlay(self.pace.timing)
                    self.sounds.overlay(self.view.overlay_style)
                else:
                    self._landed(self.current)
        elif self.waiting == "timer":
            self.timer -= dt
            if self.timer <= 0.0:
                self.waiting = ""
                after, self._after = self._after, None
                if after is not None:
                    after()
        if not self.waiting:
            self.pump()
        cue = self.stage.update(dt)
        if cue == "line" and not self.pace.turbo and (self.round_over or self.stage.free_mode):
            self.sounds.win("line")
        return cue

    def hurry(self) -> None:
        """SPIN during a round: slam the reels, cut a pause short, finish the count."""
        if self.waiting == "reels":
            self.view.slam()
        elif self.waiting == "timer":
            self.timer = 0.0
        if self.band.counting:
            self.band.finish_count()

    # -- the shared events -------------------------------------------------------------------------
    def _begin(self, ev: Any) -> None:
        self.played.append(ev)
        if self.presentation.begin(ev, self.face):
            return
        if isinstance(ev, SpinEvent):
            self._begin_spin(ev)
        elif isinstance(ev, CascadeEvent):
            self._begin_cascade(ev)
        elif isinstance(ev, PickRequestEvent):
            self._open_pick(ev)
        elif isinstance(ev, FreeSpinsEndEvent):
            # one celebration per moment: when the round ends here in a celebration, it carries
            # the split (its parts line) and plays over the last free spin, so no summary first
            celebrated = self.celebrated_next()
            self._feature_summary(ev, banner=not celebrated)
            self.sounds.feature_end()
            self.sounds.free_spins_music(False)
            self.band.finish_count()
            if celebrated:
                self.wait(0.8 * self.speed)  # the last free spin's wins settle, then the round ends
            else:
                self.wait(3.4 * self.speed, then=self.leave_free)
        elif isinstance(ev, WinCapEvent):
            assert self.bet is not None
            self.cap_text = cap_caption(ev, self.definition, self.bet)
            self.stage.banner = ("cap", self.cap_text, "")
            self.band.set_message(self.cap_text, CAP_COLOR)
            self.round_win = ev.cap_coins
            self.band.count_win_to(ev.cap_coins, 0.6 * self.speed)
            self.wait(3.0 * self.speed)
        elif isinstance(ev, RoundEndEvent):
            self._end_round(ev)
        else:
            log.warning("no animation for event %s", ev.type)

    def celebrated(self) -> None:
        """The round's celebration closed: a round celebrated in a free mode (over its last
        grid) goes back to the main game now."""
        leave, self.leave_after = self.leave_after, None
        if self.stage.free_mode:
            (leave or self.leave_free)()

    def celebrated_next(self) -> bool:
        """The round ends with the next event and its end is celebrated (`Host.celebrates`): one
        celebration per moment, so a feature's own summary gives way to it."""
        nxt = self.queue[0] if self.queue else None
        return isinstance(nxt, RoundEndEvent) and self.host.celebrates(nxt.total_win_coins)

    def _feature_summary(self, ev: FreeSpinsEndEvent, *, banner: bool = True) -> None:
        """The free spins are over: their own win, the main game's and the round's total so far,
        each labelled, so nobody wonders why the total is more than the free spins paid (on a
        banner, unless the round's celebration says it: `banner` False)."""
        self.presenter.clear()
        feature = ev.win_coins
        main = _main_game_win(self.played)
        total = max(self.round_win, feature + main)
        other = total - feature - main
        parts = [(T_PART_MAIN, main)] if main else []
        parts.append((T_PART_FREE, feature))
        if other > 0:
            parts.append((T_PART_OTHER, other))
        self.win_parts = parts
        spins = ev.spins_played
        if banner:
            self.stage.banner = (
                "fs_end",
                lambda tr: tr.gettext(T_FS_WIN),
                lambda tr: tr.format_coins(feature),
            )
            rows = [(label, coins) for label, coins in parts if label != T_PART_FREE]
            self.stage.summary = [(T_PART_FREE, feature), *rows, (T_ROUND_TOTAL, total)]
        self.band.set_message(lambda tr: tr.t(T_FREE_PAID, coins=feature, spins=spins), GOLD)

    def _begin_spin(self, ev: SpinEvent) -> None:
        self.presenter.clear()
        self.stage.trigger_cells = None
        self.stage.banner = None
        self.current = ev
        if ev.mode == "base":
            self.base_spin = ev
        if ev.mode in ("free", "respin") and ev.spin_index is not None:
            self.count_spin(ev, *self.presentation.counts_before(ev, self.face))
        self.view.spin(ev, self.pace.timing)
        self.sounds.spin_started(self.pace.turbo)
        self.waiting = "reels"

    def count_spin(self, ev: SpinEvent, total: int, multiplier: int) -> None:
        """The counters of a free spin or re-spin (`total` spins so far, at `multiplier`)."""
        if ev.mode == "free":
            self.band.free = (ev.spin_index or 0, total, multiplier)
            self.say(T_FREE_COUNT, GOLD, index=ev.spin_index, total=total, mult=multiplier)
        else:
            self.say(T_RESPIN, GOLD, index=ev.spin_index, total=total)

    def _begin_cascade(self, ev: CascadeEvent) -> None:
        self.presenter.clear()
        self.current = ev
        if ev.multiplier > 1:
            self.say(T_CASCADE, GOLD, step=ev.step, mult=ev.multiplier)
        self.view.cascade(ev, self.pace.timing)
        self.waiting = "reels"

    def _landed(self, ev: SpinEvent | CascadeEvent) -> None:
        """The reels are at rest on `ev` (its overlay laid): the game's own moment if it has
        one (`Presentation.landed`), then the wins."""
        self.waiting = ""
        if not self.presentation.landed(ev, self.face):
            self.show_wins(ev)

    def show_wins(self, ev: SpinEvent | CascadeEvent) -> None:
        """Present `ev`'s wins and count them, then go on to the next event."""
        self.waiting = ""
        nxt = self.queue[0] if self.queue else None
        speed = self.speed
        if ev.wins:
            assert self.bet is not None
            self.round_win += ev.win_coins
            if self.stage.free_mode:
                scale = FREE_PRESENT_SCALE * speed
            else:
                scale = speed if self.host.autoplaying else 1.0
            self.presenter.present(ev, scale=max(scale, 0.0))
            self.band.count_win_to(self.round_win, count_time(ev.win_coins, self.bet.total_coins) * speed)
            self.sounds.win("small")
        if isinstance(nxt, CascadeEvent):
            # every win shown together, then they burst
            self.wait((ALL_TIME + 0.1) * speed)
        elif self.stage.free_mode:
            # every win of the spin shown (all lines, then "LINE n: x coins" one by one), then on
            self.wait(self.presenter.cycle_time() + 0.15 * speed if ev.wins else 0.45 * speed)
        elif nxt is not None and not isinstance(nxt, RoundEndEvent):
            self.wait(0.9 * speed if ev.wins else 0.2 * speed)

    def _open_pick(self, ev: PickRequestEvent) -> None:
        self.stage.banner = None
        self.stage.trigger_cells = None
        events = [ev, *self.queue]
        self.queue.clear()
        scene = self.presentation.open_pick(self.face, events)
        self.resumed_picks = False
        if scene is None:
            log.error("%s has no scene to answer a pick", self.definition.id)
            return
        self.waiting = "feature"
        if self.host.stack is not None:
            self.host.stack.push(scene)

    def _end_round(self, ev: RoundEndEvent) -> None:
        # a celebrated end plays over the free spins' last grid and backdrop, not over the stale
        # triggering spin: the host leaves free spins once it closes
        if self.stage.free_mode and not self.host.celebrates(ev.total_win_coins):
            self.leave_free()
        self.round_over = True
        self.round_win = ev.total_win_coins
        if self.band.win_target != ev.total_win_coins:
            self.band.count_win_to(ev.total_win_coins, 0.5 * self.speed)
        if self.cap_text:
            self.band.set_message(self.cap_text, CAP_COLOR)
            self.cap_text = ""
        elif ev.total_win_coins > 0:
            self.say(T_YOU_WON, GOLD, coins=ev.total_win_coins)
        else:
            self.say(T_NO_WIN)
        self.host.round_ended(ev)
