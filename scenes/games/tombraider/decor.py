"""Tomb Raider's things drawn with its reels (a stage fixture, live and in the replay).

- The passport meter, left of the reels: five stamps, one per reel. A stamp is lit when a
  Passport on the centre row activates its reel; it flies from the cell to its place and lands
  with a thud. The meter starts from the state the player carries (`set_state`: the ledger's in
  live play, so the stamps are still lit after a restart; the round's own in a replay) and shows
  the weighted average bet of the collection. All five lit: the meter glows until the Global
  Adventure is over, then the stamps fade and the collection starts again.
- The multiplier ladder, right of the reels: x1 to x5, lit step by step as a free spin's wins
  cascade (dim in the main game: it belongs to the free spins).
- Super Mode: the same right-hand panel counts its spins; over the reels, shots turn the held
  positions into wilds one after another (a muzzle flash, a bullet crack, the Portrait stamped
  in), shown until the first Super Mode spin holds them on the reels.

Every change comes from the presentation (`scenes.games.tombraider.presentation`) as the round's
events arrive; sounds are the presentation's too (a callback runs when a stamp lands or a shot
is fired). Panels are composed once per look and cached in the asset store; a frame is blits.
`decor_of(stage)` finds (or puts) it on a stage.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.games.tombraider.model import PassportState
from scenes.core.canvas import Canvas, ScaledFont, draw
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.games.tombraider.art import CREAM, GOLD, SOFT, ease, muzzle_flash, stamp_art, two_lines
from scenes.reels.symbol_art import CELL_H, CELL_W, WINDOW
from scenes.widgets.effects import soft_glow

if TYPE_CHECKING:
    from scenes.reels.stage import Stage

# Player-facing msgids (assets/locale/*.json)
T_PASSPORTS = "PASSPORTS"
T_REEL = "REEL {n}"
T_STAMPS = "{n} of {total}"
T_AVG_BET = "Average bet {money}"
T_COLLECT = "A Passport on the centre row stamps its reel"
T_READY = "Global Adventure!"
T_LADDER = "MULTIPLIER"
T_LADDER_FREE = "in Free Spins"
T_SUPER = "SUPER MODE"
T_SUPER_SPIN = "Spin {index} of {total}"
T_SUPER_HELD = "{n} wilds held"

DIM = (176, 164, 146)
TEAL = (120, 255, 220)
PANEL_FILL = (16, 10, 8, 214)
PANEL_EDGE = (196, 142, 70)

LEFT = pygame.Rect(8, 60, 160, 490)
RIGHT = pygame.Rect(1112, 60, 160, 490)
STAMP = 66
STAMP_BIG = 108  # the largest a stamp is drawn (flying in)
STAMP_PITCH = 70
STAMP_TOP = LEFT.top + 56
RUNG = (124, 60)
RUNG_PITCH = 80
RUNG_TOP = RIGHT.top + 86

FLY_TIME = 0.5  # s a stamp flies from its cell to the meter
LAND_TIME = 0.35  # s the landed stamp settles (scale 1.5 → 1)
SHOT_GAP = 0.42  # s between two shots of Super Mode
SHOT_TIME = 0.5  # s a shot's flash and the wild appearing
STEP_TIME = 0.45  # s a ladder rung pops when lit
FADE_TIME = 0.9  # s the stamps take to fade after the adventure


def _ink(font: ScaledFont, text: str) -> tuple[float, float]:
    """The top and bottom of `text`'s inked rows, in logical px from the middle of its line (where
    `draw_text` centres it)."""
    img = font.font.render(text, True, (255, 255, 255))
    ink, mid = img.get_bounding_rect(min_alpha=128), img.get_height() / 2
    return (ink.top - mid) / font.k, (ink.bottom - mid) / font.k


def stamp_slot(reel: int) -> pygame.Rect:
    """Where the stamp of 0-based `reel` sits in the meter."""
    r = pygame.Rect(0, 0, STAMP, STAMP)
    r.midtop = (LEFT.left + 44, STAMP_TOP + reel * STAMP_PITCH)
    return r


def rung_rect(multiplier_index: int) -> pygame.Rect:
    """The ladder's rung for the multiplier at `multiplier_index` (0 = the lowest, drawn at the
    bottom)."""
    r = pygame.Rect(0, 0, *RUNG)
    r.midtop = (RIGHT.centerx, RUNG_TOP + (4 - multiplier_index) * RUNG_PITCH)
    return r


def cell_rect(reel: int, row: int) -> pygame.Rect:
    return pygame.Rect(WINDOW.x + reel * CELL_W, WINDOW.y + row * CELL_H, CELL_W, CELL_H)


class TombRaiderDecor:
    """The passport meter, the ladder and Super Mode's shots on one stage."""

    def __init__(self, stage: Stage, ladder: list[int], wild: str | None) -> None:
        self.assets = stage.assets
        self.tr = stage.tr
        self.game = stage.game_id
        self.ladder = list(ladder)
        self.wild = wild
        self.reels = stage.definition.reels
        self.active = [False] * self.reels
        self.spins = 0
        self.bet_cents = 0
        self.complete = False  # all five lit: the adventure is on
        self.fade = 0.0  # > 0 while the stamps fade after the adventure (s left)
        self.flying: list[list[Any]] = []  # [reel, from (x, y), t, duration, on_land]
        self.landed: dict[int, float] = {}  # reel -> s since it landed (the settle)
        self.level: int | None = None  # the ladder's lit multiplier index; None: main game
        self.level_t = 9.0
        self.super_spin: tuple[int, int] | None = None  # (index, total) while Super Mode runs
        self.super_held = 0
        self.shots: list[list[Any]] = []  # [(reel, row), t since fired (negative: not yet), cb]
        self.clock = 0.0
        self._look_inputs: tuple = ()
        self._look: tuple = ()
        self._opaque_cache: dict[str, tuple[tuple, Canvas | None, Canvas]] = {}

    # -- state -----------------------------------------------------------------------------------
    def set_state(self, state: Any) -> None:
        """The passports the player carries as the next round begins."""
        if self.flying or self.fade > 0:
            return  # an animation of this round's events is still showing its outcome
        if isinstance(state, PassportState) and len(state.active) == self.reels:
            self.active = list(state.active)
            self.spins, self.bet_cents = state.spins, state.bet_cents
        else:
            self.active, self.spins, self.bet_cents = [False] * self.reels, 0, 0
        self.complete = all(self.active)

    @property
    def lit(self) -> int:
        return sum(self.active)

    # -- passports -------------------------------------------------------------------------------
    def stamp(
        self,
        new: list[int],
        active: list[bool],
        spins: int,
        bet_cents: int,
        speed: float,
        on_land: Callable[[int], None] | None = None,
    ) -> float:
        """Reels `new` (1-based) were activated: their stamps fly from the centre row to the
        meter; returns how long that takes. The meter's figures follow the event."""
        self.spins, self.bet_cents = spins, bet_cents
        # reels lit before this spin stay lit; the new ones light as they land
        self.active = [a and (r + 1) not in new for r, a in enumerate(active)]
        duration = FLY_TIME * speed
        for n, reel in enumerate(sorted(new)):
            start = cell_rect(reel - 1, 1).center
            self.flying.append([reel - 1, start, -0.12 * n * speed, duration, on_land])
        if duration <= 0:
            self._land_all()
        return duration + 0.12 * max(0, len(new) - 1) * speed

    def _land_all(self) -> None:
        for fly in self.flying:
            self._land(fly)
        self.flying = []

    def _land(self, fly: list[Any]) -> None:
        reel, _start, _t, _d, on_land = fly
        self.active[reel] = True
        self.landed[reel] = 0.0
        self.complete = all(self.active)
        if on_land is not None:
            on_land(reel)

    def passports_complete(self) -> None:
        """The Global Adventure is on: every stamp lit (a resumed quest shows them at once)."""
        self._land_all()
        self.active = [True] * self.reels
        self.complete = True

    def passports_spent(self, speed: float) -> None:
        """The adventure is over: the stamps fade and the collection starts again."""
        self._land_all()
        self.fade = FADE_TIME * max(speed, 0.0)
        if self.fade <= 0:
            self._cleared()

    def _cleared(self) -> None:
        self.active = [False] * self.reels
        self.spins = self.bet_cents = 0
        self.complete = False
        self.fade = 0.0

    # -- the ladder ------------------------------------------------------------------------------
    def ladder_at(self, multiplier: int) -> bool:
        """Light the ladder up to `multiplier`; True when that is a step up."""
        index = max((i for i, m in enumerate(self.ladder) if m <= multiplier), default=0)
        up = self.level is not None and index > self.level
        if self.level != index:
            self.level_t = 0.0
        self.level = index
        return up

    def ladder_off(self) -> None:
        self.level = None

    # -- Super Mode ------------------------------------------------------------------------------
    def super_on(self, held: int, total: int) -> None:
        self.super_spin = (0, total)
        self.super_held = held

    def super_at(self, index: int, total: int) -> None:
        self.super_spin = (index, total)
        self.shots = []  # the held wilds are on the reels now

    def super_off(self) -> None:
        self.super_spin = None
        self.shots = []

    def shoot(self, cells: list[tuple[int, int]], speed: float, on_shot: Callable[[int], None]) -> float:
        """Fire at `cells` one after another; each turns into a wild. Returns the time it takes."""
        self.shots = [[tuple(c), -k * SHOT_GAP * speed, on_shot] for k, c in enumerate(cells)]
        if speed <= 0:
            for shot in self.shots:
                shot[1] = SHOT_TIME
                shot[2] = None
                on_shot(shot[0][0])
        return (len(cells) * SHOT_GAP + SHOT_TIME) * speed

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.level_t += dt
        for reel in list(self.landed):
            self.landed[reel] += dt
            if self.landed[reel] > LAND_TIME:
                del self.landed[reel]
        done = []
        for fly in self.flying:
            fly[2] += dt
            if fly[2] >= fly[3]:
                done.append(fly)
        for fly in done:
            self.flying.remove(fly)
            self._land(fly)
        for shot in self.shots:
            before = shot[1]
            shot[1] += dt
            if before < 0 <= shot[1] and shot[2] is not None:
                shot[2](shot[0][0])
        if self.fade > 0:
            self.fade -= dt
            if self.fade <= 0:
                self._cleared()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: Canvas, stage: Stage | None = None) -> None:
        under = stage.backdrop if stage is not None else None
        self._draw_meter(surface, under)
        if self.super_spin is not None:
            self._draw_super(surface, under)
        else:
            self._draw_ladder(surface, under)
        self._draw_shots(surface)
        for reel, (sx, sy), t, d, _cb in self.flying:
            if t < 0:
                continue
            u = ease(t / d if d > 0 else 1.0)
            tx, ty = stamp_slot(reel).center
            x = sx + (tx - sx) * u
            y = sy + (ty - sy) * u - math.sin(u * math.pi) * 90
            img = self._stamp_face(True, reel, int(STAMP * (1.6 - 0.6 * u)))
            surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def _panel(self, rect: pygame.Rect) -> Canvas:
        def build() -> Canvas:
            s = self.assets.canvas(rect.size)
            draw.rect(s, PANEL_FILL, s.get_rect(), border_radius=16)
            draw.rect(s, (*PANEL_EDGE, 255), s.get_rect(), width=2, border_radius=16)
            draw.rect(s, (90, 60, 30, 255), s.get_rect().inflate(-8, -8), width=1, border_radius=12)
            if Canvas.recorder is not None:  # tests: the texts on it must stay inside
                Canvas.recorder.mark_panel(s, s.get_rect().inflate(-8, -8))
            return s

        return self.assets.derived(("tombraider-decor-panel", rect.size), build)

    def _stamp_face(self, lit: bool, reel: int, size: int) -> Canvas:
        """The stamp of `reel` at about `size` px (sizes in steps of 6 px, scaled from one
        large drawing per stamp, so a flying or settling stamp costs a blit)."""
        size = max(12, min(STAMP_BIG, round(size / 6) * 6))

        def big() -> Canvas:
            return stamp_art(self.assets, self.game, lit, reel + 1, STAMP_BIG)

        if size == STAMP:
            return self.assets.derived(
                ("tombraider-stamp", lit, reel, size),
                lambda: stamp_art(self.assets, self.game, lit, reel + 1, STAMP),
            )

        def build() -> Canvas:
            base = self.assets.derived(("tombraider-stamp", lit, reel, STAMP_BIG), big)
            return base.scaled((size, size))

        return self.assets.derived(("tombraider-stamp", lit, reel, size), build)

    def _meter_look(self) -> tuple:
        """What the meter's still part shows: a key for its composed surface (texts included, so
        a change of language or currency composes it again). Worked out again only when what it
        depends on changes (formatting text every frame is not free)."""
        tr = self.tr
        fading = self.fade > 0
        inputs = (
            tuple(self.active),
            fading,
            tuple(sorted(self.landed)),
            self.complete,
            self.spins,
            self.bet_cents,
            tr.generation,
            tr.currency(),
        )
        if inputs == self._look_inputs:
            return self._look
        self._look_inputs = inputs
        still = tuple(self.active[r] and not fading and r not in self.landed for r in range(self.reels))
        lit = self.lit if not fading else 0
        if self.complete and not fading:
            note, colour = tr.gettext(T_READY), GOLD
        elif self.spins > 0 and not fading:
            note, colour = tr.t(T_AVG_BET, money=tr.money(self.bet_cents // self.spins)), SOFT
        else:
            note, colour = tr.gettext(T_COLLECT), SOFT
        labels = tuple(tr.t(T_REEL, n=r + 1) for r in range(self.reels))
        self._look = (
            still,
            tuple(self.active),
            tr.gettext(T_PASSPORTS),
            labels,
            tr.t(T_STAMPS, n=lit, total=self.reels),
            lit,
            note,
            colour,
        )
        return self._look

    def _compose_meter(self, look: tuple) -> Canvas:
        still, active, title, labels, count, lit, note, note_colour = look
        a = self.assets
        surf = self._panel(LEFT).copy()

        def at(p: tuple[int, int]) -> tuple[int, int]:
            return (p[0] - LEFT.x, p[1] - LEFT.y)

        draw_text(
            surf,
            fit_font(a, "display", title, LEFT.w - 16, 24),
            title,
            at((LEFT.centerx, LEFT.top + 24)),
            GOLD,
        )
        for reel in range(self.reels):
            slot = stamp_slot(reel)
            colour = CREAM if active[reel] else DIM
            room = LEFT.right - slot.right - 15  # "REEL 1", "RODILLO 1": the largest that fits
            font = fit_font(a, "text_bold", labels[reel], room, 14, min_size=10)
            # 8 px from the stamp, nearer when a small window's 11 px text needs the room
            x = min(slot.right + 8, max(slot.right + 3, LEFT.right - 7 - font.size(labels[reel])[0]))
            if x + font.size(labels[reel])[0] > LEFT.right - 4:
                # a small window, where even 11 px is too wide ("RODILLO 1"): the stamp's numeral
                # names the reel alone
                surf.blit(self._stamp_face(still[reel], reel, STAMP), at(slot.topleft))
                continue
            draw_text(
                surf,
                font,
                labels[reel],
                at((x, slot.centery)),
                colour,
                anchor="midleft",
                shadow=False,
            )
            surf.blit(self._stamp_face(still[reel], reel, STAMP), at(slot.topleft))
        y = STAMP_TOP + self.reels * STAMP_PITCH
        # the note wraps to the panel's width (a small window's text is never under 11 px, so it
        # may take three lines there), its last line clear of the panel's border
        font = a.font("text_bold" if note_colour == GOLD else "text", 14)
        width = LEFT.w - 22
        lines = two_lines(note) if font.size(note)[0] > width else [note]
        if any(font.size(line)[0] > width for line in lines):
            lines = wrap_text(font, note, width)
        pitch = min(16, font.get_linesize())
        bottom = LEFT.bottom - 12 - font.get_height() // 2
        first = min(y + 36 - 8 * (len(lines) - 1), bottom - pitch * (len(lines) - 1))
        count_font = a.font("display", 26)
        ink_top = _ink(font, lines[0])[0]
        if first + ink_top < y + 10 + _ink(count_font, count)[1] + 1:
            # a small window's three lines reach up to the count: a smaller count, the note under it
            count_font = a.font("display", 20)
            first = max(first, round(y + 10 + _ink(count_font, count)[1] + 2 - ink_top))
        draw_text(surf, count_font, count, at((LEFT.centerx, y + 10)), GOLD if lit else CREAM)
        for i, line in enumerate(lines):
            draw_text(surf, font, line, at((LEFT.centerx, first + pitch * i)), note_colour, shadow=False)
        return surf

    def _opaque(self, slot: str, look: tuple, rect: pygame.Rect, under: Canvas | None, compose) -> Canvas:
        """`compose(look)` laid over what the stage shows under `rect` (its opaque backdrop), as
        one opaque surface: a panel is then a plain copy a frame. The latest look per slot is
        kept (a cache of a pure function of the look and the backdrop, which it holds)."""
        held = self._opaque_cache.get(slot)
        keyed = (look, self.assets.density)  # a new density composes it again
        if held is not None and held[0] == keyed and held[1] is under:
            return held[2]
        panel = self.assets.derived((f"tombraider-{slot}", look), lambda: compose(look))
        if under is None:
            out = panel
        else:
            out = self.assets.canvas(rect.size, alpha=False)
            out.blit(under, (0, 0), rect)
            out.blit(panel, (0, 0))
        self._opaque_cache[slot] = (keyed, under, out)
        return out

    def _draw_meter(self, surface: Canvas, under: Canvas | None = None) -> None:
        look = self._meter_look()
        surface.blit(self._opaque("meter", look, LEFT, under, self._compose_meter), LEFT)
        glow_on = self.complete and self.fade <= 0
        fade_k = max(0.0, self.fade / FADE_TIME) if self.fade > 0 else 1.0
        for reel in range(self.reels):
            if not self.active[reel]:
                continue
            slot = stamp_slot(reel)
            settle = self.landed.get(reel)
            if glow_on:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 5 + reel)
                glow = self._glow()
                glow.set_alpha(int(120 + 120 * pulse))
                surface.blit(glow, glow.get_rect(center=slot.center))
            if settle is not None:
                scale = 1.0 + 0.5 * (1 - ease(settle / LAND_TIME))
                img = self._stamp_face(True, reel, int(STAMP * scale))
                surface.blit(img, img.get_rect(center=slot.center))
            elif fade_k < 1.0:
                img = self._stamp_face(True, reel, STAMP)
                img.set_alpha(int(255 * fade_k))
                surface.blit(img, slot)
                img.set_alpha(255)
            elif glow_on:
                surface.blit(self._stamp_face(True, reel, STAMP), slot)

    def _glow(self) -> Canvas:
        return self.assets.derived(
            ("tombraider-stamp-glow",),
            lambda: soft_glow((STAMP, STAMP), 14, (255, 200, 90), self.assets.density, radius=STAMP // 2),
        )

    def _ladder_look(self) -> tuple:
        tr = self.tr
        states = []
        for i in range(min(5, len(self.ladder))):
            if self.level is None:
                states.append("off")
            elif i == self.level:
                states.append("lit")
            elif i < self.level:
                states.append("passed")
            else:
                states.append("ahead")
        return (tuple(states), tr.gettext(T_LADDER), tr.gettext(T_LADDER_FREE))

    def _compose_ladder(self, look: tuple) -> Canvas:
        states, title, sub = look
        a = self.assets
        surf = self._panel(RIGHT).copy()
        font = fit_font(a, "display", title, RIGHT.w - 16, 24)
        if font.size(title)[0] > RIGHT.w - 16:  # a small window's 11 px floor: the narrower face
            font = fit_font(a, "display_regular", title, RIGHT.w - 16, 24)
        draw_text(surf, font, title, (RIGHT.w // 2, 24), GOLD)
        draw_text(
            surf, fit_font(a, "text", sub, RIGHT.w - 16, 14), sub, (RIGHT.w // 2, 48), SOFT, shadow=False
        )
        for i, state in enumerate(states):
            if state == "lit":
                continue  # drawn over its glow every frame
            r = rung_rect(i).move(-RIGHT.x, -RIGHT.y)
            img = self._rung(self.ladder[i], state)
            surf.blit(img, img.get_rect(center=r.center))
        return surf

    def _draw_ladder(self, surface: Canvas, under: Canvas | None = None) -> None:
        look = self._ladder_look()
        surface.blit(self._opaque("ladder", look, RIGHT, under, self._compose_ladder), RIGHT)
        if self.level is None or self.level >= len(self.ladder):
            return
        r = rung_rect(self.level)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
        glow = self.assets.derived(
            ("tombraider-rung-glow",),
            lambda: soft_glow(RUNG, 16, (255, 190, 70), self.assets.density, radius=14),
        )
        glow.set_alpha(int(150 + 100 * pulse))
        surface.blit(glow, glow.get_rect(center=r.center))
        img = self._rung(self.ladder[self.level], "lit")
        if self.level_t < STEP_TIME:
            k = 1.0 + 0.25 * (1 - ease(self.level_t / STEP_TIME))
            size = (int(RUNG[0] * k) // 4 * 4, int(RUNG[1] * k) // 4 * 4)
            img = self.assets.derived(
                ("tombraider-rung-pop", self.ladder[self.level], size),
                partial(img.scaled, size),
            )
        surface.blit(img, img.get_rect(center=r.center))

    def _rung(self, mult: int, state: str) -> Canvas:
        def build() -> Canvas:
            s = self.assets.canvas(RUNG)
            fill, edge, ink = {
                "off": ((40, 30, 24), (110, 84, 52), DIM),
                "ahead": ((46, 34, 26), (140, 104, 60), SOFT),
                "passed": ((110, 76, 28), (220, 170, 90), CREAM),
                "lit": ((236, 176, 60), (255, 240, 190), (48, 24, 0)),
            }[state]
            draw.rect(s, fill, s.get_rect(), border_radius=12)
            draw.rect(s, edge, s.get_rect(), width=3, border_radius=12)
            font = self.assets.font("display", 34)
            draw_text(s, font, f"x{mult}", (RUNG[0] // 2, RUNG[1] // 2 + 2), ink, shadow=state != "lit")
            return s

        return self.assets.derived(("tombraider-rung", mult, state), build)

    def _draw_super(self, surface: Canvas, under: Canvas | None = None) -> None:
        tr = self.tr
        index, total = self.super_spin or (0, 0)
        look = (
            tr.gettext(T_SUPER),
            tr.t(T_SUPER_HELD, n=self.super_held),
            tr.t(T_SUPER_SPIN, index=index, total=total) if index else "",
            index,
            total,
        )
        surface.blit(self._opaque("super", look, RIGHT, under, self._compose_super), RIGHT)

    def _compose_super(self, look: tuple) -> Canvas:
        """Super Mode's panel: the held wild, how many, the spin, a dot per spin."""
        title, held, spin, index, total = look
        a = self.assets
        surf = self._panel(RIGHT).copy()
        cx = RIGHT.w // 2
        draw_text(surf, fit_font(a, "display", title, RIGHT.w - 16, 26), title, (cx, 28), GOLD)
        if self.wild is not None:
            img = a.scaled(f"{self.game}/symbols/{self.wild}", (112, 112))
            surf.blit(img, img.get_rect(center=(cx, 140)))
        draw_text(surf, fit_font(a, "text_bold", held, RIGHT.w - 16, 18), held, (cx, 222), TEAL, shadow=False)
        if spin:
            draw_text(surf, fit_font(a, "display", spin, RIGHT.w - 16, 24), spin, (cx, 300), CREAM)
        for k in range(total):
            x = int(cx + (k - (total - 1) / 2) * 26)
            on = k < index
            draw.circle(surf, GOLD if on else (80, 62, 40), (x, 350), 9)
            draw.circle(surf, (255, 240, 190) if on else (140, 110, 70), (x, 350), 9, 2)
        return surf

    def _draw_shots(self, surface: Canvas) -> None:
        if not self.shots or self.wild is None:
            return
        a = self.assets
        wild = a.scaled(f"{self.game}/symbols/{self.wild}", (150, 150))
        for (reel, row), t, _cb in self.shots:
            if t < 0:
                continue
            r = cell_rect(reel, row)
            u = min(1.0, t / SHOT_TIME)
            # the wild stamped into the cell, framed like a held cell
            k = 1.25 - 0.25 * ease(u)
            img = wild if k <= 1.001 else wild.scaled((int(150 * k), int(150 * k)))
            draw.rect(surface, (8, 6, 4), r.inflate(-6, -6), border_radius=12)
            surface.blit(img, img.get_rect(center=r.center))
            draw.rect(surface, TEAL, r.inflate(-6, -6), width=3, border_radius=12)
            if u < 1.0:
                flash = self._flash()
                flash.set_alpha(int(255 * (1 - u)))
                surface.blit(flash, flash.get_rect(center=r.center))

    def _flash(self) -> Canvas:
        return self.assets.derived(("tombraider-muzzle-flash",), lambda: muzzle_flash(k=self.assets.density))


DECOR_KEY = "tombraider"


def decor_of(stage: Stage) -> TombRaiderDecor:
    """The stage's Tomb Raider fixture (it stays from round to round), put on it the first time
    it is asked for."""
    found = stage.fixtures.get(DECOR_KEY)
    if isinstance(found, TombRaiderDecor):
        return found
    from game.games.tombraider.model import TombRaiderFeature

    f = stage.definition.feature
    wilds = stage.definition.symbols_of_kind("wild")
    made = TombRaiderDecor(
        stage, f.ladder if isinstance(f, TombRaiderFeature) else [1], wilds[0] if wilds else None
    )
    stage.fixtures[DECOR_KEY] = made
    return made
