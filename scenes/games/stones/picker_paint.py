"""How the stone picker looks (a mixin of `scenes.games.stones.picker.StonePickerScene`): its
style and layout as a bonus scene of its own (`scenes.reels.bonus`), its art prepared once at
construction (flip frames, greyed faces, sparks, the focus glow), and the drawing, which only
blits.

The screen: the stone circle's backdrop (`<game>/picker_bg`), the title and what happened last
across the top; the 20 stones (5×4) and, beside them, the features collected so far on a carved
plaque, the two centred together as one block; the key hints under them; and the money strip in
the same carved stone (balance, bet, win so far).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.games.stones.model import StonesFeature
from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, GOLD, TEAL
from scenes.reels.bonus import BonusLayout, BonusStyle, plaque
from scenes.reels.symbol_art import soft_blur
from scenes.widgets.effects import veil
from scenes.widgets.keys import draw_key_hints
from scenes.widgets.panel import draw_solid_panel

if TYPE_CHECKING:
    from typing import Any

    from game.definitions import GameDefinition
    from game.events import PickRequestEvent
    from scenes.games.stones.picker import _Stone
    from scenes.widgets.effects import Sparks

# Player-facing msgids (assets/locale/*.json)
T_PICK = "PICK {n} STONES"
T_PICK_ONE = "PICK 1 STONE"
T_PICKS_LEFT = "Picks left: {n}"
T_FEATURES = "YOUR FEATURES"
T_SUM_SPINS = "FREE SPINS"
T_SUM_MULT = "MULTIPLIER"
T_SUM_REELS = "WILD REELS"
T_SUM_SYMBOLS = "WILD SYMBOLS"
T_NONE = "—"
T_INTRO = "FREE SPINS"
T_INTRO_SPINS = "{n} FREE SPINS"
T_INTRO_MULT = "All wins x{n}"
T_INTRO_REEL = "Reel {n} is wild"
T_INTRO_SYMBOL = "{name} is wild"
T_INTRO_GO = "Press SPIN or click to begin"
T_HINT_CHOOSE = "choose"
T_HINT_PICK = "pick"
T_HINT_LEAVE = "leave (the round waits)"
T_HINT_WATCH = "SPIN hurries the picks"
T_KEY_SPACE = "SPACE"  # the space bar's keycap ("ESPACIO")

COLS, ROWS = 5, 4
STONE = 120
PITCH_X, PITCH_Y = 136, 120
PANEL_W = 300
LAYOUT = BonusLayout.balanced(PITCH_X * (COLS - 1) + STONE, PITCH_Y * (ROWS - 1) + STONE, PANEL_W)
FLIP_STEPS = 7


def stones_style(game_id: str) -> BonusStyle:
    """The picker's look: carved slate with teal runes, gold figures, over the stone circle."""
    return BonusStyle(
        backdrop=f"{game_id}/picker_bg",
        face_top=(40, 52, 56),
        face_bottom=(16, 22, 26),
        edge=(176, 156, 104),
        accent=TEAL,
        label=(176, 232, 218),
        value=(255, 222, 140),
        title=GOLD,
        title_outline=(30, 18, 0),
        text=(240, 246, 240),
    )


def stone_rect(index: int) -> pygame.Rect:
    """Where stone `index` (0-based, row by row) is drawn."""
    col, row = index % COLS, index // COLS
    x0, y0 = LAYOUT.stage.topleft
    return pygame.Rect(x0 + col * PITCH_X, y0 + row * PITCH_Y, STONE, STONE)


def stone_center(index: int) -> tuple[int, int]:
    return stone_rect(index).center


def _grey(surf: Canvas) -> Canvas:
    """A desaturated, darkened copy (an unpicked stone shown after the picks)."""
    g = surf.grayscale()
    g.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return g


def _flips(surf: Canvas) -> list[Canvas]:
    """`surf` narrowing to an edge: frame 0 is full width, the last nearly flat."""
    w, h = surf.get_size()
    return [
        surf.scaled((max(2, int(w * math.cos(i / FLIP_STEPS * math.pi / 2))), h)) for i in range(FLIP_STEPS)
    ]


def _dim(surface: Canvas) -> None:
    """The picker's intro dim: (0, 6, 8) at alpha 170."""
    veil(surface, (0, 6, 8), 170)


