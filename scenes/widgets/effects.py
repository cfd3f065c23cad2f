"""Small reusable visual effects, built once and cached: light sweeps, soft glows, soft shadows;
and `Sparks`, the burst the bonus scenes throw when something opens.

All builders are pure functions of their inputs (sizes in logical px, pictures at the density `k`
they are built for), so scenes cache their results in the asset store (`assets.derived`, which
keys them by density) and blit them per frame.
"""

from __future__ import annotations

import math
import random

import pygame

from scenes.core.canvas import Canvas, draw


def glint(
    src: Canvas,
    step: int,
    steps: int,
    *,
    width: int = 40,
    strength: int = 110,
    slant: float = 0.5,
    band: Canvas | None = None,
) -> Canvas:
    """`src` with a diagonal band of light at position `step` of `steps` (left to right).

    Light is added to RGB only, so transparent pixels stay transparent and the band follows the
    art's silhouette. `band` is `glint_band` for `src`'s height (made here when not given): a
    scene that sweeps every frame keeps the band and makes each step as it shows it, one copy
    and one blit, instead of keeping a picture per step.
    """
    out = src.copy()
    w, h = out.get_size()
    if band is None:
        band = glint_band(h, out.k, width=width, strength=strength, slant=slant)
    travel = w + int(h * slant) + 2 * width
    x = -width + int(travel * (step + 0.5) / steps)
    out.blit(band, (x - _band_x(h, width, slant), 0), special_flags=pygame.BLEND_RGB_ADD)
    return out


def _band_x(h: float, width: int, slant: float) -> int:
    """Where `glint_band`'s band starts at its top (logical px from its left edge)."""
    return width + int(h * slant) + 4


def glint_band(h: float, k: float, *, width: int = 40, strength: int = 110, slant: float = 0.5) -> Canvas:
    """The band of light `glint` adds, for a picture `h` logical px high at density `k`: lines
    fading from the middle, leaning by `slant`, on black (added to RGB, it adds nothing there)."""
    x = _band_x(h, width, slant)
    band = Canvas.new((x + width + 4, h), k)
    for dx in range(-width, width + 1, 3):
        f = 1.0 - abs(dx) / width
        v = int(strength * f * f)
        draw.line(band, (v, v, v, 0), (x + dx, 0), (x + dx - int(h * slant), h), 4)
    return band


def fast_blur(surf: Canvas, radius: float, factor: int = 4) -> Canvas:
    """Gaussian blur (`radius` logical px) done at 1/`factor` size and scaled back: the same look,
    ~factor² cheaper."""
    pw, ph = surf.surf.get_size()
    small = pygame.transform.smoothscale(surf.surf, (max(1, pw // factor), max(1, ph // factor)))
    small = pygame.transform.gaussian_blur(small, max(1, round(radius * surf.k / factor)))
    return Canvas(pygame.transform.smoothscale(small, (pw, ph)), surf.k, (surf.lw, surf.lh))


def soft_glow(
    size: tuple[int, int], pad: int, color: tuple[int, int, int], k: float, alpha: int = 170, radius: int = 24
) -> Canvas:
    """A blurred halo around a `size` rounded rect; the result is `pad` larger on each side."""
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    base = Canvas.new((w, h), k)
    inner = pygame.Rect(pad // 2, pad // 2, size[0] + pad, size[1] + pad)
    draw.rect(base, (*color, alpha), inner, border_radius=radius + pad // 2)
    return fast_blur(base, max(1, pad // 2))


def soft_shadow(size: tuple[int, int], pad: int, k: float, alpha: int = 160, radius: int = 24) -> Canvas:
    """A blurred dark rounded rect, `pad` larger than `size` on each side."""
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    base = Canvas.new((w, h), k)
    draw.rect(base, (0, 0, 0, alpha), pygame.Rect(pad, pad, *size), border_radius=radius)
    return fast_blur(base, max(1, pad // 2))


class Sparks:
    """Sparks bursting from a point (a stone opening, an artefact turning, a disc shot): each
    flies out, falls under `gravity` (logical px/s²) and fades over its life; drawn as the
    smallest of `images` near its end and the largest when new. Decoration only: its own seeded
    random numbers, never the game's."""

    def __init__(self, gravity: float, seed: int) -> None:
        self.gravity = gravity
        self._rng = random.Random(seed)
        self._items: list[list[float]] = []  # [x, y, vx, vy, life left, life]

    def __len__(self) -> int:
        return len(self._items)

    def burst(
        self,
        centre: tuple[float, float],
        n: int,
        speed: tuple[float, float],
        life: tuple[float, float],
        jitter: float,
    ) -> None:
        """`n` sparks from `centre`, evenly round (each turned by up to `jitter` radians), at a
        speed and for a life drawn from the ranges."""
        cx, cy = centre
        rng = self._rng
        for k in range(n):
            ang = k / n * math.tau + rng.uniform(-jitter, jitter)
            sp = rng.uniform(*speed)
            t = rng.uniform(*life)
            self._items.append([cx, cy, math.cos(ang) * sp, math.sin(ang) * sp, t, t])

    def update(self, dt: float) -> None:
        for p in self._items:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += self.gravity * dt
            p[4] -= dt
        if self._items:
            self._items = [p for p in self._items if p[4] > 0]

    def draw(self, surface: Canvas, images: list[Canvas]) -> None:
        last = len(images) - 1
        for x, y, _vx, _vy, life, max_life in self._items:
            img = images[min(last, int(life / max_life * len(images)))]
            surface.blit(img, img.get_rect(center=(int(x), int(y))))


def veil(surface: Canvas, colour: tuple[int, int, int], alpha: int) -> None:
    """Darken `surface` as `colour` at `alpha` blitted over it would, in two fills: a multiply
    keeping 255 - alpha of every channel, then the colour's share added (no full-screen picture
    made or kept: 8 MB at 1920×1080)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(round(c * alpha / 255) for c in colour), special_flags=pygame.BLEND_RGB_ADD)
