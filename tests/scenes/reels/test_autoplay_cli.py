"""`main.py --game stones --autoplay 200 --turbo` plays 200 whole rounds headless and exits 0;
the ledger then holds 200 closed rounds and the meter identity holds (CERTIFICATION M1)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from stones_seeds import feature_within_seed

from game.ledger import Ledger

REPO = Path(__file__).resolve().parents[3]
ROUNDS = 200


@pytest.mark.slow
def test_autoplay_200_rounds_turbo(tmp_path):
    data = tmp_path / "data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    seed = feature_within_seed(ROUNDS)  # found before the clock starts
    started = time.monotonic()
    proc = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--game",
            "stones",
            "--data-dir",
            str(data),
            "--seed",
            str(seed),
            "--autoplay",
            str(ROUNDS),
            "--turbo",
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    elapsed = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert f"{ROUNDS} rounds played" in proc.stdout
    assert elapsed < 90, f"turbo autoplay took {elapsed:.1f} s"

    db = data / "ledger.sqlite3"
    with sqlite3.connect(db) as conn:
        start = conn.execute("SELECT start_balance_cents FROM account").fetchone()[0]
        end = conn.execute("SELECT balance_cents FROM account").fetchone()[0]
        n, open_n, bets, wins = conn.execute(
            "SELECT COUNT(*), SUM(status = 'open'), SUM(bet_cents), SUM(win_cents) FROM rounds"
        ).fetchone()
        top_ups = conn.execute(
            "SELECT COALESCE(SUM(amount_cents), 0) FROM transactions WHERE kind = 'top_up'"
        ).fetchone()[0]
        features = conn.execute(
            "SELECT COUNT(*) FROM rounds WHERE events_json LIKE '%free_spins_start%'"
        ).fetchone()[0]
    assert n == ROUNDS and open_n == 0
    assert start + top_ups - bets + wins == end
    assert features >= 1, "the seed's 200 rounds include a free-spins round"
    with Ledger.open(db) as led:
        assert led.verify() == []
        assert led.balance_cents == end
        rounds = led.history(ROUNDS + 10)
        assert len(rounds) == ROUNDS
        assert all(r.status == "closed" and r.events for r in rounds)
        feature_rounds = [r for r in rounds if r.choices]
        assert feature_rounds and all(len(r.choices) >= 3 for r in feature_rounds)
