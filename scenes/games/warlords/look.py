"""Who the warlords are on screen: their colours, names and art, from the game's data.

The `[feature]` data pairs each scatter with a warlord's mode ("barbarian", "priestess",
"samurai"); the warlord's symbol has the same id (its name and `symbols/<id>_stack` art). A
warlord's free spins get their own backdrop: the game's `background_free` graded in the
warlord's colour, the warlord standing at either side of the reels (made once, kept in the asset
store).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.definitions import GameDefinition
from game.games.warlords.model import WarlordsFeature
from scenes.core.canvas import Canvas, draw

INK = (30, 14, 4)  # the darkest ink (the battle's and the reels' Warlords marks)
COLOURS = {
    "barbarian": (90, 150, 255),
    "priestess": (90, 225, 130),
    "samurai": (245, 85, 70),
}
# the colours lifted for text on the dark plates (WCAG AA, as tests/scenes/core/test_legibility.py
# measures it)
LIGHT = {
    "barbarian": (140, 188, 255),
    "priestess": (130, 238, 160),
    "samurai": (255, 140, 122),
}
SCREEN = (1280, 720)  # logical px
# a warlord's full-height art at either side of its free spins' reels: in the margins the frame
# leaves (tools/assets/frames.py: its body starts 126 px in), whole
FIGURE = (104, 312)
FIGURE_X = 11
DEEP = {
    "barbarian": (16, 34, 92),
    "priestess": (14, 70, 40),
    "samurai": (96, 18, 16),
}


@dataclass(frozen=True, slots=True)
class Warlord:
    """One warlord: its scatter, its mode (also its symbol's id), name and colours (`light` for
    its texts)."""

    scatter: str
    mode: str
    name: str
    colour: tuple[int, int, int]
    deep: tuple[int, int, int]
    light: tuple[int, int, int]


def warlords(defn: GameDefinition) -> dict[str, Warlord]:
    """Each warlord by its scatter symbol id."""
    f = defn.feature
    if not isinstance(f, WarlordsFeature):
        return {}
    out = {}
    for w in f.warlords:
        name = defn.symbol(w.mode).name if w.mode in defn.symbol_ids else w.mode.title()
        out[w.scatter] = Warlord(w.scatter, w.mode, name, COLOURS[w.mode], DEEP[w.mode], LIGHT[w.mode])
    return out


def by_mode(defn: GameDefinition, mode: str) -> Warlord:
    return next(w for w in warlords(defn).values() if w.mode == mode)


def free_backdrop(assets, game_id: str, warlord: Warlord) -> Canvas:
    """The warlord's free-spins backdrop (1280×720 logical px, opaque, at the asset store's
    density), made once."""

    def build() -> Canvas:
        base = assets.scaled(f"{game_id}/background_free", SCREEN).copy()
        # graded and washed in the warlord's colour by fills (no full-screen layers: 8 MB each)
        base.fill(tuple(min(255, 90 + c // 2) for c in warlord.colour), special_flags=pygame.BLEND_RGB_MULT)
        base.fill(tuple(c // 5 for c in warlord.colour), special_flags=pygame.BLEND_RGB_ADD)
        stack = f"{game_id}/symbols/{warlord.mode}_stack"
        if assets.has_image(stack):
            figure = assets.scaled(stack, FIGURE).copy()
            figure.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
            for x in (FIGURE_X, SCREEN[0] - FIGURE_X - FIGURE[0]):
                base.blit(figure, (x, 150))
        return base.convert() if pygame.display.get_surface() is not None else base

    return assets.derived(("warlords-free-backdrop", game_id, warlord.mode), build)


def glow(assets, colour: tuple[int, int, int], size: tuple[int, int], bright: bool = False) -> Canvas:
    """A soft coloured glow frame of `size` around a cell, `bright` a stronger one (each made
    once per colour and size)."""
    from scenes.reels.symbol_art import soft_blur

    def build() -> Canvas:
        w, h = size
        surf = assets.canvas((w, h))
        width = 12 if bright else 8
        draw.rect(surf, (*colour, 255), (12, 12, w - 24, h - 24), width=width, border_radius=16)
        surf = soft_blur(surf, 8)
        edge = [min(255, c + (140 if bright else 80)) for c in colour]
        draw.rect(surf, (*edge, 255), (14, 14, w - 28, h - 28), 3, border_radius=14)
        return surf

    return assets.derived(("warlords-glow", colour, size, bright), build)
