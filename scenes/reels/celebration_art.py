"""The art of the win celebration, per tier: the banner plate, the sun rays and the coin frames.

Every builder is a pure function of its inputs and is cached in the asset store
(`assets.derived`), so the first big, mega or epic win builds its tier's art once (a few tens of
milliseconds) and every later one only blits. Each is drawn at the asset store's density (the
window's pixels, `scenes.core.canvas`), so the banner and the rays are as sharp at 1920×1080 as
at 1280×720. Nothing here names a game: the looks belong to the
tiers (`TIER_LOOKS`), shared by every game's reels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.core.canvas import Canvas
from scenes.core.text import fit_font, render_text

Color = tuple[int, int, int]

PLATE_SIZE = (860, 190)
RAYS_RADIUS = 390
RAYS = 14
SUPERSAMPLE = 2
COIN_FRAMES = 12


@dataclass(frozen=True, slots=True)
class TierLook:
    """How one tier looks: its rays, its plate's gradient and rim, its title's colours."""

    rays: Color
    plate_top: Color
    plate_bottom: Color
    rim: Color
    title: Color
    outline: Color
    gem: Color


TIER_LOOKS: dict[str, TierLook] = {
    "big": TierLook(
        rays=(255, 206, 110),
        plate_top=(122, 22, 44),
        plate_bottom=(46, 6, 20),
        rim=(250, 206, 110),
        title=(255, 230, 140),
        outline=(84, 34, 0),
        gem=(255, 110, 140),
    ),
    "mega": TierLook(
        rays=(214, 140, 255),
        plate_top=(78, 26, 128),
        plate_bottom=(26, 6, 54),
        rim=(236, 210, 255),
        title=(255, 238, 170),
        outline=(56, 0, 92),
        gem=(150, 230, 255),
    ),
    "epic": TierLook(
        rays=(255, 140, 50),
        plate_top=(158, 46, 6),
        plate_bottom=(62, 12, 0),
        rim=(255, 224, 120),
        title=(255, 246, 206),
        outline=(110, 24, 0),
        gem=(255, 240, 120),
    ),
}


def _ribbon(w: int, h: int, inset: int = 0) -> list[tuple[int, int]]:
    """The banner's outline: a long plate with pointed ends (a stretched hexagon)."""
    tip = h // 2
    return [
        (inset, h // 2),
        (tip + inset // 2, inset),
        (w - tip - inset // 2, inset),
        (w - inset, h // 2),
        (w - tip - inset // 2, h - inset),
        (tip + inset // 2, h - inset),
    ]


def _column(top: Color, bottom: Color, h: int, alpha_top: int, alpha_bottom: int) -> pygame.Surface:
    """A 1 px wide vertical gradient (scaled across a plate: one line per row is much slower)."""
    col = pygame.Surface((1, max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        k = y / max(1, h - 1)
        rgb = tuple(round(a + (b - a) * k) for a, b in zip(top, bottom, strict=True))
        col.set_at((0, y), (*rgb, round(alpha_top + (alpha_bottom - alpha_top) * k)))
    return col


def build_plate(look: TierLook, size: tuple[int, int] = PLATE_SIZE, *, density: float = 1.0) -> Canvas:
    """The banner plate of a tier: a gold-rimmed ribbon with a vertical gradient and two gems,
    drawn SUPERSAMPLE× the density's pixels, then smooth-scaled."""
    s = max(1, round(SUPERSAMPLE * density))
    w, h = size[0] * s, size[1] * s
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(out, (*look.rim, 255), _ribbon(w, h))
    pygame.draw.polygon(out, (70, 40, 10, 255), _ribbon(w, h, 7 * s))
    fill = pygame.transform.scale(_column(look.plate_top, look.plate_bottom, h, 255, 255), (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), _ribbon(w, h, 10 * s))
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(fill, (0, 0))
    pygame.draw.polygon(out, (*look.rim, 200), _ribbon(w, h, 22 * s), width=2 * s)
    # a sheen across the upper half, and a gem at each end
    sheen = pygame.transform.scale(_column((255, 255, 255), (255, 255, 255), h // 2, 40, 0), (w, h // 2))
    sheen.blit(mask, (0, 0), area=pygame.Rect(0, 0, w, h // 2), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(sheen, (0, 0))
    for cx in (h // 2 + 10 * s, w - h // 2 - 10 * s):
        pygame.draw.circle(out, (40, 20, 10, 255), (cx, h // 2), 17 * s)
        pygame.draw.circle(out, (*look.gem, 255), (cx, h // 2), 13 * s)
        pygame.draw.circle(out, (255, 255, 255, 220), (cx - 4 * s, h // 2 - 4 * s), 4 * s)
    plate = Canvas.resampled(out, size, density)
    return plate.convert_alpha() if pygame.display.get_surface() is not None else plate


def build_banner(assets, look: TierLook, title: str) -> Canvas:
    """The plate with the tier's title (in the language of the moment) fitted on it."""
    plate = assets.derived(
        ("celebration-plate", look), lambda: build_plate(look, density=assets.density)
    ).copy()
    w, h = plate.get_size()
    # Spanish runs longer ("MEGA GANANCIA"): the largest size that fits between the gems
    font = fit_font(assets, "display", title, w - 2 * h + 40, 92)
    text = render_text(font, title, look.title, outline=4, outline_color=look.outline, shadow=True)
    plate.blit(text, text.get_rect(center=(w // 2, h // 2 + 2)))
    return plate


def build_rays(look: TierLook, offset: float, radius: int = RAYS_RADIUS, *, density: float = 1.0) -> Canvas:
    """Soft sun rays of a tier, fading out from the centre; `offset` turns them (radians).

    Light on black, without alpha: it is added to the screen (`BLEND_RGB_ADD`), which is several
    times cheaper than blending a faded per-pixel-alpha layer, and is dimmed by multiplying its
    colour. Each ray is three nested wedges of rising strength (a soft edge without a blur), and
    the whole fades with the distance from the centre. `radius` is in logical px; the layer is
    drawn in the density's pixels.
    """
    logical = 2 * radius
    radius = max(1, round(radius * density))
    size = 2 * radius
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = radius
    for half, alpha in ((0.12, 40), (0.08, 60), (0.045, 90)):
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        for k in range(RAYS):
            a = offset + k * math.tau / RAYS
            pts = [
                (c, c),
                (c + math.cos(a - half) * radius * 1.2, c + math.sin(a - half) * radius * 1.2),
                (c + math.cos(a + half) * radius * 1.2, c + math.sin(a + half) * radius * 1.2),
            ]
            pygame.draw.polygon(layer, (*look.rays, alpha), pts)
        out.blit(layer, (0, 0))
    # the radial fade, drawn at a quarter of the size and scaled up (smooth, and cheap)
    q = max(2, size // 4)
    fade = pygame.Surface((q, q), pygame.SRCALPHA)
    fade.fill((255, 255, 255, 0))
    for r in range(q // 2, 0, -2):
        edge = 1.0 - r / (q / 2)
        pygame.draw.circle(fade, (255, 255, 255, int(255 * min(1.0, edge * 1.6))), (q // 2, q // 2), r)
    out.blit(pygame.transform.smoothscale(fade, (size, size)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    light = pygame.Surface((size, size))
    light.fill((0, 0, 0))
    light.blit(out, (0, 0))
    light = light.convert() if pygame.display.get_surface() is not None else light
    return Canvas(light, density, (logical, logical))


def coin_frames(assets) -> list[Canvas]:
    """The coin flipping: its width follows |cos| of the turn (cached once for every tier)."""

    def frame(i: int) -> Canvas:
        coin = assets.image("ui/coin")
        cw, ch = coin.get_size()
        width = max(2, int(cw * abs(math.cos(i * math.pi / COIN_FRAMES))))
        return coin.scaled((width, ch))

    return [assets.derived(("celebration-coin", i), lambda i=i: frame(i)) for i in range(COIN_FRAMES)]
