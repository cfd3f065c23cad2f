"""The memory soak: a long turbo autoplay of the real app, its resident memory sampled as it plays.

    python -m tools.soak [--rounds 5000] [--game ID] [--seed 1]

Runs `main.py --game G --autoplay N --turbo` headless in a scratch data folder and reads the
process's resident set size (VmRSS) and peak (VmHWM) from /proc twice a second, with the number
of rounds the ledger holds. Prints one JSON object: RSS at the start (the first round), after the
warm-up (`--warmup` rounds, by default a tenth of the run), and at the end (the last round), the
peak, the growth after the warm-up, and a sample every tenth of the run. A figure, not a test:
the budget is a peak of 250 MB (`make soak`). Linux only (/proc).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.definitions import list_game_ids

ROOT = Path(__file__).resolve().parents[1]
BUDGET_MB = 250


def _status(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of a process in MB (empty once it has gone)."""
    out: dict[str, float] = {}
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return out
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0]) / 1024
    return out


def _rounds(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.2) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM rounds").fetchone()[0])
    except sqlite3.Error:
        return -1


def soak(game: str, rounds: int, seed: int, warmup: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="reelhouse-soak-") as tmp:
        data = Path(tmp)
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        args = ["--game", game, "--autoplay", str(rounds), "--turbo", "--seed", str(seed), "--data-dir", tmp]
        started = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        samples: list[tuple[float, int, float, float]] = []  # (seconds, rounds, rss, hwm)
        while proc.poll() is None:
            st = _status(proc.pid)
            n = _rounds(data / "ledger.sqlite3")
            if st and n >= 0:
                samples.append((time.monotonic() - started, n, st.get("VmRSS", 0.0), st.get("VmHWM", 0.0)))
            time.sleep(0.5)
        out, err = proc.communicate()
    played = [s for s in samples if s[1] >= 1]
    if proc.returncode != 0 or not played:
        raise SystemExit(f"the app failed (exit {proc.returncode}): {err[-2000:]}")

    def at(n: int) -> tuple[float, int, float, float]:
        return next((s for s in played if s[1] >= n), played[-1])

    start, warm, end = played[0], at(warmup), played[-1]
    peak = max(s[3] for s in samples)
    step = max(1, rounds // 10)
    return {
        "game": game,
        "rounds": rounds,
        "seconds": round(samples[-1][0], 1),
        "rss_start_mb": round(start[2], 1),
        "rss_after_warmup_mb": round(warm[2], 1),
        "warmup_rounds": warm[1],
        "rss_end_mb": round(end[2], 1),
        "growth_after_warmup_mb": round(end[2] - warm[2], 1),
        "peak_rss_mb": round(peak, 1),
        "budget_mb": BUDGET_MB,
        "within_budget": peak <= BUDGET_MB,
        "by_round": {str(at(n)[1]): round(at(n)[2], 1) for n in range(step, rounds + 1, step)},
        "summary": out.strip().splitlines()[-1:] or [""],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=list_game_ids()[0], help="default: the first installed game")
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=None, help="rounds of warm-up (default: a tenth)")
    args = parser.parse_args(argv)
    warmup = args.warmup if args.warmup is not None else max(1, args.rounds // 10)
    print(json.dumps(soak(args.game, args.rounds, args.seed, warmup)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
