"""The fault-injection suite's quick subset, once per game (every installed game, and the test-only
stateful Relic): a child playing through the round driver is SIGKILLed at random instants, and
after each kill the ledger is checked, the open round resumed and finished, and every round
replayed through the engine. The full run (300 kills a game) is `make faults`.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from game.definitions import list_game_ids
from tests.game import faults

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="POSIX")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [*list_game_ids(), *faults.TEST_GAMES])
def test_random_kills_resume_and_replay_round_by_round(tmp_path: Path, game_id: str) -> None:
    report = faults.run(game_id, kills=8, seed=7, folder=tmp_path)
    assert report["kills"] == 8 and sum(report["landed"].values()) == 8
    assert report["rounds"] == report["rounds_replayed"] >= 8
