"""The lobby's still layer: the backdrop, logo and tagline, each tile's shadow and caption (RTP
and pitch), the version and the key hints, composed once per language (`build_static`), and the
layout constants the lobby and this layer share."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core.canvas import Canvas, ScaledFont
from scenes.core.text import draw_text, render_text
from scenes.core.theme import MENU_GOLD, MUTED_LIGHT
from scenes.widgets.effects import soft_shadow
from scenes.widgets.panel import draw_panel

if TYPE_CHECKING:
    from scenes.front.lobby import LobbyScene

TILE_W, TILE_H = 360, 420
TILE_GAP = 48
TILE_TOP = 118
CAPTION_H = 96
PITCH_TOP = 52  # px from the caption's top to the pitch
SHADOW_PAD = 22

TEXT_HINT_CHOOSE = "choose"
TEXT_HINT_PLAY = "ENTER  play"
TEXT_HINT_LEAVE = "ESC  leave"
TEXT_VERSION = "Reelhouse {version}"
TEXT_TAGLINE = "THREE CLASSIC SLOTS"


def build_static(lobby: LobbyScene) -> Canvas:
    """Everything of the lobby that never moves, composed once per language into one opaque layer."""
    a = lobby.ctx.assets
    layer = a.image("ui/lobby_bg").copy()
    logo = a.scaled("ui/logo", (330, 71))
    layer.blit(logo, logo.get_rect(midtop=(640, 4)))
    draw_text(
        layer,
        a.font("text_bold", 14),
        " ".join(lobby.tr.gettext(TEXT_TAGLINE)),  # letter-spaced capitals
        (640, 76),
        MUTED_LIGHT,
        shadow=False,
        outline=2,
        outline_color=(10, 4, 18),
    )
    shadow = a.derived(
        ("lobby-shadow", TILE_W, TILE_H),
        lambda: soft_shadow((TILE_W, TILE_H), SHADOW_PAD, a.density, 190, 22),
    )
    tr = lobby.tr
    rtp_font = a.font("text_bold", 14)
    for tile in lobby.tiles:
        layer.blit(shadow, (tile.rect.x - SHADOW_PAD, tile.rect.y - SHADOW_PAD + 10))
        cap = lobby.caption_rect(tile)
        draw_panel(layer, a, cap, alpha=215)
        draw_text(
            layer,
            rtp_font,
            lobby.tile_rtp(tile.game_id),
            (cap.centerx, cap.top + 41),
            MENU_GOLD,
            shadow=False,
        )
        y = cap.top + PITCH_TOP
        font, lines = lobby.pitch_layout(tile.game_id)
        for line in lines:
            draw_text(layer, font, line, (cap.centerx, y), MUTED_LIGHT, anchor="midtop", shadow=False)
            y += font.get_height() + 1
    small = a.font("text", 15)
    draw_text(
        layer,
        small,
        tr.t(TEXT_VERSION, version=lobby.ctx.version),
        (16, 712),
        MUTED_LIGHT,
        anchor="bottomleft",
        shadow=False,
    )
    draw_hints(lobby, layer, small)
    return layer.convert() if pygame.display.get_surface() is not None else layer


def draw_hints(lobby: LobbyScene, layer: Canvas, font: ScaledFont) -> None:
    """The key hints at the bottom right: ← → choose, ENTER play, ESC leave."""
    a = lobby.ctx.assets
    hints = (TEXT_HINT_CHOOSE, TEXT_HINT_PLAY, TEXT_HINT_LEAVE)
    parts = [render_text(font, lobby.tr.gettext(t), MUTED_LIGHT) for t in hints]
    icon = 16
    gap = 28
    width = 2 * icon + 6 + sum(p.get_width() for p in parts) + 2 * gap
    x = 1264 - width
    y = 704
    for name in ("icon_left", "icon_right"):
        layer.blit(a.tinted(f"ui/{name}", MUTED_LIGHT, (icon, icon)), (x, y - icon // 2))
        x += icon
    x += 6
    for i, p in enumerate(parts):
        layer.blit(p, p.get_rect(midleft=(x, y)))
        x += p.get_width() + (gap if i < len(parts) - 1 else 0)
