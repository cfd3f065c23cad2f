"""History: newest first, paged, local time, rows open the round detail; the detail's steps come
from the stored events (spins, trigger, picks, free spins, end); the session chart maps points
inside its box; smoke tests for both scenes; the history survives a restart (it is the ledger)."""

from __future__ import annotations

import pygame
import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.events import events_from_json
from game.ledger import Ledger
from game.session import RoundDriver
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.presentation import presentation_of
from scenes.viewers.balance_chart import chart_points
from scenes.viewers.history import ROWS_PER_PAGE, HistoryScene, local_time, open_history
from scenes.viewers.round_detail import RoundDetailScene, paginate_steps

FEATURE_SEED = 500  # triggers free spins at the default bet


class Seeds:
    def __init__(self, seeds):
        self.seeds = list(seeds)

    def next_seed(self) -> int:
        return self.seeds.pop(0)


def play(ledger, seeds, session_id):
    loaded = load_game("stones")
    driver = RoundDriver(ledger, loaded, Seeds(seeds), session_id)
    bet = default_bet(loaded.definition)
    for _ in seeds:
        driver.start(bet)
        while driver.pending is not None:
            driver.choose(next(i for i in range(20) if i not in driver.pending.picked))
        driver.finish()


def frames(st, surface, n=60):
    for _ in range(n):
        st.update(1 / 60)
        st.draw(surface)


def test_local_time_formats_utc_stamps():
    assert local_time("") == ""
    text = local_time("2026-01-02T03:04:05.123456+00:00")
    assert len(text) == 19 and text[4] == "-" and text[13] == ":"


@pytest.mark.slow
def test_list_is_newest_first_and_paged_and_opens_detail(ctx, display):
    play(ctx.ledger, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, FEATURE_SEED], ctx.session_id)
    st = SceneStack()
    base = Scene()
    st.push(base)
    scene = open_history(ctx, st, "stones")
    frames(st, display)
    assert scene.total == 11 and scene.page_count == 2
    assert [r.round_id for r in scene.records] == list(range(11, 11 - ROWS_PER_PAGE, -1))
    assert len(scene.session_points) == 1 + 2 * 11  # start, then a bet and a win per round
    st.handle(Intent(Act.RIGHT))
    assert [r.round_id for r in scene.records] == [3, 2, 1]
    st.handle(Intent(Act.LEFT))
    c = scene.row_rect(0).center
    st.handle(Intent(Act.POINTER_DOWN, pos=c))
    st.handle(Intent(Act.POINTER_UP, pos=c))
    detail = st.top
    assert isinstance(detail, RoundDetailScene) and detail.record.round_id == 11
    frames(st, display)
    for _ in range(detail.page_count):
        st.handle(Intent(Act.RIGHT))
        frames(st, display, 2)
    st.handle(Intent(Act.BACK))
    assert st.top is scene
    st.handle(Intent(Act.DOWN))
    st.handle(Intent(Act.CONFIRM))
    assert st.top.record.round_id == 10
    st.handle(Intent(Act.BACK))
    st.handle(Intent(Act.HISTORY))
    assert st.top is base


@pytest.mark.slow
def test_detail_steps_of_a_free_spins_round(ctx):
    play(ctx.ledger, [FEATURE_SEED], ctx.session_id)
    record = ctx.ledger.round_detail(1)
    events = events_from_json(record.events)
    defn = ctx.games["stones"].definition
    steps = presentation_of(defn).detail_steps(events, defn, record.bet)
    kinds = [s.kind for s in steps]
    spins = [e for e in events if e.type == "spin"]
    assert kinds[:4] == ["spin", "text", "picks", "text"]
    assert kinds.count("spin") == len(spins) and kinds[-1] == "text"
    tr = ctx.i18n
    trigger, start, end = (tr.say(steps[i].text) for i in (1, 3, -1))
    assert "FREE SPINS" in trigger and "stones to pick" in trigger
    assert start.startswith("FREE SPINS: ") and end.startswith("ROUND TOTAL: ")
    picks = steps[2].data
    assert len(picks.picked) == 3 and len(picks.unpicked) == 17
    tr.set_language("es")
    assert tr.say(steps[-1].text).startswith("TOTAL DE LA RONDA")
    pages = paginate_steps(steps, 440)
    assert [s for page in pages for col in page for s in col] == steps
    for page in pages:
        for col in page:
            assert sum(s.height + 10 for s in col) - 10 <= 440


def test_history_survives_a_restart(tmp_path, ctx, display):
    path = tmp_path / "other.sqlite3"
    with Ledger.open(path) as led:
        play(led, [1, 2], led.start_session())
    with Ledger.open(path) as led:
        ctx.ledger = led
        scene = HistoryScene(ctx)
        assert [r.round_id for r in scene.records] == [2, 1]
        scene.draw(display)


def test_empty_history_smoke(ctx, display):
    st = SceneStack()
    scene = open_history(ctx, st)
    frames(st, display)
    assert scene.total == 0 and scene.page_count == 1


def test_empty_states_take_little_room(ctx, display, assets):
    """No rounds: one line under the column titles, and the session's chart, with no rounds in
    this session, is one line too (not an empty box); a short page has the chart right under it."""
    from scenes.viewers.balance_chart import draw_balance_chart
    from scenes.viewers.history import CHART, ROW_H, TABLE_TOP

    st = SceneStack()
    scene = open_history(ctx, st)
    assert scene.chart_rect.top < TABLE_TOP + 100  # not half a screen down
    used = draw_balance_chart(display, assets, scene.chart_rect, [], str, "THIS SESSION")
    assert used.h <= 24 and used.w < CHART.w
    play(ctx.ledger, [1, 2, 3], ctx.session_id)
    scene = open_history(ctx, st)
    assert len(scene.records) == 3
    assert scene.chart_rect.top == scene.row_rect(2).top + ROW_H + 12  # right under the third row
    frames(st, display, 3)


def test_chart_points_fit_the_box():
    box = pygame.Rect(100, 50, 400, 100)
    pts = chart_points([500, 400, 700, 600], box)
    assert pts[0][0] == box.left and pts[-1][0] == box.right
    assert all(box.top <= y <= box.bottom for _, y in pts)
    assert pts[2][1] < pts[0][1] < pts[1][1]  # higher balance = higher on screen
    assert chart_points([], box) == []


@pytest.mark.parametrize("currency", ["EUR", "GBP"])
def test_detail_smoke_in_currencies(ctx, display, currency):
    ctx.settings.display_currency = currency
    play(ctx.ledger, [3], ctx.session_id)
    scene = RoundDetailScene(ctx, ctx.ledger.round_detail(1))
    scene.update(1 / 60)
    scene.draw(display)
    assert scene.replay_btn.enabled
