"""The battle: scatters of different colours landed, and their warlords fight for the re-spins.

`BattleScene` is a bonus scene of its own (`scenes.reels.bonus.BonusScene`: opaque, modal, the
whole screen) that plays a `BattleEvent` (the contenders, their weights and the winner are already
in it; nothing is drawn here but the outcome the engine decided) over the battle backdrop:

1. the contenders come in from the sides, each over its chance of winning (its weight over the
   total, e.g. 75 % for a pair against a single) and under the scatters it landed;
2. they face off ("VS", clashes) in front of the sunburst;
3. the winner rises in its colour, the others fall back, and the winner's banner converts theirs
   one after another; the title says who won ("PRIESTESS WINS!") and what it means;
then it calls `on_done` and leaves. The layout is symmetric about the screen's centre (the
sunburst of the backdrop): the title band at the top, the warlords spread across the stage, the
key hints and the money strip (balance, bet, the round's win so far) in the battle's bronze and
embers at the bottom.

SPACE, Enter or a click skips to the result, and once it shows, continues at once (otherwise the
result stays a moment and the scene leaves by itself, as autoplay needs). A press that cannot act
says why in a toast: Esc (a battle cannot be left: the engine has decided it), any other key (what
skips it), a game function or the bet (the shared "Finish the feature first"). Times scale with
`speed` (1 normal, ½ quick spin, nearly 0 in turbo). With reduced motion the warlords stand in
place from the first frame, without sway, throbbing VS or clashes, and the scene does not fade in.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.definitions import GameDefinition
from game.games.warlords.events import BattleEvent
from scenes.core.canvas import Canvas, draw
from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, GOLD
from scenes.core.transitions import Fade
from scenes.games.warlords.look import INK, Warlord, warlords
from scenes.games.warlords.pages import percent
from scenes.reels.bonus import BonusLayout, BonusScene, BonusStyle, plaque
from scenes.widgets.dialog import show_toast
from scenes.widgets.keys import draw_key_hints

# Player-facing msgids (assets/locale/*.json)
T_BATTLE = "BATTLE!"
T_STAKES = "The winner's colour takes every scatter into the re-spins"
T_VS = "VS"
T_WINS = "{name} WINS!"
T_ODDS = "{pct} %"
T_CONVERTS = "Every scatter turns {colour}"
T_COLOURS = {"barbarian": "blue", "priestess": "green", "samurai": "red"}
T_HINT_SKIP = "skip the battle"
T_HINT_GO_ON = "continue"
T_NO_LEAVE = "The battle cannot be left: SPACE or a click skips it"
T_HOW_SKIP = "SPACE, Enter or a click skips the battle"
T_HOW_GO_ON = "SPACE, Enter or a click continues"
T_KEY_SPACE = "SPACE"  # the space bar's keycap ("ESPACIO")

ENTER = 0.5  # s the contenders take to come in
FACE_OFF = 1.1  # s they face off
RESULT = 0.9  # s until the banners are converted
HOLD = 0.8  # s the result stays
TOTAL = ENTER + FACE_OFF + RESULT + HOLD
SCREEN = pygame.Rect(0, 0, 1280, 720)

# The stage spans the screen, centred on the backdrop's sunburst (no side panel: each warlord's
# odds stand under it); the title band above, the hints and the money strip below.
LAYOUT = BonusLayout.balanced(1000, 480, 0, gap=0)
FIGURE = (108, 324)  # a warlord's full-height art (160×480) at 0.675
BANNER = 72  # a landed scatter above its warlord
BANNER_Y = LAYOUT.stage.top + 44  # the banners' centre line
FIGURE_TOP = LAYOUT.stage.top + 92
PLATE = (150, 46)  # the odds under a warlord
PLATE_TOP = FIGURE_TOP + FIGURE[1] + 12
SPREAD = {1: 0, 2: 240, 3: 320}  # px from the centre to the outer warlords


def odds_text(tr, weight: int, total: int) -> str:
    """A contender's chance as a percentage in the player's number format ("75 %", "33,3 %")."""
    return tr.t(T_ODDS, pct=percent(tr, weight, total))


def battle_style(game_id: str) -> BonusStyle:
    """The battle's look: dark bronze plates with ember rivets, gold figures, over the sunburst."""
    return BonusStyle(
        backdrop=f"{game_id}/battle_bg",
        face_top=(58, 40, 34),
        face_bottom=(24, 14, 12),
        edge=(206, 164, 96),
        accent=(255, 170, 90),
        label=(244, 214, 180),
        value=(255, 222, 140),
        title=GOLD,
        title_outline=INK,
        text=CREAM,
        vignette=120,
    )


def contender_xs(n: int) -> list[int]:
    """Where each of `n` warlords stands: symmetric about the screen's centre."""
    c = LAYOUT.stage.centerx
    if n <= 1:
        return [c]
    spread = SPREAD.get(n, 320)
    return [round(c - spread + i * 2 * spread / (n - 1)) for i in range(n)]


