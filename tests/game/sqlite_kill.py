"""Kill points for the ledger's crash tests, imported by their child processes.

A child kills itself with SIGKILL just before SQL statement k (SQLite's statement trace hook) or
at VM instruction k inside a statement (the progress hook). `fork_jobs` runs many such children
from one warmed-up process, several at a time (they mostly wait on fsync), so hundreds of kill
points take seconds. Output, one JSON line each: a completed job first prints
["count", statements, instructions]; then, in job order, [path, k, exit status].
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
from collections.abc import Callable

counts = {"stmt": 0, "vm": 0}


def install_killer(mode: str, kill_at: int) -> None:
    """Make every connection the ledger opens kill this process at point `kill_at` of `mode`."""
    real_connect = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real_connect(*args, **kwargs)

        def on_stmt(sql):
            counts["stmt"] += 1
            if mode == "stmt" and counts["stmt"] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)

        def on_vm():
            counts["vm"] += 1
            if mode == "vm" and counts["vm"] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return 0

        conn.set_trace_callback(on_stmt)
        conn.set_progress_handler(on_vm, 1)
        return conn

    sqlite3.connect = connect


def _say(value: list) -> None:
    print(json.dumps(value), flush=True)


def fork_jobs(jobs: list[tuple[str, str, int]], width: int, run: Callable[[str], None]) -> None:
    """For each (mode, path, k): fork a child that arms the kill point and runs `run(path)`."""
    running: dict[int, int] = {}
    done: dict[int, int] = {}
    for index, (mode, path, k) in enumerate(jobs):
        while len(running) >= width:
            pid, status = os.wait()
            done[running.pop(pid)] = status
        pid = os.fork()
        if pid == 0:
            install_killer(mode, k)
            run(path)
            _say(["count", counts["stmt"], counts["vm"]])
            os._exit(0)
        running[pid] = index
    while running:
        pid, status = os.wait()
        done[running.pop(pid)] = status
    for index, (_, path, k) in enumerate(jobs):
        _say([path, k, os.waitstatus_to_exitcode(done[index])])
