"""A small balance-over-time chart of the current session, drawn with pygame.draw lines.

The points come from `ledger.session_balances(session_id)`: the session's start, then one point
per bet, win and top-up, in journal order. The x axis is that order (one step per balance
change), not wall time, so a long pause does not squash the play into a corner. The y axis spans
the lowest and highest balance with a little headroom; the session's starting balance is a
dashed line, so "up" and "down" read at a glance.

`chart_points` is the pure mapping (testable without drawing); `draw_balance_chart` paints. A
session with no rounds yet takes one line (the title and `empty_text`), not an empty box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text

LINE = (255, 214, 120)
UP = (120, 220, 140)
DOWN = (240, 110, 100)
GRID = (70, 60, 52)
LABEL = (200, 188, 166)
BASELINE = (150, 140, 128)

# Player-facing strings (one place, for the translation layer).
T_NO_POINTS = "No rounds played yet in this session"


def chart_points(balances: Sequence[int], rect: pygame.Rect) -> list[tuple[int, int]]:
    """Screen points for balances (cents) inside `rect`: first at the left, last at the right."""
    if not balances:
        return []
    lo: float
    hi: float
    lo, hi = min(balances), max(balances)
    span = max(1, hi - lo)
    lo -= span * 0.08  # headroom so the line never sits on the frame
    hi += span * 0.08
    n = len(balances)
    out = []
    for i, b in enumerate(balances):
        x = rect.left + (rect.w * i / (n - 1) if n > 1 else rect.w / 2)
        y = rect.bottom - (b - lo) / (hi - lo) * rect.h
        out.append((round(x), round(y)))
    return out


def draw_balance_chart(
    surface: Canvas,
    assets,
    rect: pygame.Rect,
    points: Sequence[tuple[str, int]],
    money: Callable[[int], str],
    title: str,
    empty_text: str = T_NO_POINTS,
    edge: tuple[int, int, int] = (150, 112, 60),
) -> pygame.Rect:
    """The chart inside `rect` (its frame, title, min/max labels, baseline, line, last value); with
    fewer than two points, one line at the rect's top instead. Returns the rect used."""
    rect = pygame.Rect(rect)
    balances = [b for _, b in points]
    if len(balances) < 2:
        head = draw_text(
            surface,
            assets.font("text_bold", 15),
            title,
            (rect.left + 4, rect.top + 12),
            LABEL,
            anchor="midleft",
            shadow=False,
        )
        note = draw_text(
            surface,
            assets.font("text", 15),
            empty_text,
            (head.right + 14, rect.top + 12),
            LABEL,
            anchor="midleft",
            shadow=False,
        )
        return head.union(note)
    plate = Canvas.new(rect.size, surface.k)
    draw.rect(plate, (16, 11, 10, 210), plate.get_rect(), border_radius=12)
    draw.rect(plate, (*edge, 255), plate.get_rect(), width=2, border_radius=12)
    surface.blit(plate, rect)
    small = assets.font("text", 15)
    draw_text(
        surface,
        assets.font("text_bold", 15),
        title,
        (rect.left + 14, rect.top + 8),
        LABEL,
        anchor="topleft",
        shadow=False,
    )
    # the top label (the highest balance) sits on the plot's top edge: below the title, not beside it
    plot = pygame.Rect(rect.left + 120, rect.top + 36, rect.w - 140, rect.h - 48)
    for k in range(3):
        y = plot.top + plot.h * k // 2
        draw.line(surface, GRID, (plot.left, y), (plot.right, y), 1)
    pts = chart_points(balances, plot)
    start = balances[0]
    base_y = chart_points([*balances, start], plot)[-1][1]
    for x in range(plot.left, plot.right, 10):  # dashed: the session's starting balance
        draw.line(surface, BASELINE, (x, base_y), (min(x + 5, plot.right), base_y), 1)
    draw.lines(surface, LINE, False, pts, 2)
    last = balances[-1]
    colour = UP if last > start else DOWN if last < start else LINE
    draw.circle(surface, colour, pts[-1], 5)
    hi_i = balances.index(max(balances))
    lo_i = balances.index(min(balances))
    draw_text(
        surface,
        small,
        money(balances[hi_i]),
        (plot.left - 10, plot.top),
        LABEL,
        anchor="midright",
        shadow=False,
    )
    draw_text(
        surface,
        small,
        money(balances[lo_i]),
        (plot.left - 10, plot.bottom),
        LABEL,
        anchor="midright",
        shadow=False,
    )
    draw_text(
        surface,
        assets.font("text_bold", 16),
        money(last),
        (rect.right - 14, rect.top + 8),
        colour,
        anchor="topright",
        shadow=False,
    )
    return rect
