"""Back on the reels after the battle: the winner's colour sweeps across the reel window from left
to right, and each landed scatter turns into the winner's as the front passes it (a glow bursts
from it). The timing is `clash.reel_turn_at` / `clash.reel_front`, on the sweep's own clock.

`ReelSweep` is a stage decor (`Stage.decor`): `update(dt)` advances its clock and turns the cells
the front has reached (through `turn`, which sets the reels' grid: the outcome is the battle
event's winner, nothing is drawn here that the event did not decide); `draw` changes nothing. With
reduced motion everything turns at once and no band moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from scenes.core.canvas import Canvas
from scenes.games.warlords import clash
from scenes.games.warlords.look import Warlord, glow
from scenes.reels.symbol_art import CELL_H, CELL_W, sparse

if TYPE_CHECKING:
    from scenes.core.assets import AssetStore
    from scenes.reels.stage import Stage

Cell = tuple[int, int]
BAND_W = 150  # logical px across the colour's band
FADE_STEPS = 8  # the turned scatter's glow fades out in these many looks (each made once)


def _band(colour: tuple[int, int, int], height: int, density: float) -> Canvas:
    """A soft vertical band of `colour`, strongest in its middle, `height` logical px tall."""
    small = pygame.Surface((32, 1), pygame.SRCALPHA)
    for x in range(32):
        u = 1.0 - abs(x - 15.5) / 16.0
        small.set_at((x, 0), (*colour, round(150 * u * u)))
    big = Canvas.resampled(small, (BAND_W, height), density)
    return big.convert_alpha() if pygame.display.get_surface() is not None else big


def _faded_glow(assets: AssetStore, colour: tuple[int, int, int], step: int) -> Canvas:
    """The bright cell glow (`look.glow`) at `step` / FADE_STEPS of its opacity: a copy, made once.

    The glow itself is shared (the re-spins' held scatters are framed in it), so it is never
    faded in place: `set_alpha` on it and `set_alpha(None)` after would leave it without its
    per-pixel alpha, an opaque box whose clear middle is black."""
    size = (CELL_W + 24, CELL_H + 24)
    if step >= FADE_STEPS:
        return glow(assets, colour, size, True)

    def build() -> Canvas:
        faded = glow(assets, colour, size, True).copy()
        faded.fill((255, 255, 255, round(255 * step / FADE_STEPS)), special_flags=pygame.BLEND_RGBA_MULT)
        return sparse(faded)  # only ever blitted: kept as the runs that show

    return assets.derived(("warlords-glow-faded", colour, size, step), build)


@dataclass
class ReelSweep:
    """The winner's colour crossing the reels (see the module docstring)."""

    warlord: Warlord
    cells: list[Cell]  # the landed scatters, (reel, row)
    reels: int
    turn: Callable[[Cell], None]
    duration: float = clash.REEL_SWEEP  # already scaled by the player's speed
    reduced: bool = False
    t: float = 0.0
    turned: dict[Cell, float] = field(default_factory=dict)  # cell -> when it turned

    def __post_init__(self) -> None:
        self._turn_due()

    def due(self, cell: Cell) -> float:
        return 0.0 if self.reduced else clash.reel_turn_at(cell[0], self.reels, self.duration)

    @property
    def over(self) -> bool:
        """Every scatter turned and its glow gone."""
        return len(self.turned) == len(self.cells) and self.t >= self.duration + clash.REEL_GLOW

    def _turn_due(self) -> None:
        for cell in self.cells:
            if cell not in self.turned and self.t >= self.due(cell):
                self.turned[cell] = self.t
                self.turn(cell)

    def update(self, dt: float) -> None:
        self.t += dt
        self._turn_due()

    def draw(self, surface: Canvas, stage: Stage) -> None:
        view = stage.view
        window = view.cell_rect(0, 0).union(view.cell_rect(self.reels - 1, view.rows - 1))
        a = stage.assets
        if not self.reduced and self.t < self.duration:
            band = a.derived(
                ("warlords-sweep-band", self.warlord.colour, window.h),
                lambda: _band(self.warlord.colour, window.h, a.density),
            )
            x = window.left + round(clash.reel_front(self.t, self.reels, self.duration) * CELL_W)
            surface.set_clip(window)
            surface.blit(band, band.get_rect(midtop=(x, window.top)))
            surface.set_clip(None)
        for cell, when in self.turned.items():
            age = self.t - when
            if 0 <= age < clash.REEL_GLOW and not self.reduced:
                step = math.ceil(FADE_STEPS * (1.0 - age / clash.REEL_GLOW))
                frame = _faded_glow(a, self.warlord.colour, step)
                surface.blit(frame, frame.get_rect(center=view.cell_center(*cell)))
