"""The reels scene: smoke, one bet per round under input spam, exact landing, bet locking,
keyboard controls, funds and top-up, autoplay, the win cap message and resuming a pick."""

from __future__ import annotations

import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.events import SpinEvent, WinCapEvent
from game.rng import SeedSource
from game.round import play_round
from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.games.stones.picker import StonePickerScene, stone_center
from scenes.reels.scene import ReelsScene
from scenes.reels.win_presenter import win_tier

DT = 1 / 60


def session_seed(feature: bool) -> int:
    """A `--seed` whose first round does (or does not) trigger free spins at the default bet."""
    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(1, 5000):
        r = play_round(defn, bet, SeedSource(s).next_seed())
        if (r.pending is not None) == feature and (feature or r.total_win_coins > 0):
            return s
    raise AssertionError("no seed")


@pytest.fixture(scope="module")
def feature_session_seed():
    return session_seed(True)


@pytest.fixture(scope="module")
def win_session_seed():
    return session_seed(False)


def make(ctx, seed=None, **options):
    if seed is not None:
        ctx.options.seed = seed
        ctx.seeds = SeedSource(seed)
    for k, v in options.items():
        setattr(ctx.options, k, v)
    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    return stack, scene


def run(stack, screen, frames, dt=DT):
    for _ in range(frames):
        stack.update(dt)
        stack.draw(screen)


def run_until(stack, screen, cond, limit=6000, dt=DT):
    for _ in range(limit):
        if cond():
            return
        stack.update(dt)
        stack.draw(screen)
    raise AssertionError("condition never met")


@pytest.mark.slow
def test_smoke_builds_and_runs_frames(ctx, display):
    stack, scene = make(ctx)
    run(stack, display, 60)
    assert stack.top is scene
    assert scene.hud.message
    assert not scene.driver.active


@pytest.mark.slow
def test_a_spin_lands_on_the_stored_grid_and_credits_once(ctx, display, win_session_seed):
    stack, scene = make(ctx, win_session_seed)
    start = ctx.ledger.balance_cents
    stack.handle(Intent(Act.SPIN))
    assert scene.driver.active
    spin = scene.player.current
    assert isinstance(spin, SpinEvent)
    # hammering SPIN and clicks during the spin: one bet (F3)
    for _ in range(40):
        stack.handle(Intent(Act.SPIN))
        stack.handle(Intent(Act.POINTER_DOWN, pos=(1190, 646)))
        stack.handle(Intent(Act.POINTER_UP, pos=(1190, 646)))
        stack.update(DT)
    run_until(stack, display, lambda: not scene.driver.active)
    assert scene.view.visible_cells() == spin.grid  # R6
    rounds = ctx.ledger.history(10)
    assert len(rounds) == 1 and rounds[0].status == "closed"
    bet = rounds[0].bet
    assert ctx.ledger.balance_cents == start - bet.total_cents + rounds[0].win_cents
    assert scene.hud.balance_cents == ctx.ledger.balance_cents
    assert ctx.ledger.verify() == []
    run(stack, display, 200)  # the line cycle keeps presenting
    assert scene.presenter.active and scene.hud.message.startswith(("LINE", "SCATTER"))


@pytest.mark.slow
def test_draw_changes_nothing(ctx, display, win_session_seed):
    stack, scene = make(ctx, win_session_seed)
    stack.handle(Intent(Act.SPIN))
    for _ in range(240):
        before = (
            [r.pos for r in scene.view.reels],
            scene.waiting,
            scene.hud.win_shown,
            scene.presenter.phase,
            scene.stage.clock,
        )
        stack.draw(display)
        after = (
            [r.pos for r in scene.view.reels],
            scene.waiting,
            scene.hud.win_shown,
            scene.presenter.phase,
            scene.stage.clock,
        )
        assert before == after
        stack.update(DT)


