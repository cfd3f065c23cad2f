"""Drawing in logical px at a density: placement, sizes, shapes, fonts, subsurfaces, marks."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.canvas import Canvas, TextRecorder, draw


@pytest.fixture(autouse=True)
def _pygame():
    pygame.font.init()
    yield


def test_geometry_is_logical_and_pixels_are_at_the_density():
    c = Canvas.new((1280, 720), 1.5, alpha=False)
    assert c.get_size() == (1280, 720) and c.get_rect() == pygame.Rect(0, 0, 1280, 720)
    assert c.surf.get_size() == (1920, 1080)
    # neighbouring logical rects share their physical edge (rounded edge by edge)
    a, b = c.phys_rect((0, 0, 101, 10)), c.phys_rect((101, 0, 101, 10))
    assert a.right == b.left and a.w + b.w == c.phys_rect((0, 0, 202, 10)).w


def test_blit_places_at_the_density_and_areas_are_logical():
    c = Canvas.new((100, 100), 1.5, alpha=False)
    red = Canvas.new((10, 10), 1.5, alpha=False)
    red.fill((255, 0, 0))
    c.blit(red, (20, 40))
    assert c.surf.get_at((30, 60))[:3] == (255, 0, 0)  # 20×1.5, 40×1.5
    assert c.surf.get_at((29, 60))[:3] == (0, 0, 0)
    assert c.get_at((25, 45))[:3] == (255, 0, 0)  # logical lookup
    c.fill((0, 0, 0))
    c.blit(red, (0, 0), area=(5, 0, 5, 10))  # the right half only
    assert c.get_at((2, 2))[:3] == (255, 0, 0) and c.get_at((7, 2))[:3] == (0, 0, 0)


def test_a_plain_surface_is_scaled_and_counted():
    Canvas.stats["scaled_blits"] = 0
    c = Canvas.new((100, 100), 2.0, alpha=False)
    plain = pygame.Surface((10, 10))
    plain.fill((0, 255, 0))
    c.blit(plain, (10, 10))
    assert c.get_at((19, 19))[:3] == (0, 255, 0)  # 10 logical px wide, at the density
    assert Canvas.stats["scaled_blits"] == 1
    same = Canvas.new((100, 100), 1.0, alpha=False)
    same.blit(plain, (0, 0))  # at 1 px per px a plain surface is simply a canvas's pixels
    assert Canvas.stats["scaled_blits"] == 1


def test_draw_mirrors_pygame_draw_in_logical_units():
    c = Canvas.new((100, 100), 1.5, alpha=False)
    r = draw.rect(c, (255, 255, 255), (10, 10, 20, 20), width=2)
    assert r.topleft == (10, 10)
    assert c.get_at((10, 20))[:3] == (255, 255, 255) and c.get_at((20, 20))[:3] == (0, 0, 0)
    draw.circle(c, (0, 0, 255), (70, 70), 10)
    assert c.get_at((70, 70))[:3] == (0, 0, 255) and c.get_at((70, 85))[:3] == (0, 0, 0)
    draw.line(c, (255, 0, 0), (0, 95), (100, 95), 1)
    assert c.get_at((50, 95))[:3] == (255, 0, 0)


def test_subsurface_shares_pixels_and_keeps_logical_units():
    c = Canvas.new((200, 100), 1.5, alpha=False)
    sub = c.subsurface((50, 20, 100, 50))
    assert sub.get_size() == (100, 50)
    sub.fill((9, 9, 9))
    assert c.get_at((50, 20))[:3] == (9, 9, 9) and c.get_at((49, 20))[:3] == (0, 0, 0)
    copy = sub.copy()
    assert copy.get_size() == (100, 50) and copy.k == 1.5


def test_scaled_font_metrics_are_logical_and_glyphs_at_the_density(assets):
    assets.set_density(2.0)
    f = assets.font("text", 20)
    text = f.render("Spin", True, (255, 255, 255))
    assert text.k == 2.0
    w, h = f.size("Spin")
    assert abs(text.get_width() - w) <= 1 and abs(text.get_height() - h) <= 1
    assert text.surf.get_height() == pytest.approx(2 * h, abs=2)
    assets.set_density(1.0)
    assert assets.font("text", 20).size("Spin")[0] == pytest.approx(w, abs=2)


def test_text_marks_follow_compositions_and_subsurfaces(assets):
    rec = TextRecorder()
    Canvas.recorder = rec
    try:
        assets.set_density(1.5)
        font = assets.font("text", 20)
        glyphs = font.render("GO", True, (255, 255, 255))
        layer = assets.canvas((200, 100))
        layer.blit(glyphs, (30, 40))
        sub_copy = layer.subsurface((20, 30, 100, 50)).copy()  # a composed box, cut out and kept
        screen = assets.canvas((400, 300), alpha=False)
        screen.blit(sub_copy, (100, 100))
        (mark,) = screen.own_marks()
        assert mark.text == "GO"
        # where the glyphs really are: 100 + (30 − 20) logical px, at 1.5 px per px
        x = round(100 * 1.5) + round(30 * 1.5) - round(20 * 1.5)
        y = round(100 * 1.5) + round(40 * 1.5) - round(30 * 1.5)
        assert (mark.x, mark.y) == (x, y)
        screen.blit(assets.canvas((400, 300), alpha=False), (0, 0))  # painted over: gone
        assert not screen.own_marks()
        assert rec.rendered == ["GO"]
    finally:
        Canvas.recorder = None
        assets.set_density(1.0)


@pytest.mark.parametrize("k", [1.0, 1.3, 1.5, 2.0])
def test_a_frame_blit_draws_what_a_whole_blit_draws(display, k):
    """`blit_frame` (a focus ring's edges only) paints exactly the pixels a whole blit paints."""
    from scenes.widgets.focus import _ring

    ring = _ring((300, 200), 16, k)
    whole, edges = Canvas.new((400, 300), k, alpha=False), Canvas.new((400, 300), k, alpha=False)
    for c in (whole, edges):
        c.fill((10, 70, 30))
    whole.blit(ring, (33, 21))
    edges.blit_frame(ring, (33, 21), 24)
    assert pygame.image.tobytes(whole.surf, "RGB") == pygame.image.tobytes(edges.surf, "RGB")
