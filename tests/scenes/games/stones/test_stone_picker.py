"""The stone picker: picks through the driver (ledger first), no double picks while a stone
opens, keyboard picking, unpicked stones shown greyed at the end, the free-spins intro, and
the events after the picks handed back to the reels."""

from __future__ import annotations

import pytest

from game.bets import default_bet
from game.events import PickRequestEvent
from game.games.stones.events import FreeSpinsStartEvent, FreeSpinsTriggerEvent
from game.round import play_round
from game.session import RoundDriver
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.games.stones.picker import StonePickerScene, feature_name, stone_center
from scenes.reels.sound_director import SoundDirector

DT = 1 / 60


class Seeds:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def next_seed(self) -> int:
        return self.seed


@pytest.fixture(scope="module")
def seed():
    from game.definitions import load_game

    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(10_000):
        if play_round(defn, bet, s).pending is not None:
            return s
    raise AssertionError


@pytest.fixture
def setup(ctx, display, seed):
    loaded = ctx.games["stones"]
    driver = RoundDriver(ctx.ledger, loaded, Seeds(seed), ctx.session_id)
    view = driver.start(default_bet(loaded.definition))
    trigger = next(e for e in view.events if isinstance(e, FreeSpinsTriggerEvent))
    first = [e for e in view.events if isinstance(e, PickRequestEvent)]
    finished: list[list] = []
    left: list[bool] = []

    def build(auto_pick=None, events=None, resumed=False):
        stack = SceneStack()
        stack.push(Scene())
        picker = StonePickerScene(
            ctx.assets,
            SoundDirector(ctx.audio, "stones"),
            loaded.definition,
            events if events is not None else first,
            choose=driver.choose,
            on_finished=finished.append,
            on_leave=lambda: left.append(True),
            trigger=trigger,
            auto_pick=auto_pick,
            resumed=resumed,
        )
        stack.push(picker)
        return stack, picker

    return driver, build, finished, left, trigger


def run_until(stack, screen, cond, limit=5000):
    for _ in range(limit):
        if cond():
            return
        stack.update(DT)
        stack.draw(screen)
    raise AssertionError("never")


def click(stack, index):
    stack.handle(Intent(Act.POINTER_DOWN, pos=stone_center(index)))
    stack.handle(Intent(Act.POINTER_UP, pos=stone_center(index)))


@pytest.mark.slow
def test_smoke_and_a_full_pick_by_mouse(ctx, display, setup):
    driver, build, finished, _left, trigger = setup
    stack, picker = build()
    for _ in range(60):
        stack.update(DT)
        stack.draw(display)
    assert picker.phase == "picking" and picker.total_picks == trigger.picks
    picks = []
    for index in (4, 9, 16, 0, 1)[: trigger.picks]:
        run_until(stack, display, lambda: picker.phase == "picking")
        click(stack, index)
        picks.append(index)
        assert ctx.ledger.open_round().choices == tuple(picks)  # recorded before shown
        click(stack, index)  # ignored: already picked and still opening
        click(stack, (index + 1) % 20)  # ignored: a reveal is animating
        assert ctx.ledger.open_round().choices == tuple(picks)
    run_until(stack, display, lambda: picker.phase == "unveil")
    run_until(stack, display, lambda: picker.phase == "intro")
    assert all(st.open for st in picker.stones)
    greyed = [st.index for st in picker.stones if st.greyed]
    assert sorted(greyed) == sorted(set(range(20)) - set(picks))
    start = picker.start_event
    assert isinstance(start, FreeSpinsStartEvent)
    assert picker.spins == start.spins and picker.multiplier == start.multiplier
    stack.handle(Intent(Act.SPIN))  # skip the intro
    stack.update(DT)
    assert finished and isinstance(finished[0][0], FreeSpinsStartEvent)
    assert driver.finished
    assert not isinstance(stack.top, StonePickerScene)


def test_keyboard_picking(ctx, display, setup):
    _driver, build, _finished, _left, _trigger = setup
    stack, picker = build()
    stack.update(DT)
    stack.handle(Intent(Act.RIGHT))
    stack.handle(Intent(Act.DOWN))
    assert picker.focus == 6
    stack.handle(Intent(Act.CONFIRM))
    assert ctx.ledger.open_round().choices == (6,)
    assert picker.phase == "revealing"
    stack.handle(Intent(Act.CONFIRM))
    assert ctx.ledger.open_round().choices == (6,)


