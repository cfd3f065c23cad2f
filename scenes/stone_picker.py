"""The stone picker of Secret of the Stones: 20 tablets, N picks, then the free-spins intro.

A modal, non-opaque overlay pushed by the reels scene when a round asks for a pick: the reels
stay visible, dimmed, behind a panel holding 20 stones in a 5×4 grid. The player picks with the
mouse or with the arrow keys and Enter. Each pick goes through `choose(index)`, which records it
in the ledger before the engine reveals it (the round driver), and returns the new events; this
scene only animates them:

- `PickRevealEvent`: the stone flips open with a burst of particles and the reveal sound; the
  feature is named ("+3 FREE SPINS", "+x2 MULTIPLIER", "WILD REEL 2", "DEER IS WILD") and added
  to the summary strip (spins, multiplier, wild reels, wild symbols);
- `PicksDoneEvent`: the stones nobody picked turn over, greyed, so the player sees what was
  missed;
- `FreeSpinsStartEvent`: a "FREE SPINS" intro with the spins and features, then the scene
  closes and hands the remaining events (from `FreeSpinsStartEvent` on) back to the reels.

Input is ignored while a stone is revealing, so a double click never picks twice. A resumed
round (after a crash) passes the reveals already made: those stones are shown open at once. Esc
leaves to the lobby with the round still open in the ledger; it resumes next time.

Every string goes through the translator passed in (`tr`, the context's translator; English
without one), translated while drawing, so the picker follows the language of the moment.
Symbol names come from the game definition and are msgids too.

Flip frames, greyed faces and particle sizes are prepared once at construction; a frame is blits.
"""

from __future__ import annotations

import logging
import math
import random
from collections import deque
from collections.abc import Callable

import pygame

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
from scenes.i18n import Translator
from scenes.intents import Act, Intent
from scenes.reel_view import soft_blur
from scenes.stack import Scene
from scenes.text import draw_text, fit_font
from scenes.widgets import draw_panel

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_PICK = "PICK {n} STONES"
T_PICK_ONE = "PICK 1 STONE"
T_PICKS_LEFT = "Picks left: {n}"
T_ALL_PICKED = "The stones have spoken"
T_SPINS = "+{n} FREE SPINS"
T_MULT = "+x{n} MULTIPLIER"
T_WILD_REEL = "WILD REEL {n}"
T_WILD_SYMBOL = "{name} IS WILD"
T_SUM_SPINS = "FREE SPINS"
T_SUM_MULT = "MULTIPLIER"
T_SUM_REELS = "WILD REELS"
T_SUM_SYMBOLS = "WILD SYMBOLS"
T_NONE = "—"
T_INTRO = "FREE SPINS"
T_INTRO_SPINS = "{n} FREE SPINS"
T_INTRO_MULT = "All wins x{n}"
T_INTRO_REEL = "Reel {n} is wild"
T_INTRO_SYMBOL = "{name} is wild"
T_INTRO_GO = "Press SPIN or click to begin"
T_HINT = "Click a stone, or use the arrow keys and Enter"
T_ERROR = "The pick could not be saved: {error}"

COLS, ROWS = 5, 4
STONE = 120
PITCH_X, PITCH_Y = 134, 122
PANEL = pygame.Rect(70, 40, 1140, 640)
GRID_ORIGIN = (110, 150)  # top-left of the first stone
SUMMARY = pygame.Rect(820, 150, 350, 488)
FLIP_STEPS = 7
GOLD = (255, 214, 120)
CREAM = (255, 248, 230)
TEAL = (120, 255, 220)


def stone_rect(index: int) -> pygame.Rect:
    """Where stone `index` (0-based, row by row) is drawn."""
    col, row = index % COLS, index // COLS
    return pygame.Rect(GRID_ORIGIN[0] + col * PITCH_X, GRID_ORIGIN[1] + row * PITCH_Y, STONE, STONE)