def test_bets_change_between_rounds_only_and_by_keyboard(ctx, display, win_session_seed):
    stack, scene = make(ctx, win_session_seed)
    bet0 = scene.bet
    stack.handle(Intent(Act.LEVEL_UP))
    assert scene.bet.level == bet0.level + 1
    stack.handle(Intent(Act.LINES_DOWN))
    assert scene.bet.lines == bet0.lines - 1
    stack.handle(Intent(Act.COIN_UP))
    assert scene.bet.coin_value_cents > bet0.coin_value_cents
    stack.handle(Intent(Act.COIN_DOWN))
    stack.handle(Intent(Act.MAX_BET))  # the rules: MAX BET plays at 25 lines and the top level
    assert scene.bet.lines == 25 and scene.bet.level == 10 and scene.driver.active
    during = scene.bet
    for act in (Act.LEVEL_DOWN, Act.LINES_DOWN, Act.COIN_UP, Act.MAX_BET):
        stack.handle(Intent(act))
    assert scene.bet == during
    assert ctx.ledger.open_round().bet == during
    assert scene.hud.bet_locked


@pytest.mark.slow
def test_esc_while_spinning_says_why_and_leaves_when_idle(ctx, display, win_session_seed):
    from scenes.core.stack import Scene
    from scenes.widgets.dialog import Toast

    stack = SceneStack()
    below = Scene()
    stack.push(below)
    ctx.seeds = SeedSource(win_session_seed)
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    stack.handle(Intent(Act.SPIN))
    for _ in range(5):  # pressed again and again: one toast, shown again from the start
        stack.handle(Intent(Act.BACK))
        stack.update(DT)
    toasts = [s for s in stack.scenes if isinstance(s, Toast)]
    assert [t.text for t in toasts] == ["Finish the round first"] and scene.driver.active
    assert stack.scenes[1] is scene
    run_until(stack, display, lambda: not scene.driver.active and not stack.top.transient)
    stack.handle(Intent(Act.BACK))
    assert stack.top is below


def test_insufficient_balance_offers_a_top_up(tmp_path, assets, audio, display):
    from game.ledger import Ledger
    from scenes.app.app import build_context
    from scenes.core.context import LaunchOptions

    with Ledger.open(tmp_path / "l.sqlite3", start_balance_cents=0) as led:
        ctx = build_context(LaunchOptions(data_dir=tmp_path, seed=3), assets=assets, audio=audio, ledger=led)
        stack, scene = make(ctx)
        stack.handle(Intent(Act.SPIN))
        assert not scene.driver.active and led.count_rounds() == 0
        assert "Insufficient balance" in scene.hud.message and scene.hud.show_top_up
        run(stack, display, 5)
        # the TOP UP button takes the place of MAX BET
        pos = scene.hud.top_up.rect.center
        stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
        stack.handle(Intent(Act.POINTER_UP, pos=pos))
        assert led.balance_cents > 0 and not scene.hud.show_top_up
        assert led.verify() == []


def test_autoplay_plays_n_rounds_then_asks_to_quit(ctx, display):
    stack, _scene = make(ctx, 5, autoplay=4, turbo=True)
    run_until(stack, display, lambda: stack.quit_requested, limit=20000)
    rounds = ctx.ledger.history(50)
    assert len(rounds) == 4 and all(r.status == "closed" for r in rounds)
    assert ctx.ledger.verify() == []


