"""The settings menu: a modal panel over the current scene where every change applies at once.

Opened by the spanner button or the S key (`open_settings(ctx, stack)`), closed by Esc, S, the
close button or a click outside the panel. Two columns of rows — GAME (language, display
currency, game history, reality check, intro screen, intro movie, quick spin, spacebar to spin)
and SOUND & DISPLAY (ambience, effects, the sound mixer, graphics quality, fullscreen, and the
accessibility options: reduced motion, line colours — a colour-blind-safe palette with a
pattern per line —, text size). The game history and sound mixer rows open those screens (the rules text lists
the game history among the game settings). There
is no "apply" button: each change is applied (audio flags and key table through
`ctx.save_settings()`, the language through the translator, fullscreen through the display) and
saved atomically on the spot.

Keyboard: ↑/↓ (or Tab / Shift+Tab) move the focus ring, ←/→ change the focused row, Enter flips
or steps it. The pointer focuses the row under it; clicking a row changes it. A key meant for
another screen says to close this one first. Widgets mirror `ctx.settings` every frame,
so a change made elsewhere (F11, the mixer) shows here at once.

All text is translated while drawing (`ctx.i18n`), so switching the language re-labels the open
menu in the same frame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.storage import StorageFailure
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.i18n import LANGUAGES, Translator
from scenes.core.intents import Act, Intent
from scenes.core.settings_store import (
    CURRENCY_SYMBOLS,
    LINE_PALETTES,
    REALITY_CHECK_CHOICES,
    SIZE_CHOICES,
    save_failure_reason,
)
from scenes.core.stack import Scene, SceneStack
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import MENU_CREAM, MENU_GOLD, MUTED
from scenes.widgets.button import Button
from scenes.widgets.choice import Choice
from scenes.widgets.dialog import TEXT_CLOSE_FIRST, dim_layer, show_toast
from scenes.widgets.feedback import refuse_command
from scenes.widgets.focus import draw_focus_ring
from scenes.widgets.keys import draw_key_hints
from scenes.widgets.panel import draw_solid_panel
from scenes.widgets.toggle import Toggle, pill

log = logging.getLogger(__name__)

# Player-facing msgids (translated through ctx.i18n; the catalogs are assets/locale/*.json)
T_TITLE = "SETTINGS"
T_GAME = "GAME"
T_SOUND_DISPLAY = "SOUND & DISPLAY"
T_LOW, T_HIGH, T_OFF = "Low", "High", "Off"
T_EVERY = "Every {n} min"
T_PALETTES = {"standard": "Standard", "colour_blind": "Colour-blind safe"}
T_SIZES = {"standard": "Standard", "large": "Large", "larger": "Larger"}
# key hints: (keys, msgid); arrow keys are drawn as icons on keycaps
HINTS = ((("up", "down"), "choose"), (("left", "right"), "change"), (("ESC",), "close"))
T_CLOSE = "Close (Esc)"
T_SAVE_FAILED = "Your settings could not be saved: {reason}"
T_NO_FULLSCREEN = "Fullscreen is not available on this display."

HEADLESS_DRIVERS = ("dummy", "offscreen")

SCREEN = pygame.Rect(0, 0, 1280, 720)
PANEL = pygame.Rect(0, 0, 1040, 640)
PANEL.center = SCREEN.center
COL_W = 452
COL_GAP = 56
_LEFT = PANEL.left + (PANEL.w - 2 * COL_W - COL_GAP) // 2
COL_X = (_LEFT, _LEFT + COL_W + COL_GAP)
ROWS_TOP = PANEL.top + 150
ROW_H = 42
ROW_PITCH = 46
TOGGLE_SIZE = (66, 32)
CHOICE_SIZE = (210, 40)

SECTION = (214, 178, 112)
DIM_ALPHA = 150
FOCUS_RATE = 14.0


@dataclass
class Row:
    """One line of the menu: a label, a one-line description and its control."""

    key: str  # the Settings field, or a link row ("mixer", "history")
    label: str  # msgid
    help: str  # msgid
    widget: Toggle | Choice | None
    rect: pygame.Rect
    hot: float = 0.0  # eased focus highlight 0..1

    def activate(self) -> None:
        if self.widget is not None:
            self.widget.activate()

    def change(self, direction: int) -> None:
        if isinstance(self.widget, Choice):
            self.widget.step(direction)
        elif isinstance(self.widget, Toggle) and self.widget.value != (direction > 0):
            self.widget.toggle()  # ← means off, → means on, as the knob moves


# (key, label, help) per column; the widget kind follows from the Settings field's type
GAME_ROWS = (
    ("language", "Language", "Changes the language at once."),
    (
        "display_currency",
        "Display currency",
        "The currency used to show amounts. Play is for fun; no money changes hands.",
    ),
    ("history", "Game history", "Your latest rounds, with every step and a replay."),
    ("reality_check_minutes", "Reality check", "A reminder of your playing time and net result."),
    ("intro_screen", "Intro screen", "Show the title screen when Reelhouse starts."),
    ("intro_movie", "Intro movie", "Play the intro animation on the title screen."),
    ("quick_spin", "Quick spin", "Shorter spin and win animations."),
    ("space_to_spin", "Spacebar to spin", "Press the spacebar to start a round."),
)
SOUND_ROWS = (
    ("ambience", "Ambience sound", "Background music and ambience."),
    ("sound_effects", "Sound effects", "Reel, win and button sounds."),
    ("mixer", "Sound mixer", "Master, music and effects volumes."),
    ("graphics_quality", "Graphics quality", "Low turns off particles, blur and glow for slower computers."),
    ("fullscreen", "Fullscreen", "Fill the whole screen (F11)."),
    ("reduced_motion", "Reduced motion", "Fewer moving and flashing effects."),
    (
        "line_palette",
        "Line colours",
        "Colour-blind safe: pay lines in colours everyone tells apart, each with its own pattern.",
    ),
    ("text_size", "Text size", "Larger text in menus, messages and the game's information."),
)
# Rows that open another screen instead of holding a value: their icon.
LINK_ICONS = {"mixer": "ui/icon_sound", "history": "ui/icon_history"}


def open_settings(ctx: AppContext, stack: SceneStack) -> None:
    """Push the settings menu over whatever is on top (no second copy if it is already there).

    The app calls this on Act.SETTINGS when no scene consumed it; the spanner buttons call it too.
    """
    if not isinstance(stack.top, SettingsScene):
        stack.push(SettingsScene(ctx))


class SettingsScene(Scene):
    opaque = False
    modal = True

    def __init__(self, ctx: AppContext, *, open_mixer: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.tr: Translator = ctx.i18n
        self._open_mixer = open_mixer
        self.rows: list[Row] = []
        for col, specs in enumerate((GAME_ROWS, SOUND_ROWS)):
            for i, (key, label, help_) in enumerate(specs):
                rect = pygame.Rect(COL_X[col], ROWS_TOP + i * ROW_PITCH, COL_W, ROW_H)
                self.rows.append(Row(key, label, help_, self._widget_for(key, rect), rect))
        self.focus = 0
        self.close_button = Button(
            pygame.Rect(PANEL.right - 64, PANEL.top + 20, 44, 44),
            icon="icon_close",
            style="icon",
            on_click=self.close,
            tooltip=self.tr.gettext(T_CLOSE),
        )
        self._armed_row: int | None = None
        self._outside_down = False
        self.t = 0.0
        self.saves = 0  # how many times this menu wrote the settings (tests, debugging)

    # building ----------------------------------------------------------------------------------
    def _widget_for(self, key: str, row: pygame.Rect) -> Toggle | Choice | None:
        s = self.ctx.settings

        def setter(k: str) -> Callable[[Any], None]:
            return lambda v: self.set_value(k, v)

        if key in LINK_ICONS:
            return None
        value = getattr(s, key)
        if isinstance(value, bool):
            rect = pygame.Rect((0, 0), TOGGLE_SIZE)
            rect.midright = (row.right - 14, row.centery)
            return Toggle(rect, value=value, on_change=setter(key))
        rect = pygame.Rect((0, 0), CHOICE_SIZE)
        rect.midright = (row.right - 8, row.centery)
        values, fmt = self._choices(key)
        return Choice(rect, values=values, value=value, format_value=fmt, on_change=setter(key))

    def _choices(self, key: str) -> tuple[list[Any], Callable[[Any], str]]:
        tr = self.tr
        if key == "language":
            return list(LANGUAGES), lambda v: LANGUAGES[v]
        if key == "display_currency":
            return list(CURRENCY_SYMBOLS), lambda v: f"{CURRENCY_SYMBOLS[v]}  {v}"
        if key == "graphics_quality":
            return ["low", "high"], lambda v: tr.gettext(T_HIGH if v == "high" else T_LOW)
        if key == "reality_check_minutes":
            return list(REALITY_CHECK_CHOICES), lambda v: tr.t(T_EVERY, n=v) if v else tr.gettext(T_OFF)
        if key == "line_palette":
            return list(LINE_PALETTES), lambda v: tr.gettext(T_PALETTES[v])
        if key == "text_size":
            return list(SIZE_CHOICES), lambda v: tr.gettext(T_SIZES[v])
        raise ValueError(f"no choices for setting {key!r}")

    # applying ----------------------------------------------------------------------------------
    def set_value(self, key: str, value: Any) -> None:
        """Apply one setting at once and save; the widgets follow the settings next frame."""
        s = self.ctx.settings
        if getattr(s, key) == value:
            return
        if key == "fullscreen" and not self._set_fullscreen(bool(value)):
            return
        setattr(s, key, value)
        if key == "language":
            self.tr.set_language(value)
            self.close_button.tooltip = self.tr.gettext(T_CLOSE)
        self.save()
        self.ctx.audio.play("common/click", volume=0.6)

    def _set_fullscreen(self, want: bool) -> bool:
        """Switch the window; False (and a toast) if this display cannot."""
        if pygame.display.get_driver() in HEADLESS_DRIVERS or pygame.display.get_surface() is None:
            return True  # nothing to switch; the preference applies at the next start
        if bool(pygame.display.is_fullscreen()) == want:
            return True
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.info("fullscreen toggle unavailable: %s", exc)
            self._toast(self.tr.gettext(T_NO_FULLSCREEN))
            return False
        return True

    def save(self) -> None:
        """Write the settings atomically; on failure keep playing with them and say so."""
        try:
            self.ctx.save_settings()
            self.saves += 1
        except (OSError, StorageFailure) as exc:
            log.error("cannot save settings: %s", exc)
            self.ctx.apply_audio_settings()  # still apply for this session
            self.ctx.apply_display_settings()
            self._toast(self.tr.t(T_SAVE_FAILED, reason=save_failure_reason(exc)))

    def _toast(self, text: str) -> None:
        show_toast(self.stack, self.ctx.assets, text)

    def _sync(self) -> None:
        s = self.ctx.settings
        for row in self.rows:
            if row.widget is not None:
                row.widget.value = getattr(s, row.key)

    def open_mixer(self) -> None:
        if self._open_mixer is not None:
            self._open_mixer()
        elif self.stack is not None:
            from scenes.menus.mixer import MixerScene

            self.stack.push(MixerScene(self.ctx))
        self.ctx.audio.play("common/click", volume=0.6)

    def open_history(self) -> None:
        """The game history of every game (the rules list it among the settings)."""
        if self.stack is not None:
            from scenes.viewers.history import HistoryScene

            self.stack.push(HistoryScene(self.ctx, None))
        self.ctx.audio.play("common/click", volume=0.6)

    def _open_link(self, key: str) -> None:
        if key == "mixer":
            self.open_mixer()
        else:
            self.open_history()

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    # input -------------------------------------------------------------------------------------
    def _move_focus(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.rows)
        self.ctx.audio.play("common/click", volume=0.3)

    def _activate(self, row: Row) -> None:
        if row.key in LINK_ICONS:
            self._open_link(row.key)
        else:
            row.activate()

    def _row_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for i, row in enumerate(self.rows):
            if row.rect.collidepoint(pos):
                return i
        return None

    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.QUIT:
            return False  # the app closes the window
        if act is Act.MUTE:
            return False  # the app toggles mute; the toggles here mirror the settings
        if self.close_button.handle(intent):
            return True
        if act in (Act.BACK, Act.SETTINGS):
            self.close()
            return True
        if act in (Act.UP, Act.PREV):
            self._move_focus(-1)
        elif act in (Act.DOWN, Act.NEXT):
            self._move_focus(+1)
        elif act in (Act.LEFT, Act.RIGHT):
            row = self.rows[self.focus]
            if row.key not in LINK_ICONS:
                row.change(-1 if act is Act.LEFT else 1)
            elif act is Act.RIGHT:
                self._open_link(row.key)
        elif act in (Act.CONFIRM, Act.SPIN):
            self._activate(self.rows[self.focus])
        elif act in (Act.POINTER_MOVE, Act.POINTER_DOWN, Act.POINTER_UP):
            self._pointer(intent)
        else:
            refuse_command(self, intent, self.tr.gettext(TEXT_CLOSE_FIRST))
        return True  # modal: nothing below sees input while the menu is open

    def _pointer(self, intent: Intent) -> None:
        act, pos = intent.act, intent.pos
        hit = self._row_at(pos)
        for i, row in enumerate(self.rows):
            # every widget sees moves (hover off); presses only go to the row under the pointer
            if row.widget is not None and (i == hit or act is Act.POINTER_MOVE):
                row.widget.handle(intent)
        if act is Act.POINTER_MOVE:
            if hit is not None:
                self.focus = hit
            return
        if act is Act.POINTER_DOWN:
            self._armed_row = hit
            self._outside_down = pos is not None and not PANEL.collidepoint(pos)
            return
        # POINTER_UP: a click on the row's label area changes it; on the widget the widget did
        armed, self._armed_row = self._armed_row, None
        outside, self._outside_down = self._outside_down, False
        if outside and pos is not None and not PANEL.collidepoint(pos):
            self.close()
            return
        if hit is None or armed != hit:
            return
        row = self.rows[hit]
        if row.widget is None or pos is None or not row.widget.rect.collidepoint(pos):
            self._activate(row)

    # per frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self._sync()
        k = min(1.0, dt * FOCUS_RATE)
        for i, row in enumerate(self.rows):
            row.hot += ((1.0 if i == self.focus else 0.0) - row.hot) * k
            if row.widget is not None:
                row.widget.focused = i == self.focus
                row.widget.update(dt)
        self.close_button.update(dt)

    def draw(self, surface: Canvas) -> None:
        self.draw_backdrop(surface)
        self.draw_front(surface)

    def draw_backdrop(self, surface: Canvas) -> None:
        a = self.ctx.assets
        surface.blit(dim_layer(a, DIM_ALPHA), (0, 0))
        draw_solid_panel(surface, a, PANEL)

    def draw_front(self, surface: Canvas) -> None:
        a = self.ctx.assets
        tr = self.tr
        # title with the spanner, and an ornamental rule under it
        title = tr.gettext(T_TITLE)
        font = a.font("display", 40)
        tw = font.size(title)[0]
        icon = a.tinted("ui/icon_settings", MENU_GOLD, (34, 34))
        x0 = PANEL.centerx - (tw + 46) // 2
        surface.blit(icon, icon.get_rect(midleft=(x0, PANEL.top + 54)))
        draw_text(
            surface,
            font,
            title,
            (x0 + 46, PANEL.top + 56),
            MENU_GOLD,
            anchor="midleft",
            outline=1,
            outline_color=(70, 40, 10),
        )
        rule = a.derived(("settings-rule", PANEL.w - 160), lambda: _rule(PANEL.w - 160, a.density))
        surface.blit(rule, rule.get_rect(center=(PANEL.centerx, PANEL.top + 96)))
        self.close_button.draw(surface, a)
        for col, name in enumerate((T_GAME, T_SOUND_DISPLAY)):
            self._draw_section(surface, tr.gettext(name), COL_X[col], ROWS_TOP - 26)
        for row in self.rows:
            self._draw_row(surface, row)
        draw_focus_ring(surface, a, self.rows[self.focus].rect)
        foot = a.derived(("settings-rule", PANEL.w - 160), lambda: _rule(PANEL.w - 160, a.density))
        surface.blit(foot, foot.get_rect(center=(PANEL.centerx, PANEL.bottom - 104)))
        focused = self.rows[self.focus]
        help_font = a.font("text", 19)
        draw_text(
            surface,
            help_font,
            tr.gettext(focused.help),
            (PANEL.centerx, PANEL.bottom - 74),
            MENU_CREAM,
            anchor="center",
            shadow=False,
        )
        draw_key_hints(
            surface, a, [(keys, tr.gettext(m)) for keys, m in HINTS], (PANEL.centerx, PANEL.bottom - 34)
        )

    def _draw_section(self, surface: Canvas, text: str, x: int, y: int) -> None:
        a = self.ctx.assets
        r = draw_text(
            surface, a.font("text_bold", 15), text, (x + 4, y), SECTION, anchor="midleft", shadow=False
        )
        line = a.derived(("settings-section-line", COL_W), lambda: _fade_line(COL_W, SECTION, a.density))
        surface.blit(line, (r.right + 12, y), area=pygame.Rect(0, 0, COL_W - r.w - 16, 1))

    def _draw_row(self, surface: Canvas, row: Row) -> None:
        a = self.ctx.assets
        r = row.rect
        level = round(row.hot * 6)
        if level:
            plate = a.derived(("settings-row", r.size, level), lambda: _row_plate(r.size, level, a.density))
            surface.blit(plate, r)
        label = self.tr.gettext(row.label)
        label_w = r.w - 36 - (row.widget.rect.w if row.widget is not None else 40)
        font = fit_font(a, "text", label, label_w, 21)
        color = MENU_GOLD if row.hot > 0.5 else MENU_CREAM
        draw_text(surface, font, label, (r.left + 20, r.centery), color, anchor="midleft", shadow=False)
        if row.widget is not None:
            row.widget.draw(surface, a)
        else:
            chevron = a.tinted("ui/icon_right", MENU_GOLD if row.hot > 0.5 else MUTED, (26, 26))
            surface.blit(chevron, chevron.get_rect(midright=(r.right - 14, r.centery)))
            icon = a.tinted(LINK_ICONS[row.key], MENU_GOLD if row.hot > 0.5 else MUTED, (26, 26))
            surface.blit(icon, icon.get_rect(midright=(r.right - 46, r.centery)))


def _row_plate(size: tuple[int, int], level: int, density: float) -> Canvas:
    """The focus highlight: a warm translucent plate with a gold accent bar on the left."""
    k = level / 6
    plate = pill(
        size,
        (255, 214, 140, int(46 * k)),
        (255, 190, 100, int(22 * k)),
        (246, 206, 120, int(120 * k)),
        1,
        radius=10,
        density=density,
    )
    bar = pill((4, size[1] - 14), (255, 226, 150), (214, 150, 60), radius=2, density=density)
    bar.set_alpha(int(255 * k))
    plate.blit(bar, (7, 7))
    return plate


def _fade_line(width: int, color: tuple[int, int, int], k: float) -> Canvas:
    """A 1 px line fading out to the right (drawn a physical pixel at a time)."""
    pw = max(1, round(width * k))
    surf = pygame.Surface((pw, max(1, round(k))), pygame.SRCALPHA)
    for x in range(pw):
        surf.fill((*color, int(150 * (1 - x / pw))), (x, 0, 1, surf.get_height()))
    return Canvas(surf, k, (width, 1))


def _rule(width: int, density: float) -> Canvas:
    """A gold rule that fades at both ends, with a small diamond in the middle."""
    h = 11
    surf = Canvas.new((width, h), density)
    pw = surf.surf.get_width()
    mid = pw / 2
    line_y, line_h = surf.phys_rect((0, h // 2, 1, 1)).y, max(1, round(density))
    for x in range(pw):
        k = 1 - abs(x - mid) / mid
        surf.surf.fill((246, 206, 120, int(220 * k * k)), (x, line_y, 1, line_h))
    m = width // 2
    draw.polygon(surf, (246, 206, 120), [(m, 0), (m + 5, h // 2), (m, h - 1), (m - 5, h // 2)])
    return surf
