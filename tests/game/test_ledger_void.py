"""Void rounds and refunds ("malfunction voids all pays and plays") and the schema v1 -> v2 upgrade.

A round that can no longer be completed (the game data it was played with changed) is voided:
its bet is refunded once, no win is ever credited, and the one-open-round slot is freed. The
database refuses every other use of the new 'refund' entry and 'void' status. Files written by
the version 1 code path upgrade on open, in one transaction; SIGKILL at any statement of
"open (upgrade) + void" leaves either the open round or the void one, never half.
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
from dataclasses import astuple
from pathlib import Path

import pytest

import game.ledger as ledger_module
from game.ledger import (
    Ledger,
    LedgerError,
    Meters,
    RoundClosed,
    RoundInProgress,
    RoundNotFound,
)
from game.money import Bet

ROOT = Path(__file__).resolve().parents[2]
SHA = "ab" * 32
BET = Bet(lines=20, level=1, coin_value_cents=5)  # 100 cents
START = 10_000
REASON = "The game data changed since the round began."

# The version 1 schema is frozen: files in the field were written by exactly this DDL, and the
# upgrade test builds its v1 file with it, so the text must not drift. Never edit it; add a step.
V1_DDL_SHA256 = "8acc4f30f9d8628ce9298c0eb3cd2aa2464f690c31552428d35764554772513b"


def round_end(win_coins: int) -> list[dict]:
    return [{"type": "round_end", "total_win_coins": win_coins, "capped": False}]


@pytest.fixture
def ledger(tmp_path: Path):
    with Ledger.open(tmp_path / "ledger.sqlite3", start_balance_cents=START) as led:
        yield led


def journal(led: Ledger, round_id: int) -> list[tuple[str, int]]:
    return led._conn.execute(
        "SELECT kind, amount_cents FROM transactions WHERE round_id = ? ORDER BY id", (round_id,)
    ).fetchall()


# -- the ledger API -----------------------------------------------------------------------------
def test_void_refunds_the_bet_once(ledger: Ledger) -> None:
    rid = ledger.begin_round("stones", SHA, "1.0.0", BET, 7)
    ledger.record_choice(rid, 3)
    assert ledger.balance_cents == START - 100

    assert ledger.void_round(rid, f"  {REASON} ") == START
    assert ledger.balance_cents == START
    assert journal(ledger, rid) == [("bet", -100), ("refund", 100)]
    rec = ledger.round_detail(rid)
    assert (rec.status, rec.void_reason) == ("void", REASON)
    assert rec.win_coins is None and rec.win_cents is None and rec.events is None
    assert rec.balance_before_cents == START and rec.balance_after_cents == START
    assert rec.finished_at is not None and rec.choices == (3,)
    assert ledger.meters() == Meters(1, 100, 0, 0, 100)  # still played and wagered; refunded
    assert ledger.verify() == []

    for again in (
        lambda: ledger.void_round(rid, REASON),
        lambda: ledger.finish_round(rid, 50, round_end(50), False),
        lambda: ledger.record_choice(rid, 4),
    ):
        with pytest.raises(RoundClosed):
            again()
    assert ledger.balance_cents == START and journal(ledger, rid) == [("bet", -100), ("refund", 100)]
    assert ledger.meters().refunded_cents == 100 and ledger.verify() == []


def test_a_void_round_frees_the_slot_and_shows_in_history(ledger: Ledger) -> None:
    first = ledger.begin_round("stones", SHA, "1.0.0", BET, 7)
    with pytest.raises(RoundInProgress):
        ledger.begin_round("stones", SHA, "1.0.0", BET, 8)
    ledger.void_round(first, REASON)
    assert ledger.open_round() is None
    second = ledger.begin_round("stones", SHA, "1.0.0", BET, 8)
    assert ledger.finish_round(second, 30, round_end(30), False) == START - 100 + 150
    newest, oldest = ledger.history()
    assert (newest.round_id, newest.status, newest.void_reason) == (second, "closed", None)
    assert (oldest.round_id, oldest.status, oldest.void_reason) == (first, "void", REASON)
    assert ledger.history(game_id="stones")[1].status == "void"
    points = [b for _, b in ledger.session_balances(ledger.start_session())]
    assert points == [START + 50]
    assert ledger.verify() == []


def test_void_refusals_write_nothing(ledger: Ledger) -> None:
    closed = ledger.begin_round("stones", SHA, "1.0.0", BET, 7)
    ledger.finish_round(closed, 0, round_end(0), False)
    before = ledger._conn.execute("SELECT COUNT(*) FROM transactions").fetchone()
    with pytest.raises(RoundClosed, match="already finished"):
        ledger.void_round(closed, REASON)  # a closed round is never refunded
    with pytest.raises(RoundNotFound):
        ledger.void_round(999, REASON)
    rid = ledger.begin_round("stones", SHA, "1.0.0", BET, 8)
    for bad in ("", "   "):
        with pytest.raises(ValueError):
            ledger.void_round(rid, bad)
    with pytest.raises(TypeError):
        ledger.void_round("1", REASON)  # type: ignore[arg-type]
    assert ledger.open_round().round_id == rid
    assert ledger._conn.execute("SELECT COUNT(*) FROM transactions").fetchone()[0] == before[0] + 1
    assert ledger.verify() == []


def test_random_play_with_voids_keeps_the_meter_identity(ledger: Ledger) -> None:
    rng = random.Random(20261130)
    expected, last = START, ledger.meters()
    for n in range(60):
        bet = Bet(lines=rng.randint(1, 25), level=rng.randint(1, 3), coin_value_cents=rng.choice([1, 5]))
        if ledger.balance_cents < bet.total_cents:
            expected += 5_000
            ledger.top_up(min_bet_cents=bet.total_cents, amount_cents=5_000)
        rid = ledger.begin_round("g", SHA, "1", bet, n)
        expected -= bet.total_cents
        for c in range(rng.randrange(3)):
            ledger.record_choice(rid, c)
        if rng.random() < 0.3:
            expected += bet.total_cents
            assert ledger.void_round(rid, REASON) == expected
        else:
            win = rng.choice([0, 0, 10, 200])
            expected += win * bet.coin_value_cents
            assert ledger.finish_round(rid, win, round_end(win), False) == expected
        now = ledger.meters()
        assert all(a >= b for a, b in zip(astuple(now), astuple(last), strict=True))
        last = now
    m = ledger.meters()
    assert START + m.topped_up_cents - m.wagered_cents + m.won_cents + m.refunded_cents == expected
    assert ledger.balance_cents == expected and ledger.verify() == []


# -- the database's own rules -------------------------------------------------------------------
def test_the_database_allows_only_the_void_path(ledger: Ledger) -> None:
    conn = ledger._conn
    closed = ledger.begin_round("stones", SHA, "1.0.0", BET, 1)
    ledger.finish_round(closed, 2, round_end(2), False)
    voided = ledger.begin_round("stones", SHA, "1.0.0", BET, 2)
    ledger.void_round(voided, REASON)
    open_ = ledger.begin_round("stones", SHA, "1.0.0", BET, 3)

    def refund(round_id: int | None, amount: int = 100) -> None:
        conn.execute(
            "INSERT INTO transactions (kind, amount_cents, balance_after_cents, round_id, at) "
            "VALUES ('refund', ?, 0, ?, 'x')",
            (amount, round_id),
        )

    refusals = [
        (lambda: refund(closed), "open round that has no win"),  # a won round
        (lambda: refund(voided), "open round|UNIQUE"),  # twice
        (lambda: refund(open_, 150), "open round that has no win"),  # more than the bet
        # not tied to a round, or negative: the trigger or the CHECK, whichever runs first
        (lambda: refund(None), "CHECK|no win"),
        (lambda: refund(open_, -100), "CHECK|no win"),
        (
            lambda: conn.execute(
                "UPDATE rounds SET status = 'void', void_reason = 'x', "
                "finished_at = 'x', balance_after_cents = 0 WHERE id = ?",
                (open_,),
            ),
            "only together with its refund",
        ),
        (
            lambda: conn.execute(
                "UPDATE rounds SET status = 'open', void_reason = NULL WHERE id = ?", (voided,)
            ),
            "void round is final|can only be void",
        ),
        (
            lambda: conn.execute("UPDATE rounds SET balance_after_cents = 1 WHERE id = ?", (voided,)),
            "void round is final",
        ),
        (
            lambda: conn.execute(
                "INSERT INTO transactions (kind, amount_cents, balance_after_cents, round_id, at) "
                "VALUES ('win', 0, 0, ?, 'x')",
                (voided,),
            ),
            "never credited",
        ),
        (
            lambda: conn.execute("INSERT INTO choices VALUES (?, 0, 1, 'x')", (voided,)),
            "only while their round is open",
        ),
        (lambda: conn.execute("UPDATE meters SET refunded_cents = 0"), "only increase"),
        (lambda: conn.execute("DELETE FROM rounds WHERE id = ?", (voided,)), "never deleted"),
        (
            lambda: conn.execute(
                "INSERT INTO rounds (game_id, game_sha256, engine_version, seed, lines, level, "
                "coin_value_cents, bet_cents, status, balance_before_cents, balance_after_cents, "
                "started_at, finished_at, void_reason) "
                "VALUES ('g', 's', '1', '1', 20, 1, 5, 100, 'void', 0, 0, 'x', 'x', 'r')"
            ),
            "only after it began",
        ),
    ]
    for attempt, message in refusals:
        with pytest.raises(sqlite3.IntegrityError, match=message):
            attempt()

    # a refund without the round turning void in the same transaction cannot be closed either
    conn.execute("BEGIN")
    refund(open_)
    with pytest.raises(sqlite3.IntegrityError, match="can only be void"):
        conn.execute(
            "UPDATE rounds SET status = 'closed', win_coins = 0, win_cents = 0, capped = 0 WHERE id = ?",
            (open_,),
        )
    conn.execute("ROLLBACK")
    assert ledger.verify() == []


# -- the v1 -> v2 upgrade -----------------------------------------------------------------------
def make_v1_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    """A ledger written by the version 1 code path: the v1 DDL and the unchanged round calls.

    Returns what it holds, to compare after the upgrade."""
    with monkeypatch.context() as patch:
        patch.setattr(ledger_module, "SCHEMA_VERSION", 1)
        with Ledger.open(path, start_balance_cents=250) as led:
            session = led.start_session()
            won = led.begin_round("stones", SHA, "1.0.0", BET, 11, session_id=session)
            led.record_choice(won, 4)
            led.finish_round(won, 30, round_end(30), False, state={"passports": 1})
            lost = led.begin_round("stones", SHA, "1.0.0", BET, 22, session_id=session)
            led.finish_round(lost, 0, round_end(0), False)
            led.top_up(min_bet_cents=500, amount_cents=1_000)
            pending = led.begin_round("stones", SHA, "1.0.0", BET, 33, session_id=session)
            led.record_choice(pending, 9)
            held = {
                "rounds": led._conn.execute(
                    f"SELECT {ledger_module._V1_ROUND_COLUMNS} FROM rounds ORDER BY id"
                ).fetchall(),
                "journal": led._conn.execute("SELECT * FROM transactions ORDER BY id").fetchall(),
                "choices": led._conn.execute("SELECT * FROM choices ORDER BY round_id, seq").fetchall(),
                "sessions": led._conn.execute("SELECT * FROM sessions").fetchall(),
                "balance": led.balance_cents,
                "pending": pending,
            }
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert "void" not in " ".join(r[0] or "" for r in conn.execute("SELECT sql FROM sqlite_master"))
    finally:
        conn.close()
    return held


def schema_of(path: Path) -> list[tuple[str, str, str]]:
    conn = sqlite3.connect(path)
    try:
        return sorted(conn.execute("SELECT type, name, sql FROM sqlite_master").fetchall())
    finally:
        conn.close()


def test_v1_schema_text_is_frozen() -> None:
    digest = hashlib.sha256(ledger_module._SCHEMA_V1.encode()).hexdigest()
    assert digest == V1_DDL_SHA256, "the v1 DDL changed: never edit it, add an upgrade step"


def test_a_v1_file_upgrades_on_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.sqlite3"
    held = make_v1_file(path, monkeypatch)
    with Ledger.open(path) as led:
        conn = led._conn
        assert led.notice is None  # upgraded, not mistaken for damage
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        # every row kept, with its id
        assert (
            conn.execute(f"SELECT {ledger_module._V1_ROUND_COLUMNS} FROM rounds ORDER BY id").fetchall()
            == held["rounds"]
        )
        assert conn.execute("SELECT * FROM transactions ORDER BY id").fetchall() == held["journal"]
        assert conn.execute("SELECT * FROM choices ORDER BY round_id, seq").fetchall() == held["choices"]
        assert conn.execute("SELECT * FROM sessions").fetchall() == held["sessions"]
        assert led.balance_cents == held["balance"] == 250 - 100 + 150 - 100 + 1_000 - 100
        assert led.meters() == Meters(3, 300, 150, 1_000, 0)
        assert led.get_state("stones", "passports") == 1
        assert led.verify() == []
        # the v1 open round is voided through the new path, the slot is free again
        assert led.open_round().round_id == held["pending"]
        assert led.void_round(held["pending"], REASON) == held["balance"] + 100
        led.finish_round(led.begin_round("stones", SHA, "1.0.0", BET, 44), 0, round_end(0), False)
        assert led.verify() == []
    # an upgraded file has exactly the schema of a new one (there is one definition of v2)
    with Ledger.open(tmp_path / "new.sqlite3"):
        pass
    assert schema_of(path) == schema_of(tmp_path / "new.sqlite3")
    with Ledger.open(path) as led:  # reopening does not upgrade again
        assert led.verify() == [] and led.round_detail(held["pending"]).status == "void"


def test_a_v2_file_is_too_new_for_v1_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path):
        pass
    monkeypatch.setattr(ledger_module, "SCHEMA_VERSION", 1)
    with pytest.raises(LedgerError, match="newer version"):
        Ledger.open(path)


# -- crash safety -------------------------------------------------------------------------------
# A fork()ed child per kill point opens a v1 copy (upgrading it) and voids its open round; it kills
# itself with SIGKILL just before SQL statement k (trace hook) or at VM instruction k (progress
# hook). Forked from one warmed-up process, several at a time, so the whole test takes seconds.
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
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def copy_ledger(src: Path, dst: Path) -> None:
    for suffix in ("", "-wal"):
        if Path(f"{src}{suffix}").exists():
            shutil.copyfile(f"{src}{suffix}", f"{dst}{suffix}")


def state_after_kill(path: Path, pending: int, balance: int) -> int:
    """0: the round is still open (the file at v1 or v2); 1: it is void and refunded."""
    raw = sqlite3.connect(path)
    try:  # the upgrade is all or nothing: v1 tables or v2 tables, never a mix
        version = raw.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {r[1] for r in raw.execute("PRAGMA table_info(rounds)")}
    finally:
        raw.close()
    assert version in (1, 2) and not {"rounds_v2", "transactions_v2"} & tables
    assert ("void_reason" in columns) == (version == 2)
    with Ledger.open(path) as led:
        assert led.notice is None and led.verify() == []
        rec = led.round_detail(pending)
        if rec.status == "open":
            assert led.balance_cents == balance and journal(led, pending) == [("bet", -100)]
            assert led.void_round(pending, REASON) == balance + 100  # voidable after restart
            state = 0
        else:
            assert version == 2 and rec.status == "void" and rec.void_reason == REASON
            assert led.balance_cents == balance + 100
            assert journal(led, pending) == [("bet", -100), ("refund", 100)]
            state = 1
        with pytest.raises(RoundClosed):
            led.void_round(pending, REASON)
        assert led.balance_cents == balance + 100 and led.verify() == []
    return state


@pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="POSIX")
def test_kill_anywhere_in_upgrade_and_void(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    template = tmp_path / "v1.sqlite3"
    held = make_v1_file(template, monkeypatch)
    count_path = tmp_path / "count.sqlite3"
    copy_ledger(template, count_path)
    (tag, n_stmt, n_vm), _ = run_children([("count", str(count_path), 0)], 1)
    assert tag == "count" and n_stmt > 30

    vm_points = sorted(random.Random(20261130).sample(range(1, n_vm + 1), 12))
    jobs = [("stmt", str(tmp_path / f"stmt-{k}.sqlite3"), k) for k in range(1, n_stmt + 2)]
    jobs += [("vm", str(tmp_path / f"vm-{k}.sqlite3"), k) for k in vm_points]
    for _, path, _ in jobs:
        copy_ledger(template, Path(path))
    reports = [r for r in run_children(jobs) if r[0] != "count"]
    for (mode, path, k), report in zip(jobs, reports, strict=True):
        # k = n_stmt + 1 is never reached: that child completes
        assert report == [path, k, 0 if mode == "stmt" and k > n_stmt else -signal.SIGKILL]

    states = [state_after_kill(Path(path), held["pending"], held["balance"]) for _, path, _ in jobs]
    stmt_states = [s for (mode, _, _), s in zip(jobs, states, strict=True) if mode == "stmt"]
    assert stmt_states == sorted(stmt_states)  # killing later never shows an earlier state
    assert set(stmt_states) == {0, 1}
