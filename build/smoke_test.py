"""Smoke test of the frozen Reelhouse app: build it if needed, run it headless, check the ledger.

    python build/smoke_test.py               # one-dir build (dist/reelhouse/reelhouse)
    python build/smoke_test.py --onefile     # the one-file build (dist/reelhouse-onefile)
    python build/smoke_test.py --no-build    # test whatever is in dist/, never build

Checks, in order (the first failure stops the run with a message and exit code 1):
1. `reelhouse --version` exits 0 and prints the project's version;
2. `reelhouse --game <id> --autoplay 20 --turbo --seed 1 --data-dir <tmp>` exits 0 with the
   dummy SDL video and audio drivers;
3. `<tmp>/ledger.sqlite3` holds exactly 20 rounds of `<id>` (the first installed game), all
   closed, no open round, each round's balance_after = balance_before − bet + win and chained to
   the next, and the ledger's own `verify()` reports nothing;
4. the app folder is byte-for-byte unchanged (nothing was written next to the executable);
5. started without `--data-dir`, the app writes into the per-user data folder
   (`$XDG_DATA_HOME/reelhouse`, pointed at a temporary folder here) and not into the bundle.
Then it prints the start-up figures, for information (they never fail the run: CI machines are
noisy): `startup_to_first_frame_ms` from `--bench`, and the best wall time of `--frames 1`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUILD_DIR = Path(__file__).resolve().parent
ROOT = BUILD_DIR.parent
sys.path.insert(0, str(BUILD_DIR))
sys.path.insert(0, str(ROOT))

import package  # noqa: E402 - build/package.py, found through the path set just above

from game.definitions import list_game_ids  # noqa: E402 - the project, found the same way

ROUNDS = 20
GAME = list_game_ids()[0]
RUN_TIMEOUT_S = 300
FIRST_FRAME_TARGET_MS = 1500.0


class SmokeError(Exception):
    """A check failed; the message says which and why."""


def headless_env(home: Path) -> dict[str, str]:
    """Environment for a headless run whose per-user folders all lie inside `home`.

    HOME (and USERPROFILE, Windows' home) point at `home`; XDG's folders (Linux) and APPDATA
    (Windows) at folders inside it; macOS derives its Application Support folder from HOME.
    """
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(home),
        USERPROFILE=str(home),
        APPDATA=str(home / "data"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_CACHE_HOME=str(home / "cache"),
    )
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def expected_user_dir(home: Path, platform: str = sys.platform) -> Path:
    """Where the app keeps its data under `headless_env(home)` on this operating system."""
    if platform.startswith("win"):
        return home / "data" / "Reelhouse"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Reelhouse"
    return home / "data" / "reelhouse"


def run_app(
    exe: Path, args: list[str], env: dict[str, str], timeout: float = RUN_TIMEOUT_S
) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run the frozen app; return the finished process and its wall time in seconds."""
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            [str(exe), *args], env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise SmokeError(f"`{exe.name} {' '.join(args)}` did not finish within {timeout:.0f} s") from exc
    return proc, time.perf_counter() - start


def _tail(text: str, lines: int = 25) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def expect_success(proc: subprocess.CompletedProcess[str], what: str) -> None:
    """Raise SmokeError with the output's tail unless `proc` exited 0."""
    if proc.returncode != 0:
        raise SmokeError(
            f"{what} exited with code {proc.returncode}\n--- stdout ---\n{_tail(proc.stdout)}"
            f"\n--- stderr ---\n{_tail(proc.stderr)}"
        )


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Relative path → (size, mtime in ns) for every file and folder under `folder`."""
    return {
        p.relative_to(folder).as_posix(): (p.stat().st_size if p.is_file() else -1, p.stat().st_mtime_ns)
        for p in folder.rglob("*")
    }


def check_version(exe: Path, env: dict[str, str]) -> str:
    """`--version` exits 0 and names the project version."""
    proc, _ = run_app(exe, ["--version"], env, timeout=60)
    expect_success(proc, "--version")
    version = package.project_version()
    out = proc.stdout.strip()
    if version not in out:
        raise SmokeError(f"--version printed {out!r}, expected it to contain {version!r}")
    return out


def check_ledger(ledger_path: Path, rounds: int = ROUNDS, game_id: str = GAME) -> int:
    """The ledger holds `rounds` closed, consistent rounds of `game_id`; return the balance."""
    from game.ledger import Ledger

    if not ledger_path.is_file():
        raise SmokeError(f"the app wrote no ledger at {ledger_path}")
    with Ledger.open(ledger_path) as ledger:
        problems = ledger.verify()
        if problems:
            raise SmokeError("the ledger is inconsistent:\n  " + "\n  ".join(problems))
        total = ledger.count_rounds()
        played = ledger.count_rounds(game_id)
        if total != rounds or played != rounds:
            raise SmokeError(f"the ledger holds {total} rounds ({played} of {game_id}), expected {rounds}")
        if ledger.open_round() is not None:
            raise SmokeError("a round is still open after autoplay finished")
        history = sorted(ledger.history(limit=rounds + 1), key=lambda r: r.round_id)
        previous_after: int | None = None
        for record in history:
            if record.status != "closed" or record.balance_after_cents is None or record.win_cents is None:
                raise SmokeError(f"round {record.round_id} is {record.status}, expected closed")
            expected = record.balance_before_cents - record.bet_cents + record.win_cents
            if record.balance_after_cents != expected:
                raise SmokeError(
                    f"round {record.round_id}: balance after {record.balance_after_cents} != "
                    f"before {record.balance_before_cents} - bet {record.bet_cents} + win {record.win_cents}"
                )
            if previous_after is not None and record.balance_before_cents != previous_after:
                # a top-up between rounds is allowed by the ledger, but autoplay from a fresh
                # wallet of 5,000.00 never needs one in 20 rounds
                raise SmokeError(
                    f"round {record.round_id} starts at {record.balance_before_cents}, "
                    f"the previous round ended at {previous_after}"
                )
            previous_after = record.balance_after_cents
        balance = ledger.balance_cents
        if previous_after is not None and balance != previous_after:
            raise SmokeError(f"the balance is {balance}, the last round ended at {previous_after}")
        return balance


def bench_first_frame_ms(exe: Path, env: dict[str, str], data_dir: Path) -> float | None:
    """`startup_to_first_frame_ms` from the app's `--bench` JSON, or None if it reports none.

    The app measures from its first line of Python, so this leaves out the bootloader (and, for
    the one-file build, the unpacking): see `frames1_wall_ms` for the whole process.
    """
    proc, _ = run_app(exe, ["--bench", "--data-dir", str(data_dir)], env)
    expect_success(proc, "--bench")
    match = re.search(r'"startup_to_first_frame_ms"\s*:\s*([0-9.]+)', proc.stdout)
    return float(match.group(1)) if match else None


def frames1_wall_ms(exe: Path, env: dict[str, str], data_dir: Path, runs: int = 3) -> float:
    """Best wall time of `--frames 1` over `runs` runs: process start to exit, in ms."""
    best = float("inf")
    for i in range(runs):
        proc, wall = run_app(exe, ["--frames", "1", "--data-dir", str(data_dir / str(i))], env)
        expect_success(proc, "--frames 1")
        best = min(best, wall * 1000)
    return best


def smoke(exe: Path) -> None:
    """Run every check against the frozen executable `exe`; raise SmokeError on the first miss."""
    bundle = exe.parent if exe.parent.name == package.APP_NAME else None
    before = snapshot(bundle) if bundle else {}

    with tempfile.TemporaryDirectory(prefix="reelhouse-smoke-") as tmp_name:
        tmp = Path(tmp_name)
        env = headless_env(tmp / "home")

        print(f"smoke: {exe.relative_to(ROOT) if exe.is_relative_to(ROOT) else exe}")
        print(f"smoke: --version → {check_version(exe, env)}")
        if bundle:
            differ = package.manifest_mismatch(package.bundle_assets(bundle))
            if differ:
                listed = ", ".join(differ[:10])
                raise SmokeError(f"bundled files differ from assets/MANIFEST.sha256: {listed}")
            print("smoke: every bundled asset matches assets/MANIFEST.sha256")

        data_dir = tmp / "data-dir"
        args = ["--game", GAME, "--autoplay", str(ROUNDS), "--turbo", "--seed", "1"]
        args += ["--data-dir", str(data_dir)]
        proc, wall = run_app(exe, args, env)
        expect_success(proc, f"--autoplay {ROUNDS}")
        balance = check_ledger(data_dir / "ledger.sqlite3")
        print(f"smoke: {ROUNDS} autoplay rounds in {wall:.1f} s, ledger consistent, balance {balance} cents")

        if bundle:
            after = snapshot(bundle)
            changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
            if changed:
                raise SmokeError("the app wrote into its own folder: " + ", ".join(changed[:10]))
            print("smoke: the app folder is unchanged")

        proc, _ = run_app(exe, ["--frames", "1"], env)
        expect_success(proc, "--frames 1 (default data folder)")
        user_dir = expected_user_dir(Path(env["HOME"]))
        if not (user_dir / "ledger.sqlite3").is_file():
            found = sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*") if p.is_file())
            raise SmokeError(f"without --data-dir no ledger appeared in the user data folder; files: {found}")
        if bundle and snapshot(bundle) != before:
            raise SmokeError("without --data-dir the app wrote into its own folder")
        print(f"smoke: without --data-dir the ledger goes to the per-user folder {user_dir}")

        bench_ms = bench_first_frame_ms(exe, env, tmp / "bench")
        wall_ms = frames1_wall_ms(exe, env, tmp / "frames")
        ms = bench_ms if bench_ms is not None else wall_ms
        verdict = "within" if ms <= FIRST_FRAME_TARGET_MS else "OVER"
        print(
            f"smoke: first frame {'—' if bench_ms is None else f'{bench_ms:.0f} ms'} (--bench "
            f"startup_to_first_frame_ms), {wall_ms:.0f} ms wall for --frames 1 (best of 3); "
            f"{verdict} the {FIRST_FRAME_TARGET_MS:.0f} ms target"
        )
        figures = {
            "first_frame_ms": bench_ms,
            "frames1_wall_ms": round(wall_ms),
            "autoplay_wall_s": round(wall, 2),
        }
        print(json.dumps({"smoke": "ok", **figures}))


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--onefile", action="store_true", help="test dist/reelhouse-onefile")
    parser.add_argument("--no-build", action="store_true", help="never build; test what is in dist/")
    args = parser.parse_args(argv)

    exe = package.onefile_executable() if args.onefile else package.onedir_executable()
    if not args.no_build and package.is_stale(exe):
        print(f"smoke: {exe.relative_to(ROOT)} is missing or older than its sources; building it")
        elapsed = package.run_pyinstaller(onefile=args.onefile)
        print(f"smoke: build took {elapsed:.1f} s")
    if not exe.is_file():
        print(f"smoke: FAILED: no executable at {exe}", file=sys.stderr)
        return 1
    try:
        smoke(exe)
    except SmokeError as exc:
        print(f"smoke: FAILED: {exc}", file=sys.stderr)
        return 1
    print("smoke: PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
