"""Tomb Raider on the reels: cascades land on every grid while the ladder climbs step by step;
Super Mode's shots turn its cells wild and they hold for its spins; passports light on the meter
as they arrive and are there again after a restart; the rounds replay on the same stage."""

from __future__ import annotations

import itertools

import pytest
from tombraider_seeds import cascade_session_seed, quest_session_seed, super_session_seed
from tr_support import FOUR, run, store_passports

from game.bets import default_bet
from game.events import CascadeEvent, FreeSpinsEndEvent, RoundEndEvent, SpinEvent
from game.games.tombraider.events import PassportsEvent, SuperModeStartEvent
from game.rng import SeedSource
from game.round import play_round
from scenes.core.intents import Act, Intent
from scenes.games.tombraider.decor import TombRaiderDecor, decor_of


def _idle(scene) -> bool:
    return not scene.driver.active and not scene.player.waiting


def _watch_landings(scene, check) -> list:
    """Call `check(ev)` each time the reels come to rest on an event; returns the events."""
    landed = []
    plain = scene.player._landed

    def hook(ev):
        check(ev)
        landed.append(ev)
        plain(ev)

    scene.player._landed = hook
    return landed


@pytest.mark.slow
def test_cascades_land_on_every_grid_and_the_ladder_climbs_step_by_step(reels, display):
    stack, scene = reels(cascade_session_seed())
    decor = decor_of(scene.stage)
    assert isinstance(decor, TombRaiderDecor)
    ladder = decor.ladder
    seen: list[tuple[int, int]] = []

    def check(ev):
        assert scene.view.visible_cells() == ev.grid and not scene.view.busy
        if isinstance(ev, CascadeEvent) or (isinstance(ev, SpinEvent) and ev.mode == "free"):
            # the rung lit is the multiplier this evaluation is paid at, and the band agrees
            assert ladder[decor.level] == ev.multiplier
            assert scene.hud.free is not None and scene.hud.free[2] == ev.multiplier
            seen.append((ev.multiplier, ev.win_coins))

    landed = _watch_landings(scene, check)
    stack.handle(Intent(Act.SPIN))
    run(stack, lambda: _idle(scene), display)
    assert any(isinstance(e, CascadeEvent) for e in landed)
    assert any(m >= 3 and coins > 0 for m, coins in seen), seen  # a cascade paid at x3 or more
    # within a spin the ladder only climbs, one rung at a time
    steps = [e.multiplier for e in scene.player.played if isinstance(e, SpinEvent | CascadeEvent)]
    for a, b in itertools.pairwise(steps):
        assert b == a + 1 or b == min(a + 1, ladder[-1]) or b == ladder[0]
    assert decor.level is None  # dim again after the free spins
    assert any(isinstance(e, FreeSpinsEndEvent) for e in scene.player.played)
    played = scene.sounds.played
    assert "tombraider/cascade" in played and "tombraider/ladder_step" in played
    assert tr_ledger_ok(scene)


def tr_ledger_ok(scene) -> bool:
    return scene.ctx.ledger.verify() == []


@pytest.mark.slow
def test_super_mode_shots_turn_cells_wild_and_they_hold_for_its_spins(reels, display):
    stack, scene = reels(super_session_seed())
    decor = decor_of(scene.stage)
    wild = decor.wild
    held_seen = []

    def check(ev):
        assert scene.view.visible_cells() == ev.grid
        if isinstance(ev, SpinEvent) and ev.mode == "super":
            cells = [tuple(c) for c in ev.held]
            assert all(scene.view.visible_cells()[r][w] == wild for r, w in cells)
            assert scene.view.held == frozenset(cells)
            assert decor.super_spin == (ev.spin_index, ev.spins_total)
            held_seen.append(cells)

    _watch_landings(scene, check)
    shot_order: list = []
    fired = [0]
    sounds_then: list[str] = []

    def first_super_spin() -> bool:
        if decor.shots:
            shot_order[:] = [tuple(s[0]) for s in decor.shots]
            fired[0] = max(fired[0], sum(1 for s in decor.shots if s[1] >= 0))
        begun = any(isinstance(e, SpinEvent) and e.mode == "super" for e in scene.player.played)
        if begun:
            sounds_then[:] = scene.sounds.played
        return begun

    stack.handle(Intent(Act.SPIN))
    run(stack, first_super_spin, display)
    start = next(e for e in scene.player.played if isinstance(e, SuperModeStartEvent))
    # every held position was shot, in the event's order, before the first Super Mode spin
    assert shot_order == [tuple(c) for c in start.cells] and fired[0] == len(start.cells)
    assert sounds_then.count("common/gunshot") >= 1 and "tombraider/super_mode" in sounds_then
    run(stack, lambda: _idle(scene), display)
    assert len(held_seen) == start.spins and all(h == held_seen[0] for h in held_seen)
    assert decor.super_spin is None and scene.hud.free_title is None and scene.hud.free is None


