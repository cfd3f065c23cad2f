"""Passports and the quest survive a SIGKILL of the real app and a restart.

Each run is a child process running the real app (bootstrap, scene stack, frame step) on the
dummy SDL drivers, playing a new player's session at the default bet whose passports are stamped
in its first rounds and whose round Q (eighth or earlier) is a Global Adventure (the session
seed, its stamps and the picks are found with the engine: `tombraider_seeds`). The child is
driven in-process (SDL events posted to the app's queue, picks through the scenes' own
hit-boxes) and reports over stdout.

- Mid-collection: killed while the reels spin in the last round before Q that stamps a
  passport. On restart the meter shows exactly the stamps the ledger holds (the rounds before),
  the interrupted round is finished from its stored seed and lights its passport, and the meter
  then equals what the ledger stores.
- Mid-quest: killed at the third location (the first two locations' fragments found, a
  Shoot-out played on the way, the third's first artefact open) with the next artefact to pick.
  On restart the world map opens at the third location with the same artefacts open, the same
  pot and the same pots banked, the fragments found lit, every stamp lit; the quest is finished
  and credited once.
"""

from __future__ import annotations

import json
import signal
import subprocess

import pytest
from app_child import REPO, launch, read_report
from tombraider_seeds import natural_quest_picks, natural_quest_session

CHILD = r"""
import json, sys, time
sys.path.insert(0, REPO)
import pygame
from pathlib import Path
from scenes.app.app import App, bootstrap, initial_scenes
from scenes.core.context import LaunchOptions
from scenes.reels.scene import ReelsScene
from scenes.games.tombraider.decor import decor_of
from scenes.games.tombraider.world_map import WorldMapScene
from scenes.games.tombraider.world_map_layout import panel_side, tile_rect
from scenes.games.tombraider.shootout import ShootoutScene, disc_rect

mode, data, plan = sys.argv[1], Path(sys.argv[2]), json.loads(sys.argv[3])
ctx, screen = bootstrap(LaunchOptions(game="tombraider", data_dir=data, seed=plan["seed"]))
app = App(ctx, screen, time.perf_counter())
for scene in initial_scenes(ctx):
    app.stack.push(scene)
led = ctx.ledger
DT = 1 / 60

def step_until(cond, limit=60000):
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    top = app.stack.top
    raise SystemExit(f"never got there: {type(top).__name__} {getattr(top, 'phase', '')}")

def reels():
    return next(s for s in app.stack._scenes if isinstance(s, ReelsScene))

def idle():
    r = reels()
    return not r.driver.active and not r.player.waiting and app.stack.top is r

def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

def spin():
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.step(DT)

def meter():
    d = decor_of(reels().stage)
    return {"active": list(d.active), "spins": d.spins, "bet_cents": d.bet_cents}

def stored():
    s = reels().driver.stored_state()
    return {"active": list(s.active), "spins": s.spins, "bet_cents": s.bet_cents}

def report(**kw):
    print(json.dumps(kw), flush=True)

def hang():
    while True:
        app.step(DT)
        time.sleep(0.002)

def pick_artefact(i):
    m = app.stack.top
    click(tile_rect(i, panel_side(m._current_location())).center)
    app.step(DT)

for _ in range(3):
    app.step(DT)
if mode == "collect":
    for _ in range(plan["before"]):
        step_until(idle)
        spin()
    step_until(idle)
    before = stored()
    spin()
    r = reels()
    step_until(lambda: r.waiting == "reels" and r.view.time > 0.3)
    report(stored=before, meter=meter(), open=led.open_round() is not None)
    hang()
elif mode == "after_collect":
    first = meter()
    seen = stored()
    r = reels()
    step_until(lambda: not r.driver.active and not r.player.waiting)
    report(first=first, stored_before=seen, meter=meter(), stored=stored(), verify=led.verify(),
           rounds=len(led.history(20)))
    ctx.ledger.close()
elif mode == "quest":
    for _ in range(plan["quest_round"]):
        step_until(idle)
        spin()
    for made, (kind, pick) in enumerate(plan["picks"]):
        scene = WorldMapScene if kind == "map" else ShootoutScene
        step_until(lambda: isinstance(app.stack.top, scene) and app.stack.top.phase == "picking"
                   and len(led.open_round().choices) == made)
        if kind == "map":
            pick_artefact(pick)
        else:
            click(disc_rect(pick).center)
            app.step(DT)
    step_until(lambda: isinstance(app.stack.top, WorldMapScene) and app.stack.top.phase == "picking"
               and len(led.open_round().choices) == len(plan["picks"]))
    m = app.stack.top
    report(choices=list(led.open_round().choices), index=m.quest.index, pot=m.quest.board.pot,
           opened=sorted(m.quest.board.revealed), meter=meter(), balance=led.balance_cents,
           banked=m.quest.banked, fragments=m.quest.fragments)
    hang()
else:  # resume_quest: the app reopens the game and the quest at the pick awaited
    step_until(lambda: isinstance(app.stack.top, WorldMapScene))
    m = app.stack.top
    first = dict(index=m.quest.index, pot=m.quest.board.pot, opened=sorted(m.quest.board.revealed),
                 faces=[t.face for t in m.tiles], phase=m.phase, meter=meter(), banked=m.quest.banked,
                 fragments=list(m.quest.fragments))
    balance_on_resume = led.balance_cents
    r = reels()
    def play_on():
        top = app.stack.top
        if isinstance(top, WorldMapScene) and top.phase == "picking":
            top.pick(next(i for i in range(len(top.tiles)) if top.pickable(i)))
        elif isinstance(top, ShootoutScene) and top.phase == "picking":
            top.pick(0)
        return led.open_round() is None and not r.player.waiting and app.stack.top is r
    step_until(play_on)
    step_until(lambda: decor_of(r.stage).fade <= 0)  # the spent stamps fade out
    rec = led.history(1)[0]
    report(first=first, balance_on_resume=balance_on_resume, balance=led.balance_cents,
           status=rec.status, bet_cents=rec.bet_cents, win_cents=rec.win_cents,
           choices=list(rec.choices), verify=led.verify(), meter=meter(), stored=stored())
    ctx.ledger.close()
"""


