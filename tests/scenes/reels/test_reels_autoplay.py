"""The player's autoplay in the reels scene: each stop condition stops at the right round (judged
from the ledger's own record of every round), free spins pause autoplay until the picks are made
and CONTINUE is pressed, any key or click stops it without acting on a button, settings changed
during a round apply after it, and `--autoplay N` is the same autoplay with automatic picks."""

from __future__ import annotations

import pytest

from game.autoplay import AutoplayConfig, StopReason
from game.rng import SeedSource
from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.games.stones.picker import StonePickerScene, stone_center
from scenes.menus.autoplay_dialog import AutoplayScene
from scenes.reels.autoplay import stop_message
from scenes.reels.scene import ReelsScene
from scenes.widgets.dialog import Toast

DT = 1 / 60
SEED = 11


def make(ctx, seed: int = SEED, turbo: bool = True):
    ctx.options.seed = seed
    ctx.options.turbo = turbo
    ctx.seeds = SeedSource(seed)
    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    return stack, scene


def step(stack, screen, frames: int = 1) -> None:
    for _ in range(frames):
        stack.update(DT)
        stack.draw(screen)


def run_until(stack, screen, cond, limit: int = 30000) -> None:
    for _ in range(limit):
        if cond():
            return
        step(stack, screen)
    raise AssertionError("condition never met")


def pick_all(stack, screen, picker: StonePickerScene) -> None:
    """Make every pick by clicking stones, as the player would."""
    while True:
        run_until(stack, screen, lambda: picker.phase in ("picking", "intro", "done"))
        if picker.phase != "picking":
            return
        index = next(i for i in range(20) if picker.pickable(i))
        stack.handle(Intent(Act.POINTER_DOWN, pos=stone_center(index)))
        stack.handle(Intent(Act.POINTER_UP, pos=stone_center(index)))


def play_autoplay(stack, screen, scene, config: AutoplayConfig | None, limit: int = 60000) -> list:
    """Start autoplay (unless `config` is None: already running) and run it until it stops,
    picking whenever a picker opens and pressing CONTINUE; the ledger's rounds, oldest first."""
    if config is not None:
        scene.start_autoplay(config)
    assert scene.auto_running
    for _ in range(limit):
        if not scene.auto_running and not scene.driver.active:
            break
        top = stack.top
        if isinstance(top, StonePickerScene):
            pick_all(stack, screen, top)
        elif scene.waiting == "continue":
            scene.continue_autoplay()
        step(stack, screen)
    else:
        raise AssertionError("autoplay never stopped")
    return list(reversed(scene.ctx.ledger.history(1000, game_id="stones")))


def toasts(stack) -> list[str]:
    return [s.text for s in stack.scenes if isinstance(s, Toast)]


def test_rounds_run_out_with_a_counter_on_the_hud(ctx, display):
    stack, scene = make(ctx)
    scene.start_autoplay(AutoplayConfig(rounds=10))
    step(stack, display, 2)
    assert scene.driver.active and scene.hud.auto_left == 9
    assert scene.hud.auto.label == "AUTO 9"
    rounds = play_autoplay(stack, display, scene, None)
    assert len(rounds) == 10 and all(r.status == "closed" for r in rounds)
    assert scene.auto.stop_reason is StopReason.ROUNDS_DONE
    assert scene.hud.auto_left is None and scene.hud.auto.label == "AUTO"
    assert toasts(stack) == [stop_message(scene.tr, StopReason.ROUNDS_DONE)]
    assert ctx.ledger.verify() == []


def test_stop_on_any_win(ctx, display):
    stack, scene = make(ctx)
    rounds = play_autoplay(stack, display, scene, AutoplayConfig(rounds=100, stop_on_any_win=True))
    assert scene.auto.stop_reason is StopReason.ANY_WIN
    assert rounds[-1].win_cents > 0
    assert all(r.win_cents == 0 for r in rounds[:-1])


@pytest.mark.slow
def test_stop_when_a_single_win_reaches_the_amount(ctx, display):
    stack, scene = make(ctx)
    amount = 200
    rounds = play_autoplay(
        stack, display, scene, AutoplayConfig(rounds=1000, single_win_exceeds_cents=amount)
    )
    assert scene.auto.stop_reason is StopReason.SINGLE_WIN
    assert rounds[-1].win_cents >= amount  # "exceeds or equals"
    assert all(r.win_cents < amount for r in rounds[:-1])


