"""Celebrations per game: the celebration wears the shown game's dress (its plate's shape and tier
colours, through the reels scene), its flash adds light without washing the scene pale and spares
the band, Warlords' free spins end in one celebration over the last free spin (no summary first,
no stale triggering grid), and the quest's big win plays over the reels, not over black."""

from __future__ import annotations

import pygame
import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.rng import SeedSource
from game.round import play_round
from scenes.core.canvas import Canvas
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.presentation import presentation_of
from scenes.reels.celebration import CelebrationScene
from scenes.reels.hud import RECT_BAND
from scenes.reels.scene import ReelsScene

DT = 1 / 60


def _reels(ctx, game: str, seed: int) -> tuple[SceneStack, ReelsScene]:
    ctx.seeds = SeedSource(seed)
    stack = SceneStack()
    stack.push(Scene())
    scene = ReelsScene(ctx, game)
    stack.push(scene)
    for _ in range(30):
        stack.update(DT)
    return stack, scene


def _render(stack: SceneStack, density: float = 1.0) -> Canvas:
    root = Canvas.new((1280, 720), density, alpha=False)
    stack.draw(root)
    return root


def _mean(canvas: Canvas, rect: pygame.Rect) -> float:
    area = canvas.subsurface(rect).surf
    return float(pygame.surfarray.array3d(area).mean())


@pytest.mark.parametrize("game", ["stones", "warlords", "tombraider"])
def test_the_celebration_wears_the_games_dress(ctx, game):
    stack, scene = _reels(ctx, game, 4)
    dress = presentation_of(scene.defn).dress
    bet = scene.bet.total_coins
    cel = CelebrationScene(
        ctx.assets, scene.sounds, 60 * bet, bet, scene.bet.coin_value_cents, tr=scene.tr, dress=dress
    )
    stack.push(cel)
    for _ in range(20):
        stack.update(DT)
    assert cel.dress is dress
    assert cel._live is not None  # the tier's rays, in the dress's colours
    assert _mean(_render(stack), pygame.Rect(340, 200, 600, 140)) > 30  # the plate is drawn


def test_each_games_plate_has_its_own_shape(ctx):
    """The same tier on the three games' plates: three different pictures."""
    from scenes.reels.celebration_art import build_plate

    shapes = {}
    for game in ("stones", "warlords", "tombraider"):
        dress = presentation_of(load_game(game).definition).dress
        plate = build_plate(dress.tiers["big"], density=1.0, shape=dress.celebration)
        alpha = pygame.surfarray.array_alpha(plate.surf)
        shapes[game] = (alpha > 128).tobytes()
    assert len(set(shapes.values())) == 3


def test_a_tiers_flash_adds_light_without_washing_the_scene_and_spares_the_band(ctx):
    stack, scene = _reels(ctx, "stones", 4)
    bet = scene.bet.total_coins
    dress = scene.presentation.dress
    cel = CelebrationScene(ctx.assets, scene.sounds, 60 * bet, bet, scene.bet.coin_value_cents, dress=dress)
    stack.push(cel)
    stack.update(DT)
    calm = _render(stack)
    cel.flash = 1.0  # the moment a tier is reached
    lit = _render(stack)
    corner = pygame.Rect(20, 120, 100, 300)  # the backdrop beside the reels
    assert _mean(lit, corner) > _mean(calm, corner)  # light added
    assert _mean(lit, corner) < 150  # but no pale wash
    band = pygame.Rect(0, RECT_BAND.top + 20, 1280, RECT_BAND.h - 20)
    assert _mean(lit, band) == pytest.approx(_mean(calm, band), abs=0.5)


