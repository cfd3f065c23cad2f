"""Win presentation over the reels: pay lines, winning cells, line markers, the line cycle.

After a spin with wins the presenter first shows every winning line at once (coloured lines
through the cell centres, joined to their numbered markers at the window's edges), the winning
cells bright and pulsing and the rest dimmed; then it cycles through the wins one by one
("LINE 7: 40 coins", "SCATTER: 50 coins"), as the originals do; the message line names the win from
the first moment ("3 WINS: 130 coins" while every line shows). The line markers sit at the
window's left and right edges (one per line when a row's would not fit: `marker_positions`) in
every state: lines in play bright, lines not in play dim, winning lines lit in
their colour; hovering a marker previews its line.

It owns only presentation state (which win is shown, for how long); it never computes a win: it
shows the `Win` objects of the `SpinEvent`. Line art (a soft glow and a bright core per line) and
marker badges are rendered once, behind the first frame, so a frame is a handful of blits (the
markers' one `fblits` call, its list kept per look); the lines and cell frames are kept
run-length encoded, only their pixels that show (every line of a 30-line game: 60 MB at
1920×1080 as plain pictures, about 10 encoded).

The line-cycle message is translated through the translator passed in (`tr`, the context's
`scenes.core.i18n.Translator`) when it is read, so it follows a language switch at once; without one
it is English.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import pygame

from game.definitions import GameDefinition
from game.events import SpinEvent, Win
from scenes.core.canvas import Canvas, ScaledFont, draw
from scenes.core.i18n import Translator
from scenes.core.text import render_text
from scenes.reels.line_palette import STANDARD, draw_patterned, line_style
from scenes.reels.reel_view import ReelView
from scenes.reels.symbol_art import CELL_H, CELL_W, Cache, soft_blur, sparse

# Player-facing msgids (assets/locale/*.json)
MSG_LINE = "LINE {line}: {coins:,} coins"
MSG_SCATTER = "SCATTER: {coins:,} coins"
MSG_ALL = "{n} WINS: {coins:,} coins"

# the standard palette (kept under its old name); the colour-blind-safe one is in line_palette
LINE_COLOURS: tuple[tuple[int, int, int], ...] = STANDARD

BADGE_W, BADGE_H = 30, 18
GOLD_FRAME = (255, 206, 90)  # the frame of winning cells while every line shows at once
MARKER_GAP = 6  # px between the window edge and a marker
ALL_TIME = 0.9  # s: every winning line at once, a brief flash before they show one by one
EACH_TIME = 1.15  # s: one win in the cycle
PULSE_RATE = 9.0  # pulse steps per second


def line_colour(line: int, palette: str = "standard") -> tuple[int, int, int]:
    """The colour of 1-based line `line` in `palette`."""
    return line_style(line, palette)[0]


def marker_positions(
    lines: list[list[int]], window: pygame.Rect, rows: int
) -> tuple[list[tuple[int, int] | None], list[tuple[int, int] | None]]:
    """Centres of the left and right markers of each line (index 0 = line 1; None: no marker on
    that side).

    A line's left marker sits beside the row it starts on, its right marker beside the row it
    ends on; the lines sharing a row share its height evenly, in line order. When a row's markers
    would not fit its height (more than CELL_H // BADGE_H: Stones' 25 lines, the 30-line games),
    each line gets one marker only, on the side where fewer stand beside its row (the left on a
    tie), so no two markers ever overlap.
    """
    fit = CELL_H // BADGE_H
    ends = [(ln[0], ln[-1]) for ln in lines]
    per_row = [[sum(1 for e in ends if e[s] == row) for row in range(rows)] for s in (0, 1)]
    both = all(n <= fit for side in per_row for n in side)
    placed: list[list[int]] = [[], []]  # the lines with a marker on each side
    counts = [[0] * rows, [0] * rows]
    for i, (first, last) in enumerate(ends):
        if both:
            sides: tuple[int, ...] = (0, 1)
        elif counts[0][first] <= counts[1][last]:
            sides = (0,)  # the left has room to spare beside this line's first row
        else:
            sides = (1,)
        for s in sides:
            placed[s].append(i)
            counts[s][(first, last)[s]] += 1

    def side(s: int, x: int) -> list[tuple[int, int] | None]:
        out: list[tuple[int, int] | None] = [None] * len(ends)
        for row in range(rows):
            members = [i for i in placed[s] if ends[i][s] == row]
            step = CELL_H / max(1, len(members))
            for k, i in enumerate(members):
                out[i] = (x, round(window.y + row * CELL_H + (k + 0.5) * step))
        return out

    left = side(0, window.left - MARKER_GAP - BADGE_W // 2)
    right = side(1, window.right + MARKER_GAP + BADGE_W // 2)
    return left, right


def _line_points(
    line: list[int], left: tuple[int, int] | None, right: tuple[int, int] | None, window: pygame.Rect
) -> list[tuple[int, int]]:
    """The line through its cells' centres, from its left marker (or the window's edge, beside
    its first cell, when it has none there) to its right one."""
    mid = [
        (window.x + reel * CELL_W + CELL_W // 2, window.y + row * CELL_H + CELL_H // 2)
        for reel, row in enumerate(line)
    ]
    start = (left[0] + BADGE_W // 2, left[1]) if left is not None else (window.left, mid[0][1])
    end = (right[0] - BADGE_W // 2, right[1]) if right is not None else (window.right, mid[-1][1])
    return [start, *mid, end]


LINE_MARGIN = 18
MARKER_LOOKS = 64  # marker blit lists kept


def _line_origin(points: list[tuple[int, int]]) -> tuple[int, int]:
    """Where a line's art is blitted (its bounding box's corner, margin included)."""
    return min(p[0] for p in points) - LINE_MARGIN, min(p[1] for p in points) - LINE_MARGIN


def _render_line(
    points: list[tuple[int, int]], colour: tuple[int, int, int], k: float, pattern: str = "solid"
) -> tuple[Canvas, tuple[int, int]]:
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
    small = Canvas.new((w // 4 + 1, h // 4 + 1), k)
    draw.lines(small, (*colour, 255), False, [(x // 4, y // 4) for x, y in local], 5)
    small = soft_blur(small, 4)
    surf = small.scaled((w, h))
    draw.lines(surf, (16, 10, 6, 235), False, local, 11)
    draw_patterned(surf, (*colour, 255), local, 7, pattern)
    light = tuple(min(255, c + 110) for c in colour)
    draw_patterned(surf, (*light, 255), local, 2, pattern)
    for x, y in local[1:-1]:
        draw.circle(surf, (16, 10, 6, 235), (x, y), 8)
        draw.circle(surf, (*colour, 255), (x, y), 6)
        draw.circle(surf, (*light, 255), (x, y), 2)
    return surf, (x0, y0)


def _render_cell_frame(colour: tuple[int, int, int], k: float) -> Canvas:
    """The frame around a winning cell, in its line's colour, with a soft outer glow."""
    w, h = CELL_W + 24, CELL_H + 24
    surf = Canvas.new((w, h), k)
    box = pygame.Rect(12, 12, CELL_W, CELL_H).inflate(-8, -4)
    draw.rect(surf, (*colour, 255), box, width=10, border_radius=16)
    surf = soft_blur(surf, 6)
    draw.rect(surf, (16, 10, 6, 200), box, width=7, border_radius=16)
    draw.rect(surf, (*colour, 255), box, width=4, border_radius=16)
    light = tuple(min(255, c + 110) for c in colour)
    draw.rect(surf, (*light, 255), box.inflate(-2, -2), width=1, border_radius=15)
    return surf


