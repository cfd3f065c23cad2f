"""The stage a round plays on: backdrop, reel backing, frame, reel view, win lines, banners.

One `Stage` per shown game, shared by the reels scene (live play) and the replay, so a replayed
round sits on the same reel backing under the same frame and marquee as when it was played. The
art names come from the game's presentation (`scenes.presentation`): `<game>/background` (and
`background_free` during free spins, when the game has one), `reel_bg`, `frame` (which carries
the game's marquee: its full title above the reels, and the line markers' gutters), the wild-reel
cover when the game has wild reels, and `symbols/<id>_stack` for a symbol that comes in
full-height stacks. Symbols are shown at SYMBOL px, a stack at SYMBOL × `STACK` rows, the
wild-reel cover at SYMBOL × three rows, whatever their files' size.

The backdrop, reel backing, frame and the game's HUD band (its dress, `Presentation.dress`) are
composed once into one opaque surface per
backdrop (the frame is transparent over the whole reel window, so nothing drawn later in the
window is covered by it). A frame writes each of its pixels once: the reel view paints the reel
window and the band its own rectangle, each over that surface, and the stage blits it only
around them (`static_parts`).

A banner over the reels (`banner`: kind, title, subtitle as captions), on the game's own plate
(`draw_plate`, from its dress), announces a feature, the
end of free spins, the cap ("cap") or a one-line note ("note"); `trigger_cells` makes the
landed trigger symbols glow alone. The end of a feature ("fs_end") carries a summary
(`summary`: rows of label msgid and coins, the last one the round's total so far), so every figure
on it says what it is. A game's presentation may put its own pictures on the stage (`decor`:
counters, dims, reveals, cleared as each round begins; `fixtures`: what stays from round to round,
such as a meter) and give its free spins their own backdrop (`set_free_background`);
`show_state(state)` hands the presentation the game's state across rounds as the next round begins
(the host calls it: the reels scene at start-up and after every round, the replay with the state
its round began with).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.definitions import GameDefinition
from scenes.core.assets import AssetStore
from scenes.core.canvas import Canvas, draw
from scenes.core.i18n import Caption, Translator
from scenes.core.text import draw_text, fit_font, render_text
from scenes.presentation.base import GameArt, Presentation
from scenes.reels.hud import RECT_BAND
from scenes.reels.reel_view import CELL_H, SYMBOL, WINDOW, ReelView, SymbolArt, soft_blur
from scenes.reels.symbol_art import STACK
from scenes.reels.win_presenter import WinPresenter
from scenes.widgets.panel import draw_solid_panel

T_WILD = "WILD"

CAP_COLOR = (255, 190, 90)
SCREEN = pygame.Rect(0, 0, 1280, 720)


def static_parts(window: pygame.Rect, band: pygame.Rect) -> list[pygame.Rect]:
    """The screen minus the reel window and the band (both paint their own backdrop), as rects;
    the whole screen when the layout is not the usual one (band across the bottom, below the
    window)."""
    if not (
        band.left == 0
        and band.w == SCREEN.w
        and band.bottom == SCREEN.bottom
        and SCREEN.contains(window)
        and window.bottom <= band.top
    ):
        return [SCREEN.copy()]
    parts = [
        pygame.Rect(0, 0, SCREEN.w, window.top),
        pygame.Rect(0, window.top, window.left, window.h),
        pygame.Rect(window.right, window.top, SCREEN.w - window.right, window.h),
        pygame.Rect(0, window.bottom, SCREEN.w, band.top - window.bottom),
    ]
    return [r for r in parts if r.w > 0 and r.h > 0]


class Decor(Protocol):
    """A game's own picture on the stage (`Stage.decor`): advanced and drawn with the reels."""

    def update(self, dt: float) -> None: ...

    def draw(self, surface: Canvas, stage: Stage) -> None: ...


