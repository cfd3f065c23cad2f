"""Old ledger files upgrade on open: v1 -> v2 (void rounds) -> v3 (critical memory, stored game
data) -> v4 (each round keeps the cross-round state it began with) -> v5 (each top-up keeps the
smallest bet it answered).

The old files are what the version 1, 2 and 3 code wrote (tests/game/ledger_files.py). Each upgrade
step runs in one transaction with its `user_version` bump; the v3 step checks the old money first
(an unsound file is set aside, never sealed) and computes the hash chain and every digest for
the old rows. SIGKILL before any statement (and at random VM instructions) of "open (upgrade) +
void the open round" leaves a file at one version or the next, never between, with the round
either still open or void and refunded once.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.ledger import Ledger, LedgerTooNew, Meters, RoundClosed, schema
from game.money import Bet
from tests.game.ledger_files import (
    V1_ROUND_COLUMNS,
    V1_TRANSACTION_COLUMNS,
    V2_ROUND_COLUMNS,
    make_old_file,
)

ROOT = Path(__file__).resolve().parents[2]
SHA = "ab" * 32
BET = Bet(lines=20, level=1, coin_value_cents=5)  # 100 cents
REASON = "The game data changed since the round began."

# The version 1 schema is frozen: files in the field were written by exactly this DDL, so the text
# must not drift. Never edit it; add a step.
V1_DDL_SHA256 = "8acc4f30f9d8628ce9298c0eb3cd2aa2464f690c31552428d35764554772513b"


def round_end(win_coins: int) -> list[dict]:
    return [{"type": "round_end", "total_win_coins": win_coins, "capped": False}]


def journal(led: Ledger, round_id: int) -> list[tuple[str, int]]:
    return led._conn.execute(
        "SELECT kind, amount_cents FROM transactions WHERE round_id = ? ORDER BY id", (round_id,)
    ).fetchall()


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_v1_schema_text_is_frozen() -> None:
    digest = hashlib.sha256(schema.SCHEMA_V1.encode()).hexdigest()
    assert digest == V1_DDL_SHA256, "the v1 DDL changed: never edit it, add an upgrade step"


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_an_old_file_upgrades_on_open(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.sqlite3"
    held = make_old_file(path, version)
    columns = V1_ROUND_COLUMNS if version == 1 else V2_ROUND_COLUMNS
    sealed_before = []
    if version >= 3:
        with raw(path) as conn:
            sealed_before = conn.execute("SELECT id, digest FROM rounds ORDER BY id").fetchall()
    with Ledger.open(path) as led:
        conn = led._conn
        # v3 -> v4 seals nothing anew: a round without a stored state keeps its v3 digest
        if sealed_before:
            assert conn.execute("SELECT id, digest FROM rounds ORDER BY id").fetchall() == sealed_before
        assert led.notice is None  # upgraded, not mistaken for damage
        assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION == 6
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        # every row kept, with its id
        assert conn.execute(f"SELECT {columns} FROM rounds ORDER BY id").fetchall() == held["round_rows"]
        rows = conn.execute(f"SELECT {V1_TRANSACTION_COLUMNS} FROM transactions ORDER BY id").fetchall()
        assert rows == held["journal"]
        rows = conn.execute("SELECT round_id, seq, choice, made_at FROM choices ORDER BY round_id, seq")
        assert rows.fetchall() == held["choices"]
        assert (
            conn.execute("SELECT id, started_at, start_txn_id, start_balance_cents FROM sessions").fetchall()
            == held["sessions"]
        )
        # and sealed: a chain over the old journal, a digest on every row
        digests = conn.execute(
            "SELECT digest FROM transactions UNION ALL SELECT prev_digest FROM transactions "
            "UNION ALL SELECT digest FROM rounds UNION ALL SELECT digest FROM sessions "
            "UNION ALL SELECT digest FROM game_state UNION ALL SELECT head_digest FROM account"
        ).fetchall()
        assert digests and all(len(d) == 64 for (d,) in digests)
        assert led.balance_cents == held["balance"]
        assert led.meters() == Meters(*held["meters"])
        assert led.get_state("stones", "passports") == 1 and led.get_state("other", "flag") is True
        assert led.verify() == []
        # the old open round resumes as it was, and can be voided through the sealed path
        pending = led.open_round()
        assert pending.round_id == held["pending"] and pending.choices == held["pending_choices"]
        # choices made before version 5 carry no entropy (NULL, kept unsealed): replayed with 0
        assert conn.execute("SELECT COUNT(*) FROM choices WHERE entropy IS NOT NULL").fetchone()[0] == 0
        assert pending.entropies == (0,) * len(pending.choices)
        assert led.void_round(held["pending"], REASON) == held["balance"] + 100
        led.finish_round(led.begin_round("stones", SHA, "1.0.0", BET, 44), 0, round_end(0), False)
        assert led.verify() == []
        # rounds begun before version 4 kept no state; a new one keeps the state it begins with
        assert all(r.state_in is None for r in led.history(10)[1:])
        rid = led.begin_round("stones", SHA, "1.0.0", BET, 45, state_in={"gems": 2})
        assert led.open_round().state_in == {"gems": 2}
        led.finish_round(rid, 0, round_end(0), False)
        assert led.round_detail(rid).state_in == {"gems": 2} and led.verify() == []
    # an upgraded file has exactly the schema of a new one (there is one definition of v3)
    with Ledger.open(tmp_path / "new.sqlite3"):
        pass
    assert schema.schema_of(raw(path)) == schema.schema_of(raw(tmp_path / "new.sqlite3"))
    with Ledger.open(path) as led:  # reopening does not upgrade again
        assert led.notice is None and led.verify() == []
        assert led.round_detail(held["pending"]).status == "void"


def test_an_unsound_old_file_is_set_aside_not_sealed(tmp_path: Path) -> None:
    """Sealing would make old damage look sound: the v3 step checks the money first."""
    path = tmp_path / "ledger.sqlite3"
    make_old_file(path, 2)
    with raw(path) as conn:
        conn.execute("UPDATE account SET balance_cents = balance_cents + 1000000")
    with Ledger.open(path) as led:
        assert led.notice is not None and "set aside" in led.notice
        assert led.count_rounds() == 0 and led.verify() == []
    (aside,) = tmp_path.glob("ledger.sqlite3.damaged-*[0-9Z]")
    with raw(aside) as conn:  # kept exactly as it was: version 2, the bad balance in it
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
        assert conn.execute("SELECT balance_cents FROM account").fetchone()[0] == 1_100 + 1_000_000


def test_a_current_file_is_too_new_for_older_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path):
        pass
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    with pytest.raises(LedgerTooNew, match="newer version"):
        Ledger.open(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.sqlite3", "ledger.sqlite3.anchor"]


# -- crash safety -------------------------------------------------------------------------------
# A fork()ed child per kill point opens an old copy (upgrading it) and voids its open round; it
# kills itself with SIGKILL just before SQL statement k (trace hook) or at VM instruction k
# (progress hook). Forked from one warmed-up process, several at a time, so each run takes seconds.
CHILD = r"""
import json, pathlib, sys