def _halo(colour: tuple[int, int, int], density: float) -> Canvas:
    """The winner's glow: a soft disc in its colour, brightest in the middle (drawn small as
    nested circles, then scaled up smooth to 340 logical px at `density`)."""
    small = pygame.Surface((80, 80), pygame.SRCALPHA)
    for k in range(20):
        pygame.draw.circle(small, (*colour, 12 + 6 * k), (40, 40), 40 - k * 1.6)
    big = Canvas.resampled(small, (340, 340), density)
    return big.convert_alpha() if pygame.display.get_surface() is not None else big


def _darker(fig: Canvas) -> Canvas:
    """`fig` at 40 % brightness, alpha kept."""
    out = fig.copy()
    out.fill((100, 100, 100, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


class BattleScene(BonusScene):
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
        band=None,
        bet=None,
        reduced_motion: bool = False,
    ) -> None:
        super().__init__(
            assets,
            tr,
            battle_style(definition.id),
            LAYOUT,
            band=band,
            bet=bet,
            reduced_motion=reduced_motion,
        )
        self.sounds = sounds
        self.event = event
        self.speed = max(0.02, speed)
        # the fade in is part of the battle's time: quicker with quick spin, none in turbo
        self.fade = Fade(0.0 if reduced_motion else 0.35 * min(1.0, self.speed), "in")
        self.reduced = reduced_motion  # the warlords stand still: no slide, sway, throb or clash
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
        self.xs = contender_xs(len(self.contenders))
        self._prepare_art()
        self._sounded: set[str] = set()

    def _prepare_art(self) -> None:
        """The figures, banners, the winner's halo, the beaten warlords' darker figures and the
        odds plates, at the asset store's density."""
        assets = self.assets
        self.figures = {
            w.scatter: assets.scaled(f"{self.game}/symbols/{w.mode}_stack", FIGURE) for w in self.contenders
        }
        self.banners = {
            w.scatter: assets.scaled(f"{self.game}/symbols/{w.scatter}", (BANNER, BANNER))
            for w in self.contenders
        }
        self.halo = assets.derived(
            ("battle-halo", self.winner.colour), lambda: _halo(self.winner.colour, assets.density)
        )
        # a beaten warlord darkens within its own outline (its card's rounded corners kept)
        self.beaten = {s: _darker(fig) for s, fig in self.figures.items()}
        self.plate = assets.derived(
            ("battle-odds", PLATE, self.style), lambda: plaque(PLATE, self.style, 12, density=assets.density)
        )
        self.plate_dim = assets.canvas(PLATE)
        self.plate_dim.fill((0, 0, 0, 70))

    def rebuild(self) -> None:
        """The backdrop and the art again, at the store's new density."""
        super().rebuild()
        self._prepare_art()

    # -- time ------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._sound("battle_start")

    def _sound(self, name: str) -> None:
        if name not in self._sounded:
            self._sounded.add(name)
            self.sounds.feature(name)

    @property
    def decided(self) -> bool:
        """The winner is shown (the face-off is over)."""
        return self.phase >= ENTER + FACE_OFF

    @property
    def resolved(self) -> bool:
        """Every banner has turned: a press now continues."""
        return self.phase >= ENTER + FACE_OFF + RESULT

    def handle_bonus(self, intent: Intent) -> bool:
        act = intent.act
        if act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP):
            if self.resolved:
                self.t = max(self.t, TOTAL * self.speed)  # continue: leaves on the next update
            else:
                self.t = max(self.t, (ENTER + FACE_OFF + RESULT) * self.speed)  # skip to the result
            return True
        if act is Act.BACK:
            self.toast(self.tr.gettext(T_NO_LEAVE))
            return True
        if act in (Act.ANY_KEY, Act.LEFT, Act.RIGHT, Act.UP, Act.DOWN, Act.NEXT, Act.PREV):
            self.toast(self.tr.gettext(T_HOW_GO_ON if self.resolved else T_HOW_SKIP))
            return True
        return act in (Act.POINTER_DOWN, Act.POINTER_MOVE, Act.WHEEL)

    def toast(self, text: str) -> None:
        """Over the key hints (they say the same), clear of the banners and the title."""
        show_toast(self.stack, self.assets, text, midtop=(SCREEN.centerx, self.layout.hint_y - 32))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.finished:
            return
        self.t += dt
        if self.decided:
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

    def draw_stage(self, surface: Canvas) -> None:
        a, tr = self.assets, self.tr
        p = self.phase
        decided = self.decided
        self._draw_heading(surface, decided)
        stage = self.layout.stage
        # the warlords enter from beyond the stage's edges: nothing crosses the title or the HUD
        surface.set_clip(pygame.Rect(0, stage.top, SCREEN.w, stage.h))
        for i, w in enumerate(self.contenders):
            self._draw_contender(surface, i, w, p, decided)
        surface.set_clip(None)
        if not decided and p >= ENTER:
            u = (p - ENTER) / FACE_OFF
            vs = tr.gettext(T_VS)
            beat = not self.reduced and math.sin(u * math.pi * 6) > 0  # the VS throbs (fonts kept)
            font = a.font("display", 80 if beat else 68)
            for left, right in zip(self.xs, self.xs[1:], strict=False):
                at = ((left + right) // 2, FIGURE_TOP + FIGURE[1] // 2)
                draw_text(surface, font, vs, at, CREAM, outline=3, outline_color=INK)
                for hit in () if self.reduced else (0.35, 0.7):  # clashes between the warlords
                    k = (u - hit) / 0.15
                    if 0 <= k < 1:
                        r = round(30 + 120 * k)
                        draw.circle(surface, (255, 250, 220), at, r, max(1, round(10 * (1 - k))))
        word = tr.gettext(T_HINT_GO_ON if self.resolved else T_HINT_SKIP)
        draw_key_hints(
            surface,
            a,
            [((tr.gettext(T_KEY_SPACE), "ENTER"), word)],
            (SCREEN.centerx, self.layout.hint_y),
            color=self.style.label,
            size=16,
        )

    def _draw_heading(self, surface: Canvas, decided: bool) -> None:
        """BATTLE! and what is at stake; once decided, who won and what it means."""
        if not decided:
            self.draw_title(surface, self.tr.gettext(T_BATTLE), self.tr.gettext(T_STAKES))
            return
        a, tr, band = self.assets, self.tr, self.layout.title
        text = tr.t(T_WINS, name=tr.gettext(self.winner.name).upper())
        draw_text(
            surface,
            fit_font(a, "display", text, band.w - 200, 50),
            text,
            (band.centerx, band.top + 34),
            self.winner.light,  # the light tint: legible on the title band
            outline=3,
            outline_color=INK,
        )
        sub = tr.t(T_CONVERTS, colour=tr.gettext(T_COLOURS[self.winner.mode]))
        draw_text(
            surface,
            fit_font(a, "display_regular", sub, band.w - 200, 26),
            sub,
            (band.centerx, band.top + 76),
            CREAM,
            outline=1,
            outline_color=(0, 0, 0),
        )

    def _draw_contender(self, surface: Canvas, i: int, w: Warlord, p: float, decided: bool) -> None:
        a, tr = self.assets, self.tr
        x = self.xs[i]
        k = 1.0 if self.reduced else min(1.0, p / ENTER)
        k = 1 - (1 - k) ** 3
        side = -1 if x < SCREEN.centerx else 1 if x > SCREEN.centerx else 0
        x += round((1 - k) * side * 700)
        rise = round((1 - k) * (520 if side == 0 else 0))  # the middle one rises from the ground
        y = FIGURE_TOP + rise
        won = w.scatter == self.winner.scatter
        if decided:
            u = min(1.0, (p - ENTER - FACE_OFF) / 0.4)
            y += round(-14 * u) if won else round(8 * u)  # the beaten one sinks, short of its plate
        elif p >= ENTER and not self.reduced:
            y += round(6 * math.sin(p * 7 + i))
        beaten = decided and not won
        fig = self.beaten[w.scatter] if beaten else self.figures[w.scatter]
        rect = fig.get_rect(midtop=(x, y))
        if decided and won:  # the winner's glow behind it
            surface.blit(self.halo, self.halo.get_rect(center=rect.center))
        surface.blit(fig, rect)
        # the scatters this warlord landed, above it: converted to the winner's one after another
        count = self.landed.get(w.scatter, 0)
        pitch = BANNER + 12
        for j in range(count):
            bx = x - (count - 1) * pitch // 2 + j * pitch
            order = j + sum(self.landed.get(c.scatter, 0) for c in self.contenders[:i])
            turn = ENTER + FACE_OFF + 0.3 + 0.18 * order
            shown = self.winner.scatter if decided and p >= turn else w.scatter
            banner = self.banners[shown]
            at = (bx, BANNER_Y + rise)
            surface.blit(banner, banner.get_rect(center=at))
            if decided and not won and 0 <= p - turn < 0.2:
                draw.circle(surface, (255, 250, 220), at, 44, 4)
        # its chance of winning, on a plate that stays where it stands (the figure moves above it)
        weight, total = self.odds[i]
        plate = self.plate.get_rect(midtop=(x, PLATE_TOP + rise))
        surface.blit(self.plate, plate)
        if decided and not won:  # the plate darkens; its figure stays legible (4.5:1 and more)
            surface.blit(self.plate_dim, plate)
        draw_text(
            surface,
            a.font("display", 30),
            odds_text(tr, weight, total),
            plate.center,
            w.light,  # the light tint: 4.5:1 and more on a darkened plate too
            outline=2,
            outline_color=INK,
        )
