"""The Global Adventure on the world map, through the real reels scene and the ledger: picks by
mouse (the artefacts' hit-boxes) and by keyboard, the Shoot-out, the Showdown and the summary;
Esc leaves only while a pick is awaited (a toast says why otherwise); a quest interrupted between
picks opens again on the same location with the same artefacts; autoplay's automatic picks; the
replay and the history detail of a quest."""

from __future__ import annotations

import pytest
from tombraider_seeds import (
    natural_quest_session,
    picks_to_duel,
    picks_to_second_location,
    quest_session_seed,
)
from tr_support import FOUR, run, run_to_shootout, store_passports

from game.bets import default_bet
from game.events import PickRequestEvent
from game.games.tombraider.events import AdventureEndEvent, LocationStartEvent, ShowdownEvent
from game.games.tombraider.model import PassportState
from game.round import play_round
from scenes.core.intents import Act, Intent
from scenes.games.tombraider.decor import decor_of
from scenes.games.tombraider.shootout import COLS as DISC_COLS
from scenes.games.tombraider.shootout import ShootoutScene, disc_rect
from scenes.games.tombraider.world_map import WorldMapScene
from scenes.games.tombraider.world_map_layout import COLS, panel_side, tile_rect
from scenes.widgets.dialog import Toast


def _click(stack, pos) -> None:
    stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
    stack.handle(Intent(Act.POINTER_UP, pos=pos))


def _keys_to(stack, focus: int, target: int, cols: int) -> None:
    """Arrow keys from `focus` to `target` in a grid of `cols` columns, then Enter."""
    dy = target // cols - focus // cols
    dx = target % cols - focus % cols
    for _ in range(abs(dy)):
        stack.handle(Intent(Act.DOWN if dy > 0 else Act.UP))
    for _ in range(abs(dx)):
        stack.handle(Intent(Act.RIGHT if dx > 0 else Act.LEFT))
    stack.handle(Intent(Act.CONFIRM))


def _map(stack) -> WorldMapScene | None:
    return next((s for s in reversed(stack._scenes) if isinstance(s, WorldMapScene)), None)


def _start_quest(tr_ctx, reels, display):
    store_passports(tr_ctx, FOUR)
    stack, scene = reels(quest_session_seed())
    stack.handle(Intent(Act.SPIN))
    run(stack, lambda: isinstance(stack.top, WorldMapScene) and stack.top.phase == "picking", display)
    return stack, scene, stack.top


@pytest.mark.slow
def test_a_whole_quest_by_mouse_and_keyboard(tr_ctx, reels, display):
    stack, scene, world = _start_quest(tr_ctx, reels, display)
    made: list[int] = []
    seen: set[str] = set()
    by_mouse = [0]

    def play_on() -> bool:
        top = stack.top
        seen.add(type(top).__name__)
        if isinstance(top, WorldMapScene):
            seen.add(top.phase)
            if top.showdown is not None:
                seen.add("duel")
            if top.phase == "picking":
                i = next(i for i in range(len(top.tiles)) if top.pickable(i))
                if by_mouse[0] % 2 == 0:
                    side = panel_side(top._current_location())
                    _click(stack, tile_rect(i, side).center)
                else:
                    _keys_to(stack, top.focus, i, COLS)
                by_mouse[0] += 1
                made.append(i)
        elif isinstance(top, ShootoutScene) and top.phase == "picking":
            _keys_to(stack, top.focus, 0, DISC_COLS)
            made.append(0)
        return not scene.driver.active and not scene.player.waiting

    run(stack, play_on, display)
    rec = tr_ctx.ledger.history(1)[0]
    assert list(rec.choices) == made and rec.status == "closed"
    defn = tr_ctx.games["tombraider"].definition
    state = PassportState.model_validate(FOUR)
    result = play_round(defn, default_bet(defn), rec.seed, made, state=state)
    end = next(e for e in result.events if isinstance(e, AdventureEndEvent))
    assert rec.win_cents == default_bet(defn).coins_to_cents(result.total_win_coins)
    assert scene.player.round_win == result.total_win_coins
    assert {"ShootoutScene", "summary"} <= seen  # the first artefacts lead to a Shoot-out
    if any(isinstance(e, ShowdownEvent) and e.showdown for e in result.events):
        assert "duel" in seen
    assert world.quest.end == end and world.quest.found == end.fragments
    # the collection starts again: the stamps fade, the ledger keeps an empty meter
    run(stack, lambda: not any(decor_of(scene.stage).active), display)
    assert scene.driver.stored_state().adventures == 1 and not any(scene.driver.stored_state().active)
    assert tr_ctx.ledger.verify() == []


