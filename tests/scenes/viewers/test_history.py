"""History: newest first, paged, local time, rows open the round detail; the detail's steps come
from the stored events (spins, trigger, picks, free spins, end); the session chart maps points
inside its box; smoke tests for both scenes; the history survives a restart (it is the ledger)."""

from __future__ import annotations

import pygame
import pytest
from stones_seeds import feature_round_seed

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
    play(ctx.ledger, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, feature_round_seed()], ctx.session_id)
    st = SceneStack()
    base = Scene()
    st.push(base)
    scene = open_history(ctx, st, "stones")
    frames(st, display)
    assert scene.total == 11 and scene.page_count == 2
    assert [r.round_id for r in scene.records] == list(range(11, 11 - ROWS_PER_PAGE, -1))
    assert len(scene.chart_points) == 1 + 11  # the balance before the first, then after each
    st.handle(Intent(Act.RIGHT))
    assert [r.round_id for r in scene.records] == list(range(11 - ROWS_PER_PAGE, 0, -1))
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
    play(ctx.ledger, [feature_round_seed()], ctx.session_id)
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
    used = draw_balance_chart(display, assets, scene.chart_rect, [], str, "BALANCE")
    assert used.h <= 24 and used.w < CHART.w
    play(ctx.ledger, [1, 2, 3], ctx.session_id)
    scene = open_history(ctx, st)
    assert len(scene.records) == 3
    assert scene.chart_rect.top == scene.row_rect(2).top + ROW_H + 8  # right under the third row
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


# -- filters, features, chart data -----------------------------------------------------------------
class Rec:
    """A round as the history reads it (the fields the filters and the chart use)."""

    def __init__(self, rid, game, when, before, after, bet=100):
        self.round_id, self.game_id, self.started_at, self.finished_at = rid, game, when, when
        self.balance_before_cents, self.balance_after_cents, self.bet_cents = before, after, bet


def test_filter_rounds_by_game_and_day():
    from scenes.viewers.history import filter_rounds, local_day, round_days

    a = Rec(3, "stones", "2026-11-30T12:00:00+00:00", 900, 800)
    b = Rec(2, "warlords", "2026-11-30T11:00:00+00:00", 1000, 900)
    c = Rec(1, "stones", "2026-11-28T12:00:00+00:00", 1100, 1000)
    rows = [a, b, c]
    day_a, day_c = local_day(a.started_at), local_day(c.started_at)
    assert round_days(rows) == [day_a, day_c]  # newest first, each day once
    assert filter_rounds(rows) == rows
    assert filter_rounds(rows, "stones") == [a, c]
    assert filter_rounds(rows, None, day_a) == [a, b]
    assert filter_rounds(rows, "stones", day_c) == [c]
    assert filter_rounds(rows, "tombraider") == []


def test_chart_series_runs_oldest_first_from_the_balance_before():
    from scenes.viewers.history import chart_series

    rows = [Rec(3, "s", "t3", 900, 750), Rec(2, "s", "t2", 1000, 900), Rec(1, "s", "t1", 1200, 1000)]
    assert [b for _, b in chart_series(rows)] == [1200, 1000, 900, 750]
    open_round = Rec(4, "s", "t4", 750, None, bet=50)
    assert [b for _, b in chart_series([open_round, *rows])][-1] == 700  # its bet is out
    assert chart_series([]) == []


def test_round_features_from_stored_events():
    from scenes.viewers.history import (
        T_FEAT_CAP,
        T_FEAT_CASCADE,
        T_FEAT_FREE,
        T_FEAT_PICKS,
        T_FEAT_RESPIN,
        round_features,
    )

    assert round_features(None) == [] and round_features([{"type": "spin", "mode": "base"}]) == []
    events = [
        {"type": "spin", "mode": "base"},
        {"type": "pick_request"},
        {"type": "spin", "mode": "respin"},
        {"type": "cascade"},
        {"type": "spin", "mode": "free"},
        {"type": "win_cap"},
    ]
    assert round_features(events) == [T_FEAT_FREE, T_FEAT_RESPIN, T_FEAT_CASCADE, T_FEAT_PICKS, T_FEAT_CAP]


def test_filters_by_mouse_and_keyboard(ctx, display):
    """The game chips and the day stepper filter the table and the chart, by click and by Tab
    and Enter; a filter that leaves nothing says so."""
    play(ctx.ledger, [1, 2, 3], ctx.session_id)
    st = SceneStack()
    st.push(Scene())
    scene = open_history(ctx, st)
    frames(st, display, 2)
    assert scene.total == 3 and len(scene.chart_points) == 4
    chip = next(b for g, b in scene.game_buttons if g == "stones")
    st.handle(Intent(Act.POINTER_DOWN, pos=chip.rect.center))
    st.handle(Intent(Act.POINTER_UP, pos=chip.rect.center))
    assert scene.filter_game == "stones" and scene.total == 3 and chip.selected
    other = next(g for g, _ in scene.game_buttons if g not in (None, "stones"))
    scene.set_game(other)
    assert scene.total == 0 and scene.records == [] and scene.chart_points == []
    frames(st, display, 2)
    # the keyboard: Tab from the rows' start wraps to the filters; Enter presses the focused chip
    scene.ring.focus_key("game-0")
    st.handle(Intent(Act.CONFIRM))
    assert scene.filter_game is None and scene.total == 3
    scene.ring.focus_key("day-prev")
    st.handle(Intent(Act.CONFIRM))
    assert scene.filter_day == scene.days[0] and scene.total == 3  # today: every round
    st.handle(Intent(Act.CONFIRM))
    assert scene.filter_day is None  # past the earliest day: every day again
    scene.set_day("1999-01-01")
    assert scene.filter_day is None  # a day without rounds is not kept
    keys = [item.key for item in scene.ring.items]
    assert keys[0] == "game-0" and "day-next" in keys and "row-0" in keys and "close" in keys
    frames(st, display, 2)


def test_detail_lists_every_win_and_continues_on_the_next_card():
    """No win is cut: a spin card grows with its wins, and a spin with more wins than a card
    holds continues on further cards (its grid on the first), every win on exactly one."""
    from game.events import SpinEvent, Win
    from scenes.presentation.base import Step
    from scenes.viewers.round_detail import WinSlice, expand_steps

    def spin(n):
        wins = [Win(kind="line", line=i + 1, symbol="A", count=3, coins=5, positions=[]) for i in range(n)]
        grid = [["A"] * 3 for _ in range(5)]
        ev = SpinEvent(mode="base", reel_set="base", stops=[0] * 5, grid=grid, wild_symbols=[], wins=wins)
        return Step("spin", 136, spin=ev)

    steps = expand_steps([spin(2), Step("text"), spin(7), spin(60)], 440)
    assert [s.kind for s in steps[:3]] == ["spin", "text", "spin"]
    assert steps[0].height == 136 and steps[2].height > 136  # 7 wins: a taller card
    long = steps[3:]
    assert len(long) >= 3 and [s.data.first for s in long] == [True] + [False] * (len(long) - 1)
    covered = [i for s in long for i in range(s.data.start, s.data.stop)]
    assert covered == list(range(60)) and all(s.height <= 440 for s in steps)
    assert steps[0].data == WinSlice(0, 2)
    pages = paginate_steps(steps, 440)
    assert [s for page in pages for col in page for s in col] == steps
