"""No round can be stranded: a round left open at any moment resumes through the real reels scene
and its bonus scenes, at normal speed and in turbo, and is credited once with the engine's total.

Each case opens a round through the round driver as the app would (the bet debited, the seed and
the picks stored), stops there as a killed app does (nothing else written), then starts the
game's reels scene on the same ledger with `--autoplay 1` and runs the scene stack until no round
is open. The cut points: before the first pick, between picks (the Shoot-out's disc pending), and
after the last stored pick (every choice stored, the feature's end still to show — the moment a
Tomb Raider quest used to strand its round). Checked: the round is finished and credited with the
engine's total, no pick is refused (nothing is retried), the ledger's audit is clean.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.events import PickRequestEvent
from game.games.tombraider.events import ShootoutStartEvent, ShowdownEvent
from game.rng import SeedSource
from game.round import play_round
from game.session import STATE_KEY, RoundDriver
from scenes.core.stack import Scene, SceneStack

FOUR = {"version": 1, "active": [True, True, True, True, False], "spins": 40, "bet_cents": 1200}
DT = 1 / 20  # coarse frames: every pause still runs its course, in simulated time


class _Seeds:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def next_seed(self) -> int:
        return self.seed


def _round_seed(game: str, has: Callable[[list], bool], state=None, limit: int = 20000) -> int:
    """The first session seed's first round seed whose round (no picks made) satisfies `has`."""
    defn = load_game(game).definition
    bet = default_bet(defn)
    model = None
    if state is not None:
        from game.games.tombraider.model import PassportState

        model = PassportState.model_validate(state)
    for s in range(1, limit):
        seed = SeedSource(s).next_seed()
        if has(list(play_round(defn, bet, seed, [], state=model).events)):
            return seed
    raise AssertionError(f"no {game} seed found")


def _types(events: list) -> set[str]:
    return {e.type for e in events}


def _spin_modes(events: list) -> set[str]:
    return {e.mode for e in events if e.type == "spin"}


# (game, feature, what the round's first events must hold, passports stored)
NO_PICKS = [
    ("stones", "base", lambda ev: _types(ev) == {"spin", "round_end"} and ev[0].win_coins > 0, None),
    ("warlords", "free_spins", lambda ev: "warlords_free_spins_start" in _types(ev), None),
    ("warlords", "respins", lambda ev: "respins_start" in _types(ev), None),
    ("warlords", "battle", lambda ev: "battle" in _types(ev), None),
    ("warlords", "final_chance", lambda ev: "final_chance" in _types(ev), None),
    (
        "tombraider",
        "free_spins",
        lambda ev: "free" in _spin_modes(ev) and "pick_request" not in _types(ev),
        None,
    ),
    (
        "tombraider",
        "super_mode",
        lambda ev: "super_mode_start" in _types(ev) and "pick_request" not in _types(ev),
        None,
    ),
]


def _ctx(ctx, game: str, turbo: bool):
    ctx.options.autoplay = 1
    ctx.options.turbo = turbo
    ctx.settings.quick_spin = False
    assert game in ctx.games
    return ctx


def _resume(ctx, game: str, caplog) -> tuple[SceneStack, list[str]]:
    """The game's reels scene on the ledger's open round, `--autoplay 1`, run until no round is
    open and the reels are idle; returns the stack and the bonus scenes seen."""
    from scenes.reels.scene import ReelsScene

    stack = SceneStack()
    stack.push(Scene())
    scene = ReelsScene(ctx, game)
    stack.push(scene)
    seen: list[str] = []
    caplog.set_level(logging.ERROR)
    for _ in range(40_000):  # ~2,000 s of simulated time
        stack.update(DT)
        name = type(stack.top).__name__
        if not seen or seen[-1] != name:
            seen.append(name)
        if ctx.ledger.open_round() is None and not scene.driver.active:
            break
    else:
        raise AssertionError(
            f"the round never finished; scenes {seen}, top phase {getattr(stack.top, 'phase', '')}"
        )
    refused = [
        r for r in caplog.records if "pick failed" in r.getMessage() or "PickRefused" in r.getMessage()
    ]
    assert not refused, refused[:1]
    return stack, seen


