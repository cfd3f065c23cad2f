"""The battle: scatters of different colours landed, and their warlords fight for the re-spins.

`BattleScene` plays a `BattleEvent` (the contenders, their weights and the winner are already in
it; nothing is drawn here but the outcome the engine decided) over the battle backdrop:

1. the contenders come in from the sides, each with its chance of winning (its weight over the
   total, e.g. 75 % for a pair against a single) and the scatters it landed;
2. they face off ("VS", clashes);
3. the winner rises in its colour, the others fall back, and the winner's banner converts theirs
   one after another ("PRIESTESS WINS!");
then it calls `on_done` and leaves. SPIN, Enter or a click hurries it to the end. Times scale with
`speed` (1 normal, ½ quick spin, nearly 0 in turbo).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.definitions import GameDefinition
from game.games.warlords.events import BattleEvent
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import draw_text, fit_font
from scenes.games.warlords.look import Warlord, warlords
from scenes.games.warlords.pages import percent
from scenes.widgets import draw_panel

# Player-facing msgids (assets/locale/*.json)
T_BATTLE = "BATTLE!"
T_VS = "VS"
T_WINS = "{name} WINS!"
T_ODDS = "{pct} %"
T_CONVERTS = "Every scatter turns {colour}"
T_COLOURS = {"barbarian": "blue", "priestess": "green", "samurai": "red"}

ENTER = 0.5  # s the contenders take to come in
FACE_OFF = 1.1  # s they face off
RESULT = 0.9  # s until the banners are converted
HOLD = 0.8  # s the result stays
TOTAL = ENTER + FACE_OFF + RESULT + HOLD
GOLD = (255, 214, 120)
CREAM = (255, 248, 230)
INK = (30, 14, 4)
SCREEN = pygame.Rect(0, 0, 1280, 720)
FIGURE = (128, 384)  # a warlord's full-height art, at 0.8
FIGURE_TOP = 170


def odds_text(tr, weight: int, total: int) -> str:
    """A contender's chance as a percentage in the player's number format ("75 %", "33,3 %")."""
    return tr.t(T_ODDS, pct=percent(tr, weight, total))


class BattleScene(Scene):
    opaque = True
    modal = True

    def __init__(
        self,
        assets,
        sounds,
        definition: GameDefinition,
        event: BattleEvent,
        tr,
        *,
        speed: float = 1.0,
        on_done: Callable[[], None],
    ) -> None:
        super().__init__()
        self.assets = assets
        self.sounds = sounds
        self.tr = tr
        self.event = event
        self.speed = max(0.02, speed)
        self.on_done = on_done
        self.t = 0.0
        self.finished = False
        self.game = definition.id
        by_scatter = warlords(definition)
        self.contenders: list[Warlord] = [by_scatter[s] for s in event.contenders]
        self.winner = by_scatter[event.winner]
        total = sum(event.weights)
        self.odds = [(w, total) for w in event.weights]
        self.landed = {s: sum(1 for *_, sid in event.scatters if sid == s) for s in event.contenders}
        n = len(self.contenders)
        self.xs = [640] if n == 1 else [round(300 + i * 680 / (n - 1)) for i in range(n)]
        self.backdrop = assets.image(f"{self.game}/battle_bg")
        self.figures = {
            w.scatter: assets.scaled(f"{self.game}/symbols/{w.mode}_stack", FIGURE) for w in self.contenders
        }
        self.banners = {
            w.scatter: assets.scaled(f"{self.game}/symbols/{w.scatter}", (84, 84)) for w in self.contenders
        }
        self.halo = pygame.Surface((340, 340), pygame.SRCALPHA)
        for r, alpha in ((170, 50), (130, 80)):
            pygame.draw.circle(self.halo, (*self.winner.colour, alpha), (170, 170), r)
        self.shade = pygame.Surface(FIGURE, pygame.SRCALPHA)
        self.shade.fill((0, 0, 0, 150))
        self._sounded: set[str] = set()

    # -- time ------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._sound("battle_start")

    def _sound(self, name: str) -> None:
        if name not in self._sounded:
            self._sounded.add(name)
            self.sounds.feature(name)

    def handle(self, intent: Intent) -> bool:
        if intent.act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP):
            self.t = max(self.t, (ENTER + FACE_OFF + RESULT) * self.speed)
        return True  # modal: the reels wait underneath

    def update(self, dt: float) -> None:
        if self.finished:
            return
        self.t += dt
        if self.t >= (ENTER + FACE_OFF) * self.speed:
            self._sound("battle_won")
        if self.t >= TOTAL * self.speed:
            self.finished = True
            if self.stack is not None:
                self.stack.pop()
            self.on_done()

    # -- drawing -----------------------------------------------------------------------------------
    @property
    def phase(self) -> float:
        """Seconds of the unscaled timeline."""
        return self.t / self.speed

    def draw(self, surface: pygame.Surface) -> None:
        a, tr = self.assets, self.tr
        surface.blit(self.backdrop, (0, 0))
        p = self.phase
        title = tr.gettext(T_BATTLE)
        draw_text(
            surface,
            fit_font(a, "display", title, 600, 64),
            title,
            (640, 56),
            GOLD,
            outline=3,
            outline_color=INK,
        )
        decided = p >= ENTER + FACE_OFF
        for i, w in enumerate(self.contenders):
            self._draw_contender(surface, i, w, p, decided)
        if not decided and p >= ENTER:
            u = (p - ENTER) / FACE_OFF
            vs = tr.gettext(T_VS)
            beat = math.sin(u * math.pi * 6) > 0  # the VS throbs between two sizes (fonts kept)
            font = a.font("display", 84 if beat else 72)
            for left, right in zip(self.xs, self.xs[1:], strict=False):
                at = ((left + right) // 2, FIGURE_TOP + FIGURE[1] // 2)
                draw_text(surface, font, vs, at, CREAM, outline=3, outline_color=INK)
                for hit in (0.35, 0.7):  # clashes between the warlords
                    k = (u - hit) / 0.15
                    if 0 <= k < 1:
                        r = round(30 + 140 * k)
                        pygame.draw.circle(surface, (255, 250, 220), at, r, max(1, round(10 * (1 - k))))
        if decided:
            name = tr.gettext(self.winner.name).upper()
            text = tr.t(T_WINS, name=name)
            box = pygame.Rect(0, 0, 700, 96)
            box.center = (640, 665)
            draw_panel(surface, a, box, alpha=240)
            draw_text(
                surface,
                fit_font(a, "display", text, box.w - 40, 48),
                text,
                (box.centerx, box.top + 36),
                self.winner.colour,
                outline=3,
                outline_color=INK,
            )
            sub = tr.t(T_CONVERTS, colour=tr.gettext(T_COLOURS[self.winner.mode]))
            draw_text(
                surface,
                fit_font(a, "display_regular", sub, box.w - 40, 24),
                sub,
                (box.centerx, box.top + 76),
                CREAM,
            )

    def _draw_contender(self, surface: pygame.Surface, i: int, w: Warlord, p: float, decided: bool) -> None:
        a, tr = self.assets, self.tr
        n = len(self.contenders)
        x = self.xs[i]
        k = min(1.0, p / ENTER) if ENTER > 0 else 1.0
        k = 1 - (1 - k) ** 3
        side = -1 if x < 640 else 1 if x > 640 else 0
        x += round((1 - k) * side * 700)
        y = FIGURE_TOP + round((1 - k) * (500 if side == 0 else 0))
        won = w.scatter == self.winner.scatter
        if decided:
            u = min(1.0, (p - ENTER - FACE_OFF) / 0.4)
            y += round(-16 * u) if won else round(24 * u)
        elif p >= ENTER:
            y += round(6 * math.sin(p * 7 + i))
        fig = self.figures[w.scatter]
        rect = fig.get_rect(midtop=(x, y))
        if decided and won:  # the winner's glow behind it
            surface.blit(self.halo, self.halo.get_rect(center=rect.center))
        surface.blit(fig, rect)
        if decided and not won:
            surface.blit(self.shade, rect)
        # the scatters this warlord landed, above it: converted to the winner's one after another
        count = self.landed.get(w.scatter, 0)
        for j in range(count):
            bx = x - (count - 1) * 46 + j * 92
            order = j + sum(self.landed.get(c.scatter, 0) for c in self.contenders[:i])
            turn = ENTER + FACE_OFF + 0.3 + 0.18 * order
            shown = self.winner.scatter if decided and p >= turn else w.scatter
            banner = self.banners[shown]
            at = (bx, rect.top - 52)
            surface.blit(banner, banner.get_rect(center=at))
            if decided and not won and 0 <= p - turn < 0.2:
                pygame.draw.circle(surface, (255, 250, 220), at, 50, 4)
        # its chance of winning
        weight, total = self.odds[i]
        plate = pygame.Rect(0, 0, 170 if n < 3 else 150, 48)
        plate.midtop = (x, rect.bottom + 6)
        draw_panel(surface, a, plate, alpha=240)
        draw_text(
            surface,
            a.font("display", 30),
            odds_text(tr, weight, total),
            plate.center,
            w.colour,
            outline=2,
            outline_color=INK,
        )
