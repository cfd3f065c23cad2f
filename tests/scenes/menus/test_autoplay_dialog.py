"""Autoplay dialog: defaults on open, rounds choice, advanced toggles and amount steppers in
currency, START hands over the exact config and closes, settings are never saved, stop messages."""

from __future__ import annotations

from game.autoplay import AutoplayConfig, StopReason
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.menus.autoplay_dialog import AMOUNTS_CENTS, AutoplayScene, open_autoplay
from scenes.reels.autoplay import T_STOP_REASONS, stop_message


def click(st, rect):
    st.handle(Intent(Act.POINTER_DOWN, pos=rect.center))
    st.handle(Intent(Act.POINTER_UP, pos=rect.center))


def frames(st, surface, n=60):
    for _ in range(n):
        st.update(1 / 60)
        st.draw(surface)


def test_defaults_choose_rounds_and_start(ctx, display):
    got = []
    st = SceneStack()
    base = Scene()
    st.push(base)
    scene = open_autoplay(ctx, st, "stones", None, got.append)
    frames(st, display)
    assert scene.config == AutoplayConfig() and not scene.advanced
    click(st, scene.round_btns[3].rect)  # 100
    st.handle(Intent(Act.RIGHT))  # 250
    assert scene.rounds == 250
    click(st, scene.start_btn.rect)
    assert st.top is base and got == [AutoplayConfig(rounds=250)]


def test_advanced_settings_toggles_and_amounts(ctx, display):
    got = []
    st = SceneStack()
    st.push(Scene())
    scene = open_autoplay(ctx, st, "stones", AutoplayConfig(rounds=50), got.append)
    click(st, scene.advanced_btn.rect)
    assert scene.advanced and len(scene.toggles) == 5 and len(scene.selectors) == 3
    frames(st, display, 10)
    click(st, scene.toggles["any_win"].rect)
    click(st, scene.toggles["single_win_exceeds_cents"].rect)
    sel = scene.selectors["single_win_exceeds_cents"]
    assert sel.enabled and not scene.selectors["cash_increases_by_cents"].enabled
    start = scene.amounts["single_win_exceeds_cents"][1]
    click(st, sel.plus.rect)
    click(st, sel.plus.rect)
    click(st, scene.toggles["cash_decreases_by_cents"].rect)
    click(st, scene.selectors["cash_decreases_by_cents"].minus.rect)
    assert (
        scene.selectors["single_win_exceeds_cents"].value_text
        == "€" + f"{AMOUNTS_CENTS[start + 2] // 100:,}.00"
    )
    frames(st, display, 10)
    st.handle(Intent(Act.SPIN))  # SPIN starts from anywhere (Enter presses the focused control)
    assert got == [
        AutoplayConfig(
            rounds=50,
            stop_on_any_win=True,
            single_win_exceeds_cents=AMOUNTS_CENTS[start + 2],
            cash_decreases_by_cents=AMOUNTS_CENTS[start - 1],
        )
    ]


def test_reopened_with_a_config_shows_it_and_esc_changes_nothing(ctx, display):
    got = []
    cfg = AutoplayConfig(rounds=1000, stop_on_free_spins=True, cash_increases_by_cents=10_000)
    st = SceneStack()
    base = Scene()
    st.push(base)
    scene = AutoplayScene(ctx, "stones", cfg, got.append, running=True, on_stop=lambda: got.append("stop"))
    st.push(scene)
    frames(st, display)
    assert scene.advanced and scene.config == cfg
    st.handle(Intent(Act.BACK))
    assert st.top is base and got == []
    scene2 = open_autoplay(
        ctx, st, "stones", cfg, got.append, running=True, on_stop=lambda: got.append("stop")
    )
    click(st, scene2.stop_btn.rect)
    assert got == ["stop"]


def test_nothing_is_saved(ctx, display, tmp_path):
    before = sorted(p.name for p in tmp_path.iterdir())
    st = SceneStack()
    st.push(Scene())
    scene = open_autoplay(ctx, st, "stones", None, lambda c: None)
    click(st, scene.advanced_btn.rect)
    click(st, scene.toggles["any_win"].rect)
    click(st, scene.start_btn.rect)
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert not hasattr(ctx.settings, "autoplay")


def test_stop_messages_cover_every_reason(ctx):
    tr = ctx.i18n
    assert set(T_STOP_REASONS) == {r.value for r in StopReason}
    assert stop_message(tr, StopReason.SINGLE_WIN) == T_STOP_REASONS["single_win"]
