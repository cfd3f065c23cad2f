"""The world map's layout: the bonus scene's regions (`MAP_LAYOUT`), the panel and its artefact
grid, and the geometry helpers (`panel_side`, `panel_rect`, `tile_rect`, `location_camera`).
Where a location's panel opens depends on which half of the map the location is in (the panel
takes the other half). Drawing is `world_map_paint`'s; hit-tests are `world_map_input`'s."""

from __future__ import annotations

import pygame

from scenes.games.tombraider.world import MapCamera, MapLocation
from scenes.reels.bonus import BonusLayout

TOP_BAR = pygame.Rect(0, 0, 1280, 72)
HUD_BAR = pygame.Rect(0, 638, 1280, 82)  # the dark strip under the money plaques
PANEL_W, PANEL_H = 600, 552
PANEL_TOP = 84
COLS = 3
TILE = 120
PITCH_X, PITCH_Y = 168, 150
GRID_TOP = 128
ZOOM_IN = 1.45
MARKER_R = 24
# the bonus scene's regions: the top bar is the title band, the map the stage, the panel opens on
# the side the location leaves free, the money plaques stand on the strip at the bottom
MAP_LAYOUT = BonusLayout(
    title=pygame.Rect(TOP_BAR),
    stage=pygame.Rect(0, TOP_BAR.bottom, 1280, HUD_BAR.top - TOP_BAR.bottom),
    panel=pygame.Rect(1280 - 24 - PANEL_W, PANEL_TOP, PANEL_W, PANEL_H),
    hint_y=PANEL_TOP + PANEL_H - 22,
    hud=pygame.Rect(24, 644, 1232, 72),
)


def panel_side(loc: MapLocation) -> str:
    """The side of the screen the panel of `loc` opens on (the other half from the location)."""
    return "right" if loc.centre[0] < 640 else "left"


def panel_rect(side: str) -> pygame.Rect:
    x = 1280 - 24 - PANEL_W if side == "right" else 24
    return pygame.Rect(x, PANEL_TOP, PANEL_W, PANEL_H)


def tile_rect(index: int, side: str) -> pygame.Rect:
    """Artefact `index`'s hit-box (screen pixels) in the panel on `side`."""
    p = panel_rect(side)
    left = p.x + (PANEL_W - ((COLS - 1) * PITCH_X + TILE)) // 2
    col, row = index % COLS, index // COLS
    return pygame.Rect(left + col * PITCH_X, p.y + GRID_TOP + row * PITCH_Y, TILE, TILE)


def location_camera(loc: MapLocation) -> MapCamera:
    """The map zoomed on `loc`, shown in the half of the screen the panel leaves free."""
    x = 320.0 if panel_side(loc) == "right" else 960.0
    return MapCamera(loc.centre, ZOOM_IN, (x, 366.0))
