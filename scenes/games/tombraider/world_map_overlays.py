"""The world map's overlays (a mixin of `scenes.games.tombraider.world_map.WorldMapScene`): the
sparks and rising words of a reveal, the quest's title card, the jackpot, the summary and the
tooltip of a location under the pointer. Drawing only.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text, fit_font
from scenes.games.tombraider.art import ease, shade
from scenes.games.tombraider.world_map_layout import (
    HUD_BAR,
    MARKER_R,
    PANEL_W,
    TOP_BAR,
    panel_rect,
    panel_side,
)
from scenes.games.tombraider.world_map_paint import (
    CREAM,
    GOLD,
    INK,
    SOFT,
    T_AHEAD,
    T_HAS_FRAGMENT,
    T_HERE,
    T_JACKPOT,
    T_JACKPOT_VALUE,
    T_NO_FRAGMENT,
    T_SUM_BANKED,
    T_SUM_FRAGMENTS,
    T_SUM_GO,
    T_SUM_JACKPOT,
    T_SUM_WIN,
    T_SUMMARY,
    T_SUMMARY_ALL,
    T_TITLE,
)
from scenes.widgets.effects import soft_glow

if TYPE_CHECKING:
    from typing import Any

    from game.money import Bet
    from scenes.games.tombraider.quest import Quest
    from scenes.games.tombraider.world import MapCamera, WorldMap
    from scenes.widgets.effects import Sparks


class OverlayPainter:
    """What is drawn over the map and its panel."""

    if TYPE_CHECKING:  # the host's (WorldMapScene), for the checker
        _sparks: list[Any]
        assets: Any
        bet: Bet
        camera: MapCamera
        hover_location: str | None
        label: tuple[str, tuple[int, int], float, tuple[int, int, int]] | None
        phase: str
        phase_len: float
        phase_t: float
        quest: Quest
        sparks: Sparks
        t: float
        tr: Any
        world: WorldMap

        def jackpot_counted(self) -> int: ...

    def _draw_particles(self, surface: Canvas) -> None:
        self.sparks.draw(surface, self._sparks)

    def _draw_label(self, surface: Canvas) -> None:
        if self.label is None:
            return
        text, (cx, cy), age, colour = self.label
        font = fit_font(self.assets, "display", text, PANEL_W - 60, 34)
        half = font.size(text)[0] // 2 + 12  # the whole word in the panel, even over an edge tile
        board = self.quest.board
        if board is not None:
            p = panel_rect(panel_side(self.world.location(board.location)))
            cx = max(p.left + half, min(p.right - half, cx))
        draw_text(
            surface, font, text, (cx, cy - int(min(age, 0.6) * 40)), colour, outline=2, outline_color=INK
        )

    def _draw_intro(self, surface: Canvas) -> None:
        a, tr = self.assets, self.tr
        k = min(1.0, self.phase_t / max(self.phase_len, 1e-6))
        box = pygame.Rect(0, 0, 620, 110)
        box.center = (640, 360)
        veil = a.derived(("tombraider-intro-shade", box.size), lambda: shade(box.size, k=a.density))
        veil.set_alpha(int(255 * min(1.0, 3 * (1 - k) + 0.2)))
        surface.blit(veil, box)
        title = tr.gettext(T_TITLE)
        draw_text(surface, a.font("display", 48), title, box.center, GOLD, outline=2, outline_color=INK)

    def _draw_jackpot(self, surface: Canvas) -> None:
        a, tr, jp = self.assets, self.tr, self.quest.jackpot
        if jp is None:
            return
        k = min(1.0, self.phase_t / max(self.phase_len * 0.6, 1e-6))  # the fragments gather
        pulse = 0.5 + 0.5 * math.sin(self.t * 5)
        glow = a.derived(
            ("tombraider-jackpot-glow",),
            lambda: soft_glow((240, 240), 60, (255, 200, 80), a.density, radius=120),
        )
        glow.set_alpha(int(140 + 100 * pulse))
        surface.blit(glow, glow.get_rect(center=(640, 250)))
        sword = a.scaled("tombraider/symbols/sword", (230, 230))
        surface.blit(sword, sword.get_rect(center=(640, 250)))
        for i in range(len(self.quest.locations)):
            ang = -math.pi / 2 + i * math.tau / len(self.quest.locations) + self.t * 0.6
            r = 190 * (1 - ease(k))
            piece = a.scaled("tombraider/artefacts/fragment", (64, 64))
            surface.blit(
                piece, piece.get_rect(center=(640 + int(r * math.cos(ang)), 250 + int(r * math.sin(ang))))
            )
        plate = pygame.Rect(0, 0, 720, 220)
        plate.center = (640, 492)
        veil = a.derived(
            ("tombraider-jackpot-plate", plate.size), lambda: shade(plate.size, 255, edge=True, k=a.density)
        )
        surface.blit(veil, plate)  # the words stand on an opaque plate: nothing shows through
        title = tr.gettext(T_JACKPOT)
        draw_text(
            surface,
            fit_font(a, "display", title, plate.w - 40, 84),
            title,
            (640, 440),
            GOLD,
            outline=3,
            outline_color=(60, 20, 0),
        )
        value = tr.t(T_JACKPOT_VALUE, value=jp.value)
        draw_text(surface, a.font("text_bold", 22), value, (640, 500), CREAM, shadow=False)
        shown = self.jackpot_counted()
        amount = f"{tr.format_coins(shown)} · {tr.money(self.bet.coins_to_cents(shown))}"
        draw_text(surface, a.font("display", 40), amount, (640, 556), GOLD, outline=2, outline_color=INK)

    def _draw_summary(self, surface: Canvas) -> None:
        a, tr, q = self.assets, self.tr, self.quest
        end = q.end
        if end is None:
            return
        box = pygame.Rect(0, 0, 660, 400)
        box.center = (640, 352)
        veil = a.derived(
            ("tombraider-summary", box.size), lambda: shade(box.size, 255, edge=True, k=a.density)
        )
        surface.blit(veil, box)
        title = tr.gettext(T_SUMMARY_ALL if end.fragments == len(q.locations) else T_SUMMARY)
        draw_text(
            surface,
            fit_font(a, "display", title, box.w - 40, 48),
            title,
            (box.centerx, box.top + 56),
            GOLD,
            outline=2,
            outline_color=INK,
        )
        lines = [
            tr.t(T_SUM_FRAGMENTS, n=end.fragments, total=len(q.locations)),
            tr.t(T_SUM_BANKED, coins=tr.format_coins(end.banked_coins)),
        ]
        if end.jackpot_coins:
            lines.append(tr.t(T_SUM_JACKPOT, coins=tr.format_coins(end.jackpot_coins)))
        y = box.top + 122
        for line in lines:
            draw_text(surface, a.font("text_bold", 22), line, (box.centerx, y), CREAM, shadow=False)
            y += 40
        win = tr.t(
            T_SUM_WIN,
            coins=tr.format_coins(end.win_coins),
            money=tr.money(self.bet.coins_to_cents(end.win_coins)),
        )
        draw_text(
            surface,
            fit_font(a, "display", win, box.w - 40, 34),
            win,
            (box.centerx, box.bottom - 104),
            GOLD,
            outline=2,
            outline_color=INK,
        )
        go = tr.gettext(T_SUM_GO)
        draw_text(surface, a.font("text", 17), go, (box.centerx, box.bottom - 40), SOFT, shadow=False)

    def _draw_tooltip(self, surface: Canvas) -> None:
        if self.hover_location is None or self.phase in ("summary", "jackpot", "showdown"):
            return
        a, tr, q = self.assets, self.tr, self.quest
        i = q.locations.index(self.hover_location) if self.hover_location in q.locations else -1
        if i < 0:
            return
        state = q.fragments[i]
        note = (
            T_HAS_FRAGMENT
            if state
            else T_NO_FRAGMENT
            if state is False
            else T_HERE
            if i == q.index
            else T_AHEAD
        )
        loc = self.world.location(self.hover_location)
        text = f"{tr.gettext(loc.title)} · {tr.gettext(note)}"
        x, y = self.camera.to_screen(loc.centre)
        font = a.font("text_bold", 16)
        w = font.size(text)[0] + 24
        box = pygame.Rect(0, 0, w, 34)
        box.midbottom = (x, y - MARKER_R - 10)
        box.clamp_ip(pygame.Rect(0, TOP_BAR.bottom, 1280, HUD_BAR.top - TOP_BAR.bottom))
        draw.rect(surface, (20, 12, 8), box, border_radius=8)
        draw.rect(surface, GOLD, box, width=2, border_radius=8)
        draw_text(surface, font, text, box.center, CREAM, shadow=False)
