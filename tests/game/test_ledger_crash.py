"""Crash safety of the ledger (CERTIFICATION F1, M1) with real processes killed by SIGKILL.

A child Python process plays against a ledger file and is killed without warning; the parent then
reopens the file and checks that it is consistent (`verify()` is empty), that every operation the
child reported as done is there, that an open round is intact and resumable, and that finishing it
after the restart credits it exactly once.

Three kinds of kill points:
- deterministic: between `begin_round` (+ one choice) and `finish_round`;
- every SQL statement boundary of a fixed script (wallet creation, two rounds with choices and
  cross-round state, a top-up): the child kills itself from SQLite's statement trace hook just
  before statement k runs, for every k; plus kills in the middle of statements from SQLite's
  progress hook (every VM instruction counted). These children are fork()ed, one at a time, from
  one warmed-up Python process, so that about 120 kill points run in a few seconds;
- random: a child plays rounds in a loop and the test kills it after a random short delay (the
  children are forked from one warmed-up server process, again for speed).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game.ledger import Ledger, RoundClosed
from game.money import Bet

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")

ROOT = Path(__file__).resolve().parents[2]
SHA = "cd" * 32
START = 250
BET = Bet(lines=20, level=1, coin_value_cents=5)  # 100 cents

CHILD = r"""
import json, os, pathlib, random, sys, time

from game.ledger import Ledger
from game.money import Bet
from tests.game.sqlite_kill import fork_jobs

SHA = "cd" * 32
BET = Bet(lines=20, level=1, coin_value_cents=5)


def say(*words):
    print(*words, flush=True)


def end(win):
    return [{"type": "spin", "stops": [1, 2, 3, 4, 5]},
            {"type": "round_end", "total_win_coins": win, "capped": False}]


def script(path):
    led = Ledger.open(pathlib.Path(path), start_balance_cents=250)
    session = led.start_session()
    r1 = led.begin_round("tomb", SHA, "1.0.0", BET, 11, session_id=session)
    led.record_choice(r1, 0)
    led.record_choice(r1, 5)
    led.finish_round(r1, 0, end(0), False, state={"passports": 1})
    r2 = led.begin_round("tomb", SHA, "1.0.0", BET, 22, session_id=session)
    led.finish_round(r2, 0, end(0), False, state={"passports": 2})
    led.top_up(min_bet_cents=100)
    led.set_state("tomb", "flag", True)
    led.close()


mode = sys.argv[1]
if mode == "zygote":
    # Imports are paid once; each job is a fresh fork()ed process that runs the script and is
    # killed by SIGKILL at its point (tests/game/sqlite_kill.py).
    fork_jobs(json.loads(sys.argv[2]), int(sys.argv[3]), script)
elif mode == "hold":
    led = Ledger.open(pathlib.Path(sys.argv[2]), start_balance_cents=250)
    rid = led.begin_round("stones", SHA, "1.0.0", BET, 7)
    led.record_choice(rid, 3)
    say("held", rid)
    time.sleep(60)
elif mode == "serve":
    # One warmed-up process; each stdin line "<path> <seed>" forks a child that plays rounds in a
    # loop until the test SIGKILLs it. Reports are single os.write() calls on the pipe (atomic
    # below PIPE_BUF), so a kill never leaves half a report.
    def tell(*words):
        os.write(1, (" ".join(map(str, words)) + "\n").encode())

    for command in sys.stdin:
        path, seed = command.split()
        pid = os.fork()
        if pid == 0:
            led = Ledger.open(pathlib.Path(path), start_balance_cents=250)
            rng = random.Random(int(seed))
            tell("ready", os.getpid())
            while True:
                if led.balance_cents < BET.total_cents:
                    led.top_up(min_bet_cents=BET.total_cents)
                    tell("T")
                rid = led.begin_round("stones", SHA, "1.0.0", BET, rng.getrandbits(64))
                tell("B", rid)
                for c in range(rng.randrange(3)):
                    led.record_choice(rid, c)
                    tell("C", rid, c)
                win = rng.choice([0, 0, 0, 10, 20, 200])
                led.finish_round(rid, win, end(win), False, state={"last": rid})
                tell("F", rid, win)
        _, status = os.waitpid(pid, 0)
        tell("exit", os.waitstatus_to_exitcode(status))
