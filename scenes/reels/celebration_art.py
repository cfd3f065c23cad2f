"""The art of the win celebration, per tier: the banner plate, the sun rays and the coin frames.

Every builder is a pure function of its inputs and is cached in the asset store
(`assets.derived`), so the first big, mega or epic win builds its tier's art once (a few tens of
milliseconds) and every later one only blits. Each is drawn at the asset store's density (the
window's pixels, `scenes.core.canvas`), so the banner and the rays are as sharp at 1920×1080 as
at 1280×720. Nothing here names a game: the plate's shape (`SHAPES`: a ribbon, a stone tablet, a
riveted shield, a cartouche) and each tier's colours come from the shown game's dress
(`scenes.presentation.dress`), and the amount is set in gold lettering with depth (`gold_glyph`: a
gradient face, a bevel's light and shade, an extruded edge and a soft shadow), one cached picture
per character, so a count-up costs a few blits a frame.
"""

from __future__ import annotations

import math
import random

import pygame

from scenes.core.canvas import Canvas
from scenes.core.text import fit_font, render_text
from scenes.presentation.dress import PLAIN, TierLook

Color = tuple[int, int, int]

PLATE_SIZE = (860, 190)
RAYS_RADIUS = 390
RAYS = 14
SUPERSAMPLE = 2
COIN_FRAMES = 12


TIER_LOOKS: dict[str, TierLook] = PLAIN.tiers
"""The house look's tiers (a game without a dress of its own)."""


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