@pytest.mark.parametrize(
    ("fields", "english", "spanish"),
    [
        (
            {"rule": "currency"},
            "Maximum win of €250,000.00 reached",
            "Se ha alcanzado la ganancia máxima de 250.000,00\u00a0€",
        ),
        ({"reason": "an English sentence stored before 1.1"}, "Maximum win of €250,000.00 reached", None),
        ({"rule": "coins_per_level"}, "Maximum win of 5,000,000 coins reached", None),
    ],
)
def test_win_cap_is_said_on_screen_in_the_players_words(ctx, display, fields, english, spanish):
    _, scene = make(ctx)
    ev = WinCapEvent(cap_coins=250_000_00 // 5, uncapped_coins=6_000_000, **fields)
    scene.player.bet = scene.bet  # as a round's start sets it
    scene.player.queue.append(ev)
    scene.player.pump()
    assert scene.hud.message == english
    assert scene.overlay is not None and scene.overlay[1] == scene.hud.message
    scene.draw(display)
    if spanish is not None:
        ctx.i18n.set_language("es")
        assert scene.hud.message == spanish == scene.overlay[1]


@pytest.mark.slow
def test_the_feature_round_runs_to_the_end_with_clicks(ctx, display, feature_session_seed):
    stack, scene = make(ctx, feature_session_seed, turbo=True)
    start = ctx.ledger.balance_cents
    stack.handle(Intent(Act.SPIN))
    run_until(stack, display, lambda: isinstance(stack.top, StonePickerScene))
    picker = stack.top
    for _ in range(picker.total_picks):
        run_until(stack, display, lambda: picker.phase == "picking")
        index = next(i for i in range(20) if picker.pickable(i))
        stack.handle(Intent(Act.POINTER_DOWN, pos=stone_center(index)))
        stack.handle(Intent(Act.POINTER_UP, pos=stone_center(index)))
        # a double click during the reveal is ignored
        stack.handle(Intent(Act.POINTER_DOWN, pos=stone_center(index)))
        stack.handle(Intent(Act.POINTER_UP, pos=stone_center(index)))
    run_until(stack, display, lambda: stack.top is scene, limit=20000)
    assert scene.fade is not None  # back from the bonus scene: the reels fade in, not cut in
    run_until(stack, display, lambda: scene.fade is None, limit=60)
    run_until(stack, display, lambda: stack.top is scene and scene.free_mode, limit=20000)
    assert scene.hud.free is not None
    stack.handle(Intent(Act.SPIN))  # slam / hurry, never a new bet
    summaries = []

    def over() -> bool:
        if scene.stage.summary and (not summaries or summaries[-1] != scene.stage.summary):
            summaries.append(list(scene.stage.summary))
        return not scene.driver.active and stack.top is scene

    run_until(stack, display, over, limit=40000)
    rounds = ctx.ledger.history(5)
    assert len(rounds) == 1 and len(rounds[0].choices) == picker.total_picks
    # the feature's summary: its own win, the main game's, the round's total, each labelled
    events = rounds[0].events
    free = next(e["win_coins"] for e in events if e["type"] == "free_spins_end")
    main = next(e["win_coins"] for e in events if e["type"] == "spin" and e["mode"] == "base")
    expected = [("FREE SPINS", free), *([("MAIN GAME", main)] if main else []), ("ROUND TOTAL", free + main)]
    assert summaries == [expected] and rounds[0].win_coins == free + main
    assert scene.player.win_parts == [*([("MAIN GAME", main)] if main else []), ("FREE SPINS", free)]
    assert ctx.ledger.balance_cents == start - rounds[0].bet_cents + rounds[0].win_cents
    assert not scene.free_mode and scene.hud.free is None
    assert ctx.ledger.verify() == []


def test_an_open_pick_is_resumed_with_the_stones_shown_open(ctx, display, feature_session_seed):
    from game.session import RoundDriver

    ctx.seeds = SeedSource(feature_session_seed)
    driver = RoundDriver(ctx.ledger, ctx.games["stones"], ctx.seeds, ctx.session_id)
    view = driver.start(default_bet(ctx.games["stones"].definition))
    driver.choose(11)
    balance = ctx.ledger.balance_cents
    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    run(stack, display, 2)
    picker = stack.top
    assert isinstance(picker, StonePickerScene)
    assert picker.stones[11].open and not picker.pickable(11)
    assert scene.view.visible_cells() == view.events[0].grid
    assert ctx.ledger.balance_cents == balance  # no second debit
    # Esc leaves with the round still open
    stack.handle(Intent(Act.BACK))
    assert len(stack) == 0
    assert ctx.ledger.open_round() is not None


@pytest.mark.slow
def test_silent_audio_plays_the_same(ctx, display, win_session_seed):
    ctx.audio._silent = True  # as when no mixer could start
    stack, scene = make(ctx, win_session_seed)
    stack.handle(Intent(Act.SPIN))
    run_until(stack, display, lambda: not scene.driver.active)
    assert "common/spin_loop" in scene.sounds.played and "common/reel_stop" in scene.sounds.played


@pytest.mark.slow
def test_celebration_smoke_and_skip(ctx, display):
    from scenes.core.stack import Scene
    from scenes.reels.celebration import CelebrationScene
    from scenes.reels.sound_director import SoundDirector

    done = []
    for win, reduced in ((20 * 25, False), (60 * 25, False), (200 * 25, True)):
        stack = SceneStack()
        stack.push(Scene())
        counted: list[int] = []
        cel = CelebrationScene(
            ctx.assets,
            SoundDirector(ctx.audio, "stones"),
            win,
            25,
            5,
            reduced_motion=reduced,
            on_count=counted.append,
            on_done=lambda: done.append(True),
        )
        stack.push(cel)
        run(stack, display, 60)
        assert 0 < cel.shown < win and counted[-1] == cel.shown
        assert counted == sorted(counted)  # the count only rises
        stack.handle(Intent(Act.SPIN))  # first: the count completes, at the highest tier reached
        assert cel.shown == win and counted[-1] == win and stack.top is cel
        assert cel.tier == win_tier(win, 25)
        stack.handle(Intent(Act.SPIN))  # then: it closes
        assert stack.top is not cel
    assert done == [True, True, True]


@pytest.mark.slow
def test_the_celebration_climbs_through_the_tiers_with_their_stings(ctx, display):
    from scenes.core.stack import Scene
    from scenes.reels.celebration import CelebrationScene, count_plan
    from scenes.reels.sound_director import SoundDirector

    plan = count_plan(200 * 25, 25)
    assert [p[0] for p in plan] == ["big", "mega", "epic"]
    assert [(p[1], p[2]) for p in plan] == [(0, 50 * 25), (50 * 25, 150 * 25), (150 * 25, 200 * 25)]
    sounds = SoundDirector(ctx.audio, "stones")
    stings: list[str] = []
    play = sounds.win
    sounds.win = lambda tier: (stings.append(tier), play(tier))  # type: ignore[method-assign]
    stack = SceneStack()
    stack.push(Scene())
    cel = CelebrationScene(ctx.assets, sounds, 200 * 25, 25, 5, tr=ctx.i18n)
    stack.push(cel)
    seen = []
    for _ in range(60 * 12):
        if stack.top is not cel:
            break
        stack.update(DT)
        stack.draw(display)
        if cel.shown < cel.win_coins:  # the tier shown always matches the count so far
            assert cel.tier == (win_tier(max(cel.shown, 15 * 25), 25))
        seen.append(cel.tier)
    assert cel.tiers_shown == ["big", "mega", "epic"] and stack.top is not cel
    assert stings == ["big", "mega", "epic"]  # each tier its own sting (common/win_<tier>)


@pytest.mark.slow
def test_win_presenter_shows_all_lines_then_cycles(ctx, display, win_session_seed):
    from scenes.reels.win_presenter import LINE_COLOURS, MSG_ALL

    assert len(set(LINE_COLOURS)) == 25
    assert win_tier(15 * 25, 25) == "big" and win_tier(50 * 25, 25) == "mega"
    assert win_tier(150 * 25, 25) == "epic" and win_tier(14 * 25, 25) is None
    stack, scene = make(ctx, win_session_seed)
    stack.handle(Intent(Act.SPIN))
    run_until(stack, display, lambda: not scene.driver.active)
    spin = scene.player.current
    p = scene.presenter
    assert p.phase == "all"
    assert p.emphasis == frozenset(tuple(c) for w in spin.wins for c in w.positions)
    # the message line names the win from the moment it shows, not "Good luck!"
    first = spin.wins[0]
    if len(spin.wins) > 1:
        assert scene.hud.message == MSG_ALL.format(n=len(spin.wins), coins=spin.win_coins)
    else:
        assert scene.hud.message.endswith(f"{first.coins:,} coins")
    seen = set()
    for _ in range(60 * 12):
        stack.update(DT)
        if p.message and p.phase == "cycle":
            seen.add(p.message)
    expected = {
        f"LINE {w.line}: {w.coins:,} coins" if w.kind == "line" else f"SCATTER: {w.coins:,} coins"
        for w in spin.wins
    }
    assert seen == expected
    # hovering a line marker previews that line
    lr = p.marker_rects[6][0]
    stack.handle(Intent(Act.POINTER_MOVE, pos=lr.center))
    assert scene.hover_line == 7
    stack.draw(display)


@pytest.mark.slow
def test_an_unresumable_round_is_voided_refunded_and_play_goes_on(ctx, display):
    """A round begun under other game data cannot be resumed: the scene voids it (the bet comes
    back), says so in a notice with the rules' malfunction sentence, and SPIN works again."""
    from game import ENGINE_VERSION
    from scenes.widgets.dialog import MessageDialog

    loaded = ctx.games["stones"]
    bet = default_bet(loaded.definition)
    start = ctx.ledger.balance_cents
    ctx.ledger.begin_round("stones", "0" * 64, ENGINE_VERSION, bet, 7, ctx.session_id)
    assert ctx.ledger.balance_cents == start - bet.total_cents
    stack, scene = make(ctx, 3)
    run(stack, display, 2)
    notice = stack.top
    assert isinstance(notice, MessageDialog)
    assert "Malfunction voids all pays and plays" in notice.body and "€1.25" in notice.body
    assert ctx.ledger.balance_cents == start and scene.hud.balance_cents == start
    assert ctx.ledger.open_round() is None and not scene.blocked
    assert scene.hud.message == "Unfinished round voided: €1.25 refunded"
    stack.handle(Intent(Act.CONFIRM))  # OK
    run(stack, display, 2)
    assert stack.top is scene and scene.hud.spin_mode == "spin"
    stack.handle(Intent(Act.SPIN))
    assert scene.driver.active
    run_until(stack, display, lambda: not scene.driver.active)
    assert [r.status for r in ctx.ledger.history(5)] == ["closed", "void"]
    assert ctx.ledger.verify() == []


def big_win_session_seed() -> int:
    """A `--seed` whose first round, with no feature, wins at least 15× the bet (a big win)."""
    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(1, 5000):
        r = play_round(defn, bet, SeedSource(s).next_seed())
        if r.pending is None and r.total_win_coins >= 15 * bet.total_coins:
            return s
    raise AssertionError("no seed")


@pytest.mark.slow
def test_the_balance_rises_with_the_celebration_count_never_before(ctx, display):
    from scenes.reels.celebration import CelebrationScene

    stack, scene = make(ctx, big_win_session_seed())
    start = ctx.ledger.balance_cents
    stack.handle(Intent(Act.SPIN))
    cv = scene.bet.coin_value_cents
    shown: list[int] = []
    celebrated = None
    for _ in range(60 * 30):
        stack.update(DT)
        stack.draw(display)
        balance = scene.hud._boxes_shown()[0][3]  # the BALANCE box, in cents
        assert balance <= ctx.ledger.balance_cents  # never more than the ledger holds
        shown.append(balance)
        if isinstance(stack.top, CelebrationScene):
            celebrated = stack.top
            # credited by the ledger, shown only as far as the celebration has counted
            win = celebrated.win_coins
            assert ctx.ledger.balance_cents == start - scene.bet.total_cents + win * cv
            assert balance == ctx.ledger.balance_cents - (win - celebrated.shown) * cv
        if celebrated is not None and stack.top is scene and not scene.player.waiting:
            break
    assert celebrated is not None and celebrated.tier == "big"
    after_bet = [b for b in shown if b >= start - scene.bet.total_cents]
    assert after_bet == sorted(after_bet)  # from the bet on, the balance shown only rises
    assert shown[-1] == ctx.ledger.balance_cents == scene.hud.balance_cents