def _kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


def _finish(proc: subprocess.Popen) -> dict:
    out = read_report(proc, timeout=300.0)
    proc.wait(timeout=120)
    assert proc.returncode == 0, proc.stderr.read()[-3000:]
    return out


def _plan() -> str:
    """The session and what the child does in it (see the module's docstring), for its argv."""
    session = natural_quest_session()
    return json.dumps(
        {
            "seed": session.session_seed,
            "before": session.last_stamp_before - 1,  # rounds played before the one killed
            "quest_round": session.quest_round,
            "picks": natural_quest_picks(),
        }
    )


@pytest.mark.slow
def test_sigkill_mid_collection_then_restart_shows_the_same_stamps(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(f"REPO = {str(REPO)!r}\n" + CHILD)
    data = tmp_path / "data"
    session = natural_quest_session()
    killed = session.last_stamp_before  # this round stamps a passport
    stored_before, stored_after = (list(session.states[k - 1]["active"]) for k in (killed - 1, killed))
    assert stored_after != stored_before and any(stored_before)  # stamps before it, and its own
    proc = launch(script, "collect", str(data), _plan())
    before = read_report(proc, timeout=300.0)
    _kill(proc)
    assert before["open"] and before["meter"] == before["stored"]  # the meter is the ledger's
    assert before["stored"]["active"] == stored_before  # the rounds before the one killed

    after = _finish(launch(script, "after_collect", str(data), _plan()))
    assert after["first"] == before["stored"] == after["stored_before"]  # back exactly
    assert after["meter"] == after["stored"]  # the finished round's stamp, as the ledger stores it
    assert after["stored"]["active"] == stored_after  # the killed round's passport
    assert after["rounds"] == killed and after["verify"] == []


@pytest.mark.slow
def test_sigkill_mid_quest_then_restart_opens_the_same_location_and_artefacts(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(f"REPO = {str(REPO)!r}\n" + CHILD)
    data = tmp_path / "data"
    picks = natural_quest_picks()
    assert picks[-1][0] == "map" and any(kind == "disc" for kind, _ in picks)  # a Shoot-out on the way
    proc = launch(script, "quest", str(data), _plan())
    before = read_report(proc, timeout=300.0)
    _kill(proc)
    made = [p for _kind, p in picks]
    assert before["choices"] == made and before["index"] == 2 and before["opened"] == [made[-1]]
    assert before["fragments"][:2] == [True, True] and before["banked"] > 0
    assert before["meter"]["active"] == [True] * 5

    after = _finish(launch(script, "resume_quest", str(data), _plan()))
    first = after["first"]
    assert first["index"] == before["index"] and first["opened"] == before["opened"]
    assert first["pot"] == before["pot"] and first["phase"] == "picking"
    assert first["banked"] == before["banked"] and first["fragments"] == before["fragments"]
    assert first["faces"][made[-1]] is not None and first["meter"]["active"] == [True] * 5
    assert after["balance_on_resume"] == before["balance"]  # no second debit
    assert after["choices"][: len(made)] == before["choices"] and after["status"] == "closed"
    assert after["balance"] == before["balance"] + after["win_cents"]  # credited once
    assert after["verify"] == [] and after["stored"]["active"] == [False] * 5
    assert after["meter"] == after["stored"]
