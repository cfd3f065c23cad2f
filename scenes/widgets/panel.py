"""Panels: the 9-slice `ui/panel` plate (24 px corners) behind dialogs, boxes and toasts, and the
same plate over an opaque backing for menus (`draw_solid_panel`)."""

from __future__ import annotations

import pygame

from scenes.core.canvas import Canvas
from scenes.widgets.toggle import pill

PANEL_CORNER = 24


def draw_panel(surface: Canvas, assets, rect: pygame.Rect, alpha: int = 230) -> None:
    """Draw the panel art stretched to `rect`, at `alpha` (cached per size and alpha)."""
    rect = pygame.Rect(rect)
    surface.blit(assets.nine_slice("ui/panel", rect.size, PANEL_CORNER, alpha=alpha), rect)
    if Canvas.recorder is not None:
        Canvas.recorder.mark_panel(surface, rect)


def draw_solid_panel(surface: Canvas, assets, rect: pygame.Rect) -> None:
    """The 9-slice panel over an opaque dark backing: its art is see-through in the middle, and
    a busy scene behind a menu would make the text hard to read."""
    inner = pygame.Rect(rect).inflate(-10, -10)
    backing = assets.derived(
        ("solid-panel-backing", inner.size),
        lambda: pill(inner.size, (24, 17, 32), (12, 9, 18), radius=18, density=assets.density),
    )
    surface.blit(backing, inner)
    draw_panel(surface, assets, rect, alpha=255)
