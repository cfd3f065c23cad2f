"""How the viewers (paytable, rules, history, round detail) wear the shown game's look.

`ViewerLook` is a palette: the panel's backing gradient, its rim (`edge`), the title's colours,
the accent of headings and labels, the cards' fill and the table rows'. A game gives its own
through its presentation (`viewer_look`, kept in its room beside its paytable pages); when the
presentation carries a dress (`dress`: `backing`, `title`, `title_outline`, `accent`), its colours
are taken from it; otherwise the house look (`PLAIN`) is worn. `look_of(ctx, game_id)` finds
it (PLAIN for no game or an unknown one); `draw_framed_panel` paints the panel in that look.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes.core.canvas import Canvas, draw

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class ViewerLook:
    """A viewer's palette (RGB; the fills RGBA)."""

    backing: tuple[Color, Color] = ((34, 24, 38), (14, 10, 18))
    edge: Color = (150, 112, 60)
    title: Color = (255, 214, 120)
    title_outline: Color = (24, 14, 6)
    accent: Color = (222, 204, 170)
    card_fill: tuple[int, int, int, int] = (24, 16, 14, 200)
    row_fill: tuple[int, int, int, int] = (40, 28, 22, 150)
    row_alt: tuple[int, int, int, int] = (30, 22, 18, 120)
    row_hover: tuple[int, int, int, int] = (110, 76, 36, 200)
    framed: bool = False  # False: the house's panel art; True: the panel painted in this look


PLAIN = ViewerLook()


def _from_dress(dress: Any) -> ViewerLook:
    top, bottom = dress.backing
    accent = dress.accent
    return ViewerLook(
        backing=(top, bottom),
        edge=accent,
        title=dress.title,
        title_outline=dress.title_outline,
        accent=dress.title,
        card_fill=(*bottom, 215),
        row_fill=(*top, 170),
        row_alt=(*bottom, 150),
        row_hover=(*(c // 2 for c in accent), 210),
        framed=True,
    )


def look_for(presentation: Any) -> ViewerLook:
    """The look a presentation gives its viewers (its own, its dress's, else the house look)."""
    own = getattr(presentation, "viewer_look", None)
    if isinstance(own, ViewerLook):
        return own
    dress = getattr(presentation, "dress", None)
    if dress is not None and all(hasattr(dress, n) for n in ("backing", "title", "title_outline", "accent")):
        try:
            return _from_dress(dress)
        except (TypeError, ValueError):
            return PLAIN
    return PLAIN


def look_of(ctx: Any, game_id: str | None) -> ViewerLook:
    """The look of game `game_id`'s viewers (PLAIN for None or a game not installed)."""
    loaded = ctx.games.get(game_id) if game_id is not None else None
    if loaded is None:
        return PLAIN
    from scenes.presentation import presentation_or_plain

    return look_for(presentation_or_plain(loaded.definition))


def draw_framed_panel(surface: Canvas, assets: Any, rect: pygame.Rect, look: ViewerLook) -> None:
    """The viewer's panel in the game's look: its backing gradient, a double rim in its edge
    colour, studs at the corners and a band under the title (made once, kept in the store)."""
    rect = pygame.Rect(rect)
    plate = assets.derived(("viewer-panel", look, rect.size), lambda: _framed_panel(assets, rect.size, look))
    surface.blit(plate, rect)


def _framed_panel(assets: Any, size: tuple[int, int], look: ViewerLook) -> Canvas:
    rect = pygame.Rect((0, 0), size)
    plate = assets.canvas(size)
    (r0, g0, b0), (r1, g1, b1) = look.backing
    h = rect.h
    for y in range(0, h, 4):
        t = y / max(1, h - 1)
        c = (round(r0 + (r1 - r0) * t), round(g0 + (g1 - g0) * t), round(b0 + (b1 - b0) * t), 244)
        draw.rect(plate, c, (0, y, rect.w, 4))
    # the title band: a little lighter, ruled in the edge colour
    band = (*(min(255, c + 14) for c in look.backing[0]), 255)
    draw.rect(plate, band, (8, 8, rect.w - 16, 70), border_top_left_radius=14, border_top_right_radius=14)
    draw.line(plate, look.edge, (24, 78), (rect.w - 24, 78), 2)
    shell = assets.canvas(size)
    draw.rect(shell, (255, 255, 255, 255), shell.get_rect(), border_radius=20)
    plate.blit(shell, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    draw.rect(plate, (*look.edge, 255), plate.get_rect(), width=4, border_radius=20)
    dark = tuple(c // 3 for c in look.edge)
    draw.rect(plate, (*dark, 255), plate.get_rect().inflate(-12, -12), width=2, border_radius=14)
    for cx, cy in ((16, 16), (rect.w - 16, 16), (16, rect.h - 16), (rect.w - 16, rect.h - 16)):
        draw.circle(plate, (*look.edge, 255), (cx, cy), 7)
        draw.circle(plate, (*look.title, 255), (cx - 2, cy - 2), 3)
    return plate
