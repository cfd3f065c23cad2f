"""The battle: scatters of different colours landed, and their warlords fight for the re-spins.

`BattleScene` is a bonus scene of its own (`scenes.reels.bonus.BonusScene`: opaque, modal, the
whole screen) that plays a `BattleEvent` (the contenders, their weights and the winner are already
in it; nothing is drawn here but the outcome the engine decided) over the battle backdrop. The
warlords stand tall across the stage (their full-height `symbols/<mode>_stack` art, loaded by
name), each over its chance of winning (its weight over the total, e.g. 75 % for a pair against
a single) and under the scatters it landed. Then, as `clash` choreographs it on the battle's
clock: they wind up, rush at each other and meet in a flash, sparks and a shaking screen; they
are thrown back; the beaten crack (their odds go) and break into shards that fly and fall; the
winner walks to the middle with its odds and rises in its colour, which runs out over the
banners, turning each it passes. No odds plate ever covers a text or a name on the art
(`clash.plate_at`; the names' letters are `NAME` on a figure). The title says who won
("PRIESTESS WINS!") and what it means; then it calls `on_done` and leaves.
Sounds: a war horn as it begins, a gust as they rush, a clash of iron as they meet, the winner's
brass call at the outcome.

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

The backdrop (its sun's glare softened where they fight) and the money strip are the still layer,
composed once; a frame is that layer (shaken as they meet), the cached texts, the figures and
what flies. The outcome's title is rendered ahead during the wind-up, so no frame stalls on it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable
from functools import partial

import pygame

from game.definitions import GameDefinition
from game.games.warlords.events import BattleEvent
from scenes.core.canvas import Canvas, ScaledFont, draw
from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, GOLD
from scenes.core.transitions import Fade
from scenes.games.warlords import clash
from scenes.games.warlords.look import INK, Warlord, glow, warlords
from scenes.games.warlords.pages import percent
from scenes.reels.bonus import BonusLayout, BonusScene, BonusStyle, plaque
from scenes.reels.symbol_art import CELL_H, CELL_W
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

# the battle's sounds (`assets/sounds/<game>/<name>.ogg`): as it begins, the rush, the impact,
# the outcome. Each takes 15-60 ms to decode, so they are decoded behind the reels' first frames
# (`WarlordsPresentation.feature_sounds`), never in a frame of the battle.
BATTLE_SOUNDS = ("battle_start", "battle_charge", "battle_clash", "battle_won")
CHARGE_VOLUME = 0.7  # the rush's gust, under the clash that cuts it

Color = tuple[int, int, int]
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
# where the name on a warlord's art has its letters (logical px in the figure, both languages'
# files: x 32-206, y 603-635 of 240×720), which no odds plate may cover
NAME = pygame.Rect(18, 350, 104, 22)
BANNER = 56  # a landed scatter, above its warlord
BANNER_PITCH = 64
BANNER_Y = LAYOUT.stage.top + 26  # the banners' centre line
FIGURE_TOP = BANNER_Y + BANNER // 2 + 4
FIGURE_Y = FIGURE_TOP + FIGURE[1] / 2  # the centre line the warlords stand on
PLATE = (150, 44)  # the odds under a warlord, over the foot of its art
PLATE_TOP = FIGURE_TOP + FIGURE[1] - 40  # over the art's foot, under its name
SPREAD = {1: 0, 2: 330, 3: 380}  # px from the centre to the outer warlords
FLASH_SIZE = 380  # logical px across the impact's flash
HALO_SIZE = 380
SHADE = 820  # logical px across the darkening under the fight


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


def _burst(size: int, density: float) -> Canvas:
    """The impact's light to add to the screen: warm white in the middle, fading to nothing
    (black) at the edge, `size` logical px across (opaque: it is blitted additively)."""
    small = pygame.Surface((64, 64))
    for k in range(32):
        u = k / 31  # 0 at the rim, 1 in the middle
        v = u**2.2
        pygame.draw.circle(small, (round(255 * v), round(236 * v), round(190 * v)), (32, 32), 32 - k)
    big = Canvas.resampled(small, (size, size), density)
    return big.convert() if pygame.display.get_surface() is not None else big


def _resized(square: Canvas, size: float) -> Canvas:
    """`square` scaled to `size` logical px across, quickly (nearest pixels: for soft light)."""
    px = max(1, round(size * square.k))
    return Canvas(pygame.transform.scale(square.surf, (px, px)), square.k)


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
        self._glowed = False

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
        self.flash = assets.derived(("battle-flash", FLASH_SIZE), lambda: _burst(FLASH_SIZE, assets.density))
        self.ring = _glow(self.winner.colour, round(BANNER * 1.8), assets.density, core=30)
        # a beaten warlord darkens within its own outline (its card's rounded corners kept)
        self.beaten = {s: _darker(fig) for s, fig in self.figures.items()} if self.reduced else {}
        # the ghosts of the rush and the shards are made a piece a frame while they come in
        # (`_prepare_more`): no frame stalls on them
        self.ghosts: dict[str, list[Canvas]] = {}
        self.pieces: dict[int, list[pygame.Surface]] = {i: [] for i in self.shards}
        self._jobs: list[Callable[[], None]] = []
        if not self.reduced:
            for w in self.contenders:
                self._jobs.append(partial(self._make_ghosts, w))
            for i, shards in self.shards.items():
                for j in range(0, len(shards), 4):
                    self._jobs.append(partial(self._make_pieces, i, j, j + 4))
        self.plate = assets.derived(
            ("battle-odds", PLATE, self.style), lambda: plaque(PLATE, self.style, 12, density=assets.density)
        )
        dim = assets.canvas(PLATE)
        dim.fill((0, 0, 0, 70))
        self.plates = [self._odds_plate(i, dim) for i in range(len(self.contenders))]

    def _make_ghosts(self, w: Warlord) -> None:
        self.ghosts[w.scatter] = [_ghost(self.figures[w.scatter], w.colour, alpha) for alpha in (110, 55)]

    def _make_pieces(self, i: int, start: int, end: int) -> None:
        """Shards `start`…`end` of beaten warlord `i`: cut from its figure, tilted as they fly."""
        fig = self.figures[self.contenders[i].scatter]
        for shard in self.shards[i][start:end]:
            self.pieces[i].append(pygame.transform.rotate(_cut(fig, shard), shard.tilt))

    def _prepare_more(self, everything: bool = False) -> None:
        """One job of the art made a piece a frame (all that is left with `everything`)."""
        while self._jobs:
            self._jobs.pop(0)()
            if not everything:
                return

    def _odds_plate(self, i: int, dim: Canvas) -> tuple[Canvas, Canvas]:
        """Warlord `i`'s chance of winning on its plate, lit and darkened (the plate darkens,
        its figure stays legible: 4.5:1 and more), each one picture drawn over the figure's foot."""
        weight, total = self.odds[i]
        lit, dark = self.plate.copy(), self.plate.copy()
        dark.blit(dim, (0, 0))
        for plate in (lit, dark):
            draw_text(
                plate,
                self.assets.font("display", 30),
                odds_text(self.tr, weight, total),
                plate.get_rect().center,
                self.contenders[i].light,  # the light tint: 4.5:1 and more on a darkened plate too
                outline=2,
                outline_color=INK,
            )
        return lit, dark

    def _compose_backdrop(self) -> Canvas:
        """The backdrop with the sun's glare softened where they fight, so the flash, the
        sparks and the winner's glow read (composed once, as the backdrop is)."""
        surf = super()._compose_backdrop()
        shade = _glow((0, 0, 0), SHADE, self.assets.density, core=40)
        surf.blit(shade, shade.get_rect(center=(SCREEN.centerx, round(FIGURE_Y))))
        return surf

    def rebuild(self) -> None:
        """The backdrop and the art again, at the store's new density."""
        super().rebuild()
        self._prepare_art()

    # -- time ------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._sound("battle_start")

    def _sound(self, name: str, volume: float = 1.0) -> None:
        """The game's `name` effect, once a battle (through the mixer's effects: its volume and
        mute apply; the files are decoded when the reels open, `BATTLE_SOUNDS`)."""
        if name not in self._sounded:
            self._sounded.add(name)
            self.sounds.feature(name, volume=volume)

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
        if self._jobs:  # the rush's ghosts and the shards, a piece a frame (all of it if due)
            self._prepare_more(everything=p >= clash.T_RUSH - 0.1)
        if not self._glowed and p >= clash.T_RESOLVED + 0.1:
            # the glow the reels will show on each turned scatter, made while the result stays
            self._glowed = True
            glow(self.assets, self.winner.colour, (CELL_W + 24, CELL_H + 24), True)
        if not self.reduced and self.speed >= 0.75 and clash.T_RUSH <= p < clash.T_IMPACT:
            self._sound("battle_charge", CHARGE_VOLUME)  # (its gust is as long as the rush at 1×)
        if not self.reduced and clash.T_IMPACT <= p < clash.T_BREAK:  # none if a skip jumps past
            self._sound("battle_clash")
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
        """The backdrop and the money strip are the still layer (composed once); the rest moves
        or changes with the outcome, and is drawn over it every frame."""
        return "battle"

    def draw(self, surface: Canvas) -> None:
        """The still layer (shaken with the screen as they meet), then what moves over it."""
        dx, dy = clash.shake(self.phase, self.reduced)
        layer = self.still_layer(self.still_key())
        surface.blit(layer, (dx, dy))
        if dx:  # the strip the shaken screen leaves bare
            surface.fill((0, 0, 0), pygame.Rect(0 if dx > 0 else SCREEN.w + dx, 0, abs(dx), SCREEN.h))
        if dy:
            surface.fill((0, 0, 0), pygame.Rect(0, 0 if dy > 0 else SCREEN.h + dy, SCREEN.w, abs(dy)))
        self.draw_moving(surface, (dx, dy))
        self.fade.draw(surface)

    def _draw_texts(self, surface: Canvas, ox: int, oy: int) -> None:
        """The title (who won, once decided) and the key hints (cached texts: a few blits)."""
        self._draw_heading(surface, self.decided, ox, oy)
        a, tr = self.assets, self.tr
        word = tr.gettext(T_HINT_GO_ON if self.resolved else T_HINT_SKIP)
        draw_key_hints(
            surface,
            a,
            [((tr.gettext(T_KEY_SPACE), "ENTER"), word)],
            (SCREEN.centerx + ox, self.layout.hint_y + oy),
            color=self.style.label,
            size=16,
        )

    def draw_moving(self, surface: Canvas, offset: tuple[int, int] = (0, 0)) -> None:
        p, ox, oy = self.phase, offset[0], offset[1]
        stage = self.layout.stage
        self._draw_banners(surface, p, ox, oy)
        # the beaten's shards fly behind the winner, between the title and the money strip
        band = self.layout.title.bottom
        surface.set_clip(pygame.Rect(0, band, SCREEN.w, self.layout.hud.top - band))
        for i in self.shards:
            self._draw_shards(surface, i, p, ox, oy)
        surface.set_clip(None)
        # the warlords come in from beyond the stage's edges: nothing crosses the title or the HUD
        surface.set_clip(pygame.Rect(0, stage.top, SCREEN.w, stage.h + 8))
        order = [i for i in range(len(self.contenders)) if i != self.win_index] + [self.win_index]
        for i in order:
            self._draw_contender(surface, i, p, ox, oy)
        surface.set_clip(None)
        for i, rect, shown in self.plate_places(p):  # the odds under each warlord
            lit, dark = self.plates[i]
            plate = dark if self.decided and i != self.win_index else lit
            if shown < 1.0:
                plate = plate.copy()
                plate.set_alpha(round(255 * shown))
            surface.blit(plate, rect.move(ox, oy))
        self._draw_texts(surface, ox, oy)  # over what flies
        if clash.vs_shown(p):
            self._draw_vs(surface, p, ox, oy)
        surface.set_clip(pygame.Rect(0, band, SCREEN.w, self.layout.hud.top - band))
        self._draw_impact(surface, p, ox, oy)  # the flash and sparks over all
        surface.set_clip(None)

    def plate_places(self, p: float) -> list[tuple[int, pygame.Rect, float]]:
        """The odds plates shown at time `p`: whose, where (logical px, unshaken) and how much
        (0..1), the winner's last (on top)."""
        homes = [float(x) for x in self.xs]
        order = [i for i in range(len(self.contenders)) if i != self.win_index] + [self.win_index]
        out = []
        for i in order:
            x, shown = clash.plate_at(p, i, homes, self.win_index, self.reduced)
            if shown > 0.0:
                out.append((i, pygame.Rect(0, 0, *PLATE).move(round(x - PLATE[0] / 2), PLATE_TOP), shown))
        return out

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
                self.ghosts.get(w.scatter, []),
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
        for shard, piece in zip(self.shards[i], self.pieces[i], strict=False):  # as made so far
            state = clash.shard_at(shard, p - clash.T_BREAK)
            if state is None:
                continue
            dx, dy, face = state
            w, h = piece.get_size()
            img = pygame.transform.scale(piece, (max(1, round(w * face)), h)) if face < 0.99 else piece
            c = Canvas(img, k)
            cx, cy = shard.centre
            surface.blit(c, c.get_rect(center=(round(left + cx + dx), round(top + cy + dy))))

    def _draw_vs(self, surface: Canvas, p: float, ox: int, oy: int) -> None:
        vs = self.tr.gettext(T_VS)
        beat = not self.reduced and math.sin((p - clash.T_WIND) * math.pi * 8) > 0  # the VS throbs
        font = self.assets.font("display", 84)
        if len(self.contenders) == 1:
            return
        for a, b in itertools.pairwise(self.xs):
            at = ((a + b) // 2 + ox, round(FIGURE_Y) + oy)
            draw_text(surface, font, vs, at, GOLD if beat else CREAM, outline=3, outline_color=INK)

    def _draw_impact(self, surface: Canvas, p: float, ox: int, oy: int) -> None:
        """The flash and the sparks where they meet."""
        if self.reduced:
            return
        f = clash.flash(p)
        age = p - clash.T_IMPACT
        if f > 0 and self.meets:  # one burst of light added to what is there, drawing in as it fades
            burst = _resized(self.flash, FLASH_SIZE * (0.35 + 0.65 * f))
            mx = sum(x for x, _ in self.meets) / len(self.meets)
            at = (round(mx) + ox, round(self.meets[0][1]) + oy)
            surface.blit(burst, burst.get_rect(center=at), special_flags=pygame.BLEND_RGB_ADD)
        for j, (mx, my) in enumerate(self.meets):
            at = (round(mx) + ox, round(my) + oy)
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

    def _heading(self, decided: bool) -> list[tuple[ScaledFont, str, tuple[int, int], Color, int, Color]]:
        """The title's lines (font, text, centre, colour, outline, its colour): BATTLE! and what
        is at stake; once decided, who won and what it means."""
        a, tr, band = self.assets, self.tr, self.layout.title
        ink: Color
        if decided:
            title = tr.t(T_WINS, name=tr.gettext(self.winner.name).upper())
            sub = tr.t(T_CONVERTS, colour=tr.gettext(T_COLOURS[self.winner.mode]))
            size, colour, outline, ink = 50, self.winner.light, 3, INK  # the light tint: legible
        else:
            title, sub = tr.gettext(T_BATTLE), tr.gettext(T_STAKES)
            size, colour, outline, ink = 46, self.style.title, 2, self.style.title_outline
        top = fit_font(a, "display", title, band.w - 200, size)
        under = fit_font(a, "display_regular", sub, band.w - 200, 26)
        return [
            (top, title, (band.centerx, band.top + 34), colour, outline, ink),
            (under, sub, (band.centerx, band.top + 76), self.style.text, 1, (0, 0, 0)),
        ]

    def _draw_heading(self, surface: Canvas, decided: bool, ox: int = 0, oy: int = 0) -> None:
        for font, text, (x, y), colour, outline, ink in self._heading(decided):
            draw_text(surface, font, text, (x + ox, y + oy), colour, outline=outline, outline_color=ink)
