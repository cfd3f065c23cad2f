"""Feedback for every press in the reels and the lobby: what cannot act now says why in a toast
(a bet mid-round, a bet at its limit, the maximum bet again, a blocked game, a key meant for a
game in the lobby), never silently; T flips quick spin and says so."""

from __future__ import annotations

import pytest

from game.bets import max_bet
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.reels.scene import ReelsScene
from scenes.widgets.dialog import Toast

DT = 1 / 60


def make(ctx):
    stack = SceneStack()
    stack.push(Scene())
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    stack.update(DT)
    return stack, scene


def toasts(stack) -> list[str]:
    return [s.text for s in stack.scenes if isinstance(s, Toast)]


def click(stack, pos):
    stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
    stack.handle(Intent(Act.POINTER_UP, pos=pos))


@pytest.mark.parametrize(
    ("act", "said"),
    [
        (Act.LEVEL_DOWN, "The bet level is already at its lowest"),
        (Act.LINES_UP, "Every line is already in play"),
    ],
)
def test_a_bet_at_its_limit_says_so(ctx, display, act, said):
    stack, scene = make(ctx)
    bet = scene.bet
    stack.handle(Intent(act))
    assert scene.bet == bet and toasts(stack) == [said]


@pytest.mark.slow
def test_the_greyed_selector_end_and_max_bet_say_why(ctx, display):
    stack, scene = make(ctx)
    click(stack, scene.hud.level.minus.rect.center)  # level 1: the − is greyed
    assert toasts(stack) == ["The bet level is already at its lowest"]
    stack.handle(Intent(Act.MAX_BET))  # Stones: MAX BET plays at the maximum bet
    assert scene.bet == max_bet(scene.defn, scene.bet) and scene.bet.level == 10 and scene.driver.active
    stack.handle(Intent(Act.MAX_BET))
    assert toasts(stack)[-1] == "The bet can change when the round is over"
    run_until_idle(stack, scene, display)
    stack.handle(Intent(Act.LEVEL_UP))
    assert toasts(stack)[-1] == "The bet level is already at its highest"
    # a game whose MAX BET only sets the bet says so when it is already there
    scene.defn = scene.defn.model_copy(update={"bet": scene.defn.bet.model_copy(update={"max_bet": "sets"})})
    rounds = ctx.ledger.count_rounds()
    stack.handle(Intent(Act.MAX_BET))
    assert toasts(stack)[-1] == "The bet is already at its maximum" and ctx.ledger.count_rounds() == rounds


def run_until_idle(stack, scene, display, limit=20000):
    for _ in range(limit):
        if not scene.driver.active and not scene.player.waiting and stack.top is scene:
            return
        stack.update(DT)
        stack.draw(display)
    raise AssertionError("never idle")


def test_the_bet_is_locked_mid_round_and_says_so(ctx, display):
    stack, scene = make(ctx)
    stack.handle(Intent(Act.SPIN))
    stack.update(DT)
    bet = scene.bet
    for act in (Act.LEVEL_UP, Act.COIN_UP, Act.MAX_BET):
        stack.handle(Intent(act))
    click(stack, scene.hud.level.plus.rect.center)
    assert scene.bet == bet and toasts(stack) == ["The bet can change when the round is over"]


@pytest.mark.slow
def test_t_flips_quick_spin_and_says_which_way(ctx, display):
    stack, scene = make(ctx)
    assert not ctx.settings.quick_spin
    stack.handle(Intent(Act.TURBO))
    assert ctx.settings.quick_spin and toasts(stack) == ["Quick spin on"]
    stack.handle(Intent(Act.TURBO))
    assert not ctx.settings.quick_spin and toasts(stack) == ["Quick spin off"]
    stack.handle(Intent(Act.SPIN))
    assert scene.player.pace.quick is False


def test_keys_meant_for_a_game_say_so_in_the_lobby(ctx, display):
    from scenes.front.lobby import LobbyScene

    stack = SceneStack()
    stack.push(LobbyScene(ctx))
    for act in (Act.PAYTABLE, Act.RULES, Act.AUTOPLAY, Act.LEVEL_UP, Act.TURBO):
        assert stack.handle(Intent(act))
    assert toasts(stack) == ["Open a game first"]


def test_modal_screens_say_to_close_them_first(ctx, display):
    from scenes.menus.mixer import MixerScene
    from scenes.menus.settings_menu import SettingsScene

    for scene in (SettingsScene(ctx), MixerScene(ctx)):
        stack = SceneStack()
        stack.push(Scene())
        stack.push(scene)
        stack.handle(Intent(Act.PAYTABLE))
        assert toasts(stack) == ["Close this screen first (Esc)"]
        assert [s for s in stack.scenes if not s.transient][-1] is scene
