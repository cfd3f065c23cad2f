"""Intro: builds, animates ~60 frames without changing state in draw, skips to the lobby; the still
title screen when the intro movie is off; the prompt follows the language."""

from __future__ import annotations

import pytest

from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.front.intro import IntroScene
from scenes.front.lobby import LobbyScene


def test_intro_smoke_and_reveal(ctx, display):
    st = SceneStack()
    intro = IntroScene(ctx)
    st.push(intro)
    for _ in range(200):
        st.update(1 / 60)
        st.draw(display)
    assert intro.logo.get_alpha() == 255
    assert intro.sparks  # the glints are running
    assert st.top is intro  # it waits for the player


def test_draw_changes_nothing(ctx, display):
    intro = IntroScene(ctx)
    intro.update(1.7)  # mid-glint
    before = (intro.t, intro.logo_y, intro.logo.get_alpha(), intro._glint_index, len(intro.sparks))
    intro.draw(display)
    intro.draw(display)
    assert before == (intro.t, intro.logo_y, intro.logo.get_alpha(), intro._glint_index, len(intro.sparks))


@pytest.mark.slow
@pytest.mark.parametrize(
    "act", [Act.SPIN, Act.CONFIRM, Act.ANY_KEY, Act.POINTER_UP, Act.BACK, Act.HISTORY, Act.PAYTABLE]
)
def test_skip_goes_to_lobby(ctx, act):
    st = SceneStack()
    st.push(IntroScene(ctx))
    st.update(0.1)
    assert st.handle(Intent(act, pos=(10, 10) if act is Act.POINTER_UP else None))
    assert isinstance(st.top, LobbyScene) and len(st) == 1


@pytest.mark.parametrize("act", [Act.SETTINGS, Act.MUTE])
def test_settings_and_mute_are_left_to_the_app(ctx, act):
    st = SceneStack()
    intro = IntroScene(ctx)
    st.push(intro)
    assert not st.handle(Intent(act))
    assert st.top is intro


@pytest.mark.parametrize("act", [Act.POINTER_DOWN, Act.POINTER_MOVE, Act.WHEEL])
def test_pointer_traffic_does_not_skip(ctx, act):
    st = SceneStack()
    intro = IntroScene(ctx)
    st.push(intro)
    assert st.handle(Intent(act, pos=(10, 10)))
    assert st.top is intro


@pytest.mark.slow
def test_still_title_screen_without_the_movie(ctx, display):
    ctx.settings.intro_movie = False
    st = SceneStack()
    intro = IntroScene(ctx)
    st.push(intro)
    st.update(1 / 60)
    st.draw(display)
    # everything in place from the first frame, and nothing moves afterwards
    first = (intro.logo.get_alpha(), intro.logo_y, intro.prompt.get_alpha(), intro._glint_index)
    assert first == (255, float(intro.logo_rect.y), 255, -1)
    for _ in range(240):
        st.update(1 / 60)
    assert (intro.logo.get_alpha(), intro.logo_y, intro.prompt.get_alpha(), intro._glint_index) == first
    assert intro.sparks == []
    assert st.handle(Intent(Act.SPIN))  # still skippable
    assert isinstance(st.top, LobbyScene)


def test_prompt_follows_the_language(ctx, display):
    intro = IntroScene(ctx)
    english = intro.prompt
    ctx.i18n.set_language("es")
    intro.update(1 / 60)
    assert intro.prompt is not english
    assert intro.prompt.get_width() != english.get_width()