from game.ledger import Ledger
from tests.game.sqlite_kill import fork_jobs


def void_pending(path):
    led = Ledger.open(pathlib.Path(path))
    led.void_round(led.open_round().round_id, "The game data changed since the round began.")
    led.close()


fork_jobs(json.loads(sys.argv[1]), int(sys.argv[2]), void_pending)
"""


def run_children(jobs: list[tuple[str, str, int]], width: int = 6) -> list[list]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(jobs), str(width)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def copy_ledger(src: Path, dst: Path) -> None:
    for suffix in ("", "-wal"):
        if Path(f"{src}{suffix}").exists():
            shutil.copyfile(f"{src}{suffix}", f"{dst}{suffix}")


def state_after_kill(path: Path, old: int, held: dict) -> int:
    """0: the round is still open (the file at any version from `old` to the current one); 1: void,
    refunded."""
    with raw(path) as conn:  # each step is all or nothing: never a mix of two versions
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        assert old <= version <= schema.SCHEMA_VERSION
        assert schema.schema_of(conn) == schema.expected_schema(version)
    pending, balance = held["pending"], held["balance"]
    with Ledger.open(path) as led:
        assert led.notice is None and led.verify() == []
        rec = led.round_detail(pending)
        if rec.status == "open":
            assert led.balance_cents == balance and journal(led, pending) == [("bet", -100)]
            assert rec.choices == held["pending_choices"]
            assert led.void_round(pending, REASON) == balance + 100  # voidable after restart
            state = 0
        else:
            assert version == schema.SCHEMA_VERSION and rec.status == "void" and rec.void_reason == REASON
            assert led.balance_cents == balance + 100
            assert journal(led, pending) == [("bet", -100), ("refund", 100)]
            state = 1
        with pytest.raises(RoundClosed):
            led.void_round(pending, REASON)
        assert led.balance_cents == balance + 100 and led.verify() == []
    return state


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="POSIX")
@pytest.mark.parametrize("old", [1, 2, 3, 4])
def test_kill_anywhere_in_upgrade_and_void(tmp_path: Path, old: int) -> None:
    template = tmp_path / "old.sqlite3"
    held = make_old_file(template, old)
    count_path = tmp_path / "count.sqlite3"
    copy_ledger(template, count_path)
    (tag, n_stmt, n_vm), _ = run_children([("count", str(count_path), 0)], 1)
    assert tag == "count" and n_stmt > 30

    vm_points = sorted(random.Random(20261130 + old).sample(range(1, n_vm + 1), 12))
    jobs = [("stmt", str(tmp_path / f"stmt-{k}.sqlite3"), k) for k in range(1, n_stmt + 2)]
    jobs += [("vm", str(tmp_path / f"vm-{k}.sqlite3"), k) for k in vm_points]
    for _, path, _ in jobs:
        copy_ledger(template, Path(path))
    reports = [r for r in run_children(jobs) if r[0] != "count"]
    for (mode, path, k), report in zip(jobs, reports, strict=True):
        # k = n_stmt + 1 is never reached: that child completes
        assert report == [path, k, 0 if mode == "stmt" and k > n_stmt else -signal.SIGKILL]

    states = [state_after_kill(Path(path), old, held) for _, path, _ in jobs]
    stmt_states = [s for (mode, _, _), s in zip(jobs, states, strict=True) if mode == "stmt"]
    assert stmt_states == sorted(stmt_states)  # killing later never shows an earlier state
    assert set(stmt_states) == {0, 1}