"""


def spawn(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def kill(proc: subprocess.Popen[str]) -> list[str]:
    """SIGKILL the child (if still alive) and return what it had reported."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    out, _ = proc.communicate(timeout=30)
    return out.splitlines(keepends=True)


def snapshot(led: Ledger) -> tuple:
    open_ = led.open_round()
    return (
        led.count_rounds(),
        None if open_ is None else open_.choices,
        led.balance_cents,
        led.get_state("tomb", "passports"),
        led.get_state("tomb", "flag"),
    )


# The only states the fixed script may leave behind, in order (balance in cents).
SCRIPT_STATES = [
    (0, None, 250, None, None),  # nothing committed yet (or not even the wallet)
    (1, (), 150, None, None),  # round 1 debited and open
    (1, (0,), 150, None, None),
    (1, (0, 5), 150, None, None),
    (1, None, 150, 1, None),  # round 1 closed together with its state
    (2, (), 50, 1, None),
    (2, None, 50, 2, None),
    (2, None, 500_050, 2, None),  # topped up
    (2, None, 500_050, 2, True),
]


def check_and_resume(path: Path) -> tuple:
    """Reopen after a kill: consistent, and an open round finishes with exactly one credit."""
    with Ledger.open(path, start_balance_cents=START) as led:
        assert led.notice is None  # a kill never damages the file
        assert led.verify() == []
        state = snapshot(led)
        open_ = led.open_round()
        if open_ is not None:
            journal = led._conn.execute(
                "SELECT kind, amount_cents FROM transactions WHERE round_id = ?",
                (open_.round_id,),
            ).fetchall()
            assert journal == [("bet", -open_.bet.total_cents)]  # debited once, not credited
            before = led.balance_cents
            after = led.finish_round(open_.round_id, 4, [], False)
            assert after == before + 4 * open_.bet.coin_value_cents
            with pytest.raises(RoundClosed):
                led.finish_round(open_.round_id, 4, [], False)
            assert led.verify() == []
    return state


