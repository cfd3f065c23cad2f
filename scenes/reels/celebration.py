"""The win celebration: big, mega and epic wins, counted up under a banner with a coin fountain.

Pushed by the reels scene over itself when a round's win reaches a tier
(`scenes.reels.win_presenter.CELEBRATION_TIERS`: big ≥ 15× the total bet, mega ≥ 50×, epic ≥ 150×).
It is modal (the reels wait) and not opaque (the reels stay visible, dimmed).

The count-up climbs through the tiers the win passes: it opens as BIG WIN and, the moment the
count reaches 50× the bet, the banner becomes MEGA WIN (then EPIC WIN at 150×), each tier with
its own sting, colours, rays and a stronger fountain. Every tier the win reaches gets its own
stretch of the count, so a mega win is told as one. `on_count(coins)` reports the count on every
update, so the balance shown under it rises with the count and never ahead of it (the reels
scene's band). SPIN, Enter, Esc or a click first completes the count, a second press closes it;
it also closes by itself a moment after the count ends. When the round had a feature,
`parts` (label msgid, coins) say where the total came from, under the amount.

Everything wears the shown game's dress (`dress`, from its presentation): the plate's shape and
each tier's colours, rays and flash. The amount is set large in gold lettering with depth. The
scene under it stays in view, dimmed above the band; a tier's flash adds the tier's light above
the band only, at most FLASH_LIGHT of it, so the screen never washes pale and the balance under
it stays readable.

With `reduced_motion` the banner neither pops nor flashes, the rays hold still and only a few
slow coins fall. The coins' paths come from a local generator seeded by the amount: decoration
only, never an outcome, and the same win always looks the same.

Text goes through the translator passed in (`tr`; English without one): the banner is composed
in the language of the moment, the amount in coins (`format_coins`) and money (`format_money` in
the display currency, a code such as "EUR").
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from scenes.core.canvas import Canvas
from scenes.core.i18n import Translator
from scenes.core.intents import COMMAND_ACTS, Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import draw_counter, draw_text
from scenes.presentation.dress import PLAIN, Dress
from scenes.reels.celebration_art import RAYS, build_banner, build_rays, coin_frames, gold_glyph
from scenes.reels.hud import RECT_BAND
from scenes.reels.win_presenter import CELEBRATION_TIERS
from scenes.widgets.dialog import show_toast

# Player-facing msgids (assets/locale/*.json)
T_TIER = {"big": "BIG WIN", "mega": "MEGA WIN", "epic": "EPIC WIN"}
T_PART = "{label} {amount}"
T_SKIP = "SPIN or click: skip the count"
T_CLOSE = "SPIN or click: continue"

# the banner's pop-in: grows past full size, then settles (one step per POP_STEP seconds)
POP_SCALES = (0.4, 0.55, 0.7, 0.85, 0.97, 1.07, 1.1, 1.06, 1.02, 1.0)
POP_STEP = 0.045
TIER_SECONDS = {"big": 2.6, "mega": 2.4, "epic": 2.6}  # each tier's stretch of the count
QUICK = 0.4  # quick spin / autoplay: the count at this pace
HOLD_AFTER = 2.6  # s the final figure stays before closing by itself
GRAVITY = 1500.0  # px/s²
FOUNTAIN_RATE = {"big": 40.0, "mega": 70.0, "epic": 105.0}  # coins per second while counting
FOUNTAINS = {"big": (640,), "mega": (640, 250, 1030), "epic": (640, 250, 1030)}
MAX_COINS = 320
CENTER = (640, 268)
SCREEN = (1280, 720)
SCREEN_ABOVE_BAND = pygame.Rect(0, 0, 1280, RECT_BAND.top)
SHINE_EVERY = 0.05  # s between refreshes of the rays' shimmer
DIM_ABOVE_BAND = 120  # the scene above the band multiplied by this /255: there, but calmer
FLASH_LIGHT = 0.45  # a tier's flash adds at most this share of its light (never a pale wash)
AMOUNT_SIZE = 84  # the amount's gold lettering (display font, logical px)


def count_plan(win_coins: int, bet_coins: int, *, quick: bool = False) -> list[tuple[str, int, int, float]]:
    """The count-up's stretches: (tier, from coins, to coins, seconds), one per tier reached.

    The first stretch counts from 0 to the next tier's threshold (or the win), and so on, so the
    banner changes tier exactly when the count passes the threshold.
    """
    reached = [
        (name, times * bet_coins) for name, times in CELEBRATION_TIERS if win_coins >= times * bet_coins
    ]
    if not reached:  # below every tier (a caller's choice): told as the first one
        reached = [(CELEBRATION_TIERS[0][0], 0)]
    plan = []
    start = 0
    for i, (name, _threshold) in enumerate(reached):
        end = reached[i + 1][1] if i + 1 < len(reached) else win_coins
        plan.append((name, start, end, TIER_SECONDS[name] * (QUICK if quick else 1.0)))
        start = end
    return plan


class CelebrationScene(Scene):
    opaque = False
    modal = True
    live_under = True  # the band's balance under it rises with the count

    def __init__(
        self,
        assets,
        sounds,
        win_coins: int,
        bet_coins: int,
        coin_value_cents: int,
        *,
        currency: str = "EUR",
        tr: Translator | None = None,
        reduced_motion: bool = False,
        quick: bool = False,
        parts: list[tuple[str, int]] | None = None,
        on_count: Callable[[int], None] | None = None,
        on_done: Callable[[], None] | None = None,
        dress: Dress = PLAIN,
    ) -> None:
        super().__init__()
        self.assets = assets
        self.dress = dress  # the game's plate shape and tier colours
        self.sounds = sounds
        self.win_coins = win_coins
        self.bet_coins = bet_coins
        self.coin_value_cents = coin_value_cents
        self.currency = currency
        self.tr = tr if tr is not None else Translator()
        self.reduced = reduced_motion
        self.parts = [p for p in parts or [] if p[1] > 0]  # shown when the win has two or more
        self.on_count = on_count
        self.on_done = on_done
        self.plan = count_plan(win_coins, bet_coins, quick=quick)
        self.count_time = sum(p[3] for p in self.plan)
        self.hold = HOLD_AFTER * (0.5 if quick else 1.0)
        self.t = 0.0
        self.shown = 0
        self.tier = self.plan[0][0]
        self.tier_t = 0.0  # s since the tier came up (its pop and flash)
        self.tiers_shown = [self.tier]
        self.done_at: float | None = None
        self.closing = False
        self.flash = 0.0
        self.wave = 0.5  # the rays' shimmer: 0..1, the first layer's share

        self._prepare_art()
        self._rng = random.Random(win_coins * 7919 + bet_coins)  # decoration only
        self.coins: list[list[float]] = []  # [x, y, vx, vy, phase, spin]
        self._spawn_debt = 0.0
        self._live: list[Canvas] | None = None  # the ray layers as shown now
        self._shine_wait = 0.0
        for tier, *_rest in self.plan:  # every tier this count reaches, built now, not mid-count
            self._banner(tier)
            self._rays(tier)
        self._shine()
        if reduced_motion:
            for _ in range(14):
                x = self._rng.uniform(80, SCREEN[0] - 80)
                self.coins.append([x, self._rng.uniform(-300, -40), 0.0, 40.0, self._rng.uniform(0, 12), 4.0])

    # -- art of the tier shown now (cached in the asset store) ------------------------------------
    def _prepare_art(self) -> None:
        """The coin's frames and the spark, at the asset store's density."""
        self._coin_frames = coin_frames(self.assets)
        self._spark = self.assets.tinted("ui/particle", (255, 230, 160))

    def rebuild(self) -> None:
        """The art again at the new density (the store dropped the old banners and rays)."""
        self._prepare_art()
        self._live = None
        self._shine()

    def _banner(self, tier: str) -> Canvas:
        text = self.tr.gettext(T_TIER[tier])
        look, shape = self.dress.tiers[tier], self.dress.celebration
        return self.assets.derived(
            ("celebration-banner", look, shape, text), lambda: build_banner(self.assets, look, text, shape)
        )

    def _rays(self, tier: str) -> tuple[Canvas, Canvas]:
        """The tier's two ray layers (cached; the second sits between the first one's rays)."""
        look = self.dress.tiers[tier]
        a, b = (
            self.assets.derived(
                ("celebration-rays", look.rays, half),
                lambda half=half: build_rays(look, half * math.pi / RAYS, density=self.assets.density),
            )
            for half in (0, 1)
        )
        return a, b

    def _shine(self) -> None:
        """This scene's own copies of the ray layers, at the shimmer of the moment (each layer's
        light multiplied down; the copies are refreshed a few times a second, not per frame)."""
        layers = self._rays(self.tier)
        if self._live is None or self._live[0].get_size() != layers[0].get_size():
            self._live = [layer.copy() for layer in layers]
        for live, full, k in zip(self._live, layers, (self.wave, 1.0 - self.wave), strict=True):
            level = int(90 + 165 * k)
            live.blit(full, (0, 0))
            live.fill((level, level, level), special_flags=pygame.BLEND_RGB_MULT)
        self._shine_wait = SHINE_EVERY

    def _popped(self, tier: str, step: int) -> Canvas:
        """The banner at pop-in step `step` (scaled while drawing: a few frames, each cheap)."""
        banner = self._banner(tier)
        scale = POP_SCALES[step]
        if scale == 1.0:
            return banner
        w, h = banner.get_size()
        return banner.scaled((max(1, int(w * scale)), max(1, int(h * scale))))

    def on_enter(self) -> None:
        self.sounds.win(self.tier)
        self._report()

    # -- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if intent.act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP, Act.BACK):
            self.skip()
            return True
        if intent.act in (Act.MUTE, Act.QUIT, Act.FULLSCREEN):
            return False  # the app's
        if intent.act in COMMAND_ACTS:  # a key meant elsewhere: say what ends the celebration
            show_toast(
                self.stack, self.assets, self.tr.gettext(T_SKIP if self.shown < self.win_coins else T_CLOSE)
            )
        return True

    def skip(self) -> None:
        """First: finish the count (at the highest tier reached). Then: close."""
        if self.shown < self.win_coins:
            self.shown = self.win_coins
            self.done_at = self.t
            final = self.plan[-1][0]
            if final != self.tier:
                self._tier_up(final)
            self._report()
        else:
            self._close()

    def _close(self) -> None:
        if self.closing:
            return
        self.closing = True
        self.sounds.counting(0.0, False)
        if self.stack is not None:
            self.stack.pop()
        if self.on_done is not None:
            self.on_done()

    def _report(self) -> None:
        if self.on_count is not None:
            self.on_count(self.shown)

    def _tier_up(self, tier: str) -> None:
        self.tier = tier
        self._shine()
        self.tier_t = 0.0
        self.tiers_shown.append(tier)
        self.flash = 0.0 if self.reduced else 1.0
        self.sounds.win(tier)

    # -- time ---------------------------------------------------------------------------------
    def _count_at(self, t: float) -> int:
        """The count `t` seconds in (each tier's stretch eases in and out)."""
        for _tier, start, end, seconds in self.plan:
            if t < seconds:
                u = max(0.0, t / seconds) if seconds > 0 else 1.0
                k = u * u * (3 - 2 * u) if len(self.plan) > 1 else 1 - (1 - u) ** 2
                return int(start + (end - start) * k)
            t -= seconds
        return self.win_coins

    def update(self, dt: float) -> None:
        self.t += dt
        self.tier_t += dt
        self.flash = max(0.0, self.flash - dt * 4.0)
        if not self.reduced:
            self.wave = 0.5 + 0.5 * math.sin(self.t * 2.2)
            self._shine_wait -= dt
            if self._shine_wait <= 0.0:
                self._shine()
        counting = self.shown < self.win_coins
        if counting:
            shown = self._count_at(self.t)
            self.shown = min(self.win_coins, max(self.shown, shown))
            # the tier of the figure shown: it changes the moment the count reaches a threshold
            tier = [name for name, start, _end, _s in self.plan if self.shown >= start][-1]
            if tier != self.tier:
                self._tier_up(tier)
            if self.shown >= self.win_coins:
                self.done_at = self.t
            self._report()
        self.sounds.counting(dt, counting)
        if self.done_at is not None and self.t - self.done_at >= self.hold:
            self._close()
        self._fountain(dt, counting)

    def _fountain(self, dt: float, counting: bool) -> None:
        rng = self._rng
        if self.reduced:
            for c in self.coins:
                c[1] += c[3] * dt
                c[4] += c[5] * dt
                if c[1] > SCREEN[1] + 40 and counting:
                    c[1] = -60.0
            return
        if counting:
            self._spawn_debt += FOUNTAIN_RATE[self.tier] * dt
            sources = FOUNTAINS[self.tier]
            while self._spawn_debt >= 1.0 and len(self.coins) < MAX_COINS:
                self._spawn_debt -= 1.0
                x0 = rng.choice(sources)
                side = 0.0 if x0 == 640 else (1.0 if x0 < 640 else -1.0)
                vx = rng.uniform(-380, 380) + side * 160
                self.coins.append(
                    [
                        x0 + rng.uniform(-30, 30),
                        SCREEN[1] + 30,
                        vx,
                        -rng.uniform(950, 1380),
                        rng.uniform(0, 12),
                        rng.uniform(10, 22),
                    ]
                )
        alive = []
        for c in self.coins:
            c[3] += GRAVITY * dt
            c[0] += c[2] * dt
            c[1] += c[3] * dt
            c[4] += c[5] * dt
            if c[1] < SCREEN[1] + 60:
                alive.append(c)
        self.coins = alive

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: Canvas) -> None:
        # the game below dimmed (multiplied: cheaper than a full-screen alpha layer); the band less,
        # so the balance and the win meter counting with the celebration stay readable
        dim = DIM_ABOVE_BAND
        surface.fill((dim, dim, dim), SCREEN_ABOVE_BAND, special_flags=pygame.BLEND_RGB_MULT)
        surface.fill((150, 150, 150), RECT_BAND, special_flags=pygame.BLEND_RGB_MULT)
        tier = self.tier
        cx, cy = CENTER
        # two layers of rays shimmering against each other (held still with reduced motion)
        for rays in self._live or ():
            surface.blit(rays, rays.get_rect(center=(cx, cy)), special_flags=pygame.BLEND_RGB_ADD)
        frames = self._coin_frames
        for x, y, _vx, _vy, phase, _s in self.coins:
            img = frames[int(phase) % len(frames)]
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        step = len(POP_SCALES) - 1 if self.reduced else min(len(POP_SCALES) - 1, int(self.tier_t / POP_STEP))
        pulse = 0.0 if self.reduced or step < len(POP_SCALES) - 1 else math.sin(self.t * 5.0)
        banner = self._popped(tier, step)
        surface.blit(banner, banner.get_rect(center=(cx, cy + round(pulse * 3))))
        if not self.reduced:
            for k in range(8):
                a = self.t * 1.1 + k * math.pi / 4
                sx = cx + math.cos(a) * 470
                sy = cy + math.sin(a) * 120
                surface.blit(self._spark, self._spark.get_rect(center=(int(sx), int(sy))))
        self._draw_amount(surface)
        if self.flash > 0.02:  # a tier reached: light in the tier's colour added above the band
            share = FLASH_LIGHT * self.flash
            light = tuple(int(c * share) for c in self.dress.tiers[tier].flash)
            surface.fill(light, SCREEN_ABOVE_BAND, special_flags=pygame.BLEND_RGB_ADD)

    def _draw_gold(
        self, surface: Canvas, text: str, centre: tuple[int, int], edge: tuple[int, int, int]
    ) -> None:
        """`text` in the gold lettering, centred on `centre`: one cached picture per character
        (a figure counting up costs a blit per character)."""
        a = self.assets
        glyphs = [
            a.derived(
                ("celebration-gold", ch, AMOUNT_SIZE, edge),
                lambda ch=ch: gold_glyph(a, ch, AMOUNT_SIZE, edge),
            )
            for ch in text
        ]
        pad = 8  # each glyph's picture has 8 logical px around the letter: let them overlap
        width = sum(g.get_width() - 2 * pad for g in glyphs) + 2 * pad
        x = centre[0] - width // 2
        for g in glyphs:
            surface.blit(g, g.get_rect(midleft=(x, centre[1])))
            x += g.get_width() - 2 * pad

    def _draw_amount(self, surface: Canvas) -> None:
        a, tr = self.assets, self.tr
        cx, cy = CENTER
        look = self.dress.tiers[self.tier]
        self._draw_gold(surface, tr.format_coins(self.shown), (cx, cy + 170), look.outline)
        money = tr.format_money(self.shown * self.coin_value_cents, self.currency)
        draw_counter(
            surface,
            a.font("text_bold", 30),
            money,
            (cx, cy + 236),
            (255, 226, 150),
            outline=2,
            outline_color=(30, 14, 0),
        )
        y = cy + 276
        if len(self.parts) > 1:
            text = "   ·   ".join(
                tr.t(T_PART, label=tr.gettext(label), amount=tr.format_coins(coins))
                for label, coins in self.parts
            )
            draw_text(
                surface,
                a.font("text_bold", 20),
                text,
                (cx, y),
                (246, 238, 222),
                outline=2,
                outline_color=(20, 10, 0),
            )
        hint = T_SKIP if self.shown < self.win_coins else T_CLOSE
        draw_text(
            surface,
            a.font("text", 17),
            tr.gettext(hint),
            (cx, 704),
            (236, 226, 210),
            outline=1,
            outline_color=(0, 0, 0),
        )
