"""The intro: the Reelhouse logo revealed over the intro backdrop, then on to the lobby.

Timeline (seconds of `update` time): the backdrop fades up from black (0–0.6), the logo rises and
fades in (0.3–1.5), a glint sweeps across it (1.5–2.1) while sparks drift up, and the prompt
appears (from 2.5) and breathes. With the `intro_movie` setting off the scene is a still title
screen instead: the backdrop, the logo and the prompt, nothing moving. Either way Space, Enter, a
click or any key skips to the lobby at any time (the lobby replaces the intro); S is left to the
app, which opens the settings menu over the intro, and M to the app's mute. The app does not
show the intro at all when the `intro_screen` setting is off (`scenes.app.app.initial_scenes`).

The prompt and the tagline under the logo ("THREE CLASSIC SLOTS") are translated through the
context's translator and rebuilt when the language changes
(the settings menu can be opened over the intro). The sparks use a local, fixed-seed generator:
they are decoration and never touch the game's RNG.
"""

from __future__ import annotations

import math
import random

import pygame

from scenes.core.canvas import Canvas
from scenes.core.context import AppContext
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import render_text
from scenes.core.transitions import Fade
from scenes.widgets.effects import glint

# Player-facing text
TEXT_PROMPT = "Press SPACE or click to continue"
TEXT_TAGLINE = "THREE CLASSIC SLOTS"

LOGO_CENTER = (640, 300)
LOGO_RISE_PX = 26
REVEAL_START, REVEAL_END = 0.3, 1.5
GLINT_START, GLINT_S = 1.5, 0.6
PROMPT_AT = 2.5
GLINT_FRAMES = 16
SPARKS = 46
SPARK_TINT = (255, 204, 130)
# left to the app: the settings menu, mute, and the window-level intents
PASS_ACTS = frozenset({Act.SETTINGS, Act.MUTE, Act.QUIT, Act.FULLSCREEN})
# pointer traffic that must not skip (only a completed click does)
HOLD_ACTS = frozenset({Act.POINTER_DOWN, Act.POINTER_MOVE, Act.WHEEL})


def _ease_out(k: float) -> float:
    k = max(0.0, min(1.0, k))
    return 1.0 - (1.0 - k) ** 3


class _Spark:
    __slots__ = ("life", "size", "t", "vx", "vy", "x", "y")

    def __init__(self, rng: random.Random, t0: float) -> None:
        self.x = LOGO_CENTER[0] + rng.uniform(-360, 360)
        self.y = LOGO_CENTER[1] + rng.uniform(-40, 110)
        self.vx = rng.uniform(-12, 12)
        self.vy = rng.uniform(-60, -22)
        self.life = rng.uniform(1.4, 2.6)
        self.t = t0
        self.size = rng.choice((8, 10, 12, 16))


