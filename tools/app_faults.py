"""Faults through the real app: the unmodified `main.py` stopped by SIGKILL or SIGTERM at a random
instant inside a chosen scene, then checked and started again.

Each stop runs `main.py --game G --data-dir D --autoplay N` (with `--turbo` for half of them) on
the dummy SDL drivers, a session seed drawn per stop. To know which scene is showing, the child
starts with a `sitecustomize` module on its path (the app's own files are not touched): it wraps
`SceneStack.update` and prints `@scene NAME` on stderr whenever the top scene changes, where NAME
is the scene's class, with `reels:idle` / `reels:spin` / `reels:free` for the reels (no round,
a round in the main game, free spins or re-spins) and `Scene:phase` for a scene in a phase a
game aims at (its `FAULTS` names it so, e.g. a map's final phase). Each stop aims at one scene (reels
mid-round, idle, free spins; each game's bonus scenes; a celebration: the scenes each game's scenes
package declares in its `FAULTS`, a `scenes.presentation.base.FaultTargets`), waits for it, then
stops the app a random instant later (SIGKILL or SIGTERM, normal speed or turbo, each drawn half the
time). The stop's session seed is one whose first rounds show the target (found by playing the
engine as `--autoplay` plays, picks included); scenes that need a state across rounds
(`FAULTS.state_for`) start from a wallet holding the declared state (set through the ledger, as the
app keeps it).

After each stop:
1. the ledger's audit (`verify`) is clean;
2. the balance arithmetic holds: every transaction's balance is the one before plus its amount,
   the last is the wallet's, every closed round is debited once and credited once;
3. a bounded restart (`--autoplay 1 --turbo`, a time limit) leaves no round open: a round open
   after the stop is completed by it ("open → completed"), or counted as could not finish;
4. every round is replayed by the engine (stored bet, seed, choices, state) and must give the
   stored win and events (`tests.game.faults.Replayer`).

    python -m tools.app_faults [--game ID ...] [--stops N] [--seed S] [--timeout SEC]

prints a table per game (stops by KILL/TERM and normal/turbo, scenes hit, rounds open after a
stop and completed on restart, rounds that could not finish, rounds replayed, mismatches) and
exits 1 on any failure. `make faults` runs 100 stops per game.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.definitions import list_game_ids, load_game

if TYPE_CHECKING:
    from scenes.presentation.base import FaultTargets

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # aiming at a celebration imports the scenes

SITECUSTOMIZE = r'''
"""Prints the app's top scene on stderr when it changes (tools/app_faults.py)."""
import os, sys, threading, time

_PHASES = set(os.environ.get("APP_FAULTS_PHASES", "").split(","))  # "Scene:phase" aimed at


def _name(scene):
    name = type(scene).__name__
    if name == "ReelsScene":
        try:
            if not scene.driver.active:
                return "reels:idle"
            return "reels:free" if scene.stage.free_mode else "reels:spin"
        except Exception:
            return "reels"
    phased = f"{name}:{getattr(scene, 'phase', '')}"
    if phased in _PHASES:
        return phased
    return name


def _patch():
    while not hasattr(sys.modules.get("scenes.core.stack"), "SceneStack"):
        time.sleep(0.005)
    stack_cls = sys.modules["scenes.core.stack"].SceneStack
    update = stack_cls.update
    last = [None]

    def traced(self, dt):
        update(self, dt)
        top = self.top
        name = _name(top) if top is not None else "-"
        if name != last[0]:
            last[0] = name
            sys.stderr.write(f"@scene {name}\n")
            sys.stderr.flush()

    stack_cls.update = traced


