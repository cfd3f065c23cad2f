"""The Global Adventure on the world map: a full-screen scene that plays the whole quest.

The Tomb Raider presentation builds it (`open_world_map`) when the round player reaches the
quest's first pick (`Presentation.open_pick`). A bonus scene of its own
(`scenes.reels.bonus.BonusScene`: opaque, modal, a fade in, M and F11 left to the app, a toast
for a key meant for another screen): the Tiled map (`scenes.games.tombraider.world`) fills the
screen under its camera as the scene's backdrop, with the route between the five locations; a
top bar (the title, the five sword fragments, the weighted average bet) and the money strip in
the quest's leather and bronze (`scenes.games.tombraider.look`: the balance from the reels' band,
the location's pot, the pots banked, the round's win so far). It plays the quest's events, one after
another, over the record `scenes.games.tombraider.quest.Quest`:

- `location_start`: the explorer travels the route to the location (the travelled part drawn
  solid), the map zooms in and the location's panel opens on the other side: its scenery, six
  artefacts face down (mouse hit-boxes, or the arrow keys and Enter), its pot and traps;
- `pick_request`: the player picks (each pick through `choose`, which in play records it in the
  ledger before the engine reveals it); `--autoplay N` picks by itself; a replay makes the
  recorded picks, watched;
- `artefact`: the artefact turns over: a bonus amount into the pot, the hidden treasure (a
  further amount, the pot doubled, or the Shoot-out), a trap (the panel shakes), the fragment
  (the pot is banked at the location's end);
- `shootout_start`: the Shoot-out scene (`scenes.games.tombraider.shootout`) over the map; its
  win comes back into the pot (`shootout`);
- `showdown`: two traps end the quest, or the Showdown duel (`scenes.games.tombraider.duel`);
- `location_end`: what nobody picked turns over, greyed; the pot is banked or lost;
- `jackpot`: the five fragments join into the sword, the jackpot counts up;
- `adventure_end`: the quest's summary; then the scene closes and hands the round's remaining
  events back to the reels (`on_finished(rest, win_coins)`).

A resumed quest (after a crash) opens at once on the location and artefacts of the moment: the
events already played are applied without animation. Esc while the player is to pick leaves to
the lobby (the quest resumes next time); at any other moment a toast says why it cannot leave
yet, as one does for an artefact already open or a click in a replay. Mixins: `world_map_input`
(picks, pointer and keys), `world_map_paint` (the map, the panel, the top bar) and
`world_map_overlays` (reveals, the jackpot, the summary).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.events import PickRequestEvent
from game.games.tombraider.events import (
    AdventureEndEvent,
    AdventureStartEvent,
    ArtefactRevealEvent,
    JackpotEvent,
    LocationEndEvent,
    LocationStartEvent,
    ShootoutRevealEvent,
    ShootoutStartEvent,
    ShowdownEvent,
)
from game.money import Bet
from scenes.core.stack import Scene
from scenes.games.tombraider.art import ease
from scenes.games.tombraider.duel import Showdown
from scenes.games.tombraider.look import QuestHud, tomb_style
from scenes.games.tombraider.quest import Quest
from scenes.games.tombraider.world import (
    MapCamera,
    MapLocation,
    WorldMap,
    arc_points,
    blend_camera,
    clamp_camera,
)
from scenes.games.tombraider.world_map_input import AUTO_PICK_WAIT, MapInput
from scenes.games.tombraider.world_map_layout import (
    GRID_TOP,
    MAP_LAYOUT,
    PITCH_Y,
    location_camera,
    panel_rect,
    panel_side,
    tile_rect,
)
from scenes.games.tombraider.world_map_overlays import OverlayPainter
from scenes.games.tombraider.world_map_paint import MapPainter
from scenes.reels.bonus import BonusScene
from scenes.widgets.dialog import show_toast
from scenes.widgets.effects import Sparks

if TYPE_CHECKING:
    from scenes.core.i18n import Translator

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_FOUND = "SWORD FRAGMENT!"
T_TRAP = "TRAP!"
T_BONUS = "+{coins:,}"
T_DOUBLE = "POT x2!"
T_SHOOTOUT = "SHOOT-OUT!"
T_ENDS = "TWO TRAPS: THE QUEST ENDS"
T_BANKED = "POT BANKED +{coins:,}"
T_LOST = "POT LOST"
T_POT = "POT"
T_BANKED_LABEL = "BANKED"
T_WIN = "WIN"

INTRO = 1.2  # s the route is drawn before the first journey
TRAVEL = 1.5  # s the explorer travels a leg
ZOOM = 0.7  # s the camera takes to move
PANEL = 0.35  # s the location panel takes to slide in or out
FLIP = 0.4  # s an artefact takes to turn over
REVEAL = 1.1  # s a reveal holds the stage (flip included)
UNVEIL = 1.7  # s the location's end: the rest turn over, the pot is banked or lost
ENDS = 2.0  # s "two traps: the quest ends"
POT = 0.9  # s the Shoot-out's win flies into the pot
JACKPOT = 4.5  # s the jackpot
SUMMARY_AUTO = 2.6  # s the summary stays when nobody is to close it
SUMMARY_PLAYER = 9.0  # s before the summary closes by itself


class Tile:
    """One artefact of the open location, as shown."""

    __slots__ = ("face", "greyed", "index", "t", "turning")

    def __init__(self, index: int) -> None:
        self.index = index
        self.face: str | None = None  # artefact kind once known
        self.greyed = False
        self.turning = False
        self.t = 0.0  # flip progress 0..1 (negative: waiting its turn)


class WorldMapScene(MapInput, OverlayPainter, MapPainter, BonusScene):
    def __init__(
        self,
        assets,
        sounds,
        tr: Translator,
        world: WorldMap,
        bet: Bet,
        quest: Quest,
        events: list,
        *,
        choose: Callable[[int], list],
        on_finished: Callable[[list, int], None],
        on_leave: Callable[[], None],
        auto_pick: Callable[[int, list[int]], int] | None = None,
        watch_only: bool = False,
        resumed: bool = False,
        speed: float = 1.0,
        reduced_motion: bool = False,
        band=None,
        reels_win: int = 0,
        discs: list[int] | None = None,
    ) -> None:
        super().__init__(
            assets,
            tr,
            tomb_style("tombraider/background_free"),
            MAP_LAYOUT,
            band=band,
            bet=bet,
            reduced_motion=reduced_motion,
        )
        self.hud = QuestHud(band, bet, self.style, MAP_LAYOUT.hud, self._figures)
        self.sounds = sounds
        self.world = world
        self.bet = bet
        self.quest = quest
        self.choose_fn = choose
        self.on_finished = on_finished
        self.on_leave = on_leave
        self.auto_pick = auto_pick
        self.watch_only = watch_only and auto_pick is not None
        self.speed = max(0.02, speed)
        self.reduced = reduced_motion
        self.reels_win = reels_win
        self.discs = list(discs or [])
        self.tiles = [Tile(i) for i in range(6)]
        self.request: PickRequestEvent | None = None
        self.phase = "wait"
        self.phase_t = 0.0
        self.phase_len = 0.0
        self.t = 0.0
        self.focus = 0
        self.hover: int | None = None
        self.hover_location: str | None = None
        self.armed: int | None = None
        self.error = ""
        self.label: tuple[str, tuple[int, int], float, tuple[int, int, int]] | None = None
        self.banner: str = ""  # a line over the panel (the location's end, two traps)
        self.showdown: Showdown | None = None
        self._duel_location: str | None = None  # where the duel stands (its backdrop)
        self.shake = 0.0
        self.sparks = Sparks(gravity=260, seed=11)
        # the leg being travelled: (location index it leads to, its arc in map pixels, 0..1)
        self.travel: tuple[int, list[tuple[float, float]], float] | None = None
        self._arriving: LocationStartEvent | None = None
        self.panel_k = 0.0  # 0 hidden .. 1 open
        self.panel_target = 0.0
        self.overview = MapCamera((world.size[0] / 2, world.size[1] / 2), 1.0)
        self.camera = self.overview
        self._cam_from = self.overview
        self._cam_to = self.overview
        self._cam_t = 1.0
        self._cam_len = 0.0
        self.rest: list = []
        self._opening: Scene | None = None  # a scene to open over the map once it is shown
        self._queue: deque = deque(events)
        self._prepare_art()
        if resumed:
            self._apply_instant()
            self._open_at_once()
            self._next()
        elif self.quest.board is not None and not self.quest.board.order:
            self._set_phase("intro", INTRO)
        else:
            self._open_at_once()
            self._next()

    # -- event flow -----------------------------------------------------------------------------
    def _apply_instant(self) -> None:
        """A resumed quest follows the engine's state: everything up to the pick it waits for
        (the last event) is applied at once (the Shoot-out still to be played stays queued, so
        it opens); when every choice is stored, everything up to the last stored pick is, and
        that pick's reveal plays, then the rest of the quest."""
        events = list(self._queue)
        last = max((i for i, e in enumerate(events) if isinstance(e, PickRequestEvent)), default=-1)
        if 0 <= last < len(events) - 1:  # answered: resume right after it
            stop = last + 1
        else:
            stop = last
            if last > 0 and isinstance(events[last - 1], ShootoutStartEvent):
                stop = last - 1
        for ev in events[: max(stop, 0)]:
            self._apply_quietly(ev)
        self._queue = deque(events[max(stop, 0) :])

    def _apply_quietly(self, ev: Any) -> None:
        if isinstance(ev, PickRequestEvent):
            return
        self.quest.apply(ev)
        if isinstance(ev, LocationStartEvent):
            self.tiles = [Tile(i) for i in range(ev.artefacts)]
        elif isinstance(ev, ArtefactRevealEvent):
            self.tiles[ev.position].face = ev.artefact if ev.treasure is None else "treasure"
        elif isinstance(ev, LocationEndEvent):
            for h in ev.hidden:
                tile = self.tiles[h.position]
                tile.face, tile.greyed = h.artefact, True

    def _open_at_once(self) -> None:
        board = self.quest.board
        if board is None:
            return
        self.camera = self._cam_from = self._cam_to = self._location_view(board.index)
        self._cam_t = 1.0
        self.panel_k = self.panel_target = 1.0

    def _location_view(self, index: int) -> MapCamera:
        loc = self.world.location(self.quest.locations[index])
        return clamp_camera(location_camera(loc), self.world.size)

    def _next(self) -> None:
        """Take the next event and start showing it."""
        while self._queue:
            ev = self._queue.popleft()
            if isinstance(ev, PickRequestEvent):
                if self._queue:  # its answer is queued already: never asked again
                    continue
                self.request = ev
                self.focus = self._first_pickable()
                self._set_phase("picking")
                return
            if isinstance(ev, ShootoutStartEvent):
                if len(self._queue) > 1 and isinstance(self._queue[0], PickRequestEvent):
                    self._queue.popleft()  # its disc is picked already: the win goes into the pot
                    continue
                self._open_shootout(ev)
                return
            if isinstance(ev, AdventureStartEvent):
                continue
            if isinstance(ev, LocationStartEvent):
                self._start_travel(ev)  # the quest reaches it on arrival
                return
            self.quest.apply(ev)
            if isinstance(ev, ArtefactRevealEvent):
                self._start_reveal(ev)
            elif isinstance(ev, ShootoutRevealEvent):
                self._say_label(self.tr.t(T_BONUS, coins=ev.coins), self._panel_centre(), (255, 214, 120))
                self.sounds.feature("coin_tick")
                self._set_phase("pot", POT)
            elif isinstance(ev, ShowdownEvent):
                self._start_showdown(ev)
            elif isinstance(ev, LocationEndEvent):
                self._start_unveil(ev)
            elif isinstance(ev, JackpotEvent):
                self.sounds.feature("jackpot")
                self._burst((640, 300), 60)
                self._set_phase("jackpot", JACKPOT)
            elif isinstance(ev, AdventureEndEvent):
                self.rest = list(self._queue)
                self._queue.clear()
                self.sounds.feature_end()
                wait = SUMMARY_AUTO if (self.auto_pick is not None or self.watch_only) else SUMMARY_PLAYER
                self._set_phase("summary", wait)
            else:
                # something for the reels: hand it back with what follows (not expected)
                self.rest = [ev, *self._queue]
                self._queue.clear()
                self._finish()
            return
        self._set_phase("wait")

    def _set_phase(self, phase: str, length: float = 0.0) -> None:
        self.phase = phase
        self.phase_t = 0.0
        self.phase_len = length * self.speed

    def _first_pickable(self) -> int:
        if self.pickable(self.focus):
            return self.focus
        return next((i for i in range(len(self.tiles)) if self.pickable(i)), 0)

    def _start_reveal(self, ev: ArtefactRevealEvent) -> None:
        tile = self.tiles[ev.position]
        tile.face = ev.artefact if ev.treasure is None else "treasure"
        tile.turning, tile.t = True, 0.0
        rect = tile_rect(ev.position, panel_side(self._current_location()))
        centre = (rect.centerx, rect.centery - 10)
        gold, red = (255, 214, 120), (255, 120, 100)
        if ev.artefact == "trap":
            text, colour = self.tr.gettext(T_TRAP), red
            self.sounds.feature("trap", x=centre[0])
            self.shake = 0.5
        elif ev.artefact == "fragment":
            text, colour = self.tr.gettext(T_FOUND), gold
            self.sounds.feature("fragment", x=centre[0])
            self._burst(rect.center, 30)
        elif ev.treasure == "double":
            text, colour = self.tr.gettext(T_DOUBLE), gold
            self.sounds.reveal(x=centre[0])
            self._burst(rect.center, 20)
        elif ev.treasure == "shootout":
            text, colour = self.tr.gettext(T_SHOOTOUT), gold
            self.sounds.feature("gunshot", x=centre[0])
        else:
            text, colour = self.tr.t(T_BONUS, coins=ev.coins), gold
            self.sounds.reveal(x=centre[0])
            self._burst(rect.center, 14)
        self._say_label(text, centre, colour)
        self._set_phase("reveal", REVEAL)

    def _start_showdown(self, ev: ShowdownEvent) -> None:
        if not ev.showdown:
            self.banner = self.tr.gettext(T_ENDS)
            self.sounds.feature("trap")
            self._set_phase("ends", ENDS)
            return
        loc = self.quest.locations[ev.location]
        self._duel_location = loc
        self.showdown = Showdown(self.assets, self.tr, self.duel_backdrop(loc), ev.won, self.speed)
        self._set_phase("showdown")

    def _start_unveil(self, ev: LocationEndEvent) -> None:
        for k, h in enumerate(ev.hidden):
            tile = self.tiles[h.position]
            tile.face, tile.greyed, tile.turning = h.artefact, True, True
            tile.t = -0.12 * k
        if ev.fragment and ev.pot_coins:
            self.banner = self.tr.t(T_BANKED, coins=ev.pot_coins)
        elif ev.fragment:
            self.banner = self.tr.gettext(T_FOUND)
            self.sounds.feature("coin_tick")
        else:
            self.banner = self.tr.gettext(T_LOST)
        self.label = None  # the banner says how the location ended: no word rising under it
        self.showdown = None
        self._set_phase("unveil", UNVEIL)

    def _start_travel(self, ev: LocationStartEvent) -> None:
        """Off to the next location: the panel closes, the map zooms out, the explorer travels
        the leg; the location opens on arrival (`_arrive`)."""
        self._arriving = ev
        self.banner = ""
        self.panel_target = 0.0
        self.request = None
        if ev.index == 0:
            self._arrive()
            return
        a, b = self.world.leg(ev.index)
        self.travel = (ev.index, arc_points(a, b), 0.0)
        self._move_camera(self.overview)
        self._set_phase("travel", ZOOM + TRAVEL)

    def _arrive(self) -> None:
        ev = self._arriving
        self._arriving = None
        self.travel = None
        if ev is not None:
            self.quest.apply(ev)
            self.tiles = [Tile(i) for i in range(ev.artefacts)]
        self._move_camera(self._location_view(self.quest.index))
        self.panel_target = 1.0
        self._set_phase("arrive", ZOOM + PANEL)

    def _open_shootout(self, ev: ShootoutStartEvent) -> None:
        from scenes.games.tombraider.shootout import ShootoutScene

        request = self._queue.popleft() if self._queue else None
        if not isinstance(request, PickRequestEvent):
            log.error("a Shoot-out without its pick request")
            self._next()
            return
        self._set_phase("shootout")
        scene = ShootoutScene(
            self.assets,
            self.sounds,
            self.tr,
            self.bet,
            self.discs or list(range(1, ev.discs + 1)),
            request,
            location=self._current_location().id,
            choose=self.choose_fn,
            on_done=self._shootout_done,
            on_leave=self._leave_from_shootout,
            auto_pick=self.auto_pick,
            watch_only=self.watch_only,
            speed=self.speed,
            reduced_motion=self.reduced,
            pot=self.quest.board.pot if self.quest.board is not None else 0,
            band=self.hud.band,
            win_coins=self.round_win(),
        )
        if self.stack is not None:
            self.stack.push(scene)
        else:  # a resumed quest waiting for its disc: it opens once the map is in place
            self._opening = scene

    def on_enter(self) -> None:
        if self._opening is not None and self.stack is not None:
            self.stack.push(self._opening)
            self._opening = None

    def _shootout_done(self, events: list) -> None:
        self._queue.extend(events)
        self._next()

    def _leave_from_shootout(self) -> None:
        self.on_leave()

    def _finish(self) -> None:
        if self.phase == "done":
            return
        self._set_phase("done")
        if self.stack is not None:
            self.stack.remove(self)
        won = self.quest.end.win_coins if self.quest.end is not None else self.quest.won_so_far()
        self.on_finished(self.rest, won)

    def toast(self, text: str) -> None:
        """A toast over the top bar (under it, the open location's name would be covered)."""
        show_toast(self.stack, self.assets, text, midtop=(640, 12))

    def round_win(self) -> int:
        """The round's win so far: the reels' part and what the quest has banked or won."""
        return self.reels_win + self.quest.won_so_far()

    def jackpot_counted(self) -> int:
        """The jackpot's coins as counted so far (it counts up while it shows)."""
        jp = self.quest.jackpot
        if jp is None:
            return 0
        if self.phase != "jackpot":
            return jp.coins
        return int(jp.coins * ease(min(1.0, self.phase_t / max(self.phase_len * 0.6, 1e-6))))

    def _figures(self) -> list[tuple[str, int]]:
        """The money strip after the balance (coins): the open location's pot, the pots banked,
        the round's win so far (the jackpot as far as it has counted)."""
        q = self.quest
        pot = q.board.pot if q.board is not None and not q.board.ended else 0
        return [
            (T_POT, pot),
            (T_BANKED_LABEL, q.banked),
            (T_WIN, self.reels_win + q.banked + self.jackpot_counted()),
        ]

    # -- the camera and the journey --------------------------------------------------------------
    def _move_camera(self, to: MapCamera) -> None:
        self._cam_from = self.camera
        self._cam_to = to
        self._cam_t = 0.0
        self._cam_len = ZOOM * self.speed

    def _current_location(self) -> MapLocation:
        return self.world.location(self.quest.locations[self.quest.index])

    def _panel_centre(self) -> tuple[int, int]:
        """Where the pot's figure sits in the open panel (a label rises from there)."""
        r = panel_rect(panel_side(self._current_location()))
        return (r.right - 110, r.top + GRID_TOP + 2 * PITCH_Y + 44)

    # -- effects -----------------------------------------------------------------------------------
    def _say_label(self, text: str, pos: tuple[int, int], colour: tuple[int, int, int]) -> None:
        self.label = (text, pos, 0.0, colour)

    def _burst(self, centre: tuple[int, int], n: int) -> None:
        if self.reduced:
            return
        self.sparks.burst(centre, n, speed=(120, 340), life=(0.5, 1.0), jitter=0.25)

    # -- time ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # the fade in
        self.t += dt
        self.phase_t += dt
        sp = self.speed
        for tile in self.tiles:
            if tile.turning:
                tile.t += dt / max(FLIP * sp, 1e-6)
                if tile.t >= 1.0:
                    tile.turning, tile.t = False, 1.0
        self.sparks.update(dt)
        if self.label is not None:
            text, pos, age, colour = self.label
            age += dt
            self.label = None if age > 1.2 * max(sp, 0.3) else (text, pos, age, colour)
        self.shake = max(0.0, self.shake - dt)
        self._update_camera(dt)
        if self._frozen is not None and self._frozen_key() is None:
            self._frozen = None  # the overlay is gone: its still scene (8 MB at 1920×1080) too
        step = PANEL * sp
        if self.panel_k < self.panel_target:
            self.panel_k = min(self.panel_target, self.panel_k + dt / max(step, 1e-6))
        elif self.panel_k > self.panel_target:
            self.panel_k = max(self.panel_target, self.panel_k - dt / max(step, 1e-6))
        self._update_phase(dt)

    def _update_camera(self, dt: float) -> None:
        if self._cam_t >= 1.0:
            return
        self._cam_t = min(1.0, self._cam_t + dt / max(self._cam_len, 1e-6))
        u = self._cam_t
        self.camera = blend_camera(self._cam_from, self._cam_to, u * u * (3 - 2 * u))

    def _update_phase(self, dt: float) -> None:
        ph, sp = self.phase, self.speed
        done = self.phase_t >= self.phase_len
        if ph == "intro" and done:
            self._arrive()
        elif ph == "travel":
            if self.travel is not None and self._cam_t >= 1.0 and self.panel_k <= 0.0:
                leg, arc, k = self.travel
                k = min(1.0, k + dt / max(TRAVEL * sp, 1e-6))
                self.travel = (leg, arc, k)
                if k >= 1.0:
                    self._arrive()
            elif done and self.travel is None:
                self._arrive()
        elif ph in ("arrive", "reveal", "pot", "ends") and done:
            self.banner = "" if ph == "ends" else self.banner
            self._next()
        elif ph == "unveil" and done and not any(t.turning for t in self.tiles):
            self.banner = ""
            self._next()
        elif ph == "showdown" and self.showdown is not None:
            for cue in self.showdown.update(dt):
                if cue == "shot":
                    self.sounds.feature("gunshot")
                elif cue == "fall":
                    self.sounds.feature("trap" if not self.showdown.won else "fragment")
            if self.showdown.done:
                self._next()
        elif ph == "jackpot" and done:
            self._next()
        elif ph == "summary" and done:
            self._finish()
        elif (
            ph == "picking"
            and self.auto_pick is not None
            and self.request is not None
            and self.phase_t >= AUTO_PICK_WAIT * sp
        ):
            self.pick(self.auto_pick(self.request.options, list(self.request.picked)))
