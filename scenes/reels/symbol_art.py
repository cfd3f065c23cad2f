"""The reels' pre-rendered art: every surface the reel view blits, prepared once per game.

`SymbolArt` holds, per symbol, the sharp 160×160 image, two vertically motion-blurred copies
(light and heavy, `vertical_blur`) and the pulse steps of a winning symbol; for stacked symbols
their full-height art (sharp and blurred); the wild-reel cover
and its glow; the glows of anticipation, winning cells and held cells. The reel window's layout
(the art contract) is here too: `WINDOW`, `CELL_W`, `CELL_H`, `SYMBOL`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame

Cache = Callable[[tuple, Callable[[], pygame.Surface]], pygame.Surface]

# Layout of the reel window in logical screen pixels (the art contract).
WINDOW = pygame.Rect(210, 56, 860, 480)
CELL_W = 172
CELL_H = 160
SYMBOL = 160

# Blur radii in pixels for the two motion-blur levels.
BLUR_LIGHT = 10
BLUR_HEAVY = 26
PULSE_STEPS = (1.0, 1.03, 1.06, 1.09, 1.12)
GLOW_STEPS = 8
HELD_COLOUR = (120, 255, 220)  # the frame of a cell that did not spin (teal, like sticky wilds)
STACK = 3  # a run of this many of a stacked symbol is drawn as one full-height piece


def vertical_blur(image: pygame.Surface, radius: int) -> pygame.Surface:
    """A copy of `image` smeared vertically by a box of ±`radius` px (premultiplied alpha).

    The result is `radius` px taller at the top and at the bottom, so the streak continues past
    the tile like real motion; blit it `radius` px higher than the sharp image.
    """
    w, h = image.get_size()
    rgb = pygame.surfarray.array3d(image).astype(np.float32)  # (w, h, 3)
    alpha = pygame.surfarray.array_alpha(image).astype(np.float32) / 255.0  # (w, h)
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
    return out


def soft_blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """A cheap, smooth blur: two box blurs of half the radius (≈ a tent kernel).

    Several times faster than `gaussian_blur` and indistinguishable on glows, which keeps the
    one-off preparation of a game's art short.
    """
    r = max(1, radius // 2)
    return pygame.transform.box_blur(pygame.transform.box_blur(surf, r), r)


def _glow_rect(
    size: tuple[int, int], color: tuple[int, int, int], border: int, width: int = 6
) -> pygame.Surface:
    """A soft glowing frame of `size` (drawn, then blurred), for anticipation and win cells."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    inset = border + 4
    pygame.draw.rect(
        surf, (*color, 255), (inset, inset, w - 2 * inset, h - 2 * inset), width=width, border_radius=14
    )
    surf = soft_blur(surf, border // 2 or 1)
    if width > 6:  # a strong glow: blur a second copy into the first for a denser core
        core = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(
            core,
            (*color, 255),
            (inset, inset, w - 2 * inset, h - 2 * inset),
            width=width // 2,
            border_radius=14,
        )
        surf.blit(soft_blur(core, 3), (0, 0))
    pygame.draw.rect(
        surf,
        (*[min(255, c + 60) for c in color], 255),
        (inset, inset, w - 2 * inset, h - 2 * inset),
        width=2,
        border_radius=14,
    )
    return surf


def _alpha_steps(surf: pygame.Surface, steps: int, lo: float = 0.35) -> list[pygame.Surface]:
    """`steps` copies of `surf` faded from `lo` to full opacity (animating without set_alpha)."""
    out = []
    for i in range(steps):
        a = lo + (1.0 - lo) * i / max(1, steps - 1)
        s = surf.copy()
        s.fill((255, 255, 255, int(255 * a)), special_flags=pygame.BLEND_RGBA_MULT)
        out.append(s)
    return out


class SymbolArt:
    """Every surface the reels blit, prepared once per game: sharp, blurred, pulse-scaled.

    `images` maps symbol id → 160×160 image. `wild_cover` is the 160×480 wild-reel art (or None
    for games without wild reels); `wild_tag` a small "WILD" marker for transformed symbols.
    """

    def __init__(
        self,
        images: dict[str, pygame.Surface],
        wild_cover: pygame.Surface | None = None,
        wild_tag: pygame.Surface | None = None,
        cache: Cache | None = None,
        stacks: dict[str, pygame.Surface] | None = None,
        extras: dict[str, pygame.Surface] | None = None,
    ) -> None:
        """`cache(key, build)` keeps the blurred copies between scenes (the asset store's
        `derived`); keys are prefixed with "reel-art" and the symbol id. `stacks` maps a symbol
        that comes in runs of `STACK` on the strips to its full-height art (160 × 3 rows): such
        a run is drawn as one piece (`scenes.reels.reel_paint`). `extras`: a game's own images
        for its reel effects (by name)."""
        self.extras = dict(extras or {})

        def keep(key: tuple, build) -> pygame.Surface:
            return cache(("reel-art", *key), build) if cache is not None else build()

        self.sharp = dict(images)
        self.blur_light = {
            k: keep((k, id(v), BLUR_LIGHT), lambda v=v: vertical_blur(v, BLUR_LIGHT))
            for k, v in images.items()
        }
        self.blur_heavy = {
            k: keep((k, id(v), BLUR_HEAVY), lambda v=v: vertical_blur(v, BLUR_HEAVY))
            for k, v in images.items()
        }
        self.stack_sharp = dict(stacks or {})
        self.stack_blur_light = {
            k: keep((k, "stack", id(v), BLUR_LIGHT), lambda v=v: vertical_blur(v, BLUR_LIGHT))
            for k, v in self.stack_sharp.items()
        }
        self.stack_blur_heavy = {
            k: keep((k, "stack", id(v), BLUR_HEAVY), lambda v=v: vertical_blur(v, BLUR_HEAVY))
            for k, v in self.stack_sharp.items()
        }
        # pulse steps for winning symbols: scaled once here, never per frame
        self.pulse: dict[str, list[pygame.Surface]] = {}
        for k, v in images.items():
            steps = [v]
            for s in PULSE_STEPS[1:]:
                size = round(SYMBOL * s)
                steps.append(pygame.transform.smoothscale(v, (size, size)))
            self.pulse[k] = steps
        self.wild_cover = wild_cover
        self.wild_tag = wild_tag
        self.cover_glow: list[pygame.Surface] = []
        if wild_cover is not None:
            cw, ch = wild_cover.get_size()
            self.cover_glow = _alpha_steps(
                _glow_rect((cw + 40, ch + 40), (120, 255, 220), 18), GLOW_STEPS, lo=0.25
            )
        self.anticipation_glow = _alpha_steps(
            _glow_rect((CELL_W + 44, WINDOW.height + 44), (255, 180, 50), 22, width=14),
            GLOW_STEPS,
            lo=0.55,
        )
        wash = pygame.Surface((CELL_W, WINDOW.height), pygame.SRCALPHA)
        wash.fill((255, 170, 40, 70))
        self.anticipation_wash = _alpha_steps(wash, GLOW_STEPS, lo=0.3)
        self.cell_glow = _alpha_steps(
            _glow_rect((CELL_W + 28, CELL_H + 28), (255, 226, 120), 14), GLOW_STEPS, lo=0.45
        )
        dim = pygame.Surface((CELL_W, CELL_H), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        self.dim_cell = dim
        # a cell that did not spin (held, sticky): a steady teal frame
        self.held_frame = keep(
            ("held-frame", HELD_COLOUR), lambda: _glow_rect((CELL_W + 20, CELL_H + 20), HELD_COLOUR, 10)
        )
        self._stamps: dict[tuple[str, float], pygame.Surface] = {}

    def stamp(self, symbol: str, scale: float) -> pygame.Surface:
        """`symbol` at `scale` (to the nearest 0.05; scaled once, then kept): a wild stamped
        down onto a cell."""
        q = round(scale * 20) / 20
        found = self._stamps.get((symbol, q))
        if found is None:
            size = max(1, round(SYMBOL * q))
            found = pygame.transform.smoothscale(self.sharp[symbol], (size, size))
            self._stamps[(symbol, q)] = found
        return found

    def convert(self) -> None:
        """Convert every surface for fast blits (call once a display mode exists)."""
        if pygame.display.get_surface() is None:
            return
        tables = (self.sharp, self.blur_light, self.blur_heavy)
        for table in (*tables, self.stack_sharp, self.stack_blur_light, self.stack_blur_heavy, self.extras):
            for k in table:
                table[k] = table[k].convert_alpha()
        for k, steps in self.pulse.items():
            self.pulse[k] = [s.convert_alpha() for s in steps]
