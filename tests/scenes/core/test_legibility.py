"""Legibility, measured on rendered screens: every text of every screen meets WCAG AA (a contrast
ratio of 4.5:1) against what is behind it, in English and in Spanish; and every string a Spanish
screen draws is Spanish (made of the translator's words, none of them a fallback to English).

Each screen (`tests/support/screens.py`) is rendered through the text API's recorder
(`scenes.core.canvas.TextRecorder`), which knows where every text landed and which pixels are its
glyphs, then again with the glyphs' fill transparent; `tests/support/contrast.py` compares the
two renders pixel by pixel under each text.
"""

from __future__ import annotations

import logging
import re

import pygame
import pytest
from contrast import AA_NORMAL, measure
from screens import PAGED, SCREENS, pages

from scenes.core.canvas import Canvas, TextRecorder
from scenes.core.text import clear_text_cache

LANGUAGES = ("en", "es")
LETTERS = re.compile(r"[^\W\d_]{2,}")
# what a Spanish screen may show untranslated: the games' names and the brand (proper names)
PROPER = {"secret", "of", "the", "stones", "warlords", "crystals", "power", "tomb", "raider", "sword"}
PROPER |= {"reelhouse", "relic", "test"}


@pytest.fixture
def recorder():
    rec = TextRecorder()
    Canvas.recorder = rec
    clear_text_cache()
    yield rec
    Canvas.recorder = None
    clear_text_cache()


def render(ctx, stack, rec: TextRecorder, suppress: bool) -> Canvas:
    """The screen as drawn now, every prepared picture drawn again under the recorder."""
    rec.suppress = suppress
    ctx.assets.forget_derived()
    clear_text_cache()
    stack.rebuild()
    root = Canvas.new((1280, 720), ctx.assets.density, alpha=False)
    stack.draw(root)
    return root


def texts_on(ctx, stack, rec: TextRecorder) -> list:
    """Each visible text's contrast (see tests/support/contrast.py)."""
    shown = render(ctx, stack, rec, False)
    marks = shown.own_marks() or []
    bare = render(ctx, stack, rec, True)
    render(ctx, stack, rec, False)
    a = pygame.surfarray.array3d(shown.surf).swapaxes(0, 1)
    b = pygame.surfarray.array3d(bare.surf).swapaxes(0, 1)
    k = shown.k
    out = []
    for m in marks:
        cov = pygame.surfarray.array_alpha(m.glyphs).swapaxes(0, 1) / 255.0
        out.append(measure(m.text, a, b, cov, round(m.x * k), round(m.y * k)))
    return out


def states(name: str, ctx):
    stack = SCREENS[name](ctx)
    if name in PAGED:
        for page in pages(stack):
            yield f"{name} p{page}", stack
    else:
        yield name, stack


def _words_outputs(tr) -> list[str]:
    """Wrap the translator so every string it gives back is kept (the Spanish check)."""
    said: list[str] = []
    for attr in ("gettext", "ngettext", "t", "nt", "format", "say", "message", "translate_text"):
        fn = getattr(tr, attr)

        def kept(*a, _fn=fn, **kw):
            out = _fn(*a, **kw)
            said.append(out)
            return out

        setattr(tr, attr, kept)
    for attr in ("format_money", "format_number", "format_coins", "format_duration", "money"):
        fn = getattr(tr, attr)

        def kept_n(*a, _fn=fn, **kw):
            out = _fn(*a, **kw)
            said.append(out)
            return out

        setattr(tr, attr, kept_n)
    return said


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_text_meets_wcag_aa(ctx, recorder, caplog, name, language):
    ctx.settings.language = language
    ctx.i18n.set_language(language)
    said = _words_outputs(ctx.i18n) if language == "es" else []
    caplog.set_level(logging.WARNING, logger="scenes.core.i18n")
    failures, measured, foreign = [], 0, []
    for label, stack in states(name, ctx):
        for tc in texts_on(ctx, stack, recorder):
            if not tc.visible:
                continue
            measured += 1
            if tc.ratio < AA_NORMAL:
                failures.append(f"{label}: {tc.text!r} {tc.ratio:.2f}:1 (median {tc.median:.2f}) at {tc.rect}")
            if language == "es":
                rest = tc.text
                for s in sorted(set(said), key=len, reverse=True):
                    if s and s in rest:
                        rest = rest.replace(s, " ")
                words = [w for w in LETTERS.findall(rest) if w.lower() not in PROPER]
                if words:
                    foreign.append(f"{label}: {tc.text!r} (not from the translator: {words})")
    assert measured > 0, f"{name}: no text measured"
    assert not failures, "\n".join(failures)
    missing = [r.getMessage() for r in caplog.records if "missing" in r.getMessage()]
    assert not missing, missing
    assert not foreign, "\n".join(foreign)


def test_the_recorder_finds_text_through_compositions_and_sees_a_low_contrast_one(display, assets, recorder):
    """The measurement itself: texts composed into a layer that is then blitted are found where
    they landed; grey on grey fails, cream on dark passes; a text covered by an opaque panel
    drawn later is hidden, not judged."""
    from types import SimpleNamespace

    from scenes.core.text import draw_text

    font = assets.font("text_bold", 24)

    class Screen:
        def rebuild(self):
            pass

        def draw(self, root):
            root.fill((30, 30, 34))
            layer = assets.canvas((400, 100))
            draw_text(layer, font, "GOOD", (100, 50), (250, 240, 220), shadow=False)
            draw_text(layer, font, "BAD", (300, 50), (70, 70, 76), shadow=False)
            root.blit(layer, (200, 300))
            draw_text(root, font, "HIDDEN", (900, 100), (255, 255, 255), shadow=False)
            cover = assets.canvas((160, 60), alpha=False)
            root.blit(cover, (820, 70))

    found = {tc.text: tc for tc in texts_on(SimpleNamespace(assets=assets), Screen(), recorder)}
    assert found["GOOD"].visible and found["GOOD"].ratio >= AA_NORMAL
    assert found["BAD"].visible and found["BAD"].ratio < AA_NORMAL
    assert "HIDDEN" not in found or not found["HIDDEN"].visible
    x, y, _w, _h = found["GOOD"].rect
    assert 250 < x < 300 and 320 < y < 350
