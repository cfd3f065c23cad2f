"""Warlords' pictures on the stage (`Stage.decor`): what the re-spins, the Final Chance and the
free spins show over and around the reels. Each is advanced by `update(dt)` and drawn by
`draw(surface, stage)` (changing nothing); every figure comes from an event.

- `HeldScatters`: the re-spins' held scatters glowing in their warlord's colour, every other
  cell dimmed (inactive), a flourish on each scatter that joins;
- `Counter`: a plate above the reels (re-spins left, spins left, the multiplier, sticky wilds),
  bumping when its value changes;
- `Popups`: "+3", "x5" rising from the cells where new scatters landed;
- `FinalChance`: the Final Chance's crystal, then what it reveals (coins, or a scatter flying to
  its cell);
- `Intro`: a warlord's free-spins intro (the warlord, the title, what was won).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.core.theme import CREAM, GOLD
from scenes.games.warlords.look import INK, Warlord, glow
from scenes.reels.symbol_art import CELL_H, CELL_W
from scenes.widgets.panel import draw_solid_panel

if TYPE_CHECKING:
    from scenes.core.i18n import Caption
    from scenes.reels.stage import Stage

Cell = tuple[int, int]
JOIN_TIME = 0.7  # s a joining scatter's flourish lasts
BUMP_TIME = 0.45
POPUP_TIME = 1.1
COUNTER_SIZE = (150, 56)  # a counter's plate: its label above, its value beneath
COUNTER_MAX_W = 162  # the widest it grows for a label in a small window (the gap it sits in)


def _cell_centre(stage: Stage, cell: Cell) -> tuple[int, int]:
    return stage.view.cell_center(*cell)


@dataclass
class HeldScatters:
    """The held scatters of the re-spins (and the scatters a Final Chance places)."""

    warlord: Warlord
    held: set[Cell]
    t: float = 0.0
    joined: dict[Cell, float] = field(default_factory=dict)  # cell -> when it joined

    def join(self, cells: list[Cell]) -> None:
        for c in cells:
            self.held.add(tuple(c))  # type: ignore[arg-type]
            self.joined[tuple(c)] = self.t  # type: ignore[index]

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: Canvas, stage: Stage) -> None:
        view = stage.view
        dim = view.art.dim_cell
        for reel in range(len(view.reels)):
            for row in range(view.rows):
                if (reel, row) not in self.held:
                    surface.blit(dim, view.cell_rect(reel, row))
        size = (CELL_W + 24, CELL_H + 24)
        bright = math.sin(self.t * 5.0) > 0  # the held scatters' glow pulses between two looks
        frame = glow(stage.assets, self.warlord.colour, size, bright)
        for cell in sorted(self.held):
            c = _cell_centre(stage, cell)
            surface.blit(frame, frame.get_rect(center=c))
            since = self.t - self.joined.get(cell, -10.0)
            if 0 <= since < JOIN_TIME:  # the flourish of a scatter joining: rings going out
                u = since / JOIN_TIME
                for k in (0.0, 0.3):
                    r = int(20 + (u + k) * 120)
                    width = max(1, int(8 * (1 - u)))
                    draw.circle(surface, (255, 250, 220), c, r, width)
                    draw.circle(surface, self.warlord.colour, c, r + 5, width)


@dataclass
class Counter:
    """A plate: a label (a `Caption`) above its value (in `colour`), centred at `centre`."""

    label: Caption
    value: str
    centre: tuple[int, int]
    colour: tuple[int, int, int] = GOLD
    bump: float = 0.0

    def set(self, value: str) -> None:
        if value != self.value:
            self.value = value
            self.bump = BUMP_TIME

    def update(self, dt: float) -> None:
        self.bump = max(0.0, self.bump - dt)

    def draw(self, surface: Canvas, stage: Stage) -> None:
        a = stage.assets
        label = stage.tr.say(self.label)
        box = pygame.Rect((0, 0), COUNTER_SIZE)
        font = fit_font(a, "display", label, box.w - 20, 16)
        if font.size(label)[0] > box.w - 20:  # a small window's 11 px floor ("COMODINES FIJOS")
            font = fit_font(a, "display_regular", label, box.w - 20, 16)
            box.w = min(COUNTER_MAX_W, max(box.w, font.size(label)[0] + 14))
        box.center = self.centre
        dress = stage.dress  # a small plate: the game's panel (its plate's corners would crowd it)
        draw_solid_panel(surface, a, box, art=dress.panel, corner=dress.panel_corner, backing=dress.backing)
        draw_text(surface, font, label, (box.centerx, box.top + 15), CREAM)
        # the value grows and settles when it changes (in 3 px steps: a few fonts, kept)
        grow = math.sin(math.pi * self.bump / BUMP_TIME) if self.bump > 0 else 0.0
        vfont = a.font("display", 26 + 2 * round(3 * grow))
        draw_text(
            surface,
            vfont,
            self.value,
            (box.centerx, box.top + 40),
            self.colour,
            outline=2,
            outline_color=INK,
        )


@dataclass
class Popups:
    """Short texts rising from cells and fading (new scatters' "+3", "x5", "WILD")."""

    items: list[tuple[Cell, str, float]] = field(default_factory=list)
    colour: tuple[int, int, int] = GOLD

    def add(self, cells: list[Cell], text: str) -> None:
        self.items += [(tuple(c), text, 0.0) for c in cells]  # type: ignore[misc]

    def update(self, dt: float) -> None:
        self.items = [(c, s, t + dt) for c, s, t in self.items if t + dt < POPUP_TIME]

    def draw(self, surface: Canvas, stage: Stage) -> None:
        font = stage.assets.font("display", 44)
        for cell, text, t in self.items:
            x, y = _cell_centre(stage, cell)
            u = t / POPUP_TIME
            fade = 1.0 if u < 0.8 else round((1 - u) * 5 * 4) / 4  # a few shades (renders kept)
            draw_text(
                surface,
                font,
                text,
                (x, y - round(70 * u)),
                (int(self.colour[0] * fade), int(self.colour[1] * fade), int(self.colour[2] * fade)),
                outline=3,
                outline_color=INK,
            )


@dataclass
class FinalChance:
    """The Final Chance: a crystal charging over the reels, then its reveal.

    `kind` "coins": `line` (the multiple and the coins it pays); "scatter": the symbol
    `scatter` flies from the crystal to `target` and lands there `fly_time` seconds after the
    reveal.
    """

    title: Caption
    line: Caption
    crystal: str
    scatter: str | None
    kind: str
    target: Cell | None
    reveal_at: float
    fly_time: float
    colour: tuple[int, int, int]
    t: float = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def landed(self) -> bool:
        return self.kind == "scatter" and self.t >= self.reveal_at + self.fly_time

    def draw(self, surface: Canvas, stage: Stage) -> None:
        if self.landed:
            return
        a, tr = stage.assets, stage.tr
        win = stage.view.window
        box = pygame.Rect(0, 0, 520, 300)
        box.center = (win.centerx, win.centery - 10)
        before = self.t < self.reveal_at
        if before or self.kind == "coins":
            stage.draw_plate(surface, box)
            title = tr.say(self.title)
            draw_text(
                surface,
                fit_font(a, "display", title, box.w - 40, 44),
                title,
                (box.centerx, box.top + 42),
                GOLD,
                outline=2,
                outline_color=INK,
            )
        centre = (box.centerx, box.centery + 30)
        if before:  # the crystal charging: rings going out, a beat quickening towards the reveal
            u = self.t / self.reveal_at if self.reveal_at > 0 else 1.0
            for ring in range(3):
                r = int(30 + ((u * 3 + ring / 3) % 1.0) * 90)
                draw.circle(surface, self.colour, centre, r, 3)
            beat = 0.5 + 0.5 * math.sin(self.t * (6 + 18 * u))
            img = stage.view.art.stamp(self.crystal, 0.7 + 0.15 * beat)
            surface.blit(img, img.get_rect(center=centre))
            return
        after = self.t - self.reveal_at
        if self.kind == "coins":
            line = tr.say(self.line)
            grow = min(1.0, after / 0.25)
            size = 24 + 8 * round(3 * grow)  # 24 → 48 in a few steps, as wide as the box allows
            font = fit_font(a, "display", line, box.w - 48, size)
            draw_text(surface, font, line, centre, GOLD, outline=3, outline_color=INK)
            return
        # the scatter flies from the crystal to its cell
        art = stage.view.art.sharp.get(self.scatter) if self.scatter is not None else None
        if self.target is None or art is None:
            return
        u = min(1.0, after / self.fly_time) if self.fly_time > 0 else 1.0
        k = 1 - (1 - u) ** 3
        tx, ty = _cell_centre(stage, self.target)
        x = centre[0] + (tx - centre[0]) * k
        y = centre[1] + (ty - centre[1]) * k - math.sin(math.pi * u) * 80
        surface.blit(art, art.get_rect(center=(round(x), round(y))))


@dataclass
class Intro:
    """A warlord's free-spins intro: the warlord (its full-height art when the reels have it),
    the title and what was won."""

    warlord: Warlord
    title: Caption
    lines: tuple[Caption, ...]
    t: float = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    def _veil(self, stage: Stage) -> Canvas:
        """The reels' window veiled in the warlord's deep colour (made once per density)."""

        def build() -> Canvas:
            veil = stage.assets.canvas(stage.view.window.size)
            veil.fill((*self.warlord.deep, 190))
            return veil

        return stage.assets.derived(("warlords-veil", self.warlord.mode, stage.view.window.size), build)

    def draw(self, surface: Canvas, stage: Stage) -> None:
        a, tr = stage.assets, stage.tr
        win = stage.view.window
        u = min(1.0, self.t / 0.35)
        k = 1 - (1 - u) ** 3
        surface.blit(self._veil(stage), win)  # the reels stay visible behind, calmer
        figure = stage.view.art.stack_sharp.get(self.warlord.mode)
        if figure is not None:
            surface.blit(figure, (win.left + 40 - round((1 - k) * 260), win.top))
        box = pygame.Rect(win.left + 240, win.top + 70, win.w - 280, win.h - 140)
        box.x += round((1 - k) * 300)
        stage.draw_plate(surface, box)
        title = tr.say(self.title)
        draw_text(
            surface,
            fit_font(a, "display", title, box.w - 40, 46),
            title,
            (box.centerx, box.top + 56),
            self.warlord.light,
            outline=3,
            outline_color=INK,
        )
        y = box.top + 130
        for n, line in enumerate(self.lines):
            text = tr.say(line)
            size, name = (40, "display") if n == 0 else (28, "display_regular")
            font = fit_font(a, name, text, box.w - 40, size)
            # too wide even at a small window's 11 px floor (Spanish runs long): two lines
            rows = wrap_text(font, text, box.w - 40) if font.size(text)[0] > box.w - 40 else [text]
            for i, row in enumerate(rows):
                draw_text(
                    surface,
                    font,
                    row,
                    (box.centerx, y + i * font.get_linesize()),
                    GOLD if n == 0 else CREAM,
                    outline=2 if n == 0 else 0,
                )
            y += (62 if n == 0 else 44) + (len(rows) - 1) * font.get_linesize()
