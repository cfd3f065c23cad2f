"""A whole Secret of the Stones round played like a person would: real SDL events posted to the
event queue (space to spin, mouse clicks on stones) and consumed by the app's own frame step
(events → intent mapper → scene stack → update → draw). The ledger must then hold one closed
round and balance = start − bet + win."""

from __future__ import annotations

import time

import pygame
import pytest
from stones_seeds import feature_session_seed

DT = 1 / 60


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def post_click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


@pytest.fixture
def app(tmp_path):
    from scenes.app.app import App, bootstrap, initial_scenes, shutdown
    from scenes.core.context import LaunchOptions

    options = LaunchOptions(game="stones", data_dir=tmp_path / "data", seed=feature_session_seed())
    ctx, screen = bootstrap(options)
    application = App(ctx, screen, time.perf_counter())
    for scene in initial_scenes(ctx):
        application.stack.push(scene)
    yield application
    shutdown(ctx)


def step_until(app, cond, limit=20000):
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the app never got there")


@pytest.mark.slow
def test_a_free_spins_round_through_posted_events(app):
    from scenes.games.stones.picker import StonePickerScene, stone_center
    from scenes.reels.scene import ReelsScene

    ledger = app.ctx.ledger
    stack = app.stack
    reels = stack.top
    assert isinstance(reels, ReelsScene)
    start = ledger.balance_cents
    for _ in range(10):
        app.step(DT)

    post_key(pygame.K_SPACE)
    app.step(DT)
    # more spacebar presses while the reels turn: still one bet (F3)
    for _ in range(5):
        post_key(pygame.K_SPACE)
        app.step(DT)
    assert ledger.count_rounds() == 1

    step_until(app, lambda: isinstance(stack.top, StonePickerScene))
    picker = stack.top
    clicked: list[int] = []
    order = [7, 12, 3, 18, 0, 9, 15]
    for _ in range(picker.total_picks):
        step_until(app, lambda: picker.phase == "picking")
        index = next(i for i in order if picker.pickable(i))
        post_click(stone_center(index))
        app.step(DT)
        assert ledger.open_round().choices[-1] == index  # recorded before it is shown
        clicked.append(index)
        post_click(stone_center(index))  # a second click during the reveal does nothing
        app.step(DT)
        assert len(ledger.open_round().choices) == len(clicked)

    step_until(app, lambda: stack.top is reels and reels.free_mode)
    step_until(
        app,
        lambda: ledger.open_round() is None and stack.top is reels and not reels.driver.active,
        limit=60000,
    )
    rounds = ledger.history(10)
    assert len(rounds) == 1
    r = rounds[0]
    assert r.status == "closed" and list(r.choices) == clicked
    assert ledger.balance_cents == start - r.bet_cents + r.win_cents
    assert r.win_cents == r.win_coins * r.bet.coin_value_cents
    assert any(e["type"] == "free_spins_end" for e in r.events)
    assert ledger.verify() == []
