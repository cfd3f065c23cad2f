"""Intro: builds, animates ~60 frames without changing state in draw, skips to the lobby."""

from __future__ import annotations

import pytest

from scenes.intents import Act, Intent
from scenes.intro import IntroScene
from scenes.lobby import LobbyScene
from scenes.stack import SceneStack


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


@pytest.mark.parametrize("act", [Act.SPIN, Act.CONFIRM, Act.ANY_KEY, Act.POINTER_UP, Act.BACK])
def test_skip_goes_to_lobby(ctx, act):
    st = SceneStack()
    st.push(IntroScene(ctx))
    st.update(0.1)
    assert st.handle(Intent(act, pos=(10, 10) if act is Act.POINTER_UP else None))
    assert isinstance(st.top, LobbyScene) and len(st) == 1
