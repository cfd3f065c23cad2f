"""Fades: a black veil that a scene advances in `update` and paints last in `draw`.

The veil surface is built once; its alpha is set in `update`, so `draw` only blits.
"""

from __future__ import annotations

import pygame


class Fade:
    """Fade from black (`direction="in"`) or to black (`"out"`) over `seconds`."""

    def __init__(self, seconds: float = 0.4, direction: str = "in", size: tuple[int, int] = (1280, 720)):
        if direction not in ("in", "out"):
            raise ValueError(direction)
        self.seconds = max(1e-6, seconds)
        self.direction = direction
        self.t = 0.0
        self._veil = pygame.Surface(size)
        self._veil.fill((0, 0, 0))
        self._apply()

    @property
    def done(self) -> bool:
        return self.t >= self.seconds

    @property
    def progress(self) -> float:
        return min(1.0, self.t / self.seconds)

    def _apply(self) -> None:
        k = self.progress
        alpha = (1.0 - k) if self.direction == "in" else k
        self._veil.set_alpha(int(255 * alpha))

    def update(self, dt: float) -> None:
        if not self.done:
            self.t += dt
            self._apply()

    def draw(self, surface: pygame.Surface) -> None:
        if self.direction == "in" and self.done:
            return
        surface.blit(self._veil, (0, 0))