@pytest.mark.slow
def test_autopick_and_resume_shows_earlier_picks_open(ctx, display, setup):
    driver, build, finished, _left, _trigger = setup
    new = driver.choose(2)
    pending = next(e for e in driver.events if isinstance(e, PickRequestEvent))
    events = [pending, *new]
    stack, picker = build(events=events, resumed=True)
    assert picker.stones[2].open and not picker.pickable(2)
    calls = []

    def auto(options, picked):
        calls.append(list(picked))
        return next(i for i in range(options) if i not in picked)

    picker.auto_pick = auto
    run_until(stack, display, lambda: bool(finished), limit=20000)
    assert calls and calls[0] == [2]
    assert driver.finished


@pytest.mark.slow
def test_escape_leaves_with_the_round_open(ctx, display, setup):
    _driver, build, _finished, left, _trigger = setup
    stack, _picker = build()
    stack.update(DT)
    stack.handle(Intent(Act.BACK))
    assert left == [True]
    assert ctx.ledger.open_round() is not None


def test_feature_names(ctx):
    from game.games.stones.events import StoneReveal

    defn = ctx.games["stones"].definition
    assert feature_name(StoneReveal(kind="spins", value=3, key="spins_3"), defn) == "+3 FREE SPINS"
    assert feature_name(StoneReveal(kind="multiplier", value=2, key="mult_2"), defn) == "+x2 MULTIPLIER"
    assert feature_name(StoneReveal(kind="wild_reel", value=2, key="wild_reel_2"), defn) == "WILD REEL 2"
    assert (
        feature_name(StoneReveal(kind="wild_symbol", symbol="deer", key="wild_deer"), defn) == "DEER IS WILD"
    )


@pytest.mark.slow
def test_a_bonus_scene_of_its_own_balanced_with_the_money_in_its_style(ctx, display, setup):
    """The picker fills the screen (opaque: the reels are not drawn under it), the stones and the
    features sit centred as one block with equal margins, and the money strip shows the reels'
    own figures: the balance as shown, the bet, the round's win so far."""
    from scenes.games.stones.picker_paint import LAYOUT, stone_rect
    from scenes.reels.band import Band

    _driver, build, _finished, _left, _trigger = setup
    stack, picker = build()
    assert picker.opaque and picker.modal
    block = stone_rect(0).union(LAYOUT.panel)
    assert block.left == 1280 - block.right and stone_rect(19).bottom == LAYOUT.panel.bottom
    assert stone_rect(19).right < LAYOUT.panel.left and LAYOUT.hud.top > LAYOUT.stage.bottom
    band = Band(ctx.i18n)
    band.balance_cents = ctx.ledger.balance_cents
    band.count_win_to(40, 0.0)
    bet = default_bet(ctx.games["stones"].definition)
    picker.hud.band, picker.hud.bet = band, bet  # as the presentation passes the reels' own
    assert picker.hud.figures() == [
        ("BALANCE", ctx.ledger.balance_cents),
        ("BET", bet.total_cents),
        ("WIN", 40 * bet.coin_value_cents),
    ]
    band.balance_cents = None  # a replay's band knows no balance: BET and WIN only
    assert [label for label, _ in picker.hud.figures()] == ["BET", "WIN"]
    for _ in range(30):
        stack.update(DT)
    display.fill((255, 0, 255))
    stack.draw(display)
    assert display.get_at((4, 4))[:3] != (255, 0, 255)  # its own backdrop, corner to corner


def test_presses_that_cannot_act_say_why_and_m_still_mutes(ctx, display, setup):
    from scenes.widgets.dialog import Toast

    _driver, build, _finished, _left, _trigger = setup
    stack, picker = build()
    run_until(stack, display, lambda: picker.phase == "picking")
    click(stack, 3)
    run_until(stack, display, lambda: picker.phase == "picking" or picker.phase == "intro")
    if picker.phase == "picking":
        click(stack, 3)  # already open
        assert [s.text for s in stack.scenes if isinstance(s, Toast)] == ["That stone is already open"]
    stack.handle(Intent(Act.PAYTABLE))
    assert [s.text for s in stack.scenes if isinstance(s, Toast)][-1] == "Finish the feature first"
    assert not stack.handle(Intent(Act.MUTE))  # left to the app, which mutes