def _luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _render_badge(
    number: int,
    colour: tuple[int, int, int],
    state: str,
    font: ScaledFont,
    badge_art: Canvas | None,
) -> Canvas:
    """One line marker: state "off" (line not played), "on" (played) or "lit" (winning/hover).
    The digits are dark or light, whichever stands out more on the badge as drawn (the art's
    shading included); on a mid-tone colour where neither stands out by far they get an outline in
    the other."""
    surf = Canvas.new((BADGE_W, BADGE_H), font.k)
    if state == "lit":  # the line's own colour
        fill, edge = colour, (255, 255, 255)
    elif state == "on":
        # dark enough under cream digits for 4.5:1 whatever the line's colour
        fill = (int(colour[0] * 0.36), int(colour[1] * 0.36), int(colour[2] * 0.36))
        edge = (
            min(255, int(colour[0] * 0.9)),
            min(255, int(colour[1] * 0.9)),
            min(255, int(colour[2] * 0.9)),
        )
    else:  # a line not played: muted, still legible
        fill, edge = (30, 30, 36), (70, 70, 76)
    rect = surf.get_rect()
    if badge_art is not None:
        art = badge_art.scaled(rect.size)
        tint = art.copy()
        tint.fill((*fill, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(tint, (0, 0))
        draw.rect(surf, (*edge, 255), rect, width=1, border_radius=5)
    else:
        draw.rect(surf, (*fill, 255), rect, border_radius=5)
        draw.rect(surf, (*edge, 255), rect, width=1, border_radius=5)
    if state == "off":
        text_col, outline, ring = (172, 170, 162), 0, (0, 0, 0)
    else:
        px = surf.get_at(rect.center)
        behind = _luminance((px[0], px[1], px[2]))
        on_dark = (1.05) / (behind + 0.05)  # cream digits
        on_light = (behind + 0.05) / 0.055  # near-black digits
        dark, light = (20, 14, 8), (255, 252, 244)
        text_col, ring = (light, dark) if on_dark >= on_light else (dark, light)
        outline = 0 if max(on_dark, on_light) >= 7.0 else 1  # margin for the art's shading
    label = render_text(font, str(number), text_col, outline=outline, outline_color=ring)
    surf.blit(label, label.get_rect(center=(rect.centerx, rect.centery)))
    return surf


class _LazyList:
    """A fixed-length list whose items are made on first look-up by `make(index)`."""

    def __init__(self, n: int, make: Callable[[int], object]) -> None:
        self._items: list = [None] * n
        self._make = make

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i: int):
        item = self._items[i]
        if item is None:
            item = self._items[i] = self._make(i)
        return item


class _LazyMap(dict):
    def __init__(self, make: Callable) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key):
        value = self[key] = self._make(key)
        return value


