"""The reels' pre-rendered art: every surface the reel view blits, prepared once per game.

`SymbolArt` holds, per symbol, the sharp image (SYMBOL px square on the reels), two vertically
motion-blurred copies (light and heavy, `vertical_blur`) and the pulse steps of a winning
symbol; for stacked symbols their full-height art (sharp and blurred); the wild-reel cover and
its glow; the glows of anticipation, winning cells and held cells. Everything is a Canvas at the
window's density, so the blurs are computed on the pixels actually shown. The reel window's
layout (the art contract, see docs/assets.md) is here too: `WINDOW`, `CELL_W`, `CELL_H`, `SYMBOL`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import cached_property

import pygame

from scenes.core.canvas import Canvas, draw

Cache = Callable[[tuple, Callable[[], Canvas]], Canvas]

# Layout of the reel window in logical screen pixels (the art contract): the game's marquee and
# frame fill the screen above and around it (tools/assets/frames.py draws them to these numbers).
WINDOW = pygame.Rect(210, 92, 860, 450)
CELL_W = 172
CELL_H = 150
SYMBOL = 150  # a symbol's size on the reels (its art is ART_SYMBOL logical px, shown smaller)
ART_SYMBOL = 160

# Blur radii in pixels for the two motion-blur levels.
BLUR_LIGHT = 10
BLUR_HEAVY = 26
PULSE_STEPS = (1.0, 1.03, 1.06, 1.09, 1.12)
GLOW_STEPS = 8
HELD_COLOUR = (120, 255, 220)  # the frame of a cell that did not spin (teal, like sticky wilds)
STACK = 3  # a run of this many of a stacked symbol is drawn as one full-height piece


def vertical_blur(image: Canvas, radius: int) -> Canvas:
    """A copy of `image` smeared vertically by a box of ±`radius` logical px (premultiplied
    alpha), computed on its own pixels at its density.

    The result is `radius` px taller at the top and at the bottom, so the streak continues past
    the tile like real motion; blit it `radius` px higher than the sharp image.
    """
    import numpy as np  # only for the blurs, made behind the first frame

    dens = image.k
    radius = max(1, round(radius * dens))  # physical px from here on
    w, h = image.surf.get_size()
    rgb = pygame.surfarray.array3d(image.surf).astype(np.float32)  # (w, h, 3)
    alpha = pygame.surfarray.array_alpha(image.surf).astype(np.float32) / 255.0  # (w, h)
    pre = rgb * alpha[..., None]
    pad = radius
    pre = np.pad(pre, ((0, 0), (pad, pad), (0, 0)))
    alpha = np.pad(alpha, ((0, 0), (pad, pad)))
    k = 2 * radius + 1
    # running box sum along y via cumulative sums (two passes ≈ a soft triangular kernel)
    for _ in range(2):
        c = np.cumsum(np.pad(pre, ((0, 0), (radius + 1, radius), (0, 0))), axis=1)
        pre = (c[:, k:, :] - c[:, :-k, :]) / k
        ca = np.cumsum(np.pad(alpha, ((0, 0), (radius + 1, radius))), axis=1)
        alpha = (ca[:, k:] - ca[:, :-k]) / k
    safe = np.where(alpha > 1e-4, alpha, 1.0)
    out_rgb = np.clip(pre / safe[..., None], 0, 255).astype(np.uint8)
    out = pygame.Surface((w, h + 2 * pad), pygame.SRCALPHA)
    pygame.surfarray.blit_array(out, out_rgb)
    a = pygame.surfarray.pixels_alpha(out)
    a[...] = np.clip(alpha * 255.0, 0, 255).astype(np.uint8)
    del a
    return Canvas(out, dens, (image.lw, image.lh + 2 * pad / dens))


def soft_blur(surf: Canvas, radius: float) -> Canvas:
    """A cheap, smooth blur of `radius` logical px: two box blurs of half the radius (≈ a tent
    kernel), on the canvas's own pixels.

    Several times faster than `gaussian_blur` and indistinguishable on glows, which keeps the
    one-off preparation of a game's art short.
    """
    r = max(1, round(radius * surf.k / 2))
    blurred = pygame.transform.box_blur(pygame.transform.box_blur(surf.surf, r), r)
    return Canvas(blurred, surf.k, (surf.lw, surf.lh))


def _glow_rect(
    size: tuple[int, int], color: tuple[int, int, int], border: int, density: float, width: int = 6
) -> Canvas:
    """A soft glowing frame of `size` (drawn, then blurred), for anticipation and win cells."""
    w, h = size
    surf = Canvas.new((w, h), density)
    inset = border + 4
    draw.rect(
        surf, (*color, 255), (inset, inset, w - 2 * inset, h - 2 * inset), width=width, border_radius=14
    )
    surf = soft_blur(surf, border // 2 or 1)
    if width > 6:  # a strong glow: blur a second copy into the first for a denser core
        core = Canvas.new((w, h), density)
        draw.rect(
            core,
            (*color, 255),
            (inset, inset, w - 2 * inset, h - 2 * inset),
            width=width // 2,
            border_radius=14,
        )
        surf.blit(soft_blur(core, 3), (0, 0))
    draw.rect(
        surf,
        (*[min(255, c + 60) for c in color], 255),
        (inset, inset, w - 2 * inset, h - 2 * inset),
        width=2,
        border_radius=14,
    )
    return surf


def _alpha_steps(surf: Canvas, steps: int, lo: float = 0.35) -> list[Canvas]:
    """`steps` copies of `surf` faded from `lo` to full opacity (animating without set_alpha)."""
    out = []
    for i in range(steps):
        a = lo + (1.0 - lo) * i / max(1, steps - 1)
        s = surf.copy()
        s.fill((255, 255, 255, int(255 * a)), special_flags=pygame.BLEND_RGBA_MULT)
        out.append(s)
    return out


class _Lazy(dict):
    """A table filled on first look-up: `make(key)` builds a missing entry."""

    def __init__(self, make: Callable[[str], object]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: str):
        value = self._make(key)
        self[key] = value
        return value


def _converted(surf: Canvas) -> Canvas:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


class SymbolArt:
    """Every surface the reels blit, prepared once per game: sharp, blurred, pulse-scaled.

    `images` maps symbol id → its image at SYMBOL×SYMBOL. `wild_cover` is the wild-reel art,
    SYMBOL wide and three rows high (or None for games without wild reels); `wild_tag` a small
    "WILD" marker for transformed symbols. Everything is at `density`.

    Only the sharp images are needed for the reels at rest, the first thing shown: the motion
    blurs, the pulse steps and the glows are made on first use, or earlier behind the first
    frame when `warm(defer)` hands their making to the asset store's idle-time queue. Until a
    blur is made the reels draw the sharp image instead (`blur_light.get(symbol)` is None), so a
    spin started at once never waits for them.
    """

    def __init__(
        self,
        images: dict[str, Canvas],
        wild_cover: Canvas | None = None,
        wild_tag: Canvas | None = None,
        cache: Cache | None = None,
        density: float = 1.0,
        stacks: dict[str, Canvas] | None = None,
        extras: dict[str, Canvas] | None = None,
    ) -> None:
        """`cache(key, build)` keeps the blurred copies between scenes (the asset store's
        `derived`); keys are prefixed with "reel-art" and the symbol id. `stacks` maps a symbol
        that comes in runs of `STACK` on the strips to its full-height art (SYMBOL wide, `STACK`
        rows high): such a run is drawn as one piece (`scenes.reels.reel_paint`). `extras`: a
        game's own images for its reel effects (by name)."""

        def keep(key: tuple, build) -> Canvas:
            return cache(("reel-art", *key), build) if cache is not None else build()

        self._keep = keep
        self.density = density
        self.sharp = {k: _converted(v) for k, v in images.items()}
        self.blur_light = _Lazy(lambda k: self._blurred(k, BLUR_LIGHT))
        self.blur_heavy = _Lazy(lambda k: self._blurred(k, BLUR_HEAVY))
        self.stack_sharp = {k: _converted(v) for k, v in (stacks or {}).items()}
        self.stack_blur_light = _Lazy(lambda k: self._blurred(k, BLUR_LIGHT, stacked=True))
        self.stack_blur_heavy = _Lazy(lambda k: self._blurred(k, BLUR_HEAVY, stacked=True))
        self.extras = {k: _converted(v) for k, v in (extras or {}).items()}
        # pulse steps for winning symbols: scaled once, never per frame
        self.pulse = _Lazy(self._pulse_steps)
        self.wild_cover = wild_cover
        self.wild_tag = wild_tag
        dim = Canvas.new((CELL_W, CELL_H), density)
        dim.fill((0, 0, 0, 150))
        self.dim_cell = dim
        self._stamps: dict[tuple[str, float], Canvas] = {}

    def _blurred(self, symbol: str, radius: int, stacked: bool = False) -> Canvas:
        v = (self.stack_sharp if stacked else self.sharp)[symbol]
        key = (symbol, "stack", id(v), radius) if stacked else (symbol, id(v), radius)
        return self._keep(key, lambda: _converted(vertical_blur(v, radius)))

    def _pulse_steps(self, symbol: str) -> list[Canvas]:
        v = self.sharp[symbol]
        return [v] + [_converted(v.scaled((round(SYMBOL * s),) * 2)) for s in PULSE_STEPS[1:]]

    @cached_property
    def cover_glow(self) -> list[Canvas]:
        if self.wild_cover is None:
            return []
        cw, ch = self.wild_cover.get_size()
        return _alpha_steps(
            _glow_rect((cw + 40, ch + 40), (120, 255, 220), 18, self.density), GLOW_STEPS, lo=0.25
        )

    @cached_property
    def anticipation_glow(self) -> list[Canvas]:
        glow = _glow_rect((CELL_W + 44, WINDOW.height + 44), (255, 180, 50), 22, self.density, width=14)
        return _alpha_steps(glow, GLOW_STEPS, lo=0.55)

    @cached_property
    def anticipation_wash(self) -> list[Canvas]:
        wash = Canvas.new((CELL_W, WINDOW.height), self.density)
        wash.fill((255, 170, 40, 70))
        return _alpha_steps(wash, GLOW_STEPS, lo=0.3)

    @cached_property
    def cell_glow(self) -> list[Canvas]:
        glow = _glow_rect((CELL_W + 28, CELL_H + 28), (255, 226, 120), 14, self.density)
        return _alpha_steps(glow, GLOW_STEPS, lo=0.45)

    @cached_property
    def held_frame(self) -> Canvas:
        """A cell that did not spin (held, sticky): a steady teal frame."""
        return self._keep(
            ("held-frame", HELD_COLOUR),
            lambda: _glow_rect((CELL_W + 20, CELL_H + 20), HELD_COLOUR, 10, self.density),
        )

    def warm(self, defer: Callable[[Callable[[], object]], None]) -> None:
        """Hand the making of every blur, pulse step and glow to `defer` (one job each)."""
        for k in self.sharp:
            defer(functools.partial(self.blur_heavy.__getitem__, k))
            defer(functools.partial(self.blur_light.__getitem__, k))
        for k in self.stack_sharp:
            defer(functools.partial(self.stack_blur_heavy.__getitem__, k))
            defer(functools.partial(self.stack_blur_light.__getitem__, k))
        for name in ("anticipation_glow", "anticipation_wash", "cell_glow", "cover_glow", "held_frame"):
            defer(functools.partial(getattr, self, name))
        for k in self.sharp:
            defer(functools.partial(self.pulse.__getitem__, k))

    def stamp(self, symbol: str, scale: float) -> Canvas:
        """`symbol` at `scale` (to the nearest 0.05; scaled once, then kept): a wild stamped
        down onto a cell."""
        q = round(scale * 20) / 20
        found = self._stamps.get((symbol, q))
        if found is None:
            size = max(1, round(SYMBOL * q))
            found = self.sharp[symbol].scaled((size, size))
            self._stamps[(symbol, q)] = found
        return found
