"""Panels: the 9-slice `ui/panel` plate (24 px corners) behind dialogs, boxes and toasts, and the
same plate over an opaque backing for menus (`draw_solid_panel`)."""

from __future__ import annotations

import pygame

from scenes.core.canvas import Canvas
from scenes.widgets.toggle import pill

PANEL_CORNER = 24


def draw_panel(
    surface: Canvas,
    assets,
    rect: pygame.Rect,
    alpha: int = 230,
    *,
    art: str = "ui/panel",
    corner: int = PANEL_CORNER,
) -> None:
    """Draw the panel art (`art`, a 9-slice with `corner` px corners: a game's own panel or
    plate from its dress) stretched to `rect`, at `alpha` (cached per size and alpha)."""
    rect = pygame.Rect(rect)
    corner = min(corner, rect.w // 2, rect.h // 2)
    surface.blit(assets.nine_slice(art, rect.size, corner, alpha=alpha), rect)
    if Canvas.recorder is not None:  # tests: the texts on it must stay inside
        Canvas.recorder.mark_panel(surface, rect)


def draw_solid_panel(
    surface: Canvas,
    assets,
    rect: pygame.Rect,
    *,
    art: str = "ui/panel",
    corner: int = PANEL_CORNER,
    backing: tuple[tuple[int, int, int], tuple[int, int, int]] = ((24, 17, 32), (12, 9, 18)),
) -> None:
    """The 9-slice panel over an opaque dark backing (`backing`: top and bottom colours): its
    art is see-through in the middle, and a busy scene behind a menu would make the text hard to
    read."""
    inner = pygame.Rect(rect).inflate(-10, -10)
    top, bottom = backing
    made = assets.derived(
        ("solid-panel-backing", inner.size, top, bottom),
        lambda: pill(inner.size, top, bottom, radius=18, density=assets.density),
    )
    surface.blit(made, inner)
    draw_panel(surface, assets, rect, alpha=255, art=art, corner=corner)
