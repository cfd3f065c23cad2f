"""Void rounds and refunds ("malfunction voids all pays and plays").

A round that truly cannot be completed is voided: its bet is refunded once, no win is ever
credited, and the one-open-round slot is freed. The database refuses every other use of the
'refund' entry and 'void' status. (The upgrades of old files, with their SIGKILL tests, are in
test_ledger_upgrade.py.)
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import astuple
from pathlib import Path

import pytest

from game.ledger import (
    Ledger,
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
D = "0" * 64  # a well-formed digest


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


@pytest.mark.slow
def test_random_play_with_voids_keeps_the_meter_identity(ledger: Ledger) -> None:
    rng = random.Random(20261130)
    expected, last = START, ledger.meters()
    for n in range(60):
        bet = Bet(lines=rng.randint(1, 25), level=rng.randint(1, 3), coin_value_cents=rng.choice([1, 5]))
        if ledger.balance_cents < bet.total_cents:
            expected += 500_000
            ledger.top_up(min_bet_cents=bet.total_cents)
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

    # Rows written past the ledger carry well-formed (if wrong) digests, so that the money rules
    # are what refuses them, not the seal triggers (those are tested in test_ledger_seal.py).
    def refund(round_id: int | None, amount: int = 100) -> None:
        conn.execute(
            "INSERT INTO transactions (kind, amount_cents, balance_after_cents, round_id, at, "
            "prev_digest, digest) VALUES ('refund', ?, 0, ?, 'x', ?, ?)",
            (amount, round_id, D, D),
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
                f"finished_at = 'x', balance_after_cents = 0, digest = '{D}' WHERE id = ?",
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
                "INSERT INTO transactions (kind, amount_cents, balance_after_cents, round_id, at, "
                "prev_digest, digest) VALUES ('win', 0, 0, ?, 'x', ?, ?)",
                (voided, D, D),
            ),
            "never credited",
        ),
        (
            lambda: conn.execute("INSERT INTO choices VALUES (?, 0, 1, 'x', 5)", (voided,)),
            "only while their round is open",
        ),
        (lambda: conn.execute("UPDATE meters SET refunded_cents = 0"), "only increase"),
        (lambda: conn.execute("DELETE FROM rounds WHERE id = ?", (voided,)), "never deleted"),
        (
            lambda: conn.execute(
                "INSERT INTO rounds (game_id, game_sha256, engine_version, seed, lines, level, "
                "coin_value_cents, bet_cents, status, balance_before_cents, balance_after_cents, "
                "started_at, finished_at, void_reason, digest) "
                f"VALUES ('g', 's', '1', '1', 20, 1, 5, 100, 'void', 0, 0, 'x', 'x', 'r', '{D}')"
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
            "UPDATE rounds SET status = 'closed', win_coins = 0, win_cents = 0, capped = 0, "
            f"digest = '{D}' WHERE id = ?",
            (open_,),
        )
    conn.execute("ROLLBACK")
    assert ledger.verify() == []
