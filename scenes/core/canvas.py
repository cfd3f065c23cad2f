"""Drawing in logical pixels at the window's pixel density.

Scenes lay the screen out in logical pixels: 1280×720 of them fill the window, whatever its size
(`scenes.core.view`). A `Canvas` is a drawing surface in those units whose pixels are at `k`
physical pixels per logical pixel: the density, 1.5 in a 1920×1080 window, 0.78125 in a
1000×700 one. Everything a scene draws is a Canvas or goes through one: images from the asset
store and text from the store's fonts (`ScaledFont`) are Canvases at the window's density, so
blitting them is a plain pixel copy, and a 1920×1080 window shows text and art at their full
resolution instead of an enlarged 1280×720 picture.

A Canvas answers the `pygame.Surface` calls scenes make (`get_size`, `get_rect`, `blit`, `fill`,
`subsurface`, `copy`, `set_alpha`, ...) in logical units, and `draw` mirrors `pygame.draw`.
Physical coordinates are rounded edge by edge (`phys_rect`), so shapes that share a logical edge
share a physical one. At k = 1 a Canvas is a thin wrapper over its surface.

A plain `pygame.Surface` handed to `Canvas.blit` is taken to be at 1 px per logical px and is
scaled on the fly, counted in `Canvas.stats["scaled_blits"]`: right in layout, soft in look; the
tests require none at a density other than 1.

Text marks (tests only). While `Canvas.recorder` is set, every text a `ScaledFont` renders
carries a mark (the string, its colour and its glyph coverage), and blits carry the marks of
their source into the target, so the screen knows where each text landed, however many
compositions it went through. With `recorder.suppress` on, glyphs render fully transparent (their
outline and shadow stay): the contrast test compares the two renders (`tests/support/contrast.py`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pygame

Number = int | float
Point = tuple[Number, Number] | Sequence[Number]


def rect4(r) -> tuple[float, float, float, float]:
    """(x, y, w, h) of a Rect, an (x, y, w, h) sequence or ((x, y), (w, h))."""
    if isinstance(r, pygame.Rect | pygame.FRect):
        return r.x, r.y, r.w, r.h
    if len(r) == 2:
        (x, y), (w, h) = r
        return x, y, w, h
    x, y, w, h = r
    return x, y, w, h


@dataclass(frozen=True, slots=True)
class TextMark:
    """A rendered text: where its glyphs' top-left pixel is in the canvas holding the mark
    (physical px, exactly as the blits placed it), and the font's size in physical px. A panel
    leaves a mark too (`panel` set, `glyphs` None, `size` its (w, h)): the plate texts sit on."""

    text: str
    colour: tuple[int, ...]
    x: int
    y: int
    glyphs: pygame.Surface | None  # the glyph pixels; alpha = coverage
    px: int = 0  # the font's size in physical px
    panel: tuple[int, int] | None = None  # a panel's physical (w, h)

    def moved(self, dx: int, dy: int) -> TextMark:
        return TextMark(self.text, self.colour, self.x + dx, self.y + dy, self.glyphs, self.px, self.panel)

    @property
    def box(self) -> pygame.Rect:
        if self.glyphs is not None:
            return pygame.Rect(self.x, self.y, *self.glyphs.get_size())
        w, h = self.panel or (0, 0)
        return pygame.Rect(self.x, self.y, w, h)


class TextRecorder:
    """Collects text marks while set as `Canvas.recorder` (tests)."""

    def __init__(self) -> None:
        self.suppress = False  # glyphs render transparent (outlines and shadows stay)
        self.rendered: list[str] = []  # every text rendered, in order

    def mark(self, canvas: Canvas, text: str, colour, px: int = 0) -> None:
        self.rendered.append(text)
        canvas.marks = [TextMark(text, tuple(colour), 0, 0, canvas.surf, px)]

    @staticmethod
    def cover(canvas: Canvas, rect) -> None:
        """An opaque picture with soft edges (blitted with alpha, so not found opaque) was drawn
        over logical `rect` of `canvas`: the texts wholly under it are hidden."""
        prect = canvas.phys_rect(rect)
        while canvas._parent is not None:  # a subsurface's marks are kept by its parent
            prect, canvas = prect.move(canvas._offset), canvas._parent
        if canvas.marks:
            canvas._drop_marks_in(prect)

    @staticmethod
    def mark_panel(canvas: Canvas, rect, name: str = "panel") -> None:
        """Note that a panel (a plate texts sit on) covers logical `rect` of `canvas`."""
        pr = canvas.phys_rect(rect)
        canvas._add_marks([TextMark(name, (), pr.x, pr.y, None, 0, pr.size)])


class Canvas:
    """A surface in logical px: `surf` holds its pixels at `k` px per logical px."""

    __slots__ = ("_offset", "_parent", "k", "lh", "lw", "marks", "surf")
    stats: ClassVar[dict[str, int]] = {"scaled_blits": 0}
    recorder: ClassVar[TextRecorder | None] = None

    def __init__(self, surf: pygame.Surface, k: float, size: tuple[Number, Number] | None = None) -> None:
        self.surf = surf
        self.k = k
        if size is None:
            size = (surf.get_width() / k, surf.get_height() / k)
        self.lw, self.lh = size
        self.marks: list[TextMark] | None = None
        self._parent: Canvas | None = None
        self._offset = (0, 0)  # physical px in the parent (a subsurface)

    # construction ------------------------------------------------------------------------------
    @classmethod
    def new(cls, size: tuple[Number, Number], k: float, alpha: bool = True) -> Canvas:
        """A cleared canvas of logical `size` (transparent with `alpha`, else black)."""
        w, h = size
        pw, ph = max(1, round(w * k)), max(1, round(h * k))
        surf = pygame.Surface((pw, ph), pygame.SRCALPHA if alpha else 0)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha() if alpha else surf.convert()
        return cls(surf, k, (w, h))

    @classmethod
    def resampled(cls, pixels: pygame.Surface, size: tuple[Number, Number], k: float) -> Canvas:
        """`pixels` (drawn at any scale) smooth-scaled to logical `size` at density `k`."""
        pw, ph = max(1, round(size[0] * k)), max(1, round(size[1] * k))
        if pixels.get_size() != (pw, ph):
            pixels = pygame.transform.smoothscale(pixels, (pw, ph))
        return cls(pixels, k, size)

    @classmethod
    def wrap(cls, surf: pygame.Surface | Canvas, k: float = 1.0) -> Canvas:
        """`surf` as a Canvas (a plain Surface is taken to be at density `k`)."""
        return surf if isinstance(surf, Canvas) else cls(surf, k)

    # geometry ----------------------------------------------------------------------------------
    def get_size(self) -> tuple[int, int]:
        return round(self.lw), round(self.lh)

    def get_width(self) -> int:
        return round(self.lw)

    def get_height(self) -> int:
        return round(self.lh)

    @property
    def size(self) -> tuple[int, int]:
        return self.get_size()

    def get_rect(self, **kw) -> pygame.Rect:
        r = pygame.Rect(0, 0, round(self.lw), round(self.lh))
        for key, value in kw.items():
            setattr(r, key, value)
        return r

    def phys_rect(self, r) -> pygame.Rect:
        """A logical rect → the physical one (edges rounded, so neighbours stay neighbours)."""
        x, y, w, h = rect4(r)
        k = self.k
        x0, y0 = round(x * k), round(y * k)
        return pygame.Rect(x0, y0, round((x + w) * k) - x0, round((y + h) * k) - y0)

    # drawing -----------------------------------------------------------------------------------
    def _source(self, src) -> pygame.Surface:
        """The pixels of `src` at this canvas's density."""
        if isinstance(src, Canvas):
            if src.k == self.k:
                return src.surf
            Canvas.stats["scaled_blits"] += 1
            w, h = max(1, round(src.lw * self.k)), max(1, round(src.lh * self.k))
            return pygame.transform.smoothscale(src.surf, (w, h))
        if self.k == 1:
            return src
        Canvas.stats["scaled_blits"] += 1
        w, h = src.get_size()
        return pygame.transform.smoothscale(src, (max(1, round(w * self.k)), max(1, round(h * self.k))))

    def blit(self, src, dest, area=None, special_flags: int = 0) -> pygame.Rect:
        """Blit `src` (a Canvas, or a plain Surface at 1 px per logical px) with its top-left at the
        logical point `dest` (or a rect's top-left); `area` is a logical rect of `src`. Returns the
        logical rect drawn."""
        k = self.k
        pix = src.surf if type(src) is Canvas and src.k == k else self._source(src)
        dx, dy = dest[0], dest[1]
        parea = None if area is None else self.phys_rect(area)
        done = self.surf.blit(pix, (round(dx * k), round(dy * k)), parea, special_flags)
        if Canvas.recorder is not None:
            opaque = not pix.get_flags() & pygame.SRCALPHA and pix.get_alpha() in (None, 255)
            if self.marks and special_flags == 0 and opaque:
                self._drop_marks_in(done)  # an opaque picture covers the texts under it
            self._note_blit(src, round(dx * k), round(dy * k), parea)
        return done if k == 1 else _lr(done, k)

    def blit_frame(self, src: Canvas, dest, band: float) -> None:
        """Blit only the edges of `src`, `band` logical px wide, with its top-left at `dest`: for a
        frame whose middle is clear (a focus ring round a big tile), which then costs its edges
        rather than its whole area. The four pieces tile the edge in physical px exactly, so no
        pixel is blended twice. `src` is at this canvas's density and holds no text."""
        pix = src.surf if src.k == self.k else self._source(src)
        w, h = pix.get_size()
        t = min(max(1, round(band * self.k)), w // 2, h // 2)
        x, y = round(dest[0] * self.k), round(dest[1] * self.k)
        pieces = (
            (0, 0, w, t),
            (0, h - t, w, t),
            (0, t, t, h - 2 * t),
            (w - t, t, t, h - 2 * t),
        )
        self.surf.blits(
            [(pix, (x + px, y + py), (px, py, pw, ph)) for px, py, pw, ph in pieces], doreturn=False
        )

    def _note_blit(self, src, px: int, py: int, parea: pygame.Rect | None) -> None:
        marks = src.own_marks() if isinstance(src, Canvas) else None
        if not marks:
            return
        ax, ay = (0, 0) if parea is None else parea.topleft
        self._add_marks([m.moved(px - ax, py - ay) for m in marks])

    def own_marks(self) -> list[TextMark] | None:
        """The text marks over this canvas, in its own coordinates (a subsurface's are kept by
        the canvas it is part of)."""
        if self._parent is None:
            return self.marks
        found = self._parent.own_marks()
        if not found:
            return None
        ox, oy = self._offset
        box = pygame.Rect(ox, oy, *self.surf.get_size())
        inside = [m.moved(-ox, -oy) for m in found if box.colliderect(m.box)]
        return inside or None

    def _add_marks(self, marks: list[TextMark]) -> None:
        if self._parent is not None:
            ox, oy = self._offset
            self._parent._add_marks([m.moved(ox, oy) for m in marks])
            return
        if self.marks is None:
            self.marks = []
        self.marks.extend(marks)

    def blits(self, seq: Iterable, doreturn: bool = True):
        out = [self.blit(*item) for item in seq]
        return out if doreturn else None

    def fblits(self, seq: Iterable, special_flags: int = 0) -> None:
        """Many blits of (source, logical top-left) at once."""
        if Canvas.recorder is not None:
            for src, dest in seq:
                self.blit(src, dest, None, special_flags)
            return
        k = self.k
        self.surf.fblits(
            [
                (
                    s.surf if type(s) is Canvas and s.k == k else self._source(s),
                    (round(d[0] * k), round(d[1] * k)),
                )
                for s, d in seq
            ],
            special_flags,
        )

    def fill(self, color, rect=None, special_flags: int = 0) -> pygame.Rect:
        pr = None if rect is None else self.phys_rect(rect)
        if self.marks and special_flags == 0:
            self._drop_marks_in(pr)
        done = self.surf.fill(color, pr, special_flags)
        return done if self.k == 1 else _lr(done, self.k)

    def _drop_marks_in(self, prect: pygame.Rect | None) -> None:
        """Forget the texts inside physical `prect` (all of them for None): painted over."""
        if prect is None:
            self.marks = None
            return
        self.marks = [m for m in self.marks or () if not prect.contains(m.box)] or None

    def subsurface(self, rect) -> Canvas:
        """A canvas sharing this one's pixels over logical `rect`."""
        _x, _y, w, h = rect4(rect)
        pr = self.phys_rect(rect).clip(self.surf.get_rect())
        sub = Canvas(self.surf.subsurface(pr), self.k, (w, h))
        sub._parent, sub._offset = self, pr.topleft
        return sub

    def set_clip(self, rect=None) -> None:
        self.surf.set_clip(None if rect is None else self.phys_rect(rect))

    def get_clip(self) -> pygame.Rect:
        return _lr(self.surf.get_clip(), self.k)

    def copy(self) -> Canvas:
        c = Canvas(self.surf.copy(), self.k, (self.lw, self.lh))
        marks = self.own_marks() if Canvas.recorder is not None else None
        c.marks = list(marks) if marks else None
        return c

    def convert(self) -> Canvas:
        c = Canvas(self.surf.convert(), self.k, (self.lw, self.lh))
        c.marks = self.own_marks()
        return c

    def convert_alpha(self) -> Canvas:
        c = Canvas(self.surf.convert_alpha(), self.k, (self.lw, self.lh))
        c.marks = self.own_marks()
        return c

    def set_alpha(self, value, flags: int = 0) -> None:
        self.surf.set_alpha(value, flags)

    def get_alpha(self):
        return self.surf.get_alpha()

    def get_flags(self) -> int:
        return self.surf.get_flags()

    def get_at(self, pos: Point) -> pygame.Color:
        """The colour at a logical point (the physical pixel under the logical pixel's centre)."""
        k = self.k
        x = min(int((pos[0] + 0.5) * k), self.surf.get_width() - 1)
        y = min(int((pos[1] + 0.5) * k), self.surf.get_height() - 1)
        return self.surf.get_at((x, y))

    def set_at(self, pos: Point, color) -> None:
        self.surf.fill(color, self.phys_rect((pos[0], pos[1], 1, 1)))

    # transforms (each returns a new Canvas) ----------------------------------------------------
    def scaled(self, size: tuple[Number, Number]) -> Canvas:
        """Smooth-scaled to logical `size`."""
        w, h = size
        pw, ph = max(1, round(w * self.k)), max(1, round(h * self.k))
        surf = (
            self.surf
            if (pw, ph) == self.surf.get_size()
            else pygame.transform.smoothscale(self.surf, (pw, ph))
        )
        c = Canvas(surf, self.k, (w, h))
        if self.marks and Canvas.recorder is not None:
            sx, sy = pw / self.surf.get_width(), ph / self.surf.get_height()
            c.marks = [
                TextMark(
                    m.text,
                    m.colour,
                    round(m.x * sx),
                    round(m.y * sy),
                    pygame.transform.smoothscale(
                        m.glyphs,
                        (max(1, round(m.glyphs.get_width() * sx)), max(1, round(m.glyphs.get_height() * sy))),
                    ),
                    round(m.px * sy),
                )
                for m in self.marks
                if m.glyphs is not None
            ]
        return c

    def rotated(self, angle: float) -> Canvas:
        return Canvas(pygame.transform.rotate(self.surf, angle), self.k)

    def rotozoomed(self, angle: float, scale: float) -> Canvas:
        """Rotated by `angle` degrees and scaled by `scale`, smoothly (its own pixels)."""
        return Canvas(pygame.transform.rotozoom(self.surf, angle, scale), self.k)

    def flipped(self, x: bool, y: bool) -> Canvas:
        return Canvas(pygame.transform.flip(self.surf, x, y), self.k, (self.lw, self.lh))

    def grayscale(self) -> Canvas:
        return Canvas(pygame.transform.grayscale(self.surf), self.k, (self.lw, self.lh))

    def __repr__(self) -> str:
        return f"<Canvas {self.lw:g}×{self.lh:g} at {self.k:g} px/px>"


def _lr(r: pygame.Rect, k: float) -> pygame.Rect:
    if k == 1:
        return r
    x0, y0 = math.floor(r.x / k), math.floor(r.y / k)
    return pygame.Rect(x0, y0, math.ceil(r.right / k) - x0, math.ceil(r.bottom / k) - y0)


def _target(target) -> tuple[pygame.Surface, float]:
    if isinstance(target, Canvas):
        return target.surf, target.k
    return target, 1.0


def _width(width: Number, k: float) -> int:
    """A line width in physical px: 0 (filled) stays 0, any other at least 1 px."""
    return 0 if width <= 0 else max(1, round(width * k))


def _pi(p: Point, k: float) -> tuple[int, int]:
    return round(p[0] * k), round(p[1] * k)


def _pf(p: Point, k: float) -> tuple[float, float]:
    return p[0] * k, p[1] * k


class draw:  # noqa: N801 - a namespace that mirrors pygame.draw
    """`pygame.draw` for Canvases (a plain Surface is drawn on at 1 px per logical px)."""

    @staticmethod
    def rect(target, color, rect, width: int = 0, border_radius: int = -1, **corners) -> pygame.Rect:
        surf, k = _target(target)
        x, y, w, h = rect4(rect)
        x0, y0 = round(x * k), round(y * k)
        pr = pygame.Rect(x0, y0, round((x + w) * k) - x0, round((y + h) * k) - y0)
        br = border_radius if border_radius < 0 else round(border_radius * k)
        corners = {n: (round(v * k) if v >= 0 else v) for n, v in corners.items()}
        return _lr(pygame.draw.rect(surf, color, pr, _width(width, k), br, **corners), k)

    @staticmethod
    def line(target, color, start: Point, end: Point, width: int = 1) -> pygame.Rect:
        surf, k = _target(target)
        return _lr(pygame.draw.line(surf, color, _pi(start, k), _pi(end, k), max(1, round(width * k))), k)

    @staticmethod
    def lines(target, color, closed: bool, points, width: int = 1) -> pygame.Rect:
        surf, k = _target(target)
        pts = [_pi(p, k) for p in points]
        return _lr(pygame.draw.lines(surf, color, closed, pts, max(1, round(width * k))), k)

    @staticmethod
    def aaline(target, color, start: Point, end: Point) -> pygame.Rect:
        surf, k = _target(target)
        return _lr(pygame.draw.aaline(surf, color, _pf(start, k), _pf(end, k)), k)

    @staticmethod
    def aalines(target, color, closed: bool, points) -> pygame.Rect:
        surf, k = _target(target)
        return _lr(pygame.draw.aalines(surf, color, closed, [_pf(p, k) for p in points]), k)

    @staticmethod
    def circle(target, color, center: Point, radius: Number, width: int = 0, **quadrants) -> pygame.Rect:
        surf, k = _target(target)
        return _lr(
            pygame.draw.circle(surf, color, _pf(center, k), radius * k, _width(width, k), **quadrants), k
        )

    @staticmethod
    def polygon(target, color, points, width: int = 0) -> pygame.Rect:
        surf, k = _target(target)
        return _lr(pygame.draw.polygon(surf, color, [_pf(p, k) for p in points], _width(width, k)), k)

    @staticmethod
    def ellipse(target, color, rect, width: int = 0) -> pygame.Rect:
        surf, k = _target(target)
        x, y, w, h = rect4(rect)
        pr = pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))
        return _lr(pygame.draw.ellipse(surf, color, pr, _width(width, k)), k)


