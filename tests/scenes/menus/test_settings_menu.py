"""Settings menu: smoke, keyboard and pointer changes applied at once and saved, live language,
the option widgets, a failed save that does not crash."""

from __future__ import annotations

import json

import pygame
import pytest

from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.menus.settings_menu import SettingsScene, open_settings
from scenes.widgets.choice import Choice
from scenes.widgets.dialog import Toast
from scenes.widgets.toggle import Toggle


class Below(Scene):
    def __init__(self):
        super().__init__()
        self.seen: list[Act] = []

    def handle(self, intent):
        self.seen.append(intent.act)
        return True

    def draw(self, surface):
        surface.fill((20, 40, 60))


def _frames(st, surface, n=60):
    for _ in range(n):
        st.update(1 / 60)
        st.draw(surface)


def _menu(ctx):
    st = SceneStack()
    below = Below()
    st.push(below)
    open_settings(ctx, st)
    open_settings(ctx, st)  # no second copy
    assert len(st) == 2 and isinstance(st.top, SettingsScene)
    return st, st.top, below


def _saved(ctx) -> dict:
    return json.loads(ctx.settings_path.read_text(encoding="utf-8"))


def _focus(st, menu, key):
    while menu.rows[menu.focus].key != key:
        st.handle(Intent(Act.DOWN))


@pytest.mark.slow
def test_smoke_keyboard_changes_are_applied_and_saved(ctx, display):
    st, menu, below = _menu(ctx)
    _frames(st, display)
    assert menu.rows[menu.focus].key == "language"
    _focus(st, menu, "quick_spin")
    st.handle(Intent(Act.CONFIRM))
    assert ctx.settings.quick_spin is True and ctx.turbo
    assert _saved(ctx)["quick_spin"] is True
    _focus(st, menu, "space_to_spin")
    st.handle(Intent(Act.LEFT))
    assert ctx.mapper.space_spins is False and _saved(ctx)["space_to_spin"] is False
    st.handle(Intent(Act.LEFT))  # already off: nothing to do
    _focus(st, menu, "ambience")
    st.handle(Intent(Act.LEFT))
    assert ctx.audio.music_enabled is False
    _focus(st, menu, "reality_check_minutes")
    st.handle(Intent(Act.RIGHT))
    assert _saved(ctx)["reality_check_minutes"] == 15
    st.handle(Intent(Act.LEFT))
    st.handle(Intent(Act.LEFT))
    assert ctx.settings.reality_check_minutes == 60  # wraps around
    _focus(st, menu, "display_currency")
    st.handle(Intent(Act.RIGHT))
    assert ctx.settings.currency_symbol == "£" and _saved(ctx)["display_currency"] == "GBP"
    _focus(st, menu, "fullscreen")
    st.handle(Intent(Act.RIGHT))  # headless: only the preference changes
    assert _saved(ctx)["fullscreen"] is True
    _frames(st, display, 10)
    assert below.seen == []  # modal: nothing leaked below
    # the widgets mirror the settings
    row = next(r for r in menu.rows if r.key == "quick_spin")
    assert isinstance(row.widget, Toggle) and row.widget.value is True
    st.handle(Intent(Act.BACK))
    assert len(st) == 1


def test_up_from_the_top_wraps_and_s_closes(ctx, display):
    st, menu, _ = _menu(ctx)
    st.handle(Intent(Act.UP))
    assert menu.focus == len(menu.rows) - 1
    st.handle(Intent(Act.SETTINGS))
    assert len(st) == 1


def test_language_switch_relabels_at_once(ctx, display):
    st, menu, _ = _menu(ctx)
    _frames(st, display, 5)
    st.handle(Intent(Act.RIGHT))  # focus starts on Language
    assert ctx.settings.language == "es" and ctx.i18n.language == "es"
    assert _saved(ctx)["language"] == "es"
    assert ctx.i18n.gettext(menu.rows[0].label) == "Idioma"
    assert menu.close_button.tooltip == "Cerrar (Esc)"
    _frames(st, display, 5)  # draws in Spanish without error


