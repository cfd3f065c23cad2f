"""CERTIFICATION F1: the app is killed with SIGKILL in the middle of a round (reels spinning, or
a bonus pick made and the next pending), restarted on the same data folder, and the same round
resumes: same seed, the stones already picked shown open, the bet debited once, the win
credited once, `ledger.verify()` empty.

Each run is a real child process running the real app (bootstrap, scene stack, frame step) on
the dummy SDL drivers. The child is driven in-process by a small script that posts SDL events
(space, mouse clicks) to the app's event queue, because `main.py` has no test hook for "stop
at a pick"; the script reports over stdout what the test needs.
"""

from __future__ import annotations

import signal

import pytest
from app_child import REPO, launch, read_report
from stones_seeds import feature_session_seed

from game.ledger import Ledger

CHILD = r"""
import json, os, sys, time
sys.path.insert(0, REPO)
import pygame
from pathlib import Path
from scenes.app.app import App, bootstrap, initial_scenes
from scenes.core.context import LaunchOptions
from scenes.reels.scene import ReelsScene
from scenes.games.stones.picker import StonePickerScene, stone_center

mode, data, seed, first_pick = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
# the resumed run plays its free spins in turbo: only the outcome matters there
ctx, screen = bootstrap(LaunchOptions(game="stones", data_dir=data, seed=seed,
                                      turbo=(mode == "resume")))
app = App(ctx, screen, time.perf_counter())
for scene in initial_scenes(ctx):
    app.stack.push(scene)
led = ctx.ledger
DT = 1 / 60

def step_until(cond, limit=40000):
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise SystemExit("never got there")

def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

def report(**kw):
    print(json.dumps(kw), flush=True)

def hang():
    while True:  # keep animating until the parent kills us
        app.step(DT)
        time.sleep(0.002)

for _ in range(3):
    app.step(DT)
if mode in ("crash_spin", "crash_pick"):
    start = led.balance_cents
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                         scancode=0))
    app.step(DT)
    reels = app.stack.top
    if mode == "crash_spin":
        step_until(lambda: reels.waiting == "reels" and reels.view.time > 0.3)
        o = led.open_round()
        report(start=start, seed=o.seed, choices=list(o.choices), balance=led.balance_cents)
        hang()
    step_until(lambda: isinstance(app.stack.top, StonePickerScene)
               and app.stack.top.phase == "picking")
    click(stone_center(first_pick))
    app.step(DT)
    o = led.open_round()
    assert list(o.choices) == [first_pick], o.choices
    report(start=start, seed=o.seed, choices=list(o.choices), balance=led.balance_cents)
    hang()
else:  # resume: the app reopens the game of the open round and its picker
    o = led.open_round()
    step_until(lambda: isinstance(app.stack.top, StonePickerScene))
    picker = app.stack.top
    opened = [i for i in range(20) if picker.stones[i].open]
    seed_seen = o.seed
    balance_on_resume = led.balance_cents
    while led.open_round() is not None:
        step_until(lambda: picker.phase == "picking" or led.open_round() is None
                   or app.stack.top is not picker)
        if app.stack.top is not picker or led.open_round() is None:
            break
        index = next(i for i in range(20) if picker.pickable(i))
        click(stone_center(index))
        app.step(DT)
        step_until(lambda: app.stack.top is not picker or picker.phase == "picking")
    step_until(lambda: led.open_round() is None and isinstance(app.stack.top, ReelsScene)
               and not app.stack.top.driver.active)
    rounds = led.history(10)
    r = rounds[0]
    report(opened=opened, seed=seed_seen, rounds=len(rounds), status=r.status, seed_closed=r.seed,
           choices=list(r.choices), bet_cents=r.bet_cents, win_cents=r.win_cents,
           balance_on_resume=balance_on_resume, balance=led.balance_cents, verify=led.verify())
    ctx.ledger.close()
"""


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["crash_spin", "crash_pick"])
def test_sigkill_mid_round_then_restart_resumes_and_credits_once(tmp_path, moment):
    script = tmp_path / "child.py"
    script.write_text(f"REPO = {str(REPO)!r}\n" + CHILD)
    data = tmp_path / "data"
    seed = feature_session_seed()
    first_pick = 13

    proc = launch(script, moment, str(data), str(seed), str(first_pick))
    before = read_report(proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    with Ledger.open(data / "ledger.sqlite3") as led:
        o = led.open_round()
        assert o is not None and o.seed == before["seed"]
        assert list(o.choices) == before["choices"]
        assert led.balance_cents == before["balance"] == before["start"] - o.bet.total_cents
        assert led.verify() == []

    proc = launch(script, "resume", str(data), str(seed), "0")
    after = read_report(proc, timeout=300)
    proc.wait(timeout=60)
    log = proc.stderr.read()[-3000:]
    assert proc.returncode == 0, log
    after["log"] = log  # shown by pytest if an assertion below fails

    assert after["seed"] == after["seed_closed"] == before["seed"]
    assert after["opened"] == before["choices"]  # the stones picked before the kill, shown open
    assert after["choices"][: len(before["choices"])] == before["choices"]
    assert after["rounds"] == 1 and after["status"] == "closed"
    assert after["balance_on_resume"] == before["balance"]  # no second debit on restart
    assert after["balance"] == before["start"] - after["bet_cents"] + after["win_cents"]
    assert after["verify"] == []
