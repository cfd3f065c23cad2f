"""Reelhouse's developer commands, the same on Linux, macOS and Windows (no make needed).

    python tasks.py play          # start the game in a window
    python tasks.py test          # the whole suite: lint, types, every test (what CI runs)
    python tasks.py test-fast     # engine, ledger and scene smoke tests (slow tests left out)
    python tasks.py lint          # ruff check, ruff format --check, mypy
    python tasks.py package       # the PyInstaller app in dist/
    python tasks.py package-smoke # build if needed, run the frozen app headless, check its ledger
    python tasks.py venv          # only create / refresh the virtual environment

Every command first makes sure `.venv/` exists and holds exactly the versions pinned in
`requirements.lock` (it is rebuilt in place when the lock file changes). The Makefile's targets call
this script, so `make test` and `python tasks.py test` run the same steps.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
LOCK = ROOT / "requirements.lock"
STAMP = VENV / ".installed-stamp"

# mypy's scope: the engine is held to --strict; the scenes and tools to the default checks
# (see docs/architecture.md, "Types"). Each run keeps its own cache: the runs' options differ, and
# one shared cache would be rebuilt by every run (about 40 s instead of 2 s when nothing changed).
MYPY_RUNS: tuple[tuple[str, ...], ...] = (
    ("--strict", "--cache-dir", ".mypy_cache/strict", "game"),
    ("--cache-dir", ".mypy_cache/tools", "tools"),
    ("--cache-dir", ".mypy_cache/scenes", "scenes"),
)


def venv_python(root: Path = VENV, platform: str = sys.platform) -> Path:
    """The interpreter inside a virtual environment, for this operating system's layout."""
    if platform.startswith("win"):
        return root / "Scripts" / "python.exe"
    return root / "bin" / "python"


def lock_digest(lock: Path = LOCK) -> str:
    """SHA-256 of the lock file: the stamp that says which pins the environment holds."""
    return hashlib.sha256(lock.read_bytes()).hexdigest()


def ensure_venv() -> Path:
    """Create `.venv` from requirements.lock on first use (or after the lock changed)."""
    python = venv_python()
    digest = lock_digest()
    if python.exists() and STAMP.exists() and STAMP.read_text().strip() == digest:
        return python
    if not python.exists():
        print("Creating the virtual environment in .venv/ …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing the pinned packages from requirements.lock …", flush=True)
    run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([str(python), "-m", "pip", "install", "--quiet", "-r", str(LOCK)])
    STAMP.write_text(digest + "\n")
    return python


def run(cmd: Sequence[str], env: dict[str, str] | None = None) -> None:
    """Run a command from the checkout; stop this script with its exit code when it fails."""
    code = subprocess.call(list(cmd), cwd=ROOT, env=env)
    if code != 0:
        raise SystemExit(code)


def headless_env() -> dict[str, str]:
    """The environment for tests: SDL with its dummy video and audio drivers."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def lint(python: Path) -> None:
    """ruff (lint and format) and mypy."""
    run([str(python), "-m", "ruff", "check", "."])
    run([str(python), "-m", "ruff", "format", "--check", "."])
    for args in MYPY_RUNS:
        run([str(python), "-m", "mypy", *args])


def pytest(python: Path, *args: str) -> None:
    """pytest over tests/ on two workers, headless."""
    run([str(python), "-m", "pytest", "-q", "-n", "2", *args], env=headless_env())


def cmd_play(python: Path, extra: Sequence[str]) -> None:
    run([str(python), "main.py", *extra])


def cmd_test(python: Path, extra: Sequence[str]) -> None:
    lint(python)
    pytest(python, *extra)


def cmd_test_fast(python: Path, extra: Sequence[str]) -> None:
    pytest(python, "-m", "not slow", *extra)


def cmd_lint(python: Path, extra: Sequence[str]) -> None:
    lint(python)


def cmd_package(python: Path, extra: Sequence[str]) -> None:
    run([str(python), "build/package.py", *extra])


def cmd_package_smoke(python: Path, extra: Sequence[str]) -> None:
    run([str(python), "build/smoke_test.py", *extra])


def cmd_venv(python: Path, extra: Sequence[str]) -> None:
    STAMP.touch()  # for make, which compares this file's time with the lock's and tasks.py's
    print(f"Ready: {python}")


COMMANDS: dict[str, Callable[[Path, Sequence[str]], None]] = {
    "play": cmd_play,
    "test": cmd_test,
    "test-fast": cmd_test_fast,
    "lint": cmd_lint,
    "package": cmd_package,
    "package-smoke": cmd_package_smoke,
    "venv": cmd_venv,
}


def main(argv: Sequence[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py may be started by an older Python
        print("Reelhouse needs Python 3.11 or newer.", file=sys.stderr)
        return 2
    python = ensure_venv()
    COMMANDS[argv[0]](python, argv[1:])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
