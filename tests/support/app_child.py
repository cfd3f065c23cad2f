"""A child process running the real app headless, for tests that kill it and start it again:
launch a script from the repository's root and read the one JSON line it reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def child_env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def launch(script: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(script), *args],
        cwd=REPO,
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def read_report(proc: subprocess.Popen, timeout: float = 120.0) -> dict:
    """The first line of the child's stdout that is a JSON object; fails if the child exits first
    or says nothing within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                raise AssertionError(f"child exited {proc.returncode}: {proc.stderr.read()[-3000:]}")
            continue
        line = line.strip()
        if line.startswith("{"):
            return json.loads(line)
    proc.kill()
    raise AssertionError("no report from the child")
