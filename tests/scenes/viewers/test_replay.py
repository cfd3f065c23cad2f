"""Replay: a round played through the round driver and the ledger replays from the ledger's record
with exactly the stored events, animated to the end on the reels (stops exact); changed data,
a different outcome or an unfinished round are refused in plain words."""

from __future__ import annotations

import dataclasses

import pytest

from game.bets import default_bet
from game.events import SpinEvent, events_to_json
from game.session import RoundDriver
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.games.stones.picker import StonePickerScene, stone_center
from scenes.viewers.replay import T_CHANGED, T_DIFFERENT, T_NOT_FINISHED, ReplayScene, check_replay

FEATURE_SEED = 26  # the first seed of the default bet that wins the stones


class Seeds:
    def __init__(self, seeds):
        self.seeds = list(seeds)

    def next_seed(self) -> int:
        return self.seeds.pop(0)


def played_record(ctx, seed: int):
    loaded = ctx.games["stones"]
    driver = RoundDriver(ctx.ledger, loaded, Seeds([seed]), ctx.session_id)
    driver.start(default_bet(loaded.definition))
    while driver.pending is not None:
        driver.choose(next(i for i in (4, 9, 13, 0, 1) if i not in driver.pending.picked))
    original = list(driver.events)
    driver.finish()
    return ctx.ledger.history(1)[0], original


def run_to_end(st, scene, surface, limit=20_000):
    frames = 0
    while not scene.finished and frames < limit:
        st.update(1 / 30)
        if frames % 10 == 0:
            st.draw(surface)
        frames += 1
    return frames


@pytest.mark.slow
def test_replay_plays_the_recording_through_the_one_player(ctx, display):
    """The replay plays through the live round player: the reels land on the recorded grids, the
    picker opens and makes the recorded picks (the player's own clicks pick nothing), and every
    recorded event is shown once, by the player or inside the picker."""
    record, original = played_record(ctx, FEATURE_SEED)
    events, error = check_replay(ctx.games["stones"], record)
    assert error is None
    assert events_to_json(events) == events_to_json(original) == record.events
    st = SceneStack()
    st.push(Scene())
    scene = ReplayScene(ctx, record)
    st.push(scene)
    # the game's frame with its marquee under the replay, as in play
    assert scene.stage.backdrop.get_size() == (1280, 720)
    landed, pickers = [], []
    frames = 0
    while not scene.finished and frames < 20_000:
        was = scene.player.waiting
        st.update(1 / 30)
        if was == "reels" and scene.player.waiting != "reels":
            landed.append((scene.view.visible_cells(), scene.player.current))
        top = st.top
        if isinstance(top, StonePickerScene) and top not in pickers:
            pickers.append(top)
            # a click on a stone the recording did not pick changes nothing
            other = next(i for i in range(20) if i not in record.choices)
            st.handle(Intent(Act.POINTER_DOWN, pos=stone_center(other)))
            st.handle(Intent(Act.POINTER_UP, pos=stone_center(other)))
        if frames % 15 == 0:
            st.draw(display)
        frames += 1
    assert scene.finished
    spins = [e for e in original if isinstance(e, SpinEvent)]
    assert [s for _, s in landed] == spins
    for cells, spin in landed:
        assert cells == spin.grid  # the reels show exactly the recorded outcome
    assert len(pickers) == 1 and scene.recorded.made == len(record.choices) == 3
    picker = pickers[0]
    opened = {i for i in range(20) if picker.stones[i].open and not picker.stones[i].greyed}
    assert opened == set(record.choices)
    in_picker = ("pick_request", "pick_reveal", "picks_done")
    shown = [e for e in scene.player.played if e.type not in in_picker]
    assert events_to_json(shown) == [e for e in record.events if e["type"] not in in_picker]
    assert scene.band.win_target == record.win_coins
    st.draw(display)
    st.handle(Intent(Act.BACK))
    assert st.top is not scene


def test_the_replay_speaks_the_players_language(ctx, display):
    """The words come from the same catalog as play: Spanish marks, band and banners."""
    ctx.i18n.set_language("es")
    record, _ = played_record(ctx, 3)
    st = SceneStack()
    st.push(Scene())
    scene = ReplayScene(ctx, record)
    st.push(scene)
    run_to_end(st, scene, display)
    assert scene.stage.banner_text is not None
    kind, title, _ = scene.stage.banner_text
    assert kind == "note" and title.startswith("REPETICIÓN TERMINADA")
    for _ in range(200):  # said over the reels a moment, then on the message line
        st.update(1 / 30)
    assert scene.stage.banner is None and scene.band.message.startswith("REPETICIÓN TERMINADA")
    assert scene.tr.t("REPLAY") != "REPLAY"
    st.draw(display)


@pytest.mark.slow
def test_spin_skips_and_esc_ends(ctx, display):
    record, _ = played_record(ctx, 3)
    st = SceneStack()
    st.push(Scene())
    scene = ReplayScene(ctx, record)
    st.push(scene)
    for _ in range(60):
        st.handle(Intent(Act.SPIN))
        st.update(1 / 60)
        st.draw(display)
    assert run_to_end(st, scene, display) < 2000
    st.handle(Intent(Act.BACK))
    assert len(st) == 1


def test_refuses_changed_data(ctx, display):
    record, _ = played_record(ctx, 3)
    changed = dataclasses.replace(record, game_sha256="0" * 64)
    assert check_replay(ctx.games["stones"], changed) == (None, T_CHANGED)
    scene = ReplayScene(ctx, changed)
    st = SceneStack()
    st.push(scene)
    for _ in range(30):
        st.update(1 / 60)
        st.draw(display)
    assert scene.error == T_CHANGED and not scene.finished
    st.handle(Intent(Act.CONFIRM))
    assert len(st) == 0


def test_refuses_different_events_and_unfinished_rounds(ctx):
    record, _ = played_record(ctx, 3)
    tampered = dataclasses.replace(record, seed=record.seed + 1)
    assert check_replay(ctx.games["stones"], tampered) == (None, T_DIFFERENT)
    events = [dict(e) for e in record.events]
    events[-1] = {**events[-1], "total_win_coins": events[-1]["total_win_coins"] + 1}
    assert check_replay(ctx.games["stones"], dataclasses.replace(record, events=events))[1] == T_DIFFERENT
    unfinished = dataclasses.replace(record, status="open", events=None)
    assert check_replay(ctx.games["stones"], unfinished) == (None, T_NOT_FINISHED)
