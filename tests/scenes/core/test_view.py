"""The window and the logical screen: any size fills it (bars only for the aspect), the mouse maps
back exactly, a new size is applied once settled and redraws the prepared art at its density."""

from __future__ import annotations

import time

import pygame
import pytest

from scenes.app.app import App
from scenes.core.intents import Act
from scenes.core.view import LOGICAL_SIZE, MIN_WINDOW, SETTLE_S, Viewport

DT = 1 / 60


@pytest.mark.parametrize(
    ("window", "density", "content"),
    [
        ((1280, 720), 1.0, (0, 0, 1280, 720)),
        ((1920, 1080), 1.5, (0, 0, 1920, 1080)),
        ((2560, 1440), 2.0, (0, 0, 2560, 1440)),
        ((1600, 900), 1.25, (0, 0, 1600, 900)),
        ((1000, 700), 0.78125, (0, 69, 1000, 562)),  # wider than 16:9 is not: bars top and bottom
        ((1600, 720), 1.0, (160, 0, 1280, 720)),  # wider: bars left and right
        (MIN_WINDOW, 0.5, (0, 0, 640, 360)),
    ],
)
def test_the_logical_screen_fills_the_window_keeping_its_aspect(window, density, content):
    v = Viewport(window)
    assert v.density == pytest.approx(density)
    assert tuple(v.content) == content
    c = v.content
    # bars only where the aspect differs: one pair of sides touches the window
    assert (c.w == window[0]) or (c.h == window[1])


@pytest.mark.parametrize("window", [(1000, 700), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)])
def test_the_mouse_maps_to_logical_px_at_every_size(window):
    v = Viewport(window)
    c, k = v.content, v.density
    for lx, ly in ((0, 0), (640, 360), (1279, 719), (1190, 646)):  # 1190, 646: the SPIN button
        px = (c.x + (lx + 0.5) * k, c.y + (ly + 0.5) * k)
        assert v.to_logical(px) == (lx, ly)


def test_a_resize_is_applied_once_settled_and_rebuilds_the_art(ctx, display):
    from scenes.reels.scene import ReelsScene

    app = App(ctx, display, time.perf_counter())
    scene = ReelsScene(ctx, "stones")
    app.stack.push(scene)
    app.step(DT)
    assert app.view.density == 1.0 and ctx.assets.density == 1.0
    old_static = scene.stage.backdrop
    app.window_resized((1920, 1080))
    app.step(DT)
    assert ctx.assets.density == 1.0  # not yet: a drag sends many sizes
    pygame.display.set_mode((1920, 1080))  # what SDL does to the window meanwhile
    for _ in range(round(SETTLE_S / DT) + 2):
        app.step(DT)
    assert app.view.window == (1920, 1080) and ctx.assets.density == 1.5
    assert app.root.surf.get_size() == (1920, 1080) and app.root.get_size() == LOGICAL_SIZE
    assert scene.stage.backdrop is not old_static and scene.stage.backdrop.k == 1.5
    assert scene.view.art.sharp["wild"].k == 1.5
    # the mouse now maps through the new viewport
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(960, 540))
    intent = ctx.mapper.map(ev)
    assert intent.act is Act.POINTER_DOWN and intent.pos == (640, 360)


def test_the_window_size_flag():
    import main

    p = main.build_parser()
    assert p.parse_args(["--window", "1920x1080"]).window == (1920, 1080)
    assert p.parse_args([]).window is None
    for bad in ("1920", "640x300", "axb"):
        with pytest.raises(SystemExit):
            p.parse_args(["--window", bad])


def test_the_app_opens_at_the_size_asked_and_draws_at_its_density(tmp_path, monkeypatch):
    """`main.py --window 1920x1080` (here headless): the first frame is drawn at 1.5 px per px."""
    import main
    from scenes.app import app as app_module

    seen = {}
    real = app_module.App.step

    def step(self, dt):
        real(self, dt)
        seen["window"], seen["density"] = self.screen.get_size(), self.ctx.assets.density

    monkeypatch.setattr(app_module.App, "step", step)
    monkeypatch.setenv("REELHOUSE_WINDOW", "1920x1080")
    assert main.main(["--game", "stones", "--frames", "2", "--data-dir", str(tmp_path)]) == 0
    assert seen == {"window": (1920, 1080), "density": 1.5}


@pytest.mark.parametrize("window", [(1000, 700), (800, 600), (1600, 720)])
def test_the_bars_fill_with_the_screens_edges_darkened_not_black(window):
    """BarFill: each bar shows the screen's own edge, mirrored and darker away from the screen;
    the screen itself is left as it was."""
    from scenes.core.view import BarFill

    screen = pygame.Surface(window)
    screen.fill((0, 0, 0))
    content = Viewport(window).content
    screen.fill((200, 160, 90), content)
    before = pygame.image.tobytes(screen.subsurface(content), "RGB")
    BarFill().draw(screen, content)
    assert pygame.image.tobytes(screen.subsurface(content), "RGB") == before
    if content.top > 0:
        near, far = screen.get_at((window[0] // 2, content.top - 1)), screen.get_at((window[0] // 2, 0))
        near_b, far_b = (
            screen.get_at((window[0] // 2, content.bottom)),
            screen.get_at((window[0] // 2, window[1] - 1)),
        )
    else:
        near, far = screen.get_at((content.left - 1, window[1] // 2)), screen.get_at((0, window[1] // 2))
        near_b, far_b = (
            screen.get_at((content.right, window[1] // 2)),
            screen.get_at((window[0] - 1, window[1] // 2)),
        )
    for n, f in ((near, far), (near_b, far_b)):
        assert n.r > f.r > 0  # not black; darker towards the window's edge
        assert n.r < 200  # darker than the screen's edge


def test_no_bars_nothing_drawn():
    from scenes.core.view import BarFill

    screen = pygame.Surface((1280, 720))
    screen.fill((10, 20, 30))
    BarFill().draw(screen, Viewport((1280, 720)).content)
    assert screen.get_at((0, 0))[:3] == (10, 20, 30)
