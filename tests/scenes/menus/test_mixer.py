"""Mixer: smoke, live volumes, one save per gesture (not per motion), mute by key and switch."""

from __future__ import annotations

import json

import pygame

from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.menus.mixer import MixerScene, open_mixer
from scenes.widgets.slider import Slider


def _frames(st, surface, n=60):
    for _ in range(n):
        st.update(1 / 60)
        st.draw(surface)


def _open(ctx):
    st = SceneStack()
    st.push(Scene())
    open_mixer(ctx, st)
    assert isinstance(st.top, MixerScene)
    return st, st.top


def test_smoke_drag_applies_live_and_saves_once_on_release(ctx, display):
    st, mixer = _open(ctx)
    _frames(st, display)
    sl = mixer.sliders[0]
    y = sl.rect.centery
    st.handle(Intent(Act.POINTER_DOWN, pos=(sl.rect.left + sl.rect.w // 4, y)))
    for x in range(sl.rect.left, sl.rect.right, 7):
        st.handle(Intent(Act.POINTER_MOVE, pos=(x, y)))
    st.handle(Intent(Act.POINTER_MOVE, pos=(sl.rect.left + sl.rect.w // 2, y)))
    assert ctx.audio.volumes.master == 0.5 == ctx.settings.master_volume
    assert mixer.saves == 0 and not ctx.settings_path.exists()  # nothing written while dragging
    st.handle(Intent(Act.POINTER_UP, pos=(sl.rect.left + sl.rect.w // 2, y)))
    assert mixer.saves == 1
    assert json.loads(ctx.settings_path.read_text(encoding="utf-8"))["master_volume"] == 0.5
    _frames(st, display, 5)


def test_keyboard_nudges_save_on_close(ctx, display):
    st, mixer = _open(ctx)
    st.handle(Intent(Act.DOWN))
    st.handle(Intent(Act.LEFT))
    st.handle(Intent(Act.LEFT))
    assert ctx.settings.music_volume == 0.4 and ctx.audio.volumes.music == 0.4
    assert mixer.saves == 0
    st.handle(Intent(Act.BACK))
    assert len(st) == 1 and mixer.saves == 1
    assert json.loads(ctx.settings_path.read_text(encoding="utf-8"))["music_volume"] == 0.4


def test_mute_by_key_switch_and_toggle_button(ctx, display):
    st, mixer = _open(ctx)
    assert st.handle(Intent(Act.MUTE)) is True
    assert ctx.audio.muted is True
    st.handle(Intent(Act.UP))  # wraps to the mute switch
    st.handle(Intent(Act.CONFIRM))
    assert ctx.audio.muted is False
    c = mixer.mute.rect.center
    st.handle(Intent(Act.POINTER_DOWN, pos=c))
    st.handle(Intent(Act.POINTER_UP, pos=c))
    assert ctx.audio.muted is True
    _frames(st, display, 5)
    assert mixer.mute.value is True
    open_mixer(ctx, st)  # the sound button toggles the panel
    assert len(st) == 1


def test_click_outside_closes(ctx, display):
    st, _ = _open(ctx)
    st.handle(Intent(Act.POINTER_DOWN, pos=(10, 700)))
    st.handle(Intent(Act.POINTER_UP, pos=(10, 700)))
    assert len(st) == 1


def test_slider_widget(display, assets):
    changes, releases = [], []
    s = Slider(pygame.Rect(100, 100, 200, 8), value=0.2, on_change=changes.append, on_release=releases.append)
    assert s.handle(Intent(Act.POINTER_DOWN, pos=(400, 104))) is False  # far away
    s.handle(Intent(Act.POINTER_DOWN, pos=(300, 110)))  # inside the padded hit area
    assert s.value == 1.0 and s.dragging
    s.handle(Intent(Act.POINTER_MOVE, pos=(50, 300)))  # dragging past the end clamps
    s.handle(Intent(Act.POINTER_UP, pos=(50, 300)))
    assert s.value == 0.0 and releases == [0.0] and changes == [1.0, 0.0]
    assert s.nudge(-1) is False and s.nudge(+1) is True and s.value == 0.05
    s.update(1 / 60)
    s.draw(display, assets)