def _passport_session_seed(defn) -> int:
    bet = default_bet(defn)
    for s in range(1, 2000):
        r = play_round(defn, bet, SeedSource(s).next_seed())
        features = any(e.type in ("key_trigger", "super_mode_start") for e in r.events)
        if any(isinstance(e, PassportsEvent) for e in r.events) and r.pending is None and not features:
            return s
    raise AssertionError("no seed stamps a passport")


def test_passports_light_as_they_arrive_and_come_back_after_a_restart(reels, tr_ctx, display):
    from scenes.reels.scene import ReelsScene

    defn = tr_ctx.games["tombraider"].definition
    one = {"active": [True, False, False, False, False], "spins": 3, "bet_cents": 90}
    store_passports(tr_ctx, FOUR | one)
    seed = _passport_session_seed(defn)
    stack, scene = reels(seed)
    decor = decor_of(scene.stage)
    assert decor.active == [True, False, False, False, False]  # the ledger's, before any spin
    stack.handle(Intent(Act.SPIN))
    run(stack, lambda: any(isinstance(e, PassportsEvent) for e in scene.player.played), display)
    ev = next(e for e in scene.player.played if isinstance(e, PassportsEvent))
    new = [r - 1 for r in ev.new if r != 1]
    if new:
        assert not any(decor.active[r] for r in new)  # still flying to the meter
    run(stack, lambda: not decor.flying, display)
    assert decor.active == list(ev.active)
    assert [decor.active[r - 1] for r in ev.new] == [True] * len(ev.new)
    run(stack, lambda: _idle(scene), display)
    stored = scene.driver.stored_state()
    assert list(stored.active) == decor.active and stored.spins == ev.spins
    assert "tombraider/passport_stamp" in scene.sounds.played
    # a restart: a new reels scene on the same ledger shows the same stamps before any spin
    again = ReelsScene(tr_ctx, "tombraider")
    assert decor_of(again.stage).active == list(stored.active)
    assert decor_of(again.stage).spins == stored.spins and decor_of(again.stage).bet_cents == stored.bet_cents


@pytest.mark.slow
def test_a_round_replays_from_the_passports_it_began_with(reels, tr_ctx, display):
    from scenes.viewers.replay import ReplayScene

    defn = tr_ctx.games["tombraider"].definition
    seed = _passport_session_seed(defn)
    stack, scene = reels(seed)
    for _ in range(3):
        stack.handle(Intent(Act.SPIN))
        run(stack, lambda: _idle(scene), display)
    records = tr_ctx.ledger.history(3)
    before = [r for r in reversed(records)]
    # the replay of the last round starts from the stamps of the rounds before it
    replay = ReplayScene(tr_ctx, before[-1])
    assert replay.error is None
    expected = play_round(defn, before[0].bet, before[0].seed).state_out
    for rec in before[1:-1]:
        expected = play_round(defn, rec.bet, rec.seed, state=expected).state_out
    assert decor_of(replay.stage).active == list(expected.active)
    stack.push(replay)
    run(stack, lambda: replay.finished, display)
    assert isinstance(replay.player.played[-1], RoundEndEvent)
    assert len(tr_ctx.ledger.history(10)) == 3  # a replay writes nothing


@pytest.mark.slow
def test_the_meter_and_ladder_follow_the_window_to_a_new_density(tr_ctx, reels, display):
    """A window made larger mid-round (1.5 px per logical px): the meter, the ladder and a flying
    stamp are composed again at the new density; nothing is scaled on the fly."""
    from scenes.core.canvas import Canvas
    from scenes.core.text import clear_text_cache

    store_passports(tr_ctx, FOUR)
    stack, scene = reels(quest_session_seed())  # four passports stored: this round stamps the fifth
    decor = decor_of(scene.stage)
    stack.handle(Intent(Act.SPIN))
    run(stack, lambda: bool(decor.flying) and decor.flying[0][2] > 0.1, display)
    meter_at_1 = decor._opaque_cache["meter"][2]
    assert meter_at_1.k == 1.0
    tr_ctx.assets.set_density(1.5)  # as the app does when the window's density changes
    clear_text_cache()
    stack.rebuild()
    screen = Canvas.new((1280, 720), 1.5, alpha=False)
    stack.draw(screen)
    stack.update(1 / 60)
    stack.draw(screen)
    Canvas.stats["scaled_blits"] = 0
    decor.draw(screen, scene.stage)
    assert Canvas.stats["scaled_blits"] == 0
    for slot in ("meter", "ladder"):
        composed = decor._opaque_cache[slot][2]
        assert composed.k == 1.5 and composed.surf.get_size() == (240, 735)
    assert decor._stamp_face(True, 0, 48).k == 1.5
