"""State across rounds, end to end, on the test-only Relic game: the session reads the stored
state at start and resume, the ledger writes the state a round leaves with its credit, and a
restart (or a SIGKILL at any instant) restores exactly the state the closed rounds left."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from relicgame.model import RelicState

from game.bets import default_bet
from game.ledger import Ledger
from game.round import play_round
from game.session import STATE_KEY, RoundDriver

CHILD = Path(__file__).with_name("stateful_child.py")


class Seeds:
    def __init__(self, start: int = 0) -> None:
        self.n = start

    def next_seed(self) -> int:
        self.n += 1
        return self.n


@pytest.mark.slow
def test_the_state_starts_new_and_follows_every_round(tmp_path, relic):
    ledger = Ledger.open(tmp_path / "ledger.sqlite3")
    driver = RoundDriver(ledger, relic, Seeds(), None)
    bet = default_bet(relic.definition)
    assert driver.stateful and driver.stored_state() == RelicState()
    expected = RelicState()
    unlocked = 0
    for _ in range(120):
        view = driver.start(bet)
        assert view.finished
        result = play_round(relic.definition, bet, view.seed, state=expected)
        driver.finish()
        expected = result.state_out
        unlocked += any(e.type == "relic_pay" for e in view.events)
        assert driver.stored_state() == expected
        assert ledger.get_state("relic", STATE_KEY) == expected.model_dump(mode="json")
    assert unlocked >= 3 and expected.unlocked == unlocked
    ledger.close()

    again = Ledger.open(tmp_path / "ledger.sqlite3")  # a restart
    assert RoundDriver(again, relic, Seeds(), None).stored_state() == expected
    again.close()


def test_an_open_round_resumes_with_the_state_it_began_with(tmp_path, relic):
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(path)
    driver = RoundDriver(ledger, relic, Seeds(), None)
    bet = default_bet(relic.definition)
    for _ in range(7):
        driver.start(bet)
        driver.finish()
    before = driver.stored_state()
    view = driver.start(bet)  # the app dies before the credit
    ledger.close()

    ledger = Ledger.open(path)
    resumed = RoundDriver(ledger, relic, Seeds(100), None).resume()
    assert resumed is not None and resumed.events == view.events
    assert RoundDriver(ledger, relic, Seeds(), None).stored_state() == before
    ledger.close()


@pytest.mark.slow
def test_the_state_survives_sigkill_at_random_instants(tmp_path, relic):
    rnd = random.Random(2026)
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
        for _ in range(rnd.randint(4, 8)):
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
        assert len(closed) >= 24  # at least four finished rounds a run
        # replay every closed round in order from a new player's state: same wins, same state
        state = RelicState()
        for rec in closed:
            result = play_round(relic.definition, rec.bet, rec.seed, rec.choices, state=state)
            assert result.total_win_coins == rec.win_coins, rec.round_id
            state = result.state_out
        assert RoundDriver(ledger, relic, Seeds(), None).stored_state() == state
        if open_round is not None:  # killed between the debit and the credit: resumes on that state
            view = RoundDriver(ledger, relic, Seeds(), None).resume()
            assert view is not None and view.round_id == open_round.round_id
    finally:
        ledger.close()


@pytest.mark.parametrize("bad", [{"gems": -1}, {"version": 2}, {"gems": 1, "extra": True}])
def test_a_state_the_game_does_not_keep_is_refused(relic, bad):
    bet = default_bet(relic.definition)
    with pytest.raises(ValueError):
        play_round(relic.definition, bet, 1, state=bad)


def test_a_stateless_game_takes_no_state(stones):
    with pytest.raises(ValueError, match="keeps no state"):
        play_round(stones.definition, default_bet(stones.definition), 1, state={"gems": 1})
