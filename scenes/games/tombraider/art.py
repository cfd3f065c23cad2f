"""Tomb Raider's runtime art: pieces its scenes draw from simple shapes and the shipped images,
built once and cached by the callers (the asset store or the scene): passport stamps, a shot's
flash, the bars and shades of the world map and the Shoot-out, greyed and turning artefacts.
All of it is our own drawing (no likeness of any real character).

Every piece is a `Canvas` (logical px) at a density `k`: the callers pass the asset store's
(`assets.density`) so the pieces blit as plain pixel copies; pieces derived from a Canvas
(`grey`, `flips`) keep its density.
"""

from __future__ import annotations

import math

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text

GOLD = (255, 214, 120)
CREAM = (255, 248, 230)
SOFT = (222, 204, 170)
INK = (24, 14, 6)  # outlines and the darkest ink
STAMP_RED = (214, 58, 40)


def ease(u: float) -> float:
    """Ease-out (cubic) of a progress 0..1, clamped."""
    u = max(0.0, min(1.0, u))
    return 1 - (1 - u) ** 3


def two_lines(text: str) -> list[str]:
    """A short note split in two balanced lines at a space."""
    words = text.split()
    if len(words) < 3:
        return [text]
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def muzzle_flash(size: int = 170, *, k: float = 1.0) -> Canvas:
    """A star-shaped burst of light (a shot's flash), drawn once at density `k`."""
    s = Canvas.new((size, size), k)
    c = size / 2
    for k, (r, colour) in enumerate(
        ((c, (255, 190, 80, 120)), (c * 0.62, (255, 230, 150, 200)), (c * 0.3, (255, 255, 235, 255)))
    ):
        pts = []
        for i in range(16):
            ang = i * math.pi / 8 + k * 0.2
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((c + rr * math.cos(ang), c + rr * math.sin(ang)))
        draw.polygon(s, colour, pts)
    return s


def stamp_art(assets, game: str, lit: bool, number: int, size: int) -> Canvas:
    """A passport stamp of logical `size` at the store's density: lit, the Passport symbol inked
    with a red rubber-stamp ring, turned a little; unlit, an empty dashed ring with the reel's
    number."""
    big = size * 2
    s = assets.canvas((big, big))
    c = big // 2
    if lit:
        face = assets.scaled(f"{game}/symbols/passport", (int(big * 0.92), int(big * 0.92)))
        s.blit(face, face.get_rect(center=(c, c)))
        draw.circle(s, (*STAMP_RED, 235), (c, c), int(big * 0.47), width=max(3, big // 18))
        draw.circle(s, (*STAMP_RED, 200), (c, c), int(big * 0.40), width=max(2, big // 40))
        s = s.rotated(-8 + 4 * (number % 3))
    else:
        draw.circle(s, (30, 22, 16, 220), (c, c), int(big * 0.46))
        for i in range(24):
            a0 = i * math.tau / 24
            if i % 2 == 0:
                p = (c + big * 0.44 * math.cos(a0), c + big * 0.44 * math.sin(a0))
                q = (c + big * 0.44 * math.cos(a0 + 0.2), c + big * 0.44 * math.sin(a0 + 0.2))
                draw.line(s, (150, 120, 80, 255), p, q, max(2, big // 36))
    out = s.scaled((size, size))
    if not lit:  # the number drawn at its own size (crisp, and measured where it lands)
        font = assets.font("display", int(size * 0.84))
        draw_text(out, font, str(number), (size // 2, size // 2 + 1), (196, 172, 130), shadow=False)
    return out


def grey(surf: Canvas) -> Canvas:
    """`surf` in grey and darker (an artefact not yet found), at its density."""
    g = Canvas.wrap(surf).grayscale()
    g.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return g


def flips(surf: Canvas, steps: int = 7) -> list[Canvas]:
    """`surf` narrowing as it turns about its vertical axis, in `steps` frames (logical widths)."""
    src = Canvas.wrap(surf)
    w, h = src.lw, src.lh
    return [src.scaled((max(2, int(w * math.cos(i / steps * math.pi / 2))), h)) for i in range(steps)]


def shade(size: tuple[int, int], alpha: int = 225, edge: bool = False, *, k: float = 1.0) -> Canvas:
    """A dark rounded plate of logical `size` at density `k` (behind text: `alpha` 225 and more
    keeps it solid enough), with a bronze `edge`."""
    s = Canvas.new(size, k)
    draw.rect(s, (12, 8, 6, alpha), s.get_rect(), border_radius=16)
    if edge:
        draw.rect(s, (214, 160, 80, 255), s.get_rect(), width=3, border_radius=16)
    return s


def bar(size: tuple[int, int], top: bool, *, k: float = 1.0) -> Canvas:
    """A dark opaque strip of logical `size` at density `k` (no marker or route of the map shows
    through what it carries), a little lighter towards the screen's edge, with a bronze rule
    along its inner edge (one physical row at a time, smooth at any density)."""
    s = Canvas.new(size, k)
    pw, ph = s.surf.get_size()
    for y in range(ph):
        u = y / max(1, ph - 1)
        u = 1 - u if top else u
        s.surf.fill((int(14 + 12 * u), int(9 + 8 * u), int(6 + 4 * u), 255), (0, y, pw, 1))
    h = size[1]
    s.fill((196, 142, 70, 255), (0, h - 2 if top else 0, size[0], 2))
    return s
