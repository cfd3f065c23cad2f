"""The window and the logical screen in it: size, density, letterbox, mouse mapping.

Scenes lay out a logical screen of 1280×720 px. The window may have any size: the logical
screen is scaled to fill it, keeping its aspect, and centred; only the aspect difference is left
as bars (`Viewport`). The scale is the density: the physical pixels per logical pixel, 1.5 in a
1920×1080 window. Scenes draw on a Canvas at that density (`scenes.core.canvas`), so nothing is
enlarged after drawing: text, symbols and frames are rendered for the window's real pixels.

A window smaller than MIN_WINDOW is refused by the window manager (SDL's minimum size); a change
of size is applied once it has settled (`SETTLE_S`), since rebuilding every cached picture at a
new density costs more than a frame and a drag sends a resize per pointer move.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

LOGICAL_SIZE = (1280, 720)
MIN_WINDOW = (640, 360)
SETTLE_S = 0.2


@dataclass(frozen=True)
class Viewport:
    """Where the logical screen sits in a window of `window` physical px."""

    window: tuple[int, int]

    @property
    def density(self) -> float:
        w, h = self.window
        return min(w / LOGICAL_SIZE[0], h / LOGICAL_SIZE[1])

    @property
    def content(self) -> pygame.Rect:
        """The physical rect the logical screen fills (the rest is bars)."""
        k = self.density
        w, h = self.window
        cw, ch = min(w, round(LOGICAL_SIZE[0] * k)), min(h, round(LOGICAL_SIZE[1] * k))
        return pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window point (physical px) → the logical point under it (may lie outside the screen)."""
        c = self.content
        k = self.density
        return int((pos[0] - c.x) / k), int((pos[1] - c.y) / k)