class PickerPainter:
    """The picker's art and drawing."""

    if TYPE_CHECKING:  # the host's (StonePickerScene), for the checker
        _focus_glow: Canvas
        _sparks: list[Any]
        assets: Any
        definition: GameDefinition
        error: str
        faces: dict[str, Any]
        flip_frames: dict[str, list[Canvas]]
        focus: int
        game: str
        grey_faces: dict[str, Canvas]
        grey_flips: dict[str, list[Canvas]]
        headline: str
        hover: int | None
        label: tuple[str, tuple[int, int], float] | None
        layout: BonusLayout
        multiplier: int
        phase: str
        request: PickRequestEvent | None
        sparks: Sparks
        spins: int
        stones: list[_Stone]
        style: BonusStyle
        toasting: bool
        total_picks: int
        tr: Any
        watch_only: bool
        wild_reels: list[int]
        wild_symbols: list[str]

        def draw_title(self, surface: Canvas, title: str, subtitle: str = ...) -> None: ...

        def pickable(self, index: int) -> bool: ...

    def _prepare_art(self) -> None:
        a = self.assets
        base = f"{self.game}/tablet"
        keys = {"closed", "hover"}
        feature = self.definition.feature
        if isinstance(feature, StonesFeature):
            keys |= {s.key for s in feature.stones}
        self.faces = {k: a.image(f"{base}/{k}") for k in keys}
        self.grey_faces = {k: _grey(v) for k, v in self.faces.items()}
        self.flip_frames = {k: _flips(v) for k, v in self.faces.items()}
        self.grey_flips = {k: _flips(v) for k, v in self.grey_faces.items()}
        spark = a.tinted("ui/particle", (*TEAL, 255))
        self._sparks = [spark.scaled((s, s)) for s in (6, 10, 14, 20, 28)]
        glow = a.canvas((STONE + 40, STONE + 40))
        draw.rect(glow, (*TEAL, 190), glow.get_rect().inflate(-18, -18), width=8, border_radius=22)
        self._focus_glow = soft_blur(glow, 6)
        panel = self.layout.panel
        self._panel = a.derived(
            ("stones-picker-panel", panel.size, self.style),
            lambda: plaque(panel.size, self.style, 20, density=a.density),
        )

    def rebuild(self) -> None:
        """The backdrop and the art again, at the store's new density."""
        super().rebuild()  # type: ignore[misc]  # the host's next base (BonusScene)
        self._prepare_art()

    # -- the stage ----------------------------------------------------------------------------------
    # A still layer (`BonusScene.still_key`): the title, the stones at rest, the summary and the
    # hints are composed once per change (a pick, a reveal's start and end, a key hint); a frame
    # blits that layer and draws the focus, the stone under the pointer, the stones turning, the
    # sparks and the floating label over it.
    def titles(self) -> tuple[str, str]:
        """The title and the line under it, as shown now."""
        tr = self.tr
        picks_left = self.request.picks_left if self.request is not None else 0
        title = tr.gettext(T_PICK_ONE) if self.total_picks == 1 else tr.t(T_PICK, n=self.total_picks)
        sub = (
            self.headline
            if (self.phase != "picking" and self.headline)
            else (tr.t(T_PICKS_LEFT, n=picks_left) if self.request is not None else self.headline)
        )
        return title, sub

    def still_key(self) -> tuple:
        stones = tuple(None if st.turning else (st.face, st.greyed) for st in self.stones)
        summary = (self.spins, self.multiplier, tuple(self.wild_reels), tuple(self.wild_symbols))
        hints = (self.error, self.phase == "picking", self.watch_only)
        return (self.titles(), stones, summary, hints, self.phase == "intro")

    def draw_still(self, surface: Canvas) -> None:
        self.draw_title(surface, *self.titles())
        for st in self.stones:
            if not st.turning:
                self._draw_stone(surface, st, stone_rect(st.index), False)
        self._draw_summary(surface)
        self._draw_hints(surface)

    def draw_moving(self, surface: Canvas) -> None:
        if self.phase == "intro":
            return  # the intro covers the stones: the layer holds it whole
        a = self.assets
        if self.phase == "picking":
            # the focus (on an open stone too: it never hides) and the stone under the pointer
            # over their still picture; the glow under the stone, as everywhere
            for index in dict.fromkeys(i for i in (self.focus, self.hover) if i is not None):
                st, r = self.stones[index], stone_rect(index)
                if st.turning:
                    continue
                if index == self.focus:
                    surface.blit(self._focus_glow, self._focus_glow.get_rect(center=r.center))
                self._draw_stone(surface, st, r, True)
        for st in self.stones:
            if st.turning:
                self._draw_stone(surface, st, stone_rect(st.index), self.phase == "picking")
        self.sparks.draw(surface, self._sparks)
        if self.label is not None:
            text, (cx, cy), age = self.label
            draw_text(
                surface,
                fit_font(a, "display", text, 420, 30),
                text,
                (cx, cy - 62 - int(min(age, 0.6) * 30)),
                GOLD,
                outline=2,
                outline_color=(50, 26, 0),
            )

    def _draw_hints(self, surface: Canvas) -> None:
        a, tr = self.assets, self.tr
        where = (self.layout.stage.centerx, self.layout.hint_y)
        if self.error:
            draw_text(surface, a.font("text_bold", 18), self.error, where, (255, 160, 140), outline=1)
            return
        if self.phase != "picking" or self.toasting:  # a toast stands over the hint line
            return
        items: list[tuple[tuple[str, ...], str]]
        if self.watch_only:
            items = [
                ((tr.gettext(T_KEY_SPACE),), tr.gettext(T_HINT_WATCH)),
                (("ESC",), tr.gettext(T_HINT_LEAVE)),
            ]
        else:
            items = [
                (("left", "right", "up", "down"), tr.gettext(T_HINT_CHOOSE)),
                (("ENTER",), tr.gettext(T_HINT_PICK)),
                (("ESC",), tr.gettext(T_HINT_LEAVE)),
            ]
        draw_key_hints(surface, a, items, where, color=(214, 236, 228), size=16)

    def _draw_stone(self, surface: Canvas, st: _Stone, r: pygame.Rect, focus_on: bool) -> None:
        if st.face is None or (st.turning and st.t < 0.0):
            key = (
                "hover"
                if focus_on and (st.index == self.hover or st.index == self.focus) and self.pickable(st.index)
                else "closed"
            )
            surface.blit(self.faces[key], r)
            return
        if st.turning:
            # first half: the closed stone narrows; second half: the face widens
            half = st.t < 0.5
            frames = (
                self.flip_frames["closed"]
                if half
                else (self.grey_flips[st.face] if st.greyed else self.flip_frames[st.face])
            )
            k = st.t * 2 if half else 2 - st.t * 2
            img = frames[min(FLIP_STEPS - 1, int(k * FLIP_STEPS))]
            surface.blit(img, img.get_rect(center=r.center))
            return
        face = self.grey_faces[st.face] if st.greyed else self.faces[st.face]
        surface.blit(face, r)

    def _draw_summary(self, surface: Canvas) -> None:
        """The features collected so far, on a carved plaque beside the stones."""
        a, tr, s = self.assets, self.tr, self.style
        r = self.layout.panel
        surface.blit(self._panel, r)
        heading = tr.gettext(T_FEATURES)
        draw_text(
            surface,
            fit_font(a, "display", heading, r.w - 40, 24),
            heading,
            (r.centerx, r.top + 34),
            s.title,
            outline=1,
            outline_color=s.title_outline,
        )
        draw.line(surface, (*s.edge,), (r.left + 30, r.top + 58), (r.right - 30, r.top + 58), 1)
        rows = (
            (tr.gettext(T_SUM_SPINS), str(self.spins)),
            (tr.gettext(T_SUM_MULT), f"x{self.multiplier}"),
            (tr.gettext(T_SUM_REELS), ", ".join(str(n) for n in sorted(self.wild_reels)) or T_NONE),
            (
                tr.gettext(T_SUM_SYMBOLS),
                ", ".join(tr.gettext(self.definition.symbol(sym).name) for sym in self.wild_symbols)
                or T_NONE,
            ),
        )
        y = r.top + 100
        step = (r.bottom - 74 - y) // (len(rows) - 1)  # the last value sits near the bottom edge
        for title, value in rows:
            title_font = fit_font(a, "text_bold", title, r.w - 24, 16)
            draw_text(surface, title_font, title, (r.centerx, y), s.label, shadow=False)
            font = fit_font(a, "display", value, r.w - 40, 40)
            draw_text(surface, font, value, (r.centerx, y + 42), s.value, outline=1, outline_color=(0, 0, 0))
            y += step

    # -- over everything: the free-spins intro ---------------------------------------------------
    def draw_over(self, surface: Canvas) -> None:
        if self.phase == "intro":
            self._draw_intro(surface)

    def _draw_intro(self, surface: Canvas) -> None:
        a, tr = self.assets, self.tr
        lines = [tr.t(T_INTRO_SPINS, n=self.spins), tr.t(T_INTRO_MULT, n=self.multiplier)]
        lines += [tr.t(T_INTRO_REEL, n=n) for n in sorted(self.wild_reels)]
        lines += [
            tr.t(T_INTRO_SYMBOL, name=tr.gettext(self.definition.symbol(s).name)) for s in self.wild_symbols
        ]
        step = min(40, 190 // max(1, len(lines)))
        _dim(surface)  # the stones behind the intro, darkened
        box = pygame.Rect(0, 0, 640, 200 + step * len(lines))  # as tall as its lines need
        box.center = (640, 360)
        draw_solid_panel(surface, a, box)  # opaque: the stones must not show through the words
        intro = tr.gettext(T_INTRO)
        draw_text(
            surface,
            fit_font(a, "display", intro, box.w - 40, 64),
            intro,
            (box.centerx, box.top + 70),
            GOLD,
            outline=3,
            outline_color=(60, 30, 0),
        )
        y = box.top + 140
        for text in lines:
            draw_text(surface, a.font("display_regular", 30), text, (box.centerx, y), CREAM)
            y += step
        draw_text(
            surface,
            a.font("text", 18),
            tr.gettext(T_INTRO_GO),
            (box.centerx, box.bottom - 30),
            (214, 232, 226),
            shadow=False,
        )