class WinPresenter:
    """Shows one spin's wins; also draws the line markers and the hover preview."""

    def __init__(
        self,
        definition: GameDefinition,
        view: ReelView,
        font: ScaledFont,
        badge_art: Canvas | None = None,
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
        self.palette = palette
        self._kept: dict[tuple, Canvas] = {}  # lines and cell frames, run-length encoded
        self._target: pygame.Surface | None = None  # the surface drawn on last (see `_seal`)
        window = view.window
        self.left, self.right = marker_positions(definition.lines, window, definition.rows)
        # each line's markers (one or two: see marker_positions)
        self.marker_rects: list[tuple[pygame.Rect, ...]] = []
        for i in range(len(definition.lines)):
            rects = []
            for centre in (self.left[i], self.right[i]):
                if centre is not None:
                    r = pygame.Rect(0, 0, BADGE_W, BADGE_H)
                    r.center = centre
                    rects.append(r)
            self.marker_rects.append(tuple(rects))
        self.rebuild(font, badge_art)
        self.scale = 1.0
        self.clear()

    def set_palette(self, palette: str) -> None:
        """Draw the lines, winning-cell frames and markers in `palette` from now on (the art of
        each palette is built on first use and kept in the cache)."""
        if palette == self.palette:
            return
        self.palette = palette
        self.rebuild(self._font, self._badge_art)

    def rebuild(self, font: ScaledFont, badge_art: Canvas | None = None) -> None:
        """Prepare the lines, cell frames and markers in the palette, at the density of `font`
        (again, after the window's density or the palette changed). Each is rendered on first
        use: the markers the first frame shows are rendered for it, the lines and frames when a
        win or a hovered marker asks, or earlier behind the first frame (`warm`).

        The lines and cell frames are the presenter's own, kept run-length encoded (`sparse`:
        a line spans the reel window, 3 MB at 1920×1080, of which a sixth shows), per palette;
        the badges go through the shared cache."""
        self._font, self._badge_art = font, badge_art
        definition, cache, k, palette = self.definition, self._cache, font.k, self.palette
        kept = self._kept
        for key in [key for key in kept if key[-1] != k]:
            del kept[key]  # another density's

        def keep(key: tuple, build) -> Canvas:
            return cache(("win-art", definition.id, *key), build) if cache is not None else build()

        def own(key: tuple, build) -> Canvas:
            art = kept.get((*key, k))
            if art is None:
                art = kept[(*key, k)] = sparse(build())
            return art

        points = [
            _line_points(line, self.left[i], self.right[i], self.view.window)
            for i, line in enumerate(definition.lines)
        ]

        def line_art(i: int) -> tuple[Canvas, tuple[int, int]]:
            pts = points[i]
            colour, pattern = line_style(i + 1, palette)
            art = own(
                ("line", i + 1, tuple(pts), colour, pattern), lambda: _render_line(pts, colour, k, pattern)[0]
            )
            return art, _line_origin(pts)

        def frame(i: int) -> Canvas:
            colour = line_colour(i + 1, palette)
            return own(("frame", colour), lambda: _render_cell_frame(colour, k))

        def badge(key: tuple[int, str]) -> Canvas:
            i, state = key
            colour = line_colour(i, palette)
            return keep(
                ("badge", i, state, colour, id(font)),
                lambda: _render_badge(i, colour, state, font, badge_art),
            )

        self._line_art = _LazyList(len(points), line_art)
        self._frames = _LazyList(len(points), frame)  # winning-cell frames, one per line colour
        self._gold = lambda: own(("frame", GOLD_FRAME), lambda: _render_cell_frame(GOLD_FRAME, k))
        self._badges = _LazyMap(badge)
        # the markers' blits per (lit lines, hovered line, lines played): a cache of what they show
        self._marker_seqs: dict[tuple, list[tuple[Canvas, pygame.Rect]]] = {}

    @property
    def _gold_frame(self) -> Canvas:
        return self._gold()

    def warm(self, defer: Callable[[Callable[[], object]], None]) -> None:
        """Hand the rendering of every line, cell frame and lit marker to `defer`."""
        n = len(self.definition.lines)
        defer(lambda: self._seal(self._gold_frame))
        for i in range(n):
            defer(functools.partial(self._warm_line, i))

    def _warm_line(self, i: int) -> object:
        """Make line `i`'s art, cell frame and lit marker (each kept by its table), encoded."""
        art = self._line_art[i]
        self._seal(art[0])
        self._seal(self._frames[i])
        return art, self._badges[(i + 1, "lit")]

    def _seal(self, art: Canvas) -> None:
        """Run-length encode `art` now, for the surface the presenter draws on: SDL encodes a
        picture at its first blit to a surface (and again, decoding first, at its first blit to
        another), so one pixel of it blitted onto that surface (and the pixel put back) frees
        the full picture behind the first frame instead of in the frame it first shows."""
        target = self._target
        if target is None or not art.surf.get_flags() & pygame.RLEACCELOK:
            return
        kept = target.get_at((0, 0))
        target.blit(art.surf, (0, 0), pygame.Rect(0, 0, 1, 1))
        target.set_at((0, 0), kept)

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
            return frozenset((p[0], p[1]) for w in self.wins for p in w.positions)
        win = self.current
        if win is None:
            return None
        return frozenset((p[0], p[1]) for p in win.positions)

    @property
    def pulse(self) -> int:
        """The pulse step (0..4 and back) for winning symbols."""
        k = int(self.clock * PULSE_RATE) % 8
        return k if k <= 4 else 8 - k

    @property
    def cell_frame(self) -> Canvas | None:
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
        for i, rects in enumerate(self.marker_rects, start=1):
            if any(r.collidepoint(pos) for r in rects):
                return i
        return None

    # -- drawing ------------------------------------------------------------------------------------
    def draw_lines(self, surface: Canvas, hover: int | None = None) -> None:
        """The lines being presented (and the hovered line's preview) over the reels, each
        blitted run-length encoded (only the pixels that show: a dozen lines at once cost
        less than one full-window layer)."""
        self._target = surface.surf  # where the lines go: what `_seal` encodes them for
        lit = sorted(self.lit_lines())
        for line in lit:
            art, pos = self._line_art[line - 1]
            surface.blit(art, pos)
        if hover is not None and hover not in lit:
            art, pos = self._line_art[hover - 1]
            surface.blit(art, pos)

    def draw_markers(self, surface: Canvas, lines_played: int, hover: int | None = None) -> None:
        lit = self.lit_lines()
        key = (lit, hover, lines_played)
        seq = self._marker_seqs.get(key)
        if seq is None:
            # the same blits in the same order, listed once per look and drawn in one call
            seq = []
            for i in range(1, len(self.marker_rects) + 1):
                state = "lit" if (i in lit or i == hover) else ("on" if i <= lines_played else "off")
                badge = self._badges[(i, state)]
                seq += [(badge, r) for r in self.marker_rects[i - 1]]
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
