"""`main.py --game tombraider --autoplay 200 --turbo` plays 200 whole rounds headless (the Global
Adventures' picks made automatically) and exits 0; the ledger then holds 200 closed rounds, the
passports it stores are the last round's, and its books balance."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.definitions import load_game
from game.games.tombraider.model import PassportState
from game.ledger import Ledger
from game.round import play_round
from game.session import STATE_KEY

REPO = Path(__file__).resolve().parents[4]
ROUNDS = 200
SEED = 3  # this session's 200 rounds hold a Global Adventure (round 139 on engine 1.1.0; checked below)


@pytest.mark.slow
def test_autoplay_200_rounds_turbo_with_quests(tmp_path):
    data = tmp_path / "data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--game",
            "tombraider",
            "--data-dir",
            str(data),
            "--seed",
            str(SEED),
            "--autoplay",
            str(ROUNDS),
            "--turbo",
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert f"{ROUNDS} rounds played" in proc.stdout
    with Ledger.open(data / "ledger.sqlite3") as led:
        rounds = list(reversed(led.history(ROUNDS + 5)))
        assert len(rounds) == ROUNDS and all(r.status == "closed" for r in rounds)
        assert led.verify() == []
        quests = [r for r in rounds if r.choices]
        assert quests, "no Global Adventure in 200 rounds of this session"
        # the passports stored are what the rounds, played again in order, leave
        defn = load_game("tombraider").definition
        state = None
        for r in rounds:
            result = play_round(defn, r.bet, r.seed, list(r.choices), state=state)
            assert r.win_cents == r.bet.coins_to_cents(result.total_win_coins)
            state = result.state_out
        assert PassportState.model_validate(led.get_state("tombraider", STATE_KEY)) == state
