"""The sound mixer: a compact panel with master, music/ambience and effects sliders and mute.

Opened from the sound button (`open_mixer(ctx, stack)`) or the settings menu's "Sound mixer" row;
it drops down under the top-right icons. Volumes apply live through `ctx.audio.set_volumes` while
a slider moves and are saved when the gesture ends (pointer release), and once more on close if a
keyboard nudge changed them — never once per motion event. The effects slider plays a click on
release so the player hears the new level.

Keys: ↑/↓ (or Tab / Shift+Tab) move the focus ring over the sliders and the mute switch, ←/→
nudge by 5 %, Enter flips mute, M flips mute (consumed here; with the panel closed the app
handles M), Esc or a click outside closes. A key meant for another screen says to close this one.
Mute is the audio service's session state (`ctx.audio.muted`), not a saved setting.
"""

from __future__ import annotations

import functools
import logging

import pygame

from game.storage import StorageFailure
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.core.settings_store import save_failure_reason
from scenes.core.stack import Scene, SceneStack
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import MENU_CREAM, MENU_GOLD, MUTED
from scenes.widgets.button import Button
from scenes.widgets.dialog import TEXT_CLOSE_FIRST, show_toast
from scenes.widgets.feedback import refuse_command
from scenes.widgets.focus import draw_focus_ring
from scenes.widgets.keys import draw_key_hints
from scenes.widgets.panel import draw_solid_panel
from scenes.widgets.slider import Slider
from scenes.widgets.toggle import Toggle, pill

log = logging.getLogger(__name__)

T_TITLE = "SOUND"
T_MASTER = "Master"
T_MUSIC = "Music & ambience"
T_EFFECTS = "Effects"
T_MUTE = "Mute all sound"
T_MUTED = "Sound is muted"
HINTS = ((("M",), "mute"), (("ESC",), "close"))
T_CLOSE = "Close (Esc)"
T_SAVE_FAILED = "Your settings could not be saved: {reason}"

PANEL_SIZE = (404, 384)
DEFAULT_TOPRIGHT = (1256, 84)  # under the top-right icon buttons of the lobby and the reels
PAD = 26
SLIDER_PITCH = 70
FOCUS_RATE = 14.0

# (settings field, msgid, icon)
CHANNELS = (
    ("master_volume", T_MASTER, "icon_sound"),
    ("music_volume", T_MUSIC, "icon_sound"),
    ("effects_volume", T_EFFECTS, "icon_sound"),
)


def open_mixer(ctx: AppContext, stack: SceneStack, *, topright: tuple[int, int] | None = None) -> None:
    """Push the mixer (or close it if it is already on top: the sound button toggles it)."""
    if isinstance(stack.top, MixerScene):
        stack.pop()
    else:
        stack.push(MixerScene(ctx, topright=topright))


