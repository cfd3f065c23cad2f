"""The byte-flip check of the ledger's critical memory: flip each byte of a small ledger, one at a time.

For every flipped copy the app's own start-up check (`game.ledger.files.inspect`: SQLite's
integrity check, the schema of the file's version, the upgrade, the full audit of the chain and
every digest) either refuses the file (damaged: it would be set aside and the player told; or
"written by a newer version": left untouched and the player told) or opens it; an opened copy
must hold exactly the content of the original, row for row. A copy that opens with any other
content is a SILENT change, and there must be none.

`python -m tests.game.byte_flip [--stride N] [--workers W]` runs it (every byte by default) and
prints the counts as JSON; `make byte-flip` runs every byte. The test suite runs a stride.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from game.ledger import Ledger, LedgerTooNew, files, schema
from game.money import Bet

BET = Bet(lines=20, level=1, coin_value_cents=5)
GAME_DATA = b'id = "stones"\nname = "Secret of the Stones"\n'
SHA = hashlib.sha256(GAME_DATA).hexdigest()
TABLES = ("account", "meters", "sessions", "rounds", "choices", "transactions", "game_state", "game_data")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        current = self.now
        self.now += timedelta(seconds=1)
        return current


def end(win: int) -> list[dict]:
    return [
        {"type": "spin", "stops": [3, 1, 4, 1, 5], "win_coins": win},
        {"type": "round_end", "total_win_coins": win, "capped": False},
    ]


def make_small_ledger(path: Path) -> None:
    """Every kind of row: two sessions, rounds closed (won, lost, with choices and state, one
    begun with a stored state), a void round, a top-up, stored game data, and an open round with
    a choice and the state it began with."""
    with Ledger.open(path, start_balance_cents=250, clock=Clock()) as led:
        first = led.start_session()
        won = led.begin_round(
            "stones", SHA, "1.0.0", BET, 11, first, game_data=GAME_DATA, state_in={"passports": 0}
        )
        led.record_choice(won, 4)
        led.finish_round(won, 30, end(30), False, state={"passports": 1})
        lost = led.begin_round("stones", SHA, "1.0.0", BET, 2**64 - 5, first, game_data=GAME_DATA)
        led.finish_round(lost, 0, end(0), False)
        led.top_up(min_bet_cents=500)
        void = led.begin_round("stones", SHA, "1.0.0", BET, 44, first)
        led.void_round(void, "The game of this round is no longer installed.")
        second = led.start_session()
        pending = led.begin_round(
            "stones", SHA, "1.0.0", BET, 33, second, game_data=GAME_DATA, state_in={"passports": 1}
        )
        led.record_choice(pending, 9)
        led.set_state("other", "flag", True)
    # closing the last connection checkpoints the WAL into the file: the ledger is one file


def content(conn: sqlite3.Connection) -> tuple:
    """Everything the file holds, row for row (and its schema and version)."""
    rows = tuple(tuple(sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)) for t in TABLES)
    return conn.execute("PRAGMA user_version").fetchone()[0], schema.schema_of(conn), rows


def outcome(path: Path, original: tuple) -> str:
    """ "damaged", "too_new", "unchanged" or "SILENT" for the file at `path`."""
    try:
        conn = files.inspect(path, Clock(), 0)
    except schema.DamagedError:
        return "damaged"
    except LedgerTooNew:
        return "too_new"
    except Exception as exc:  # the app would end in a traceback: a failure as bad as silence
        return f"CRASH {type(exc).__name__}: {exc}"[:200]
    try:
        return "unchanged" if content(conn) == original else "SILENT"
    finally:
        conn.close()


def flip_range(raw: bytes, offsets: Iterable[int], folder: Path, original: tuple) -> dict:
    """Flip each offset in turn; counts per outcome, and (offset, what) for every failure."""
    counts: dict[str, int] = {}
    failures: list[tuple[int, str]] = []
    path = folder / "flipped.sqlite3"
    for offset in offsets:
        data = bytearray(raw)
        data[offset] ^= 0xFF
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        path.write_bytes(data)
        result = outcome(path, original)
        if result not in ("damaged", "too_new", "unchanged"):
            failures.append((offset, result))
            result = result.split()[0]
        counts[result] = counts.get(result, 0) + 1
    return {"counts": counts, "failures": failures}


def run(stride: int = 1, workers: int = 1, folder: Path | None = None) -> dict:
    """Flip every `stride`-th byte (and every byte of the 100-byte file header) on `workers`
    forked processes; return the counts per outcome, the failures (silent changes and crashes,
    with their offsets) and the file's size."""
    logging.disable(logging.CRITICAL)  # thousands of "damaged" log lines say nothing here
    try:
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            base = Path(tmp)
            make_small_ledger(base / "ledger.sqlite3")
            raw = (base / "ledger.sqlite3").read_bytes()
            with sqlite3.connect(base / "ledger.sqlite3") as conn:
                original = content(conn)
            offsets = sorted(set(range(0, len(raw), stride)) | set(range(100)))
            started = time.perf_counter()
            parts = _fork_map(raw, offsets, base, original, max(1, workers))
            counts: dict[str, int] = {}
            failures: list[tuple[int, str]] = []
            for part in parts:
                for key, n in part["counts"].items():
                    counts[key] = counts.get(key, 0) + n
                failures += [tuple(f) for f in part["failures"]]
            return {
                "bytes": len(raw),
                "flipped": len(offsets),
                "counts": dict(sorted(counts.items())),
                "failures": sorted(failures),
                "seconds": round(time.perf_counter() - started, 1),
            }
    finally:
        logging.disable(logging.NOTSET)


def _fork_map(raw: bytes, offsets: list[int], base: Path, original: tuple, workers: int) -> list[dict]:
    if workers == 1 or not hasattr(os, "fork"):
        (base / "w0").mkdir()
        return [flip_range(raw, offsets, base / "w0", original)]
    children: list[tuple[int, int]] = []
    for w in range(workers):
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: its share of the offsets, its own folder, JSON on the pipe
            os.close(read_fd)
            folder = base / f"w{w}"
            folder.mkdir()
            out = json.dumps(flip_range(raw, offsets[w::workers], folder, original)).encode()
            with os.fdopen(write_fd, "wb") as pipe:
                pipe.write(out)
            os._exit(0)
        os.close(write_fd)
        children.append((pid, read_fd))
    parts = []
    for pid, read_fd in children:
        with os.fdopen(read_fd, "rb") as pipe:
            parts.append(json.loads(pipe.read() or b"{}"))
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"a byte-flip worker failed (status {status})")
    return parts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.game.byte_flip", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--stride", type=int, default=1, help="flip every N-th byte (default: every byte)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    report = run(args.stride, args.workers)
    print(json.dumps(report))
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
