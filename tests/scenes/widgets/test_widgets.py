"""Widgets: click sequences, disabled buttons, the double-click hook, selectors, drawing."""

from __future__ import annotations

import pygame

from scenes.core.intents import Act, Intent
from scenes.widgets import Button, Selector, draw_panel


def _click(widget, pos):
    a = widget.handle(Intent(Act.POINTER_MOVE, pos=pos))
    b = widget.handle(Intent(Act.POINTER_DOWN, pos=pos))
    c = widget.handle(Intent(Act.POINTER_UP, pos=pos))
    return a, b, c


def test_click_fires_once_and_is_consumed():
    hits = []
    b = Button(pygame.Rect(10, 10, 100, 40), label="OK", on_click=lambda: hits.append(1))
    moved, down, up = _click(b, (50, 30))
    assert hits == [1]
    assert (moved, down, up) == (False, True, True)


def test_release_outside_does_not_fire():
    hits = []
    b = Button(pygame.Rect(10, 10, 100, 40), on_click=lambda: hits.append(1))
    b.handle(Intent(Act.POINTER_DOWN, pos=(50, 30)))
    assert b.handle(Intent(Act.POINTER_UP, pos=(300, 300))) is False
    assert hits == []
    # an up without a down never fires either
    b.handle(Intent(Act.POINTER_UP, pos=(50, 30)))
    assert hits == []


def test_click_outside_not_consumed():
    b = Button(pygame.Rect(10, 10, 100, 40), on_click=lambda: None)
    assert _click(b, (500, 500)) == (False, False, False)


def test_disabled_button_does_not_fire_but_blocks():
    hits = []
    b = Button(pygame.Rect(10, 10, 100, 40), on_click=lambda: hits.append(1), enabled=False)
    _, down, up = _click(b, (50, 30))
    assert hits == []
    assert down and up  # the click does not fall through to what lies below
    assert b.state == "disabled"
    b.enabled = True
    _click(b, (50, 30))
    assert hits == [1]


def test_hover_and_pressed_states():
    b = Button(pygame.Rect(0, 0, 50, 50))
    assert b.state == "normal"
    b.handle(Intent(Act.POINTER_MOVE, pos=(10, 10)))
    assert b.state == "hover"
    b.handle(Intent(Act.POINTER_DOWN, pos=(10, 10)))
    assert b.state == "pressed"
    b.handle(Intent(Act.POINTER_MOVE, pos=(100, 100)))
    assert b.state == "normal"


def test_double_click_hook_uses_update_time():
    singles, doubles = [], []
    b = Button(
        pygame.Rect(0, 0, 50, 50),
        on_click=lambda: singles.append(1),
        on_double_click=lambda: doubles.append(1),
    )
    _click(b, (5, 5))
    b.update(0.2)
    _click(b, (5, 5))
    assert (len(singles), len(doubles)) == (1, 1)
    b.update(0.5)  # too slow: a new single click
    _click(b, (5, 5))
    b.update(0.41)
    _click(b, (5, 5))
    assert (len(singles), len(doubles)) == (3, 1)


def test_without_double_hook_every_click_is_a_click():
    hits = []
    b = Button(pygame.Rect(0, 0, 50, 50), on_click=lambda: hits.append(1))
    for _ in range(3):
        _click(b, (5, 5))
    assert len(hits) == 3


def test_selector_steps_and_bounds():
    steps = []
    s = Selector(
        pygame.Rect(100, 600, 200, 70), title="LINES", format_value=lambda v: f"{v}", on_step=steps.append
    )
    s.value = 10
    assert s.value_text == "10"
    _click(s, s.plus.rect.center)
    _click(s, s.minus.rect.center)
    assert steps == [1, -1]
    s.can_increase = False
    _click(s, s.plus.rect.center)
    assert steps == [1, -1]
    s.enabled = False
    _click(s, s.minus.rect.center)
    assert steps == [1, -1]


def test_widgets_draw_every_style(synthetic_assets, display):
    assets = synthetic_assets
    buttons = [
        Button(pygame.Rect(10, 10, 200, 48), label="PLAY", icon="icon_plus"),
        Button(pygame.Rect(10, 80, 128, 128), style="spin"),
        Button(pygame.Rect(300, 10, 48, 48), icon="icon_close", style="icon", tooltip="Close"),
        Button(pygame.Rect(400, 10, 120, 48), label="OFF", enabled=False),
    ]
    sel = Selector(pygame.Rect(600, 600, 200, 70), title="BET", format_value=str, on_step=lambda d: None)
    sel.value = 3
    buttons[2].handle(Intent(Act.POINTER_MOVE, pos=(320, 30)))
    for _ in range(60):
        for b in buttons:
            b.update(1 / 60)
            b.draw(display, assets)
        sel.update(1 / 60)
        sel.draw(display, assets)
        draw_panel(display, assets, pygame.Rect(500, 100, 300, 200))
    assert buttons[2].hover_t > 0.9


