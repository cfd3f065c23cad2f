"""What happens on reels at rest: wilds laid over landed cells, and cascades.

Both are animations of outcomes already in an event; both end exactly on the event's grid.

`OverlayLaying` lays a wild on each overlay cell in turn (`SpinEvent.overlay`), after the reels
landed on the strip windows under them. The look follows `overlay_style`: "arrow" flies in from
the left, "sword" falls from above, anything else ("hammer", a game's own style) stamps down
from a larger size; each ends with a flash on the cell.

`CascadeFall` plays a `CascadeEvent`: the removed cells burst, the symbols above them fall to
fill the gaps and the new ones drop in from above the window, reel after reel. Which symbol goes
where is read from the grids, not from a rule: in a reel, the cells that did not burst keep their
order and end at the bottom, and the new symbols are the event's grid above them. When the
event's grid does not read that way (a game with another fall), the whole reel drops in anew:
the reels still come to rest on the event's grid.

Times scale with `SpinTiming.effects` (0: the result at once).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scenes.core.canvas import Canvas
from scenes.reels.symbol_art import CELL_H, CELL_W, GLOW_STEPS, PULSE_STEPS, SYMBOL, SymbolArt

if TYPE_CHECKING:
    Cell = tuple[int, int]

log = logging.getLogger(__name__)

OVERLAY_STAGGER = 0.22  # s between two cells' wilds
OVERLAY_TIME = 0.42  # s one wild takes to land
BURST_TIME = 0.34  # s the winning cells take to burst
FALL_TIME = 0.42  # s a symbol takes to fall into place (any distance: heavier ones fall faster)
FALL_STAGGER = 0.06  # s between two reels starting to fall
BOUNCE = 0.07  # rows a fallen symbol bounces back up


def _ease_out(u: float) -> float:
    return 1 - (1 - u) ** 3


class OverlayLaying:
    """Wilds laid over `cells`, one after another; `laid` grows as each lands."""

    def __init__(self, cells: Sequence[Cell], style: str | None, scale: float) -> None:
        self.cells = [(c[0], c[1]) for c in cells]
        self.style = style or "stamp"
        self.scale = max(0.0, scale)
        self.t = 0.0
        self.laid: set[Cell] = set()

    def _start(self, i: int) -> float:
        return i * OVERLAY_STAGGER * self.scale

    @property
    def _duration(self) -> float:
        return OVERLAY_TIME * self.scale

    @property
    def done(self) -> bool:
        return len(self.laid) == len(self.cells)

    def update(self, dt: float) -> list[Cell]:
        """Advance; the cells whose wild has just landed, in order."""
        self.t += dt
        out = []
        for i, cell in enumerate(self.cells):
            if cell not in self.laid and self.t >= self._start(i) + self._duration:
                self.laid.add(cell)
                out.append(cell)
        return out

    def finish(self) -> None:
        """Land every wild now (SPIN, or leaving); `update` then reports them."""
        self.t = max(self.t, self._start(len(self.cells)) + self._duration)

    def in_flight(self) -> list[tuple[Cell, float]]:
        """(cell, progress 0..1) of the wilds on their way."""
        out = []
        for i, cell in enumerate(self.cells):
            if cell in self.laid:
                continue
            u = (self.t - self._start(i)) / self._duration if self._duration > 0 else 1.0
            if 0.0 <= u < 1.0:
                out.append((cell, u))
        return out

    def draw(self, surface: Canvas, art: SymbolArt, window: pygame.Rect, wild: str) -> None:
        pad = (CELL_W - SYMBOL) // 2
        for (reel, row), u in self.in_flight():
            x, y = window.x + reel * CELL_W + pad, window.y + row * CELL_H
            k = _ease_out(u)
            if self.style == "arrow":
                x -= round((1 - k) * (x - window.x + SYMBOL))
                img = art.sharp[wild]
            elif self.style == "sword":
                y -= round((1 - k) * (y - window.y + SYMBOL))
                img = art.sharp[wild]
            else:  # a stamp: from large down onto the cell
                img = art.stamp(wild, 1.0 + 0.7 * (1 - k))
            surface.blit(img, img.get_rect(center=(x + SYMBOL // 2, y + SYMBOL // 2)))
            if u > 0.7:  # the flash as it lands
                glow = art.cell_glow[min(GLOW_STEPS - 1, int((u - 0.7) / 0.3 * GLOW_STEPS))]
                surface.blit(glow, glow.get_rect(center=(x + SYMBOL // 2, y + SYMBOL // 2)))


@dataclass(frozen=True, slots=True)
class Fall:
    """One symbol of a cascade moving from row `src` (negative: above the window) to `dst`."""

    symbol: str
    src: float
    dst: int


class CascadeFall:
    """The burst of the removed cells, then the fall of each reel they were in."""

    def __init__(
        self,
        before: Sequence[Sequence[str]],
        removed: Sequence[Cell],
        after: Sequence[Sequence[str]],
        scale: float,
    ) -> None:
        rows = len(after[0]) if after else 0
        self.scale = max(0.0, scale)
        self.t = 0.0
        gone: dict[int, set[int]] = {}
        for reel, row in removed:
            gone.setdefault(reel, set()).add(row)
        self.bursts: list[tuple[Cell, str]] = []
        self.falls: dict[int, list[Fall]] = {}
        for reel in sorted(gone):
            rows_gone = gone[reel]
            kept = [row for row in range(rows) if row not in rows_gone]
            k = len(rows_gone)
            survivors = [before[reel][row] for row in kept]
            if list(after[reel][k:]) == survivors:
                self.bursts += [((reel, row), before[reel][row]) for row in sorted(rows_gone)]
                falls = [
                    Fall(sym, src, k + i) for i, (src, sym) in enumerate(zip(kept, survivors, strict=True))
                ]
                falls += [Fall(after[reel][j], j - k, j) for j in range(k)]
            else:
                log.error("cascade: reel %d does not read as a fall; it drops in anew", reel + 1)
                self.bursts += [((reel, row), before[reel][row]) for row in range(rows)]
                falls = [Fall(after[reel][j], j - rows, j) for j in range(rows)]
            self.falls[reel] = falls
        self.order = {reel: i for i, reel in enumerate(sorted(self.falls))}
        self.landed: set[int] = set()
        self.burst_reported = False

    @property
    def reels(self) -> frozenset[int]:
        """The reels that move."""
        return frozenset(self.falls)

    def _fall_start(self, reel: int) -> float:
        return (BURST_TIME + self.order[reel] * FALL_STAGGER) * self.scale

    @property
    def _fall_time(self) -> float:
        return FALL_TIME * self.scale

    @property
    def bursting(self) -> bool:
        return self.t < BURST_TIME * self.scale

    @property
    def done(self) -> bool:
        return len(self.landed) == len(self.falls)

    def update(self, dt: float) -> tuple[bool, list[int]]:
        """Advance; (the burst began now, the reels whose symbols have just settled)."""
        self.t += dt
        burst = not self.burst_reported
        self.burst_reported = True
        out = []
        for reel in sorted(self.falls):
            if reel not in self.landed and self.t >= self._fall_start(reel) + self._fall_time:
                self.landed.add(reel)
                out.append(reel)
        return burst, out

    def finish(self) -> None:
        self.t = max(self.t, max((self._fall_start(r) for r in self.falls), default=0.0) + self._fall_time)

    def row_of(self, reel: int, fall: Fall) -> float:
        """Where `fall` is now, in rows from the top of the window."""
        if self._fall_time <= 0:
            return float(fall.dst)
        u = (self.t - self._fall_start(reel)) / self._fall_time
        if u <= 0:
            return fall.src
        if u >= 1:
            return float(fall.dst)
        if u < 0.8:  # gravity: slow at first, fast as it arrives
            k = (u / 0.8) ** 2
            return fall.src + (fall.dst - fall.src) * k
        return fall.dst - BOUNCE * math.sin((u - 0.8) / 0.2 * math.pi)

    def draw_reel(
        self, surface: Canvas, art: SymbolArt, window: pygame.Rect, reel: int, clock: float
    ) -> None:
        """Reel `reel` as it is now (the window's backdrop is already under it)."""
        pad = (CELL_W - SYMBOL) // 2
        x = window.x + reel * CELL_W + pad
        if self.bursting:
            u = self.t / (BURST_TIME * self.scale)
            gone = {cell for cell, _ in self.bursts if cell[0] == reel}
            for fall in self.falls[reel]:
                if fall.src >= 0:  # a survivor, still in its place
                    surface.blit(art.sharp[fall.symbol], (x, window.y + round(fall.src * CELL_H)))
            step = min(len(PULSE_STEPS) - 1, int(u * len(PULSE_STEPS)))
            for (r, row), sym in self.bursts:
                if (r, row) not in gone:
                    continue
                cx, cy = x + SYMBOL // 2, window.y + row * CELL_H + SYMBOL // 2
                img = art.pulse[sym][step]
                surface.blit(img, img.get_rect(center=(cx, cy)))
                glow = art.cell_glow[min(GLOW_STEPS - 1, int(u * GLOW_STEPS))]
                surface.blit(glow, glow.get_rect(center=(cx, cy)))
            return
        for fall in self.falls[reel]:
            y = window.y + round(self.row_of(reel, fall) * CELL_H)
            if y > window.y - CELL_H:
                surface.blit(art.sharp[fall.symbol], (x, y))
