"""Win presentation over the reels: pay lines, winning cells, line markers, the line cycle.

After a spin with wins the presenter first shows every winning line at once (coloured lines
through the cell centres, joined to their numbered markers at the window's edges), the winning
cells bright and pulsing and the rest dimmed; then it cycles through the wins one by one
("LINE 7: 40 coins", "SCATTER: 50 coins"); the message line names the win from the first moment
("3 WINS: 130 coins" while every line shows). The 25 line markers sit at the window's left and
right edges in every state: lines in play bright, lines not in play dim, winning lines lit in
their colour; hovering a marker previews its line.

It owns only presentation state (which win is shown, for how long); it never computes a win: it
shows the `Win` objects of the `SpinEvent`. Line art (a soft glow and a bright core per line) and
marker badges are rendered once at construction, so a frame is a handful of blits (the markers'
one `fblits` call, its list kept per look).

The line-cycle message is translated through the translator passed in (`tr`, the context's
`scenes.core.i18n.Translator`) when it is read, so it follows a language switch at once; without one
it is English.
"""

from __future__ import annotations

import math

import pygame

from game.definitions import GameDefinition
from game.events import SpinEvent, Win
from scenes.core.i18n import Translator
from scenes.core.text import render_text
from scenes.reels.line_palette import STANDARD, draw_patterned, line_style
from scenes.reels.reel_view import ReelView
from scenes.reels.symbol_art import CELL_H, CELL_W, Cache, soft_blur

# Player-facing msgids (assets/locale/*.json)
MSG_LINE = "LINE {line}: {coins:,} coins"
MSG_SCATTER = "SCATTER: {coins:,} coins"
MSG_ALL = "{n} WINS: {coins:,} coins"

# the standard palette (kept under its old name); the colour-blind-safe one is in line_palette
LINE_COLOURS: tuple[tuple[int, int, int], ...] = STANDARD

BADGE_W, BADGE_H = 30, 18
GOLD_FRAME = (255, 206, 90)  # the frame of winning cells while every line shows at once
MARKER_GAP = 6  # px between the window edge and a marker
ALL_TIME = 1.7  # s: every winning line at once
EACH_TIME = 1.15  # s: one win in the cycle
PULSE_RATE = 9.0  # pulse steps per second


def line_colour(line: int, palette: str = "standard") -> tuple[int, int, int]:
    """The colour of 1-based line `line` in `palette`."""
    return line_style(line, palette)[0]


