"""Layout, measured on rendered screens: on every screen (`tests/support/screens.py`), in English
and in Spanish, at the density of a 1000×700 window (0.78125 px per logical px) and of an 800×600
one (0.625: there the 11 px floor sets most small text larger than the layout's size), no text
overlaps another (a few shared solid glyph pixels), leaves the screen, or leaves the panel it
was drawn on (a panel leaves a mark in the canvas record: `TextRecorder.mark_panel`), and none is
set under 11 physical px.

The screens are drawn through the text recorder (`scenes.core.canvas.TextRecorder`), which knows
where every text landed and which pixels are its glyphs. As in the legibility test, only the
front is judged: the texts of scenes under a modal one are out of play until it closes.
"""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from screens import PAGED, SCREENS, pages

from scenes.core.canvas import Canvas, ScaledFont, TextMark
from scenes.core.text import clear_text_cache

DENSITY = 0.78125  # a 1000×700 window
WINDOWS = {"1000x700": DENSITY, "800x600": 0.625}  # window → density (min(w / 1280, h / 720))
MIN_PX = 11  # the smallest text, in physical px
SHARED = 3  # solid glyph pixels two texts may share before they overlap
SOLID = 160  # glyph coverage counted as solid
INSET = 2  # physical px of a panel's edge a text keeps off

# Texts still drawn small on purpose, (screen prefix, text) — each must still match something.
SMALL_EXCUSES: frozenset[tuple[str, str]] = frozenset()


def front_marks(ctx, stack) -> tuple[list[TextMark], list[TextMark]]:
    """The texts and panels the front of `stack` shows (see the legibility test)."""
    ctx.assets.forget_derived()
    clear_text_cache()
    stack.rebuild()
    root = Canvas.new((1280, 720), ctx.assets.density, alpha=False)
    scenes = list(stack.scenes)
    start = max((i for i, s in enumerate(scenes) if s.opaque), default=0)
    front = max((i for i, s in enumerate(scenes) if s.modal), default=0)
    behind: set[int] = set()
    for i, scene in enumerate(scenes[start:], start=start):
        scene.draw(root)
        if i < front:
            behind = {id(m) for m in root.marks or []}
    shown = [m for m in root.own_marks() or [] if id(m) not in behind]
    return [m for m in shown if m.panel is None], [m for m in shown if m.panel is not None], root


def _solid(mark: TextMark) -> np.ndarray:
    return pygame.surfarray.array_alpha(mark.glyphs) >= SOLID  # [x, y]


def solid_box(mark: TextMark) -> pygame.Rect | None:
    """The physical rect of the mark's solid glyph pixels (None: nothing solid)."""
    cov = _solid(mark)
    xs, ys = np.nonzero(cov.any(axis=1))[0], np.nonzero(cov.any(axis=0))[0]
    if not len(xs) or not len(ys):
        return None
    return pygame.Rect(mark.x + xs[0], mark.y + ys[0], xs[-1] - xs[0] + 1, ys[-1] - ys[0] + 1)


def shared_pixels(a: TextMark, b: TextMark) -> int:
    """Solid glyph pixels `a` and `b` both cover."""
    both = a.box.clip(b.box)
    if not both.w or not both.h:
        return 0
    ca = _solid(a)[both.x - a.x : both.right - a.x, both.y - a.y : both.bottom - a.y]
    cb = _solid(b)[both.x - b.x : both.right - b.x, both.y - b.y : both.bottom - b.y]
    return int(np.count_nonzero(ca & cb))


def layout_faults(texts: list[TextMark], panels: list[TextMark], screen: pygame.Rect) -> list[str]:
    """Every overlap, text off the screen, text off its panel and too-small text, one line each."""
    faults = []
    boxes = [(m, solid_box(m)) for m in texts]
    boxes = [(m, b) for m, b in boxes if b is not None and screen.colliderect(b)]  # wholly off: unseen
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1 :]:
            if ba.colliderect(bb) and (n := shared_pixels(a, b)) >= SHARED:
                faults.append(f"{a.text!r} overlaps {b.text!r} ({n} px) at {ba.clip(bb)}")
        if not screen.contains(ba):
            faults.append(f"{a.text!r} leaves the screen: {ba}")
        if a.px and a.px < MIN_PX:
            faults.append(f"{a.text!r} is set at {a.px} px")
        centre = ba.center
        under = [p.box for p in panels if p.box.collidepoint(centre)]
        if under:
            plate = min(under, key=lambda r: r.w * r.h).inflate(-2 * INSET, -2 * INSET)
            if not plate.contains(ba):
                faults.append(f"{a.text!r} leaves its panel {plate}: {ba}")
    return faults


