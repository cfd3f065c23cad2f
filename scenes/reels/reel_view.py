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
  reel that can still show one spins longer with a glow (`anticipation_reels`);
- held cells (`SpinEvent.held`: re-spin holds, sticky wilds): they stay put, framed in teal,
  while the rest of their reel spins behind them (a reel held in every row does not move);
- overlay wilds (`SpinEvent.overlay`): the reels land on the strip's symbols under those cells,
  then `lay_overlay()` lays the wild on each in turn, in the spin's `overlay_style`;
- cascades (`cascade(CascadeEvent)`): the removed cells burst, the rest fall, new symbols drop
  in (`scenes.reels.reel_effects`), onto the event's grid.

Positions are in symbol units along a strip. A reel's `pos` is the (unwrapped, fractional) strip
index shown in the top row; the symbol at unwrapped index i is drawn at
y = window.top + (i − pos) × cell height. Reels spin downwards, so `pos` decreases while spinning.
The motion is an analytic function of the spin's own clock (advanced only by `update(dt)`), so a
large dt (turbo, a slow frame) lands exactly where small ones would.

Everything drawn inside the window uses the strip's real symbols, so the blur and scroll are
continuous with what lands; the landing rows are taken from the event's grid (which equals the
strip at the stops outside held and overlay cells; a mismatch is logged, and the grid wins so
the screen never contradicts the stored outcome). At rest, when every effect is over, the window
shows exactly the event's grid (`visible_cells`); between landing and the overlay, the strip's
windows at the stops.

Drawing is `scenes.reels.reel_paint` (a mixin): a reel at rest over the opaque backdrop is one
column composed once.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence

import pygame

from game.definitions import GameDefinition
from game.events import CascadeEvent, SpinEvent
from scenes.core.canvas import Canvas
from scenes.reels.motion import NORMAL, QUICK, TURBO, Reel, ReelSignal, SpinTiming, spinup
from scenes.reels.reel_effects import CascadeFall, OverlayLaying
from scenes.reels.reel_paint import ReelPainter
from scenes.reels.symbol_art import (
    CELL_H,
    CELL_W,
    SYMBOL,
    WINDOW,
    SymbolArt,
    soft_blur,
)

log = logging.getLogger(__name__)

Cell = tuple[int, int]


