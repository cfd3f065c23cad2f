"""The world map and the Shoot-out as bonus scenes (`scenes.reels.bonus`): opaque, the money strip
read from the reels' band in the quest's style (the balance the ledger holds, the pot, the pots
banked, the round's win), the app's keys passed on, a toast for every press that cannot act (a
key meant for another screen, an artefact already open, Esc after the disc is chosen, a click in
a replay), Tab along the grid, and every figure drawn."""

from __future__ import annotations

import pytest
from tombraider_seeds import picks_to_every_fragment, quest_session_seed
from tr_support import FOUR, run, run_to_shootout, store_passports

from scenes.core.intents import Act, Intent
from scenes.games.tombraider.shootout import ShootoutScene, disc_rect
from scenes.games.tombraider.world_map import WorldMapScene
from scenes.games.tombraider.world_map_layout import panel_side, tile_rect
from scenes.reels.bonus import T_FEATURE_FIRST, BonusScene
from scenes.widgets.dialog import Toast


def _click(stack, pos) -> None:
    stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
    stack.handle(Intent(Act.POINTER_UP, pos=pos))


def _toasts(stack) -> list[str]:
    return [s.text for s in stack._scenes if isinstance(s, Toast)]


def _start_quest(tr_ctx, reels, display):
    store_passports(tr_ctx, FOUR)
    stack, scene = reels(quest_session_seed())
    stack.handle(Intent(Act.SPIN))
    run(stack, lambda: isinstance(stack.top, WorldMapScene) and stack.top.phase == "picking", display)
    return stack, scene, stack.top


@pytest.mark.slow
def test_the_world_map_is_a_bonus_scene_with_the_reels_money(tr_ctx, reels, display):
    stack, scene, world = _start_quest(tr_ctx, reels, display)
    assert isinstance(world, BonusScene) and world.opaque and world.modal
    coin = scene.bet.coin_value_cents
    figures = dict(world.hud.figures())
    assert list(figures) == ["BALANCE", "POT", "BANKED", "WIN"]
    assert figures["BALANCE"] == tr_ctx.ledger.balance_cents  # the bet paid, nothing credited yet
    assert figures["WIN"] == scene.player.round_win * coin and figures["BANKED"] == 0
    stack.draw(display)
    # the app's keys pass through; a key meant for another screen says why it does nothing
    assert world.handle(Intent(Act.MUTE)) is False and world.handle(Intent(Act.FULLSCREEN)) is False
    stack.handle(Intent(Act.PAYTABLE))
    assert tr_ctx.i18n.gettext(T_FEATURE_FIRST) in _toasts(stack)
    # Tab walks along the artefacts
    before = world.focus
    stack.handle(Intent(Act.NEXT))
    assert world.focus == (before + 1) % len(world.tiles)
    stack.handle(Intent(Act.PREV))
    assert world.focus == before
    # an artefact opened: a click on it again says it is open, and picks nothing
    first = next(i for i in range(len(world.tiles)) if world.pickable(i))
    assert world.pick(first)
    run(stack, lambda: world.phase == "picking" or isinstance(stack.top, ShootoutScene), display)
    if world.phase == "picking":
        chosen = list(world.request.picked)
        _click(stack, tile_rect(first, panel_side(world._current_location())).center)
        assert "That artefact is already open" in _toasts(stack)
        assert world.phase == "picking" and list(world.request.picked) == chosen
        pot = world.quest.board.pot
        assert dict(world.hud.figures())["POT"] == pot * coin
    stack.draw(display)


@pytest.mark.slow
def test_the_shootout_is_a_bonus_scene_over_the_location(tr_ctx, reels, display):
    stack, scene, _world = _start_quest(tr_ctx, reels, display)

    shootout = run_to_shootout(stack, display)
    assert isinstance(shootout, BonusScene) and shootout.opaque
    assert shootout.style.backdrop == f"tombraider/locations/{shootout.location_id}"
    coin = scene.bet.coin_value_cents
    figures = dict(shootout.hud.figures())
    assert list(figures) == ["BALANCE", "BET", "POT", "WIN"]
    assert figures["BALANCE"] == tr_ctx.ledger.balance_cents
    assert figures["BET"] == scene.bet.total_cents
    stack.draw(display)
    stack.handle(Intent(Act.NEXT))  # Tab moves the focus along the discs
    focus = shootout.focus
    stack.handle(Intent(Act.CONFIRM))
    assert shootout.phase == "reveal" and shootout.reveal.index == focus
    stack.handle(Intent(Act.BACK))  # the disc is chosen: it cannot leave now, and says so
    assert any("Shoot-out can be left" in t for t in _toasts(stack)) and stack.top is not None
    assert any(s is shootout for s in stack._scenes)
    _click(stack, disc_rect(focus).center)  # a click hurries the shots
    assert shootout.phase == "result"
    pot_before = shootout.pot
    assert dict(shootout.hud.figures())["POT"] == (pot_before + shootout.reveal.coins) * coin
    stack.draw(display)
    run(stack, lambda: not any(s is shootout for s in stack._scenes), display)


@pytest.mark.slow
def test_the_strips_win_counts_with_the_jackpot_never_ahead_of_it(tr_ctx, reels, display):
    """All five fragments (each location's bonus amounts and treasures, then its fragment): while
    the jackpot counts up, the strip's WIN holds back what it has not counted; at the summary it
    is the round's win."""
    stack, scene, world = _start_quest(tr_ctx, reels, display)
    picks = list(picks_to_every_fragment())
    coin = scene.bet.coin_value_cents
    during: list[int] = []

    def play_on() -> bool:
        top = stack.top
        if isinstance(top, WorldMapScene | ShootoutScene) and top.phase == "picking":
            top.pick(picks.pop(0))
        if world.phase == "jackpot":
            during.append(dict(world.hud.figures())["WIN"])
            if len(during) == 20:
                stack.draw(display)
        return world.phase == "summary"

    run(stack, play_on, display)
    jackpot = world.quest.jackpot.coins
    final = (world.reels_win + world.quest.end.win_coins) * coin
    assert jackpot > 0 and during == sorted(during) and during[0] < final
    assert during[0] <= (world.reels_win + world.quest.banked) * coin + coin  # from nothing
    assert dict(world.hud.figures())["WIN"] == final


@pytest.mark.slow
def test_the_shootout_follows_the_window_to_a_new_density(tr_ctx, reels, display):
    """The window made larger during the Shoot-out (1.5 px per logical px): its backdrop, discs,
    turning frames, values and money strip are made again at the new density, so nothing is
    scaled on the fly, through the pick and its reveal."""
    from scenes.core.canvas import Canvas
    from scenes.core.text import clear_text_cache

    stack, _scene, _world = _start_quest(tr_ctx, reels, display)

    shootout = run_to_shootout(stack, display)
    tr_ctx.assets.set_density(1.5)  # as the app does when the window's density changes
    clear_text_cache()
    stack.rebuild()
    screen = Canvas.new((1280, 720), 1.5, alpha=False)
    Canvas.stats["scaled_blits"] = 0
    stack.draw(screen)
    stack.handle(Intent(Act.CONFIRM))
    phases = set()
    for _ in range(1200):  # the shots, the reveal turning the disc over, the result
        stack.update(1 / 60)
        stack.draw(screen)
        phases.add(shootout.phase)
        if shootout.phase == "result":
            break
    assert {"shooting", "reveal", "result"} <= phases
    assert Canvas.stats["scaled_blits"] == 0
    assert shootout.back.k == shootout._turn[0].k == shootout.values_panel.k == 1.5
