"""A ledger that can't be quietly rolled back, doubled or forged cheaply.

- the single-instance lock is on `ledger.sqlite3` itself (no side file; deleting every file
  beside it changes nothing), on POSIX and (through a fake msvcrt) on Windows;
- a ledger with a second name (a hard link) is refused before SQLite opens it, nothing written;
- every write that moves money is checkpointed into the main file: a child plays rounds, is
  SIGKILLed, its -wal and -shm are deleted, and every round is still there;
- the rollback anchor: an older copy put back, another wallet or a fork is set aside as found with
  one sentence and a new wallet is started; a missing or unreadable anchor is written anew, a
  ledger ahead of its anchor accepted;
- the audit checks what the meters mean: top-ups forged like an attacker (sqlite3 and the seal
  module, every digest recomputed) fail it; a balance near 2^63 is a sentence, not an
  OverflowError; a round whose largest win could pass 2^53 cents is refused at start;
- a damaged file is set aside byte for byte as found, with its -wal, -shm and -journal.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.definitions import load_game, win_bound_cents
from game.ledger import (
    MSG_AT_LIMIT,
    BalanceAtLimit,
    Ledger,
    LedgerLocked,
    StorageFailure,
    anchor,
    files,
    seal,
)
from game.money import MAX_CENTS, Bet
from game.session import RoundDriver, RoundRefused

ROOT = Path(__file__).resolve().parents[2]
SHA = "ab" * 32
BET = Bet(lines=20, level=1, coin_value_cents=5)  # 100 cents


def round_end(win: int) -> list[dict]:
    return [{"type": "round_end", "total_win_coins": win, "capped": False}]


def play(led: Ledger, rounds: int) -> None:
    for i in range(rounds):
        rid = led.begin_round("stones", SHA, "1.0.0", BET, i + 1)
        led.finish_round(rid, i % 3, round_end(i % 3), False)


def changes(led: Ledger) -> int:
    return int(led._conn.execute("SELECT COUNT(*) FROM transactions").fetchone()[0])


def aside(folder: Path, tag: str = "damaged") -> Path:
    (found,) = [p for p in folder.glob(f"ledger.sqlite3.{tag}-*") if re.search(r"Z(-\d+)?$", p.name)]
    return found


# -- the lock ------------------------------------------------------------------------------------
def test_the_lock_is_on_the_ledger_itself(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path):
        side = sorted(p.name for p in tmp_path.iterdir())
        assert not [name for name in side if name.endswith(".lock")]
        for p in tmp_path.iterdir():  # every file beside the ledger: the anchor, -wal, -shm
            if p != path:
                p.unlink()
        with pytest.raises(LedgerLocked, match="already running"):
            Ledger.open(path)
    with Ledger.open(path) as again:  # released on close
        assert again.balance_cents == 500_000


HOLD = """
import pathlib, sys, time
from game.ledger import Ledger
led = Ledger.open(pathlib.Path(sys.argv[1]))
print("held", flush=True)
time.sleep(60)
"""


def test_a_second_process_is_kept_out_until_the_first_dies(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        (tmp_path / "ledger.sqlite3.anchor").unlink()
        with pytest.raises(LedgerLocked, match="already running"):
            Ledger.open(path)
    finally:
        child.kill()
        child.wait()
    with Ledger.open(path) as led:  # SIGKILL drops the lock
        assert led.notice is None


class FakeMsvcrt:
    """msvcrt.locking as Windows does it: a byte range from the file position, refused while
    another descriptor holds it."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self) -> None:
        self.held: dict[tuple[int, int], int] = {}
        self.calls: list[tuple[int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        position = os.lseek(fd, 0, os.SEEK_CUR)
        self.calls.append((mode, position, nbytes))
        key = (os.fstat(fd).st_ino, position)
        if mode == self.LK_NBLCK:
            if self.held.get(key, fd) != fd:
                raise OSError(errno.EACCES, "locked")
            self.held[key] = fd
        else:
            self.held.pop(key, None)


def test_the_windows_lock_is_one_byte_sqlite_never_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeMsvcrt()
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setattr(files, "_windows", lambda: True)
    monkeypatch.setattr(
        files, "_open_handle", lambda p, create: os.open(p, os.O_RDWR | (os.O_CREAT if create else 0), 0o644)
    )
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        play(led, 2)
        with pytest.raises(LedgerLocked, match="already running"):
            Ledger.open(path)
        assert len(fake.held) == 1
    assert fake.held == {}  # released on close
    assert {(pos, n) for _, pos, n in fake.calls} == {(files.WINDOWS_LOCK_OFFSET, 1)}
    # SQLite's lock page is the 512 bytes at 1 GiB; the lock byte is past it and under 2 GiB
    assert 0x4000_0000 + 512 <= files.WINDOWS_LOCK_OFFSET < 2**31 - 1
    with Ledger.open(path) as led:
        assert led.count_rounds() == 2


# -- hard links ----------------------------------------------------------------------------------
def test_a_hard_linked_ledger_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    with Ledger.open(other / "ledger.sqlite3") as led:
        play(led, 1)
    data = tmp_path / "data"
    data.mkdir()
    os.link(other / "ledger.sqlite3", data / "ledger.sqlite3")
    before = {p: p.read_bytes() for p in (*other.iterdir(), *data.iterdir())}
    with pytest.raises(StorageFailure) as caught:
        Ledger.open(data / "ledger.sqlite3")
    assert caught.value.kind == "hard_link"
    assert str(caught.value) == files.MSG_HARD_LINK.format(path=data / "ledger.sqlite3")
    assert {p: p.read_bytes() for p in (*other.iterdir(), *data.iterdir())} == before  # nothing written


# -- durable in the main file --------------------------------------------------------------------
PLAYER = """
import os, pathlib, sys, time
from game.ledger import Ledger
from game.money import Bet
led = Ledger.open(pathlib.Path(sys.argv[1]))
bet = Bet(lines=20, level=1, coin_value_cents=5)
for i in range(int(sys.argv[2])):
    rid = led.begin_round("stones", "ab" * 32, "1.0.0", bet, i + 1)
    led.record_choice(rid, i % 4)
    led.finish_round(rid, i, [{"type": "round_end", "total_win_coins": i, "capped": False}], False)
rid = led.begin_round("stones", "ab" * 32, "1.0.0", bet, 99)
led.record_choice(rid, 2)
os.write(1, b"done\\n")
time.sleep(60)
"""


def test_losing_wal_and_shm_after_a_kill_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    rounds = 12
    child = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(path), str(rounds)], cwd=ROOT, stdout=subprocess.PIPE
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == b"done\n"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert Path(f"{path}-wal").exists()  # the kill left the companions...
    for suffix in ("-wal", "-shm"):  # ...and a cleaner, a sync tool or a copy loses them
        Path(f"{path}{suffix}").unlink()
    with Ledger.open(path) as led:
        assert led.notice is None and led.verify() == []
        assert led.count_rounds() == rounds + 1
        pending = led.open_round()
        assert pending is not None and pending.choices == (2,)
        won = sum(range(rounds)) * 5
        assert led.balance_cents == 500_000 - (rounds + 1) * 100 + won


# -- the rollback anchor -------------------------------------------------------------------------
def test_an_older_copy_put_back_is_set_aside_with_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        play(led, 2)
    backup = tmp_path.parent / f"{tmp_path.name}-backup.sqlite3"
    shutil.copyfile(path, backup)  # the one file: a closed ledger has no companions
    with Ledger.open(path) as led:
        play(led, 26)
        latest = changes(led)
    shutil.copyfile(backup, path)
    with Ledger.open(path) as led:
        found = aside(tmp_path, "not-latest")
        assert led.notice == (
            "Your wallet file is not the latest one Reelhouse saved in this data folder (4 balance "
            f"changes instead of {latest}); it has been set aside as {found.name} and a new wallet "
            "was started."
        )
        assert led.notice_message is not None and led.notice_message.id == anchor.MSG_NOT_LATEST
        assert led.count_rounds() == 0 and led.balance_cents == 500_000
    assert found.read_bytes() == backup.read_bytes()  # as found
    with Ledger.open(path) as led:  # the new wallet is now the anchored one
        assert led.notice is None


def test_another_wallet_or_a_fork_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "data" / "ledger.sqlite3"
    path.parent.mkdir()
    elsewhere = tmp_path / "elsewhere" / "ledger.sqlite3"
    elsewhere.parent.mkdir()
    with Ledger.open(path) as led:
        play(led, 3)
    shutil.copyfile(path, elsewhere)  # the same wallet, played on in another folder: a fork
    with Ledger.open(elsewhere) as led:
        play(led, 6)
    with Ledger.open(path) as led:
        play(led, 1)
    with Ledger.open(tmp_path / "third.sqlite3") as led:  # another wallet
        play(led, 1)
    for source in (elsewhere, tmp_path / "third.sqlite3"):
        shutil.copyfile(source, path)
        with Ledger.open(path) as led:
            assert led.notice_message is not None
            assert led.notice_message.id == anchor.MSG_OTHER_WALLET, led.notice
            assert led.count_rounds() == 0  # a new wallet, the data folder's anchored one from now on
    assert len(list(path.parent.glob("ledger.sqlite3.not-latest-*"))) == 2


def test_a_missing_unreadable_or_behind_anchor_is_written_anew_without_a_word(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    anchor_path = anchor.path_of(path)
    with Ledger.open(path) as led:
        play(led, 1)
    behind = anchor_path.read_bytes()
    with Ledger.open(path) as led:
        play(led, 2)
        expected = anchor.of(led._conn)
    for damage in (None, b"\x00garbage", behind):  # none (the first start after the upgrade)
        if damage is None:
            anchor_path.unlink()
        else:
            anchor_path.write_bytes(damage)
        with Ledger.open(path) as led:
            assert led.notice is None and led.count_rounds() == 3
        assert anchor.read(path) == expected


# -- what the meters mean ------------------------------------------------------------------------
def forge_top_up(path: Path, amount: int, min_bet: int | None) -> None:
    """Append a top-up like an attacker: plain sqlite3, the database's own rules dropped and put
    back, every digest recomputed with the seal module."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        rules = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'transactions'"
        ).fetchall()
        for name, _ in rules:
            conn.execute(f'DROP TRIGGER "{name}"')
        balance, head = conn.execute("SELECT balance_cents, head_digest FROM account").fetchone()
        meters = conn.execute(f"SELECT {', '.join(seal.METER_COLUMNS)} FROM meters").fetchone()
        txn_id = conn.execute("SELECT MAX(id) FROM transactions").fetchone()[0] + 1
        after, at = balance + amount, "2026-12-01T12:00:00.000000+00:00"
        new_meters = seal.meters_after(meters, "top_up", amount)
        digest = seal.txn_digest(head, txn_id, "top_up", amount, after, None, at, new_meters, min_bet)
        conn.execute(
            "INSERT INTO transactions (id, kind, amount_cents, balance_after_cents, round_id, at, "
            "prev_digest, digest, min_bet_cents) VALUES (?, 'top_up', ?, ?, NULL, ?, ?, ?, ?)",
            (txn_id, amount, after, at, head, digest, min_bet),
        )
        conn.execute("UPDATE account SET balance_cents = ?, head_digest = ?", (after, digest))
        conn.execute(f"UPDATE meters SET {', '.join(f'{c} = ?' for c in seal.METER_COLUMNS)}", new_meters)
        for _, sql in rules:
            conn.execute(sql)
        conn.execute("COMMIT")
    finally:
        conn.close()
    anchor_path = anchor.path_of(path)
    anchor_path.unlink()  # and the anchor too, so only the audit stands in the way


@pytest.mark.parametrize(
    ("amount", "min_bet", "what"),
    [
        (999_999_999_999, None, "a top-up of 999999999999"),  # the forgery, an old-style row
        (999_999_999_999, 10**9, "not the standard"),
        (500_000, 1, "covered the smallest bet"),  # the standard amount, but not needed
        (500_000, 10**12, "is not a bet"),
        (2**63 - 10**6, None, "passes the bound"),  # a balance near 2^63
    ],
)
def test_a_forged_top_up_fails_the_audit(tmp_path: Path, amount: int, min_bet: int | None, what: str) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path, start_balance_cents=300) as led:
        play(led, 1)
    forge_top_up(path, amount, min_bet)
    from game.ledger import audit

    conn = sqlite3.connect(path)
    try:
        problems = audit.audit(conn)
    finally:
        conn.close()
    assert any(what in p for p in problems), problems
    with Ledger.open(path) as led:  # a sentence, never an OverflowError; a new wallet
        assert led.notice is not None and "set aside" in led.notice
        assert led.count_rounds() == 0 and led.verify() == []


def test_a_real_top_up_passes_and_keeps_its_smallest_bet(tmp_path: Path) -> None:
    with Ledger.open(tmp_path / "ledger.sqlite3", start_balance_cents=150) as led:
        play(led, 1)
        assert led.top_up(min_bet_cents=100) == 500_050
        row = led._conn.execute("SELECT amount_cents, min_bet_cents FROM transactions WHERE kind = 'top_up'")
        assert row.fetchall() == [(500_000, 100)]
        assert led.verify() == []
        with pytest.raises(ValueError, match="standard"):
            led.top_up(min_bet_cents=10**6, amount_cents=1_000)
        with pytest.raises(sqlite3.IntegrityError, match="standard amount"):  # the database's own rule
            led._conn.execute(
                "INSERT INTO transactions (id, kind, amount_cents, balance_after_cents, at, prev_digest, "
                "digest, min_bet_cents) VALUES (99, 'top_up', 7, 7, 'x', ?, ?, 10)",
                ("0" * 64, "0" * 64),
            )


def test_a_round_that_could_pass_2_53_cents_is_refused_at_start(tmp_path: Path) -> None:
    loaded = load_game("stones")
    bound = win_bound_cents(loaded.definition)
    assert bound is not None and bound < MAX_CENTS
    start = MAX_CENTS - bound + 10**6  # short of room for the largest win after any bet
    with Ledger.open(tmp_path / "ledger.sqlite3", start_balance_cents=start) as led:
        with pytest.raises(BalanceAtLimit, match="too large"):
            led.begin_round("stones", SHA, "1.0.0", BET, 1, max_win_cents=bound)
        driver = RoundDriver(led, loaded, Seeds(), led.start_session())
        with pytest.raises(RoundRefused) as caught:
            driver.start(driver.min_bet())
        assert caught.value.reason == "limit" and caught.value.message.id == MSG_AT_LIMIT
        assert led.count_rounds() == 0 and led.balance_cents == start  # nothing written
        # without the game's bound, the credit itself is refused, never overflowed
        rid = led.begin_round("stones", SHA, "1.0.0", BET, 2)
        with pytest.raises(BalanceAtLimit):
            led.finish_round(rid, bound, round_end(bound), False)
        led.finish_round(rid, 0, round_end(0), False)
        assert led.verify() == []
    with pytest.raises(ValueError, match="at most"):
        Ledger.open(tmp_path / "big.sqlite3", start_balance_cents=MAX_CENTS + 1)


class Seeds:
    def next_seed(self) -> int:
        return 7


# -- set aside as found --------------------------------------------------------------------------
DAMAGER = """
import os, pathlib, sys, time
from game.ledger import Ledger
from game.money import Bet
led = Ledger.open(pathlib.Path(sys.argv[1]))
bet = Bet(lines=20, level=1, coin_value_cents=5)
rid = led.begin_round("stones", "ab" * 32, "1.0.0", bet, 5)
led.finish_round(rid, 3, [{"type": "round_end", "total_win_coins": 3, "capped": False}], False)
led.start_session()  # a commit that stays in the WAL
led._conn.execute("UPDATE meters SET won_cents = won_cents + 1")  # damage, in the WAL too
os.write(1, b"done\\n")
time.sleep(60)
"""


def test_a_damaged_file_is_set_aside_byte_for_byte_as_found(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = subprocess.Popen([sys.executable, "-c", DAMAGER, str(path)], cwd=ROOT, stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"done\n"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    Path(f"{path}-journal").write_bytes(b"a journal left by some other tool\n" * 20)
    found = {suffix: Path(f"{path}{suffix}").read_bytes() for suffix in ("", "-wal", "-shm", "-journal")}
    assert len(found["-wal"]) > 0 and len(found["-shm"]) > 0
    with Ledger.open(path) as led:
        assert led.notice is not None and "set aside" in led.notice
        assert led.count_rounds() == 0
    kept = aside(tmp_path)
    assert {suffix: Path(f"{kept}{suffix}").read_bytes() for suffix in found} == found
    assert not list(tmp_path.glob("*.as-found*"))


def test_a_sound_file_leaves_no_copy_behind(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        play(led, 1)
    assert files.opens_unchanged(path)  # a closed ledger: nothing to copy
    Path(f"{path}-wal").write_bytes(b"")
    assert not files.opens_unchanged(path)
    with Ledger.open(path) as led:
        assert led.notice is None and led.count_rounds() == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.sqlite3", "ledger.sqlite3.anchor"]


# -- the sentences -------------------------------------------------------------------------------
def fields(text: Any) -> set[str]:
    return set(re.findall(r"{(\w+)", text if isinstance(text, str) else " ".join(text)))


def test_every_new_sentence_is_in_both_catalogs() -> None:
    for language in ("en", "es"):
        catalog = json.loads((ROOT / "assets" / "locale" / f"{language}.json").read_text(encoding="utf-8"))
        for msgid in (*files.MESSAGES, *anchor.MESSAGES, MSG_AT_LIMIT):
            assert msgid in catalog, (language, msgid)
            assert fields(catalog[msgid]) == fields(msgid), (language, msgid)