class MixerScene(Scene):
    opaque = False
    modal = True

    def __init__(self, ctx: AppContext, *, topright: tuple[int, int] | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.tr: Translator = ctx.i18n
        self.rect = pygame.Rect((0, 0), PANEL_SIZE)
        self.rect.topright = topright or DEFAULT_TOPRIGHT
        self.rect.clamp_ip(pygame.Rect(0, 0, 1280, 720))
        s = ctx.settings
        self.sliders: list[Slider] = []
        for i, (key, _, _) in enumerate(CHANNELS):
            y = self.rect.top + 104 + i * SLIDER_PITCH
            r = pygame.Rect(self.rect.left + PAD + 8, y, self.rect.w - 2 * PAD - 16, 8)
            self.sliders.append(
                Slider(
                    r,
                    value=getattr(s, key),
                    on_change=functools.partial(self._live, key),
                    on_release=functools.partial(self._released, key),
                )
            )
        mute_y = self.rect.top + 104 + len(CHANNELS) * SLIDER_PITCH - 14
        self.mute_row = pygame.Rect(self.rect.left + 12, mute_y - 22, self.rect.w - 24, 44)
        trect = pygame.Rect(0, 0, 62, 30)
        trect.midright = (self.rect.right - PAD, mute_y)
        self.mute = Toggle(trect, value=ctx.audio.muted, on_change=self._set_mute)
        self.close_button = Button(
            pygame.Rect(self.rect.right - 52, self.rect.top + 14, 38, 38),
            icon="icon_close",
            style="icon",
            on_click=self.close,
            tooltip=self.tr.gettext(T_CLOSE),
        )
        self.focus = 0  # 0..2 sliders, 3 mute
        self.hot = [0.0] * (len(CHANNELS) + 1)
        self.dirty = False  # volumes changed since the last save
        self.saves = 0
        self._outside_down = False

    # changes -----------------------------------------------------------------------------------
    def _live(self, key: str, value: float) -> None:
        setattr(self.ctx.settings, key, value)
        s = self.ctx.settings
        self.ctx.audio.set_volumes(s.master_volume, s.music_volume, s.effects_volume)
        self.dirty = True

    def _released(self, key: str, value: float) -> None:
        self.save()
        if key != "music_volume":
            self.ctx.audio.play("common/click")  # hear the new effects level

    def _set_mute(self, muted: bool) -> None:
        self.ctx.audio.muted = muted

    def save(self) -> None:
        if not self.dirty:
            return
        try:
            self.ctx.save_settings()
            self.saves += 1
            self.dirty = False
        except (OSError, StorageFailure) as exc:
            log.error("cannot save settings: %s", exc)
            self.dirty = False  # said once; the volumes still apply for this session
            if self.stack is not None:
                text = self.tr.t(T_SAVE_FAILED, reason=save_failure_reason(exc))
                show_toast(self.stack, self.ctx.assets, text)

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def on_exit(self) -> None:
        self.save()

    # input -------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.QUIT:
            return False
        if self.close_button.handle(intent):
            return True
        if act is Act.BACK:
            self.close()
            return True
        if act is Act.MUTE:
            self.mute.toggle()
            return True
        n = len(self.hot)
        if act in (Act.UP, Act.PREV):
            self.focus = (self.focus - 1) % n
        elif act in (Act.DOWN, Act.NEXT):
            self.focus = (self.focus + 1) % n
        elif act in (Act.LEFT, Act.RIGHT):
            d = -1 if act is Act.LEFT else 1
            if self.focus < len(self.sliders):
                self.sliders[self.focus].nudge(d)
            elif self.mute.value != (d > 0):
                self.mute.toggle()
        elif act in (Act.CONFIRM, Act.SPIN) and self.focus == len(self.sliders):
            self.mute.toggle()
        elif act in (Act.POINTER_MOVE, Act.POINTER_DOWN, Act.POINTER_UP):
            self._pointer(intent)
        else:
            refuse_command(self, intent, self.tr.gettext(TEXT_CLOSE_FIRST))
        return True

    def _pointer(self, intent: Intent) -> None:
        act, pos = intent.act, intent.pos
        for i, sl in enumerate(self.sliders):
            if sl.handle(intent):
                self.focus = i
                return
            if act is Act.POINTER_MOVE and sl.hover:
                self.focus = i
        if self.mute.handle(intent):
            self.focus = len(self.sliders)
            return
        inside = pos is not None and self.rect.collidepoint(pos)
        if act is Act.POINTER_MOVE and pos is not None and self.mute_row.collidepoint(pos):
            self.focus = len(self.sliders)
        elif act is Act.POINTER_DOWN:
            self._outside_down = not inside
        elif act is Act.POINTER_UP:
            was_outside, self._outside_down = self._outside_down, False
            if was_outside and not inside:
                self.close()
            elif pos is not None and self.mute_row.collidepoint(pos):
                self.mute.toggle()

    # per frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.mute.value = self.ctx.audio.muted
        k = min(1.0, dt * FOCUS_RATE)
        for i in range(len(self.hot)):
            self.hot[i] += ((1.0 if i == self.focus else 0.0) - self.hot[i]) * k
        for i, sl in enumerate(self.sliders):
            sl.focused = i == self.focus
            sl.update(dt)
        self.mute.focused = self.focus == len(self.sliders)
        self.mute.update(dt)
        self.close_button.update(dt)

    def draw(self, surface: Canvas) -> None:
        a = self.ctx.assets
        tr = self.tr
        r = self.rect
        shadow = a.derived(("mixer-shadow", r.size), lambda: _shadow(r.size, a.density))
        surface.blit(shadow, (r.x - 16, r.y - 6))
        draw_solid_panel(surface, a, r)
        icon = a.tinted("ui/icon_mute" if self.ctx.audio.muted else "ui/icon_sound", MENU_GOLD, (30, 30))
        surface.blit(icon, icon.get_rect(midleft=(r.left + PAD, r.top + 40)))
        draw_text(
            surface,
            a.font("display", 28),
            tr.gettext(T_TITLE),
            (r.left + PAD + 42, r.top + 42),
            MENU_GOLD,
            anchor="midleft",
            outline=1,
            outline_color=(70, 40, 10),
        )
        self.close_button.draw(surface, a)
        muted = self.ctx.audio.muted
        for i, ((_, msgid, _), sl) in enumerate(zip(CHANNELS, self.sliders, strict=True)):
            self._draw_focus(surface, i, self._slider_row(i))
            label_y = sl.rect.y - 20
            color = MENU_GOLD if self.hot[i] > 0.5 else MENU_CREAM
            font = fit_font(a, "text", tr.gettext(msgid), r.w - 2 * PAD - 80, 19)
            draw_text(
                surface,
                font,
                tr.gettext(msgid),
                (r.left + PAD + 8, label_y),
                color,
                anchor="midleft",
                shadow=False,
            )
            pct = f"{tr.format_number(round(sl.value * 100))} %"
            draw_text(
                surface,
                a.font("text_bold", 17),
                pct,
                (r.right - PAD - 8, label_y),
                MUTED if muted else MENU_CREAM,
                anchor="midright",
                shadow=False,
            )
            sl.draw(surface, a)
        self._draw_focus(surface, len(self.sliders), self.mute_row)
        focused = self.mute_row if self.focus == len(self.sliders) else self._slider_row(self.focus)
        draw_focus_ring(surface, a, focused)
        color = MENU_GOLD if self.hot[-1] > 0.5 else MENU_CREAM
        draw_text(
            surface,
            a.font("text", 19),
            tr.gettext(T_MUTE),
            (r.left + PAD + 8, self.mute_row.centery),
            color,
            anchor="midleft",
            shadow=False,
        )
        self.mute.draw(surface, a)
        if muted:
            draw_text(
                surface,
                a.font("text_bold", 15),
                tr.gettext(T_MUTED),
                (r.centerx, r.bottom - 30),
                MENU_GOLD,
                shadow=False,
            )
        else:
            hints = [(keys, tr.gettext(m)) for keys, m in HINTS]
            draw_key_hints(surface, a, hints, (r.centerx, r.bottom - 30))

    def _slider_row(self, i: int) -> pygame.Rect:
        """The row of slider `i`: its label, value and track."""
        return pygame.Rect(self.rect.left + 12, self.sliders[i].rect.y - 40, self.rect.w - 24, 62)

    def _draw_focus(self, surface: Canvas, i: int, rect: pygame.Rect) -> None:
        level = round(self.hot[i] * 6)
        if level:
            plate = self.ctx.assets.derived(
                ("mixer-row", rect.size, level),
                lambda: pill(
                    rect.size,
                    (255, 214, 140, 7 * level),
                    (255, 190, 100, 3 * level),
                    (246, 206, 120, 18 * level),
                    1,
                    radius=10,
                    density=self.ctx.assets.density,
                ),
            )
            surface.blit(plate, rect)


def _shadow(size: tuple[int, int], k: float) -> Canvas:
    w, h = size[0] + 32, size[1] + 32
    base = Canvas.new((w, h), k)
    draw.rect(base, (0, 0, 0, 150), pygame.Rect(16, 16, *size), border_radius=24)
    return base.scaled((w // 6, h // 6)).scaled((w, h))
