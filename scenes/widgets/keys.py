"""Key hints: "[↑][↓] choose   [ENTER] pick   [ESC] close", keycaps then what the key does.

Shared by every screen that lists its keys (the settings menu, the mixer, a bonus scene). Arrow
keys ("up", "down", "left", "right") are the arrow icons on a cap (the fonts have no arrow
glyphs); any other key is its name in small capitals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from scenes.core.canvas import Canvas
from scenes.core.text import draw_text
from scenes.core.theme import MUTED
from scenes.widgets.toggle import pill


def draw_key_hints(
    surface: Canvas,
    assets,
    items: Sequence[tuple[tuple[str, ...], str]],
    center: tuple[int, int],
    color: tuple[int, int, int] = MUTED,
    size: int = 15,
) -> pygame.Rect:
    """Draw "[↑][↓] choose   [ESC] close" centred on `center`: keycaps, then the action's word.

    Arrow keys ("up", "down", "left", "right") are the arrow icons on a cap (the fonts have no
    arrow glyphs); any other key is its name in small capitals.
    """
    font = assets.font("text", size)
    cap_font = assets.font("text_bold", 12)
    cap_h, gap, key_gap, group_gap = 22, 6, 4, 26
    parts: list[tuple[str, Any, int]] = []  # (kind, payload, width)
    for n, (keys, word) in enumerate(items):
        if n:
            parts.append(("space", None, group_gap))
        for i, key in enumerate(keys):
            if i:
                parts.append(("space", None, key_gap))
            w = cap_h if key in _ARROW_ANGLE else max(cap_h, cap_font.size(key)[0] + 12)
            parts.append(("key", key, w))
        parts.append(("space", None, gap))
        parts.append(("word", word, font.size(word)[0]))
    total = sum(w for _, _, w in parts)
    x = center[0] - total // 2
    for kind, payload, w in parts:
        if kind == "key":
            cap = assets.derived(
                ("keycap", w, cap_h),
                lambda w=w: pill(
                    (w, cap_h),
                    (70, 58, 74),
                    (40, 32, 44),
                    (150, 124, 90),
                    1,
                    radius=5,
                    density=assets.density,
                ),
            )
            rect = cap.get_rect(midleft=(x, center[1]))
            surface.blit(cap, rect)
            if payload in _ARROW_ANGLE:
                icon = assets.derived(
                    ("keycap-arrow", payload),
                    lambda p=payload: assets.tinted("ui/icon_left", (236, 220, 196), (14, 14)).rotated(
                        _ARROW_ANGLE[p]
                    ),
                )
                surface.blit(icon, icon.get_rect(center=rect.center))
            else:
                draw_text(surface, cap_font, payload, rect.center, (236, 220, 196), shadow=False)
        elif kind == "word":
            draw_text(surface, font, payload, (x, center[1]), color, anchor="midleft", shadow=False)
        x += w
    return pygame.Rect(center[0] - total // 2, center[1] - cap_h // 2, total, cap_h)


_ARROW_ANGLE = {"left": 0, "up": -90, "right": 180, "down": 90}
