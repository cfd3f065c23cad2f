"""Reality check: the timer on fake dt, the dialog's figures and buttons, the app-side driver."""

from __future__ import annotations

import pytest

from scenes.core.intents import Act, Intent
from scenes.core.routes import LOBBY
from scenes.core.stack import Scene, SceneStack
from scenes.menus.reality_check import (
    RealityCheck,
    RealityCheckScene,
    RealityCheckTimer,
    session_net_cents,
)


def _run(timer, seconds, dt=0.1):
    fired = 0
    for _ in range(round(seconds / dt)):
        fired += timer.update(dt)
    return fired


def test_timer_fires_every_interval():
    t = RealityCheckTimer(15)
    assert _run(t, 15 * 60 - 1) == 0
    assert _run(t, 1) == 1
    assert _run(t, 45 * 60) == 3
    assert t.session_seconds == pytest.approx(60 * 60)


def test_timer_off_and_changes():
    t = RealityCheckTimer(0)
    assert _run(t, 3 * 3600, dt=1.0) == 0
    t.minutes = 30  # turned on: the first check is a full interval away
    assert _run(t, 29 * 60, dt=1.0) == 0
    t.minutes = 15  # shorter interval: time already counted still counts
    assert t.update(0.1) is True
    assert t.update(100.0) is False  # a long stall gives one check, not a burst


class Lobby(Scene):
    pass


def test_scene_shows_figures_and_buttons(ctx, display):
    st = SceneStack()
    st.push(Scene())
    scene = RealityCheckScene(ctx, 3725.0, -1234)
    st.push(scene)
    for _ in range(60):
        st.update(1 / 60)
        st.draw(display)
    tr = ctx.i18n
    assert tr.format_duration(scene.session_seconds) == "1 hour and 2 minutes"
    assert scene.focus == 1  # CONTINUE by default
    st.handle(Intent(Act.CONFIRM))
    assert len(st) == 1


@pytest.mark.slow
def test_stop_runs_the_hook(ctx, display):
    stopped = []
    st = SceneStack()
    st.push(Scene())
    st.push(RealityCheckScene(ctx, 60.0, 500, on_stop=lambda: stopped.append(True)))
    st.handle(Intent(Act.LEFT))
    st.handle(Intent(Act.CONFIRM))
    assert stopped == [True] and len(st) == 1


@pytest.mark.slow
def test_stop_returns_to_the_lobby(ctx, display):
    from scenes.front.lobby import LobbyScene

    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    st.push(Scene())  # the reels
    scene = RealityCheckScene(ctx, 60.0, 0)
    st.push(scene)
    st.handle(Intent(Act.POINTER_DOWN, pos=scene.stop_button.rect.center))
    st.handle(Intent(Act.POINTER_UP, pos=scene.stop_button.rect.center))
    assert st.scenes == (lobby,)
    st2 = SceneStack()
    st2.push(Scene())
    ctx.open(LOBBY, st2)  # the route the app registered
    assert isinstance(st2.top, LobbyScene) and len(st2) == 1


def test_net_from_the_session_balances(ctx):
    assert session_net_cents(ctx) == 0  # a fresh session on the real ledger

    class FakeLedger:
        def session_balances(self, sid):
            return [("t0", 100000), ("t1", 99000), ("t2", 101250)]

    ctx.ledger = FakeLedger()
    assert session_net_cents(ctx) == 1250


def test_driver_follows_the_setting_and_waits_for_a_safe_moment(ctx, display):
    class Dialog(Scene):
        opaque = False

    st = SceneStack()
    st.push(Scene())
    rc = RealityCheck(ctx)
    assert not any(rc.tick(1.0, st) for _ in range(3600))  # off by default
    ctx.settings.reality_check_minutes = 15
    dialog = Dialog()
    st.push(dialog)
    assert not any(rc.tick(1.0, st) for _ in range(15 * 60))  # due, but a dialog is up
    assert rc.due
    st.pop()
    assert rc.tick(0.01, st) is True
    assert isinstance(st.top, RealityCheckScene)
    assert st.top.session_seconds == pytest.approx(3600 + 900.01)
    assert rc.tick(0.01, st) is False  # not twice
