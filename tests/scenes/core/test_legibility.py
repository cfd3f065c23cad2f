"""Legibility, measured on rendered screens: every text of every screen meets WCAG AA (a contrast
ratio of 4.5:1) against what is behind it, in English and in Spanish; and every string a Spanish
screen draws is Spanish: none of its words is one that only the English texts use (the English
catalog, the English rules and the games' data, against the Spanish catalog and rules), so a
string drawn without the translator, or that the catalog lacks, is found where it shows.

Each screen (`tests/support/screens.py`) is rendered through the text API's recorder
(`scenes.core.canvas.TextRecorder`), which knows where every text landed and which pixels are its
glyphs, then again with the glyphs' fill transparent; `tests/support/contrast.py` compares the
two renders pixel by pixel under each text.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache

import pygame
import pytest
from contrast import AA_NORMAL, measure
from screens import PAGED, SCREENS, pages

from game.paths import asset_path
from scenes.core.canvas import Canvas, TextRecorder
from scenes.core.i18n import load_catalogs
from scenes.core.text import clear_text_cache

LANGUAGES = ("en", "es")
DENSITY = {"en": 1.5, "es": 1.0}  # px per logical px: a 1920×1080 and a 1280×720 window
LETTERS = re.compile(r"[^\W\d_]{2,}")
# what a Spanish screen may show as in English: the games' names, the brand, key names, RTP
PROPER = {"secret", "of", "the", "stones", "warlords", "crystals", "power", "tomb", "raider", "sword"}
PROPER |= {"reelhouse", "relic", "test", "esc", "enter", "rtp", "tombraider"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in LETTERS.findall(text)}


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@cache
def english_only() -> frozenset[str]:
    """Words only the English texts use: in a Spanish screen, each one is a string that was not
    translated."""
    en, es = set(), set()
    for k, v in load_catalogs(asset_path("locale"), "en").items():  # shared and every game's
        en |= _words(k) | {w for s in _strings(v) for w in _words(s)}
    for v in load_catalogs(asset_path("locale"), "es").values():
        es |= {w for s in _strings(v) for w in _words(s)}
    for game in asset_path("games").iterdir():
        if (game / "rules.md").is_file():
            en |= _words((game / "rules.md").read_text(encoding="utf-8"))
        if (game / "rules.es.md").is_file():
            es |= _words((game / "rules.es.md").read_text(encoding="utf-8"))
        if (game / "game.toml").is_file():
            data = tomllib.loads((game / "game.toml").read_text(encoding="utf-8"))
            en |= {w for s in _strings(data) for w in _words(s)}
    return frozenset(en - es - PROPER)


def render(ctx, stack, rec: TextRecorder, suppress: bool) -> tuple[Canvas, set[int]]:
    """The screen as drawn now, every prepared picture drawn again under the recorder, and the
    ids of the text marks the scenes behind the front one drew.

    The front is the top-most modal scene and whatever is over it (a toast over the reels): a
    modal menu or dialog dims the scenes under it on purpose, and their texts, out of play until
    it closes, are not judged."""
    rec.suppress = suppress
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
    return root, behind


def texts_on(ctx, stack, rec: TextRecorder) -> list:
    """Each visible text's contrast (see tests/support/contrast.py), in front only."""
    shown, behind = render(ctx, stack, rec, False)
    marks = [m for m in shown.own_marks() or [] if id(m) not in behind and m.panel is None]
    bare, _ = render(ctx, stack, rec, True)
    render(ctx, stack, rec, False)
    a = pygame.surfarray.array3d(shown.surf).swapaxes(0, 1)
    b = pygame.surfarray.array3d(bare.surf).swapaxes(0, 1)
    out = []
    for m in marks:
        cov = pygame.surfarray.array_alpha(m.glyphs).swapaxes(0, 1) / 255.0
        out.append(measure(m.text, a, b, cov, m.x, m.y))
    return out


def states(name: str, ctx):
    stack = SCREENS[name](ctx)
    if name in PAGED:
        for page in pages(stack):
            yield f"{name} p{page}", stack
    else:
        yield name, stack


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_text_meets_wcag_aa(ctx, recorder, name, language):
    """English is rendered as a 1920×1080 window shows it (1.5 px per logical px), Spanish as a
    1280×720 one: both densities are measured, and at 1.5 nothing may be drawn from a picture
    made for another density (it would be enlarged: soft)."""
    ctx.assets.set_density(DENSITY[language])
    ctx.settings.language = language
    ctx.i18n.set_language(language)
    Canvas.stats["scaled_blits"] = 0
    english = english_only() if language == "es" else frozenset()
    failures, measured, foreign = [], 0, []
    for label, stack in states(name, ctx):
        for tc in texts_on(ctx, stack, recorder):
            if not tc.visible:
                continue
            measured += 1
            if tc.ratio < AA_NORMAL:
                failures.append(f"{label}: {tc.text!r} {tc.ratio:.2f}:1 (median {tc.median:.2f}), {tc.rect}")
            words = sorted(_words(tc.text) & english)
            if words:
                foreign.append(f"{label}: {tc.text!r} has English words {words}")
    assert measured > 0, f"{name}: no text measured"
    assert Canvas.stats["scaled_blits"] == 0, "a picture drawn at the wrong density (scaled on the fly)"
    assert not failures, "\n".join(failures)
    assert not foreign, "\n".join(foreign)


def test_the_recorder_finds_text_through_compositions_and_sees_a_low_contrast_one(display, assets, recorder):
    """The measurement itself: texts composed into a layer that is then blitted are found where
    they landed; grey on grey fails, cream on dark passes; a text covered by an opaque panel
    drawn later is hidden, not judged."""
    from types import SimpleNamespace

    from scenes.core.stack import Scene, SceneStack
    from scenes.core.text import draw_text

    font = assets.font("text_bold", 24)

    class Screen(Scene):
        opaque = True

        def draw(self, root):
            root.fill((30, 30, 34))
            layer = assets.canvas((400, 100))
            draw_text(layer, font, "GOOD", (100, 50), (250, 240, 220), shadow=False)
            draw_text(layer, font, "BAD", (300, 50), (70, 70, 76), shadow=False)
            root.blit(layer, (200, 300))
            draw_text(root, font, "HIDDEN", (900, 100), (255, 255, 255), shadow=False)
            cover = assets.canvas((160, 60), alpha=False)
            root.blit(cover, (820, 70))

    st = SceneStack()
    st.push(Screen())
    found = {tc.text: tc for tc in texts_on(SimpleNamespace(assets=assets), st, recorder)}
    assert found["GOOD"].visible and found["GOOD"].ratio >= AA_NORMAL
    assert found["BAD"].visible and found["BAD"].ratio < AA_NORMAL
    assert "HIDDEN" not in found or not found["HIDDEN"].visible
    x, y, _w, _h = found["GOOD"].rect
    assert 250 < x < 300 and 320 < y < 350
