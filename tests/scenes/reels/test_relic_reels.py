"""The test-only Relic game through the real scenes: the reels scene plays its rounds (held cells,
overlay wilds, cascades and its own events through its presentation) landing on every event's
grid; the replay and the history detail show them; the app offers a game only once a
presentation shows it."""

from __future__ import annotations

import pytest

from game.rng import SeedSource
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack

DT = 1 / 60


@pytest.fixture
def relic_ctx(tmp_path, display, ledger):
    import relicscenes
    from relicscenes.art import build_tree

    from scenes.app.app import build_context, load_all_games
    from scenes.core.assets import AssetStore
    from scenes.core.audio import AudioService
    from scenes.core.context import LaunchOptions

    relicscenes.register()
    tree = build_tree(tmp_path / "assets")
    assets = AssetStore(tree)
    audio = AudioService(assets)
    ctx = build_context(
        LaunchOptions(data_dir=tmp_path, seed=3),
        assets=assets,
        audio=audio,
        ledger=ledger,
        games=load_all_games(tree),
    )
    ctx.seeds = SeedSource(3)
    yield ctx
    audio.shutdown()


@pytest.mark.slow
def test_the_reels_land_on_every_steps_grid(relic_ctx, display):
    from scenes.reels.scene import ReelsScene

    relic_ctx.settings.quick_spin = True
    stack = SceneStack()
    scene = ReelsScene(relic_ctx, "relic")
    stack.push(scene)
    player = scene.player
    landed = []
    plain = player._landed

    def check(ev):
        # the reels are at rest on the event's grid: overlay wilds laid, cascade fallen
        assert scene.view.visible_cells() == ev.grid and not scene.view.busy
        landed.append(ev)
        plain(ev)

    player._landed = check
    kinds: set[str] = set()
    for _ in range(30):
        stack.handle(Intent(Act.SPIN))
        for _ in range(6000):
            stack.update(DT)
            if _ % 7 == 0:
                stack.draw(display)
            if not scene.driver.active and not player.waiting:
                break
        else:
            raise AssertionError("a round never ended")
        kinds |= {e.type for e in player.played}
        kinds |= {"held"} if any(e.type == "spin" and e.held for e in player.played) else set()
        kinds |= {"overlay"} if any(e.type == "spin" and e.overlay for e in player.played) else set()
    assert {"cascade", "held", "overlay", "relic_gems", "relic_pay"} <= kinds
    spins = [e for e in landed if e.type == "spin"]
    assert len(spins) >= 30 and relic_ctx.ledger.verify() == []


def _played_rounds(ctx, n: int) -> None:
    from game.bets import default_bet
    from game.session import RoundDriver

    driver = RoundDriver(ctx.ledger, ctx.games["relic"], ctx.seeds, ctx.session_id)
    for _ in range(n):
        driver.start(default_bet(ctx.games["relic"].definition))
        driver.finish()


@pytest.mark.slow
def test_replay_and_history_detail_show_relic_rounds(relic_ctx, display):
    from scenes.viewers.replay import ReplayScene
    from scenes.viewers.round_detail import RoundDetailScene

    _played_rounds(relic_ctx, 12)
    records = [relic_ctx.ledger.round_detail(r.round_id) for r in relic_ctx.ledger.history(12)]
    rich = next(r for r in records if {"cascade", "relic_pay"} <= {e["type"] for e in r.events})
    detail = RoundDetailScene(relic_ctx, rich)
    kinds = [s.kind for s in detail.steps]
    assert "spin" in kinds and "text" in kinds
    titles = [detail._spin_title(s.spin) for s in detail.steps if s.kind == "spin"]
    assert any(t.startswith("CASCADE") for t in titles) and any(t.startswith("RE-SPIN") for t in titles)
    for page in range(detail.page_count):
        detail.page = page
        detail.draw(display)
    st = SceneStack()
    st.push(Scene())
    replay = ReplayScene(relic_ctx, rich)
    assert replay.error is None
    st.push(replay)
    for _ in range(20000):
        if replay.finished:
            break
        st.update(1 / 30)
    assert replay.finished and replay.view.visible_cells() == replay.player.current.grid
    st.draw(display)


@pytest.mark.slow
def test_every_round_of_a_game_with_state_replays_from_the_state_it_began_with(relic_ctx, monkeypatch):
    """Relic's rounds depend on the gems collected before them: each replays exactly, from the
    state kept with it in the ledger (not from the start state), without playing any earlier
    round again; a round stored without its state (begun before the ledger kept it) still gets
    it from the rounds before it."""
    import dataclasses

    from scenes.viewers import replay
    from scenes.viewers.replay import check_replay, state_before

    _played_rounds(relic_ctx, 12)
    loaded = relic_ctx.games["relic"]
    records = [relic_ctx.ledger.round_detail(r.round_id) for r in reversed(relic_ctx.ledger.history(12))]
    assert all(record.state_in is not None for record in records)
    played: list[int] = []
    real_play = replay.play_round
    monkeypatch.setattr(replay, "play_round", lambda *a, **k: played.append(1) or real_play(*a, **k))
    began_with_gems = 0
    for record in records:
        played.clear()
        state = state_before(relic_ctx.ledger, loaded, record)
        assert played == []  # no earlier round played again
        assert state == state_before(relic_ctx.ledger, loaded, dataclasses.replace(record, state_in=None))
        began_with_gems += state is not None and state.gems > 0
        events, error = check_replay(loaded, record, state)
        assert error is None and events is not None
    assert began_with_gems >= 3  # the sample does depend on the state


@pytest.mark.slow
def test_a_game_without_a_presentation_is_not_offered(relic_ctx):
    from scenes.app.app import shown_games
    from scenes.front.lobby import LobbyScene
    from scenes.presentation import unregister_package

    lobby = LobbyScene(relic_ctx)
    assert "relic" in lobby.ids and "stones" in lobby.ids
    unregister_package("relic")
    try:
        assert "relic" not in shown_games(relic_ctx.games) and "stones" in shown_games(relic_ctx.games)
    finally:
        import relicscenes

        relicscenes.register()