@pytest.mark.slow
def test_stop_when_cash_increases_or_decreases_by(ctx, display):
    start = ctx.ledger.balance_cents
    stack, scene = make(ctx)
    rounds = play_autoplay(stack, display, scene, AutoplayConfig(rounds=1000, cash_decreases_by_cents=500))
    assert scene.auto.stop_reason is StopReason.CASH_DECREASE
    after = [start]
    for r in rounds:
        after.append(after[-1] - r.bet_cents + r.win_cents)
    assert start - after[-1] >= 500 and all(start - b < 500 for b in after[1:-1])

    start = ctx.ledger.balance_cents
    count = len(rounds)
    rounds = play_autoplay(stack, display, scene, AutoplayConfig(rounds=1000, cash_increases_by_cents=100))[
        count:
    ]
    assert scene.auto.stop_reason is StopReason.CASH_INCREASE
    after = [start]
    for r in rounds:
        after.append(after[-1] - r.bet_cents + r.win_cents)
    assert after[-1] - start >= 100 and all(b - start < 100 for b in after[1:-1])


@pytest.mark.slow
def test_stop_when_the_balance_cannot_cover_the_bet(tmp_path, assets, audio, display):
    from game.ledger import Ledger
    from scenes.app.app import build_context
    from scenes.core.context import LaunchOptions

    with Ledger.open(tmp_path / "l.sqlite3", start_balance_cents=400) as led:
        ctx = build_context(LaunchOptions(data_dir=tmp_path, seed=3), assets=assets, audio=audio, ledger=led)
        stack, scene = make(ctx, seed=3)
        play_autoplay(stack, display, scene, AutoplayConfig(rounds=1000))
        assert scene.auto.stop_reason is StopReason.INSUFFICIENT_FUNDS
        assert led.balance_cents < scene.bet.total_cents
        assert stop_message(scene.tr, StopReason.INSUFFICIENT_FUNDS) in toasts(stack)
        assert led.verify() == []


@pytest.fixture(scope="module")
def feature_seed() -> int:
    """A session seed whose third or later round, not its first, triggers free spins."""
    from game.bets import default_bet
    from game.definitions import load_game
    from game.round import play_round

    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(1, 3000):
        seeds = SeedSource(s)
        flags = [play_round(defn, bet, seeds.next_seed()).pending is not None for _ in range(12)]
        if not any(flags[:2]) and any(flags[2:]):
            return s
    raise AssertionError("no seed")


@pytest.mark.slow
def test_stop_if_free_spins_won_stops_at_that_round_and_the_player_picks(ctx, display, feature_seed):
    stack, scene = make(ctx, feature_seed)
    scene.start_autoplay(AutoplayConfig(rounds=25, stop_on_free_spins=True))
    run_until(stack, display, lambda: isinstance(stack.top, StonePickerScene))
    picker = stack.top
    assert picker.auto_pick is None  # autoplay never picks for the player
    assert scene.auto.stop_reason is StopReason.FREE_SPINS
    pick_all(stack, display, picker)
    run_until(stack, display, lambda: not scene.driver.active)
    rounds = list(reversed(ctx.ledger.history(100)))
    assert rounds[-1].choices and not any(r.choices for r in rounds[:-1])
    step(stack, display, 300)
    assert ctx.ledger.count_rounds() == len(rounds)  # no further round by itself
    assert scene.waiting != "continue"


@pytest.mark.slow
def test_free_spins_pause_autoplay_until_the_picks_then_continue(ctx, display, feature_seed):
    stack, scene = make(ctx, feature_seed)
    scene.start_autoplay(AutoplayConfig(rounds=25))
    run_until(stack, display, lambda: isinstance(stack.top, StonePickerScene))
    picker = stack.top
    assert picker.auto_pick is None and scene.auto.running and scene.auto.paused_for_pick
    feature_round = ctx.ledger.count_rounds()
    pick_all(stack, display, picker)
    run_until(stack, display, lambda: scene.waiting == "continue")
    # it waits: nothing moves on by itself, the CONTINUE button is up
    step(stack, display, 240)
    assert scene.waiting == "continue" and scene.hud.show_continue and not scene.free_mode
    assert scene.hud.cont in scene.hud.widgets()
    # a click on CONTINUE: the free spins, then further rounds
    pos = scene.hud.cont.rect.center
    stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
    stack.handle(Intent(Act.POINTER_UP, pos=pos))
    assert scene.auto.running and not scene.auto.paused_for_pick
    run_until(stack, display, lambda: scene.free_mode)
    run_until(stack, display, lambda: ctx.ledger.count_rounds() >= feature_round + 2)
    assert scene.auto.running
    assert ctx.ledger.history(100)[-feature_round].choices  # the feature round completed


@pytest.mark.slow
def test_a_key_stops_autoplay_and_the_open_round_still_completes(ctx, display):
    stack, scene = make(ctx, turbo=False)
    scene.start_autoplay(AutoplayConfig(rounds=50))
    run_until(stack, display, lambda: scene.driver.active)
    stack.handle(Intent(Act.ANY_KEY))
    assert scene.auto.stop_reason is StopReason.PLAYER
    assert toasts(stack) == [stop_message(scene.tr, StopReason.PLAYER)]
    run_until(stack, display, lambda: not scene.driver.active)
    step(stack, display, 600)
    assert ctx.ledger.count_rounds() == 1 and ctx.ledger.open_round() is None


