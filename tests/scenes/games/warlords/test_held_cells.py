"""The re-spins' held scatters show their symbol in every frame: a Warlords round with a battle
and re-spins is played through the real reels scene, and every frame drawn while the scatters
are held is checked cell by cell (the middle of each held cell must be about as bright as the
symbol's own art, never a black box inside its frame). The glow the sweep fades after the battle
is the same cached picture the held scatters are framed in: drawing the sweep must leave it as
it found it."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.rng import SeedSource
from scenes.core.canvas import Canvas
from scenes.core.stack import SceneStack
from scenes.games.warlords import clash
from scenes.games.warlords.decor import HeldScatters
from scenes.games.warlords.look import glow, warlords
from scenes.games.warlords.sweep import ReelSweep
from scenes.reels.scene import ReelsScene
from scenes.reels.symbol_art import CELL_H, CELL_W, SYMBOL
from tests.support.warlords_seeds import battle_session_seed

DT = 1 / 60
PROBE = 60  # logical px: the square in the middle of a cell that is measured
FLOOR = 0.35  # of the art's own brightness: a dimmed cell keeps ~0.4, a black box 0


def _luma(rgb: np.ndarray) -> float:
    return float((rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114).mean())


def _probe(pixels: np.ndarray, k: float, centre: tuple[int, int]) -> float:
    """The mean luminance of the PROBE square around `centre` (logical px) in `pixels`."""
    half = PROBE / 2
    x0, y0 = round((centre[0] - half) * k), round((centre[1] - half) * k)
    x1, y1 = round((centre[0] + half) * k), round((centre[1] + half) * k)
    return _luma(pixels[x0:x1, y0:y1].astype(np.float64))


def _art_luma(art: Canvas) -> float:
    """The luminance of the symbol's middle as drawn over black (its alpha applied)."""
    surf = art.surf
    k = art.k
    rgb = pygame.surfarray.array3d(surf).astype(np.float64)
    alpha = pygame.surfarray.array_alpha(surf).astype(np.float64)[..., None] / 255.0
    half = PROBE / 2
    c = SYMBOL / 2
    x0, x1 = round((c - half) * k), round((c + half) * k)
    return _luma((rgb * alpha)[x0:x1, x0:x1])


@pytest.mark.slow
def test_no_held_cell_is_a_black_box_in_any_frame_of_the_respins(ctx, display):
    seed = battle_session_seed(2)  # a battle, then the winner's re-spins
    ctx.options.seed = seed
    ctx.seeds = SeedSource(seed)
    stack = SceneStack()
    scene = ReelsScene(ctx, "warlords")
    stack.push(scene)
    stack.update(DT)
    assert scene.start_round()
    frames, looks, swept = 0, set(), False
    black: list[str] = []
    for n in range(60 * 400):
        stack.update(DT)
        stack.draw(display)
        decor = scene.stage.decor
        swept = swept or "sweep" in decor
        held = decor.get("held")
        covered = "final" in decor or "intro" in decor  # a plate over the reels: not the cells
        if isinstance(held, HeldScatters) and stack.top is scene and not covered:
            frames += 1
            looks.add(held.t * 5.0 % (2 * np.pi) < np.pi)  # the frame's two looks (decor.py)
            view = scene.view
            pixels = pygame.surfarray.pixels3d(display.surf)
            for cell in sorted(held.held):
                art = _art_luma(view.art.sharp[view.grid[cell[0]][cell[1]]])
                shown = _probe(pixels, display.k, view.cell_center(*cell))
                if shown < FLOOR * art:
                    black.append(f"frame {n} cell {cell}: {shown:.0f} against the art's {art:.0f}")
            del pixels  # the surface stays locked while a view of its pixels lives
        if not scene.driver.active and scene.player.waiting == "":
            break
    else:
        raise AssertionError("the round never ended")
    assert swept and frames > 60 and looks == {True, False}  # the sweep ran; both looks were seen
    assert not black, f"{len(black)} black held cells, first: {black[0]}"


def test_drawing_the_sweep_leaves_the_held_cells_glow_as_it_found_it(ctx, display):
    scene = ReelsScene(ctx, "warlords")
    stage = scene.stage
    warlord = next(iter(warlords(scene.defn).values()))
    size = (CELL_W + 24, CELL_H + 24)
    frame = glow(stage.assets, warlord.colour, size, True)
    before = (frame.get_flags() & pygame.SRCALPHA, frame.get_alpha())
    sweep = ReelSweep(warlord, [(0, 0), (2, 1)], 5, lambda cell: None)
    while sweep.t < sweep.duration + clash.REEL_GLOW:
        sweep.update(DT)
        sweep.draw(display, stage)
    assert glow(stage.assets, warlord.colour, size, True) is frame
    assert (frame.get_flags() & pygame.SRCALPHA, frame.get_alpha()) == before
    # blitted over a lit cell, its middle (transparent) leaves the cell as it was
    grey = Canvas.new(size, display.k, alpha=False)
    grey.fill((200, 200, 200))
    grey.blit(frame, (0, 0))
    assert grey.get_at((size[0] // 2, size[1] // 2))[:3] == (200, 200, 200)