@pytest.mark.slow
def test_warlords_free_spins_end_in_one_celebration_over_the_last_free_spin(ctx):
    defn = load_game("warlords").definition
    from warlords_seeds import three_way_session_seed

    seed = three_way_session_seed()  # a battle, re-spins, the Samurai's free spins, a mega win
    events = play_round(defn, default_bet(defn), SeedSource(seed).next_seed()).events
    assert any(e.type == "free_spins_end" for e in events)
    stack, scene = _reels(ctx, "warlords", seed)
    assert scene.celebrates(events[-1].total_win_coins), "the seed's round must reach a tier"
    stack.handle(Intent(Act.SPIN))
    summaries, celebrations, free_under = 0, 0, []
    for _ in range(round(400 / DT)):
        stack.update(DT)
        if scene.stage.summary is not None:
            summaries += 1
        if isinstance(stack.top, CelebrationScene):
            if not free_under:
                celebrations += 1
                assert stack.top.dress is scene.presentation.dress
            free_under.append(scene.stage.free_mode)
        elif free_under:
            break
    assert celebrations == 1
    assert summaries == 0  # the celebration carries the split: no summary before it
    assert all(free_under)  # over the free spins' last grid and backdrop, not the trigger's
    assert not scene.stage.free_mode  # and back to the main game once it closed
    assert scene.player.round_over


@pytest.mark.slow
def test_the_quests_big_win_plays_over_the_reels_not_black(ctx):
    from tombraider_seeds import FOUR, quest_big_win_session_seed

    from game.session import STATE_KEY
    from scenes.games.tombraider.world_map import WorldMapScene

    # with four passports stored: the fifth, the quest, a win over 15× the bet
    quest_seed = quest_big_win_session_seed()
    defn = load_game("tombraider").definition
    bet = default_bet(defn)
    seed = SeedSource(quest_seed).next_seed()
    result = play_round(defn, bet, seed, state=FOUR)
    assert result.pending is not None, "the seed's round must start the quest"
    ctx.ledger.set_state("tombraider", STATE_KEY, FOUR)
    stack, scene = _reels(ctx, "tombraider", quest_seed)
    stack.handle(Intent(Act.SPIN))
    for _ in range(round(600 / DT)):
        top = stack.top
        if isinstance(top, CelebrationScene):
            break
        if isinstance(top, WorldMapScene) and top.phase == "picking":
            top.pick(next(p for p in range(len(top.tiles)) if top.pickable(p)))
        elif getattr(top, "phase", None) == "picking" and hasattr(top, "pick"):
            top.pick(0)  # the Shoot-out's first disc
        stack.update(DT)
    assert isinstance(stack.top, CelebrationScene), "the quest's win must be celebrated"
    for _ in range(30):
        stack.update(DT)
    shown = _render(stack)
    assert scene.fade is None
    # the reels' frame and the side panels around the banner: the reels, dimmed, never black
    for rect in (
        pygame.Rect(20, 100, 140, 400),
        pygame.Rect(1120, 100, 140, 400),
        pygame.Rect(200, 90, 880, 80),
    ):
        assert _mean(shown, rect) > 12, rect


@pytest.mark.slow
def test_super_modes_big_win_is_one_celebration_over_its_last_spin(ctx):
    """Tomb Raider's Super Mode ending the round with a big win: its summary gives way to the
    celebration, which plays over Super Mode's last grid; Super Mode ends once it closes."""
    from tombraider_seeds import super_big_win_session_seed

    super_seed = super_big_win_session_seed()  # its first round: Super Mode, then a big win
    defn = load_game("tombraider").definition
    events = play_round(defn, default_bet(defn), SeedSource(super_seed).next_seed()).events
    kinds = [e.type for e in events]
    assert kinds[-2:] == ["super_mode_end", "round_end"]
    stack, scene = _reels(ctx, "tombraider", super_seed)
    assert scene.celebrates(events[-1].total_win_coins), "the seed's round must reach a tier"
    stack.handle(Intent(Act.SPIN))
    banners, mode_under = [], []
    for _ in range(round(400 / DT)):
        stack.update(DT)
        if scene.stage.banner is not None:
            banners.append(scene.stage.banner[0])
        if isinstance(stack.top, CelebrationScene):
            mode_under.append(scene.stage.free_mode)
        elif mode_under:
            break
    assert "fs_end" not in banners
    assert mode_under and all(mode_under)
    assert not scene.stage.free_mode and scene.hud.free_title is None
