"""The pay lines' looks: a colour per line, and in the colour-blind-safe palette a pattern too.

Two palettes (the `line_palette` setting):

- "standard": 25 distinct, friendly colours, warm and cool hues interleaved so neighbouring line
  numbers never look alike;
- "colour_blind": the eight colours of the Okabe–Ito palette (told apart with every common colour
  vision deficiency) times four patterns — solid, dashed, dotted, dash-dot —, so no two of the 25
  lines share both colour and pattern, and a line never depends on its hue alone (the numbered
  markers at both ends say which line it is too).

`line_style(line, palette)` is a 1-based line's (colour, pattern); `draw_patterned(surface, colour,
points, width, pattern)` draws a polyline in a pattern (the win lines, the paytable's diagrams).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from scenes.core.canvas import Canvas, draw

Color = tuple[int, int, int]

STANDARD: tuple[Color, ...] = (
    (255, 214, 64),
    (255, 92, 92),
    (92, 200, 255),
    (140, 240, 100),
    (255, 128, 220),
    (255, 158, 48),
    (170, 130, 255),
    (64, 232, 196),
    (236, 236, 120),
    (255, 110, 150),
    (112, 160, 255),
    (200, 255, 150),
    (255, 190, 130),
    (220, 120, 255),
    (110, 255, 170),
    (255, 232, 180),
    (90, 200, 140),
    (255, 140, 100),
    (150, 220, 255),
    (240, 170, 255),
    (210, 196, 80),
    (255, 96, 190),
    (100, 230, 230),
    (255, 200, 40),
    (180, 255, 220),
)

# Okabe & Ito (2008), "Color Universal Design"; black is replaced by white (the reels are dark),
# blue lifted a little so it reads on the dark reel backing
OKABE_ITO: tuple[Color, ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
    (40, 130, 200),  # blue
    (213, 94, 0),  # vermillion
    (204, 121, 167),  # reddish purple
    (240, 240, 240),  # white
)
PATTERNS = ("solid", "dash", "dot", "dashdot")

DASH, GAP, DOT_STEP = 22.0, 11.0, 15.0


def line_style(line: int, palette: str = "standard") -> tuple[Color, str]:
    """(colour, pattern) of 1-based line `line` in `palette`."""
    i = line - 1
    if palette == "colour_blind":
        n = len(OKABE_ITO)
        return OKABE_ITO[i % n], PATTERNS[(i // n) % len(PATTERNS)]
    return STANDARD[i % len(STANDARD)], "solid"


def line_colour(line: int, palette: str = "standard") -> Color:
    return line_style(line, palette)[0]


def _walk(points: Sequence[tuple[float, float]]):
    """Each segment: its ends, its length and the distance along the line to its start."""
    run = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        yield x0, y0, x1, y1, length, run
        run += length


def _point_at(points: Sequence[tuple[float, float]], d: float) -> tuple[float, float]:
    for x0, y0, x1, y1, length, run in _walk(points):
        if run + length >= d and length > 0:
            k = (d - run) / length
            return x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
    return points[-1]


def _sub_polyline(
    points: Sequence[tuple[float, float]], start: float, end: float
) -> list[tuple[float, float]]:
    """The part of a polyline between distances `start` and `end` along it (corners kept)."""
    out = [_point_at(points, start)]
    for x0, y0, _x1, _y1, _length, run in _walk(points):
        if start < run < end:
            out.append((x0, y0))
    out.append(_point_at(points, end))
    return out


def draw_patterned(
    surface: Canvas,
    colour: tuple[int, ...],
    points: Sequence[tuple[float, float]],
    width: int,
    pattern: str = "solid",
) -> None:
    """A polyline `width` logical px wide in `pattern` ("solid", "dash", "dot", "dashdot"), on a
    Canvas (at its density) or a plain Surface."""
    if len(points) < 2:
        return
    if pattern == "solid":
        draw.lines(surface, colour, False, points, width)
        return
    total = sum(seg[4] for seg in _walk(points))
    d = 0.0
    radius = max(2, width // 2 + 1)
    while d < total:
        if pattern == "dot":
            x, y = _point_at(points, d)
            draw.circle(surface, colour, (round(x), round(y)), radius)
            d += DOT_STEP
            continue
        end = min(total, d + DASH)
        draw.lines(surface, colour, False, _sub_polyline(points, d, end), width)
        d = end + GAP
        if pattern == "dashdot" and d < total:
            x, y = _point_at(points, d)
            draw.circle(surface, colour, (round(x), round(y)), radius)
            d += GAP