class IntroScene(Scene):
    opaque = True
    modal = True

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self._load_art()
        self.logo_rect = self.logo.get_rect(center=LOGO_CENTER)
        self.tr = ctx.i18n
        self._generation = -1
        self._build_prompt()
        self.t = 0.0
        self.fade = Fade(0.6, "in")
        self.logo_y = float(self.logo_rect.y + LOGO_RISE_PX)
        self._rng = random.Random(20240607)
        self.sparks: list[_Spark] = []
        self._spark_clock = 0.0
        self._leaving = False
        self._glint_index = -1

    def _load_art(self) -> None:
        a = self.ctx.assets
        self.bg = a.image("ui/intro_bg")
        # the scene owns these copies: their alpha is animated in update(), not in draw()
        self.logo = a.image("ui/logo").copy()

    def rebuild(self) -> None:
        self._load_art()
        self._build_prompt()
        self._apply()

    def _build_prompt(self) -> None:
        """The prompt and the tagline in the current language (scene-owned copies: their alpha
        is animated)."""
        self._generation = self.tr.generation
        tagline = " ".join(self.tr.gettext(TEXT_TAGLINE))  # letter-spaced capitals
        self.tagline = render_text(
            self.ctx.assets.font("text_bold", 22),
            tagline,
            (236, 226, 206),
            outline=2,
            outline_color=(16, 6, 24),
        ).copy()
        font = self.ctx.assets.font("text_bold", 24)
        # outlined: it sits on the bright fan of the backdrop
        self.prompt = render_text(
            font,
            self.tr.gettext(TEXT_PROMPT),
            (255, 244, 222),
            shadow=True,
            outline=2,
            outline_color=(16, 6, 24),
        ).copy()
        self.prompt_rect = self.prompt.get_rect(center=(640, 560))

    @property
    def movie(self) -> bool:
        """True: the animated intro; False: the still title screen (read live from the settings)."""
        return bool(self.ctx.settings.intro_movie)

    # lifecycle -----------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.ctx.audio.music("common/lobby_music", fade_ms=1500)
        self._apply()
        # the player looks at the logo for a few seconds: decode the lobby's art meanwhile
        lobby_art = [
            "ui/lobby_bg",
            "ui/panel",
            "ui/button_normal",
            "ui/button_hover",
            "ui/icon_history",
            "ui/icon_settings",
            "ui/icon_sound",
            "ui/icon_mute",
            "ui/icon_close",
            "ui/icon_left",
            "ui/icon_right",
        ]
        lobby_art += [f"{gid}/tile" for gid in sorted(self.ctx.games)]
        self.ctx.assets.queue_preload(r for r in lobby_art if self.ctx.assets.has_image(r))

    # input -----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if intent.act in PASS_ACTS:
            return False
        if intent.act not in HOLD_ACTS:
            self.finish()  # any key (including H, P, …) or a click
        return True

    def finish(self) -> None:
        if self._leaving or self.stack is None:
            return
        self._leaving = True
        from scenes.front.lobby import LobbyScene

        self.stack.replace(LobbyScene(self.ctx))

    # animation --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.tr.generation != self._generation:
            self._build_prompt()
        if not self.movie:
            self.sparks = []
            self._apply()
            return
        self.fade.update(dt)
        self._spark_clock += dt
        if self.t >= REVEAL_END * 0.8:
            # a steady trickle of sparks once the logo is up
            while self._spark_clock > 0.06:
                self._spark_clock -= 0.06
                if len(self.sparks) < SPARKS:
                    self.sparks.append(_Spark(self._rng, 0.0))
        for s in self.sparks:
            s.t += dt
            s.x += s.vx * dt
            s.y += s.vy * dt
        self.sparks = [s for s in self.sparks if s.t < s.life]
        self._apply()

    def _apply(self) -> None:
        if not self.movie:
            # the still title screen: everything in its final place, nothing moves
            self.logo.set_alpha(255)
            self.tagline.set_alpha(255)
            self.logo_y = float(self.logo_rect.y)
            self._glint_index = -1
            self.prompt.set_alpha(255)
            return
        k = _ease_out((self.t - REVEAL_START) / (REVEAL_END - REVEAL_START))
        self.logo.set_alpha(int(255 * k))
        self.tagline.set_alpha(int(255 * k))
        self.logo_y = self.logo_rect.y + LOGO_RISE_PX * (1.0 - k)
        g = (self.t - GLINT_START) / GLINT_S
        self._glint_index = int(g * GLINT_FRAMES) if 0.0 <= g < 1.0 else -1
        if self.t >= PROMPT_AT:
            # a gentle pulse that never fades the prompt out of legibility
            p = 0.88 + 0.12 * math.sin((self.t - PROMPT_AT) * 2.6 + math.pi / 2)
            p *= min(1.0, (self.t - PROMPT_AT) / 0.5)
            self.prompt.set_alpha(int(255 * p))
        else:
            self.prompt.set_alpha(0)

    # drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: Canvas) -> None:
        surface.blit(self.bg, (0, 0))
        pos = (self.logo_rect.x, int(self.logo_y))
        if self._glint_index >= 0:
            surface.blit(self._glint_frame(self._glint_index), pos)
        else:
            surface.blit(self.logo, pos)
        tag = self.tagline.get_rect(midtop=(LOGO_CENTER[0], pos[1] + self.logo_rect.h + 6))
        surface.blit(self.tagline, tag)
        assets = self.ctx.assets
        for s in self.sparks:
            k = s.t / s.life
            fade = min(1.0, k * 5.0) * (1.0 - k)
            size = max(2, int(s.size * (0.6 + 0.4 * fade)))
            img = assets.tinted("ui/particle", SPARK_TINT, (size, size))
            surface.blit(img, (int(s.x) - size // 2, int(s.y) - size // 2), special_flags=pygame.BLEND_ADD)
        surface.blit(self.prompt, self.prompt_rect)
        if self.movie:
            self.fade.draw(surface)

    def _glint_frame(self, i: int) -> Canvas:
        """The logo with a diagonal light band at step `i` (built once per step, cached)."""
        assets = self.ctx.assets
        return assets.derived(("intro-glint", i), lambda: glint(assets.image("ui/logo"), i, GLINT_FRAMES))