def test_a_greyed_button_or_selector_end_says_why(synthetic_assets, display):
    fired: list[str] = []
    b = Button(pygame.Rect(0, 0, 100, 40), on_click=lambda: fired.append("click"), enabled=False)
    b.on_refused = lambda: fired.append("why")
    _click(b, (10, 10))
    assert fired == ["why"]  # nothing fired, but the press is answered
    b.click()  # the keyboard's press too
    assert fired == ["why", "why"]
    b.handle(Intent(Act.POINTER_DOWN, pos=(10, 10)))
    b.handle(Intent(Act.POINTER_UP, pos=(500, 500)))  # released elsewhere: the player changed their mind
    assert fired == ["why", "why"]
    b.enabled = True
    _click(b, (10, 10))
    assert fired == ["why", "why", "click"]
    refused: list[int] = []
    s = Selector(
        pygame.Rect(0, 100, 200, 70),
        title="T",
        format_value=str,
        on_step=lambda d: None,
        on_refused=refused.append,
    )
    s.can_increase = False
    _click(s, s.plus.rect.center)
    assert refused == [1]


def test_show_toast_never_piles_toasts_up(synthetic_assets, display):
    from scenes.core.stack import Scene, SceneStack
    from scenes.widgets.dialog import Toast, show_toast

    st = SceneStack()
    st.push(Scene())
    first = show_toast(st, synthetic_assets, "Finish the round first")
    for _ in range(60):
        st.update(1 / 60)
    again = show_toast(st, synthetic_assets, "Finish the round first")
    assert again is first and first.t <= Toast.FADE_S  # shown again from the start
    other = show_toast(st, synthetic_assets, "Quick spin on", midtop=(640, 80))
    assert [s for s in st.scenes if isinstance(s, Toast)] == [other] and other.rect.midtop == (640, 80)
    assert show_toast(None, synthetic_assets, "no stack") is None


def test_a_placed_toast_leaves_with_the_scene_it_was_placed_for(synthetic_assets, display):
    """A toast placed for a scene (a bonus's, over its hint line) closes when that scene leaves:
    it is never left over the screen underneath; a toast at the default place outlives it."""
    from scenes.core.stack import Scene, SceneStack
    from scenes.widgets.dialog import Toast, show_toast

    st = SceneStack()
    st.push(Scene())
    bonus = Scene()
    st.push(bonus)
    placed = show_toast(st, synthetic_assets, "Press Space to go on", midtop=(640, 580))
    assert placed is not None and placed.owner is bonus
    st.remove(bonus)
    st.update(1 / 60)
    assert not [s for s in st.scenes if isinstance(s, Toast)]
    st.push(bonus)
    plain = show_toast(st, synthetic_assets, "Saved")
    st.remove(bonus)
    st.update(1 / 60)
    assert plain is not None and plain.owner is None and plain in st.scenes


def test_a_button_draws_afresh_at_a_new_density(synthetic_assets, display):
    from scenes.core.canvas import Canvas

    assets = synthetic_assets
    buttons = [
        Button(pygame.Rect(10, 10, 200, 48), label="PLAY", icon="icon_plus"),
        Button(pygame.Rect(10, 80, 128, 128), style="spin"),
    ]
    for b in buttons:
        b.draw(Canvas.new((1280, 720), 1.0), assets)
    assets.set_density(1.5)
    screen = Canvas.new((1280, 720), 1.5)
    Canvas.stats["scaled_blits"] = 0
    for b in buttons:
        b.draw(screen, assets)
    assert Canvas.stats["scaled_blits"] == 0  # nothing drawn from a look made at 1.0


def test_sparks_fly_out_fall_and_fade():
    """A burst: n sparks round the centre, falling under gravity, gone when their life is spent;
    the same seed gives the same burst."""
    import pytest

    from scenes.widgets.effects import Sparks

    a, b = Sparks(gravity=200, seed=3), Sparks(gravity=200, seed=3)
    for s in (a, b):
        s.burst((100, 100), 12, speed=(100, 200), life=(0.4, 0.8), jitter=0.2)
    assert len(a) == 12 and a._items == b._items
    vy = [p[3] for p in a._items]
    a.update(0.1)
    assert [p[3] for p in a._items] == pytest.approx([v + 20 for v in vy])
    a.update(0.35)
    assert 0 < len(a) < 12  # the shortest lives are over, the longest not yet
    a.update(0.5)
    assert len(a) == 0
