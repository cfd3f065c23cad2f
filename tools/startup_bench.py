"""Start-up benchmark: the whole process to the reels' first frame, against a minimal pygame-ce
program that opens a 1280×720 window and flips once (both as separate processes, alternated).

    python -m tools.startup_bench [--runs 5] [--game ID] [--fresh] [--json]

Prints, for each, the median (and every run) of the wall time from launching the process to its
first flip (the app logs the clock time of its first frame; the minimal program prints it), of
launch to exit (`main.py --frames 1` exits after its first frame, closing the ledger and the
audio), and of the CPU time the process used; the ratios of the medians, and the median of the
ratios pair by pair (each app run against the minimal run just before it). Run it on an X
display (the real window) or headless (SDL_VIDEODRIVER=dummy); both programs see the same one.
By default every timed run starts with the data folder the untimed first run made (a returning
player: `main.py` without `--data-dir` uses the same folder every time); `--fresh` gives each run
an empty one (a first start, which also creates the ledger, about 20 ms more). Python's
byte-code cache is on for both (PYTHONDONTWRITEBYTECODE is dropped from their environment), as on
a player's machine, where `__pycache__` is written by the first run; an untimed first run of each
warms it and the disk cache.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.definitions import list_game_ids

ROOT = Path(__file__).resolve().parents[1]

MINIMAL = """
import sys, time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((0, 0, 0))
pygame.display.flip()
print(f"first frame at {time.time():.6f}", file=sys.stderr)
pygame.quit()
"""
FLIP_AT = re.compile(r"at (\d+\.\d+)")


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(launch to first flip s, launch to exit s, CPU s) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    launched = time.time()
    t0 = time.perf_counter()
    done = subprocess.run(
        cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    err = done.stderr.decode(errors="replace")
    found = FLIP_AT.findall(err)
    if not found:
        raise SystemExit(f"no first-frame time from {' '.join(cmd[:3])}: {err[-400:]}")
    return float(found[-1]) - launched, wall, cpu


def bench(runs: int, game: str, fresh: bool = False) -> dict:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", REELHOUSE_LOG="info")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    py = sys.executable
    data = Path(tempfile.mkdtemp(prefix="reelhouse-startup-"))
    app_cmd = [py, "main.py", "--game", game, "--frames", "1", "--windowed", "--data-dir", str(data)]
    minimal_cmd = [py, "-c", MINIMAL]
    minimal: list[tuple[float, float, float]] = []
    app: list[tuple[float, float, float]] = []
    try:
        _run(minimal_cmd, env)  # warm-ups: byte-code and disk caches, not counted
        _run(app_cmd, env)
        for _ in range(runs):
            minimal.append(_run(minimal_cmd, env))
            if fresh:
                shutil.rmtree(data, ignore_errors=True)
            app.append(_run(app_cmd, env))
    finally:
        shutil.rmtree(data, ignore_errors=True)

    def summary(rows: list[tuple[float, float, float]]) -> dict:
        out: dict = {}
        for i, name in enumerate(("first_frame", "exit", "cpu")):
            values = [r[i] for r in rows]
            out[f"{name}_median_s"] = round(statistics.median(values), 3)
            out[f"{name}_runs_s"] = [round(v, 3) for v in values]
        return out

    out: dict[str, Any] = {
        "runs": runs,
        "data_folder": "fresh" if fresh else "kept",
        "driver": env.get("SDL_VIDEODRIVER", "x11"),
        "minimal": summary(minimal),
        "app": summary(app),
    }
    for i, name in enumerate(("first_frame", "exit", "cpu")):
        key = f"{name}_median_s"
        out[f"{name}_ratio"] = round(out["app"][key] / out["minimal"][key], 2)
        # each app run against the minimal run just before it: steadier when the machine's speed
        # drifts during the bench (the two medians may come from different moments)
        pairs = [a[i] / m[i] for a, m in zip(app, minimal, strict=True)]
        out[f"{name}_pair_ratio_median"] = round(statistics.median(pairs), 2)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--game", default=list_game_ids()[0], help="default: the first installed game")
    ap.add_argument("--fresh", action="store_true", help="an empty data folder for every run")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    out = bench(a.runs, a.game, a.fresh)
    if a.json:
        print(json.dumps(out))
        return 0
    for name in ("minimal", "app"):
        s = out[name]
        print(
            f"{name:8s} to first frame {s['first_frame_median_s']:.3f} s (runs {s['first_frame_runs_s']}); "
            f"to exit {s['exit_median_s']:.3f} s; CPU {s['cpu_median_s']:.3f} s"
        )
    print(
        f"ratio    to first frame {out['first_frame_ratio']}× (target ≤ 2.5×), "
        f"to exit {out['exit_ratio']}×, CPU {out['cpu_ratio']}×"
    )
    print(
        f"pairs    median of each run's ratio: to first frame {out['first_frame_pair_ratio_median']}×, "
        f"to exit {out['exit_pair_ratio_median']}×, CPU {out['cpu_pair_ratio_median']}×"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
