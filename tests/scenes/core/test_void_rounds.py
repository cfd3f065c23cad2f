"""Void rounds on screen: an open round whose game is gone is voided and refunded at start-up
(the player is told), and the history shows void rounds as refunded with their reason."""

from __future__ import annotations

import dataclasses

from game.bets import default_bet
from game.definitions import load_game
from scenes.core.app import REASON_GAME_REMOVED, initial_scenes, void_orphan_round
from scenes.core.stack import Scene, SceneStack
from scenes.viewers.history import open_history, win_text
from scenes.viewers.round_detail import RoundDetailScene


def _open_round_of(ctx, game_id: str) -> int:
    loaded = load_game("stones")
    bet = default_bet(loaded.definition)
    return ctx.ledger.begin_round(game_id, loaded.sha256, "1.0.0", bet, 7, ctx.session_id)


def test_an_open_round_of_a_removed_game_is_voided_and_refunded_at_start(ctx):
    start = ctx.ledger.balance_cents
    round_id = _open_round_of(ctx, "vanished")
    assert ctx.ledger.balance_cents < start
    scenes = initial_scenes(ctx)
    assert ctx.ledger.open_round() is None
    assert ctx.ledger.balance_cents == start
    assert ctx.ledger.verify() == []
    record = ctx.ledger.round_detail(round_id)
    assert record.status == "void" and record.void_reason == REASON_GAME_REMOVED
    said = [ctx.i18n.message(n) for n in ctx.notices]
    assert any("no longer installed" in n and "refunded" in n and "€1.25" in n for n in said)
    assert scenes  # start-up goes on to the intro or the lobby
    assert all(type(s).__name__ != "ReelsScene" for s in scenes)


def test_void_orphan_round_frees_the_slot_for_a_new_round(ctx):
    _open_round_of(ctx, "vanished")
    void_orphan_round(ctx, ctx.ledger.open_round())
    assert ctx.ledger.open_round() is None
    _open_round_of(ctx, "stones")  # a new round can start
    assert ctx.ledger.open_round() is not None


def test_history_shows_a_void_round_as_refunded_with_its_reason(ctx, display):
    round_id = _open_round_of(ctx, "stones")
    ctx.ledger.void_round(round_id, REASON_GAME_REMOVED)
    record = ctx.ledger.round_detail(round_id)
    tr = ctx.i18n
    assert win_text(str, tr, record) == tr.gettext("void, bet refunded")
    open_like = dataclasses.replace(record, status="open", win_cents=None)
    assert win_text(str, tr, open_like) == tr.gettext("in progress")
    st = SceneStack()
    st.push(Scene())
    open_history(ctx, st, "stones")
    st.push(RoundDetailScene(ctx, record))
    for _ in range(10):
        st.update(1 / 60)
        st.draw(display)
    assert not st.top.replay_btn.enabled
