"""Fades: a black veil that a scene advances in `update` and paints last in `draw`.

The veil is a black canvas made once for the density of the canvas it is drawn on (a cache, not
state: a new window density makes a new one); `draw` sets its alpha from the progress and blits.
"""

from __future__ import annotations

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
        self._veil: Canvas | None = None  # black, at the density of the canvas drawn on

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
        if self._veil is None or self._veil.k != surface.k:
            self._veil = Canvas.new(self.size, surface.k, alpha=False)
        self._veil.set_alpha(self._alpha())
        surface.blit(self._veil, (0, 0))
