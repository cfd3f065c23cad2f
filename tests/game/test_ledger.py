"""Ledger tests: money flow, refusals, meter identity, recall, sessions, state, damage and lock.

Synthetic rounds only (no engine): the ledger stores what the app hands it. Crash tests with real
processes live in test_ledger_crash.py.
"""

from __future__ import annotations

import itertools
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import messages
from game.ledger import (
    InsufficientFunds,
    Ledger,
    LedgerLocked,
    LedgerTooNew,
    Meters,
    RoundClosed,
    RoundInProgress,
    RoundNotFound,
    TopUpRefused,
)
from game.messages import Message
from game.money import Bet

SHA = "ab" * 32
BET = Bet(lines=20, level=1, coin_value_cents=5)  # 20 coins = 100 cents


class FakeClock:
    """A clock that advances one second per reading, from a fixed UTC instant."""

    def __init__(self, start: datetime = datetime(2026, 11, 29, 23, 0, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        current = self.now
        self.now += timedelta(seconds=1)
        return current


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / "ledger.sqlite3"


@pytest.fixture
def ledger(db: Path):
    with Ledger.open(db, start_balance_cents=10_000, clock=FakeClock()) as led:
        yield led


def round_end(win_coins: int, capped: bool = False) -> list[dict]:
    return [{"type": "round_end", "total_win_coins": win_coins, "capped": capped}]


def dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def play(led: Ledger, win_coins: int, bet: Bet = BET, choices: tuple[int, ...] = ()) -> int:
    rid = led.begin_round("stones", SHA, "1.0.0", bet, 12345)
    for choice in choices:
        led.record_choice(rid, choice)
    led.finish_round(rid, win_coins, round_end(win_coins), False)
    return rid


# -- happy path ---------------------------------------------------------------------------------
def test_happy_path_begin_choice_finish(ledger: Ledger) -> None:
    assert ledger.notice is None
    assert ledger.balance_cents == 10_000
    rid = ledger.begin_round("stones", SHA, "1.0.0", BET, 2**64 - 1)
    assert ledger.balance_cents == 9_900  # debited before anything moves
    ledger.record_choice(rid, 7)
    ledger.record_choice(rid, 2)
    open_ = ledger.open_round()
    assert open_ is not None
    assert (open_.round_id, open_.game_id, open_.game_sha256, open_.engine_version) == (
        rid,
        "stones",
        SHA,
        "1.0.0",
    )
    assert open_.bet == BET and open_.seed == 2**64 - 1 and open_.choices == (7, 2)
    assert open_.balance_before_cents == 10_000

    events = [{"type": "spin", "stops": [1, 2, 3, 4, 5]}, *round_end(60)]
    assert ledger.finish_round(rid, 60, events, False) == 9_900 + 300
    assert ledger.open_round() is None
    rec = ledger.round_detail(rid)
    assert rec.status == "closed" and rec.win_coins == 60 and rec.win_cents == 300
    assert rec.balance_before_cents == 10_000 and rec.balance_after_cents == 10_200
    assert rec.events == events and rec.choices == (7, 2) and rec.capped is False
    assert rec.started_at == "2026-11-29T23:00:01.000000+00:00"  # 23:00:00 created it
    assert ledger.meters() == Meters(1, 100, 300, 0)
    assert ledger.verify() == []


def test_bet_with_coins_per_level_unit(ledger: Ledger) -> None:
    bet = Bet(lines=30, level=2, coin_value_cents=10, coins_per_level_unit=15)  # 30 coins
    rid = ledger.begin_round("warlords", SHA, "1.0.0", bet, 1)
    assert ledger.balance_cents == 10_000 - 300
    assert ledger.open_round().bet == bet  # type: ignore[union-attr]
    ledger.finish_round(rid, 0, round_end(0), False)
    assert ledger.verify() == []


def test_survives_reopen(db: Path) -> None:
    with Ledger.open(db, start_balance_cents=1_000) as led:
        rid = play(led, 10)
    with Ledger.open(db, start_balance_cents=99) as led:  # start balance only for new wallets
        assert led.balance_cents == 1_000 - 100 + 50
        assert led.round_detail(rid).win_cents == 50
        assert led.verify() == []


# -- refusals -----------------------------------------------------------------------------------
def test_insufficient_balance_writes_nothing(db: Path) -> None:
    with Ledger.open(db, start_balance_cents=99, clock=FakeClock()) as led:
        before = dump(db)
        with pytest.raises(InsufficientFunds, match=r"€0\.99 does not cover the bet of €1\.00"):
            led.begin_round("stones", SHA, "1.0.0", BET, 1)
        assert dump(db) == before
        assert led.open_round() is None and led.count_rounds() == 0
        assert led.meters() == Meters(0, 0, 0, 0)


def test_second_begin_while_open_raises(ledger: Ledger) -> None:
    ledger.begin_round("stones", SHA, "1.0.0", BET, 1)
    with pytest.raises(RoundInProgress):
        ledger.begin_round("stones", SHA, "1.0.0", BET, 2)
    assert ledger.balance_cents == 9_900  # one bet per round, however often SPIN is pressed
    assert ledger.count_rounds() == 1


def test_finish_twice_never_credits_twice(ledger: Ledger) -> None:
    rid = ledger.begin_round("stones", SHA, "1.0.0", BET, 1)
    ledger.finish_round(rid, 100, round_end(100), False)
    balance = ledger.balance_cents
    with pytest.raises(RoundClosed):
        ledger.finish_round(rid, 100, round_end(100), False)
    with pytest.raises(RoundClosed):
        ledger.record_choice(rid, 1)
    assert ledger.balance_cents == balance
    assert ledger.verify() == []


def test_database_itself_refuses_a_second_credit(ledger: Ledger) -> None:
    rid = play(ledger, 5)
    conn = ledger._conn
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute(
            "INSERT INTO transactions (kind, amount_cents, balance_after_cents, round_id, at) "
            "VALUES ('win', 25, 0, ?, 'x')",
            (rid,),
        )
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("DELETE FROM transactions")
    with pytest.raises(sqlite3.IntegrityError, match="closed round is final"):
        conn.execute("UPDATE rounds SET win_cents = 1000000")
    with pytest.raises(sqlite3.IntegrityError, match="only increase"):
        conn.execute("UPDATE meters SET won_cents = 0")


def test_unknown_round(ledger: Ledger) -> None:
    with pytest.raises(RoundNotFound):
        ledger.finish_round(42, 0, [], False)
    with pytest.raises(RoundNotFound):
        ledger.round_detail(42)


def test_round_end_must_agree_with_the_credit(ledger: Ledger) -> None:
    rid = ledger.begin_round("stones", SHA, "1.0.0", BET, 1)
    with pytest.raises(ValueError, match="round_end"):
        ledger.finish_round(rid, 1_000, round_end(10), False)
    with pytest.raises(ValueError):
        ledger.finish_round(rid, 10, [{"x": float("nan")}], False)
    assert ledger.open_round() is not None and ledger.verify() == []


def test_top_up_only_when_broke(db: Path) -> None:
    with Ledger.open(db, start_balance_cents=150) as led:
        with pytest.raises(TopUpRefused, match="still covers"):
            led.top_up(min_bet_cents=100)
        rid = led.begin_round("stones", SHA, "1.0.0", BET, 1)
        with pytest.raises(RoundInProgress):
            led.top_up(min_bet_cents=100)
        led.finish_round(rid, 0, round_end(0), False)
        assert led.top_up(min_bet_cents=100) == 500_050
        assert led.meters().topped_up_cents == 500_000
        assert led.verify() == []


# -- meter identity -----------------------------------------------------------------------------
_EXAMPLES = itertools.count()


def vars_of(m: Meters) -> tuple[int, ...]:
    return (m.rounds_played, m.wagered_cents, m.won_cents, m.topped_up_cents)


step = st.one_of(
    st.tuples(
        st.just("round"),
        st.integers(1, 25),  # lines
        st.integers(1, 10),  # level
        st.sampled_from([1, 2, 5, 10, 25]),  # coin value in cents
        st.integers(0, 2_000),  # win in coins
        st.integers(0, 3),  # number of choices
    ),
    st.tuples(st.just("top_up"), st.just(500_000)),
)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(step, max_size=20), start=st.integers(0, 20_000))
def test_meter_identity_after_random_play(tmp_path: Path, steps: list, start: int) -> None:
    path = tmp_path / f"m{next(_EXAMPLES)}.sqlite3"  # tmp_path is shared by the examples
    with Ledger.open(path, start_balance_cents=start) as led:
        expected = start
        meters = led.meters()
        for item in steps:
            now = led.meters()
            assert all(a >= b for a, b in zip(vars_of(now), vars_of(meters), strict=True))
            meters = now
            if item[0] == "top_up":
                try:
                    led.top_up(min_bet_cents=500)
                    expected += item[1]
                except TopUpRefused:
                    assert led.balance_cents >= 500
                continue
            _, lines, level, coin, win, n_choices = item
            bet = Bet(lines=lines, level=level, coin_value_cents=coin)
            try:
                rid = led.begin_round("g", SHA, "1", bet, win)
            except InsufficientFunds:
                assert led.balance_cents < bet.total_cents
                continue
            expected -= bet.total_cents
            for c in range(n_choices):
                led.record_choice(rid, c)
            expected += win * coin
            capped = win % 7 == 0
            assert led.finish_round(rid, win, round_end(win, capped), capped) == expected
            assert led.balance_cents == expected
        assert led.verify() == []
        m = led.meters()
        assert start + m.topped_up_cents - m.wagered_cents + m.won_cents == led.balance_cents


def test_verify_reports_tampering(ledger: Ledger) -> None:
    play(ledger, 3)
    ledger._conn.execute("UPDATE account SET balance_cents = balance_cents + 1")
    problems = ledger.verify()
    assert any("meter identity" in p for p in problems)


# -- recall, sessions, state --------------------------------------------------------------------
def test_history_order_and_paging(ledger: Ledger) -> None:
    ids = [play(ledger, i) for i in range(5)]
    other = ledger.begin_round("warlords", SHA, "1.0.0", BET, 9)  # open rounds are listed too
    assert [r.round_id for r in ledger.history()] == [other, *reversed(ids)]
    assert [r.round_id for r in ledger.history(limit=2, offset=1)] == [ids[4], ids[3]]
    assert [r.round_id for r in ledger.history(game_id="warlords")] == [other]
    assert ledger.history()[0].status == "open" and ledger.history()[0].events is None
    assert ledger.count_rounds() == 6 and ledger.count_rounds("stones") == 5
    assert ledger.history(limit=3, offset=10) == []


def test_session_balances(ledger: Ledger) -> None:
    play(ledger, 0)  # before any session
    s1 = ledger.start_session()
    rid = ledger.begin_round("stones", SHA, "1.0.0", BET, 1, session_id=s1)
    ledger.finish_round(rid, 40, round_end(40), False)
    s2 = ledger.start_session()
    play(ledger, 0)
    points = ledger.session_balances(s1)
    assert [b for _, b in points] == [9_900, 9_800, 10_000]
    assert all(isinstance(at, str) and at.endswith("+00:00") for at, _ in points)
    assert [b for _, b in ledger.session_balances(s2)] == [10_000, 9_900, 9_900]
    assert ledger.round_detail(rid).session_id == s1


def test_game_state_round_trip(ledger: Ledger) -> None:
    assert ledger.get_state("tomb", "passports", default=[]) == []
    ledger.set_state("tomb", "passports", ["cairo", "lima"])
    assert ledger.get_state("tomb", "passports") == ["cairo", "lima"]
    assert ledger.get_state("stones", "passports") is None  # per game


def test_state_is_frozen_while_its_game_has_an_open_round(ledger: Ledger) -> None:
    ledger.set_state("tomb", "passports", 1)
    rid = ledger.begin_round("tomb", SHA, "1.0.0", BET, 1)
    with pytest.raises(RoundInProgress):
        ledger.set_state("tomb", "passports", 2)  # resuming must see the state it began with
    ledger.set_state("stones", "other", 1)  # other games are free
    ledger.finish_round(rid, 0, round_end(0), False, state={"passports": 2})
    assert ledger.get_state("tomb", "passports") == 2


def test_state_lands_with_the_credit(ledger: Ledger) -> None:
    ledger.set_state("tomb", "passports", 2)
    rid = ledger.begin_round("tomb", SHA, "1.0.0", BET, 1)
    # a failing finish leaves neither the credit nor the state change
    with pytest.raises(ValueError):
        ledger.finish_round(rid, 10, round_end(10), False, state={"passports": float("inf")})
    assert ledger.get_state("tomb", "passports") == 2 and ledger.open_round() is not None
    ledger.finish_round(rid, 10, round_end(10), False, state={"passports": 3, "map": {"x": 1}})
    assert ledger.get_state("tomb", "passports") == 3
    assert ledger.get_state("tomb", "map") == {"x": 1}
    row = ledger._conn.execute(
        "SELECT r.finished_at, s.updated_at FROM rounds r, game_state s "
        "WHERE r.id = ? AND s.key = 'passports'",
        (rid,),
    ).fetchone()
    assert row[0] == row[1]  # written by the same transaction


# -- damaged storage (F4) -----------------------------------------------------------------------
def _aside_files(db: Path) -> list[Path]:
    return sorted(db.parent.glob(db.name + ".damaged-*"))


def test_garbage_file_is_set_aside(db: Path) -> None:
    db.parent.mkdir(parents=True)
    garbage = bytes(range(256)) * 40
    db.write_bytes(garbage)
    with Ledger.open(db, clock=FakeClock()) as led:
        aside = _aside_files(db)
        assert [p.name for p in aside] == ["ledger.sqlite3.damaged-20261129T230000Z"]
        assert aside[0].read_bytes() == garbage
        assert led.notice == (
            "Your saved game data was damaged and has been set aside as "
            "ledger.sqlite3.damaged-20261129T230000Z; a new wallet was started."
        )
        # the same for the player, as a message id the scenes translate
        assert led.notice_message == Message(
            messages.LEDGER_SET_ASIDE, {"name": "ledger.sqlite3.damaged-20261129T230000Z"}
        )
        assert led.balance_cents == 500_000 and led.verify() == []


@pytest.mark.slow
def test_truncated_file_is_set_aside(db: Path) -> None:
    with Ledger.open(db) as led:
        for i in range(30):
            play(led, i, choices=(1, 2))
    data = db.read_bytes()
    assert len(data) > 8192
    for n, cut in enumerate((len(data) // 2, 60)):
        db.write_bytes(data[:cut])
        with Ledger.open(db, clock=FakeClock()) as led:
            assert led.notice is not None and "set aside" in led.notice
            assert led.count_rounds() == 0 and led.verify() == []
        aside = _aside_files(db)
        assert len(aside) == n + 1  # a second damage in the same second gets its own name
        assert data[:cut] in {p.read_bytes() for p in aside}


def test_foreign_database_is_set_aside(db: Path) -> None:
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    with Ledger.open(db) as led:
        assert led.notice is not None
    assert len(_aside_files(db)) == 1


def test_newer_file_is_left_alone(db: Path) -> None:
    with Ledger.open(db):
        pass
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(LedgerTooNew):
        Ledger.open(db)
    assert _aside_files(db) == []
    with pytest.raises(LedgerTooNew):  # and the lock was released
        Ledger.open(db)


# -- single instance ----------------------------------------------------------------------------
def test_second_open_is_locked(db: Path) -> None:
    first = Ledger.open(db)
    with pytest.raises(LedgerLocked, match="already running"):
        Ledger.open(db)
    first.close()
    with Ledger.open(db) as again:
        assert again.balance_cents == 500_000


@pytest.mark.slow
def test_no_disk_access_at_import(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = "import os, game.ledger; print(sorted(os.listdir('.')))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(Path(__file__).resolve().parents[2]), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert out.stdout.strip() == "[]"


# -- with the real engine -----------------------------------------------------------------------
def test_a_stones_round_through_the_ledger_and_resumed_at_every_pick(ledger: Ledger) -> None:
    """The app's flow: debit, play, record each pick, resume from the ledger alone, credit."""
    from game import ENGINE_VERSION
    from game.bets import default_bet
    from game.definitions import load_game
    from game.events import events_from_json, events_to_json
    from game.round import play_round

    loaded = load_game("stones")
    defn = loaded.definition
    bet = default_bet(defn)
    seed = next(s for s in range(5_000) if play_round(defn, bet, s).pending is not None)

    start = ledger.balance_cents
    rid = ledger.begin_round(defn.id, loaded.sha256, ENGINE_VERSION, bet, seed)
    result = play_round(defn, bet, seed)
    while result.pending is not None:
        pick = next(i for i in range(result.pending.options) if i not in result.pending.picked)
        ledger.record_choice(rid, pick)
        # a restart here: the ledger alone is enough to rebuild the round exactly
        pending = ledger.open_round()
        assert pending is not None and pending.game_sha256 == loaded.sha256
        resumed = play_round(defn, pending.bet, pending.seed, pending.choices)
        assert resumed.events[: len(result.events)] == result.events
        result = resumed
    ledger.finish_round(rid, result.total_win_coins, events_to_json(result.events), result.capped)

    record = ledger.round_detail(rid)
    assert events_from_json(record.events) == result.events
    assert record.choices == result.choices and record.seed == seed
    assert ledger.balance_cents == start - bet.total_cents + result.total_win_cents
    assert ledger.verify() == []
