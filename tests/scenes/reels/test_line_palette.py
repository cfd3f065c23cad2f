"""The line palettes: in the colour-blind-safe one no two lines share colour and pattern, every
colour is an Okabe-Ito colour, patterns really draw gaps; the reels follow the setting at once."""

from __future__ import annotations

import pygame

from scenes.reels.line_palette import OKABE_ITO, PATTERNS, STANDARD, draw_patterned, line_style


def test_every_line_is_told_apart_by_colour_and_pattern():
    cb = [line_style(i, "colour_blind") for i in range(1, 26)]
    assert len(set(cb)) == 25
    assert {c for c, _ in cb} <= set(OKABE_ITO) and {p for _, p in cb} == set(PATTERNS)
    standard = [line_style(i) for i in range(1, 26)]
    assert [c for c, _ in standard] == list(STANDARD) and {p for _, p in standard} == {"solid"}


def test_patterns_leave_gaps_along_the_line(display):
    counts = {}
    for pattern in PATTERNS:
        surf = pygame.Surface((400, 20), pygame.SRCALPHA)
        draw_patterned(surf, (255, 255, 255, 255), [(0, 10), (399, 10)], 6, pattern)
        counts[pattern] = sum(1 for x in range(400) if surf.get_at((x, 10)).a)
    assert counts["solid"] == 400
    assert 150 < counts["dash"] < 350 and counts["dot"] < 250 and counts["dashdot"] < 400
    assert len(set(counts.values())) == len(PATTERNS)


def test_the_reels_follow_the_setting_at_once(ctx, display):
    from scenes.core.stack import SceneStack
    from scenes.reels.scene import ReelsScene

    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    presenter = scene.presenter
    standard_art = presenter._line_art[0][0]
    ctx.settings.line_palette = "colour_blind"
    stack.update(1 / 60)
    assert presenter.palette == "colour_blind" and presenter._line_art[0][0] is not standard_art
    stack.draw(display)
    ctx.settings.line_palette = "standard"
    stack.update(1 / 60)
    assert presenter._line_art[0][0] is standard_art  # each palette's art is built once, then kept
