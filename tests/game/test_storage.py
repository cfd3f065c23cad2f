"""Every storage failure in plain words (game/storage.py and the ledger's use of it).

Each failure is a `StorageFailure` carrying one sentence (a catalog msgid and its values, in both
languages); the ledger turns SQLite's disk errors into them and never sets a file aside for one.
Permission bits do not bind root, so those cases run for real only as a normal user; the same
errors are also injected where the code meets them, so every branch runs everywhere.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import string
from pathlib import Path

import pytest

from game import storage
from game.ledger import Ledger, LedgerError, StorageFailure, files
from game.money import Bet
from game.storage import StorageFailure as Failure

ROOT = Path(__file__).resolve().parents[2]
BET = Bet(lines=20, level=1, coin_value_cents=5)
SHA = "ab" * 32
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
needs_user = pytest.mark.skipif(AS_ROOT or not hasattr(os, "geteuid"), reason="root ignores permission bits")


def catalog_fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def round_end(win: int) -> list[dict]:
    return [{"type": "round_end", "total_win_coins": win, "capped": False}]


def test_every_sentence_is_in_both_catalogs_with_its_fields() -> None:
    for language in ("en", "es"):
        catalog = json.loads((ROOT / "assets" / "locale" / f"{language}.json").read_text(encoding="utf-8"))
        for msgid in storage.MESSAGES:
            assert msgid in catalog, (language, msgid)
            assert catalog_fields(catalog[msgid]) == catalog_fields(msgid), (language, msgid)


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        (errno.ENOSPC, "full"),
        (errno.EROFS, "read_only"),
        (errno.EACCES, "permission"),
        (errno.EPERM, "permission"),
        (errno.EISDIR, "is_folder"),
        (errno.EIO, "io"),
    ],
)
def test_os_errors_become_sentences(tmp_path: Path, code: int, kind: str) -> None:
    failure = storage.from_os_error(OSError(code, os.strerror(code)), tmp_path / "x")
    assert failure.kind == kind
    assert str(tmp_path / "x") in str(failure) and str(failure).endswith(".")
    assert str(failure) == failure.msgid.format(**failure.params)


# -- the data folder ------------------------------------------------------------------------------
def test_the_data_folder_is_made_and_probed(tmp_path: Path) -> None:
    folder = storage.prepare_data_dir(tmp_path / "a" / "b")
    assert folder.is_dir() and list(folder.iterdir()) == []  # the probe file is gone


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_data_folder_name_is_refused(name: str) -> None:
    with pytest.raises(Failure) as caught:
        storage.prepare_data_dir(name)
    assert caught.value.kind == "dir_empty" and "--data-dir" in str(caught.value)


def test_a_file_or_dangling_link_as_the_data_folder(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(Failure, match="is a file, not a folder") as caught:
        storage.prepare_data_dir(tmp_path / "file")
    assert caught.value.kind == "dir_is_file"
    with pytest.raises(Failure) as caught:
        storage.prepare_data_dir(tmp_path / "file" / "inside")
    assert caught.value.kind == "dir_is_file" and caught.value.params["path"] == str(tmp_path / "file")
    (tmp_path / "link").symlink_to(tmp_path / "gone")
    with pytest.raises(Failure, match="which does not exist") as caught:
        storage.prepare_data_dir(tmp_path / "link")
    assert caught.value.kind == "dangling"
    (tmp_path / "real").mkdir()
    (tmp_path / "good").symlink_to(tmp_path / "real")
    assert storage.prepare_data_dir(tmp_path / "good").is_dir()  # a link to a folder is fine


def test_a_read_only_file_system_is_found_by_the_probe(tmp_path: Path, monkeypatch) -> None:
    real_open = os.open

    def read_only_open(path, flags, *args):
        if "reelhouse-probe" in str(path):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only_open)
    with pytest.raises(Failure) as caught:
        storage.prepare_data_dir(tmp_path)
    assert caught.value.kind == "read_only"


@needs_user
def test_a_read_only_folder_for_a_normal_user(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(Failure) as caught:
            storage.prepare_data_dir(folder)
        assert caught.value.kind == "permission"
    finally:
        folder.chmod(0o755)


# -- files in the folder ------------------------------------------------------------------------
def test_file_slots(tmp_path: Path) -> None:
    storage.check_file_slot(tmp_path / "absent", allow_link=False)  # absent is fine
    (tmp_path / "folder").mkdir()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "plain").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "plain")
    cases = {"folder": "is_folder", "dangling": "dangling", "link": "link"}
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        cases["fifo"] = "not_a_file"
    for name, kind in cases.items():
        with pytest.raises(Failure) as caught:
            storage.check_file_slot(tmp_path / name, allow_link=False)
        assert caught.value.kind == kind, name
    storage.check_file_slot(tmp_path / "link", allow_link=True)


@needs_user
def test_unreadable_and_read_only_files_for_a_normal_user(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("x")
    path.chmod(0o444)
    with pytest.raises(Failure) as caught:
        storage.check_file_slot(path, allow_link=True)
    assert caught.value.kind == "read_only"
    path.chmod(0o000)
    with pytest.raises(Failure) as caught:
        storage.check_file_slot(path, allow_link=True)
    assert caught.value.kind == "permission"
    path.chmod(0o644)


# -- the ledger ---------------------------------------------------------------------------------
@pytest.mark.parametrize("what", ["folder", "dangling", "link", "hard_link", "parent_file"])
def test_the_ledger_path_must_be_a_plain_file(tmp_path: Path, what: str) -> None:
    path = tmp_path / "ledger.sqlite3"
    expected = {
        "folder": "is_folder",
        "dangling": "dangling",
        "link": "link",
        "hard_link": "hard_link",
        "parent_file": "dir_is_file",
    }[what]
    if what == "folder":
        path.mkdir()
    elif what == "dangling":
        path.symlink_to(tmp_path / "gone.sqlite3")
    elif what == "link":
        with Ledger.open(tmp_path / "real.sqlite3"):
            pass
        path.symlink_to(tmp_path / "real.sqlite3")
    elif what == "hard_link":  # one file in two data folders: each would lock its own path
        with Ledger.open(tmp_path / "real.sqlite3"):
            pass
        os.link(tmp_path / "real.sqlite3", path)
    else:
        (tmp_path / "blocker").write_text("x")
        path = tmp_path / "blocker" / "ledger.sqlite3"
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(StorageFailure) as caught:
        Ledger.open(path)
    assert caught.value.kind == expected and not isinstance(caught.value, LedgerError)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing set aside or made


def fill_up(conn: sqlite3.Connection) -> None:
    """A disk that is full from now on: SQLite refuses to grow the file (SQLITE_FULL)."""
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_mid_round_keeps_the_round_open(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        rid = led.begin_round("stones", SHA, "1.0.0", BET, 7, led.start_session())
        led.record_choice(rid, 3)
        before = led.balance_cents
        fill_up(led._conn)
        big = [{"type": "spin", "stops": list(range(5)), "pad": "x" * 20_000}, *round_end(40)]
        with pytest.raises(StorageFailure) as caught:
            led.finish_round(rid, 40, big, False)  # the events need pages the disk has not got
        assert caught.value.kind == "full" and str(path) in str(caught.value)
        assert not isinstance(caught.value, LedgerError)
        assert led.balance_cents == before and led.open_round().choices == (3,)  # rolled back
    with Ledger.open(path) as led:  # space is back: the round resumes and is credited once
        assert led.notice is None and led.verify() == []
        assert led.open_round().round_id == rid
        assert led.finish_round(rid, 40, big, False) == before + 200
        assert led.verify() == []


def test_a_full_disk_at_the_bet_debits_nothing(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        session = led.start_session()
        fill_up(led._conn)
        with pytest.raises(StorageFailure, match="full"):
            for seed in range(10_000):  # until a page runs out
                rid = led.begin_round("stones", SHA, "1.0.0", BET, seed, session)
                led.finish_round(rid, 0, round_end(0), False)
        balance, meters = led.balance_cents, led.meters()
    with Ledger.open(path) as led:
        assert led.verify() == [] and led.balance_cents == balance and led.meters() == meters


def test_a_read_only_ledger_is_told_not_set_aside(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path):
        pass
    real_connect = files.connect

    def read_only(p: Path) -> sqlite3.Connection:  # as if the file system were mounted read-only
        conn = real_connect(p)
        conn.execute("PRAGMA query_only = ON")
        return conn

    monkeypatch.setattr(files, "connect", read_only)
    with Ledger.open(path) as led, pytest.raises(StorageFailure) as caught:
        led.start_session()  # reading was fine; the first write says why it cannot be done
    assert caught.value.kind in ("read_only", "io")
    assert not list(tmp_path.glob("*.damaged-*"))


@needs_user
def test_a_read_only_ledger_file_for_a_normal_user(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path):
        pass
    path.chmod(0o444)
    try:
        with pytest.raises(StorageFailure) as caught:
            Ledger.open(path)
        assert caught.value.kind == "read_only"
    finally:
        path.chmod(0o644)
