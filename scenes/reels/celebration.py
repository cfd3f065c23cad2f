"""Big and mega win celebration: an overlay with a banner, a counting amount and a coin shower.

Pushed by the reels scene over itself when a round's win reaches a tier (big ≥ 15× the total
bet, mega ≥ 50×). It is modal (the reels wait) and not opaque (the reels stay visible, dimmed).
SPIN, Enter or a click first completes the count, a second one closes it; it also closes by
itself a moment after the count ends. With `reduced_motion` the banner does not pop or pulse and
only a few slow coins fall.

The coins' paths come from a local generator seeded by the amount: decoration only, never an
outcome, and the same win always looks the same.

Text goes through the translator passed in (`tr`; English without one): the banner is composed
once in the language of the moment (the scene lives a few seconds), the counting amount in
coins (`format_coins`) and money (`format_money` in the display currency, a code such as "EUR").
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import fit_font, render_text

# Player-facing msgids (assets/locale/*.json)
T_TIER = {"big": "BIG WIN", "mega": "MEGA WIN"}

# the banner's pop-in: grows past full size, then settles (one step per POP_STEP seconds)
POP_SCALES = (0.4, 0.55, 0.7, 0.85, 0.97, 1.07, 1.1, 1.06, 1.02, 1.0)
POP_STEP = 0.045
HOLD_AFTER = 2.6  # s the final figure stays before closing by itself
GRAVITY = 900.0  # px/s²


class CelebrationScene(Scene):
    opaque = False
    modal = True

    def __init__(
        self,
        assets,
        sounds,
        tier: str,
        win_coins: int,
        coin_value_cents: int,
        *,
        currency: str = "EUR",
        tr: Translator | None = None,
        reduced_motion: bool = False,
        quick: bool = False,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.assets = assets
        self.sounds = sounds
        self.tier = tier
        self.win_coins = win_coins
        self.coin_value_cents = coin_value_cents
        self.currency = currency
        self.tr = tr if tr is not None else Translator()
        self.reduced = reduced_motion
        self.on_done = on_done
        self.t = 0.0
        self.count_time = (2.0 if tier == "big" else 3.6) * (0.35 if quick else 1.0)
        self.shown = 0
        self.done_at: float | None = None
        self.closing = False

        sw, sh = 1280, 720
        dim = pygame.Surface((sw, sh), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        self._dim = dim
        banner = assets.image("ui/win_banner").copy()
        text = self.tr.gettext(T_TIER[tier])
        # Spanish runs longer ("MEGA GANANCIA"): the largest size that fits the banner
        title_font = fit_font(assets, "display", text, banner.get_width() - 120, 92 if tier == "mega" else 84)
        title = render_text(
            title_font, text, (255, 226, 130), outline=4, outline_color=(90, 40, 0), shadow=True
        )
        banner.blit(title, title.get_rect(center=(banner.get_width() // 2, banner.get_height() // 2)))
        self._banner = banner
        # the pop-in, scaled once here (never per frame)
        bw, bh = banner.get_size()
        self._pops = [
            pygame.transform.smoothscale(banner, (max(1, int(bw * s)), max(1, int(bh * s))))
            for s in POP_SCALES
        ]
        self._amount_font = assets.font("display", 60)
        self._money_font = assets.font("text_bold", 28)
        coin = assets.image("ui/coin")
        cw, ch = coin.get_size()
        # a coin flipping: its width follows |cos| of the spin angle
        self._coin_frames = [
            pygame.transform.smoothscale(coin, (max(2, int(cw * abs(math.cos(a)))), ch))
            for a in (i * math.pi / 12 for i in range(12))
        ]
        self._spark = assets.tinted("ui/particle", (255, 220, 120))
        rng = random.Random(win_coins * 7919 + (1 if tier == "mega" else 0))
        count = 14 if reduced_motion else (70 if tier == "big" else 130)
        self.coins: list[list[float]] = []
        for _ in range(count):
            x = rng.uniform(80, sw - 80)
            # [x, y, vx, vy, phase, spin speed, delay]
            self.coins.append(
                [
                    x,
                    rng.uniform(-200, -40),
                    rng.uniform(-60, 60),
                    rng.uniform(-80, 120) if not reduced_motion else 40.0,
                    rng.uniform(0, 12),
                    rng.uniform(8, 20),
                    rng.uniform(0, 1.6 if tier == "big" else 2.6),
                ]
            )

    def on_enter(self) -> None:
        self.sounds.win(self.tier)

    # -- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if intent.act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP, Act.BACK):
            self.skip()
            return True
        return intent.act is not Act.QUIT

    def skip(self) -> None:
        """First: finish the count. Then: close."""
        if self.shown < self.win_coins:
            self.shown = self.win_coins
            self.done_at = self.t
        else:
            self._close()

    def _close(self) -> None:
        if self.closing:
            return
        self.closing = True
        if self.stack is not None:
            self.stack.pop()
        if self.on_done is not None:
            self.on_done()

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.shown < self.win_coins:
            u = min(1.0, self.t / self.count_time)
            self.shown = int(self.win_coins * (1 - (1 - u) ** 2))
            if u >= 1.0:
                self.shown = self.win_coins
            self.sounds.counting(dt, True)
            if self.shown >= self.win_coins:
                self.done_at = self.t
        else:
            self.sounds.counting(dt, False)
        if self.done_at is not None and self.t - self.done_at >= HOLD_AFTER:
            self._close()
        for c in self.coins:
            if self.t < c[6]:
                continue
            c[3] += (GRAVITY * (0.25 if self.reduced else 1.0)) * dt
            c[0] += c[2] * dt
            c[1] += c[3] * dt
            c[4] += c[5] * dt
            if c[1] > 760 and self.shown < self.win_coins:
                c[1] = -60.0  # keep raining while counting
                c[3] = 60.0

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._dim, (0, 0))
        frames = self._coin_frames
        for x, y, _vx, _vy, phase, _s, delay in self.coins:
            if self.t < delay or y > 740:
                continue
            img = frames[int(phase) % len(frames)]
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        if self.reduced:
            banner = self._banner
        else:
            banner = self._pops[min(len(POP_SCALES) - 1, int(self.t / POP_STEP))]
        cx, cy = 640, 300
        surface.blit(banner, banner.get_rect(center=(cx, cy)))
        if not self.reduced:
            for k in range(6):
                a = self.t * 1.3 + k * math.pi / 3
                sx = cx + math.cos(a) * 400
                sy = cy + math.sin(a) * 90
                surface.blit(self._spark, self._spark.get_rect(center=(int(sx), int(sy))))
        amount = render_text(
            self._amount_font,
            self.tr.format_coins(self.shown),
            (255, 244, 210),
            outline=2,
            outline_color=(70, 30, 0),
            shadow=True,
        )
        surface.blit(amount, amount.get_rect(center=(cx, cy + 160)))
        money = render_text(
            self._money_font,
            self.tr.format_money(self.shown * self.coin_value_cents, self.currency),
            (255, 220, 140),
            shadow=True,
        )
        surface.blit(money, money.get_rect(center=(cx, cy + 215)))
