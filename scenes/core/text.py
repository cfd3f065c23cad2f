"""Text rendering helpers: cached glyph surfaces with optional shadow and outline, anchoring.

Fonts come from the asset store (`ScaledFont`: sizes and metrics in logical px, glyphs rendered at
the window's density), so rendered text is a `Canvas` at that density and the shadow's offset and
the outline's radius, given in logical px, are drawn at the same density.

Rendering text is the most expensive thing a slot UI does per frame, so every rendered string is
kept in a bounded LRU cache keyed by (font, text, colours, effects). A scene can call `draw_text`
every frame for a balance that changes once a second and only pay for a blit.

The cache holds a reference to each font it keys on, so a font's `id()` cannot be reused by a
different font while its entries live. The cache is an object (`TextCache`); the module keeps one
default instance because rendered text is a pure function of its inputs (no game state).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Protocol

import pygame

from scenes.core.canvas import Canvas, ScaledFont

Color = tuple[int, int, int] | tuple[int, int, int, int]


class Measures(Protocol):
    """What measuring text needs: a `ScaledFont` (logical px) or a plain pygame font (pixels)."""

    def size(self, text: str, /) -> tuple[int, int]: ...


ANCHORS = (
    "center",
    "midleft",
    "midright",
    "topleft",
    "topright",
    "midtop",
    "midbottom",
    "bottomleft",
    "bottomright",
)

SHADOW_OFFSET = (0, 2)
SHADOW_COLOR = (0, 0, 0, 150)


TEXT_BUDGET_BYTES = 8 * 1024 * 1024
"""Pixel bytes the rendered texts may hold (a screen's texts many times over): counters and
amounts render a new string every round, and the oldest give way."""


class TextCache:
    """An LRU of rendered text surfaces, bounded in entries and in pixel bytes."""

    def __init__(self, capacity: int = 768, budget: int = TEXT_BUDGET_BYTES) -> None:
        self.capacity = capacity
        self.budget = budget
        self._items: OrderedDict[tuple, tuple[ScaledFont, Canvas]] = OrderedDict()
        self._bytes = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def get(
        self,
        font: ScaledFont,
        text: str,
        color: Color,
        shadow: bool,
        outline: int,
        outline_color: Color,
    ) -> Canvas:
        rec = Canvas.recorder
        mode = None if rec is None else rec.suppress  # tests render with and without glyphs
        key = (id(font), text, tuple(color), shadow, outline, tuple(outline_color), mode)
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return item[1]
        self.misses += 1
        surf = _compose(font, text, color, shadow, outline, outline_color)
        self._items[key] = (font, surf)
        self._bytes += _pixels(surf)
        budget = self.budget * max(1.0, font.k**2)  # texts at a higher density hold k² the bytes
        while len(self._items) > 1 and (len(self._items) > self.capacity or self._bytes > budget):
            _, (_, dropped) = self._items.popitem(last=False)
            self._bytes -= _pixels(dropped)
        return surf

    @property
    def bytes(self) -> int:
        """Pixel bytes held (at most `budget` plus the newest entry)."""
        return self._bytes

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0


def _pixels(text: Canvas) -> int:
    surf = text.surf
    return surf.get_pitch() * surf.get_height()


_DEFAULT_CACHE = TextCache()


def clear_text_cache() -> None:
    """Forget every rendered text (the density changed: they are at the old one)."""
    _DEFAULT_CACHE.clear()


def _compose(
    font: ScaledFont, text: str, color: Color, shadow: bool, outline: int, outline_color: Color
) -> Canvas:
    """Render `text` with its effects baked into one per-pixel-alpha canvas.

    Composed in physical px: the outline's radius and the shadow's offset are logical px scaled
    to the font's density (at least one pixel each)."""
    k = font.k
    base = font.render(text, True, color[:3])
    if len(color) > 3 and color[3] < 255:
        base.set_alpha(color[3])
    if not shadow and outline <= 0:
        return _finish(base)
    w, h = base.surf.get_size()
    pad = max(round(outline * k), 1) if outline > 0 else 0
    sx, sy = (max(round(v * k), 1) if v else 0 for v in SHADOW_OFFSET) if shadow else (0, 0)
    out = pygame.Surface((w + 2 * pad + sx, h + 2 * pad + sy), pygame.SRCALPHA)
    if shadow:
        shade = font.render(text, True, SHADOW_COLOR[:3], effect=True).surf
        shade.set_alpha(SHADOW_COLOR[3])
        out.blit(shade, (pad + sx, pad + sy))
        if pad:
            # the shadow of an outlined string is the outline's silhouette, offset
            for ox, oy in _ring(pad):
                out.blit(shade, (pad + sx + ox, pad + sy + oy))
    if pad:
        ring = font.render(text, True, outline_color[:3], effect=True).surf
        for ox, oy in _ring(pad):
            out.blit(ring, (pad + ox, pad + oy))
    out.blit(base.surf, (pad, pad))
    composed = Canvas(out, k)
    if base.marks:
        composed.marks = [m.moved(pad, pad) for m in base.marks]
    return _finish(composed)


def _ring(radius: int) -> list[tuple[int, int]]:
    """Offsets on and inside a circle of `radius`, enough for a solid outline."""
    return [
        (x, y)
        for x in range(-radius, radius + 1)
        for y in range(-radius, radius + 1)
        if (x or y) and x * x + y * y <= radius * radius + radius
    ]


def _finish(surf: Canvas) -> Canvas:
    if pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def render_text(
    font: ScaledFont,
    text: str,
    color: Color = (255, 255, 255),
    *,
    shadow: bool = False,
    outline: int = 0,
    outline_color: Color = (0, 0, 0),
    cache: TextCache | None = None,
) -> Canvas:
    """A cached surface of `text` (antialiased) with optional drop shadow and outline."""
    return (cache or _DEFAULT_CACHE).get(font, text, color, shadow, outline, outline_color)


def anchored(rect: pygame.Rect, pos: tuple[int, int], anchor: str) -> pygame.Rect:
    """Move `rect` so its `anchor` point sits at `pos`."""
    if anchor not in ANCHORS:
        raise ValueError(f"unknown anchor {anchor!r}")
    setattr(rect, anchor, (int(pos[0]), int(pos[1])))
    return rect


def draw_text(
    surface: Canvas,
    font: ScaledFont,
    text: str,
    pos: tuple[int, int],
    color: Color = (255, 255, 255),
    anchor: str = "center",
    shadow: bool = True,
    outline: int = 0,
    outline_color: Color = (0, 0, 0),
) -> pygame.Rect:
    """Blit `text` with its `anchor` point at `pos`; return the rect it covers."""
    surf = render_text(font, text, color, shadow=shadow, outline=outline, outline_color=outline_color)
    rect = anchored(surf.get_rect(), pos, anchor)
    surface.blit(surf, rect)
    return rect


_PIECES = re.compile(r"\d|\D+")


def draw_counter(
    surface: Canvas,
    font: ScaledFont,
    text: str,
    pos: tuple[int, int],
    color: Color = (255, 255, 255),
    anchor: str = "center",
    shadow: bool = True,
    outline: int = 0,
    outline_color: Color = (0, 0, 0),
) -> pygame.Rect:
    """`draw_text` for a figure that changes every frame (a count-up, "1,365 coins").

    Rendering a new string with its outline every frame costs milliseconds; here the text is laid
    out from cached pieces instead (each digit alone, every other run whole: "1", ",", "3", …,
    " coins"), each placed at its advance, so a new figure costs a few blits. Advances are the
    font's own, in physical px at its density (logical = physical / k, kept fractional), so the
    pieces sit exactly where one rendered string would put them.
    """
    pieces = _PIECES.findall(text)
    k = font.k
    pad = max(outline, 0)
    sx, sy = SHADOW_OFFSET if shadow else (0, 0)
    advances = [font.font.size(p)[0] / k for p in pieces]
    width = round(sum(advances)) + 2 * pad + sx
    height = font.get_height() + 2 * pad + sy
    rect = anchored(pygame.Rect(0, 0, width, height), pos, anchor)
    x = float(rect.x)
    for piece, advance in zip(pieces, advances, strict=True):
        surf = render_text(font, piece, color, shadow=shadow, outline=outline, outline_color=outline_color)
        surface.blit(surf, (x, rect.y))
        x += advance
    return rect


def wrap_text(font: Measures, text: str, width: int) -> list[str]:
    """Split `text` into lines no wider than `width` pixels (breaking at spaces)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_font(assets, name: str, text: str, max_width: int, size: int, min_size: int = 10) -> ScaledFont:
    """The largest font of `name` (≤ `size`) in which `text` fits `max_width` pixels."""
    while size > min_size and assets.font(name, size).size(text)[0] > max_width:
        size -= 1
    return assets.font(name, size)
