"""The Shoot-out: fifteen discs face down; the player clicks one, the others are shot away, and
the chosen disc's value (× the total bet of the spin that triggered the Global Adventure) goes
into the location's pot.

A bonus scene of its own (`scenes.reels.bonus.BonusScene`: opaque, modal) the world map pushes
when the hidden treasure holds the Shoot-out (`ShootoutStartEvent` and its pick request): the
location's scenery fills the screen, the title and what a disc is worth across the top, the
discs (5×3) and, beside them, the list of the values they hold (the game's data, shuffled face
down by the engine, each crossed out as its disc is shot) centred as one block, the key hints
under them and the money strip in the quest's leather and bronze (`scenes.games.tombraider.look`:
the balance, the bet, the pot and the round's win so far). The pick goes through `choose(index)`
(in play the ledger records it before the engine reveals it); `--autoplay N` picks by itself and
a replay makes the recorded pick, watched. Keyboard: the arrow keys or Tab, and Enter. The scene
animates `ShootoutRevealEvent` — the chosen disc turns over, then every other disc is shot in turn
and shows what it held — and hands that event and the ones after it back to the map (`on_done`).
Esc before the pick leaves to the lobby (the quest resumes at this very pick next time);
afterwards a toast says why it cannot leave yet, as it does for a click in a replay and for a key
meant for another screen.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import pygame

from game.events import PickRequestEvent
from game.games.tombraider.events import ShootoutRevealEvent
from game.money import Bet
from scenes.core.canvas import Canvas, draw
from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, fit_font
from scenes.games.tombraider.art import CREAM, GOLD, INK, SOFT, shade
from scenes.games.tombraider.look import QuestHud, scenery, tomb_style
from scenes.games.tombraider.picking import T_RECORDED, GridPicks
from scenes.reels.bonus import BonusLayout, BonusScene
from scenes.widgets.dialog import show_toast
from scenes.widgets.effects import Sparks, soft_glow
from scenes.widgets.keys import draw_key_hints

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_TITLE = "SHOOT-OUT"
T_SUB = "Choose a disc: its value × your total bet of {bet} goes into the pot"
T_VALUES = "DISC VALUES"
T_RESULT = "x{value} × {bet} = {coins}"
T_CANT_LEAVE = "The Shoot-out can be left before you choose a disc; it resumes next time."
T_POT = "POT"
T_BET = "BET"
T_WIN = "WIN"
T_HINT_CHOOSE = "choose"
T_HINT_PICK = "pick"
T_HINT_LEAVE = "leave (the round waits)"
T_HINT_WATCH = "SPIN hurries the picks"

DIM = (150, 140, 128)

COLS, ROWS = 5, 3
DISC = 112
PITCH_X, PITCH_Y = 152, 146
LAYOUT = BonusLayout.balanced(PITCH_X * (COLS - 1) + DISC, 460, 360)
GRID_LEFT = LAYOUT.stage.left
GRID_TOP = LAYOUT.stage.top + (LAYOUT.stage.h - (PITCH_Y * (ROWS - 1) + DISC)) // 2
VALUES = LAYOUT.panel
AUTO_PICK_WAIT = 0.6
FLIP = 0.45
FLIP_STEPS = 7
SHOT_GAP = 0.16
RESULT = 2.0


def disc_rect(index: int) -> pygame.Rect:
    col, row = index % COLS, index // COLS
    return pygame.Rect(GRID_LEFT + col * PITCH_X, GRID_TOP + row * PITCH_Y, DISC, DISC)


class ShootoutScene(GridPicks, BonusScene):
    def __init__(
        self,
        assets,
        sounds,
        tr,
        bet: Bet,
        values: list[int],
        request: PickRequestEvent,
        *,
        location: str,
        choose: Callable[[int], list],
        on_done: Callable[[list], None],
        on_leave: Callable[[], None],
        auto_pick: Callable[[int, list[int]], int] | None = None,
        watch_only: bool = False,
        speed: float = 1.0,
        reduced_motion: bool = False,
        pot: int = 0,
        band=None,
        win_coins: int = 0,
    ) -> None:
        super().__init__(
            assets,
            tr,
            tomb_style(scenery(assets, location)),
            LAYOUT,
            band=band,
            bet=bet,
            reduced_motion=reduced_motion,
        )
        self.sounds = sounds
        self.bet = bet
        self.values = sorted(values, reverse=True)
        self.request = request
        self.location_id = location
        self.choose_fn = choose
        self.on_done = on_done
        self.on_leave = on_leave
        self.auto_pick = auto_pick
        self.watch_only = watch_only and auto_pick is not None
        self.speed = max(0.02, speed)
        self.pot = pot
        self.win_coins = win_coins  # the round's win so far (the pot is not banked yet)
        self.hud = QuestHud(band, bet, self.style, LAYOUT.hud, self._figures)
        self.count = request.options
        self.phase = "picking"
        self.phase_t = 0.0
        self.t = 0.0
        self.focus = self.count // 2
        self.hover: int | None = None
        self.armed: int | None = None
        self.error = ""
        self.reveal: ShootoutRevealEvent | None = None
        self.rest: list = []
        self.shot: list[bool] = [False] * self.count
        self.crossed: list[bool] = [False] * len(self.values)
        self.won_slot: int | None = None
        self.sparks = Sparks(gravity=300, seed=5)
        self._order: list[int] = []
        self._prepare_art()

    def toast(self, text: str) -> None:
        """A toast on the hint line (under the title it would cover the values' heading)."""
        show_toast(self.stack, self.assets, text, midtop=(LAYOUT.stage.centerx, LAYOUT.hint_y - 28))

    def _figures(self) -> list[tuple[str, int]]:
        """The strip after the balance: the bet a disc multiplies, the pot (the won disc's
        value joins it with the result), the round's win so far."""
        return [(T_BET, self.bet.total_coins), (T_POT, self._pot_shown()), (T_WIN, self.win_coins)]

    def _pot_shown(self) -> int:
        if self.reveal is not None and self.phase == "result":
            return self.pot + self.reveal.coins
        return self.pot

    # -- art -------------------------------------------------------------------------------------
    def _prepare_art(self) -> None:
        a = self.assets
        self.back = a.scaled("tombraider/discs/disc_back", (DISC, DISC))
        self.face = a.scaled("tombraider/discs/disc_face", (DISC, DISC))
        self.small_face = a.scaled("tombraider/discs/disc_face", (64, 64))
        self._glow = soft_glow((DISC, DISC), 20, (255, 210, 110), a.density, radius=DISC // 2)
        # the chosen disc turning over: the back narrowing, then the face widening
        self._turn = [
            img.scaled((max(2, int(DISC * math.cos(k / FLIP_STEPS * math.pi / 2))), DISC))
            for img in (self.back, self.face)
            for k in range(FLIP_STEPS)
        ]
        self._look_still: tuple[tuple, Canvas] | None = None
        # the values' plate: solid enough behind its text
        self.values_panel = a.derived(
            ("tombraider-shootout-values", VALUES.size),
            lambda: shade(VALUES.size, 235, edge=True, k=a.density),
        )
        spark = a.tinted("ui/particle", (255, 200, 140, 255))
        self._sparks = [spark.scaled((s, s)) for s in (5, 8, 12, 16)]

    def rebuild(self) -> None:
        """The backdrop and the art again, at the store's new density."""
        super().rebuild()
        self._prepare_art()

    # -- picking ---------------------------------------------------------------------------------
    def pickable(self, index: int) -> bool:
        return self.phase == "picking" and 0 <= index < self.count

    def pick(self, index: int) -> bool:
        if not self.pickable(index):
            return False
        self.phase = "wait"
        new = self.chosen(index)
        if new is None:
            self.phase = "picking"
            return False
        reveal = next((e for e in new if isinstance(e, ShootoutRevealEvent)), None)
        if reveal is None:
            log.error("the Shoot-out's pick revealed no disc")
            self.rest = list(new)
            self._finish()
            return True
        at = new.index(reveal)
        self.reveal = reveal
        self.rest = [reveal, *new[at + 1 :]]
        # the other discs are shot left to right, top to bottom
        self._order = [i for i in range(self.count) if i != reveal.index]
        self.won_slot = self._slot_of(reveal.value)
        self.sounds.reveal(x=disc_rect(reveal.index).centerx)
        self._set("reveal")
        return True

    def _slot_of(self, value: int) -> int | None:
        for i, v in enumerate(self.values):
            if v == value and not self.crossed[i] and i != self.won_slot:
                return i
        return None

    def _set(self, phase: str) -> None:
        self.phase = phase
        self.phase_t = 0.0

    def _close(self) -> None:
        """Leave the stack (a toast over the scene stays as long as it shows: it is transient)."""
        if self.stack is not None:
            self.stack.remove(self)

    def _finish(self) -> None:
        if self.phase == "done":
            return
        self.phase = "done"
        self._close()
        self.on_done(self.rest)

    def disc_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for i in range(self.count):
            if disc_rect(i).collidepoint(pos):
                return i
        return None

    # -- input -----------------------------------------------------------------------------------
    def handle_bonus(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.BACK:
            if self.phase == "picking" or self.watch_only:
                self._close()
                self.phase = "done"
                self.on_leave()
            else:
                self.toast(self.tr.gettext(T_CANT_LEAVE))
            return True
        if act is Act.POINTER_MOVE:
            self.hover = self.disc_at(intent.pos)
            if self.hover is not None:
                self.focus = self.hover
            return True
        if act in (Act.SPIN, Act.CONFIRM) and (self.phase != "picking" or self.watch_only):
            self._hurry()
            return True
        if act is Act.POINTER_UP and self.phase != "picking":
            if self.disc_at(intent.pos) is not None:
                self._hurry()  # a click on the discs after the pick: the shots go faster
            return True
        if self.watch_only:
            if act is Act.POINTER_UP and self.disc_at(intent.pos) is not None:
                self.toast(self.tr.gettext(T_RECORDED))
            return act in (Act.POINTER_DOWN, Act.POINTER_UP)
        return self.grid_input(intent, self.disc_at, self.count, COLS) or act is Act.POINTER_DOWN

    def _hurry(self) -> None:
        if self.phase == "picking" and self.watch_only:
            self.phase_t = max(self.phase_t, AUTO_PICK_WAIT * self.speed)
        elif self.phase in ("reveal", "shooting"):
            for i in self._order:
                self._shoot(i, sound=False)
            self._order = []
            self._set("result")
        elif self.phase == "result":
            self._finish()

    # -- time ------------------------------------------------------------------------------------
    def _shoot(self, index: int, sound: bool = True) -> None:
        if self.reveal is None or self.shot[index]:
            return
        self.shot[index] = True
        slot = self._slot_of(self.reveal.values[index])
        if slot is not None:
            self.crossed[slot] = True
        if sound:
            x = disc_rect(index).centerx
            self.sounds.feature("gunshot", x=x, volume=0.7)
            self.sounds.feature("disc_hit", x=x, volume=0.8)
        self.sparks.burst(disc_rect(index).center, 10, speed=(90, 260), life=(0.3, 0.6), jitter=0.3)

    def update(self, dt: float) -> None:
        super().update(dt)  # the fade in
        self.t += dt
        self.phase_t += dt
        sp = self.speed
        self.sparks.update(dt)
        if self.phase == "picking" and self.auto_pick is not None and self.phase_t >= AUTO_PICK_WAIT * sp:
            self.pick(self.auto_pick(self.count, []))
        elif self.phase == "reveal" and self.phase_t >= (FLIP + 0.5) * sp:
            self._set("shooting")
        elif self.phase == "shooting":
            while self._order and self.phase_t >= SHOT_GAP * sp:
                self.phase_t -= SHOT_GAP * sp
                self._shoot(self._order.pop(0), sound=sp >= 0.2)
            if not self._order:
                self._set("result")
                self.sounds.feature("fragment")
        elif self.phase == "result" and self.phase_t >= RESULT * sp:
            self._finish()

    # -- drawing ---------------------------------------------------------------------------------
    def draw_backdrop(self, surface: Canvas) -> None:
        """The backdrop with everything still on it (title, values, hints), composed again only
        when what it shows changes."""
        tr = self.tr
        picking = self.phase == "picking"
        won = self.won_slot if (self.reveal is not None and self.phase != "reveal") else None
        look = (
            tuple(self.crossed),
            won,
            tr.gettext(T_TITLE),
            tr.t(T_SUB, bet=tr.format_coins(self.bet.total_coins)),
            tr.gettext(T_VALUES),
            self._hints() if picking else (),
            self.error,
        )
        held = self._look_still  # a cache of what `look` shows
        if held is None or held[0][2:] != look[2:]:
            held = (look, self._compose(look))
        elif held[0] != look:  # a shot: only the values changed, painted again where they stand
            self._paint_values(held[1], look)
            held = (look, held[1])
        self._look_still = held
        surface.blit(held[1], (0, 0))

    def _hints(self) -> tuple:
        tr = self.tr
        if self.watch_only:
            return ((("SPACE",), tr.gettext(T_HINT_WATCH)), (("ESC",), tr.gettext(T_HINT_LEAVE)))
        if self.auto_pick is not None:
            return ()
        return (
            (("left", "right", "up", "down"), tr.gettext(T_HINT_CHOOSE)),
            (("ENTER",), tr.gettext(T_HINT_PICK)),
            (("ESC",), tr.gettext(T_HINT_LEAVE)),
        )

    def draw_stage(self, surface: Canvas) -> None:
        picking = self.phase == "picking" and not self.watch_only
        for i in range(self.count):
            self._draw_disc(surface, i, disc_rect(i), picking)
        self.sparks.draw(surface, self._sparks)

    def draw_over(self, surface: Canvas) -> None:
        if self.phase == "result" and self.reveal is not None:
            self._draw_result(surface)

    def _compose(self, look: tuple) -> Canvas:
        """Everything but the discs and the money strip: the backdrop, the title, the values with
        those shot crossed out, the key hints (or why a pick failed)."""
        _crossed, _won, title, sub, _values_title, hints, error = look
        a = self.assets
        surf = self.backdrop.copy()
        self.draw_title(surf, title, sub)
        self._paint_values(surf, look)
        where = (LAYOUT.stage.centerx, LAYOUT.hint_y)
        if error:
            draw_text(surf, a.font("text_bold", 18), error, where, (255, 150, 130), outline=1)
        elif hints:
            draw_key_hints(surf, a, list(hints), where, color=SOFT, size=16)
        return surf

    def _paint_values(self, surf: Canvas, look: tuple) -> None:
        """The values panel over the backdrop's own pixels there, those shot crossed out: a shot
        repaints this part of the composed backdrop in place, not the whole screen (a full-screen
        copy each shot cost a frame some 7 ms at 1920×1080)."""
        crossed, won, _title, _sub, values_title, _hints, _error = look
        a = self.assets
        surf.blit(self.backdrop, VALUES, area=VALUES)  # opaque: what was drawn there is gone
        surf.blit(self.values_panel, VALUES)
        draw_text(surf, a.font("display", 26), values_title, (VALUES.centerx, VALUES.top + 34), GOLD)
        cols, rows = 3, math.ceil(len(self.values) / 3)
        cw, rh = (VALUES.w - 40) // cols, min(70, (VALUES.h - 90) // max(1, rows))
        for i, v in enumerate(self.values):
            c, r = i % cols, i // cols
            x = VALUES.left + 20 + c * cw + cw // 2
            y = VALUES.top + 86 + r * rh + rh // 2
            colour = GOLD if i == won else (DIM if crossed[i] else CREAM)
            if i == won:
                box = pygame.Rect(0, 0, cw - 12, rh - 10)
                box.center = (x, y)
                draw.rect(surf, (120, 80, 20), box, border_radius=10)
            draw_text(surf, a.font("display", 30), f"x{v}", (x, y), colour, shadow=not crossed[i])
            if crossed[i]:
                draw.line(surf, (220, 90, 70), (x - 34, y + 2), (x + 34, y + 2), 3)

    def _draw_disc(self, surface: Canvas, i: int, r: pygame.Rect, picking: bool) -> None:
        a = self.assets
        rv = self.reveal
        if rv is not None and i == rv.index:
            k = min(1.0, self.phase_t / (FLIP * self.speed)) if self.phase == "reveal" else 1.0
            surface.blit(self._glow, self._glow.get_rect(center=r.center))
            if k < 0.5:  # the back narrows
                img = self._turn[min(FLIP_STEPS - 1, int(k * 2 * FLIP_STEPS))]
            else:  # the face widens
                img = self._turn[FLIP_STEPS + min(FLIP_STEPS - 1, int((1 - k) * 2 * FLIP_STEPS))]
            surface.blit(img, img.get_rect(center=r.center))
            if k >= 0.5:
                draw_text(
                    surface, a.font("display", 40), f"x{rv.value}", r.center, (120, 40, 10), shadow=False
                )
            return
        if rv is not None and self.shot[i]:
            # shot away: what it held, small and faded where it stood
            surface.blit(self.small_face, self.small_face.get_rect(center=r.center))
            draw_text(
                surface, a.font("display", 22), f"x{rv.values[i]}", r.center, (110, 60, 40), shadow=False
            )
            draw.line(
                surface, (200, 80, 60), (r.centerx - 30, r.centery + 30), (r.centerx + 30, r.centery - 30), 3
            )
            return
        if picking and self.auto_pick is None and i == self.focus:
            surface.blit(self._glow, self._glow.get_rect(center=r.center))
        lift = -4 if (picking and i == self.hover) else 0
        surface.blit(self.back, r.move(0, lift))

    def _draw_result(self, surface: Canvas) -> None:
        a, tr, rv = self.assets, self.tr, self.reveal
        assert rv is not None
        box = pygame.Rect(0, 0, 700, 120)
        box.center = LAYOUT.stage.center
        surface.blit(
            a.derived(
                ("tombraider-shootout-result", box.size), lambda: shade(box.size, 245, edge=True, k=a.density)
            ),
            box,
        )
        text = tr.t(
            T_RESULT,
            value=rv.value,
            bet=tr.format_coins(self.bet.total_coins),
            coins=tr.format_coins(rv.coins),
        )
        draw_text(
            surface,
            fit_font(a, "display", text, box.w - 40, 38),
            text,
            (box.centerx, box.centery - 14),
            GOLD,
            outline=2,
            outline_color=INK,
        )
        money = tr.money(self.bet.coins_to_cents(rv.coins))
        draw_text(
            surface, a.font("text_bold", 20), money, (box.centerx, box.centery + 30), CREAM, shadow=False
        )