def _outline(shape: str, w: int, h: int, inset: int = 0) -> list[tuple[int, int]]:
    """The plate's outline for a dress's shape, `inset` px inside its edge.

    ribbon: a long plate with pointed ends; tablet: a slab with an arched top and chamfered foot;
    shield: a broad shield, flat-topped with clipped corners, its foot coming to a shallow point;
    cartouche: a capsule (round ends) standing on a bar."""
    i = inset
    if shape == "tablet":
        pts = [(i, h - i - h // 8), (i, h // 3)]
        steps = 24
        for k in range(steps + 1):  # the arch over the top
            a = math.pi + k * math.pi / steps
            pts.append((round(w / 2 + math.cos(a) * (w / 2 - i)), round(h // 3 + math.sin(a) * (h // 3 - i))))
        pts += [(w - i, h - i - h // 8), (w - i - h // 8, h - i), (i + h // 8, h - i)]
        return pts
    if shape == "shield":
        c = h // 5
        return [
            (i + c, i),
            (w - i - c, i),
            (w - i, i + c),
            (w - i, h * 3 // 5),
            (w // 2 + w // 6, h - h // 8 - i // 2),
            (w // 2, h - i),
            (w // 2 - w // 6, h - h // 8 - i // 2),
            (i, h * 3 // 5),
            (i, i + c),
        ]
    if shape == "cartouche":
        r = h // 2 - i
        pts = []
        steps = 18
        for k in range(steps + 1):  # the right end
            a = -math.pi / 2 + k * math.pi / steps
            pts.append((round(w - h // 2 - 14 + math.cos(a) * r), round(h / 2 + math.sin(a) * r)))
        for k in range(steps + 1):  # the left end
            a = math.pi / 2 + k * math.pi / steps
            pts.append((round(h // 2 + 14 + math.cos(a) * r), round(h / 2 + math.sin(a) * r)))
        return pts
    return _ribbon(w, h, inset)


def _column(top: Color, bottom: Color, h: int, alpha_top: int, alpha_bottom: int) -> pygame.Surface:
    """A 1 px wide vertical gradient (scaled across a plate: one line per row is much slower)."""
    col = pygame.Surface((1, max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        k = y / max(1, h - 1)
        rgb = tuple(round(a + (b - a) * k) for a, b in zip(top, bottom, strict=True))
        col.set_at((0, y), (*rgb, round(alpha_top + (alpha_bottom - alpha_top) * k)))
    return col


def build_plate(
    look: TierLook, size: tuple[int, int] = PLATE_SIZE, *, density: float = 1.0, shape: str = "ribbon"
) -> Canvas:
    """The banner plate of a tier in a dress's `shape`: a metal-rimmed plate with a vertical
    gradient, a grain, a sheen and the shape's own studs (gems, rivets), drawn SUPERSAMPLE× the
    density's pixels, then smooth-scaled."""
    s = max(1, round(SUPERSAMPLE * density))
    w, h = size[0] * s, size[1] * s
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    dark = tuple(max(0, c // 4) for c in look.rim)
    # a soft shadow under the whole plate
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(shade, (0, 0, 0, 150), [(x, y + 6 * s) for x, y in _outline(shape, w, h, 2 * s)])
    out.blit(
        pygame.transform.smoothscale(pygame.transform.smoothscale(shade, (w // 8, h // 8)), (w, h)), (0, 0)
    )
    pygame.draw.polygon(out, (*look.rim, 255), _outline(shape, w, h))
    pygame.draw.polygon(out, (*dark, 255), _outline(shape, w, h, 7 * s))
    fill = pygame.transform.scale(_column(look.plate_top, look.plate_bottom, h, 255, 255), (w, h))
    grain = random.Random(hash((look, shape)) & 0xFFFF)  # decoration only
    for _ in range(w * h // (60 * s * s)):
        x, y = grain.randrange(w), grain.randrange(h)
        v = grain.choice((-1, 1)) * grain.randint(6, 18)
        c = fill.get_at((x, y))
        fill.set_at(
            (x, y), (max(0, min(255, c.r + v)), max(0, min(255, c.g + v)), max(0, min(255, c.b + v)), 255)
        )
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), _outline(shape, w, h, 10 * s))
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(fill, (0, 0))
    # the rim's light: a bright edge above, a dark one below (a bevel, cheaply)
    pygame.draw.polygon(out, (255, 255, 255, 70), _outline(shape, w, h, 3 * s), width=2 * s)
    pygame.draw.polygon(out, (*look.rim, 200), _outline(shape, w, h, 22 * s), width=2 * s)
    sheen = pygame.transform.scale(_column((255, 255, 255), (255, 255, 255), h // 2, 46, 0), (w, h // 2))
    sheen.blit(mask, (0, 0), area=pygame.Rect(0, 0, w, h // 2), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(sheen, (0, 0))
    for cx, cy, r in _studs(shape, w, h, s):
        pygame.draw.circle(out, (*dark, 255), (cx, cy), r + 4 * s)
        pygame.draw.circle(out, (*(look.rim if shape == "shield" else look.gem), 255), (cx, cy), r)
        pygame.draw.circle(out, (255, 255, 255, 220), (cx - r // 3, cy - r // 3), max(1, r // 3))
    plate = Canvas.resampled(out, size, density)
    return plate.convert_alpha() if pygame.display.get_surface() is not None else plate


def _studs(shape: str, w: int, h: int, s: int) -> list[tuple[int, int, int]]:
    """(x, y, radius) of a shape's studs: gems at a ribbon's or cartouche's ends, jade studs at a
    tablet's shoulders, rivets along a shield's rim."""
    if shape == "shield":
        c = h // 5
        xs = range(c + 26 * s, w - c - 20 * s, (w - 2 * c) // 9)
        return [(x, 15 * s, 5 * s) for x in xs] + [(15 * s, h // 2, 5 * s), (w - 15 * s, h // 2, 5 * s)]
    if shape == "tablet":
        return [(34 * s, h - 40 * s, 10 * s), (w - 34 * s, h - 40 * s, 10 * s), (w // 2, 22 * s, 9 * s)]
    if shape == "cartouche":
        return [(h // 2 + 4 * s, h // 2, 14 * s), (w - h // 2 - 4 * s, h // 2, 14 * s)]
    return [(h // 2 + 10 * s, h // 2, 13 * s), (w - h // 2 - 10 * s, h // 2, 13 * s)]


def build_banner(assets, look: TierLook, title: str, shape: str = "ribbon") -> Canvas:
    """The plate with the tier's title (in the language of the moment) fitted on it."""
    plate = assets.derived(
        ("celebration-plate", look, shape), lambda: build_plate(look, density=assets.density, shape=shape)
    ).copy()
    w, h = plate.get_size()
    # Spanish runs longer ("MEGA GANANCIA"): the largest size that fits between the studs
    font = fit_font(assets, "display", title, w - 2 * h + 40, 92)
    text = render_text(font, title, look.title, outline=4, outline_color=look.outline, shadow=True)
    y = h // 2 + 2 if shape != "tablet" else h // 2 + 14  # a tablet's arch takes the top
    plate.blit(text, text.get_rect(center=(w // 2, y)))
    return plate


GOLD_FACE = ((255, 250, 214), (255, 216, 96), (214, 138, 26), (255, 206, 90))
"""The gold lettering's face, top to bottom (a bright top, a dark waist, light again below)."""


def gold_glyph(assets, char: str, size: int, edge: Color) -> Canvas:
    """One character of the celebration's amount in gold with depth, at the store's density:
    a soft shadow, an extruded edge in `edge` (the tier's outline colour), a dark rim, the gold
    face (a vertical gradient) and a bevel's light along its top. Pure; cache it (`derived`)."""
    k = assets.density
    font = assets.font("display", size)
    mask = font.render(char, True, (255, 255, 255), effect=True)  # physical px, no text mark
    mask = mask.surf if isinstance(mask, Canvas) else mask
    gw, gh = mask.get_size()
    pad = max(2, round(8 * k))
    depth = max(1, round(5 * k))
    w, h = gw + 2 * pad, gh + 2 * pad + depth
    out = pygame.Surface((w, h), pygame.SRCALPHA)

    def tinted(color: Color, alpha: int = 255) -> pygame.Surface:
        t = mask.copy()
        t.fill((*color, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        return t

    shadow = tinted((0, 0, 0), 170)
    small = pygame.transform.smoothscale(shadow, (max(1, gw // 4), max(1, gh // 4)))
    out.blit(pygame.transform.smoothscale(small, (gw, gh)), (pad + round(3 * k), pad + depth + round(5 * k)))
    rim = tinted(edge)
    for dy in range(depth, 0, -1):  # the extruded edge, darker with depth
        shade = 1.0 - 0.5 * dy / depth
        out.blit(tinted(tuple(round(c * shade) for c in edge)), (pad, pad + dy))
    ring = max(1, round(2 * k))
    for dx, dy in (
        (-ring, 0),
        (ring, 0),
        (0, -ring),
        (0, ring),
        (-ring, -ring),
        (ring, ring),
        (-ring, ring),
        (ring, -ring),
    ):
        out.blit(rim, (pad + dx, pad + dy))
    face = pygame.Surface((gw, gh), pygame.SRCALPHA)
    stops = GOLD_FACE
    for y in range(gh):
        u = y / max(1, gh - 1) * (len(stops) - 1)
        i = min(len(stops) - 2, int(u))
        f = u - i
        c = tuple(round(a + (b - a) * f) for a, b in zip(stops[i], stops[i + 1], strict=True))
        face.fill((*c, 255), pygame.Rect(0, y, gw, 1))
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(face, (pad, pad))
    # the bevel: the face's top edge lit (the glyph minus itself moved down a little)
    light = tinted((255, 255, 240), 150)
    cut = mask.copy()
    light.blit(cut, (0, ring), special_flags=pygame.BLEND_RGBA_SUB)
    out.blit(light, (pad, pad))
    glyph = Canvas(out, k, (w / k, h / k))
    return glyph.convert_alpha() if pygame.display.get_surface() is not None else glyph


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
