"""Start-up benchmark: the whole process to the reels' first frame, against a minimal pygame-ce
program that opens a 1280×720 window and flips once (both as separate processes, alternated).

    python -m tools.startup_bench [--runs 5] [--game stones] [--json]

Prints, for each, the median (and every run) of the wall time from launching the process to its
exit and the CPU time it used, and the ratio of the medians. `main.py --frames 1` exits right
after its first frame, so its wall time is the time to the first frame plus a shutdown. Run it
on an X display (the real window) or headless (SDL_VIDEODRIVER=dummy); both programs see the
same one. The app uses a fresh data folder each run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MINIMAL = """
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((0, 0, 0))
pygame.display.flip()
pygame.quit()
"""


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall s, CPU s) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def bench(runs: int, game: str) -> dict:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    py = sys.executable
    minimal: list[tuple[float, float]] = []
    app: list[tuple[float, float]] = []
    # one warm-up of each (file cache, compiled bytecode), not counted
    data = Path(tempfile.mkdtemp(prefix="reelhouse-startup-"))
    app_cmd = [py, "main.py", "--game", game, "--frames", "1", "--windowed", "--data-dir", str(data)]
    try:
        _run([py, "-c", MINIMAL], env)
        _run(app_cmd, env)
        for _ in range(runs):
            minimal.append(_run([py, "-c", MINIMAL], env))
            shutil.rmtree(data, ignore_errors=True)
            app.append(_run(app_cmd, env))
    finally:
        shutil.rmtree(data, ignore_errors=True)

    def summary(rows: list[tuple[float, float]]) -> dict:
        return {
            "wall_median_s": round(statistics.median(r[0] for r in rows), 3),
            "cpu_median_s": round(statistics.median(r[1] for r in rows), 3),
            "wall_runs_s": [round(r[0], 3) for r in rows],
            "cpu_runs_s": [round(r[1], 3) for r in rows],
        }

    out = {
        "runs": runs,
        "driver": env.get("SDL_VIDEODRIVER", "x11"),
        "minimal": summary(minimal),
        "app": summary(app),
    }
    out["wall_ratio"] = round(out["app"]["wall_median_s"] / out["minimal"]["wall_median_s"], 2)
    out["cpu_ratio"] = round(out["app"]["cpu_median_s"] / out["minimal"]["cpu_median_s"], 2)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--game", default="stones")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    out = bench(a.runs, a.game)
    if a.json:
        print(json.dumps(out))
        return 0
    for name in ("minimal", "app"):
        s = out[name]
        print(
            f"{name:8s} wall {s['wall_median_s']:.3f} s (runs {s['wall_runs_s']}), "
            f"CPU {s['cpu_median_s']:.3f} s"
        )
    print(f"ratio    wall {out['wall_ratio']}×, CPU {out['cpu_ratio']}× (target: wall ≤ 2.5×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
