"""Tomb Raider's runtime art: pieces its scenes draw from simple shapes and the shipped images,
built once and cached by the callers (the asset store or the scene): passport stamps, a shot's
flash, the bars and shades of the world map and the Shoot-out, greyed and turning artefacts.
All of it is our own drawing (no likeness of any real character).
"""

from __future__ import annotations

import math

import pygame

from scenes.core.text import draw_text

GOLD = (255, 214, 120)
CREAM = (255, 248, 230)
SOFT = (222, 204, 170)
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


def muzzle_flash(size: int = 170) -> pygame.Surface:
    """A star-shaped burst of light (a shot's flash), drawn once."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    for k, (r, colour) in enumerate(
        ((c, (255, 190, 80, 120)), (c * 0.62, (255, 230, 150, 200)), (c * 0.3, (255, 255, 235, 255)))
    ):
        pts = []
        for i in range(16):
            ang = i * math.pi / 8 + k * 0.2
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((c + rr * math.cos(ang), c + rr * math.sin(ang)))
        pygame.draw.polygon(s, colour, pts)
    return s


def stamp_art(assets, game: str, lit: bool, number: int, size: int) -> pygame.Surface:
    """A passport stamp: lit, the Passport symbol inked with a red rubber-stamp ring, turned a
    little; unlit, an empty dashed ring with the reel's number."""
    big = size * 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big // 2
    if lit:
        face = pygame.transform.smoothscale(
            assets.image(f"{game}/symbols/passport"), (int(big * 0.92), int(big * 0.92))
        )
        s.blit(face, face.get_rect(center=(c, c)))
        pygame.draw.circle(s, (*STAMP_RED, 235), (c, c), int(big * 0.47), width=max(3, big // 18))
        pygame.draw.circle(s, (*STAMP_RED, 200), (c, c), int(big * 0.40), width=max(2, big // 40))
        s = pygame.transform.rotate(s, -8 + 4 * (number % 3))
    else:
        pygame.draw.circle(s, (30, 22, 16, 220), (c, c), int(big * 0.46))
        for i in range(24):
            a0 = i * math.tau / 24
            if i % 2 == 0:
                p = (c + big * 0.44 * math.cos(a0), c + big * 0.44 * math.sin(a0))
                q = (c + big * 0.44 * math.cos(a0 + 0.2), c + big * 0.44 * math.sin(a0 + 0.2))
                pygame.draw.line(s, (150, 120, 80, 255), p, q, max(2, big // 36))
        font = assets.font("display", int(big * 0.42))
        draw_text(s, font, str(number), (c, c + 2), (176, 150, 110), shadow=False)
    out = pygame.transform.smoothscale(s, (size, size))
    return out


def grey(surf: pygame.Surface) -> pygame.Surface:
    g = pygame.transform.grayscale(surf)
    g.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return g


def flips(surf: pygame.Surface, steps: int = 7) -> list[pygame.Surface]:
    w, h = surf.get_size()
    return [
        pygame.transform.smoothscale(surf, (max(2, int(w * math.cos(i / steps * math.pi / 2))), h))
        for i in range(steps)
    ]


def shade(size: tuple[int, int], alpha: int = 225, edge: bool = False) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (12, 8, 6, alpha), s.get_rect(), border_radius=16)
    if edge:
        pygame.draw.rect(s, (214, 160, 80, 255), s.get_rect(), width=3, border_radius=16)
    return s


def bar(size: tuple[int, int], top: bool) -> pygame.Surface:
    """A dark strip fading towards the map, with a bronze rule along its inner edge."""
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        k = y / max(1, h - 1)
        k = 1 - k if top else k
        s.fill((14, 9, 6, int(150 + 95 * (1 - k * 0.4))), (0, y, w, 1))
    rule_y = h - 2 if top else 0
    s.fill((196, 142, 70, 255), (0, rule_y, w, 2))
    return s