def first_images(
    assets: AssetStore, game_id: str, definition: GameDefinition, art: GameArt
) -> list[tuple[str, tuple[int, int]]]:
    """(image, logical size) of every picture a game's reels scale for their first frame, biggest
    first, for `AssetStore.prefetch`: the composed stage (or the layers it is composed from), the
    wild cover, the symbols, their stacks and the effects' extras (`Stage._symbol_art`,
    `Stage._compose_static`)."""

    def name(part: str) -> str:
        return f"{game_id}/{part}"

    symbol = (SYMBOL, SYMBOL)
    stage = name(art.stage)
    out = (
        [(stage, SCREEN.size)]
        if assets.has_image(stage)
        else [
            (name(art.background), SCREEN.size),
            (name(art.reel_bg), WINDOW.size),
            (name(art.frame), SCREEN.size),
        ]
    )
    if art.wild_cover:
        out.append((name(art.wild_cover), (SYMBOL, definition.rows * CELL_H)))
    symbols = [name(f"symbols/{s}") for s in definition.symbol_ids]
    out += [(s, symbol) for s in symbols]
    out += [(f"{s}_stack", (SYMBOL, STACK * CELL_H)) for s in symbols]
    out += [(name(x), symbol) for x in art.extras]
    return [(rel, size) for rel, size in out if assets.has_image(rel)]


