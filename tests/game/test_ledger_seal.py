"""Critical memory (GLI-11): any damage to the ledger is detected at open and before use.

The journal is a hash chain that also seals the balance and the meters; every round, session,
state and stored game data row carries a digest. Damage found at open sets the file aside (never
deleted) and starts a new wallet with one sentence for the player; damage found while the app
runs sets the file aside at once and raises LedgerDamaged (the app ends with that sentence).
The byte-flip test flips bytes of a small ledger one at a time: never a silent change.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from game.ledger import Ledger, LedgerDamaged, LedgerError, StorageFailure
from game.money import Bet
from tests.game import byte_flip

SHA = "ab" * 32
BET = Bet(lines=20, level=1, coin_value_cents=5)  # 100 cents
START = 500_000  # the app's start balance


def round_end(win: int) -> list[dict]:
    return [
        {"type": "spin", "stops": [1, 2, 3]},
        {"type": "round_end", "total_win_coins": win, "capped": False},
    ]


def aside(path: Path) -> list[Path]:
    return sorted(
        p for p in path.parent.glob(path.name + ".damaged-*") if p.name[-1].isdigit() or p.name[-1] == "Z"
    )


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A closed ledger file with a few rounds (one open, with a choice)."""
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path, start_balance_cents=START) as led:
        session = led.start_session()
        for seed, win in ((1, 30), (2, 0), (3, 7)):
            rid = led.begin_round("stones", SHA, "1.0.0", BET, seed, session)
            led.record_choice(rid, seed)
            led.finish_round(rid, win, round_end(win), False, state={"last": seed})
        rid = led.begin_round("stones", SHA, "1.0.0", BET, 4, session, state_in={"last": 3})
        led.record_choice(rid, 11, 8843)
    return path


# -- the byte-flip test ---------------------------------------------------------------------------
@pytest.mark.slow
def test_flipping_bytes_never_changes_the_money_silently(tmp_path: Path) -> None:
    """A stride of the file (every byte: `make byte-flip`, run by CI): each flipped copy is
    refused as damaged (or as written by a newer app) or opens with exactly the same content."""
    report = byte_flip.run(stride=97, workers=1, folder=tmp_path)
    assert report["failures"] == []
    counts = report["counts"]
    assert counts["damaged"] > 50 and counts["unchanged"] > 50  # both outcomes really occur
    assert sum(counts.values()) == report["flipped"] > report["bytes"] // 97


# -- damage found at open -------------------------------------------------------------------------
def balance_offset(data: bytes, balance: int) -> int:
    """Where the account row stores its balance: SQLite writes a 3-byte big-endian integer for
    these amounts, followed by the start balance and the creation time (the row's columns)."""
    found = data.find(balance.to_bytes(3, "big") + START.to_bytes(3, "big") + b"20")
    assert found >= 0 and data.count(balance.to_bytes(3, "big") + START.to_bytes(3, "big")) == 1
    return found


def test_one_bit_of_the_balance_is_found_at_open(played: Path) -> None:
    """The issue's case: one bit of the stored balance flipped; SQLite's own check passes."""
    with Ledger.open(played) as led:
        balance = led.balance_cents
    data = bytearray(played.read_bytes())
    offset = balance_offset(bytes(data), balance)
    data[offset] ^= 0x10  # bit 20 of the balance: €10,485.76 more
    played.write_bytes(data)
    with raw(played) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT balance_cents FROM account").fetchone()[0] == balance ^ (1 << 20)
    with Ledger.open(played) as led:
        assert led.notice is not None and "set aside" in led.notice
        assert led.balance_cents == START and led.count_rounds() == 0  # a new wallet
    (kept,) = aside(played)
    assert kept.read_bytes() == bytes(data)  # kept exactly as found


def test_one_byte_of_a_rounds_events_is_found_at_open(played: Path) -> None:
    data = played.read_bytes()
    offset = data.index(b'"round_end"')
    damaged = data[:offset] + b"X" + data[offset + 1 :]  # the JSON no longer parses
    played.write_bytes(damaged)
    with Ledger.open(played) as led:  # no JSONDecodeError: set aside, told, a new wallet
        assert led.notice is not None and led.count_rounds() == 0
    assert len(aside(played)) == 1


