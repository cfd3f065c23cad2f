"""The render benchmark behind `main.py --bench`: scripted play through the real scenes.

The script runs on simulated time (every frame advances exactly 1/60 s) while frames are rendered
as fast as the machine allows (no frame cap), so the same seed gives the same frames on every
machine and only the timing differs. It shows the lobby (pointer moving over the tiles), then opens
the first installed game's reels scene (by id) and plays rounds with a fixed seed, answering every
bonus pick automatically, for `BENCH_SECONDS` in total. `--game` picks another game, played by the
script its presentation package declares (`BENCH`, a `scenes.presentation.base.BenchScript`: its
seed, its length, the state across rounds the throwaway ledger starts with — e.g. Warlords' first
round holds a battle; Tomb Raider plays longer from four stored passports, so its quest opens).
At the end it prints one JSON object to stdout: the window's size and density, frame-time
percentiles (ms), frames, simulated seconds, wall seconds, start-up to first frame (ms), peak RSS
(MB), rounds played, and the frame times by the scene on top (the reels, a feature scene such as
the battle or the world map, a celebration). `--window WxH` (or REELHOUSE_WINDOW) sets the size
measured: 1920x1080 draws everything at 1.5 px per logical px. A frame's time is its input, update,
draw and flip; the art the scenes prepare behind the first frame is made between frames
(`AssetStore.pump_preload`), in the time a capped loop sleeps.

With the environment variable `REELHOUSE_BENCH_FRAMES` naming a file, every frame's wall and
CPU milliseconds and the scene on top are also written there (a JSON list of `[ms, cpu_ms,
scene]`), for `tools/frame_bench.py`, which runs the bench several times and takes each frame's
fastest run: the script is deterministic, so frame i does the same work in every run, and the
fastest of several runs is that work's cost without the other processes of a shared machine.

Each phase is a small object with `start(bench)` and `intents(bench, t)`; adding a phase is one
line in `PHASES`.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Mapping

from game.definitions import LoadedGame
from scenes.core.context import AppContext
from scenes.core.intents import Act, Intent
from scenes.presentation.base import BenchScript

FRAMES_ENV = "REELHOUSE_BENCH_FRAMES"  # a file to write every frame's times to (see above)
BENCH_SECONDS = 30.0
BENCH_DT = 1.0 / 60.0


def default_game() -> str:
    """The game played when `--game` is not given: the first installed one (by id)."""
    from scenes.app.app import assets_root, installed_game_ids

    found = installed_game_ids(assets_root())
    return found[0] if found else ""


PLAIN = BenchScript(seed=1)  # a game whose presentation declares no script


def bench_script(game: str | None, games: Mapping[str, LoadedGame] | None = None) -> BenchScript:
    """The script the bench plays `game` with (the default game's when not given): the one its
    presentation package declares (`BENCH`, `scenes.presentation.bench_script`), from `games` or
    else from the game's data under the assets folder."""
    from scenes.presentation import bench_script as declared

    gid = game or default_game()
    if games is not None and gid in games:
        defn = games[gid].definition
    else:
        from game.definitions import DefinitionError, load_definition
        from scenes.app.app import assets_root

        try:
            defn = load_definition(assets_root() / "games" / gid / "game.toml").definition
        except DefinitionError:  # start-up says so in its own words
            return PLAIN
    try:
        return declared(defn) or PLAIN
    except KeyError:  # no presentation shows it: start-up leaves it out
        return PLAIN


def bench_seed(game: str | None) -> int:
    """The session seed the bench plays `game` with (the default game's when not given)."""
    return bench_script(game).seed


AUTOPLAY_ROUNDS = 10_000  # more than 30 s can play: the bench, not autoplay, decides the end


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks."""
    if not values:
        return 0.0
    s = sorted(values)
    pos = (len(s) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def peak_rss_mb() -> float:
    try:
        import resource
    except ImportError:  # Windows: no resource module
        return 0.0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


class LobbyPhase:
    """Sweep the pointer across the lobby's tiles and step the keyboard focus."""

    seconds = 3.0

    def start(self, bench: Bench) -> None:
        from scenes.front.lobby import LobbyScene

        bench.app.stack.clear_to(LobbyScene(bench.ctx))

    def intents(self, bench: Bench, t: float) -> list[Intent]:
        x = int(640 + 520 * math.sin(t * 2.1))
        out = [Intent(Act.POINTER_MOVE, pos=(x, 360))]
        if int(t * 2) != int((t - BENCH_DT) * 2):
            out.append(Intent(Act.RIGHT))
        return out


class ReelsPhase:
    """Open the game's reels over the lobby and let the scene play rounds on its own.

    The reels scene's autoplay (the same code path as `--autoplay N`) presses SPIN and answers
    every pick from the seeded pick stream, so the bench exercises spins, wins and free spins.
    A game whose script has a starting state (`BenchScript.state`) has it stored first, when this
    ledger has never played the game (the bench's throwaway ledger).
    """

    def __init__(self, game: str, script: BenchScript) -> None:
        self.game = game
        self.state = script.state
        self.seconds = (script.seconds or BENCH_SECONDS) - LobbyPhase.seconds

    def start(self, bench: Bench) -> None:
        from game.session import STATE_KEY
        from scenes.front.lobby import reels_scene

        state = self.state
        if state is not None and not bench.ctx.ledger.count_rounds(self.game):
            bench.ctx.ledger.set_state(self.game, STATE_KEY, state)
        bench.ctx.options.autoplay = AUTOPLAY_ROUNDS
        bench.app.stack.push(reels_scene(bench.ctx, self.game))

    def intents(self, bench: Bench, t: float) -> list[Intent]:
        return []


class Bench:
    """Feeds the script to the app one frame at a time (the app's `frame_hook`)."""

    def __init__(self, app, phases: list) -> None:
        self.app = app
        self.ctx = app.ctx
        self.phases = phases
        self.index = -1
        self.t = 0.0  # simulated seconds since the start
        self.phase_t = 0.0
        self.total = sum(p.seconds for p in phases)

    def next_phase(self) -> bool:
        """Start the next phase; False when the script is over."""
        if self.index + 1 >= len(self.phases):
            return False
        self.index += 1
        self.phase_t = 0.0
        self.phases[self.index].start(self)
        return True

    @property
    def phase_name(self) -> str:
        return type(self.phases[self.index]).__name__ if self.index >= 0 else ""

    def __call__(self, app) -> list[Intent]:
        if self.phase_t >= self.phases[self.index].seconds and not self.next_phase():
            app.stack.request_quit()
            return []
        out = self.phases[self.index].intents(self, self.phase_t)
        self.t += BENCH_DT
        self.phase_t += BENCH_DT
        return out


def _rounds(ctx: AppContext) -> int:
    led = ctx.ledger
    return int(led.meters().rounds_played) if led is not None else 0


def _feature_rounds(ctx: AppContext, since: int) -> int:
    """Rounds of this run that reached a feature (picks made, or spins other than the base one)."""
    led = ctx.ledger
    if led is None or since <= 0:
        return 0
    return sum(
        1
        for rec in led.history(since)
        if rec.choices
        or any(
            e.get("type") == "free_spins_start" or (e.get("type") == "spin" and e.get("mode") != "base")
            for e in rec.events or ()
        )
    )


def run_bench(app) -> int:
    """Run the scripted session in `app` and print the figures; return the exit code."""
    ctx = app.ctx
    ctx.options.frames = None
    game = ctx.options.game or default_game()
    phases: list = [LobbyPhase(), ReelsPhase(game, bench_script(game, ctx.games))]
    bench = Bench(app, phases)
    app.fixed_dt = BENCH_DT
    app.frame_hook = bench
    bench.next_phase()
    rounds0 = _rounds(ctx)
    frame_times: list[float] = []
    cpu_times: list[float] = []
    phase_of_frame: list[str] = []
    top_of_frame: list[str] = []  # the scene on top of each frame (a feature scene, the reels...)
    inner = app.frame_hook

    def hook(a) -> list[Intent]:
        out = inner(a)
        phase_of_frame.append(bench.phase_name)
        top_of_frame.append(type(a.stack.top).__name__ if a.stack.top is not None else "")
        return out

    app.frame_hook = hook
    wall0 = time.perf_counter()
    code = app.run(frame_times, cpu_times)
    wall = time.perf_counter() - wall0
    per_phase = {}
    for phase in phases:
        name = type(phase).__name__
        times = [t for t, p in zip(frame_times, phase_of_frame, strict=False) if p == name]
        cpu = [t for t, p in zip(cpu_times, phase_of_frame, strict=False) if p == name]
        per_phase[name] = {
            "frames": len(times),
            "p50": round(percentile(times, 50), 3),
            "p99": round(percentile(times, 99), 3),
            "cpu_p99": round(percentile(cpu, 99), 3),
        }
    by_scene = {}
    for name in dict.fromkeys(top_of_frame):
        times = [t for t, top in zip(frame_times, top_of_frame, strict=False) if top == name]
        cpu = [t for t, top in zip(cpu_times, top_of_frame, strict=False) if top == name]
        by_scene[name] = {
            "frames": len(times),
            "p99": round(percentile(times, 99), 3),
            "cpu_p99": round(percentile(cpu, 99), 3),
        }
    result = {
        "window": list(app.screen.get_size()),
        "density": round(app.view.density, 4),
        "frame_ms_p50": round(percentile(frame_times, 50), 3),
        "frame_ms_p95": round(percentile(frame_times, 95), 3),
        "frame_ms_p99": round(percentile(frame_times, 99), 3),
        "frame_ms_max": round(max(frame_times, default=0.0), 3),
        # CPU time per frame: what the frame cost this process, without time lost to other
        # processes on a busy machine (wall-clock percentiles include that)
        "frame_cpu_ms_p50": round(percentile(cpu_times, 50), 3),
        "frame_cpu_ms_p99": round(percentile(cpu_times, 99), 3),
        "frames": len(frame_times),
        "seconds": round(bench.t, 3),
        "wall_seconds": round(wall, 3),
        "startup_to_first_frame_ms": round(app.first_frame_ms or 0.0, 1),
        "startup_cpu_ms": round(app.first_frame_cpu_ms or 0.0, 1),
        "peak_rss_mb": round(peak_rss_mb(), 1),
        "rounds": _rounds(ctx) - rounds0,
        "free_spins_rounds": _feature_rounds(ctx, _rounds(ctx) - rounds0),
        "game": game,
        "phases": per_phase,
        "scenes": by_scene,
    }
    print(json.dumps(result), flush=True)
    dump = os.environ.get(FRAMES_ENV)
    if dump:
        rows = [
            [round(t, 3), round(c, 3), s]
            for t, c, s in zip(frame_times, cpu_times, top_of_frame, strict=False)
        ]
        with open(dump, "w", encoding="utf-8") as f:
            json.dump(rows, f)
    return code