@pytest.mark.slow
def test_locations_are_hit_tested_in_map_coordinates(tr_ctx, reels, display):
    stack, _scene, world = _start_quest(tr_ctx, reels, display)
    for loc in world.world.locations:
        pos = world.camera.to_screen(loc.centre)
        if 0 <= pos[0] < 1280 and 72 <= pos[1] < 648:
            assert world.location_at(pos) == loc.id
            stack.handle(Intent(Act.POINTER_MOVE, pos=pos))
            assert world.hover_location == loc.id
            stack.draw(display)  # the tooltip
    assert world.location_at((5, 5)) is None or world.location_at((5, 5)) in world.world.ids


@pytest.mark.slow
def test_esc_leaves_only_while_picking_and_the_quest_resumes_where_it_was(tr_ctx, reels, display):
    from scenes.reels.scene import ReelsScene

    stack, _scene, world = _start_quest(tr_ctx, reels, display)
    first = next(i for i in range(len(world.tiles)) if world.pickable(i))
    assert world.pick(first)
    assert world.phase in ("reveal", "shootout")
    stack.handle(Intent(Act.BACK))  # mid-reveal: a toast says why not
    assert any(isinstance(s, Toast) for s in stack._scenes) and _map(stack) is world
    run(stack, lambda: world.phase == "picking", display)
    stack.handle(Intent(Act.BACK))
    stack.update(1 / 60)
    assert _map(stack) is None and not any(isinstance(s, ReelsScene) for s in stack._scenes)
    open_round = tr_ctx.ledger.open_round()
    assert open_round is not None and list(open_round.choices) == [first]
    board_before = {p: ev.artefact for p, ev in world.quest.board.revealed.items()}
    # back in the game: the same location, the same artefact open, every stamp lit
    again = ReelsScene(tr_ctx, "tombraider")
    stack.push(again)
    stack.update(1 / 60)
    resumed = _map(stack)
    assert resumed is not None and resumed.phase == "picking"
    assert resumed.quest.index == world.quest.index
    assert {p: ev.artefact for p, ev in resumed.quest.board.revealed.items()} == board_before
    assert resumed.tiles[first].face is not None and resumed.panel_k == 1.0
    assert decor_of(again.stage).active == [True] * 5
    stack.draw(display)


@pytest.mark.slow
def test_a_quest_interrupted_at_a_later_location_opens_there_again(tr_ctx, reels, display):
    """Esc at the second location: the quest resumes on it, with what was picked there open and
    the first location's fragment kept (picks: the first location's bonus amounts and treasures
    (a Shoot-out's disc with it), its fragment; then an artefact of the second that leaves it
    open)."""
    from scenes.reels.scene import ReelsScene

    stack, _scene, _world = _start_quest(tr_ctx, reels, display)
    plan, opened, second = picks_to_second_location()
    picks = list(plan)

    def to_second() -> bool:
        top = stack.top
        if isinstance(top, WorldMapScene | ShootoutScene) and top.phase == "picking":
            if not picks:
                return True
            top.pick(picks.pop(0))
        return False

    run(stack, to_second, display)
    world = stack.top
    assert isinstance(world, WorldMapScene) and world.quest.index == 1
    stack.handle(Intent(Act.BACK))
    stack.update(1 / 60)
    again = ReelsScene(tr_ctx, "tombraider")
    stack.push(again)
    stack.update(1 / 60)
    resumed = _map(stack)
    assert resumed is not None and resumed.phase == "picking"
    assert resumed.quest.index == 1 and resumed.quest.fragments[0] is True
    assert resumed.quest.board.location == second and sorted(resumed.quest.board.revealed) == [opened]
    assert resumed.tiles[opened].face is not None and resumed.quest.banked == world.quest.banked
    stack.draw(display)