def test_a_zero_length_ledger_is_kept_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    path.write_bytes(b"")
    with Ledger.open(path) as led:
        assert led.notice is not None and "set aside" in led.notice
        assert led.verify() == []
    (kept,) = aside(path)
    assert kept.read_bytes() == b""


def test_a_write_ahead_log_without_its_database_is_kept(played: Path) -> None:
    wal = Path(f"{played}-wal")
    wal.write_bytes(b"\x37\x7f\x06\x82" + bytes(60))
    played.unlink()
    with Ledger.open(played) as led:
        assert led.notice is not None
    assert [p.name for p in played.parent.glob("*-wal") if "damaged" in p.name]


@pytest.mark.parametrize(
    "tamper",
    [
        "UPDATE meters SET won_cents = won_cents + 5",
        "UPDATE game_state SET value_json = '99'",
        "UPDATE sessions SET start_balance_cents = 1",
        "UPDATE choices SET choice = 12 WHERE round_id = 4",
        "UPDATE choices SET entropy = 8844 WHERE round_id = 4",
        "UPDATE choices SET entropy = 0 WHERE round_id = 4",
        "UPDATE choices SET entropy = NULL WHERE round_id = 4",
        "UPDATE rounds SET win_coins = 31, win_cents = 155 WHERE id = 1",
        """UPDATE rounds SET state_in_json = '{"last":2}' WHERE id = 4""",
        "UPDATE rounds SET state_in_json = NULL WHERE id = 4",
        "UPDATE rounds SET state_in_json = '1' WHERE id = 1",
        "DELETE FROM transactions WHERE id = (SELECT MAX(id) FROM transactions)",
    ],
)
def test_an_edit_that_keeps_the_money_rules_is_still_found(played: Path, tamper: str) -> None:
    """Edits past the app (triggers off, as a stray tool would leave them) that SQLite and the
    money checks alone might let through: the seals find each one."""
    conn = raw(played)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute(tamper)
    conn.close()
    with Ledger.open(played) as led:
        assert led.notice is not None and led.count_rounds() == 0
    assert len(aside(played)) == 1


# -- damage found before use ----------------------------------------------------------------------
def test_damage_while_running_is_found_before_the_next_round(played: Path) -> None:
    led = Ledger.open(played)
    try:
        rid = led.open_round().round_id
        led.finish_round(rid, 0, round_end(0), False)
        with raw(played) as other:  # the disk changes under the running app
            other.execute(
                "UPDATE account SET balance_cents = balance_cents + 1048576, head_digest = head_digest"
            )
        with pytest.raises(LedgerDamaged) as caught:
            led.begin_round("stones", SHA, "1.0.0", BET, 9)
        assert isinstance(caught.value, StorageFailure) and not isinstance(caught.value, LedgerError)
        assert "set aside" in str(caught.value) and caught.value.name.startswith("ledger.sqlite3.damaged-")
        assert not played.exists() and len(aside(played)) == 1  # set aside at once
        with pytest.raises(LedgerError, match="closed"):
            led.balance_cents  # noqa: B018 - the ledger is closed now
    finally:
        led.close()
    with Ledger.open(played) as fresh:  # the next start: a new wallet, nothing written to the old
        assert fresh.notice is None and fresh.count_rounds() == 0


def test_the_state_a_round_began_with_is_kept_with_it(played: Path) -> None:
    with Ledger.open(played) as led:
        pending = led.open_round()
        assert pending.state_in == {"last": 3} and led.round_detail(pending.round_id).state_in == {"last": 3}
        assert led.round_detail(1).state_in is None  # none given
        with pytest.raises(ValueError):
            led.begin_round("stones", SHA, "1.0.0", BET, 5, state_in=float("nan"))
        led.finish_round(pending.round_id, 0, round_end(0), False, state={"last": 4})
        assert led.round_detail(pending.round_id).state_in == {"last": 3}  # closing keeps it
        assert led.verify() == []


