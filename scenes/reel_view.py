"""The animated reels: five strips behind a 3-row window, spinning onto stored stops.

This module owns the reel motion and nothing else (no dice, no money, no input). A spin is given
a `SpinEvent` that already holds the outcome; the view animates:

- spin-up: a short pull-back (the strip lifts a little) and an acceleration to full speed,
  reels starting a few hundredths of a second apart;
- a constant-speed spin with motion blur (vertically blurred copies of every symbol, rendered
  once per game in `SymbolArt`);
- staggered stops, reel 1 first, each decelerating onto EXACTLY the event's stop with a small
  overshoot and bounce (CERTIFICATION R6: at rest the window equals the event's grid);
- slam-stop (`slam()`): every reel not yet stopping stops at once, on the same stops;
- anticipation: when the scatters already landed are one short of a trigger, each remaining
  reel that can still show one spins longer with a glow (`anticipation_reels`).

Positions are in symbol units along a strip. A reel's `pos` is the (unwrapped, fractional) strip
index shown in the top row; the symbol at unwrapped index i is drawn at
y = window.top + (i − pos) × cell height. Reels spin downwards, so `pos` decreases while spinning.
The motion is an analytic function of the spin's own clock (advanced only by `update(dt)`), so a
large dt (turbo, a slow frame) lands exactly where small ones would.

Everything drawn inside the window uses the strip's real symbols, so the blur and scroll are
continuous with what lands; the landing rows are taken from the event's grid (which equals the
strip at the stops; a mismatch is logged, and the grid wins so the screen never contradicts the
stored outcome).

Drawing: given the opaque backdrop under the window, a reel at rest is blitted as one opaque
column composed over it once (a cache keyed by the symbols, tags and lit cells it shows).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from game.definitions import GameDefinition
from game.events import SpinEvent
from game.games.stones.model import StonesFeature

Cache = Callable[[tuple, Callable[[], pygame.Surface]], pygame.Surface]

log = logging.getLogger(__name__)

# Layout of the reel window in logical screen pixels (the art contract).
WINDOW = pygame.Rect(210, 56, 860, 480)
CELL_W = 172
CELL_H = 160
SYMBOL = 160

# Blur radii in pixels for the two motion-blur levels.
BLUR_LIGHT = 10
BLUR_HEAVY = 26
PULSE_STEPS = (1.0, 1.03, 1.06, 1.09, 1.12)
GLOW_STEPS = 8
COLUMN_CACHE = 30  # composed reel columns kept (5 reels × a few emphasis looks; ~330 KB each)


@dataclass(frozen=True, slots=True)
class SpinTiming:
    """How a spin moves. Times in seconds, distances in symbols, speed in symbols per second."""

    windup_time: float
    windup_dist: float
    accel_time: float
    speed: float
    start_stagger: float
    first_stop: float
    stagger: float
    stop_dist: float
    bounce_dist: float
    bounce_time: float
    anticipation: float
    slam_stagger: float
    slam_stop_dist: float


NORMAL = SpinTiming(
    windup_time=0.11,
    windup_dist=0.22,
    accel_time=0.22,
    speed=17.0,
    start_stagger=0.035,
    first_stop=0.78,
    stagger=0.21,
    stop_dist=2.4,
    bounce_dist=0.14,
    bounce_time=0.15,
    anticipation=1.25,
    slam_stagger=0.045,
    slam_stop_dist=1.2,
)
QUICK = SpinTiming(
    windup_time=0.07,
    windup_dist=0.15,
    accel_time=0.12,
    speed=22.0,
    start_stagger=0.02,
    first_stop=0.32,
    stagger=0.10,
    stop_dist=1.8,
    bounce_dist=0.10,
    bounce_time=0.09,
    anticipation=0.6,
    slam_stagger=0.03,
    slam_stop_dist=1.0,
)
TURBO = SpinTiming(
    windup_time=0.0,
    windup_dist=0.0,
    accel_time=0.005,
    speed=90.0,
    start_stagger=0.0,
    first_stop=0.01,
    stagger=0.0,
    stop_dist=0.6,
    bounce_dist=0.0,
    bounce_time=0.0,
    anticipation=0.0,
    slam_stagger=0.0,
    slam_stop_dist=0.6,
)


@dataclass(frozen=True, slots=True)
class ReelSignal:
    """Something a listener (sound, scene) may react to, returned by `update`.

    kind: "land" (reel `reel` hit its stop; `scatters` scatter symbols landed on it),
    "anticipation" (reel `reel` starts its long anticipating spin), "done" (all reels at rest).
    """

    kind: str
    reel: int = -1
    scatters: int = 0


# -- pre-rendered art -----------------------------------------------------------------------------
def vertical_blur(image: pygame.Surface, radius: int) -> pygame.Surface:
    """A copy of `image` smeared vertically by a box of ±`radius` px (premultiplied alpha).

    The result is `radius` px taller at the top and at the bottom, so the streak continues past
    the tile like real motion; blit it `radius` px higher than the sharp image.
    """
    w, h = image.get_size()
    rgb = pygame.surfarray.array3d(image).astype(np.float32)  # (w, h, 3)
    alpha = pygame.surfarray.array_alpha(image).astype(np.float32) / 255.0  # (w, h)
    pre = rgb * alpha[..., None]
    pad = radius
    pre = np.pad(pre, ((0, 0), (pad, pad), (0, 0)))
    alpha = np.pad(alpha, ((0, 0), (pad, pad)))
    k = 2 * radius + 1
    # running box sum along y via cumulative sums (two passes ≈ a soft triangular kernel)
    for _ in range(2):
        c = np.cumsum(np.pad(pre, ((0, 0), (radius + 1, radius), (0, 0))), axis=1)
        pre = (c[:, k:, :] - c[:, :-k, :]) / k
        ca = np.cumsum(np.pad(alpha, ((0, 0), (radius + 1, radius))), axis=1)
        alpha = (ca[:, k:] - ca[:, :-k]) / k
    safe = np.where(alpha > 1e-4, alpha, 1.0)
    out_rgb = np.clip(pre / safe[..., None], 0, 255).astype(np.uint8)
    out = pygame.Surface((w, h + 2 * pad), pygame.SRCALPHA)
    pygame.surfarray.blit_array(out, out_rgb)
    a = pygame.surfarray.pixels_alpha(out)
    a[...] = np.clip(alpha * 255.0, 0, 255).astype(np.uint8)
    del a
    return out


def soft_blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """A cheap, smooth blur: two box blurs of half the radius (≈ a tent kernel).

    Several times faster than `gaussian_blur` and indistinguishable on glows, which keeps the
    one-off preparation of a game's art short.
    """
    r = max(1, radius // 2)
    return pygame.transform.box_blur(pygame.transform.box_blur(surf, r), r)


def _glow_rect(
    size: tuple[int, int], color: tuple[int, int, int], border: int, width: int = 6
) -> pygame.Surface:
    """A soft glowing frame of `size` (drawn, then blurred), for anticipation and win cells."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    inset = border + 4
    pygame.draw.rect(
        surf, (*color, 255), (inset, inset, w - 2 * inset, h - 2 * inset), width=width, border_radius=14
    )
    surf = soft_blur(surf, border // 2 or 1)
    if width > 6:  # a strong glow: blur a second copy into the first for a denser core
        core = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(
            core,
            (*color, 255),
            (inset, inset, w - 2 * inset, h - 2 * inset),
            width=width // 2,
            border_radius=14,
        )
        surf.blit(soft_blur(core, 3), (0, 0))
    pygame.draw.rect(
        surf,
        (*[min(255, c + 60) for c in color], 255),
        (inset, inset, w - 2 * inset, h - 2 * inset),
        width=2,
        border_radius=14,
    )
    return surf


def _alpha_steps(surf: pygame.Surface, steps: int, lo: float = 0.35) -> list[pygame.Surface]:
    """`steps` copies of `surf` faded from `lo` to full opacity (animating without set_alpha)."""
    out = []
    for i in range(steps):
        a = lo + (1.0 - lo) * i / max(1, steps - 1)
        s = surf.copy()
        s.fill((255, 255, 255, int(255 * a)), special_flags=pygame.BLEND_RGBA_MULT)
        out.append(s)
    return out


class SymbolArt:
    """Every surface the reels blit, prepared once per game: sharp, blurred, pulse-scaled.

    `images` maps symbol id → 160×160 image. `wild_cover` is the 160×480 wild-reel art (or None
    for games without wild reels); `wild_tag` a small "WILD" marker for transformed symbols.
    """

    def __init__(
        self,
        images: dict[str, pygame.Surface],
        wild_cover: pygame.Surface | None = None,
        wild_tag: pygame.Surface | None = None,
        cache: Cache | None = None,
    ) -> None:
        """`cache(key, build)` keeps the blurred copies between scenes (the asset store's
        `derived`); keys are prefixed with "reel-art" and the symbol id."""

        def keep(key: tuple, build) -> pygame.Surface:
            return cache(("reel-art", *key), build) if cache is not None else build()

        self.sharp = dict(images)
        self.blur_light = {
            k: keep((k, id(v), BLUR_LIGHT), lambda v=v: vertical_blur(v, BLUR_LIGHT))
            for k, v in images.items()
        }
        self.blur_heavy = {
            k: keep((k, id(v), BLUR_HEAVY), lambda v=v: vertical_blur(v, BLUR_HEAVY))
            for k, v in images.items()
        }
        # pulse steps for winning symbols: scaled once here, never per frame
        self.pulse: dict[str, list[pygame.Surface]] = {}
        for k, v in images.items():
            steps = [v]
            for s in PULSE_STEPS[1:]:
                size = round(SYMBOL * s)
                steps.append(pygame.transform.smoothscale(v, (size, size)))
            self.pulse[k] = steps
        self.wild_cover = wild_cover
        self.wild_tag = wild_tag
        self.cover_glow: list[pygame.Surface] = []
        if wild_cover is not None:
            cw, ch = wild_cover.get_size()
            self.cover_glow = _alpha_steps(
                _glow_rect((cw + 40, ch + 40), (120, 255, 220), 18), GLOW_STEPS, lo=0.25
            )
        self.anticipation_glow = _alpha_steps(
            _glow_rect((CELL_W + 44, WINDOW.height + 44), (255, 180, 50), 22, width=14),
            GLOW_STEPS,
            lo=0.55,
        )
        wash = pygame.Surface((CELL_W, WINDOW.height), pygame.SRCALPHA)
        wash.fill((255, 170, 40, 70))
        self.anticipation_wash = _alpha_steps(wash, GLOW_STEPS, lo=0.3)
        self.cell_glow = _alpha_steps(
            _glow_rect((CELL_W + 28, CELL_H + 28), (255, 226, 120), 14), GLOW_STEPS, lo=0.45
        )
        dim = pygame.Surface((CELL_W, CELL_H), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        self.dim_cell = dim

    def convert(self) -> None:
        """Convert every surface for fast blits (call once a display mode exists)."""
        if pygame.display.get_surface() is None:
            return
        for table in (self.sharp, self.blur_light, self.blur_heavy):
            for k in table:
                table[k] = table[k].convert_alpha()
        for k, steps in self.pulse.items():
            self.pulse[k] = [s.convert_alpha() for s in steps]


# -- one reel's motion ---------------------------------------------------------------------------
class _Reel:
    """The motion of one reel through one spin (analytic in the spin clock `time`)."""

    __slots__ = (
        "bounce_time",
        "brake_pos",
        "covered",
        "decel_at",
        "decel_time",
        "index",
        "land_from",
        "landed",
        "length",
        "phase",
        "pos",
        "prev_cells",
        "prev_top",
        "rest",
        "shift",
        "start_at",
        "start_pos",
        "stop_at",
        "stop_dist",
        "target",
        "target_stop",
        "velocity",
    )

    def __init__(self, index: int, length: int, stop: int) -> None:
        self.index = index
        self.length = length
        self.pos = float(stop)
        self.rest = stop  # the stop shown at rest
        self.phase = "rest"  # rest | spin | decel | bounce
        self.start_at = 0.0
        self.start_pos = float(stop)
        self.stop_at = math.inf
        self.stop_dist = 0.0
        self.target = float(stop)  # unwrapped landing index, known once decelerating
        self.target_stop = stop
        self.land_from = 0.0  # the overshoot point
        self.brake_pos = 0.0  # where braking begins
        self.decel_at = math.inf  # when braking begins (planned at full speed)
        self.shift = 0  # strip index of unwrapped index i is (i + shift) % length
        self.decel_time = 0.0
        self.bounce_time = 0.0
        self.velocity = 0.0
        self.landed = True
        self.covered = False
        self.prev_top = stop  # the rows shown before this spin, scrolling out as it starts
        self.prev_cells: list[str] = []


def _spinup(t: SpinTiming, tau: float) -> tuple[float, float]:
    """Offset (symbols, + = upwards) and velocity of a reel `tau` s after its spin began."""
    if tau <= 0:
        return 0.0, 0.0
    a, tw, ta, v = t.windup_dist, t.windup_time, t.accel_time, t.speed
    if tau < tw:
        return a * (1 - math.cos(math.pi * tau / tw)) / 2, a * math.pi / (2 * tw) * math.sin(
            math.pi * tau / tw
        )
    tau -= tw
    if tau < ta:
        return a - v * tau * tau / (2 * ta), -v * tau / ta
    return a - v * ta / 2 - v * (tau - ta), -v


class ReelView:
    """Five (or the game's number of) reels of the definition's strips in the reel window."""

    def __init__(self, definition: GameDefinition, art: SymbolArt, window: pygame.Rect = WINDOW) -> None:
        self.definition = definition
        self.art = art
        self.window = pygame.Rect(window)
        self.rows = definition.rows
        self.reel_set = "base"
        self.strips: list[list[str]] = definition.reel_sets["base"]
        self.grid: list[list[str]] = []
        self.timing = NORMAL
        self.time = 0.0  # the current spin's clock, advanced only by update(dt)
        self.anticipation_reels: tuple[int, ...] = ()
        self._anticipating: int | None = None
        self._event: SpinEvent | None = None
        self._slammed = False
        self.cover: frozenset[int] = frozenset()  # 0-based reels under the wild-reel art
        self.wild_marked: frozenset[str] = frozenset()  # symbols drawn with a WILD tag
        self.wild_id = next(iter(definition.symbols_of_kind("wild")), None)
        feature = definition.feature
        self._trigger = (
            (feature.trigger_symbol, feature.trigger_min) if isinstance(feature, StonesFeature) else None
        )
        self.reels = [_Reel(i, len(s), 0) for i, s in enumerate(self.strips)]
        # composed columns of reels at rest over a backdrop (see `draw`): a cache, a pure
        # function of its key, which holds the backdrop itself (so its id cannot be reused)
        self._columns: dict[tuple, pygame.Surface] = {}
        self.show("base", self.resting_stops("base"))

    # -- set-up ----------------------------------------------------------------------------------
    def resting_stops(self, reel_set: str) -> list[int]:
        """A calm first screen (no scatter or wild in view): the first such stop of each strip.

        A fixed choice from the data, not a draw: no outcome is implied by it.
        """
        special = set(self.definition.symbols_of_kind("scatter")) | set(
            self.definition.symbols_of_kind("wild")
        )
        out = []
        for strip in self.definition.reel_sets[reel_set]:
            n = len(strip)
            stop = next(
                (s for s in range(n) if not any(strip[(s + r) % n] in special for r in range(self.rows))), 0
            )
            out.append(stop)
        return out

    def show(
        self,
        reel_set: str,
        stops: Sequence[int],
        grid: Sequence[Sequence[str]] | None = None,
        cover: Sequence[int] = (),
    ) -> None:
        """Put the reels at rest on `stops` at once (start-up, resumed rounds, replays)."""
        self.reel_set = reel_set
        self.strips = self.definition.reel_sets[reel_set]
        self.reels = [_Reel(i, len(s), int(stops[i]) % len(s)) for i, s in enumerate(self.strips)]
        self.grid = (
            [list(col) for col in grid]
            if grid is not None
            else [[s[(stops[i] + r) % len(s)] for r in range(self.rows)] for i, s in enumerate(self.strips)]
        )
        self.set_cover(cover)
        self._event = None
        self._anticipating = None
        self.anticipation_reels = ()

    def set_cover(self, wild_reels: Sequence[int]) -> None:
        """Cover these 1-based reels with the wild-reel art (sticky in free spins)."""
        self.cover = frozenset(r - 1 for r in wild_reels)
        for reel in self.reels:
            reel.covered = reel.index in self.cover

    def set_wild_symbols(self, symbols: Sequence[str]) -> None:
        """Mark these symbols (other than the wild itself) with a WILD tag while at rest."""
        self.wild_marked = frozenset(s for s in symbols if s != self.wild_id)

    # -- a spin ------------------------------------------------------------------------------------
    def spin(self, event: SpinEvent, timing: SpinTiming = NORMAL) -> None:
        """Start animating `event`: the reels will come to rest exactly on `event.stops`."""
        strips = self.definition.reel_sets[event.reel_set]
        if len(event.stops) != len(strips):
            raise ValueError("the event's stops do not match the reel set")
        self.timing = timing
        self.time = 0.0
        self._event = event
        self._slammed = False
        self._anticipating = None
        shown = self.strip_window() if self.reels else []
        old = [r.rest for r in self.reels]
        if event.reel_set != self.reel_set:
            # a different strip set (base ↔ free): carry the visual position over by index
            self.reel_set = event.reel_set
            self.strips = strips
        self.grid = [list(col) for col in event.grid]
        self.set_cover(event.wild_reels)
        self.reels = []
        for i, strip in enumerate(strips):
            n = len(strip)
            stop = int(event.stops[i]) % n
            rest = old[i] if i < len(old) else 0
            reel = _Reel(i, n, rest)
            reel.prev_top = rest
            reel.prev_cells = shown[i] if i < len(shown) else []
            reel.target_stop = stop
            reel.covered = i in self.cover
            self.reels.append(reel)
            for row in range(self.rows):
                if not reel.covered and strip[(stop + row) % n] != event.grid[i][row]:
                    log.error(
                        "reel %d row %d: strip shows %s but the grid holds %s",
                        i + 1,
                        row,
                        strip[(stop + row) % n],
                        event.grid[i][row],
                    )
        self.anticipation_reels = self._plan_anticipation(event)
        t = timing
        stop_at = t.first_stop
        for i, reel in enumerate(self.reels):
            if i > 0:
                stop_at += t.stagger
            if i in self.anticipation_reels:
                stop_at += t.anticipation
            reel.start_at = i * t.start_stagger
            reel.start_pos = reel.pos
            reel.stop_at = max(stop_at, reel.start_at)
            reel.stop_dist = t.stop_dist
            reel.landed = False
            reel.phase = "spin"
            if reel.covered:
                # a sticky wild reel does not move: it is at its stop under the cover at once
                reel.phase, reel.landed = "rest", True
                reel.pos = float(reel.target_stop)
                reel.rest = reel.target_stop
                reel.target = float(reel.target_stop)

    def _plan_anticipation(self, event: SpinEvent) -> tuple[int, ...]:
        """0-based reels that spin longer: scatters so far are exactly one short of a trigger."""
        if self._trigger is None or event.mode != "base":
            return ()
        symbol, need = self._trigger
        out = []
        seen = 0
        for i in range(len(event.grid)):
            if i > 0 and seen == need - 1 and symbol in self.strips[i] and i not in self.cover:
                out.append(i)
            seen += sum(1 for s in event.grid[i] if s == symbol)
        return tuple(out)

    def slam(self) -> None:
        """Stop every reel that is not already stopping, quickly, on the same stops."""
        if not self.spinning or self._slammed:
            return
        self._slammed = True
        order = 0
        for reel in self.reels:
            if reel.phase == "spin" and reel.decel_at == math.inf:
                reel.stop_at = max(self.time, reel.start_at) + order * self.timing.slam_stagger
                reel.stop_dist = min(reel.stop_dist, self.timing.slam_stop_dist)
                order += 1
        self.anticipation_reels = tuple(i for i in self.anticipation_reels if self.reels[i].phase != "spin")

    @property
    def spinning(self) -> bool:
        return any(not r.landed or r.phase != "rest" for r in self.reels)

    @property
    def anticipating(self) -> int | None:
        """The reel currently spinning long with the anticipation glow, if any."""
        return self._anticipating

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> tuple[ReelSignal, ...]:
        """Advance the spin by `dt` seconds; return what happened (landings, anticipation)."""
        if self._event is None or not self.spinning:
            return ()
        self.time += dt
        now = self.time
        t = self.timing
        signals: list[ReelSignal] = []
        for reel in self.reels:
            if reel.phase == "spin":
                if reel.decel_at == math.inf and now >= self._brake_time(reel):
                    self._plan_landing(reel)
                if now >= reel.decel_at:
                    reel.phase = "decel"
                else:
                    off, vel = _spinup(t, now - reel.start_at)
                    reel.pos = reel.start_pos + off
                    reel.velocity = vel
            if reel.phase == "decel":
                u = (now - reel.decel_at) / reel.decel_time if reel.decel_time > 0 else 1.0
                if u < 1.0:
                    k = 1 - (1 - u) ** 3
                    reel.pos = reel.brake_pos + (reel.land_from - reel.brake_pos) * k
                    reel.velocity = -t.speed * (1 - u) ** 2
                else:
                    reel.pos = reel.land_from
                    reel.velocity = 0.0
                    reel.phase = "bounce"
                    reel.landed = True
                    signals.append(ReelSignal("land", reel.index, self._scatters_on(reel.index)))
            if reel.phase == "bounce":
                u = (
                    (now - reel.decel_at - reel.decel_time) / reel.bounce_time
                    if reel.bounce_time > 0
                    else 1.0
                )
                if u < 1.0:
                    reel.pos = (
                        reel.land_from + (reel.target - reel.land_from) * (1 - math.cos(math.pi * u)) / 2
                    )
                else:
                    # exactly the stop, wrapped: the same symbols as the unwrapped landing index
                    reel.pos = float(reel.target_stop)
                    reel.rest = reel.target_stop
                    reel.shift = 0
                    reel.phase = "rest"
        # anticipation: the first anticipating reel still moving once every reel before it landed
        ant = None
        for i in self.anticipation_reels:
            reel = self.reels[i]
            if not reel.landed and all(r.landed for r in self.reels[:i]):
                ant = i
                break
        if ant is not None and ant != self._anticipating:
            signals.append(ReelSignal("anticipation", ant))
        self._anticipating = ant
        if not self.spinning:
            self._anticipating = None
            signals.append(ReelSignal("done"))
        return tuple(signals)

    def _brake_time(self, reel: _Reel) -> float:
        """When the reel may begin braking: its scheduled stop, but never before full speed."""
        t = self.timing
        return max(reel.stop_at, reel.start_at + t.windup_time + t.accel_time)

    def _plan_landing(self, reel: _Reel) -> None:
        """Plan the landing onto the stop, taken while the reel runs at full (blurred) speed.

        Braking always covers exactly `stop_dist` symbols (+ the overshoot), so every reel
        brakes alike and the stagger alone orders the landings. The landing index must show
        the stop: the strip is re-phased here (`shift`), once, while the reel is a blur; the
        symbols that then scroll in and land are the strip's real run down to the stop.
        """
        t = self.timing
        at = self._brake_time(reel)
        off, _ = _spinup(t, at - reel.start_at)
        p_at = reel.start_pos + off
        b = t.bounce_dist
        land = math.floor(p_at - reel.stop_dist + b)  # unwrapped landing index (top row)
        brake_pos = land + reel.stop_dist - b
        reel.shift = (reel.target_stop - land) % reel.length
        reel.target = float(land)
        reel.land_from = land - b
        reel.brake_pos = brake_pos
        # at full speed the reel reaches brake_pos a moment after `at`
        reel.decel_at = at + max(0.0, p_at - brake_pos) / t.speed
        # ease-out cubic starts at 3x its mean speed: matching that to the spin speed keeps
        # the motion continuous as the reel begins to brake
        reel.decel_time = 3.0 * (brake_pos - reel.land_from) / t.speed
        reel.bounce_time = t.bounce_time if b > 0 else 0.0

    def _scatters_on(self, reel: int) -> int:
        if self._trigger is None:
            symbols = set(self.definition.symbols_of_kind("scatter"))
        else:
            symbols = {self._trigger[0]}
        return sum(1 for s in self.grid[reel] if s in symbols)

    def finish_now(self) -> None:
        """Jump every reel to its resting stop (e.g. when a scene leaves mid-spin)."""
        if self._event is None:
            return
        for reel in self.reels:
            reel.pos = float(reel.target_stop)
            reel.rest = reel.target_stop
            reel.shift = 0
            reel.phase, reel.landed = "rest", True
        self._anticipating = None

    # -- what is shown -------------------------------------------------------------------------
    def symbol_at(self, reel: int, index: int) -> str:
        """The symbol drawn at unwrapped strip index `index` of `reel`.

        At rest and while landing, the landing rows come from the grid; while leaving, the rows
        that were on screen keep what was shown (even across a reel-set change); everything
        else is the strip itself.
        """
        r = self.reels[reel]
        if r.phase == "rest":
            row = (index - r.rest) % r.length
            if row < self.rows:
                return self.grid[reel][row]
        elif r.phase != "spin":
            row = index - round(r.target)
            if 0 <= row < self.rows:
                return self.grid[reel][row]
        else:
            row = index - r.prev_top
            if 0 <= row < self.rows and r.prev_cells:
                return r.prev_cells[row]
        strip = self.strips[reel]
        return strip[(index + r.shift) % len(strip)]

    def visible_cells(self) -> list[list[str]]:
        """What the window shows at rest, `[reel][row]`: covered reels show the wild."""
        out = []
        for i, reel in enumerate(self.reels):
            if reel.covered and self.wild_id is not None:
                out.append([self.wild_id] * self.rows)
                continue
            top = math.floor(reel.pos + 1e-9)
            out.append([self.symbol_at(i, top + row) for row in range(self.rows)])
        return out

    def strip_window(self) -> list[list[str]]:
        """The symbols under the window at rest, ignoring covers (what scrolls out next spin)."""
        out = []
        for i, reel in enumerate(self.reels):
            top = math.floor(reel.pos + 1e-9)
            out.append([self.symbol_at(i, top + row) for row in range(self.rows)])
        return out

    def strip_cells(self) -> list[list[str]]:
        """The cells read from the strips alone at each reel's resting position (R6 tests)."""
        return [
            [strip[(reel.rest + row) % len(strip)] for row in range(self.rows)]
            for reel, strip in zip(self.reels, self.strips, strict=True)
        ]

    def cell_rect(self, reel: int, row: int) -> pygame.Rect:
        return pygame.Rect(self.window.x + reel * CELL_W, self.window.y + row * CELL_H, CELL_W, CELL_H)

    def cell_center(self, reel: int, row: int) -> tuple[int, int]:
        return (self.window.x + reel * CELL_W + CELL_W // 2, self.window.y + row * CELL_H + CELL_H // 2)

    # -- drawing -------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        clock: float = 0.0,
        emphasis: frozenset[tuple[int, int]] | None = None,
        pulse: int = 0,
        cell_frame: pygame.Surface | None = None,
        backdrop: pygame.Surface | None = None,
    ) -> None:
        """Blit the reels into the window. `emphasis`: winning cells drawn bright and pulsing
        (step `pulse`) inside `cell_frame` (default: a gold glow), the others dimmed; `clock`
        animates glows. Changes no state.

        `backdrop`, when given, is the opaque surface under the window (same coordinates); the
        view then paints the whole window itself, backdrop included, so the caller need not blit
        the backdrop there. A reel at rest is blitted as one opaque column composed once over it
        (the same blits in the same order, so the same pixels), not symbol by symbol."""
        art = self.art
        win = self.window
        old_clip = surface.get_clip()
        surface.set_clip(win)
        pad = (CELL_W - SYMBOL) // 2
        rows = self.rows
        glow_i = int((math.sin(clock * 5.0) * 0.5 + 0.5) * (GLOW_STEPS - 1) + 0.5)
        composed: set[int] = set()  # reels blitted as a cached column (their dims included)
        if backdrop is not None:
            cached = [
                not (r.covered and art.wild_cover is not None)
                and r.phase == "rest"
                and r.pos == math.floor(r.pos)
                for r in self.reels
            ]
            if not all(cached) or len(self.reels) * CELL_W != win.w:
                surface.blit(backdrop, win, win)  # the window's own backdrop, under everything
        for i, reel in enumerate(self.reels):
            x = win.x + i * CELL_W + pad
            if reel.covered and art.wild_cover is not None:
                continue
            if backdrop is not None and reel.phase == "rest" and reel.pos == math.floor(reel.pos):
                surface.blit(self._column(backdrop, i, emphasis), (win.x + i * CELL_W, win.y))
                composed.add(i)
                continue
            speed = abs(reel.velocity) if reel.phase in ("spin", "decel") else 0.0
            if speed > 0.55 * self.timing.speed:
                table, blur = art.blur_heavy, BLUR_HEAVY
            elif speed > 3.0:
                table, blur = art.blur_light, BLUR_LIGHT
            else:
                table, blur = art.sharp, 0
            top = math.floor(reel.pos)
            frac = reel.pos - top
            at_rest = reel.phase == "rest"
            tagged = reel.landed and art.wild_tag is not None and bool(self.wild_marked)
            for k in range(rows + 1):
                idx = top + k
                y = win.y + round((k - frac) * CELL_H)
                sym = self.symbol_at(i, idx) if not at_rest or k < rows else None
                if sym is None:
                    continue
                if at_rest and emphasis is not None and (i, k) in emphasis:
                    continue  # drawn on top below, scaled
                surface.blit(table[sym], (x, y - blur))
                if tagged and sym in self.wild_marked:
                    tag = art.wild_tag
                    surface.blit(
                        tag, (x + (SYMBOL - tag.get_width()) // 2, y + SYMBOL - tag.get_height() - 4)
                    )
        if emphasis is not None:
            for i, reel in enumerate(self.reels):
                if reel.phase != "rest" or (reel.covered and art.wild_cover is not None):
                    continue
                if i in composed:
                    continue
                for row in range(rows):
                    if (i, row) not in emphasis:
                        surface.blit(art.dim_cell, (win.x + i * CELL_W, win.y + row * CELL_H))
        self._draw_covers(surface, glow_i, emphasis)
        if emphasis is not None:
            g = cell_frame if cell_frame is not None else art.cell_glow[glow_i]
            for i, row in emphasis:
                if i >= len(self.reels) or self.reels[i].phase != "rest":
                    continue
                if self.reels[i].covered and art.wild_cover is not None:
                    continue
                cx, cy = self.cell_center(i, row)
                surface.blit(g, g.get_rect(center=(cx, cy)))
                sym = self.grid[i][row]
                img = art.pulse[sym][pulse % len(PULSE_STEPS)]
                surface.blit(img, img.get_rect(center=(cx, cy)))
                if sym in self.wild_marked and art.wild_tag is not None:
                    tag = art.wild_tag
                    surface.blit(tag, tag.get_rect(midbottom=(cx, cy + SYMBOL // 2 - 4)))
        if self._anticipating is not None:
            surface.blit(art.anticipation_wash[glow_i], (win.x + self._anticipating * CELL_W, win.y))
        surface.set_clip(old_clip)
        if self._anticipating is not None:
            g = art.anticipation_glow[glow_i]
            cx = win.x + self._anticipating * CELL_W + CELL_W // 2
            surface.blit(g, g.get_rect(center=(cx, win.centery)))

    def _column(
        self, backdrop: pygame.Surface, i: int, emphasis: frozenset[tuple[int, int]] | None
    ) -> pygame.Surface:
        """Reel `i` at rest over `backdrop`, as `draw` would blit it symbol by symbol: the sharp
        symbols (not the emphasised ones), their WILD tags, then the dims of the other cells."""
        art = self.art
        top = math.floor(self.reels[i].pos)
        syms = tuple(self.symbol_at(i, top + k) for k in range(self.rows))
        tagged = self.reels[i].landed and art.wild_tag is not None and bool(self.wild_marked)
        tags = tuple(tagged and sym in self.wild_marked for sym in syms)
        lit = None if emphasis is None else tuple(k for k in range(self.rows) if (i, k) in emphasis)
        key = (backdrop, i, syms, tags, lit)
        col = self._columns.get(key)
        if col is not None:
            return col
        rect = pygame.Rect(self.window.x + i * CELL_W, self.window.y, CELL_W, self.window.height)
        col = backdrop.subsurface(rect.clip(backdrop.get_rect())).copy()
        pad = (CELL_W - SYMBOL) // 2
        for k, sym in enumerate(syms):
            if lit is not None and k in lit:
                continue
            col.blit(art.sharp[sym], (pad, k * CELL_H))
            if tags[k]:
                tag = art.wild_tag
                col.blit(
                    tag, (pad + (SYMBOL - tag.get_width()) // 2, k * CELL_H + SYMBOL - tag.get_height() - 4)
                )
        if lit is not None:
            for k in range(self.rows):
                if k not in lit:
                    col.blit(art.dim_cell, (0, k * CELL_H))
        if len(self._columns) >= COLUMN_CACHE:
            del self._columns[next(iter(self._columns))]  # the oldest
        self._columns[key] = col
        return col

    def _draw_covers(
        self, surface: pygame.Surface, glow_i: int, emphasis: frozenset[tuple[int, int]] | None
    ) -> None:
        art = self.art
        if art.wild_cover is None:
            return
        for i in sorted(self.cover):
            cx = self.window.x + i * CELL_W + CELL_W // 2
            rect = art.wild_cover.get_rect(center=(cx, self.window.centery))
            if art.cover_glow:
                g = art.cover_glow[glow_i]
                surface.blit(g, g.get_rect(center=rect.center))
            surface.blit(art.wild_cover, rect)
