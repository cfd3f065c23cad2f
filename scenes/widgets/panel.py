"""Panels: the 9-slice `ui/panel` plate (24 px corners) behind dialogs, boxes and toasts."""

from __future__ import annotations

import pygame

from scenes.core.canvas import Canvas

PANEL_CORNER = 24


def draw_panel(surface: Canvas, assets, rect: pygame.Rect, alpha: int = 230) -> None:
    """Draw the panel art stretched to `rect`, at `alpha` (cached per size and alpha)."""
    rect = pygame.Rect(rect)
    surface.blit(assets.nine_slice("ui/panel", rect.size, PANEL_CORNER, alpha=alpha), rect)