def marker_positions(
    lines: list[list[int]], window: pygame.Rect, rows: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Centres of the left and right markers of each line (index 0 = line 1).

    A line's left marker sits beside the row it starts on, its right marker beside the row it
    ends on; the lines sharing a row share its height evenly, in line order.
    """

    def side(row_of: list[int], x: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = [(0, 0)] * len(row_of)
        for row in range(rows):
            members = [i for i, r in enumerate(row_of) if r == row]
            step = CELL_H / max(1, len(members))
            for k, i in enumerate(members):
                out[i] = (x, round(window.y + row * CELL_H + (k + 0.5) * step))
        return out

    left = side([ln[0] for ln in lines], window.left - MARKER_GAP - BADGE_W // 2)
    right = side([ln[-1] for ln in lines], window.right + MARKER_GAP + BADGE_W // 2)
    return left, right


def _line_points(
    line: list[int], left: tuple[int, int], right: tuple[int, int], window: pygame.Rect
) -> list[tuple[int, int]]:
    pts = [(left[0] + BADGE_W // 2, left[1])]
    for reel, row in enumerate(line):
        pts.append((window.x + reel * CELL_W + CELL_W // 2, window.y + row * CELL_H + CELL_H // 2))
    pts.append((right[0] - BADGE_W // 2, right[1]))
    return pts


LINE_MARGIN = 18
MARKER_LOOKS = 64  # marker blit lists kept


def _line_origin(points: list[tuple[int, int]]) -> tuple[int, int]:
    """Where a line's art is blitted (its bounding box's corner, margin included)."""
    return min(p[0] for p in points) - LINE_MARGIN, min(p[1] for p in points) - LINE_MARGIN


def _render_line(
    points: list[tuple[int, int]], colour: tuple[int, int, int], pattern: str = "solid"
) -> tuple[pygame.Surface, tuple[int, int]]:
    """A line's art (soft glow, dark edge, coloured core, bright centre) on its own surface,
    and where to blit it. A patterned line (the colour-blind-safe palette) draws its core and
    centre in its pattern over the dark edge, so the pattern reads on any symbol."""
    margin = LINE_MARGIN
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = min(xs) - margin, min(ys) - margin
    w, h = max(xs) - x0 + margin, max(ys) - y0 + margin
    local = [(x - x0, y - y0) for x, y in points]
    # the glow is drawn at half size and blurred, then scaled up once: cheap and soft
    small = pygame.Surface((w // 4 + 1, h // 4 + 1), pygame.SRCALPHA)
    pygame.draw.lines(small, (*colour, 255), False, [(x // 4, y // 4) for x, y in local], 5)
    small = soft_blur(small, 4)
    surf = pygame.transform.smoothscale(small, (w, h))
    pygame.draw.lines(surf, (16, 10, 6, 235), False, local, 11)
    draw_patterned(surf, (*colour, 255), local, 7, pattern)
    light = tuple(min(255, c + 110) for c in colour)
    draw_patterned(surf, (*light, 255), local, 2, pattern)
    for x, y in local[1:-1]:
        pygame.draw.circle(surf, (16, 10, 6, 235), (x, y), 8)
        pygame.draw.circle(surf, (*colour, 255), (x, y), 6)
        pygame.draw.circle(surf, (*light, 255), (x, y), 2)
    return surf, (x0, y0)


def _render_cell_frame(colour: tuple[int, int, int]) -> pygame.Surface:
    """The frame around a winning cell, in its line's colour, with a soft outer glow."""
    w, h = CELL_W + 24, CELL_H + 24
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    box = pygame.Rect(12, 12, CELL_W, CELL_H).inflate(-8, -4)
    pygame.draw.rect(surf, (*colour, 255), box, width=10, border_radius=16)
    surf = soft_blur(surf, 6)
    pygame.draw.rect(surf, (16, 10, 6, 200), box, width=7, border_radius=16)
    pygame.draw.rect(surf, (*colour, 255), box, width=4, border_radius=16)
    light = tuple(min(255, c + 110) for c in colour)
    pygame.draw.rect(surf, (*light, 255), box.inflate(-2, -2), width=1, border_radius=15)
    return surf


