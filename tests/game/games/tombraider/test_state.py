"""The passports across rounds and restarts, engine side: the session passes the stored state to
every round and writes the state it leaves with its credit; a quest interrupted between picks
resumes at the same location with the same artefacts revealed; a SIGKILL at any instant loses
nothing (every closed round, replayed in order, gives the stored state)."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.bets import default_bet
from game.games.tombraider.events import AdventureEndEvent, ArtefactRevealEvent, LocationStartEvent
from game.games.tombraider.model import PassportState
from game.ledger import Ledger
from game.rng import SeedSource
from game.round import play_round
from game.session import STATE_KEY, RoundDriver

from .passport_child import START

CHILD = Path(__file__).with_name("passport_child.py")
FOUR = PassportState(active=(True, True, True, True, False), spins=1, bet_cents=30)


def _drive(driver: RoundDriver, seeds: SeedSource) -> None:
    while driver.pending is not None:
        driver.choose(seeds.auto_pick(driver.pending.options, driver.pending.picked))


@pytest.mark.slow
def test_the_passports_follow_every_round_and_survive_a_restart(tmp_path, tombraider) -> None:
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(path)
    ledger.set_state("tombraider", STATE_KEY, FOUR.model_dump(mode="json"))
    seeds = SeedSource(4)
    driver = RoundDriver(ledger, tombraider, seeds, None)
    bet = default_bet(tombraider.definition)
    expected = FOUR
    quests = 0
    for _ in range(400):
        if not driver.can_afford(bet):
            ledger.top_up(min_bet_cents=bet.total_cents)
        view = driver.start(bet)
        _drive(driver, seeds)
        result = play_round(tombraider.definition, bet, view.seed, driver.choices, state=expected)
        assert driver.events == tuple(result.events)
        driver.finish()
        expected = result.state_out
        quests += any(isinstance(e, AdventureEndEvent) for e in result.events)
        assert driver.stored_state() == expected
    assert quests >= 2 and expected.adventures == quests
    ledger.close()

    again = Ledger.open(path)  # a restart
    assert RoundDriver(again, tombraider, SeedSource(5), None).stored_state() == expected
    assert PassportState.model_validate(again.get_state("tombraider", STATE_KEY)) == expected
    again.close()


def test_a_quest_interrupted_between_picks_resumes_where_it_was(tmp_path, tombraider) -> None:
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(path)
    bet = default_bet(tombraider.definition)
    every = PassportState(active=(True,) * 5, spins=4, bet_cents=4 * bet.total_cents)
    ledger.set_state("tombraider", STATE_KEY, every.model_dump(mode="json"))
    seeds = SeedSource(9)
    driver = RoundDriver(ledger, tombraider, seeds, None)
    driver.start(bet)
    for _ in range(4):  # four picks, then the app dies
        if driver.pending is None:
            break
        driver.choose(seeds.auto_pick(driver.pending.options, driver.pending.picked))
    seen = driver.events
    assert driver.pending is not None
    ledger.close()

    ledger = Ledger.open(path)
    resumed = RoundDriver(ledger, tombraider, SeedSource(10), None)
    view = resumed.resume()
    assert view is not None and view.events == seen and view.pending == seen[-1]
    here = [e for e in seen if isinstance(e, LocationStartEvent)][-1]
    revealed = [e.position for e in seen if isinstance(e, ArtefactRevealEvent) and e.location == here.index]
    assert view.pending.picked == revealed
    # the round began with every reel active: its state is still the stored one until it ends
    assert resumed.stored_state() == every
    _drive(resumed, seeds)
    resumed.finish()
    assert resumed.stored_state() == PassportState(adventures=1)
    ledger.close()


@pytest.mark.slow
def test_the_passports_survive_sigkill_at_random_instants(tmp_path, tombraider) -> None:
    rnd = random.Random(2027)
    for kill in range(6):
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(tmp_path), str(kill)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready", child.stderr.read() if child.stderr else ""
        # a few rounds finished (however busy the machine), then a kill at a random instant
        for _ in range(rnd.randint(3, 6)):
            assert child.stdout.readline().strip() == "done", child.stderr.read() if child.stderr else ""
        time.sleep(rnd.uniform(0.0, 0.3))
        child.kill()
        child.wait(10)

    ledger = Ledger.open(tmp_path / "ledger.sqlite3")
    try:
        assert ledger.verify() == []
        open_round = ledger.open_round()
        rounds = sorted(ledger.history(100_000), key=lambda r: r.round_id)
        closed = [r for r in rounds if r.status == "closed"]
        assert len(closed) >= 18  # at least three finished rounds a run
        state = START
        quests = 0
        for rec in closed:
            result = play_round(tombraider.definition, rec.bet, rec.seed, rec.choices, state=state)
            assert result.finished and result.total_win_coins == rec.win_coins, rec.round_id
            quests += state.adventures != result.state_out.adventures
            state = result.state_out
        stored = RoundDriver(ledger, tombraider, SeedSource(1), None).stored_state()
        assert stored == state
        assert quests >= 1
        if open_round is not None:  # killed mid-round: it resumes on that state
            view = RoundDriver(ledger, tombraider, SeedSource(1), None).resume()
            assert view is not None and view.round_id == open_round.round_id
    finally:
        ledger.close()
