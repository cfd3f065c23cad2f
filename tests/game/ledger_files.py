"""Old ledger files for the upgrade tests: SQL dumps of what the version 1 to 4 code wrote.

The dumps (`tests/game/data/ledger_v<N>.sql`) were made by that code itself, so a file built
from one holds exactly the schema text and rows a player's file of that version holds. What they
contain is described in `OLD_FILES`, for the tests to compare after an upgrade.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
SHA = "ab" * 32

# version -> what the file holds
OLD_FILES = {
    1: {
        "balance": 1_100,
        "pending": 3,
        "pending_choices": (9, 2),
        "rounds": 3,
        "meters": (3, 300, 150, 1_000, 0),
    },
    2: {
        "balance": 1_100,
        "pending": 4,
        "pending_choices": (9, 2),
        "rounds": 4,
        "meters": (4, 400, 150, 1_000, 100),
    },
}
OLD_FILES[3] = OLD_FILES[2]  # the version 2 file as the version 3 code upgraded and sealed it
OLD_FILES[4] = OLD_FILES[2]  # ... and as the version 4 code upgraded that
V1_ROUND_COLUMNS = (
    "id, game_id, game_sha256, engine_version, seed, lines, level, coin_value_cents, "
    "coins_per_level_unit, bet_cents, status, win_coins, win_cents, capped, "
    "balance_before_cents, balance_after_cents, started_at, finished_at, events_json, session_id"
)
V2_ROUND_COLUMNS = V1_ROUND_COLUMNS + ", void_reason"
V1_TRANSACTION_COLUMNS = "id, kind, amount_cents, balance_after_cents, round_id, at"


def make_old_file(path: Path, version: int) -> dict:
    """Write the version `version` ledger to `path` (WAL mode, as the app leaves it); return
    what it holds: the facts of OLD_FILES plus its rows, to compare after the upgrade."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript((DATA / f"ledger_v{version}.sql").read_text(encoding="utf-8"))
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("PRAGMA journal_mode = WAL")
        columns = V1_ROUND_COLUMNS if version == 1 else V2_ROUND_COLUMNS
        held = dict(OLD_FILES[version])
        held["round_rows"] = conn.execute(f"SELECT {columns} FROM rounds ORDER BY id").fetchall()
        held["journal"] = conn.execute(
            f"SELECT {V1_TRANSACTION_COLUMNS} FROM transactions ORDER BY id"
        ).fetchall()
        held["choices"] = conn.execute(
            "SELECT round_id, seq, choice, made_at FROM choices ORDER BY round_id, seq"
        ).fetchall()
        held["sessions"] = conn.execute(
            "SELECT id, started_at, start_txn_id, start_balance_cents FROM sessions ORDER BY id"
        ).fetchall()
        held["state"] = conn.execute(
            "SELECT game_id, key, value_json, updated_at FROM game_state ORDER BY game_id, key"
        ).fetchall()
    finally:
        conn.close()
    return held
