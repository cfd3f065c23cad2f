"""The battle: scatters of different colours landed, and their warlords fight for the re-spins.

`BattleScene` is a bonus scene of its own (`scenes.reels.bonus.BonusScene`: opaque, modal, the
whole screen) that plays a `BattleEvent` (the contenders, their weights and the winner are already
in it; nothing is drawn here but the outcome the engine decided) over the battle backdrop. The
warlords stand tall across the stage (their full-height `symbols/<mode>_stack` art, loaded by
name), each over its chance of winning (its weight over the total, e.g. 75 % for a pair against
a single) and under the scatters it landed. Then, as `clash` choreographs it on the battle's
clock: they wind up, rush at each other and meet in a flash, sparks and a shaking screen; they
are thrown back; the beaten crack and break into shards that fly and fall; the winner walks back
to its place and rises in its colour, which runs out over the banners, turning each it passes.
The title says who won ("PRIESTESS WINS!") and what it means; then it calls `on_done` and leaves.
The layout is symmetric about the screen's centre (the sunburst of the backdrop): the title band
at the top, the warlords spread across the stage, the key hints and the money strip (balance,
bet, the round's win so far) in the battle's bronze and embers at the bottom.

SPACE, Enter or a click skips to the result (the clock jumps to the final state: every banner
turned, every shard gone) and, once it shows, continues at once (otherwise the result stays a
moment and the scene leaves by itself, as autoplay needs). A press that cannot act says why in a
toast: Esc (a battle cannot be left: the engine has decided it), any other key (what skips it), a
game function or the bet (the shared "Finish the feature first"). Times scale with `speed` (1
normal, ½ quick spin, nearly 0 in turbo). With reduced motion everyone stands still in place from
the first frame (no charge, flash, shake, sparks or shards: the beaten darken, the banners turn
at once) and the scene does not fade in.

The title, the odds, the hints and the money strip are composed into the still layer (again only
when the outcome shows and when it is resolved); a frame is that layer, the figures and what flies.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable

import pygame

from game.definitions import GameDefinition
from game.games.warlords.events import BattleEvent
from scenes.core.canvas import Canvas, draw
from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, fit_font
from scenes.core.transitions import Fade
from scenes.games.warlords import clash
from scenes.games.warlords.look import Warlord, warlords
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

GOLD = (255, 214, 120)
CREAM = (255, 248, 230)
INK = (30, 14, 4)
HOT = (255, 236, 170)  # the sparks' and the cracks' colour
SCREEN = pygame.Rect(0, 0, 1280, 720)
# the phases' lengths (s, unscaled), as the timeline in `clash` sets them
ENTER = clash.ENTER
FACE_OFF = clash.T_BREAK - clash.ENTER  # wind-up, rush, impact and recoil, until the outcome shows
RESULT = clash.T_RESOLVED - clash.T_BREAK  # the break and the banners turning
HOLD = clash.HOLD
TOTAL = clash.TOTAL

# The stage spans the screen, centred on the backdrop's sunburst (no side panel: each warlord's
# odds stand under it); the title band above, the hints and the money strip below.
LAYOUT = BonusLayout.balanced(1100, 480, 0, gap=0)
FIGURE = (140, 420)  # a warlord's full-height art (its `_stack`, 240×720 in the file)
BANNER = 56  # a landed scatter, above its warlord
BANNER_PITCH = 64
BANNER_Y = LAYOUT.stage.top + 26  # the banners' centre line
FIGURE_TOP = BANNER_Y + BANNER // 2 + 4
FIGURE_Y = FIGURE_TOP + FIGURE[1] / 2  # the centre line the warlords stand on
PLATE = (150, 44)  # the odds under a warlord, over the foot of its art
PLATE_TOP = FIGURE_TOP + FIGURE[1] - 40  # over the art's foot, under its name
SPREAD = {1: 0, 2: 330, 3: 380}  # px from the centre to the outer warlords
FLASH_SIZE = 440  # logical px across the impact's flash
HALO_SIZE = 460


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
    return [round(x) for x in clash.homes(n, LAYOUT.stage.centerx, SPREAD.get(n, 380))]


def _glow(colour: tuple[int, int, int], size: int, density: float, core: int = 12) -> Canvas:
    """A soft disc in `colour`, brightest in the middle (drawn small as nested circles, then
    scaled up smooth to `size` logical px at `density`)."""
    small = pygame.Surface((80, 80), pygame.SRCALPHA)
    for k in range(20):
        pygame.draw.circle(small, (*colour, core + 6 * k), (40, 40), 40 - k * 1.6)
    big = Canvas.resampled(small, (size, size), density)
    return big.convert_alpha() if pygame.display.get_surface() is not None else big


def _darker(fig: Canvas) -> Canvas:
    """`fig` at 40 % brightness, alpha kept."""
    out = fig.copy()
    out.fill((100, 100, 100, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _ghost(fig: Canvas, colour: tuple[int, int, int], alpha: int) -> Canvas:
    """`fig` washed in `colour` at `alpha`: a trail behind a rushing warlord."""
    out = fig.copy()
    out.fill((*(128 + c // 2 for c in colour), alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _cut(fig: Canvas, shard: clash.Shard) -> pygame.Surface:
    """The piece of `fig` inside the shard's outline, with a bright broken edge (physical px,
    the outline's bounding box)."""
    k = fig.k
    pts = [(x * k, y * k) for x, y in shard.points]
    box = pygame.Rect(
        math.floor(min(p[0] for p in pts)),
        math.floor(min(p[1] for p in pts)),
        1,
        1,
    )
    box.w = max(1, math.ceil(max(p[0] for p in pts)) - box.x)
    box.h = max(1, math.ceil(max(p[1] for p in pts)) - box.y)
    box = box.clip(fig.surf.get_rect())
    local = [(x - box.x, y - box.y) for x, y in pts]
    piece = pygame.Surface(box.size, pygame.SRCALPHA)
    piece.blit(fig.surf, (0, 0), box)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), local)
    piece.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.polygon(piece, (*HOT, 200), local, max(1, round(k)))
    return piece


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
        self.reduced = reduced_motion  # everyone stands still: no charge, flash, shake or shards
        self.on_done = on_done
        self.t = 0.0
        self.finished = False
        self.game = definition.id
        by_scatter = warlords(definition)
        self.contenders: list[Warlord] = [by_scatter[s] for s in event.contenders]
        self.winner = by_scatter[event.winner]
        self.win_index = event.contenders.index(event.winner)
        total = sum(event.weights)
        self.odds = [(w, total) for w in event.weights]
        self.landed = {s: sum(1 for *_, sid in event.scatters if sid == s) for s in event.contenders}
        self.xs = contender_xs(len(self.contenders))
        self.seed = clash.round_seed(event.scatters, event.contenders, event.weights, event.winner)
        n = len(self.contenders)
        self.meets = clash.meeting_points(n, SCREEN.centerx, FIGURE[0], FIGURE_Y)
        self.sparks = [clash.sparks(self.seed, j) for j in range(len(self.meets))]
        self.shards = {
            i: clash.shards(self.seed, i, FIGURE, clash.side(i, n) or (1 if i > self.win_index else -1))
            for i in range(n)
            if i != self.win_index
        }
        self.banner_xs = self._banner_places()
        self._prepare_art()
        self._sounded: set[str] = set()

    def _banner_places(self) -> list[tuple[int, str]]:
        """Each landed scatter's banner: its x above its warlord, and whose it was."""
        out = []
        for i, w in enumerate(self.contenders):
            count = self.landed.get(w.scatter, 0)
            for j in range(count):
                out.append((round(self.xs[i] - (count - 1) * BANNER_PITCH / 2 + j * BANNER_PITCH), w.scatter))
        return out

    def _prepare_art(self) -> None:
        """The figures, banners, the winner's halo, the flash, the ghosts of the rush, the
        beaten warlords' darker figures and their shards, and the odds plates, at the asset
        store's density. The art is found by name (`symbols/<mode>_stack`, `symbols/<scatter>`),
        so new art for them shows here as it is."""
        assets = self.assets
        self.figures = {
            w.scatter: assets.scaled(f"{self.game}/symbols/{w.mode}_stack", FIGURE) for w in self.contenders
        }
        self.banners = {
            w.scatter: assets.scaled(f"{self.game}/symbols/{w.scatter}", (BANNER, BANNER))
            for w in self.contenders
        }
        self.halo = assets.derived(
            ("battle-halo", self.winner.colour, HALO_SIZE),
            lambda: _glow(self.winner.colour, HALO_SIZE, assets.density),
        )
        # the scene's own flash (faded by set_alpha)
        self.flash = _glow((255, 246, 220), FLASH_SIZE, assets.density, core=40)
        self.ring = _glow(self.winner.colour, round(BANNER * 1.8), assets.density, core=30)
        self.ghosts = {
            w.scatter: [_ghost(self.figures[w.scatter], w.colour, alpha) for alpha in (110, 55)]
            for w in self.contenders
        }
        # a beaten warlord darkens within its own outline (its card's rounded corners kept)
        self.beaten = {s: _darker(fig) for s, fig in self.figures.items()}
        self.pieces = {
            i: [_cut(self.figures[self.contenders[i].scatter], sh) for sh in shards]
            for i, shards in self.shards.items()
        }
        self.plate = assets.derived(
            ("battle-odds", PLATE, self.style), lambda: plaque(PLATE, self.style, 12, density=assets.density)
        )
        dim = assets.canvas(PLATE)
        dim.fill((0, 0, 0, 70))
        self.plates = [self._odds_plate(i, dim) for i in range(len(self.contenders))]

    def _odds_plate(self, i: int, dim: Canvas) -> tuple[Canvas, Canvas]:
        """Warlord `i`'s chance of winning on its plate, lit and darkened (it is drawn over the
        foot of the figure, so after it, as one picture)."""
        weight, total = self.odds[i]
        lit = self.plate.copy()
        draw_text(
            lit,
            self.assets.font("display", 30),
            odds_text(self.tr, weight, total),
            lit.get_rect().center,
            self.contenders[i].light,  # the light tint: 4.5:1 and more on a darkened plate too
            outline=2,
            outline_color=INK,
        )
        dark = lit.copy()
        dark.blit(dim, (0, 0))  # the plate darkens; its figure stays legible
        return lit, dark

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
        """The winner is shown (the beaten have broken)."""
        return self.phase >= clash.T_BREAK

    @property
    def resolved(self) -> bool:
        """Every banner has turned: a press now continues."""
        return self.phase >= clash.T_RESOLVED

    def handle_bonus(self, intent: Intent) -> bool:
        act = intent.act
        if act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP):
            if self.resolved:
                self.t = max(self.t, TOTAL * self.speed)  # continue: leaves on the next update
            else:
                self.t = max(self.t, clash.T_RESOLVED * self.speed)  # skip to the final state
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
        p = self.phase
        if p >= clash.T_IMPACT and not self.decided and not self.reduced:
            self._sound("wild_hammer")  # the blow as they meet (not when skipped past it)
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

    def still_key(self) -> Hashable:
        """The title, the odds plates and the hints change twice: when the outcome shows and
        when it is resolved."""
        return (self.decided, self.resolved)

    def draw(self, surface: Canvas) -> None:
        """The still layer (shaken with the screen as they meet), then what moves over it."""
        dx, dy = clash.shake(self.phase, self.reduced)
        layer = self.still_layer(self.still_key())
        if dx or dy:
            surface.fill((0, 0, 0))
        surface.blit(layer, (dx, dy))
        self.draw_moving(surface, (dx, dy))
        self.fade.draw(surface)

    def draw_still(self, surface: Canvas) -> None:
        decided = self.decided
        self._draw_heading(surface, decided)
        a, tr = self.assets, self.tr
        word = tr.gettext(T_HINT_GO_ON if self.resolved else T_HINT_SKIP)
        draw_key_hints(
            surface,
            a,
            [((tr.gettext(T_KEY_SPACE), "ENTER"), word)],
            (SCREEN.centerx, self.layout.hint_y),
            color=self.style.label,
            size=16,
        )

    def draw_moving(self, surface: Canvas, offset: tuple[int, int] = (0, 0)) -> None:
        p, ox, oy = self.phase, offset[0], offset[1]
        stage = self.layout.stage
        self._draw_banners(surface, p, ox, oy)
        # the warlords come in from beyond the stage's edges: nothing crosses the title or the HUD
        surface.set_clip(pygame.Rect(0, stage.top, SCREEN.w, stage.h + 8))
        order = [i for i in range(len(self.contenders)) if i != self.win_index] + [self.win_index]
        for i in order:
            self._draw_contender(surface, i, p, ox, oy)
        surface.set_clip(None)
        for i, (lit, dark) in enumerate(self.plates):  # the odds stay where each warlord stood
            plate = dark if self.decided and i != self.win_index else lit
            surface.blit(plate, plate.get_rect(midtop=(self.xs[i] + ox, PLATE_TOP + oy)))
        if clash.vs_shown(p):
            self._draw_vs(surface, p, ox, oy)
        f = 0.0 if self.reduced else clash.flash(p)
        if f > 0:  # the whole screen lights up as they meet
            v = round(70 * f * f)
            surface.fill((v, v, v), special_flags=pygame.BLEND_RGB_ADD)
        # what flies stays between the title and the money strip
        surface.set_clip(
            pygame.Rect(0, self.layout.title.bottom, SCREEN.w, self.layout.hud.top - self.layout.title.bottom)
        )
        self._draw_impact(surface, p, ox, oy)
        for i in self.shards:
            self._draw_shards(surface, i, p, ox, oy)
        surface.set_clip(None)

    def _pose(self, i: int, p: float) -> clash.Pose:
        return clash.pose(
            p,
            i,
            len(self.contenders),
            self.xs[i],
            FIGURE_Y,
            centre=SCREEN.centerx,
            width=FIGURE[0],
            won=i == self.win_index,
            reduced=self.reduced,
        )

    def _draw_contender(self, surface: Canvas, i: int, p: float, ox: int, oy: int) -> None:
        w = self.contenders[i]
        at = self._pose(i, p)
        won = i == self.win_index
        if not self.reduced:
            n = len(self.contenders)
            for ghost, g in zip(
                self.ghosts[w.scatter],
                clash.trail(p, i, n, self.xs[i], FIGURE_Y, centre=SCREEN.centerx, width=FIGURE[0]),
                strict=False,
            ):
                surface.blit(ghost, ghost.get_rect(center=(round(g.x) + ox, round(g.y) + oy)))
        if not at.whole:
            if self.reduced:  # the beaten stay where they stood, darkened
                fig = self.beaten[w.scatter]
                surface.blit(fig, fig.get_rect(center=(round(at.x) + ox, round(at.y) + oy)))
            return
        fig = self.figures[w.scatter]
        rect = fig.get_rect(center=(round(at.x) + ox, round(at.y) + oy))
        glow = clash.halo(p, self.reduced) if won else 0.0
        if glow > 0:
            self.halo.set_alpha(round(255 * glow))
            surface.blit(self.halo, self.halo.get_rect(center=rect.center))
        surface.blit(fig, rect)
        crack = clash.cracks(p, self.reduced) if not won else 0.0
        if crack > 0:
            self._draw_cracks(surface, i, rect, crack)

    def _draw_cracks(self, surface: Canvas, i: int, rect: pygame.Rect, k: float) -> None:
        """The shards' edges, running over the beaten warlord before it breaks."""
        width = max(1, round(2 * k))
        for shard in self.shards[i][: max(1, round(len(self.shards[i]) * k))]:
            pts = [(rect.left + x, rect.top + y) for x, y in shard.points]
            draw.lines(surface, HOT, True, pts, width)

    def _draw_shards(self, surface: Canvas, i: int, p: float, ox: int, oy: int) -> None:
        if self.reduced or p < clash.T_BREAK:
            return
        at = self._pose(i, p)
        left, top = at.x - FIGURE[0] / 2 + ox, at.y - FIGURE[1] / 2 + oy
        k = self.assets.density
        for shard, piece in zip(self.shards[i], self.pieces[i], strict=True):
            state = clash.shard_at(shard, p - clash.T_BREAK)
            if state is None:
                continue
            dx, dy, angle, alpha = state
            img = pygame.transform.rotate(piece, angle) if angle else piece.copy()
            img.set_alpha(round(255 * alpha))
            cx, cy = shard.centre
            c = Canvas(img, k)
            surface.blit(c, c.get_rect(center=(round(left + cx + dx), round(top + cy + dy))))

    def _draw_vs(self, surface: Canvas, p: float, ox: int, oy: int) -> None:
        vs = self.tr.gettext(T_VS)
        beat = not self.reduced and math.sin((p - clash.T_WIND) * math.pi * 8) > 0  # the VS throbs
        font = self.assets.font("display", 88 if beat else 76)
        if len(self.contenders) == 1:
            return
        for a, b in itertools.pairwise(self.xs):
            at = ((a + b) // 2 + ox, round(FIGURE_Y) + oy)
            draw_text(surface, font, vs, at, CREAM, outline=3, outline_color=INK)

    def _draw_impact(self, surface: Canvas, p: float, ox: int, oy: int) -> None:
        """The flash and the sparks where they meet."""
        if self.reduced:
            return
        f = clash.flash(p)
        age = p - clash.T_IMPACT
        for j, (mx, my) in enumerate(self.meets):
            at = (round(mx) + ox, round(my) + oy)
            if f > 0:
                self.flash.set_alpha(round(255 * min(1.0, 1.6 * f)))
                surface.blit(self.flash, self.flash.get_rect(center=at))
            for spark in self.sparks[j]:
                head = clash.spark_at(spark, age)
                if head is None:
                    continue
                tail = clash.spark_at(spark, age - 0.05) or (0.0, 0.0)
                life = 1.0 - age / spark.life
                a = (at[0] + tail[0], at[1] + tail[1])
                b = (at[0] + head[0], at[1] + head[1])
                draw.line(surface, (255, round(90 + 110 * life), 20), a, b, max(2, round(5 * life)))
                draw.line(surface, (255, 250, round(120 + 120 * life)), a, b, max(1, round(2 * life)))

    def _draw_banners(self, surface: Canvas, p: float, ox: int, oy: int) -> None:
        """The landed scatters above their warlords, each turning to the winner's as its colour
        runs past (a banner seen edge on at the middle of its turn)."""
        origin = self.xs[self.win_index]
        rise = self._pose(0, p).y - FIGURE_Y if len(self.contenders) == 3 else 0.0  # with the middle one
        for j, (bx, scatter) in enumerate(self.banner_xs):
            u = clash.turn(p, bx, origin, self.reduced) if self.decided else 0.0
            shown = self.winner.scatter if u >= 0.5 else scatter
            banner = self.banners[shown]
            y = BANNER_Y + oy + (rise if self._owner(j) == 1 else 0.0)
            at = (bx + ox, round(y))
            if 0 < u < 1:
                self.ring.set_alpha(round(255 * math.sin(math.pi * u)))
                surface.blit(self.ring, self.ring.get_rect(center=at))
            squeeze = abs(math.cos(math.pi * u)) if 0 < u < 1 else 1.0
            if squeeze < 0.999:
                banner = banner.scaled((max(1.0, BANNER * squeeze), BANNER))
            surface.blit(banner, banner.get_rect(center=at))

    def _owner(self, j: int) -> int:
        """Which contender banner `j` belongs to."""
        count = 0
        for i, w in enumerate(self.contenders):
            count += self.landed.get(w.scatter, 0)
            if j < count:
                return i
        return len(self.contenders) - 1

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