def stone_center(index: int) -> tuple[int, int]:
    return stone_rect(index).center


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


def _grey(surf: pygame.Surface) -> pygame.Surface:
    """A desaturated, darkened copy (an unpicked stone shown after the picks)."""
    g = pygame.transform.grayscale(surf)
    g.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return g


def _flips(surf: pygame.Surface) -> list[pygame.Surface]:
    """`surf` narrowing to an edge: frame 0 is full width, the last nearly flat."""
    w, h = surf.get_size()
    return [
        pygame.transform.smoothscale(surf, (max(2, int(w * math.cos(i / FLIP_STEPS * math.pi / 2))), h))
        for i in range(FLIP_STEPS)
    ]


class _Stone:
    __slots__ = ("face", "greyed", "index", "open", "t", "turning")

    def __init__(self, index: int) -> None:
        self.index = index
        self.face: str | None = None  # the art key once known
        self.open = False  # the face is fully shown
        self.greyed = False  # an unpicked stone shown after the picks
        self.turning = False
        self.t = 0.0  # flip progress 0..1 while turning (negative: waiting to start)


class StonePickerScene(Scene):
    opaque = False
    modal = True

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
        resumed: bool = False,
        speed: float = 1.0,
        reduced_motion: bool = False,
        tr: Translator | None = None,
    ) -> None:
        super().__init__()
        self.assets = assets
        self.tr = tr if tr is not None else _english()
        self.sounds = sounds
        self.definition = definition
        self.choose_fn = choose
        self.on_finished = on_finished
        self.on_leave = on_leave
        self.auto_pick = auto_pick
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
        self.particles: list[list[float]] = []
        self._rng = random.Random(7)  # decoration only
        self._queue: deque = deque(events)
        self._prepare_art()
        # a resumed round: every reveal already made is shown open at once
        if resumed:
            self._apply_instant()
        self._next()

    # -- art ------------------------------------------------------------------------------------
    def _prepare_art(self) -> None:
        a = self.assets
        base = f"{self.game}/tablet"
        keys = {"closed", "hover"}
        feature = self.definition.feature
        if isinstance(feature, StonesFeature):
            keys |= {s.key for s in feature.stones}
        self.faces = {k: a.image(f"{base}/{k}") for k in keys}
        self.grey_faces = {k: _grey(v) for k, v in self.faces.items()}
        self.flip_frames = {k: _flips(v) for k, v in self.faces.items()}
        self.grey_flips = {k: _flips(v) for k, v in self.grey_faces.items()}
        dim = pygame.Surface((1280, 720), pygame.SRCALPHA)
        dim.fill((0, 6, 8, 170))
        self._dim = dim
        self._panel = self._compose_panel()
        spark = a.tinted("ui/particle", (*TEAL, 255))
        self._sparks = [pygame.transform.smoothscale(spark, (s, s)) for s in (6, 10, 14, 20, 28)]
        glow = pygame.Surface((STONE + 40, STONE + 40), pygame.SRCALPHA)
        pygame.draw.rect(glow, (*TEAL, 190), glow.get_rect().inflate(-18, -18), width=8, border_radius=22)
        self._focus_glow = soft_blur(glow, 6)

    def _compose_panel(self) -> pygame.Surface:
        """The panel: the picker backdrop seen through a rounded window with a gold rim."""
        a = self.assets
        bg = a.image(f"{self.game}/picker_bg")
        surf = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        surf.blit(bg, (0, 0), area=PANEL)
        mask = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=26)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        shade = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 70))
        surf.blit(shade, (0, 0))
        rim = a.nine_slice("ui/panel", PANEL.size, 24)
        # only the rim of the panel art: its face is replaced by the backdrop
        hole = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        hole.fill((255, 255, 255, 255))
        pygame.draw.rect(hole, (255, 255, 255, 0), hole.get_rect().inflate(-16, -16), border_radius=20)
        rim = rim.copy()
        rim.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(rim, (0, 0))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        return surf

    # -- event flow -------------------------------------------------------------------------------
    def _apply_instant(self) -> None:
        """Show every reveal in the queue up to the pending request at once (resume)."""
        keep: deque = deque()
        while self._queue:
            ev = self._queue.popleft()
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

    def _start_reveal(self, ev: PickRevealEvent) -> None:
        st = self.stones[ev.index]
        st.face, st.t, st.turning = ev.feature.key, 0.0, True
        self._collect(ev.feature)
        self.headline = feature_name(ev.feature, self.definition, self.tr)
        self.label = (self.headline, stone_center(ev.index), 0.0)
        self.sounds.reveal()
        if not self.reduced:
            cx, cy = stone_center(ev.index)
            for k in range(22):
                ang = k / 22 * math.tau + self._rng.uniform(-0.2, 0.2)
                sp = self._rng.uniform(120, 320)
                # [x, y, vx, vy, life, max life]
                life = self._rng.uniform(0.45, 0.9)
                self.particles.append([cx, cy, math.cos(ang) * sp, math.sin(ang) * sp, life, life])
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

    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.QUIT:
            return False
        if act is Act.BACK:
            if self.phase in ("picking", "wait", "revealing"):
                self.on_leave()
            return True
        if self.phase == "intro":
            if act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP):
                self._finish()
            return True
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
                self.pick(i)
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
        if act in (Act.CONFIRM, Act.SPIN):
            self.pick(self.focus)
            return True
        return True  # modal: nothing reaches the reels while picking

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.phase_t += dt
        sp = self.speed
        flip_time = 0.5 * sp
        for st in self.stones:
            if st.turning:
                st.t += dt / max(flip_time, 1e-6)
                if st.t >= 1.0:
                    st.turning, st.open = False, True
        for p in self.particles:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += 240 * dt
            p[4] -= dt
        if self.particles:
            self.particles = [p for p in self.particles if p[4] > 0]
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
            and self.phase_t >= 0.55 * sp
        ):
            self.pick(self.auto_pick(self.request.options, list(self.request.picked)))

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        a = self.assets
        surface.blit(self._dim, (0, 0))
        surface.blit(self._panel, PANEL)
        picks_left = self.request.picks_left if self.request is not None else 0
        tr = self.tr
        title = tr.gettext(T_PICK_ONE) if self.total_picks == 1 else tr.t(T_PICK, n=self.total_picks)
        draw_text(
            surface,
            a.font("display", 40),
            title,
            (GRID_ORIGIN[0] + 2.5 * PITCH_X - 7, 78),
            GOLD,
            outline=2,
            outline_color=(40, 24, 0),
        )
        sub = (
            self.headline
            if (self.phase != "picking" and self.headline)
            else (tr.t(T_PICKS_LEFT, n=picks_left) if self.request is not None else self.headline)
        )
        draw_text(
            surface, a.font("display_regular", 24), sub, (GRID_ORIGIN[0] + 2.5 * PITCH_X - 7, 118), CREAM
        )
        focus_on = self.phase == "picking"
        for st in self.stones:
            r = stone_rect(st.index)
            if focus_on and st.index == self.focus and self.pickable(st.index):
                surface.blit(self._focus_glow, self._focus_glow.get_rect(center=r.center))
            self._draw_stone(surface, st, r, focus_on)
        for x, y, _vx, _vy, life, max_life in self.particles:
            img = self._sparks[min(len(self._sparks) - 1, int(life / max_life * len(self._sparks)))]
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        if self.label is not None:
            text, (cx, cy), age = self.label
            draw_text(
                surface,
                a.font("display", 30),
                text,
                (cx, cy - 62 - int(min(age, 0.6) * 30)),
                GOLD,
                outline=2,
                outline_color=(50, 26, 0),
            )
        self._draw_summary(surface)
        if self.error:
            draw_text(surface, a.font("text_bold", 18), self.error, (640, PANEL.bottom - 20), (255, 140, 120))
        elif self.phase == "picking" and self.auto_pick is None:
            draw_text(
                surface,
                a.font("text", 16),
                tr.gettext(T_HINT),
                (GRID_ORIGIN[0] + 2.5 * PITCH_X - 7, PANEL.bottom - 22),
                (200, 220, 214),
                shadow=False,
            )
        if self.phase == "intro":
            self._draw_intro(surface)

    def _draw_stone(self, surface: pygame.Surface, st: _Stone, r: pygame.Rect, focus_on: bool) -> None:
        if st.face is None or (st.turning and st.t < 0.0):
            key = (
                "hover"
                if focus_on and (st.index == self.hover or st.index == self.focus) and self.pickable(st.index)
                else "closed"
            )
            surface.blit(self.faces[key], r)
            return
        if st.turning:
            # first half: the closed stone narrows; second half: the face widens
            half = st.t < 0.5
            frames = (
                self.flip_frames["closed"]
                if half
                else (self.grey_flips[st.face] if st.greyed else self.flip_frames[st.face])
            )
            k = st.t * 2 if half else 2 - st.t * 2
            img = frames[min(FLIP_STEPS - 1, int(k * FLIP_STEPS))]
            surface.blit(img, img.get_rect(center=r.center))
            return
        face = self.grey_faces[st.face] if st.greyed else self.faces[st.face]
        surface.blit(face, r)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        a, tr = self.assets, self.tr
        r = SUMMARY
        draw_panel(surface, a, r, alpha=200)
        rows = (
            (tr.gettext(T_SUM_SPINS), str(self.spins)),
            (tr.gettext(T_SUM_MULT), f"x{self.multiplier}"),
            (tr.gettext(T_SUM_REELS), ", ".join(str(n) for n in sorted(self.wild_reels)) or T_NONE),
            (
                tr.gettext(T_SUM_SYMBOLS),
                ", ".join(tr.gettext(self.definition.symbol(s).name) for s in self.wild_symbols) or T_NONE,
            ),
        )
        y = r.top + 30
        for title, value in rows:
            title_font = fit_font(a, "text_bold", title, r.w - 24, 16)
            draw_text(surface, title_font, title, (r.centerx, y), (214, 190, 140), shadow=False)
            font = fit_font(a, "display", value, r.w - 40, 40)
            draw_text(surface, font, value, (r.centerx, y + 44), CREAM)
            y += 116

    def _draw_intro(self, surface: pygame.Surface) -> None:
        a, tr = self.assets, self.tr
        surface.blit(self._dim, (0, 0))
        box = pygame.Rect(0, 0, 640, 380)
        box.center = (640, 360)
        draw_panel(surface, a, box, alpha=255)
        intro = tr.gettext(T_INTRO)
        draw_text(
            surface,
            fit_font(a, "display", intro, box.w - 40, 64),
            intro,
            (box.centerx, box.top + 70),
            GOLD,
            outline=3,
            outline_color=(60, 30, 0),
        )
        lines = [tr.t(T_INTRO_SPINS, n=self.spins), tr.t(T_INTRO_MULT, n=self.multiplier)]
        lines += [tr.t(T_INTRO_REEL, n=n) for n in sorted(self.wild_reels)]
        lines += [
            tr.t(T_INTRO_SYMBOL, name=tr.gettext(self.definition.symbol(s).name)) for s in self.wild_symbols
        ]
        y = box.top + 140
        step = min(40, 190 // max(1, len(lines)))
        for text in lines:
            draw_text(surface, a.font("display_regular", 30), text, (box.centerx, y), CREAM)
            y += step
        draw_text(
            surface,
            a.font("text", 18),
            tr.gettext(T_INTRO_GO),
            (box.centerx, box.bottom - 30),
            (200, 220, 214),
            shadow=False,
        )