def _check_closed(ledger, round_id: int, expected_coins: int | None, bet) -> None:
    assert ledger.open_round() is None
    rec = next(r for r in ledger.history(10) if r.round_id == round_id)
    assert rec.status == "closed"
    if expected_coins is not None:
        assert rec.win_cents == bet.coins_to_cents(expected_coins)
    assert not ledger.verify()


@pytest.mark.parametrize("turbo", [False, True], ids=["normal", "turbo"])
@pytest.mark.parametrize(
    ("game", "feature", "has", "state"), NO_PICKS, ids=[f"{g}-{f}" for g, f, *_ in NO_PICKS]
)
def test_a_round_without_picks_resumes_and_is_credited(ctx, caplog, game, feature, has, state, turbo):
    ctx = _ctx(ctx, game, turbo)
    loaded = ctx.games[game]
    seed = _round_seed(game, has, state)
    driver = RoundDriver(ctx.ledger, loaded, _Seeds(seed), None)
    view = driver.start(default_bet(loaded.definition))
    assert view.finished  # the killed app had shown part of it; the engine has all of it
    expected = driver.total_win_coins
    _resume(ctx, game, caplog)
    _check_closed(ctx.ledger, view.round_id, expected, view.bet)


def _play_picks(driver: RoundDriver, stop: Callable[[RoundDriver], bool], rng: random.Random) -> None:
    """Answer the driver's picks at random until `stop(driver)` or nothing is pending."""
    while driver.pending is not None and not stop(driver):
        req = driver.pending
        free = [i for i in range(req.options) if i not in req.picked]
        driver.choose(rng.choice(free))


def _shootout_pending(driver: RoundDriver) -> bool:
    ev = driver.events
    return driver.pending is not None and len(ev) >= 2 and isinstance(ev[-2], ShootoutStartEvent)


def _open_picked_round(
    ctx, game: str, cut: str, want: Callable[[tuple], bool] | None
) -> tuple[int, int | None, object]:
    """Open a round with picks in the ledger, cut at `cut` ("first": no pick made; "last": every
    choice stored; "shootout": the Shoot-out's disc pending); rounds that miss `want` are
    finished and another is tried. Returns (round id, the engine's total or None, the bet)."""
    loaded = ctx.games[game]
    defn = loaded.definition
    state = FOUR if game == "tombraider" else None
    seed = _round_seed(game, lambda ev: isinstance(ev[-1], PickRequestEvent), state)
    rng = random.Random(7)
    for _ in range(300):
        if state is not None:
            ctx.ledger.set_state(game, STATE_KEY, state)
        driver = RoundDriver(ctx.ledger, loaded, _Seeds(seed), None)
        view = driver.start(default_bet(defn))
        if cut == "first":
            return view.round_id, None, view.bet
        stop = _shootout_pending if cut == "shootout" else (lambda d: False)
        _play_picks(driver, stop, rng)
        if (cut == "shootout" and _shootout_pending(driver)) or (
            cut == "last" and driver.finished and (want is None or want(driver.events))
        ):
            return view.round_id, driver.total_win_coins if cut == "last" else None, view.bet
        _play_picks(driver, lambda d: False, rng)
        driver.finish()
    raise AssertionError(f"no {game} round reached {cut}")


def _showdown(won: bool | None) -> Callable[[tuple], bool]:
    """A quest with a Showdown duel (`won`), or ended by two traps without one (None)."""

    def has(events: tuple) -> bool:
        s = [e for e in events if isinstance(e, ShowdownEvent)]
        if won is None:
            return any(not e.showdown for e in s)
        return any(e.showdown and e.won == won for e in s)

    return has


def _shootout(events: tuple) -> bool:
    return any(isinstance(e, ShootoutStartEvent) for e in events)


