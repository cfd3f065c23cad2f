"""Frame-time benchmark over several runs of `main.py --bench`, steadier than one run on a shared
machine.

    python -m tools.frame_bench [--runs 5] [--json] [-- BENCH ARGS, e.g. --window 1920x1080 --game <id>]

The bench's script is deterministic (simulated time, fixed seeds), so frame i does the same work
in every run and only the time differs. Each run writes its per-frame times
(`REELHOUSE_BENCH_FRAMES`); this prints, overall and per scene on top:
- `p99_median`: the median over the runs of each run's p99 (what one run measures here);
- `p99_fastest`: the p99 of every frame's fastest run, the frames' own cost without the time
  other processes of a shared machine take from a run (a frame slow in one run and fast in the
  others was slowed from outside);
- `over_8ms`: how many frames are over 8 ms in their fastest run (with their indexes and scenes).
Runs headless (SDL_VIDEODRIVER=dummy) unless a display is given in the environment.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 8.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(q / 100 * (len(s) - 1))))
    return s[k]


def run_once(args: list[str], env: dict[str, str]) -> list[list]:
    with tempfile.TemporaryDirectory(prefix="reelhouse-frames-") as tmp:
        out = Path(tmp) / "frames.json"
        run_env = dict(env, REELHOUSE_BENCH_FRAMES=str(out))
        subprocess.run(
            [sys.executable, "main.py", "--bench", *args],
            cwd=ROOT,
            env=run_env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        return json.loads(out.read_text(encoding="utf-8"))


def summarise(runs: list[list[list]]) -> dict:
    n = min(len(r) for r in runs)
    scenes = [runs[0][i][2] for i in range(n)]
    fastest = [min(r[i][0] for r in runs) for i in range(n)]
    out: dict = {"runs": len(runs), "frames": n}

    def block(idx: list[int]) -> dict:
        per_run = [percentile([r[i][0] for i in idx], 99) for r in runs]
        slow = [i for i in idx if fastest[i] > TARGET_MS]
        return {
            "frames": len(idx),
            "p99_median": round(statistics.median(per_run), 2),
            "p99_runs": [round(x, 2) for x in per_run],
            "p99_fastest": round(percentile([fastest[i] for i in idx], 99), 2),
            "p50_fastest": round(percentile([fastest[i] for i in idx], 50), 2),
            "over_8ms": len(slow),
            "over_8ms_frames": [[i, round(fastest[i], 1), scenes[i]] for i in slow][:40],
        }

    out["all"] = block(list(range(n)))
    out["scenes"] = {s: block([i for i in range(n) if scenes[i] == s]) for s in dict.fromkeys(scenes)}
    for name in out["scenes"]:
        out["scenes"][name].pop("over_8ms_frames")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("bench_args", nargs="*", help="arguments for main.py --bench (after --)")
    a = ap.parse_args(argv)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    out = summarise([run_once(a.bench_args, env) for _ in range(max(1, a.runs))])
    if a.json:
        print(json.dumps(out))
        return 0
    rows = [("all", out["all"]), *out["scenes"].items()]
    for name, b in rows:
        print(
            f"{name:18s} frames {b['frames']:5d}  p99 median of runs {b['p99_median']:6.2f} ms "
            f"(runs {b['p99_runs']})  p99 of each frame's fastest run {b['p99_fastest']:6.2f} ms  "
            f"p50 {b['p50_fastest']:5.2f}  frames over {TARGET_MS:g} ms: {b['over_8ms']}"
        )
    print("frames over 8 ms in their fastest run [index, ms, scene]:", out["all"]["over_8ms_frames"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