threading.Thread(target=_patch, daemon=True).start()
'''


@cache
def targets(game: str) -> FaultTargets:
    """Where the stops aim in a game: its scenes package's `FAULTS` (ValueError when it has none)."""
    from scenes.presentation import fault_targets

    found = fault_targets(load_game(game).definition)
    if found is None:
        raise ValueError(f"{game} declares no fault targets (FAULTS in its scenes package)")
    return found


def aimed_games() -> list[str]:
    """The installed games that declare where the stops aim, in id order."""
    from scenes.presentation import fault_targets

    return [g for g in list_game_ids() if fault_targets(load_game(g).definition) is not None]


@cache
def phases() -> tuple[str, ...]:
    """The "Scene:phase" targets of every game, which the child's trace names so."""
    return tuple(
        t for g in aimed_games() for t in targets(g).scenes if ":" in t and not t.startswith("reels:")
    )


FIRST_ROUNDS = 6  # an aimed session seed shows its target within these rounds


@dataclass
class GameTally:
    game: str
    stops: Counter = field(default_factory=Counter)  # (signal, pace)
    hit: Counter = field(default_factory=Counter)  # the scene showing when the app was stopped
    missed: Counter = field(default_factory=Counter)  # aimed at, not reached in time
    open_after: int = 0
    completed: int = 0
    not_finished: int = 0
    replayed: int = 0
    mismatches: int = 0
    failures: list[str] = field(default_factory=list)


def child_env(trace_dir: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = os.pathsep.join([str(trace_dir), str(ROOT), env.get("PYTHONPATH", "")])
    env["APP_FAULTS_PHASES"] = ",".join(phases())
    return env


def _round_has(game: str, target: str, events: list, win_coins: int, bet_coins: int) -> bool:
    """Whether a round's events show the scene `target` (the reels' own states always; a game's
    own scenes as its `FAULTS.shown_by` says)."""
    from scenes.reels.win_presenter import win_tier

    if target == "reels:free":
        return any(e.type == "spin" and e.mode in ("free", "respin") for e in events)
    if target == "CelebrationScene":
        return win_tier(win_coins, bet_coins) is not None
    shown = targets(game).shown_by.get(target)
    return True if shown is None else shown(events)


def aimed_seed(game: str, target: str, state_json, rng: random.Random, tries: int = 4000) -> int:
    """A session seed whose first rounds (picks made as `--autoplay` makes them, from the
    wallet's stored state) show `target`; a random one if none is found in `tries` seeds."""
    from game.bets import default_bet
    from game.definitions import load_game
    from game.games import rules_for
    from game.rng import SeedSource
    from game.round import play_round

    defn = load_game(game).definition
    bet = default_bet(defn)
    model = rules_for(defn).state_model
    for _ in range(tries):
        s = rng.randrange(1, 2**31)
        if target in ("reels:spin", "reels:idle"):
            return s
        seeds = SeedSource(s)
        state = None if model is None else model.model_validate(state_json) if state_json else model()
        for _ in range(FIRST_ROUNDS):
            seed, choices = seeds.next_seed(), list[int]()
            result = play_round(defn, bet, seed, choices, state=state)
            while result.pending is not None:
                p = result.pending
                choices.append(seeds.auto_pick(p.options, list(p.picked)))
                result = play_round(defn, bet, seed, choices, state=state)
            if _round_has(game, target, list(result.events), int(result.total_win_coins), bet.total_coins):
                return s
            state = result.state_out if result.state_out is not None else state
    return rng.randrange(1, 2**31)


def stored_state(data: Path, game: str):
    """The game's state as the wallet stores it (None: none yet)."""
    from game.ledger import Ledger
    from game.session import STATE_KEY

    path = data / "ledger.sqlite3"
    if not path.exists():
        return None
    with Ledger.open(path) as led:
        return led.get_state(game, STATE_KEY)


def store_state(data: Path, game: str, state: dict[str, Any]) -> bool:
    """The game's state across rounds written into the wallet, as the app stores it, when no
    round is open (True)."""
    from game.ledger import Ledger
    from game.session import STATE_KEY

    data.mkdir(parents=True, exist_ok=True)
    with Ledger.open(data / "ledger.sqlite3") as led:
        if led.open_round() is not None:
            return False
        led.set_state(game, STATE_KEY, state)
        return True


def low_balance(path: Path) -> bool:
    """The wallet holds less than 50 default bets (no round open): time for a new one."""
    from game.ledger import Ledger

    if not path.exists():
        return False
    with Ledger.open(path) as led:
        return led.open_round() is None and led.balance_cents < 50 * 600


class Reader(threading.Thread):
    """Reads the child's stderr: the scene lines and the rest (kept for the report)."""

    def __init__(self, stream) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.scene = ""
        self.seen: list[str] = []
        self.changed = threading.Event()
        self.other: list[str] = []

    def run(self) -> None:
        for line in self.stream:
            if line.startswith("@scene "):
                self.scene = line[7:].strip()
                self.seen.append(self.scene)
                self.changed.set()
            else:
                self.other.append(line)


def stop_in(game: str, data: Path, target: str, sig: int, turbo: bool, seed: int, trace: Path, limit: float):
    """Run the app until `target` shows, then stop it with `sig` a random instant later.
    Returns (scene showing at the stop, whether the target was reached, stderr's other lines)."""
    rng = random.Random(seed)
    cmd = [sys.executable, "main.py", "--game", game, "--data-dir", str(data), "--autoplay", "500"]
    cmd += ["--seed", str(seed)] + (["--turbo"] if turbo else [])
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=child_env(trace), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    reader = Reader(proc.stderr)
    reader.start()
    deadline = time.monotonic() + limit
    reached = False
    while time.monotonic() < deadline and proc.poll() is None:
        if reader.scene == target:
            reached = True
            break
        reader.changed.wait(0.05)
        reader.changed.clear()
    if reached:  # a random instant inside the scene (it may have moved on: the scene hit says so)
        time.sleep(rng.uniform(0.0, 0.4 if turbo else 1.5))
    hit = reader.scene or "start-up"
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    reader.join(timeout=5)
    return hit, reached, reader.other


def balance_arithmetic(path: Path) -> list[str]:
    """Every transaction's balance follows from the one before; the wallet's is the last; every
    closed round debited once and credited once, an open round debited once."""
    problems: list[str] = []
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT id, kind, amount_cents, balance_after_cents FROM transactions ORDER BY id"
        ).fetchall()
        for (_, _, _, before), (tid, _, amount, after) in itertools.pairwise(rows):
            if before + amount != after:
                problems.append(f"transaction {tid}: {before} + {amount} != {after}")
        balance = con.execute("SELECT balance_cents FROM account WHERE id = 1").fetchone()[0]
        if rows and rows[-1][3] != balance:
            problems.append(f"balance {balance} != last transaction's {rows[-1][3]}")
        for rid, status in con.execute("SELECT id, status FROM rounds"):
            kinds = sorted(
                k for (k,) in con.execute("SELECT kind FROM transactions WHERE round_id = ?", (rid,))
            )
            want = {"closed": ["bet", "win"], "open": ["bet"]}.get(status)
            if want is not None and kinds != want:
                problems.append(f"round {rid} ({status}): transactions {kinds}")
    finally:
        con.close()
    return problems


def open_round_id(path: Path) -> int | None:
    from game.ledger import Ledger

    with Ledger.open(path) as led:
        o = led.open_round()
        return None if o is None else o.round_id


def check(game: str, data: Path, tally: GameTally, replayer, trace: Path, restart_limit: float) -> None:
    """Steps 1-4 of the module docstring after one stop."""
    from game.ledger import Ledger

    path = data / "ledger.sqlite3"
    if not path.exists():
        return
    with Ledger.open(path) as led:
        problems = led.verify()
    problems += balance_arithmetic(path)
    was_open = open_round_id(path)
    if was_open is not None:
        tally.open_after += 1
        cmd = [
            sys.executable,
            "main.py",
            "--game",
            game,
            "--data-dir",
            str(data),
            "--autoplay",
            "1",
            "--turbo",
        ]
        try:
            run = subprocess.run(
                cmd, cwd=ROOT, env=child_env(trace), capture_output=True, text=True, timeout=restart_limit
            )
            if run.returncode not in (0, 3):
                problems.append(f"restart exit {run.returncode}: {run.stderr.strip()[-300:]}")
        except subprocess.TimeoutExpired:
            problems.append(f"the restart did not end within {restart_limit:.0f} s")
        still = open_round_id(path)
        if still is None:
            tally.completed += 1
        else:
            tally.not_finished += 1
            problems.append(f"round {still} still open after the restart")
    with Ledger.open(path) as led:
        before = replayer.replayed
        try:
            replayer.check(led)
        except AssertionError as exc:
            tally.mismatches += 1
            problems.append(f"replay: {exc}")
        tally.replayed += replayer.replayed - before
        problems += [f"audit after restart: {p}" for p in led.verify()]
    tally.failures += problems


def run_game(game: str, stops: int, seed: int, folder: Path, limit: float, restart_limit: float) -> GameTally:
    sys.path.insert(0, str(ROOT))
    from tests.game.faults import Replayer

    rng = random.Random(seed)
    tally = GameTally(game)
    trace = folder / "trace"
    trace.mkdir(parents=True, exist_ok=True)
    (trace / "sitecustomize.py").write_text(SITECUSTOMIZE)
    data = folder / game
    replayer = Replayer(game)
    aim = targets(game)
    for k in range(stops):
        target = aim.scenes[k % len(aim.scenes)]
        sig = rng.choice((signal.SIGKILL, signal.SIGTERM))
        turbo = rng.random() < 0.5
        if low_balance(data / "ledger.sqlite3"):  # a new wallet: autoplay would stop at once
            data, replayer = folder / f"{game}_{k}", Replayer(game)
        stored = target in aim.state_for and aim.state is not None and store_state(data, game, aim.state)
        if stored and replayer.state is not None:
            replayer.state = type(replayer.state).model_validate(aim.state)  # the replay's state too
        if target == "CelebrationScene":
            turbo = False  # turbo plays no celebration
        session = aimed_seed(game, target, stored_state(data, game), rng)
        hit, reached, other = stop_in(game, data, target, sig, turbo, session, trace, limit)
        tally.stops[(sig.name.replace("SIG", ""), "turbo" if turbo else "normal")] += 1
        tally.hit[hit] += 1
        if not reached:
            tally.missed[target] += 1
        if any("Traceback" in line for line in other):
            tally.failures.append(f"stop {k}: a traceback: {''.join(other)[-400:]}")
        check(game, data, tally, replayer, trace, restart_limit)
        print(
            f"  {game} stop {k + 1}/{stops}: aimed {target}, hit {hit}, {sig.name}, "
            f"{'turbo' if turbo else 'normal'}, failures so far {len(tally.failures)}",
            file=sys.stderr,
            flush=True,
        )
    return tally


def table(t: GameTally) -> str:
    stops = sum(t.stops.values())
    missed = ", ".join(f"{k} {v}" for k, v in sorted(t.missed.items()))
    rows = [
        f"## {t.game}: {stops} stops",
        "| measure | value |",
        "|---|---|",
        *(f"| stops {s} {p} | {n} |" for (s, p), n in sorted(t.stops.items())),
        f"| scenes hit | {', '.join(f'{k} {v}' for k, v in sorted(t.hit.items()))} |",
        f"| aimed, not reached in time | {missed or '0'} |",
        f"| open after stop → completed on restart | {t.open_after} → {t.completed} |",
        f"| could not finish | {t.not_finished} |",
        f"| rounds replayed | {t.replayed} |",
        f"| mismatches | {t.mismatches} |",
        f"| failures | {len(t.failures)} |",
    ]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=aimed_games(), help="a game (default: every one)")
    ap.add_argument("--stops", type=int, default=100, help="stops per game (default 100)")
    ap.add_argument("--seed", type=int, default=None, help="the campaign's seed (default: random)")
    ap.add_argument(
        "--timeout", type=float, default=150.0, help="seconds to reach a scene before stopping anyway"
    )
    ap.add_argument("--restart-timeout", type=float, default=240.0, help="seconds the restart may take")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    print(f"app faults: seed {seed}", flush=True)
    failed = False
    with tempfile.TemporaryDirectory(prefix="app_faults_") as tmp:
        for game in args.game or aimed_games():
            t = run_game(game, args.stops, seed, Path(tmp), args.timeout, args.restart_timeout)
            print(table(t), flush=True)
            for f in t.failures[:10]:
                print(f"  FAILURE {f}", flush=True)
            failed = failed or bool(t.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
