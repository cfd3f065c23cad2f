"""Drawing the reels (a mixin of `scenes.reels.reel_view.ReelView`): what `draw` paints, and the
caches it keeps. Drawing changes no state: the caches are pure functions of their keys.

Given the opaque backdrop under the window, a reel at rest is blitted as one opaque column
composed over it once (a cache keyed by the symbols, tags and lit cells it shows), not symbol by
symbol; a spinning reel is drawn from the strip with the motion-blurred art; a falling reel by
its cascade; held cells over their spinning reel; overlay wilds on their way over the landed
reels; then the covers, the winning cells and the anticipation glow.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from scenes.core.canvas import Canvas
from scenes.reels.symbol_art import (
    BLUR_HEAVY,
    BLUR_LIGHT,
    CELL_H,
    CELL_W,
    GLOW_STEPS,
    PULSE_STEPS,
    STACK,
    SYMBOL,
)

if TYPE_CHECKING:
    from typing import Any

    from scenes.reels.motion import Reel, SpinTiming
    from scenes.reels.reel_effects import CascadeFall, OverlayLaying
    from scenes.reels.symbol_art import SymbolArt

COLUMN_CACHE = 10  # composed reel columns kept (5 reels × a few emphasis looks; ~700 KB each at 1.5)


class ReelPainter:
    """`ReelView.draw` and its helpers."""

    if TYPE_CHECKING:  # the host's (ReelView), for the checker
        _anticipating: int | None
        _cascade: CascadeFall | None
        _columns: dict[tuple[Any, ...], Canvas]
        _laying: OverlayLaying | None
        _pending: set[tuple[int, int]]
        art: SymbolArt
        cover: frozenset[int]
        grid: list[list[str]]
        held: frozenset[tuple[int, int]]
        reels: list[Reel]
        rows: int
        timing: SpinTiming
        wild_id: str | None
        wild_marked: frozenset[str]
        window: pygame.Rect

        def cell_center(self, reel: int, row: int) -> tuple[int, int]: ...

        def cell_rect(self, reel: int, row: int) -> pygame.Rect: ...

        def symbol_at(self, reel: int, index: int) -> str: ...

    def draw(
        self,
        surface: Canvas,
        clock: float = 0.0,
        emphasis: frozenset[tuple[int, int]] | None = None,
        pulse: int = 0,
        cell_frame: Canvas | None = None,
        backdrop: Canvas | None = None,
    ) -> None:
        """Blit the reels into the window. `emphasis`: winning cells drawn bright and pulsing
        (step `pulse`) inside `cell_frame` (default: a gold glow), the others dimmed; `clock`
        animates glows. Changes no state.

        `backdrop`, when given, is the opaque surface under the window (same coordinates); the
        view then paints the whole window itself, backdrop included, so the caller need not blit
        the backdrop there. A reel at rest is blitted as one opaque column composed once over it
        (the same blits in the same order, so the same pixels), not symbol by symbol."""
        art = self.art
        win = self.window
        old_clip = surface.get_clip()
        surface.set_clip(win)
        pad = (CELL_W - SYMBOL) // 2
        rows = self.rows
        glow_i = int((math.sin(clock * 5.0) * 0.5 + 0.5) * (GLOW_STEPS - 1) + 0.5)
        composed: set[int] = set()  # reels blitted as a cached column (their dims included)
        falling = self._cascade.reels if self._cascade is not None else frozenset()
        if backdrop is not None:
            cached = [
                not (r.covered and art.wild_cover is not None)
                and r.phase == "rest"
                and r.pos == math.floor(r.pos)
                and r.index not in falling
                for r in self.reels
            ]
            if not all(cached) or len(self.reels) * CELL_W != win.w:
                surface.blit(backdrop, win, win)  # the window's own backdrop, under everything
        for i, reel in enumerate(self.reels):
            x = win.x + i * CELL_W + pad
            if reel.covered and art.wild_cover is not None:
                continue
            if i in falling:
                self._cascade.draw_reel(surface, art, win, i, clock)  # type: ignore[union-attr]
                continue
            if backdrop is not None and reel.phase == "rest" and reel.pos == math.floor(reel.pos):
                surface.blit(self._column(backdrop, i, emphasis), (win.x + i * CELL_W, win.y))
                composed.add(i)
                continue
            speed = abs(reel.velocity) if reel.phase in ("spin", "decel") else 0.0
            table: dict[str, Canvas]
            if speed > 0.55 * self.timing.speed:
                table, blur = art.blur_heavy, BLUR_HEAVY
            elif speed > 3.0:
                table, blur = art.blur_light, BLUR_LIGHT
            else:
                table, blur = art.sharp, 0
            top = math.floor(reel.pos)
            frac = reel.pos - top
            at_rest = reel.phase == "rest"
            tagged = reel.landed and art.wild_tag is not None and bool(self.wild_marked)
            lit = emphasis if at_rest else None
            runs = self._stack_runs(i, top, lit)
            stacks = (
                art.stack_blur_heavy
                if blur == BLUR_HEAVY
                else art.stack_blur_light
                if blur == BLUR_LIGHT
                else art.stack_sharp
            )
            for k in range(rows + 1):
                idx = top + k
                y = win.y + round((k - frac) * CELL_H)
                sym = self.symbol_at(i, idx) if not at_rest or k < rows else None
                if sym is None:
                    continue
                start = runs.get(idx)
                if start is not None:
                    if start == idx or k == 0:  # the run's first cell in view: the whole piece
                        piece = stacks.get(sym) if blur else stacks[sym]
                        sy = win.y + round((start - top - frac) * CELL_H)
                        if piece is None:  # its blur is not made yet: the sharp piece
                            surface.blit(art.stack_sharp[sym], (x, sy))
                        else:
                            surface.blit(piece, (x, sy - blur))
                    continue
                if at_rest and emphasis is not None and (i, k) in emphasis:
                    continue  # drawn on top below, scaled
                img = table.get(sym) if blur else table[sym]
                if img is None:  # its blur is still being made behind the frames: sharp for now
                    surface.blit(art.sharp[sym], (x, y))
                else:
                    surface.blit(img, (x, y - blur))
                if tagged and sym in self.wild_marked and (tag := art.wild_tag) is not None:
                    surface.blit(
                        tag, (x + (SYMBOL - tag.get_width()) // 2, y + SYMBOL - tag.get_height() - 4)
                    )
        self._draw_held(surface, backdrop)
        if emphasis is not None:
            for i, reel in enumerate(self.reels):
                if reel.phase != "rest" or (reel.covered and art.wild_cover is not None):
                    continue
                if i in composed:
                    continue
                for row in range(rows):
                    if (i, row) not in emphasis:
                        surface.blit(art.dim_cell, (win.x + i * CELL_W, win.y + row * CELL_H))
        self._draw_covers(surface, glow_i, emphasis)
        if self._laying is not None and self.wild_id is not None:
            self._laying.draw(surface, art, win, self.wild_id)
        if emphasis is not None:
            g = cell_frame if cell_frame is not None else art.cell_glow[glow_i]
            for i, row in emphasis:
                if i >= len(self.reels) or self.reels[i].phase != "rest":
                    continue
                if self.reels[i].covered and art.wild_cover is not None:
                    continue
                cx, cy = self.cell_center(i, row)
                surface.blit(g, g.get_rect(center=(cx, cy)))
                sym = self.grid[i][row]
                img = art.pulse[sym][pulse % len(PULSE_STEPS)]
                surface.blit(img, img.get_rect(center=(cx, cy)))
                if sym in self.wild_marked and art.wild_tag is not None:
                    tag = art.wild_tag
                    surface.blit(tag, tag.get_rect(midbottom=(cx, cy + SYMBOL // 2 - 4)))
        if self._anticipating is not None:
            column = pygame.Rect(win.x + self._anticipating * CELL_W, win.y, CELL_W, win.height)
            art.wash(surface, column, glow_i)
        surface.set_clip(old_clip)
        if self._anticipating is not None:
            g = art.anticipation_glow[glow_i]
            cx = win.x + self._anticipating * CELL_W + CELL_W // 2
            surface.blit(g, g.get_rect(center=(cx, win.centery)))

    def _draw_held(self, surface: Canvas, backdrop: Canvas | None) -> None:
        """Held cells stay put while their reel spins (the strip turns behind them, hidden)
        and keep a teal frame while shown."""
        art = self.art
        pad = (CELL_W - SYMBOL) // 2
        for reel, row in sorted(self.held):
            rect = self.cell_rect(reel, row)
            if self.reels[reel].phase != "rest":
                if backdrop is not None:
                    surface.blit(backdrop, rect, rect)
                surface.blit(art.sharp[self.grid[reel][row]], (rect.x + pad, rect.y))
            frame = art.held_frame
            surface.blit(frame, frame.get_rect(center=rect.center))

    def _stack_runs(self, i: int, top: int, lit: frozenset[tuple[int, int]] | None) -> dict[int, int]:
        """Strip index → the index its stacked run starts at, for the runs of reel `i` that show
        in the window now (top row `top`): exactly `STACK` of a symbol with full-height art,
        none of its cells in `lit` (winning, drawn scaled), tagged WILD or under a wild."""
        stacked = self.art.stack_sharp
        if not stacked:
            return {}
        rows = self.rows
        seq = [self.symbol_at(i, top + k) for k in range(-STACK, rows + STACK + 1)]
        out: dict[int, int] = {}
        j = 0
        while j < len(seq):
            sym = seq[j]
            end = j
            while end + 1 < len(seq) and seq[end + 1] == sym:
                end += 1
            start = top - STACK + j
            bounded = j > 0 and end + 1 < len(seq)
            if (
                sym in stacked
                and bounded
                and end - j + 1 == STACK
                and sym not in self.wild_marked
                and start < top + rows + 1
                and start + STACK > top
                and not (lit and any((i, start + d - top) in lit for d in range(STACK)))
                and not any((i, start + d - top) in self._pending for d in range(STACK))
            ):
                out.update(dict.fromkeys(range(start, start + STACK), start))
            j = end + 1
        return out

    def _column(self, backdrop: Canvas, i: int, emphasis: frozenset[tuple[int, int]] | None) -> Canvas:
        """Reel `i` at rest over `backdrop`, as `draw` would blit it symbol by symbol: the sharp
        symbols (not the emphasised ones), their WILD tags, then the dims of the other cells."""
        art = self.art
        top = math.floor(self.reels[i].pos)
        syms = tuple(self.symbol_at(i, top + k) for k in range(self.rows))
        tagged = self.reels[i].landed and art.wild_tag is not None and bool(self.wild_marked)
        tags = tuple(tagged and sym in self.wild_marked for sym in syms)
        lit = None if emphasis is None else tuple(k for k in range(self.rows) if (i, k) in emphasis)
        runs = self._stack_runs(i, top, emphasis)
        starts = tuple(sorted({start - top for start in runs.values() if start - top < self.rows}))
        key = (backdrop, i, syms, tags, lit, starts)
        col = self._columns.get(key)
        if col is not None:
            return col
        rect = pygame.Rect(self.window.x + i * CELL_W, self.window.y, CELL_W, self.window.height)
        col = backdrop.subsurface(rect.clip(backdrop.get_rect())).copy()
        pad = (CELL_W - SYMBOL) // 2
        for start in starts:  # whole pieces, partly above or below the window if off their stop
            col.blit(art.stack_sharp[syms[max(start, 0)]], (pad, start * CELL_H))
        for k, sym in enumerate(syms):
            if (lit is not None and k in lit) or top + k in runs:
                continue
            col.blit(art.sharp[sym], (pad, k * CELL_H))
            if tags[k] and (tag := art.wild_tag) is not None:
                col.blit(
                    tag, (pad + (SYMBOL - tag.get_width()) // 2, k * CELL_H + SYMBOL - tag.get_height() - 4)
                )
        if lit is not None:
            for k in range(self.rows):
                if k not in lit:
                    col.blit(art.dim_cell, (0, k * CELL_H))
        if len(self._columns) >= COLUMN_CACHE:
            del self._columns[next(iter(self._columns))]  # the oldest
        self._columns[key] = col
        return col

    def _draw_covers(self, surface: Canvas, glow_i: int, emphasis: frozenset[tuple[int, int]] | None) -> None:
        art = self.art
        if art.wild_cover is None:
            return
        for i in sorted(self.cover):
            cx = self.window.x + i * CELL_W + CELL_W // 2
            rect = art.wild_cover.get_rect(center=(cx, self.window.centery))
            if art.cover_glow:
                g = art.cover_glow[glow_i]
                surface.blit(g, g.get_rect(center=rect.center))
            surface.blit(art.wild_cover, rect)
