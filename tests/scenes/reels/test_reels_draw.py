"""The reels scene's frame, drawn with its caches (resting reels as composed columns, the HUD
band composed over the backdrop, the static backdrop blitted only around them), is the same
pixels as the plain layer-by-layer drawing, frame after frame through spins, wins and the win
meter."""

from __future__ import annotations

import pygame
import pytest

from game.rng import SeedSource
from scenes.core.canvas import Canvas
from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.reels.scene import ReelsScene

DT = 1 / 60


def plain_draw(scene: ReelsScene, surface: pygame.Surface) -> None:
    """Every layer in full, without any composed cache."""
    surface.blit(scene.stage.backdrop, (0, 0))
    if scene.stage.trigger_cells is not None:
        scene.view.draw(surface, scene.stage.clock, scene.stage.trigger_cells, scene.presenter.pulse)
    else:
        scene.view.draw(
            surface,
            scene.stage.clock,
            scene.presenter.emphasis,
            scene.presenter.pulse,
            scene.presenter.cell_frame,
        )
    idle = not scene.driver.active
    hover = scene.hover_line if idle and scene.hover_line is not None else None
    scene.presenter.draw_lines(surface, hover)
    scene.presenter.draw_markers(surface, scene.bet.lines, hover)
    scene.hud.draw(surface)
    if scene.overlay is not None:
        scene.stage.draw_banner(surface)


def frame(draw, scene, display) -> bytes:
    display.fill((255, 0, 255))  # anything left unpainted would show
    draw(scene, display)
    return pygame.image.tobytes(display.surf, "RGB")


@pytest.mark.slow
def test_cached_frames_equal_plain_frames_through_rounds(ctx, display):
    ctx.options.seed = 6
    ctx.seeds = SeedSource(6)
    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    stack.update(DT)
    checked = 0
    for n in range(3):
        stack.handle(Intent(Act.SPIN))
        for i in range(600):
            if stack.top is not scene:
                break
            stack.update(DT)
            if i % 7 == 0:
                assert frame(ReelsScene.draw, scene, display) == frame(plain_draw, scene, display), (n, i)
                checked += 1
            if not scene.driver.active and not scene.hud.counting and i > 60:
                break
    assert frame(ReelsScene.draw, scene, display) == frame(plain_draw, scene, display)
    assert checked > 30


@pytest.mark.slow
def test_line_markers_follow_lines_played_hover_and_wins(ctx, display):
    """The markers' blit lists are kept per look: each look draws as the plain per-badge blits."""
    scene = ReelsScene(ctx, "stones")
    p = scene.presenter

    def plain(lines_played, hover):
        surface = Canvas.new((1280, 720), 1.0, alpha=False)
        lit = p.lit_lines()
        for i in range(1, len(p.marker_rects) + 1):
            state = "lit" if (i in lit or i == hover) else ("on" if i <= lines_played else "off")
            for r in p.marker_rects[i - 1]:
                surface.blit(p._badges[(i, state)], r)
        return pygame.image.tobytes(surface.surf, "RGB")

    def cached(lines_played, hover):
        surface = Canvas.new((1280, 720), 1.0, alpha=False)
        p.draw_markers(surface, lines_played, hover)
        return pygame.image.tobytes(surface.surf, "RGB")

    seen = set()
    for lines_played, hover in ((25, None), (10, None), (10, 3), (10, 17), (1, None), (25, None)):
        shown = cached(lines_played, hover)
        assert shown == plain(lines_played, hover)
        seen.add(shown)
    assert len(seen) == 5  # each new look drew differently
