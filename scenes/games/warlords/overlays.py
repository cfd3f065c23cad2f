"""Warlords' Random Overlay Wild as it strikes the landed reels, one look per weapon.

Each is an `OverlayLaying` (`scenes.reels.reel_effects`): it lays the wild on the spin's overlay
cells (the event's `overlay`, nothing decided here) and ends with every wild in place, the weapon
staying a moment (`LINGER`) where it struck before the wins are shown.

- hammer: the Barbarian's hammer swings down onto the middle of its 2×2 square and smashes it:
  the four cells flash, their wilds land together and a shock ring spreads;
- arrow: one of the Priestess's arrows flies in from the left edge to each cell in turn, and its
  wild appears where it strikes;
- sword: the Samurai's blade slashes down each reel that holds overlay cells, reel after reel,
  the wilds appearing in its wake;
- sticky (Samurai free spins): a new red scatter flares and turns into a sticky wild.

The weapons' art is `overlay_hammer`, `overlay_arrow` and `overlay_sword` (`SymbolArt.extras`).
Rotated and scaled copies are made once and kept; nothing is scaled per frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from scenes.reels.reel_effects import OverlayLaying
from scenes.reels.symbol_art import CELL_H, CELL_W, GLOW_STEPS, SYMBOL, SymbolArt

Cell = tuple[int, int]

HAMMER_TIME = 0.9  # s the hammer takes to come down (the wilds land on impact)
ARROW_TIME = 0.38  # s one arrow flies
ARROW_STAGGER = 0.16
SWORD_TIME = 0.34  # s the blade takes down one reel
SWORD_STAGGER = 0.2
STICKY_TIME = 0.5
LINGER = 0.4  # s the weapon stays where it struck, its wilds laid, before the wins

_turned: dict[tuple[int, int, int], pygame.Surface] = {}


def turned(image: pygame.Surface, angle: int, scale10: int = 10) -> pygame.Surface:
    """`image` rotated by `angle` degrees (a multiple of 5) at scale `scale10` / 10, made once."""
    key = (id(image), angle, scale10)
    found = _turned.get(key)
    if found is None:
        found = pygame.transform.rotozoom(image, angle, scale10 / 10)
        _turned[key] = found
        if len(_turned) > 256:
            _turned.pop(next(iter(_turned)))
    return found


def _ease_in(u: float) -> float:
    return u * u * u


def _cell_centre(window: pygame.Rect, cell: Cell) -> tuple[int, int]:
    reel, row = cell
    return window.x + reel * CELL_W + CELL_W // 2, window.y + row * CELL_H + CELL_H // 2


class WeaponOverlay(OverlayLaying):
    """A Warlords overlay: the weapon of `style` striking, then the wilds in place."""

    def __init__(self, cells: Sequence[Cell], style: str | None, scale: float) -> None:
        super().__init__(cells, style, scale)
        if self.style == "sword":  # reel after reel, each top to bottom
            self.cells.sort()
        self._reels = sorted({reel for reel, _ in self.cells})

    def _start(self, i: int) -> float:
        s = self.scale
        if self.style == "hammer":
            return 0.0
        if self.style == "arrow":
            return i * ARROW_STAGGER * s
        if self.style == "sword":
            reel, row = self.cells[i]
            return (self._reels.index(reel) * SWORD_STAGGER + row / 3 * SWORD_TIME * 0.6) * s
        return i * 0.12 * s

    @property
    def _duration(self) -> float:
        times = {"hammer": HAMMER_TIME, "arrow": ARROW_TIME, "sword": SWORD_TIME * 0.4}
        return times.get(self.style, STICKY_TIME) * self.scale

    @property
    def _end(self) -> float:
        """When the last wild lands, plus the moment the weapon stays where it struck."""
        last = max((self._start(i) for i in range(len(self.cells))), default=0.0)
        return last + self._duration + LINGER * self.scale

    @property
    def done(self) -> bool:
        return len(self.laid) == len(self.cells) and self.t >= self._end

    def finish(self) -> None:
        self.t = max(self.t, self._end)

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, art: SymbolArt, window: pygame.Rect, wild: str) -> None:
        if self.style == "hammer":
            self._draw_hammer(surface, art, window)
        elif self.style == "arrow":
            self._draw_arrows(surface, art, window)
        elif self.style == "sword":
            self._draw_sword(surface, art, window)
        else:
            self._draw_sticky(surface, art, window, wild)

    def _draw_hammer(self, surface: pygame.Surface, art: SymbolArt, window: pygame.Rect) -> None:
        if not self.cells or self._duration <= 0:
            return
        xs = [_cell_centre(window, c) for c in self.cells]
        cx = sum(x for x, _ in xs) // len(xs)
        cy = sum(y for _, y in xs) // len(xs)
        if self.t >= self._end - 0.05 * self.scale:
            return
        u = min(1.0, self.t / self._duration)
        # the hammer swings down from above onto the square's centre
        k = _ease_in(u)
        angle = round((60 - 100 * k) / 5) * 5
        x = cx - round((1 - k) * 140)
        y = cy - 20 - round((1 - k) * 220)
        img = turned(art.extras["overlay_hammer"], angle, 15)
        surface.blit(img, img.get_rect(center=(x, y)))
        if u >= 1.0:  # the smash: a shock ring spreading from the square
            after = min(1.0, (self.t - self._duration) / max(LINGER * self.scale, 1e-6))
            width = max(1, round(10 * (1 - after)))
            pygame.draw.circle(surface, (255, 246, 210), (cx, cy), round(60 + 160 * after), width)
        if u > 0.85:
            flash = art.cell_glow[min(GLOW_STEPS - 1, int((u - 0.85) / 0.15 * GLOW_STEPS))]
            for p in xs:
                surface.blit(flash, flash.get_rect(center=p))

    def _draw_arrows(self, surface: pygame.Surface, art: SymbolArt, window: pygame.Rect) -> None:
        arrow = art.extras["overlay_arrow"]
        flying = self.in_flight()
        if self.t < self._end - 0.05 * self.scale:  # the arrows stay where they struck a moment
            stuck = turned(arrow, -45, 9)
            for cell in self.laid:
                tx, ty = _cell_centre(window, cell)
                surface.blit(stuck, stuck.get_rect(center=(tx - 30, ty - 30)))
        for cell, u in flying:
            tx, ty = _cell_centre(window, cell)
            sx, sy = window.x - SYMBOL, ty - 90
            k = 1 - (1 - u) ** 2
            x = sx + (tx - sx) * k
            y = sy + (ty - sy) * k
            heading = math.degrees(math.atan2(-(ty - sy), tx - sx))  # screen y runs down
            img = turned(arrow, round((heading - 45) / 5) * 5, 9)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if u > 0.75:
                glow = art.cell_glow[min(GLOW_STEPS - 1, int((u - 0.75) / 0.25 * GLOW_STEPS))]
                surface.blit(glow, glow.get_rect(center=(tx, ty)))

    def _draw_sword(self, surface: pygame.Surface, art: SymbolArt, window: pygame.Rect) -> None:
        sword = art.extras["overlay_sword"]
        s = self.scale
        span = SWORD_TIME * s
        if span <= 0:
            return
        for n, reel in enumerate(self._reels):
            u = (self.t - n * SWORD_STAGGER * s) / span
            if not 0.0 <= u < 1.0:
                continue
            x = window.x + reel * CELL_W + CELL_W // 2
            tip = window.y + round(min(u, 1.0) * window.h)
            if u < 1.0:  # the slash down the reel, the blade at its tip
                pygame.draw.line(surface, (255, 110, 80), (x, window.y), (x, tip), 11)
                pygame.draw.line(surface, (255, 240, 210), (x, window.y), (x, tip), 3)
                img = turned(sword, -135, 12)
                surface.blit(img, img.get_rect(center=(x + 18, tip - 30)))

    def _draw_sticky(self, surface: pygame.Surface, art: SymbolArt, window: pygame.Rect, wild: str) -> None:
        for cell, u in self.in_flight():
            c = _cell_centre(window, cell)
            img = art.stamp(wild, 1.0 + 0.5 * (1 - u))
            surface.blit(img, img.get_rect(center=c))
            glow = art.cell_glow[min(GLOW_STEPS - 1, int(u * GLOW_STEPS))]
            surface.blit(glow, glow.get_rect(center=c))
