"""Resident memory of a command over time, its worker processes included (Linux, /proc).

    python -m tools.rss_over_time --seconds 30 --every 3 -- \
        python -m game simulate <id> --rounds 1000000000000

Starts the command, and every `--every` seconds sums VmRSS over the process and all its
descendants (a simulation runs on worker processes); after `--seconds` it sends SIGINT (the
command's own Ctrl-C path) and, if it lingers, SIGKILL. Prints one JSON object: the samples
(seconds, total RSS in MB, processes), the peak, the growth from the first sample taken after
`--settle` seconds to the last, and the command's last lines of stderr, which is a terminal (so a
progress bar drawn only on a terminal shows). A figure,
not a test: "flat" means the growth after settling is a few MB whatever the run's length.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            out += [int(c) for c in (task / "children").read_text().split()]
    return out


def _tree(pid: int) -> list[int]:
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        todo += _children(p)
    return pids


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _drain(fd: int, into: bytearray) -> None:
    """Read what the command wrote to its terminal so far (a full terminal buffer would block it)."""
    while select.select([fd], [], [], 0)[0]:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return
        if not chunk:
            return
        into += chunk
        del into[:-8192]  # the tail is enough


def watch(cmd: list[str], seconds: float, every: float, settle: float) -> dict:
    # stderr is a terminal, so a command that draws its progress only on a terminal shows it
    master, slave = pty.openpty()
    err = bytearray()
    try:
        started = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=slave)
        os.close(slave)
        samples: list[tuple[float, float, int]] = []
        while proc.poll() is None and time.monotonic() - started < seconds:
            deadline = time.monotonic() + every
            while time.monotonic() < deadline:
                _drain(master, err)
                time.sleep(0.05)
            pids = _tree(proc.pid)
            rss = round(sum(map(_rss_mb, pids)), 1)
            samples.append((round(time.monotonic() - started, 1), rss, len(pids)))
        ended_by_itself = proc.poll() is not None
        if not ended_by_itself:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                for pid in reversed(_tree(proc.pid)):  # the workers too
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                proc.wait()
        _drain(master, err)
    finally:
        os.close(master)
    text = err.decode("utf-8", "replace").replace("\r", "\n")
    tail = [ln.rstrip() for ln in text.splitlines() if ln.strip()][-2:]
    settled = [s for s in samples if s[0] >= settle] or samples
    return {
        "command": " ".join(cmd),
        "seconds": seconds,
        "samples": [{"t": t, "rss_mb": rss, "processes": n} for t, rss, n in samples],
        "peak_mb": max((s[1] for s in samples), default=0.0),
        "growth_after_settle_mb": round(settled[-1][1] - settled[0][1], 1) if settled else 0.0,
        "settle_s": settle,
        "ended_by_itself": ended_by_itself,
        "exit_code": proc.returncode,
        "stderr_tail": tail,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.rss_over_time", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--every", type=float, default=2)
    parser.add_argument("--settle", type=float, default=6, help="seconds before growth is measured")
    parser.add_argument("cmd", nargs=argparse.REMAINDER, help="-- then the command")
    args = parser.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        parser.error("give the command after --")
    print(json.dumps(watch(cmd, args.seconds, args.every, args.settle)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