class Stage:
    """The reels of one game and everything drawn with them, except the band."""

    def __init__(
        self,
        assets: AssetStore,
        game_id: str,
        definition: GameDefinition,
        presentation: Presentation,
        tr: Translator,
        palette: str = "standard",
    ) -> None:
        self.assets = assets
        self.game_id = game_id
        self.definition = definition
        self.presentation = presentation
        self.tr = tr
        self.art_names = presentation.art
        self.dress = presentation.dress  # the game's band, plates and palette
        self.view = ReelView(definition, self._symbol_art(), trigger=presentation.trigger(definition))
        self.view.make_overlay = presentation.overlay_effect
        self.presenter = WinPresenter(
            definition,
            self.view,
            assets.font("text_bold", 13),
            assets.image("ui/line_badge"),
            cache=assets.derived,
            tr=tr,
            palette=palette,
        )
        self.presenter.warm(assets.defer)  # lines and frames: rendered behind the first frame
        self.static_parts = static_parts(self.view.window, RECT_BAND)
        self._static: dict[bool, Canvas | None] = {False: self._compose_static(False), True: None}
        self.free_mode = False
        # a game's own backdrop for these free spins: how to make it (again at a new density)
        self._free_background: Callable[[], Canvas] | None = None
        # a game's own pictures over the reels (counters, dims, reveals), by name: objects with
        # update(dt) and draw(surface, stage), drawn after the reels, under the win lines
        self.decor: dict[str, Decor] = {}
        # a game's pictures that stay from round to round (a meter of what the player carries
        # across rounds): updated and drawn like `decor`, just before it, never cleared by a round
        self.fixtures: dict[str, Decor] = {}
        self.trigger_cells: frozenset[tuple[int, int]] | None = None  # glowing alone
        self.banner: tuple[str, Caption, Caption] | None = None  # (kind, title, subtitle)
        self.summary: list[tuple[str, int]] | None = None  # a feature's end: (label msgid, coins)
        self.clock = 0.0
        self._tag_generation = tr.generation

    def _name(self, part: str) -> str:
        return f"{self.game_id}/{part}"

    def rebuild(self) -> None:
        """Prepare the art again at the asset store's (new) density: symbols and their blurs,
        line art and markers, the composed backdrops."""
        self.view.set_art(self._symbol_art())
        self.presenter.rebuild(self.assets.font("text_bold", 13), self.assets.image("ui/line_badge"))
        self.presenter.warm(self.assets.defer)
        self._static = {False: self._compose_static(False), True: None}
        if self.free_mode:
            self._static[True] = self._compose_static(True)

    # -- art ---------------------------------------------------------------------------------------
    def _symbol_art(self) -> SymbolArt:
        a = self.assets
        size = (SYMBOL, SYMBOL)
        images = {s: a.scaled(self._name(f"symbols/{s}"), size) for s in self.definition.symbol_ids}
        cover_name = self.art_names.wild_cover
        cover = (
            a.scaled(self._name(cover_name), (SYMBOL, self.definition.rows * CELL_H))
            if cover_name and a.has_image(self._name(cover_name))
            else None
        )
        stacks = {
            s: a.scaled(self._name(f"symbols/{s}_stack"), (SYMBOL, STACK * CELL_H))
            for s in self.definition.symbol_ids
            if a.has_image(self._name(f"symbols/{s}_stack"))
        }
        extras = {name: a.scaled(self._name(name), size) for name in self.art_names.extras}
        art = SymbolArt(
            images,
            wild_cover=cover,
            wild_tag=self._wild_tag_art(),
            cache=a.derived,
            density=a.density,
            stacks=stacks,
            extras=extras,
        )
        art.warm(a.defer)  # blurs and glows: made behind the first frame
        return art

    def _wild_tag_art(self) -> Canvas:
        """The "WILD" label in the current language (cached per text in the asset store)."""
        text = self.tr.gettext(T_WILD)
        return self.assets.derived(("reels-wild-tag", text), lambda: self._wild_tag(text))

    def _wild_tag(self, label: str) -> Canvas:
        """The small glowing "WILD" label put on symbols that act as wild."""
        font = self.assets.font("display", 20)
        text = render_text(font, label, (50, 24, 0))
        w, h = text.get_width() + 22, text.get_height() + 4
        surf = self.assets.canvas((w + 16, h + 16))
        glow = self.assets.canvas(surf.get_size())
        draw.rect(glow, (255, 200, 60, 220), glow.get_rect().inflate(-8, -8), border_radius=12)
        surf.blit(soft_blur(glow, 5), (0, 0))
        plate = pygame.Rect(8, 8, w, h)
        draw.rect(surf, (255, 214, 90), plate, border_radius=9)
        draw.rect(surf, (255, 246, 200), plate, width=2, border_radius=9)
        surf.blit(text, text.get_rect(center=plate.center))
        return surf

    def _compose_static(self, free: bool) -> Canvas:
        """Backdrop + reel backing + frame + HUD bar in one opaque surface.

        A game ships them composed already (`stage`, `stage_free`: made by the asset generator
        from the same layers in the same layout), which the first frame decodes as one picture;
        without them they are composed here."""
        a, names = self.assets, self.art_names
        ready = self._name(names.stage_free if free else names.stage)
        own = self._free_background if free else None
        shipped = a.has_image(ready) and (not free or a.has_image(self._name(names.background_free)))
        if own is None and shipped:
            return a.scaled(ready, SCREEN.size)
        free_name = self._name(names.background_free)
        name = free_name if free and a.has_image(free_name) else self._name(names.background)
        surf = a.canvas(SCREEN.size, alpha=False)
        surf.blit(own() if own is not None else a.scaled(name, SCREEN.size), (0, 0))
        surf.blit(a.scaled(self._name(names.reel_bg), WINDOW.size), WINDOW)
        surf.blit(a.scaled(self._name(names.frame), SCREEN.size), (0, 0))
        surf.blit(a.scaled(self.dress.hud_bar, RECT_BAND.size), RECT_BAND.topleft)
        return surf

    @property
    def backdrop(self) -> Canvas:
        """The opaque surface under everything now (the free-spins one during free spins)."""
        if self.free_mode and self._static[True] is None:
            self._static[True] = self._compose_static(True)
        surf = self._static[self.free_mode]
        return surf if surf is not None else self._static[False]  # type: ignore[return-value]

    def set_free_mode(self, on: bool) -> None:
        self.free_mode = on
        if on and self._static[True] is None:
            self._static[True] = self._compose_static(True)

    def set_free_background(self, background: Callable[[], Canvas] | None) -> None:
        """The backdrop of the next free spins: how to make a game's own (e.g. a warlord's, at the
        asset store's density; made again after a resize), or None: the game's `background_free`."""
        if background is not self._free_background:
            self._free_background = background
            self._static[True] = None
            if self.free_mode:
                self._static[True] = self._compose_static(True)

    def show_state(self, state: object) -> None:
        """The game's state across rounds as the next round begins (see the module docstring)."""
        self.presentation.show_state(self, state)

    # -- time --------------------------------------------------------------------------------------
    def update(self, dt: float) -> str | None:
        """Advance the clock and the win presentation (returns its cue, see `WinPresenter`)."""
        self.clock += dt
        for decor in [*self.fixtures.values(), *self.decor.values()]:
            decor.update(dt)
        if self.tr.generation != self._tag_generation:
            self._tag_generation = self.tr.generation
            self.view.art.wild_tag = self._wild_tag_art()
        return self.presenter.update(dt)

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: Canvas, lines_played: int, hover_line: int | None = None) -> None:
        """Everything but the band and the banner: the backdrop (with the frame and its marquee)
        around the window, the reels, the win lines and markers."""
        static = self.backdrop
        for part in self.static_parts:
            surface.blit(static, part, part)
        p = self.presenter
        if self.trigger_cells is not None:
            self.view.draw(surface, self.clock, self.trigger_cells, p.pulse, backdrop=static)
        else:
            self.view.draw(surface, self.clock, p.emphasis, p.pulse, p.cell_frame, backdrop=static)
        for fixture in self.fixtures.values():
            fixture.draw(surface, self)
        for decor in self.decor.values():
            decor.draw(surface, self)
        p.draw_lines(surface, hover_line)
        p.draw_markers(surface, lines_played, hover_line)

    @property
    def banner_text(self) -> tuple[str, str, str] | None:
        """The banner as shown now: (kind, title, subtitle), translated."""
        if self.banner is None:
            return None
        kind, title, sub = self.banner
        return kind, self.tr.say(title), self.tr.say(sub)

    def draw_banner(self, surface: Canvas) -> None:
        shown = self.banner_text
        if shown is None:
            return
        kind, title, sub = shown
        a = self.assets
        if kind in ("cap", "note"):  # one line: the cap, or a note such as the replay's end
            box = pygame.Rect(0, 0, 760, 110)
            box.center = WINDOW.center
            self.draw_plate(surface, box)
            font = fit_font(a, "display", title, box.w - 60, 32)
            colour = CAP_COLOR if kind == "cap" else self.dress.title
            draw_text(
                surface, font, title, box.center, colour, outline=2, outline_color=self.dress.title_outline
            )
            return
        if kind == "fs_end" and self.summary:
            self._draw_summary(surface, title, self.summary)
            return
        box = pygame.Rect(0, 0, 620, 190)
        box.center = (WINDOW.centerx, WINDOW.centery - 10)
        self.draw_plate(surface, box)
        dress = self.dress
        # Spanish runs longer ("GANANCIA EN GIROS GRATIS"): the largest size that fits
        font = fit_font(a, "display", title, box.w - 60, 56)
        draw_text(
            surface,
            font,
            title,
            (box.centerx, box.top + 66),
            dress.title,
            outline=3,
            outline_color=dress.title_outline,
        )
        sub_font = fit_font(a, "display_regular", sub, box.w - 60, 34 if kind == "fs_end" else 24)
        draw_text(surface, sub_font, sub, (box.centerx, box.top + 138), dress.text)

    def draw_plate(self, surface: Canvas, box: pygame.Rect) -> None:
        """A feature plate in the game's dress (opaque: the reels must not show through its
        words), for the banners here and a game's own plates (its decor)."""
        dress = self.dress
        draw_solid_panel(
            surface, self.assets, box, art=dress.plate, corner=dress.plate_corner, backing=dress.backing
        )

    def _draw_summary(self, surface: Canvas, title: str, rows: list[tuple[str, int]]) -> None:
        """A feature's end: its title, then one labelled row per figure; the last row (the round's
        total) under a rule, larger."""
        a, tr = self.assets, self.tr
        row_h = 44
        box = pygame.Rect(0, 0, 640, 118 + row_h * len(rows))
        box.center = (WINDOW.centerx, WINDOW.centery - 6)
        self.draw_plate(surface, box)  # opaque: the reels must not show through the figures
        dress = self.dress
        font = fit_font(a, "display", title, box.w - 60, 50)
        draw_text(
            surface,
            font,
            title,
            (box.centerx, box.top + 50),
            dress.title,
            outline=3,
            outline_color=dress.title_outline,
        )
        left, right = box.left + 44, box.right - 44
        y = box.top + 108
        for i, (label, coins) in enumerate(rows):
            last = i == len(rows) - 1
            if last:
                draw.line(surface, dress.accent, (left, y - row_h // 2 + 2), (right, y - row_h // 2 + 2), 2)
                y += 6
            size = 30 if last else 24
            label_font = fit_font(a, "text_bold", tr.gettext(label), 300, size - 4)
            colour = dress.title if last else dress.text
            draw_text(surface, label_font, tr.gettext(label), (left, y), colour, anchor="midleft")
            value = tr.format_coins(coins)
            draw_text(
                surface,
                fit_font(a, "display", value, 280, size),
                value,
                (right, y),
                colour,
                anchor="midright",
            )
            y += row_h