def states(name: str, ctx):
    stack = SCREENS[name](ctx)
    if name in PAGED:
        for page in pages(stack):
            yield f"{name} p{page}", stack
    else:
        yield name, stack


@pytest.mark.slow
@pytest.mark.parametrize("window", sorted(WINDOWS))
@pytest.mark.parametrize("language", ("en", "es"))
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_no_text_overlaps_leaves_its_place_or_is_too_small(ctx, recorder, name, language, window):
    ctx.assets.set_density(WINDOWS[window])
    ctx.settings.language = language
    ctx.i18n.set_language(language)
    faults, seen = [], 0
    for label, stack in states(name, ctx):
        texts, panels, root = front_marks(ctx, stack)
        seen += len(texts)
        small = {t for s, t in SMALL_EXCUSES if label.startswith(s)}
        texts = [m for m in texts if not (m.text in small and m.px < MIN_PX)]
        faults += [f"{label}: {f}" for f in layout_faults(texts, panels, root.surf.get_rect())]
    assert seen, f"{name}: no text found"
    assert not faults, "\n".join(faults)


def test_the_check_fails_on_an_overlap_an_escape_a_small_text_and_a_text_off_its_panel(
    display, assets, recorder
):
    """The measurement itself: each fault drawn on purpose is found, a clean layout passes."""
    from types import SimpleNamespace

    from scenes.core.stack import Scene, SceneStack
    from scenes.core.text import draw_text
    from scenes.widgets.panel import draw_panel

    assets.set_density(DENSITY)
    big = assets.font("text_bold", 24)
    # the store never opens a font under 11 px (MIN_TEXT_PX): an 8 px one made by hand
    tiny = ScaledFont(pygame.font.Font(str(assets.root / "fonts" / "text.ttf"), 8), DENSITY, 10)

    def faults_of(paint) -> list[str]:
        class Screen(Scene):
            opaque = True

            def draw(self, root):
                root.fill((30, 30, 34))
                paint(root)

        st = SceneStack()
        st.push(Screen())
        texts, panels, root = front_marks(SimpleNamespace(assets=assets), st)
        return layout_faults(texts, panels, root.surf.get_rect())

    def clean(root):
        draw_panel(root, assets, pygame.Rect(100, 100, 400, 200))
        layer = assets.canvas((400, 100))
        draw_text(layer, big, "ONE", (100, 50), (250, 240, 220))
        draw_text(layer, big, "TWO", (300, 50), (250, 240, 220))
        root.blit(layer, (100, 150))

    assert faults_of(clean) == []
    overlap = faults_of(
        lambda r: (
            draw_text(r, big, "HELLO", (600, 400), (255, 255, 255)),
            draw_text(r, big, "WORLD", (620, 404), (255, 255, 255)),
        )
    )
    assert len(overlap) == 1 and "overlaps" in overlap[0]
    out = faults_of(lambda r: draw_text(r, big, "EDGE", (1270, 400), (255, 255, 255)))
    assert len(out) == 1 and "leaves the screen" in out[0]
    small = faults_of(lambda r: draw_text(r, tiny, "tiny", (600, 400), (255, 255, 255)))
    assert len(small) == 1 and "8 px" in small[0]

    def off_panel(root):
        draw_panel(root, assets, pygame.Rect(100, 100, 200, 80))
        draw_text(root, big, "A LONG TITLE THAT SPILLS", (200, 140), (255, 255, 255))

    spill = faults_of(off_panel)
    assert len(spill) == 1 and "leaves its panel" in spill[0]