@pytest.mark.slow
def test_a_shootout_interrupted_before_its_pick_opens_again(tr_ctx, reels, display):
    from scenes.reels.scene import ReelsScene

    stack, _scene, _world = _start_quest(tr_ctx, reels, display)

    shootout = run_to_shootout(stack, display)
    assert shootout.count == 15
    _click(stack, (5, 5))  # a click off the discs picks nothing
    assert shootout.phase == "picking"
    stack.handle(Intent(Act.BACK))
    stack.update(1 / 60)
    assert not any(isinstance(s, ShootoutScene | WorldMapScene | ReelsScene) for s in stack._scenes)
    again = ReelsScene(tr_ctx, "tombraider")
    stack.push(again)
    stack.update(1 / 60)
    assert isinstance(stack.top, ShootoutScene) and stack.top.phase == "picking"
    _click(stack, disc_rect(3).center)

    def play_on() -> bool:
        top = stack.top
        if isinstance(top, WorldMapScene) and top.phase == "picking":
            top.pick(next(p for p in range(len(top.tiles)) if top.pickable(p)))
        elif isinstance(top, ShootoutScene) and top.phase == "picking":
            top.pick(0)
        return not again.driver.active and not again.player.waiting

    run(stack, play_on, display)
    rec = tr_ctx.ledger.history(1)[0]
    assert rec.status == "closed" and 3 in rec.choices and tr_ctx.ledger.verify() == []


def test_autoplay_makes_the_picks_of_a_whole_quest(tr_ctx, reels, display):
    store_passports(tr_ctx, FOUR)
    tr_ctx.options.autoplay = 1
    stack, _scene = reels(quest_session_seed(), quick=False, turbo=True)
    run(stack, lambda: stack.quit_requested, display)
    rec = tr_ctx.ledger.history(1)[0]
    assert rec.status == "closed" and rec.choices
    defn = tr_ctx.games["tombraider"].definition
    again = play_round(defn, rec.bet, rec.seed, list(rec.choices), state=PassportState.model_validate(FOUR))
    assert rec.win_cents == rec.bet.coins_to_cents(again.total_win_coins)


@pytest.mark.slow
def test_a_natural_quest_replays_and_shows_in_the_history(tr_ctx, reels, display):
    from scenes.viewers.replay import ReplayScene
    from scenes.viewers.round_detail import RoundDetailScene

    session = natural_quest_session()
    tr_ctx.options.autoplay = session.quest_round
    stack, _scene = reels(session.session_seed, quick=False, turbo=True)
    run(stack, lambda: stack.quit_requested, display)
    stack.quit_requested = False
    rec = tr_ctx.ledger.history(1)[0]
    assert rec.choices, f"round {session.quest_round} of this session is a quest"
    locations = sum(1 for e in rec.events if e["type"] == "location_start")
    detail = RoundDetailScene(tr_ctx, rec)
    kinds = [s.kind for s in detail.steps]
    assert kinds.count("location") == locations and "spin" in kinds
    stack.push(detail)
    for _ in range(detail.page_count):
        stack.draw(display)
        stack.handle(Intent(Act.RIGHT))
    replay = ReplayScene(tr_ctx, rec)
    assert replay.error is None
    stack.push(replay)
    seen: set[str] = set()

    def watched() -> bool:
        top = stack.top
        seen.add(type(top).__name__)
        if isinstance(top, WorldMapScene | ShootoutScene):
            assert top.watch_only
            if isinstance(top, WorldMapScene) and top.phase == "picking" and "clicked" not in seen:
                # a click on an artefact: the replay makes the recorded picks, and says so
                assert [label for label, _ in top.hud.figures()] == ["POT", "BANKED", "WIN"]
                _click(stack, tile_rect(0, panel_side(top._current_location())).center)
                toasts = [s.text for s in stack._scenes if isinstance(s, Toast)]
                assert "The replay makes the recorded picks" in toasts
                seen.add("clicked")
            stack.handle(Intent(Act.SPIN))  # hurries, never picks
        return replay.finished

    run(stack, watched, display)
    assert {"WorldMapScene", "clicked"} <= seen
    assert [e.type for e in replay.player.played][-1] == "round_end"
    assert len(tr_ctx.ledger.history(20)) == session.quest_round  # nothing written


