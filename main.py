"""Reelhouse, the desktop app: parse the flags and run the app (`scenes/app/app.py`, the composition root).

The start time is taken before any heavy import, so the measured time to the first frame covers
the whole start-up from process launch as far as Python can see it.
"""

from __future__ import annotations

import time

_STARTED = time.perf_counter()

import argparse  # noqa: E402 - after the start-time stamp on purpose
import os  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

LOG_ENV = "REELHOUSE_LOG"  # e.g. REELHOUSE_LOG=info shows start-up timing
WINDOW_ENV = "REELHOUSE_WINDOW"  # e.g. REELHOUSE_WINDOW=1920x1080: the window's size (as --window)
NO_MEMORY = (  # as scenes.app.startup_checks.MSG_NO_MEMORY, for when not even that module loads
    "Reelhouse does not have enough memory to start ({reason}); close other programs and start it again."
)
MIN_WINDOW = (640, 360)  # the app refuses smaller (scenes.core.view.MIN_WINDOW)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _window(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1920x1080, got {text!r}") from None
    if w < MIN_WINDOW[0] or h < MIN_WINDOW[1]:
        raise argparse.ArgumentTypeError(f"at least {MIN_WINDOW[0]}x{MIN_WINDOW[1]}, got {text}")
    return w, h


def _seed(text: str) -> int:
    value = int(text, 0)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be non-negative, got {value}")
    return value


def _data_dir_arg() -> str | None:
    """`--data-dir` as given, read straight from argv (the parser may not have run)."""
    argv = sys.argv[1:]
    for i, arg in enumerate(argv):
        if arg.startswith("--data-dir="):
            return arg.split("=", 1)[1]
        if arg == "--data-dir" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def build_parser() -> argparse.ArgumentParser:
    from game import __version__

    p = argparse.ArgumentParser(
        prog="reelhouse",
        description="Reelhouse: three video slots on the desktop, played for fun with a saved wallet.",
    )
    p.add_argument(
        "--game",
        metavar="ID",
        help="open this game's reels straight away (Esc goes to the lobby); `python -m game list` lists ids",
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        default=None,  # a str: Path("") would silently become the current folder
        help="folder for the wallet, history and settings (created if missing; "
        "default: the per-user data folder)",
    )
    screen = p.add_mutually_exclusive_group()
    screen.add_argument(
        "--fullscreen",
        dest="fullscreen",
        action="store_const",
        const=True,
        default=None,
        help="start in fullscreen (F11 toggles while playing)",
    )
    screen.add_argument(
        "--windowed",
        dest="fullscreen",
        action="store_const",
        const=False,
        help="start in a window (overrides the saved setting)",
    )
    p.add_argument(
        "--window",
        metavar="WxH",
        type=_window,
        default=None,
        help="the window's size in pixels, e.g. 1920x1080 (default 1280x720; any size works, the "
        f"game fills it; also ${WINDOW_ENV}); with --bench, the size measured",
    )
    p.add_argument(
        "--seed",
        metavar="S",
        type=_seed,
        default=None,
        help="derive every round's seed from S, so a whole session replays identically "
        "(for tests and demos; normal play draws seeds from the OS)",
    )
    p.add_argument(
        "--autoplay",
        metavar="N",
        type=_positive,
        default=None,
        help="play N rounds at the current bet (bonus picks made automatically), then exit; needs --game",
    )
    p.add_argument("--turbo", action="store_true", help="shortest animations")
    p.add_argument(
        "--frames", metavar="N", type=_positive, default=None, help="exit after N frames (smoke tests)"
    )
    p.add_argument(
        "--bench",
        action="store_true",
        help="run a scripted 30 s of play without a frame cap and print frame-time "
        "figures as one JSON object",
    )
    p.add_argument(
        "--modified-games",
        action="store_true",
        help="play game data that differs from the release (designers): the lobby marks such a "
        "game MODIFIED and shows its exact RTP computed from the changed data",
    )
    p.add_argument("--version", action="version", version=f"Reelhouse {__version__}")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.window is None and os.environ.get(WINDOW_ENV):
        try:
            args.window = _window(os.environ[WINDOW_ENV])
        except argparse.ArgumentTypeError as exc:
            parser.error(f"{WINDOW_ENV}: {exc}")
    if args.autoplay is not None and args.game is None:
        parser.error("--autoplay needs --game ID")

    # stdout belongs to the app (the bench prints one JSON object there); logs go to stderr
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # the app uses no pydantic plugins: skip looking for them in every installed package's
    # metadata, a cost paid before the first frame
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # NumPy's OpenBLAS starts a buffer per core it sees and ends the process itself when memory
    # is short; the app does no linear algebra, so one thread is all it needs
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import logging

    level = os.environ.get(LOG_ENV, "WARNING").upper()
    logging.basicConfig(level=getattr(logging, level, logging.WARNING), format="%(name)s: %(message)s")
    from game.paths import user_data_dir
    from game.storage import MSG_DIR_EMPTY, StorageFailure
    from scenes.app.app import assets_root, run
    from scenes.core.context import LaunchOptions
    from scenes.core.exits import EXIT_STORAGE, failure_text

    if args.data_dir is not None and not args.data_dir.strip():
        print(failure_text(StorageFailure("dir_empty", MSG_DIR_EMPTY), assets_root()), file=sys.stderr)
        return EXIT_STORAGE
    from scenes.app.startup_checks import data_dir_problem

    problem = data_dir_problem(args.data_dir)
    if problem is not None:
        print(problem.english(), file=sys.stderr)
        return EXIT_STORAGE
    scratch: Path | None = None
    data_dir = Path(args.data_dir) if args.data_dir is not None else None
    seed = args.seed
    if args.bench:
        from scenes.app.bench import bench_seed

        seed = bench_seed(args.game) if seed is None else seed
        if data_dir is None:
            # the bench bets: never with the player's own wallet
            scratch = Path(tempfile.mkdtemp(prefix="reelhouse-bench-"))
            data_dir = scratch
    options = LaunchOptions(
        game=args.game,
        data_dir=(data_dir or user_data_dir()).expanduser(),
        fullscreen=args.fullscreen,
        window=args.window,
        seed=seed,
        autoplay=args.autoplay,
        turbo=args.turbo,
        frames=args.frames,
        bench=args.bench,
        modified_games=args.modified_games,
    )
    try:
        return run(options, started=_STARTED)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    try:
        code = main()
        sys.stdout.flush()
        sys.exit(code)
    except KeyboardInterrupt:  # Ctrl-C before the app's own handler is in place: end quietly
        sys.exit(130)
    except BrokenPipeError:  # a script stopped reading the autoplay or bench lines: quietly too
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except Exception as exc:  # too little memory (ulimit -v): one sentence, never a traceback
        try:
            from scenes.app.startup_checks import out_of_memory_text

            said = out_of_memory_text(exc, _data_dir_arg())
        except BaseException:  # not even that module loads: the sentence in plain English
            said = NO_MEMORY.format(reason=type(exc).__name__)
        if said is None:
            raise
        print(said, file=sys.stderr)
        os._exit(1)  # threads that could not start must not hold the exit
