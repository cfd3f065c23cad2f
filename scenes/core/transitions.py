"""Fades: a black veil that a scene advances in `update` and paints last in `draw`.

The veil darkens what is drawn by multiplying every pixel by (1 - alpha) in one fill pass, the
same picture as blitting a black sheet at that alpha at half the cost (a full-screen alpha blit is
the dearest thing a 1920×1080 frame can do).
"""

from __future__ import annotations

import pygame

from scenes.core.canvas import Canvas


class Fade:
    """Fade from black (`direction="in"`) or to black (`"out"`) over `seconds`."""

    def __init__(self, seconds: float = 0.4, direction: str = "in", size: tuple[int, int] = (1280, 720)):
        if direction not in ("in", "out"):
            raise ValueError(direction)
        self.seconds = max(1e-6, seconds)
        self.direction = direction
        self.t = 0.0
        self.size = size

    def _alpha(self) -> int:
        k = self.progress
        return int(255 * ((1.0 - k) if self.direction == "in" else k))

    @property
    def done(self) -> bool:
        return self.t >= self.seconds

    @property
    def progress(self) -> float:
        return min(1.0, self.t / self.seconds)

    def update(self, dt: float) -> None:
        if not self.done:
            self.t += dt

    def draw(self, surface: Canvas) -> None:
        if self.direction == "in" and self.done:
            return
        keep = 255 - self._alpha()
        if keep >= 255:
            return
        surface.fill((keep, keep, keep), pygame.Rect((0, 0), self.size), pygame.BLEND_RGB_MULT)