def test_pointer_click_on_a_row_and_on_the_widget(ctx, display):
    st, menu, _ = _menu(ctx)
    row = next(r for r in menu.rows if r.key == "reduced_motion")
    pos = (row.rect.left + 30, row.rect.centery)
    for act in (Act.POINTER_MOVE, Act.POINTER_DOWN, Act.POINTER_UP):
        st.handle(Intent(act, pos=pos))
    assert menu.rows[menu.focus] is row
    assert ctx.settings.reduced_motion is True
    c = row.widget.rect.center
    for act in (Act.POINTER_MOVE, Act.POINTER_DOWN, Act.POINTER_UP):
        st.handle(Intent(act, pos=c))
    assert ctx.settings.reduced_motion is False  # one flip per click, not two
    gq = next(r for r in menu.rows if r.key == "graphics_quality")
    assert isinstance(gq.widget, Choice)
    left = gq.widget.arrow_rect(-1).center
    st.handle(Intent(Act.POINTER_DOWN, pos=left))
    st.handle(Intent(Act.POINTER_UP, pos=left))
    assert ctx.settings.graphics_quality == "low"
    assert _saved(ctx)["graphics_quality"] == "low"


def test_click_outside_closes(ctx, display):
    st, _, _ = _menu(ctx)
    st.handle(Intent(Act.POINTER_DOWN, pos=(5, 5)))
    st.handle(Intent(Act.POINTER_UP, pos=(5, 5)))
    assert len(st) == 1


def test_mixer_row_opens_the_mixer(ctx, display):
    from scenes.menus.mixer import MixerScene

    st, menu, _ = _menu(ctx)
    _focus(st, menu, "mixer")
    st.handle(Intent(Act.CONFIRM))
    assert isinstance(st.top, MixerScene)


def test_failed_save_keeps_playing_and_says_so(ctx, display, tmp_path):
    ctx.settings_path = tmp_path / "blocked" / "settings.json"
    ctx.settings_path.parent.write_text("a file where the folder should be", encoding="utf-8")
    st, menu, _ = _menu(ctx)
    _focus(st, menu, "sound_effects")
    st.handle(Intent(Act.CONFIRM))
    st.flush()
    assert ctx.settings.sound_effects is False and ctx.audio.effects_enabled is False
    assert isinstance(st.top, Toast) and "could not be saved" in st.top.text
    _frames(st, display, 5)


def test_toggle_and_choice_widgets(display, assets):
    seen = []
    t = Toggle(pygame.Rect(10, 10, 66, 32), on_change=seen.append)
    t.handle(Intent(Act.POINTER_DOWN, pos=(20, 20)))
    assert t.handle(Intent(Act.POINTER_UP, pos=(20, 20))) is True
    t.handle(Intent(Act.POINTER_DOWN, pos=(20, 20)))
    t.handle(Intent(Act.POINTER_UP, pos=(300, 300)))  # released outside: no change
    assert seen == [True]
    for _ in range(30):
        t.update(1 / 60)
    assert t.t > 0.99
    t.draw(display, assets)
    picked = []
    c = Choice(
        pygame.Rect(100, 100, 196, 36),
        values=["a", "b", "c"],
        value="a",
        format_value=str.upper,
        on_change=picked.append,
    )
    c.step(-1)
    c.activate()
    assert picked == ["c", "a"]
    c.update(1 / 60)
    c.draw(display, assets)


def test_game_history_row_opens_the_history_of_every_game(ctx, display):
    from scenes.viewers.history import HistoryScene

    st, scene, _ = _menu(ctx)
    idx = next(i for i, r in enumerate(scene.rows) if r.key == "history")
    scene.focus = idx
    st.handle(Intent(Act.CONFIRM))
    assert isinstance(st.top, HistoryScene) and st.top.filter_game is None
    st.pop()
    c = scene.rows[idx].rect.center
    st.handle(Intent(Act.POINTER_DOWN, pos=c))
    st.handle(Intent(Act.POINTER_UP, pos=c))
    assert isinstance(st.top, HistoryScene)