@pytest.mark.slow
def test_every_pick_request_of_a_quest_is_answered_once(tr_ctx, reels, display):
    """The map asks the driver exactly once per pick request (no double pick while a reveal
    plays), whatever the player hammers."""
    stack, scene, world = _start_quest(tr_ctx, reels, display)
    calls: list[int] = []
    plain = world.choose_fn

    def counted(i):
        calls.append(i)
        return plain(i)

    world.choose_fn = counted
    target = next(i for i in range(len(world.tiles)) if world.pickable(i))
    side = panel_side(world._current_location())
    for _ in range(5):
        _click(stack, tile_rect(target, side).center)
        stack.handle(Intent(Act.CONFIRM))
    assert calls == [target]
    requests = [e for e in scene.driver.events if isinstance(e, PickRequestEvent)]
    assert len(requests) >= 2 and isinstance(scene.driver.events[3], LocationStartEvent)


@pytest.mark.slow
def test_the_map_is_drawn_at_the_windows_density_after_a_rebuild(tr_ctx, reels, display):
    """At 1.5 px per logical px (a 1920×1080 window) the map, its panel, the explorer on the move
    and the overlays are drawn from pictures made at that density (nothing scaled on the fly):
    the map's layer is the screen's physical size, and the open panel's pixels are the same
    picture as at 1 px per logical px, only finer."""
    from scenes.core.canvas import Canvas

    stack, _scene, world = _start_quest(tr_ctx, reels, display)
    stack.draw(display)
    at_one = display.surf.copy()
    tr_ctx.assets.set_density(1.5)
    stack.rebuild()
    root = Canvas.new((1280, 720), 1.5, alpha=False)
    Canvas.stats["scaled_blits"] = 0
    stack.draw(root)
    assert world._layer.surf.get_size() == (1920, 1080) and root.surf.get_size() == (1920, 1080)
    assert world.ground.k == 1.5  # the ground from the high-density sheet
    # a point in the open panel's middle band and a marker look the same at both densities
    panel = panel_rect_of(world)
    for x, y in ((panel.centerx, panel.top + 12), world.camera.to_screen(world._current_location().centre)):
        fine = root.surf.get_at((round(x * 1.5), round(y * 1.5)))
        assert max(abs(a - b) for a, b in zip(fine[:3], at_one.get_at((x, y))[:3], strict=True)) < 40
    # on to the next location (the camera and the explorer move) and the overlays, every frame
    phases: set[str] = set()

    def play_on() -> bool:
        top = stack.top
        if isinstance(top, WorldMapScene | ShootoutScene) and top.phase == "picking":
            top.pick(next(p for p in range(32) if top.pickable(p)))
        phases.add(world.phase)
        stack.draw(root)
        return world.phase == "summary" or (world.quest.index >= 1 and world.phase == "picking")

    run(stack, play_on)
    assert {"travel", "arrive"} <= phases
    assert Canvas.stats["scaled_blits"] == 0


def panel_rect_of(world: WorldMapScene):
    from scenes.games.tombraider.world_map_layout import panel_rect

    return panel_rect(panel_side(world._current_location()))


@pytest.mark.slow
def test_a_duel_under_way_is_drawn_again_at_a_new_density(tr_ctx, reels, display):
    """The Showdown's duellists, its dimming and its stage follow the window to a new density."""
    from scenes.core.canvas import Canvas

    stack, _scene, world = _start_quest(tr_ctx, reels, display)
    picks = list(picks_to_duel()[0])  # fragments banked, then a location's traps: a Showdown

    def to_duel() -> bool:
        top = stack.top
        if isinstance(top, WorldMapScene | ShootoutScene) and top.phase == "picking":
            top.pick(picks.pop(0))
        return world.showdown is not None and world.showdown.t > 1.0

    run(stack, to_duel, display)
    tr_ctx.assets.set_density(1.5)
    stack.rebuild()
    root = Canvas.new((1280, 720), 1.5, alpha=False)
    Canvas.stats["scaled_blits"] = 0
    stack.draw(root)
    duel = world.showdown
    assert duel is not None and duel.lara.k == duel.amanda.k == duel.backdrop.k == 1.5
    assert Canvas.stats["scaled_blits"] == 0