class ScaledFont:
    """A font of `size` logical px that renders at density `k`: its metrics are in logical px and
    `render` returns a Canvas at `k`."""

    __slots__ = ("font", "k", "logical_size")

    def __init__(self, font: pygame.font.Font, k: float, size: int) -> None:
        self.font = font
        self.k = k
        self.logical_size = size

    def render(self, text: str, antialias: bool, color, bg=None, *, effect: bool = False) -> Canvas:
        """`text` in `color` as a Canvas. `effect`: the render is an outline or a shadow of a
        text (not itself a text: no mark, never suppressed)."""
        rec = Canvas.recorder
        if rec is not None and not effect and rec.suppress and bg is None:
            surf = self.font.render(text, antialias, color)
            surf.fill((0, 0, 0, 0))
            return Canvas(surf, self.k)
        c = Canvas(self.font.render(text, antialias, color, bg), self.k)
        if rec is not None and not effect and text.strip():
            rec.mark(c, text, color, getattr(self.font, "point_size", round(self.logical_size * self.k)))
        return c

    def size(self, text: str) -> tuple[int, int]:
        w, h = self.font.size(text)
        return round(w / self.k), round(h / self.k)

    def get_height(self) -> int:
        return round(self.font.get_height() / self.k)

    def get_linesize(self) -> int:
        return round(self.font.get_linesize() / self.k)

    def get_ascent(self) -> int:
        return round(self.font.get_ascent() / self.k)

    def get_descent(self) -> int:
        return round(self.font.get_descent() / self.k)