class ReelView(ReelPainter):
    """Five (or the game's number of) reels of the definition's strips in the reel window."""

    def __init__(
        self,
        definition: GameDefinition,
        art: SymbolArt,
        window: pygame.Rect = WINDOW,
        trigger: tuple[str, int] | None = None,
    ) -> None:
        """`trigger` (symbol, count) from the game's presentation: landing `count` of `symbol` in
        the main game wins its feature (the reels anticipate the last one and count it as it
        lands); None counts every scatter symbol and never anticipates."""
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
        self._trigger = trigger
        self.held: frozenset[Cell] = frozenset()  # cells that did not spin (framed while shown)
        self.overlay: tuple[Cell, ...] = ()  # this spin's overlay cells
        self.overlay_style: str | None = None
        self._under: dict[Cell, str] = {}  # the strip's symbol under each overlay cell
        self._pending: set[Cell] = set()  # overlay cells whose wild is not laid yet
        self._laying: OverlayLaying | None = None
        self._cascade: CascadeFall | None = None
        # how a spin's overlay wilds are laid: the game's look (its presentation's overlay_effect;
        # None: the plain laying)
        self.make_overlay: Callable[[list[Cell], str | None, float], OverlayLaying | None] = OverlayLaying
        self.reels = [Reel(i, len(s), 0) for i, s in enumerate(self.strips)]
        # composed columns of reels at rest over a backdrop (see `draw`): a cache, a pure
        # function of its key, which holds the backdrop itself (so its id cannot be reused)
        self._columns: dict[tuple, Canvas] = {}
        self.show("base", self.resting_stops("base"))

    # -- set-up ----------------------------------------------------------------------------------
    def set_art(self, art: SymbolArt) -> None:
        """Use `art` from now on (the same symbols at another density): the composed columns,
        built from the old art, are dropped."""
        self.art = art
        self._columns.clear()

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
        self.reels = [Reel(i, len(s), int(stops[i]) % len(s)) for i, s in enumerate(self.strips)]
        self.grid = (
            [list(col) for col in grid]
            if grid is not None
            else [[s[(stops[i] + r) % len(s)] for r in range(self.rows)] for i, s in enumerate(self.strips)]
        )
        self.set_cover(cover)
        self._event = None
        self._anticipating = None
        self.anticipation_reels = ()
        self._clear_cells()

    def _clear_cells(self) -> None:
        self.held, self.overlay, self.overlay_style = frozenset(), (), None
        self._under, self._pending = {}, set()
        self._laying = self._cascade = None

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
        self._clear_cells()
        self.held = frozenset((c[0], c[1]) for c in event.held)
        self.overlay = tuple((c[0], c[1]) for c in event.overlay)
        self.overlay_style = event.overlay_style
        self._under = {
            (r, row): strips[r][(event.stops[r] + row) % len(strips[r])] for r, row in self.overlay
        }
        self._pending = set(self.overlay)
        fixed = set(self.held) | set(self.overlay)  # cells that need not show the strip's window
        self.reels = []
        for i, strip in enumerate(strips):
            n = len(strip)
            stop = int(event.stops[i]) % n
            rest = old[i] if i < len(old) else 0
            reel = Reel(i, n, rest)
            reel.prev_top = rest
            reel.prev_cells = shown[i] if i < len(shown) else []
            reel.target_stop = stop
            reel.covered = i in self.cover
            self.reels.append(reel)
            for row in range(self.rows):
                if (i, row) in fixed:
                    continue
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
            if reel.covered or all((i, row) in self.held for row in range(self.rows)):
                # a sticky wild reel, or one whose every cell is held, does not move: it is at
                # its stop (under the cover, or showing what it holds) at once
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
        """Stop every reel that is not already stopping, quickly, on the same stops; a wild
        being laid or a cascade falling ends at once (`update` reports it)."""
        for effect in (self._laying, self._cascade):
            if effect is not None:
                effect.finish()
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
    def busy(self) -> bool:
        """Spinning, laying wilds or cascading: `update` reports "done" when it is over."""
        return self.spinning or self._laying is not None or self._cascade is not None

    @property
    def overlay_pending(self) -> bool:
        """The reels landed under overlay cells whose wilds are not laid yet."""
        return bool(self._pending)

    # -- what happens on reels at rest -------------------------------------------------------------
    def lay_overlay(self, timing: SpinTiming | None = None) -> bool:
        """Lay the wild on each overlay cell of the last spin, in order (False: none to lay).
        The cells show the strip's symbols under them until their wild lands."""
        if not self._pending:
            return False
        cells = [c for c in self.overlay if c in self._pending]
        scale = (timing or self.timing).effects
        laying = self.make_overlay(cells, self.overlay_style, scale)
        self._laying = laying if laying is not None else OverlayLaying(cells, self.overlay_style, scale)
        return True

    def cascade(self, event: CascadeEvent, timing: SpinTiming | None = None) -> None:
        """Burst `event.removed`, let the rest fall and new symbols drop in onto `event.grid`."""
        self.finish_now()
        before = self.visible_cells()
        self._clear_cells()
        self._cascade = CascadeFall(before, event.removed, event.grid, (timing or self.timing).effects)
        self.grid = [list(col) for col in event.grid]

    def _effects(self, dt: float) -> list[ReelSignal]:
        signals: list[ReelSignal] = []
        laying = self._laying
        if laying is not None:
            for reel, _row in laying.update(dt):
                self._pending.discard((reel, _row))
                signals.append(ReelSignal("stamp", reel))
            if laying.done:
                self._laying = None
                signals.append(ReelSignal("done"))
        cascade = self._cascade
        if cascade is not None:
            burst, landed = cascade.update(dt)
            if burst:
                signals.append(ReelSignal("burst"))
            signals += [ReelSignal("land", reel, self._scatters_on(reel)) for reel in landed]
            if cascade.done:
                self._cascade = None
                signals.append(ReelSignal("done"))
        return signals

    @property
    def anticipating(self) -> int | None:
        """The reel currently spinning long with the anticipation glow, if any."""
        return self._anticipating

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> tuple[ReelSignal, ...]:
        """Advance the spin (or the wilds being laid, the cascade) by `dt` seconds; return what
        happened (landings, anticipation, stamps, bursts, done)."""
        if self._laying is not None or self._cascade is not None:
            return tuple(self._effects(dt))
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
                    off, vel = spinup(t, now - reel.start_at)
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

    def _brake_time(self, reel: Reel) -> float:
        """When the reel may begin braking: its scheduled stop, but never before full speed."""
        t = self.timing
        return max(reel.stop_at, reel.start_at + t.windup_time + t.accel_time)

    def _plan_landing(self, reel: Reel) -> None:
        """Plan the landing onto the stop, taken while the reel runs at full (blurred) speed.

        Braking always covers exactly `stop_dist` symbols (+ the overshoot), so every reel
        brakes alike and the stagger alone orders the landings. The landing index must show
        the stop: the strip is re-phased here (`shift`), once, while the reel is a blur; the
        symbols that then scroll in and land are the strip's real run down to the stop.
        """
        t = self.timing
        at = self._brake_time(reel)
        off, _ = spinup(t, at - reel.start_at)
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
        """Jump every reel to its resting stop, every wild laid and every cascade fallen (e.g.
        when a scene leaves mid-spin)."""
        self._pending.clear()
        self._laying = self._cascade = None
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
                return self._landed_cell(reel, row)
        elif r.phase != "spin":
            row = index - round(r.target)
            if 0 <= row < self.rows:
                return self._landed_cell(reel, row)
        else:
            row = index - r.prev_top
            if 0 <= row < self.rows and r.prev_cells:
                return r.prev_cells[row]
        strip = self.strips[reel]
        return strip[(index + r.shift) % len(strip)]

    def _landed_cell(self, reel: int, row: int) -> str:
        """The grid's symbol, or the strip's under an overlay cell whose wild is not laid yet."""
        if (reel, row) in self._pending:
            return self._under[(reel, row)]
        return self.grid[reel][row]

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


__all__ = [
    "CELL_H",
    "CELL_W",
    "NORMAL",
    "QUICK",
    "SYMBOL",
    "TURBO",
    "WINDOW",
    "ReelSignal",
    "ReelView",
    "SpinTiming",
    "SymbolArt",
    "soft_blur",
]
