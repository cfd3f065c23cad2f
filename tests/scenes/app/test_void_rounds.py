"""An open round whose game is gone, at start-up: completed under the rules it began with when the
ledger kept them and it needs no pick, else voided and refunded (the player is told either way);
the history shows void rounds as refunded with their reason."""

from __future__ import annotations

import dataclasses

import pytest

from game import ENGINE_VERSION
from game.bets import default_bet
from game.definitions import load_game
from game.round import play_round
from game.session import REASON_GAME_REMOVED, REASON_WAITS_FOR_PICK
from scenes.app.app import initial_scenes, settle_orphan_round
from scenes.core.stack import Scene, SceneStack
from scenes.viewers.history import open_history, win_text
from scenes.viewers.round_detail import RoundDetailScene


def _open_round_of(ctx, game_id: str, seed: int = 7, *, keep_data: bool = False) -> int:
    loaded = load_game("stones")
    bet = default_bet(loaded.definition)
    data = loaded.data if keep_data else None
    return ctx.ledger.begin_round(
        game_id, loaded.sha256, ENGINE_VERSION, bet, seed, ctx.session_id, game_data=data
    )


def test_an_open_round_whose_data_was_not_kept_is_voided_and_refunded_at_start(ctx):
    start = ctx.ledger.balance_cents
    round_id = _open_round_of(ctx, "vanished")
    assert ctx.ledger.balance_cents < start
    scenes = initial_scenes(ctx)
    assert ctx.ledger.open_round() is None
    assert ctx.ledger.balance_cents == start
    assert ctx.ledger.verify() == []
    record = ctx.ledger.round_detail(round_id)
    assert record.status == "void" and record.void_reason.startswith(REASON_GAME_REMOVED)
    assert "not kept" in record.void_reason  # says why it could not be completed
    said = [ctx.i18n.message(n) for n in ctx.notices]
    assert any("no longer installed" in n and "refunded" in n and "€1.25" in n for n in said)
    assert scenes  # start-up goes on to the intro or the lobby
    assert all(type(s).__name__ != "ReelsScene" for s in scenes)


@pytest.mark.slow
def test_removing_a_game_never_turns_a_drawn_loss_into_a_refund(ctx):
    """The exploit: see a loss land, kill the app, remove the game's folder. The round began
    with its data stored, so it is completed under those rules and pays what was drawn."""
    defn = load_game("stones").definition
    bet = default_bet(defn)
    seed = next(s for s in range(500) if play_round(defn, bet, s).total_win_coins == 0)
    start = ctx.ledger.balance_cents
    loaded = load_game("stones")
    round_id = ctx.ledger.begin_round(
        "stones", loaded.sha256, ENGINE_VERSION, bet, seed, ctx.session_id, game_data=loaded.data
    )
    ctx.games.pop("stones")  # the game is no longer installed
    initial_scenes(ctx)
    record = ctx.ledger.round_detail(round_id)
    assert record.status == "closed" and record.win_coins == 0
    assert ctx.ledger.balance_cents == start - bet.total_cents and ctx.ledger.verify() == []
    assert any("completed under the rules it began with" in ctx.i18n.message(n) for n in ctx.notices)


def test_a_removed_games_round_waiting_for_a_pick_is_void_and_says_why(ctx):
    defn = load_game("stones").definition
    bet = default_bet(defn)
    seed = next(s for s in range(5_000) if play_round(defn, bet, s).pending is not None)
    round_id = _open_round_of(ctx, "stones", seed, keep_data=True)
    ctx.games.pop("stones")
    initial_scenes(ctx)
    record = ctx.ledger.round_detail(round_id)
    assert record.status == "void" and REASON_WAITS_FOR_PICK in record.void_reason


def test_settling_an_orphan_round_frees_the_slot_for_a_new_round(ctx):
    _open_round_of(ctx, "vanished")
    settle_orphan_round(ctx, ctx.ledger.open_round())
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