def test_each_choice_is_kept_with_its_entropy(played: Path) -> None:
    """A choice is written with the entropy its reveal is drawn with, sealed by its round; the
    database refuses a choice without one."""
    with Ledger.open(played) as led:
        pending = led.open_round()
        assert pending.choices == (11,) and pending.entropies == (8843,)
        assert led.round_detail(1).entropies == (0,)  # given none: 0, as in a fixed-seed session
        led.record_choice(pending.round_id, 3, 2**63 - 1)
        assert led.open_round().entropies == (8843, 2**63 - 1)
        for bad in (-1, 2**63):
            with pytest.raises(ValueError):
                led.record_choice(pending.round_id, 4, bad)
        with raw(played) as other, pytest.raises(sqlite3.IntegrityError, match="with its entropy"):
            other.execute(
                "INSERT INTO choices (round_id, seq, choice, made_at) VALUES (?, 2, 4, 'x')",
                (pending.round_id,),
            )
        assert led.open_round().choices == (11, 3) and led.verify() == []


def test_a_damaged_open_round_is_found_before_it_is_resumed(played: Path) -> None:
    with Ledger.open(played) as led:
        with raw(played) as other:
            other.execute("UPDATE rounds SET seed = '5' WHERE status = 'open'")
        with pytest.raises(LedgerDamaged):
            led.open_round()
    assert len(aside(played)) == 1


def test_meters_are_checked_against_the_chain_before_each_round(played: Path) -> None:
    with Ledger.open(played) as led:
        led.check()  # sound
        with raw(played) as other:
            other.execute("UPDATE meters SET wagered_cents = wagered_cents + 100")
        with pytest.raises(LedgerDamaged):
            led.top_up(min_bet_cents=10**9)


def test_the_database_refuses_unsealed_writes(tmp_path: Path) -> None:
    with Ledger.open(tmp_path / "ledger.sqlite3") as led:
        conn = led._conn
        rid = led.begin_round("stones", SHA, "1.0.0", BET, 1, led.start_session())
        refusals = [
            "INSERT INTO transactions (kind, amount_cents, balance_after_cents, at) "
            "VALUES ('top_up', 1, 1, 'x')",
            "UPDATE account SET balance_cents = 1, head_digest = ''",
            f"UPDATE rounds SET seed = '2', digest = 'x' WHERE id = {rid}",
            f"UPDATE choices SET choice = 2 WHERE round_id = {rid}",
            f"UPDATE rounds SET state_in_json = '1' WHERE id = {rid}",
            "DELETE FROM sessions",
            "INSERT INTO game_state (game_id, key, value_json, updated_at) VALUES ('g', 'k', '1', 'x')",
        ]
        led.record_choice(rid, 1)
        for sql in refusals:
            with pytest.raises(sqlite3.IntegrityError):
                conn.execute(sql)
        assert led.verify() == []


# -- the game data a round is played with ---------------------------------------------------------
def test_game_data_is_stored_once_per_version(tmp_path: Path) -> None:
    data = b'id = "stones"\n'
    sha = hashlib.sha256(data).hexdigest()
    with Ledger.open(tmp_path / "ledger.sqlite3") as led:
        with pytest.raises(ValueError, match="SHA-256"):
            led.begin_round("stones", SHA, "1.0.0", BET, 1, game_data=data)
        for seed in (1, 2):
            rid = led.begin_round("stones", sha, "1.0.0", BET, seed, game_data=data)
            led.finish_round(rid, 0, round_end(0), False)
        assert led._conn.execute("SELECT COUNT(*) FROM game_data").fetchone()[0] == 1
        assert led.stored_game_data(sha) == data and led.stored_game_data(SHA) is None
        with pytest.raises(sqlite3.IntegrityError):
            led._conn.execute("DELETE FROM game_data")
        assert led.verify() == []


def test_the_seed_keeps_its_64_bits(tmp_path: Path) -> None:
    with Ledger.open(tmp_path / "ledger.sqlite3") as led:
        with pytest.raises(ValueError, match="64 bits"):
            led.begin_round("stones", SHA, "1.0.0", BET, 2**64)
        rid = led.begin_round("stones", SHA, "1.0.0", BET, 2**64 - 1)
        assert led.open_round().seed == 2**64 - 1 and rid == 1