@pytest.mark.slow
def test_kill_between_begin_and_finish(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    proc = spawn("hold", str(path))
    line = proc.stdout.readline().split()  # type: ignore[union-attr]
    assert line[0] == "held", proc.stderr.read()  # type: ignore[union-attr]
    kill(proc)
    assert proc.returncode == -signal.SIGKILL

    with Ledger.open(path, start_balance_cents=START) as led:
        assert led.verify() == []
        open_ = led.open_round()
        assert open_ is not None and open_.round_id == int(line[1])
        assert (open_.game_id, open_.seed, open_.bet, open_.choices) == ("stones", 7, BET, (3,))
        assert open_.balance_before_cents == START
        assert led.balance_cents == START - 100  # the bet, debited once
        assert led.meters().rounds_played == 1 and led.meters().wagered_cents == 100
        assert led.finish_round(open_.round_id, 30, [], False) == START - 100 + 150
    with Ledger.open(path) as led:  # the credit survived, exactly once
        assert led.open_round() is None and led.balance_cents == 300
        with pytest.raises(RoundClosed):
            led.finish_round(int(line[1]), 30, [], False)
        assert led.balance_cents == 300 and led.verify() == []


def run_zygote(jobs: list[tuple[str, str, int]], width: int = 6) -> list[list]:
    """Run script jobs in forked children of one Python process; return their report lines."""
    proc = spawn("zygote", json.dumps(jobs), str(width))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.slow
def test_kill_at_every_statement_and_inside_statements(tmp_path: Path) -> None:
    (count, n_stmt, n_vm), (_, _, status) = run_zygote([("count", str(tmp_path / "c"), 0)], 1)
    assert count == "count" and status == 0 and n_stmt > 40

    rng = random.Random(20261129)
    vm_points = sorted(rng.sample(range(1, n_vm + 1), 20))
    # k = n_stmt + 1 is never reached: that child completes the script
    jobs = [("stmt", str(tmp_path / f"stmt-{k}"), k) for k in range(1, n_stmt + 2)]
    jobs += [("vm", str(tmp_path / f"vm-{k}"), k) for k in vm_points]
    reports = [r for r in run_zygote(jobs) if r[0] != "count"]

    for (mode, path, k), (rpath, rk, status) in zip(jobs, reports, strict=True):
        expected = 0 if mode == "stmt" and k > n_stmt else -signal.SIGKILL
        assert (rpath, rk, status) == (path, k, expected)
    with ThreadPoolExecutor(max_workers=6) as pool:  # the checks mostly wait on fsync too
        states = list(pool.map(lambda job: check_and_resume(Path(job[1])), jobs))

    indexes = []
    for (mode, _, k), state in zip(jobs, states, strict=True):
        assert state in SCRIPT_STATES, (mode, k, state)
        if mode == "stmt":
            indexes.append(SCRIPT_STATES.index(state))
    # killing later never shows an earlier state, and every committed step was observed
    assert indexes == sorted(indexes)
    assert sorted(set(indexes)) == list(range(len(SCRIPT_STATES)))
    print(json.dumps({"statement_kills": n_stmt, "vm_kills": len(vm_points), "vm_total": n_vm}))


def _random_lane(tmp_path: Path, lane: int, kills: int) -> list[str]:
    path = tmp_path / f"lane-{lane}.sqlite3"
    rng = random.Random(1000 + lane)
    server = spawn("serve")
    assert server.stdin is not None and server.stdout is not None
    outcomes = []
    try:
        for i in range(kills):
            server.stdin.write(f"{path} {rng.getrandbits(32)}\n")
            server.stdin.flush()
            first = server.stdout.readline().split()
            assert first[:1] == ["ready"], (i, first)
            time.sleep(rng.uniform(0.0, 0.04))
            os.kill(int(first[1]), signal.SIGKILL)
            lines = []
            while not (line := server.stdout.readline()).startswith("exit"):
                assert line, "the server died"
                lines.append(line.split())
            assert line.split() == ["exit", str(-signal.SIGKILL)], (i, lines, line)

            with Ledger.open(path, start_balance_cents=START) as led:
                # everything the child reported as done is durable
                for word, rid, *_ in (x for x in lines if x[0] in "BCF"):
                    record = led.round_detail(int(rid))
                    assert word != "F" or record.status == "closed"
                finished = [int(x[1]) for x in lines if x[0] == "F"]
                if finished:
                    assert led.get_state("stones", "last") >= finished[-1]
                open_ = led.open_round()
                if open_ is not None:
                    reported = [x for x in lines if x[:2] == ["C", str(open_.round_id)]]
                    assert len(open_.choices) >= len(reported)
                    assert list(open_.choices) == list(range(len(open_.choices)))
                last = lines[-1][0] if lines else "ready"
                where = {
                    "ready": "after open",
                    "T": "after a top-up",
                    "B": "after begin",
                    "C": "after a choice",
                    "F": "after finish",
                }[last]
                outcomes.append(f"{where}, {'open' if open_ else 'no open'} round on restart")
            check_and_resume(path)
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    return outcomes


@pytest.mark.slow
def test_random_kills_in_a_loop_of_rounds(tmp_path: Path) -> None:
    lanes, per_lane = 2, 10  # independent files killed in parallel: 20 kills
    with ThreadPoolExecutor(max_workers=lanes) as pool:
        results = list(pool.map(lambda n: _random_lane(tmp_path, n, per_lane), range(lanes)))
    outcomes = [o for lane in results for o in lane]
    assert len(outcomes) == lanes * per_lane
    print(json.dumps({o: outcomes.count(o) for o in sorted(set(outcomes))}, indent=1))