def _render_badge(
    number: int,
    colour: tuple[int, int, int],
    state: str,
    font: pygame.font.Font,
    badge_art: pygame.Surface | None,
) -> pygame.Surface:
    """One line marker: state "off" (line not played), "on" (played) or "lit" (winning/hover)."""
    surf = pygame.Surface((BADGE_W, BADGE_H), pygame.SRCALPHA)
    if state == "lit":
        fill, text_col, edge = colour, (20, 14, 8), (255, 255, 255)
    elif state == "on":
        fill = tuple(int(c * 0.55) for c in colour)
        text_col, edge = (255, 250, 236), tuple(min(255, int(c * 0.9)) for c in colour)
    else:
        fill, text_col, edge = (40, 40, 46), (120, 118, 112), (70, 70, 76)
    rect = surf.get_rect()
    if badge_art is not None:
        art = pygame.transform.smoothscale(badge_art, rect.size)
        tint = art.copy()
        tint.fill((*fill, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(tint, (0, 0))
        pygame.draw.rect(surf, (*edge, 255), rect, width=1, border_radius=5)
    else:
        pygame.draw.rect(surf, (*fill, 255), rect, border_radius=5)
        pygame.draw.rect(surf, (*edge, 255), rect, width=1, border_radius=5)
    label = render_text(font, str(number), text_col)
    surf.blit(label, label.get_rect(center=(rect.centerx, rect.centery)))
    return surf


class WinPresenter:
    """Shows one spin's wins; also draws the line markers and the hover preview."""

    def __init__(
        self,
        definition: GameDefinition,
        view: ReelView,
        font: pygame.font.Font,
        badge_art: pygame.Surface | None = None,
        cache: Cache | None = None,
        tr: Translator | None = None,
        palette: str = "standard",
    ) -> None:
        """`cache(key, build)` keeps the rendered lines, frames and badges between scenes (the
        asset store's `derived`); `tr` translates the line-cycle message; `palette` is the
        `line_palette` setting ("standard" or "colour_blind", see `scenes.reels.line_palette`)."""

        self.definition = definition
        self.view = view
        self.tr = tr
        self._cache = cache
        self._font = font
        self._badge_art = badge_art
        window = view.window
        self.left, self.right = marker_positions(definition.lines, window, definition.rows)
        self.marker_rects: list[tuple[pygame.Rect, pygame.Rect]] = []
        for i in range(1, len(definition.lines) + 1):
            lr = pygame.Rect(0, 0, BADGE_W, BADGE_H)
            lr.center = self.left[i - 1]
            rr = pygame.Rect(0, 0, BADGE_W, BADGE_H)
            rr.center = self.right[i - 1]
            self.marker_rects.append((lr, rr))
        self._gold_frame = self._keep(("frame", GOLD_FRAME), lambda: _render_cell_frame(GOLD_FRAME))
        self.palette = ""
        self.set_palette(palette)
        self.scale = 1.0
        self.clear()

    def _keep(self, key: tuple, build) -> pygame.Surface:
        cache = self._cache
        return cache(("win-art", self.definition.id, *key), build) if cache is not None else build()

    def set_palette(self, palette: str) -> None:
        """Draw the lines, winning-cell frames and markers in `palette` from now on (the art of
        each palette is built once and kept in the cache)."""
        if palette == self.palette:
            return
        self.palette = palette
        window, font, badge_art = self.view.window, self._font, self._badge_art
        self._line_art: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._frames: list[pygame.Surface] = []  # winning-cell frames, one per line colour
        self._badges: dict[tuple[int, str], pygame.Surface] = {}
        # the markers' blits per (lit lines, hovered line, lines played): a cache of what they show
        self._marker_seqs: dict[tuple, list[tuple[pygame.Surface, pygame.Rect]]] = {}
        for i, line in enumerate(self.definition.lines, start=1):
            colour, pattern = line_style(i, palette)
            pts = _line_points(line, self.left[i - 1], self.right[i - 1], window)
            art = self._keep(
                ("line", i, tuple(pts), colour, pattern),
                lambda pts=pts, colour=colour, pattern=pattern: _render_line(pts, colour, pattern)[0],
            )
            self._line_art.append((art, _line_origin(pts)))
            self._frames.append(
                self._keep(("frame", colour), lambda colour=colour: _render_cell_frame(colour))
            )
            for state in ("off", "on", "lit"):
                self._badges[(i, state)] = self._keep(
                    ("badge", i, state, colour, id(font)),
                    lambda i=i, colour=colour, state=state: _render_badge(i, colour, state, font, badge_art),
                )

    # -- state ------------------------------------------------------------------------------------
    def clear(self) -> None:
        self.spin: SpinEvent | None = None
        self.wins: list[Win] = []
        self.phase = "idle"  # idle | all | cycle
        self.t = 0.0
        self.index = -1
        self.cycled = False
        self.clock = 0.0

    @property
    def active(self) -> bool:
        return self.phase != "idle"

    def cycle_time(self) -> float:
        """Seconds from `present` until every win has been shown once (the "cycled" cue)."""
        return (ALL_TIME + EACH_TIME * len(self.wins)) * self.scale if self.wins else 0.0

    def present(self, spin: SpinEvent, scale: float = 1.0) -> None:
        """Begin presenting `spin`'s wins (nothing happens if it has none). `scale` < 1 is
        quicker (quick spin, autoplay)."""
        self.clear()
        if not spin.wins:
            return
        self.spin = spin
        # scatter wins last: the lines read left to right first, like the paytable
        self.wins = sorted(spin.wins, key=lambda w: (w.kind == "scatter", w.line or 0))
        self.phase = "all"
        self.scale = scale

    def update(self, dt: float) -> str | None:
        """Advance; returns "line" when a single win comes up (for its sound), "cycled" once
        every win has been shown one by one."""
        self.clock += dt
        if self.phase == "idle":
            return None
        self.t += dt
        if self.phase == "all":
            if self.t >= ALL_TIME * self.scale:
                self.t = 0.0
                self.phase = "cycle"
                self.index = 0
                return "line"
            return None
        if self.t >= EACH_TIME * self.scale:
            self.t = 0.0
            self.index += 1
            if self.index >= len(self.wins):
                self.index = 0
                if not self.cycled:
                    self.cycled = True
                    return "cycled"
            return "line"
        return None

    @property
    def current(self) -> Win | None:
        if self.phase == "cycle" and 0 <= self.index < len(self.wins):
            return self.wins[self.index]
        return None

    @property
    def message(self) -> str | None:
        """The win being shown, in words, from the moment it shows: while every line shows at
        once, the spin's wins and total ("3 WINS: 130 coins", or the one win's own words); then
        each win in turn."""
        win = self.current
        if win is None and self.phase == "all" and self.wins:
            if len(self.wins) == 1:
                win = self.wins[0]
            else:
                total = sum(w.coins for w in self.wins)
                if self.tr is None:
                    return MSG_ALL.format(n=len(self.wins), coins=total)
                return self.tr.t(MSG_ALL, n=len(self.wins), coins=total)
        if win is None:
            return None
        msgid = MSG_SCATTER if win.kind == "scatter" else MSG_LINE
        if self.tr is None:
            return msgid.format(line=win.line, coins=win.coins)
        return self.tr.t(msgid, line=win.line, coins=win.coins)

    @property
    def emphasis(self) -> frozenset[tuple[int, int]] | None:
        if self.phase == "all":
            return frozenset(tuple(p) for w in self.wins for p in w.positions)
        win = self.current
        if win is None:
            return None
        return frozenset(tuple(p) for p in win.positions)

    @property
    def pulse(self) -> int:
        """The pulse step (0..4 and back) for winning symbols."""
        k = int(self.clock * PULSE_RATE) % 8
        return k if k <= 4 else 8 - k

    @property
    def cell_frame(self) -> pygame.Surface | None:
        """The frame drawn around winning cells: the line's colour, gold for all / scatter."""
        win = self.current
        if win is not None and win.line is not None:
            return self._frames[win.line - 1]
        return self._gold_frame if self.phase != "idle" else None

    def lit_lines(self) -> frozenset[int]:
        if self.phase == "all":
            return frozenset(w.line for w in self.wins if w.line is not None)
        win = self.current
        return frozenset({win.line}) if win is not None and win.line is not None else frozenset()

    def marker_at(self, pos: tuple[int, int] | None, lines_played: int) -> int | None:
        """The line whose marker is under `pos` (1-based), for the hover preview."""
        if pos is None:
            return None
        for i, (lr, rr) in enumerate(self.marker_rects, start=1):
            if lr.collidepoint(pos) or rr.collidepoint(pos):
                return i
        return None

    # -- drawing ------------------------------------------------------------------------------------
    def draw_lines(self, surface: pygame.Surface, hover: int | None = None) -> None:
        """The lines being presented (and the hovered line's preview) over the reels."""
        for line in sorted(self.lit_lines()):
            art, pos = self._line_art[line - 1]
            surface.blit(art, pos)
        if hover is not None and hover not in self.lit_lines():
            art, pos = self._line_art[hover - 1]
            surface.blit(art, pos)

    def draw_markers(self, surface: pygame.Surface, lines_played: int, hover: int | None = None) -> None:
        lit = self.lit_lines()
        key = (lit, hover, lines_played)
        seq = self._marker_seqs.get(key)
        if seq is None:
            # the same blits in the same order, listed once per look and drawn in one call
            seq = []
            for i in range(1, len(self.marker_rects) + 1):
                state = "lit" if (i in lit or i == hover) else ("on" if i <= lines_played else "off")
                badge = self._badges[(i, state)]
                lr, rr = self.marker_rects[i - 1]
                seq += [(badge, lr), (badge, rr)]
            if len(self._marker_seqs) >= MARKER_LOOKS:
                self._marker_seqs.clear()
            self._marker_seqs[key] = seq
        surface.fblits(seq)


# The celebration tiers, lowest first: a round's win of at least this many times the total bet
# is celebrated as that tier (the count-up climbs through the tiers it passes).
CELEBRATION_TIERS: tuple[tuple[str, int], ...] = (("big", 15), ("mega", 50), ("epic", 150))


def win_tier(win_coins: int, total_bet_coins: int) -> str | None:
    """ "epic" (≥ 150× the total bet), "mega" (≥ 50×), "big" (≥ 15×) or None."""
    if total_bet_coins <= 0 or win_coins <= 0:
        return None
    reached = [name for name, times in CELEBRATION_TIERS if win_coins >= times * total_bet_coins]
    return reached[-1] if reached else None


def count_time(win_coins: int, total_bet_coins: int) -> float:
    """How long a win meter counts up: longer for bigger wins (0.6 s … 4 s)."""
    if win_coins <= 0:
        return 0.0
    ratio = win_coins / max(1, total_bet_coins)
    return min(4.0, 0.6 + 0.9 * math.log2(1 + ratio))