PICKED = [
    ("stones", "first", None),
    ("stones", "last", None),
    ("tombraider", "first", None),
    ("tombraider", "shootout", None),
    ("tombraider", "last", None),
    ("tombraider", "last-shootout", _shootout),
    ("tombraider", "last-showdown", _showdown(True)),
    ("tombraider", "last-quest-ends", _showdown(None)),
]


@pytest.mark.parametrize("turbo", [False, True], ids=["normal", "turbo"])
@pytest.mark.parametrize(("game", "cut", "want"), PICKED, ids=[f"{g}-{c}" for g, c, _ in PICKED])
def test_a_round_with_picks_resumes_at_the_engines_state(ctx, caplog, capsys, game, cut, want, turbo):
    ctx = _ctx(ctx, game, turbo)
    round_id, expected, bet = _open_picked_round(ctx, game, cut.split("-")[0], want)
    _stack, seen = _resume(ctx, game, caplog)
    bonus = {"stones": "StonePickerScene", "tombraider": "WorldMapScene"}[game]
    if cut.startswith("last"):
        # every choice stored: the feature's end is shown (or skipped), never a pick asked again
        assert bonus in seen or expected is not None
    else:
        assert bonus in seen
    _check_closed(ctx.ledger, round_id, expected, bet)
    assert "completed from its record" not in capsys.readouterr().err  # played, not the way out


def test_a_pick_the_engine_is_not_waiting_for_completes_the_round_from_its_record(ctx, caplog, capsys):
    """The way out: a bonus scene asks for a pick once every choice is stored. Nothing is sent
    to the engine; the bonus scenes close and the round is credited once with its total."""
    from scenes.games.tombraider.world_map import WorldMapScene
    from scenes.reels.scene import ReelsScene

    ctx = _ctx(ctx, "tombraider", False)
    round_id, expected, bet = _open_picked_round(ctx, "tombraider", "last", None)
    stack = SceneStack()
    stack.push(Scene())
    scene = ReelsScene(ctx, "tombraider")
    stack.push(scene)
    for _ in range(2000):
        stack.update(DT)
        if isinstance(stack.top, WorldMapScene):
            break
    world = stack.top
    assert isinstance(world, WorldMapScene)
    assert world.choose_fn(0) == []  # a stale pick: nothing refused, nothing recorded
    stack.update(DT)
    assert not any(isinstance(s, WorldMapScene) for s in stack.scenes)
    _check_closed(ctx.ledger, round_id, expected, bet)
    assert (
        f"completed from its record: {scene.tr.money(bet.coins_to_cents(expected))} won"
        in capsys.readouterr().err
    )
    assert not scene.driver.active


def test_a_failed_pick_is_not_retried_and_autoplay_stops(ctx, caplog, capsys, monkeypatch):
    """A pick the ledger cannot store: one attempt, automatic picks off, `--autoplay N` says so
    on stderr and ends, the round stays open (it resumes next time)."""
    from scenes.games.stones.picker import StonePickerScene
    from scenes.reels.scene import ReelsScene

    ctx = _ctx(ctx, "stones", True)
    round_id, _, _ = _open_picked_round(ctx, "stones", "first", None)
    stack = SceneStack()
    stack.push(Scene())
    scene = ReelsScene(ctx, "stones")
    calls = []

    def broken(index: int) -> list:
        calls.append(index)
        raise OSError("disk full")

    monkeypatch.setattr(scene.driver, "choose", broken)
    stack.push(scene)
    for _ in range(2000):
        stack.update(DT)
    assert len(calls) == 1
    picker = next(s for s in stack.scenes if isinstance(s, StonePickerScene))
    assert picker.auto_pick is None and "disk full" in picker.error
    assert "the pick could not be saved (disk full)" in capsys.readouterr().err
    assert stack.quit_requested and ctx.autoplay_cut_short
    assert ctx.ledger.open_round().round_id == round_id
