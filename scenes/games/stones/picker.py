"""The stone picker of Secret of the Stones: 20 tablets, N picks, then the free-spins intro.

A bonus scene of its own (`scenes.reels.bonus.BonusScene`: opaque, modal) that the round player
pushes (through the Stones' presentation) when a round asks for a pick: the stone circle fills the
screen, the 20 stones in a 5×4 grid sit beside the features collected so far, both centred as one
block, and the money strip below shows the balance, the bet and the round's win so far in the
picker's carved stone (from the reels' band, so the figures are the reels' own). The player
picks with the mouse or with the arrow keys (or Tab) and Enter; with `auto_pick` the picks are
made without the player after a short wait (`--autoplay N`), and with `watch_only` too the
player's own picks are ignored (a replay showing its recorded picks; SPIN hurries them).
Each pick goes through `choose(index)`, which in play records it in the ledger before the engine
reveals it (the round driver), and returns the new events; this scene only animates them:

- `PickRevealEvent`: the stone flips open with a burst of particles and the reveal sound; the
  feature is named ("+3 FREE SPINS", "+x2 MULTIPLIER", "WILD REEL 2", "DEER IS WILD") and added
  to the summary strip (spins, multiplier, wild reels, wild symbols);
- `PicksDoneEvent`: the stones nobody picked turn over, greyed, so the player sees what was
  missed;
- `FreeSpinsStartEvent`: a "FREE SPINS" intro with the spins and features, then the scene
  closes and hands the remaining events (from `FreeSpinsStartEvent` on) back to the reels.

Input is ignored while a stone is revealing, so a double click never picks twice. A resumed
round (after a crash) passes the reveals already made: those stones are shown open at once. Esc
calls `on_leave` (in play: to the lobby with the round still open in the ledger; it resumes next
time; in a replay: the replay ends). A press that cannot act says why in a toast: a stone already
open, a pick in a replay (the recorded picks are made for the player), a game function or the
bet during the feature; M still mutes.

Every string goes through the translator passed in (`tr`, the context's translator; English
without one), translated while drawing, so the picker follows the language of the moment.
Symbol names come from the game definition and are msgids too.

Flip frames, greyed faces and particle sizes are prepared once at construction, and a frame is
only blits (`scenes.games.stones.picker_paint`, a mixin).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

from game.definitions import GameDefinition
from game.events import PickRequestEvent
from game.games.stones.events import (
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRevealEvent,
    PicksDoneEvent,
    StoneReveal,
)
from game.games.stones.model import StonesFeature
from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.games.stones.picker_paint import (
    COLS,
    LAYOUT,
    ROWS,
    PickerPainter,
    stone_center,
    stone_rect,
    stones_style,
)
from scenes.reels.bonus import BonusScene
from scenes.widgets.effects import Sparks

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_ALL_PICKED = "The stones have spoken"
T_SPINS = "+{n} FREE SPINS"
T_MULT = "+x{n} MULTIPLIER"
T_WILD_REEL = "WILD REEL {n}"
T_WILD_SYMBOL = "{name} IS WILD"
T_ERROR = "The pick could not be saved: {error}"
T_STONE_OPEN = "That stone is already open"
T_RECORDED = "The replay makes the recorded picks"

AUTO_PICK_WAIT = 0.55  # s before a pick made without the player (autoplay, replay)


def feature_name(feature: StoneReveal, definition: GameDefinition, tr: Translator | None = None) -> str:
    """The player's words for what a stone holds (in `tr`'s language; English without one)."""
    tr = tr if tr is not None else _english()
    if feature.kind == "spins":
        return tr.t(T_SPINS, n=feature.value)
    if feature.kind == "multiplier":
        return tr.t(T_MULT, n=feature.value)
    if feature.kind == "wild_reel":
        return tr.t(T_WILD_REEL, n=feature.value)
    name = tr.gettext(definition.symbol(feature.symbol).name) if feature.symbol else "?"
    return tr.t(T_WILD_SYMBOL, name=name.upper())


_ENGLISH: list[Translator] = []


def _english() -> Translator:
    """An English translator for callers that pass none (tests, tools); built once."""
    if not _ENGLISH:
        _ENGLISH.append(Translator("en"))
    return _ENGLISH[0]


class _Stone:
    __slots__ = ("face", "greyed", "index", "open", "t", "turning")

    def __init__(self, index: int) -> None:
        self.index = index
        self.face: str | None = None  # the art key once known
        self.open = False  # the face is fully shown
        self.greyed = False  # an unpicked stone shown after the picks
        self.turning = False
        self.t = 0.0  # flip progress 0..1 while turning (negative: waiting to start)


class StonePickerScene(PickerPainter, BonusScene):
    def __init__(
        self,
        assets,
        sounds,
        definition: GameDefinition,
        events: list,
        *,
        choose: Callable[[int], list],
        on_finished: Callable[[list], None],
        on_leave: Callable[[], None],
        trigger: FreeSpinsTriggerEvent | None = None,
        auto_pick: Callable[[int, list[int]], int] | None = None,
        watch_only: bool = False,
        resumed: bool = False,
        speed: float = 1.0,
        reduced_motion: bool = False,
        tr: Translator | None = None,
        band=None,
        bet=None,
    ) -> None:
        tr = tr if tr is not None else _english()
        super().__init__(
            assets, tr, stones_style(definition.id), LAYOUT, band=band, bet=bet, reduced_motion=reduced_motion
        )
        self.sounds = sounds
        self.definition = definition
        self.choose_fn = choose
        self.on_finished = on_finished
        self.on_leave = on_leave
        self.auto_pick = auto_pick
        self.watch_only = watch_only and auto_pick is not None  # a replay: the recorded picks
        self.speed = max(0.01, speed)  # 1 normal, < 1 quicker
        self.reduced = reduced_motion
        feature = definition.feature
        self.game = definition.id
        base_spins = (
            trigger.spins
            if trigger is not None
            else (feature.free_spins if isinstance(feature, StonesFeature) else 0)
        )
        self.total_picks = trigger.picks if trigger is not None else 0
        self.spins = base_spins
        self.multiplier = feature.initial_multiplier if isinstance(feature, StonesFeature) else 1
        self.wild_reels: list[int] = []
        self.wild_symbols: list[str] = []
        self.stones = [_Stone(i) for i in range(20)]
        self.request: PickRequestEvent | None = None
        self.phase = "wait"  # wait | picking | revealing | unveil | intro | done
        self.t = 0.0
        self.phase_t = 0.0
        self.focus = 0
        self.hover: int | None = None
        self.armed: int | None = None
        self.error = ""
        self.label: tuple[str, tuple[int, int], float] | None = None  # text, where, age
        self.headline = ""
        self.start_event: FreeSpinsStartEvent | None = None
        self.rest: list = []
        self.sparks = Sparks(gravity=240, seed=7)
        self._queue: deque = deque(events)
        self._prepare_art()
        # a resumed round: every reveal already made is shown open at once
        if resumed:
            self._apply_instant()
        self._next()

    # -- event flow -------------------------------------------------------------------------------
    def _apply_instant(self) -> None:
        """Show every reveal in the queue up to the pending request at once (resume). When every
        choice is stored, the last stored pick's reveal is left to play, then the rest."""
        keep: deque = deque()
        while self._queue:
            ev = self._queue.popleft()
            later = any(isinstance(e, PickRequestEvent) for e in self._queue)
            if isinstance(ev, PickRequestEvent) and self._queue and not later:
                keep, self.request = self._queue, None  # the last pick, answered: its reveal plays
                break
            if isinstance(ev, PickRevealEvent):
                self._collect(ev.feature)
                st = self.stones[ev.index]
                st.face, st.open = ev.feature.key, True
            elif isinstance(ev, PickRequestEvent):
                self.request = ev
            else:
                keep.append(ev)
                keep.extend(self._queue)
                break
        self._queue = keep

    def _collect(self, feature: StoneReveal) -> None:
        if feature.kind == "spins":
            self.spins += feature.value or 0
        elif feature.kind == "multiplier":
            self.multiplier += feature.value or 0
        elif feature.kind == "wild_reel":
            self.wild_reels.append(feature.value or 0)
        elif feature.symbol:
            self.wild_symbols.append(feature.symbol)

    def _next(self) -> None:
        """Take the next event and start showing it."""
        while self._queue:
            ev = self._queue.popleft()
            if isinstance(ev, PickRequestEvent):
                if self._queue:  # its answer is queued already: never asked again
                    continue
                self.request = ev
                self._set_phase("picking")
                return
            if isinstance(ev, PickRevealEvent):
                self._start_reveal(ev)
                return
            if isinstance(ev, PicksDoneEvent):
                self._start_unveil(ev)
                return
            if isinstance(ev, FreeSpinsStartEvent):
                self.start_event = ev
                self.rest = [ev, *self._queue]
                self._queue.clear()
                self.spins, self.multiplier = ev.spins, ev.multiplier
                self.wild_reels, self.wild_symbols = (
                    list(ev.wild_reels),
                    [
                        s
                        for s in ev.wild_symbols
                        if s in self.definition.symbol_ids and self.definition.symbol(s).kind != "wild"
                    ],
                )
                self._set_phase("intro")
                self.sounds.feature_won()
                return
            # anything else belongs to the reels: hand it back with what follows
            self.rest = [ev, *self._queue]
            self._queue.clear()
            self._finish()
            return
        if self.request is not None and self.phase in ("revealing", "wait"):
            self._set_phase("picking")
        else:
            self._set_phase("wait")

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        self.phase_t = 0.0
        if phase == "picking" and not self.pickable(self.focus):
            # the focus moves on from a stone just opened to the next one still closed
            self.focus = next(
                (i % 20 for i in range(self.focus + 1, self.focus + 21) if self.pickable(i % 20)), self.focus
            )

    def _start_reveal(self, ev: PickRevealEvent) -> None:
        st = self.stones[ev.index]
        st.face, st.t, st.turning = ev.feature.key, 0.0, True
        self._collect(ev.feature)
        self.headline = feature_name(ev.feature, self.definition, self.tr)
        self.label = (self.headline, stone_center(ev.index), 0.0)
        self.sounds.reveal(x=stone_center(ev.index)[0])
        if not self.reduced:
            self.sparks.burst(stone_center(ev.index), 22, speed=(120, 320), life=(0.45, 0.9), jitter=0.2)
        self._set_phase("revealing")

    def _start_unveil(self, ev: PicksDoneEvent) -> None:
        for k, (index, feature) in enumerate(ev.unpicked):
            st = self.stones[index]
            st.face, st.greyed, st.turning = feature.key, True, True
            st.t = -0.12 * k  # staggered: each starts turning a moment after the previous
        self.request = None
        self.headline = self.tr.gettext(T_ALL_PICKED)
        self.label = None
        self._set_phase("unveil")

    def _finish(self) -> None:
        if self.phase == "done":
            return
        self._set_phase("done")
        if self.stack is not None:
            self.stack.pop()
        self.on_finished(self.rest)

    # -- picking ------------------------------------------------------------------------------------
    def pickable(self, index: int) -> bool:
        req = self.request
        return (
            self.phase == "picking"
            and req is not None
            and 0 <= index < req.options
            and index not in req.picked
            and not self.stones[index].open
        )

    def pick(self, index: int) -> bool:
        """Pick stone `index` (through the driver: the ledger records it first)."""
        if not self.pickable(index):
            return False
        self._set_phase("wait")  # no second pick until this one is shown
        try:
            new = self.choose_fn(index)
        except Exception as exc:  # a ledger failure must not lose the open round
            log.exception("pick failed")
            self.error = self.tr.t(T_ERROR, error=exc)
            # never retried by itself: automatic picks stop, the player picks (or leaves)
            self.auto_pick = None
            self.toast(self.error)
            self._set_phase("picking")
            return False
        self.error = ""
        self.request = None
        self._queue.extend(new)
        self._next()
        return True

    def stone_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for i in range(20):
            if stone_rect(i).collidepoint(pos):
                return i
        return None

    def handle_bonus(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.BACK:
            if self.phase in ("picking", "wait", "revealing"):
                self.on_leave()
            return True
        if self.phase == "intro":
            if act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP):
                self._finish()
            return True
        if self.watch_only:
            if act in (Act.SPIN, Act.CONFIRM):
                self.phase_t = max(self.phase_t, AUTO_PICK_WAIT * self.speed)  # the next pick now
                return True
            if act is Act.POINTER_UP and self.stone_at(intent.pos) is not None:
                self.toast(self.tr.gettext(T_RECORDED))
            return act in (Act.POINTER_MOVE, Act.POINTER_DOWN, Act.POINTER_UP)
        if act is Act.POINTER_MOVE:
            self.hover = self.stone_at(intent.pos)
            if self.hover is not None:
                self.focus = self.hover
            return True
        if act is Act.POINTER_DOWN:
            self.armed = self.stone_at(intent.pos)
            return True
        if act is Act.POINTER_UP:
            i = self.stone_at(intent.pos)
            if i is not None and i == self.armed:
                self._try_pick(i)
            self.armed = None
            return True
        if act in (Act.LEFT, Act.RIGHT, Act.UP, Act.DOWN):
            dx = {Act.LEFT: -1, Act.RIGHT: 1}.get(act, 0)
            dy = {Act.UP: -1, Act.DOWN: 1}.get(act, 0)
            col = (self.focus % COLS + dx) % COLS
            row = (self.focus // COLS + dy) % ROWS
            self.focus = row * COLS + col
            self.hover = None
            return True
        if act in (Act.NEXT, Act.PREV):
            self.focus = (self.focus + (1 if act is Act.NEXT else -1)) % (COLS * ROWS)
            self.hover = None
            return True
        if act in (Act.CONFIRM, Act.SPIN):
            self._try_pick(self.focus)
            return True
        return False

    def _try_pick(self, index: int) -> None:
        """A pick asked for by the player: made, or (a stone already open) said why not. While a
        stone is revealing the press is ignored (a double click must not pick twice)."""
        if self.phase == "picking" and self.stones[index].open:
            self.toast(self.tr.gettext(T_STONE_OPEN))
            return
        self.pick(index)

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # the fade in
        self.t += dt
        self.phase_t += dt
        sp = self.speed
        flip_time = 0.5 * sp
        for st in self.stones:
            if st.turning:
                st.t += dt / max(flip_time, 1e-6)
                if st.t >= 1.0:
                    st.turning, st.open = False, True
        self.sparks.update(dt)
        if self.label is not None:
            text, pos, age = self.label
            age += dt
            self.label = None if age > 1.1 * max(sp, 0.3) else (text, pos, age)

        if self.phase == "revealing":
            if self.phase_t >= 0.9 * sp:
                self._next()
        elif self.phase == "unveil":
            turning = any(st.turning for st in self.stones)
            if not turning and self.phase_t >= 1.4 * sp:
                self._next()
        elif self.phase == "intro":
            if self.phase_t >= (3.2 if self.auto_pick is None else 1.6) * sp:
                self._finish()
        elif (
            self.phase == "picking"
            and self.auto_pick is not None
            and self.request is not None
            and self.phase_t >= AUTO_PICK_WAIT * sp
        ):
            self.pick(self.auto_pick(self.request.options, list(self.request.picked)))