@pytest.mark.slow
def test_the_click_that_stops_autoplay_presses_no_button(ctx, display):
    stack, scene = make(ctx)
    bet = scene.bet
    scene.start_autoplay(AutoplayConfig(rounds=50))
    step(stack, display, 3)
    pos = scene.hud.max_bet.rect.center
    stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
    stack.handle(Intent(Act.POINTER_UP, pos=pos))
    assert scene.auto.stop_reason is StopReason.PLAYER
    run_until(stack, display, lambda: not scene.driver.active)
    assert scene.bet == bet  # MAX BET did not fire
    # the next click is the player's own again
    stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
    stack.handle(Intent(Act.POINTER_UP, pos=pos))
    assert scene.bet != bet


@pytest.mark.slow
def test_settings_changed_during_a_round_apply_after_it(ctx, display):
    stack, scene = make(ctx, turbo=False)
    scene.start_autoplay(AutoplayConfig(rounds=50))
    run_until(stack, display, lambda: scene.driver.active)
    stack.handle(Intent(Act.AUTOPLAY))  # A while it runs: the dialog, autoplay keeps going
    dialog = stack.top
    assert isinstance(dialog, AutoplayScene) and dialog.running and scene.auto.running
    dialog.set_flag("any_win", True)
    dialog.start()  # APPLY
    step(stack, display, 1)
    assert stack.top is scene
    assert scene.auto.pending_config is not None and not scene.auto.config.stop_on_any_win
    run_until(stack, display, lambda: not scene.driver.active)
    assert scene.auto.config.stop_on_any_win and scene.auto_config.stop_on_any_win


def test_the_settings_stay_in_the_scene_only(ctx, display):
    stack, scene = make(ctx)
    cfg = AutoplayConfig(rounds=25, stop_on_any_win=True)
    scene.start_autoplay(cfg)
    stack.handle(Intent(Act.ANY_KEY))
    run_until(stack, display, lambda: not scene.driver.active)
    stack.handle(Intent(Act.AUTOPLAY))
    assert isinstance(stack.top, AutoplayScene) and stack.top.config == cfg
    # a new scene (the game reloaded) starts from the defaults
    _, again = make(ctx)
    assert again.auto_config == AutoplayConfig()


@pytest.mark.slow
def test_the_command_line_autoplay_is_the_players_with_automatic_picks(ctx, display, feature_seed, capsys):
    """`--autoplay N` runs the same autoplay as the dialog's, for N rounds: the picker opens and
    picks by itself (no pause for CONTINUE), then the line for scripts and the app quits."""
    ctx.options.autoplay = 12  # the seed's feature comes within its first 12 rounds
    stack, scene = make(ctx, seed=feature_seed)
    assert scene.auto_running and scene.autoplay.auto_picks
    pickers = []
    for _ in range(40000):
        if stack.quit_requested:
            break
        if isinstance(stack.top, StonePickerScene) and stack.top not in pickers:
            pickers.append(stack.top)
            assert stack.top.auto_pick is not None
        assert scene.waiting != "continue"
        step(stack, display)
    assert stack.quit_requested and pickers
    assert ctx.ledger.count_rounds() == 12 and scene.auto.stop_reason is StopReason.ROUNDS_DONE
    assert any(r.choices for r in ctx.ledger.history(12))
    assert "autoplay: 12 rounds played, balance €" in capsys.readouterr().out
    assert toasts(stack) == []  # nobody is there to read one: the app quits instead


@pytest.mark.slow
def test_the_command_line_autoplay_finishes_an_open_round_first(ctx, display, capsys):
    """An unfinished round waiting for its picks (a crash) is resumed, its picks made without the
    player, and counted as one of the N rounds."""
    from game.bets import default_bet
    from game.session import RoundDriver

    defn = ctx.games["stones"].definition
    seed = next(s for s in range(1, 5000) if _pending(defn, s))
    driver = RoundDriver(ctx.ledger, ctx.games["stones"], _Seeds([seed]), ctx.session_id)
    driver.start(default_bet(defn))
    assert driver.pending is not None
    ctx.options.autoplay = 2
    stack, _ = make(ctx)
    run_until(stack, display, lambda: stack.quit_requested, limit=40000)
    rounds = list(reversed(ctx.ledger.history(10)))
    assert [r.status for r in rounds] == ["closed", "closed"] and rounds[0].seed == seed and rounds[0].choices
    assert "autoplay: 2 rounds played" in capsys.readouterr().out


class _Seeds:
    def __init__(self, seeds):
        self.seeds = list(seeds)

    def next_seed(self) -> int:
        return self.seeds.pop(0)


def _pending(defn, seed: int) -> bool:
    from game.bets import default_bet
    from game.round import play_round

    return play_round(defn, default_bet(defn), seed).pending is not None
