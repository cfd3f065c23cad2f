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


BAR_SOURCE = 0.12  # of the screen's height (width) mirrored into a bar above/below (beside) it
BAR_LIGHT = (0.42, 0.08)  # the light left in a bar: next to the screen, at the window's edge
BAR_BLUR = 12  # the mirrored edge is shrunk by this much and stretched back: soft


class BarFill:
    """The window's bars filled with the scene instead of black: the screen's own edge, mirrored
    and stretched over each bar, softened and darkened away from the screen (so a small or odd
    window shows the backdrop running out rather than black bands). Drawn after each frame over
    the bars only; the gradients are kept per bar size."""

    def __init__(self) -> None:
        self._shades: dict[tuple[int, int, str], pygame.Surface] = {}

    def draw(self, screen: pygame.Surface, content: pygame.Rect) -> None:
        w, h = screen.get_size()
        if content.w <= 0 or content.h <= 0:
            return
        if content.top > 0:
            self._bar(screen, content, pygame.Rect(0, 0, w, content.top), "top")
        if content.bottom < h:
            self._bar(screen, content, pygame.Rect(0, content.bottom, w, h - content.bottom), "bottom")
        if content.left > 0:
            self._bar(screen, content, pygame.Rect(0, 0, content.left, h), "left")
        if content.right < w:
            self._bar(screen, content, pygame.Rect(content.right, 0, w - content.right, h), "right")

    def _bar(self, screen: pygame.Surface, content: pygame.Rect, bar: pygame.Rect, side: str) -> None:
        across = side in ("top", "bottom")
        depth = max(1, round((content.h if across else content.w) * BAR_SOURCE))
        if side == "top":
            src = pygame.Rect(content.x, content.y, content.w, depth)
        elif side == "bottom":
            src = pygame.Rect(content.x, content.bottom - depth, content.w, depth)
        elif side == "left":
            src = pygame.Rect(content.x, content.y, depth, content.h)
        else:
            src = pygame.Rect(content.right - depth, content.y, depth, content.h)
        small = (max(1, src.w // BAR_BLUR), max(1, src.h // BAR_BLUR))
        edge = pygame.transform.smoothscale(screen.subsurface(src), small)
        edge = pygame.transform.flip(edge, not across, across)  # mirrored: the edge meets itself
        fill = pygame.transform.smoothscale(edge, bar.size)
        fill.blit(self._shade(bar.size, side), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        screen.blit(fill, bar)

    def _shade(self, size: tuple[int, int], side: str) -> pygame.Surface:
        """A grey ramp, light next to the screen and dark at the window's edge (multiplied in)."""
        key = (*size, side)
        shade = self._shades.get(key)
        if shade is None:
            across = side in ("top", "bottom")
            n = size[1] if across else size[0]
            near, far = BAR_LIGHT
            ramp = pygame.Surface((1, n) if across else (n, 1))
            for i in range(n):
                t = (i + 0.5) / n  # 0 at the window's edge … 1 next to the screen
                if side in ("bottom", "right"):
                    t = 1 - t
                v = round(255 * (far + (near - far) * t * t))
                ramp.set_at((0, i) if across else (i, 0), (v, v, v))
            shade = pygame.transform.scale(ramp, size)
            if len(self._shades) > 8:
                self._shades.clear()
            self._shades[key] = shade
        return shade
