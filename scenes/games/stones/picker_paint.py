"""How the stone picker looks (a mixin of `scenes.games.stones.picker.StonePickerScene`): its
art, prepared once at construction (flip frames, greyed faces, the panel, sparks), and `draw`,
which only blits. The layout constants and `stone_rect` live here too.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.games.stones.model import StonesFeature
from scenes.core.text import draw_text, fit_font
from scenes.reels.symbol_art import soft_blur
from scenes.widgets import draw_panel

if TYPE_CHECKING:
    from scenes.games.stones.picker import StonePickerScene, _Stone

# Player-facing msgids (assets/locale/*.json)
T_PICK = "PICK {n} STONES"
T_PICK_ONE = "PICK 1 STONE"
T_PICKS_LEFT = "Picks left: {n}"
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
T_HINT = "Click a stone, or use the arrow keys and Enter"

COLS, ROWS = 5, 4
STONE = 120
PITCH_X, PITCH_Y = 134, 122
PANEL = pygame.Rect(70, 40, 1140, 640)
GRID_ORIGIN = (110, 150)  # top-left of the first stone
SUMMARY = pygame.Rect(820, 150, 350, 488)
FLIP_STEPS = 7
GOLD = (255, 214, 120)
CREAM = (255, 248, 230)
TEAL = (120, 255, 220)


def stone_rect(index: int) -> pygame.Rect:
    """Where stone `index` (0-based, row by row) is drawn."""
    col, row = index % COLS, index // COLS
    return pygame.Rect(GRID_ORIGIN[0] + col * PITCH_X, GRID_ORIGIN[1] + row * PITCH_Y, STONE, STONE)


def stone_center(index: int) -> tuple[int, int]:
    return stone_rect(index).center


def _grey(surf: pygame.Surface) -> pygame.Surface:
    """A desaturated, darkened copy (an unpicked stone shown after the picks)."""
    g = pygame.transform.grayscale(surf)
    g.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return g


def _flips(surf: pygame.Surface) -> list[pygame.Surface]:
    """`surf` narrowing to an edge: frame 0 is full width, the last nearly flat."""
    w, h = surf.get_size()
    return [
        pygame.transform.smoothscale(surf, (max(2, int(w * math.cos(i / FLIP_STEPS * math.pi / 2))), h))
        for i in range(FLIP_STEPS)
    ]


class PickerPainter:
    """The picker's art and drawing."""

    def _prepare_art(self: StonePickerScene) -> None:
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
        dim = pygame.Surface((1280, 720), pygame.SRCALPHA)
        dim.fill((0, 6, 8, 170))
        self._dim = dim
        self._panel = self._compose_panel()
        spark = a.tinted("ui/particle", (*TEAL, 255))
        self._sparks = [pygame.transform.smoothscale(spark, (s, s)) for s in (6, 10, 14, 20, 28)]
        glow = pygame.Surface((STONE + 40, STONE + 40), pygame.SRCALPHA)
        pygame.draw.rect(glow, (*TEAL, 190), glow.get_rect().inflate(-18, -18), width=8, border_radius=22)
        self._focus_glow = soft_blur(glow, 6)

    def _compose_panel(self: StonePickerScene) -> pygame.Surface:
        """The panel: the picker backdrop seen through a rounded window with a gold rim."""
        a = self.assets
        bg = a.image(f"{self.game}/picker_bg")
        surf = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        surf.blit(bg, (0, 0), area=PANEL)
        mask = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=26)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        shade = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 70))
        surf.blit(shade, (0, 0))
        rim = a.nine_slice("ui/panel", PANEL.size, 24)
        # only the rim of the panel art: its face is replaced by the backdrop
        hole = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        hole.fill((255, 255, 255, 255))
        pygame.draw.rect(hole, (255, 255, 255, 0), hole.get_rect().inflate(-16, -16), border_radius=20)
        rim = rim.copy()
        rim.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(rim, (0, 0))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        return surf

    def draw(self: StonePickerScene, surface: pygame.Surface) -> None:
        a = self.assets
        surface.blit(self._dim, (0, 0))
        surface.blit(self._panel, PANEL)
        picks_left = self.request.picks_left if self.request is not None else 0
        tr = self.tr
        title = tr.gettext(T_PICK_ONE) if self.total_picks == 1 else tr.t(T_PICK, n=self.total_picks)
        draw_text(
            surface,
            a.font("display", 40),
            title,
            (GRID_ORIGIN[0] + 2.5 * PITCH_X - 7, 78),
            GOLD,
            outline=2,
            outline_color=(40, 24, 0),
        )
        sub = (
            self.headline
            if (self.phase != "picking" and self.headline)
            else (tr.t(T_PICKS_LEFT, n=picks_left) if self.request is not None else self.headline)
        )
        draw_text(
            surface, a.font("display_regular", 24), sub, (GRID_ORIGIN[0] + 2.5 * PITCH_X - 7, 118), CREAM
        )
        focus_on = self.phase == "picking"
        for st in self.stones:
            r = stone_rect(st.index)
            if focus_on and st.index == self.focus and self.pickable(st.index):
                surface.blit(self._focus_glow, self._focus_glow.get_rect(center=r.center))
            self._draw_stone(surface, st, r, focus_on)
        for x, y, _vx, _vy, life, max_life in self.particles:
            img = self._sparks[min(len(self._sparks) - 1, int(life / max_life * len(self._sparks)))]
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        if self.label is not None:
            text, (cx, cy), age = self.label
            draw_text(
                surface,
                a.font("display", 30),
                text,
                (cx, cy - 62 - int(min(age, 0.6) * 30)),
                GOLD,
                outline=2,
                outline_color=(50, 26, 0),
            )
        self._draw_summary(surface)
        if self.error:
            draw_text(surface, a.font("text_bold", 18), self.error, (640, PANEL.bottom - 20), (255, 140, 120))
        elif self.phase == "picking" and self.auto_pick is None:
            draw_text(
                surface,
                a.font("text", 16),
                tr.gettext(T_HINT),
                (GRID_ORIGIN[0] + 2.5 * PITCH_X - 7, PANEL.bottom - 22),
                (200, 220, 214),
                shadow=False,
            )
        if self.phase == "intro":
            self._draw_intro(surface)

    def _draw_stone(
        self: StonePickerScene, surface: pygame.Surface, st: _Stone, r: pygame.Rect, focus_on: bool
    ) -> None:
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

    def _draw_summary(self: StonePickerScene, surface: pygame.Surface) -> None:
        a, tr = self.assets, self.tr
        r = SUMMARY
        draw_panel(surface, a, r, alpha=200)
        rows = (
            (tr.gettext(T_SUM_SPINS), str(self.spins)),
            (tr.gettext(T_SUM_MULT), f"x{self.multiplier}"),
            (tr.gettext(T_SUM_REELS), ", ".join(str(n) for n in sorted(self.wild_reels)) or T_NONE),
            (
                tr.gettext(T_SUM_SYMBOLS),
                ", ".join(tr.gettext(self.definition.symbol(s).name) for s in self.wild_symbols) or T_NONE,
            ),
        )
        y = r.top + 30
        for title, value in rows:
            title_font = fit_font(a, "text_bold", title, r.w - 24, 16)
            draw_text(surface, title_font, title, (r.centerx, y), (214, 190, 140), shadow=False)
            font = fit_font(a, "display", value, r.w - 40, 40)
            draw_text(surface, font, value, (r.centerx, y + 44), CREAM)
            y += 116

    def _draw_intro(self: StonePickerScene, surface: pygame.Surface) -> None:
        a, tr = self.assets, self.tr
        surface.blit(self._dim, (0, 0))
        box = pygame.Rect(0, 0, 640, 380)
        box.center = (640, 360)
        draw_panel(surface, a, box, alpha=255)
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
        lines = [tr.t(T_INTRO_SPINS, n=self.spins), tr.t(T_INTRO_MULT, n=self.multiplier)]
        lines += [tr.t(T_INTRO_REEL, n=n) for n in sorted(self.wild_reels)]
        lines += [
            tr.t(T_INTRO_SYMBOL, name=tr.gettext(self.definition.symbol(s).name)) for s in self.wild_symbols
        ]
        y = box.top + 140
        step = min(40, 190 // max(1, len(lines)))
        for text in lines:
            draw_text(surface, a.font("display_regular", 30), text, (box.centerx, y), CREAM)
            y += step
        draw_text(
            surface,
            a.font("text", 18),
            tr.gettext(T_INTRO_GO),
            (box.centerx, box.bottom - 30),
            (200, 220, 214),
            shadow=False,
        )
