"""The `Ledger`: the one place where money lives (see game/ledger/__init__.py for the contract).

Every public write is one `BEGIN IMMEDIATE … COMMIT`, so a kill at any instant leaves the state
before or the state after. Every write that moves money first checks the head of the journal
(`seal.check_head`: the balance and meters against the chain) and every use of a round first
checks its digest; a mismatch sets the file aside at once and raises `LedgerDamaged`. An error
that is the disk's doing (full, read-only, I/O) rolls the transaction back and raises a
`game.storage.StorageFailure`: the file keeps the state before the write.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from game import storage
from game.ledger import anchor, audit, files, seal
from game.ledger.files import stamp, utc
from game.ledger.records import (
    TOP_UP_CENTS,
    BalanceAtLimit,
    InsufficientFunds,
    LedgerDamaged,
    LedgerError,
    Meters,
    OpenRound,
    RoundClosed,
    RoundInProgress,
    RoundNotFound,
    RoundRecord,
    TopUpRefused,
)
from game.messages import Message
from game.money import MAX_CENTS, AmountTooLarge, Bet, add_cents, format_cents, room_for_win

log = logging.getLogger(__name__)

DEFAULT_START_BALANCE_CENTS = 500_000
DEFAULT_TOP_UP_CENTS = TOP_UP_CENTS
MSG_AT_LIMIT = (
    "Your balance is too large to start this round: its largest possible win would take it past "
    "the most Reelhouse can keep."
)

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    """Turn SQLite's disk errors into a StorageFailure and its damage errors into a set-aside."""

    @functools.wraps(method)
    def wrapper(self: Ledger, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.IntegrityError:
            raise  # the database's own rules: a bug above it, never the disk
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            if isinstance(exc, UnicodeDecodeError) or files.is_damage(exc):
                self._damaged(f"{type(exc).__name__}: {exc}")
            failure = files.storage_failure(exc, self.path) if isinstance(exc, sqlite3.Error) else None
            if failure is None:
                raise
            log.error("ledger storage failure in %s: %s", method.__name__, exc)
            raise failure from exc

    return wrapper  # type: ignore[return-value]


def _bet_from_row(lines: int, level: int, coin_value_cents: int, unit: int | None) -> Bet:
    return Bet(lines=lines, level=level, coin_value_cents=coin_value_cents, coins_per_level_unit=unit)


def _require_int(name: str, value: object, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


def _to_json(value: Any) -> str:
    # allow_nan=False: NaN/Infinity are not JSON and would not read back in other tools.
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


class Ledger:
    """The SQLite money ledger. Create with `Ledger.open(path)`; close with `close()` (or `with`).

    `notice_message` is None, or what the player is told when the saved data was damaged and a
    new wallet was started (a `game.messages.Message`); `notice` is the same in plain English.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        lock: files.LedgerLock,
        path: Path,
        clock: Callable[[], datetime],
        notice: Message | None,
    ) -> None:
        self._conn: sqlite3.Connection | None = conn
        self._lock = lock
        self.path = path
        self._clock = clock
        self.notice_message = notice
        self.notice = notice.english() if notice is not None else None

    # -- opening --------------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: Path,
        *,
        start_balance_cents: int = DEFAULT_START_BALANCE_CENTS,
        clock: Callable[[], datetime] | None = None,
    ) -> Ledger:
        """Open (or create) the ledger at `path`, taking the single-instance lock.

        `start_balance_cents` is used only when a new wallet is created. Raises LedgerLocked if
        another app instance holds the file, LedgerTooNew if a newer app wrote it (left
        untouched) and StorageFailure when the disk says no (one plain sentence). A damaged file
        is set aside and replaced by a fresh wallet (see `notice`), never raised: "damaged"
        includes every failed seal, so the file is fully checked here (`game.ledger.audit`).
        """
        path = Path(path)
        _require_int("start_balance_cents", start_balance_cents, 0)
        if start_balance_cents > MAX_CENTS:
            raise ValueError(f"start_balance_cents must be at most {MAX_CENTS}")
        clock = clock or (lambda: datetime.now(UTC))
        storage.prepare_data_dir(path.parent)
        storage.check_file_slot(path, allow_link=False)
        conn, lock, notice = files.open_checked(path, clock, start_balance_cents)
        return cls(conn, lock, path, clock, notice)

    def close(self) -> None:
        """Close the database and release the lock. Safe to call twice."""
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error as exc:  # a failing disk must not hide the reason we are closing
                log.error("closing the ledger: %s", exc)
        self._lock.release()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- plumbing -------------------------------------------------------------------------------
    def _now(self) -> str:
        return utc(self._clock()).isoformat(timespec="microseconds")

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise LedgerError("The ledger is closed.")
        return self._conn

    @contextmanager
    def _tx(self, durable: str | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction. IMMEDIATE takes the write lock up front, so the checks made
        inside it still hold when the writes land.

        `durable` ("choice" or "money"): after the commit, the WAL is checkpointed into the main
        file, so losing `-wal`/`-shm` (a cleaner, a sync tool, copying the one file) loses nothing
        committed; after a money move the rollback anchor is written too (`game.ledger.anchor`).
        """
        conn = self._db
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.execute("COMMIT")
            if durable is not None:
                self._make_durable(durable == "money")
        except BaseException:
            if self._conn is conn:
                try:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                except sqlite3.Error as exc:  # the disk failed: SQLite rolls back on reopen
                    log.error("rollback failed: %s", exc)
            raise

    def _make_durable(self, moved_money: bool) -> None:
        busy, log_frames, done = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if busy or log_frames != done:  # one connection: never, unless the disk misbehaves
            log.warning("ledger checkpoint incomplete: busy %s, %s of %s frames", busy, done, log_frames)
        if moved_money:
            try:
                anchor.write(self.path, anchor.of(self._db))
            except OSError as exc:
                raise storage.from_os_error(exc, anchor.path_of(self.path)) from exc

    def _damaged(self, detail: str) -> NoReturn:
        """Set the file aside now (the ledger closes) and raise LedgerDamaged."""
        log.error("ledger %s found damaged while in use: %s", self.path, detail)
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                conn.close()
            except sqlite3.Error:
                pass
        aside = files.set_aside(self.path, stamp(self._clock))
        raise LedgerDamaged(aside.name)

    def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        row = self._db.execute(sql, params).fetchone()
        return None if row is None else row[0]

    def _check_head(self) -> None:
        problem = seal.check_head(self._db)
        if problem is not None:
            self._damaged(problem)

    def _round_row(self, round_id: int) -> dict[str, Any]:
        """A round's columns, its digest checked (RoundNotFound if none; damage if it fails)."""
        row = self._db.execute(
            f"SELECT {seal.ROUND_SELECT}, digest FROM rounds WHERE id = ?", (round_id,)
        ).fetchone()
        if row is None:
            raise RoundNotFound(f"There is no round number {round_id}.")
        choices = seal.choices_of(self._db, round_id)
        if seal.round_digest(row[:-1], choices) != row[-1]:
            self._damaged(f"round {round_id} does not match its digest")
        values = dict(zip(seal.ROUND_SEALED_COLUMNS, row[:-1], strict=True))
        values["choices"] = choices
        return values

    def _write_round(self, values: dict[str, Any], changed: tuple[str, ...]) -> None:
        sealed = seal.round_digest([values[c] for c in seal.ROUND_SEALED_COLUMNS], values["choices"])
        assignments = ", ".join(f"{c} = ?" for c in (*changed, "digest"))
        self._db.execute(
            f"UPDATE rounds SET {assignments} WHERE id = ?",
            (*(values[c] for c in changed), sealed, values["id"]),
        )

    def _move_money(
        self, kind: str, amount_cents: int, round_id: int | None, now: str, min_bet_cents: int | None = None
    ) -> int:
        """Append one sealed journal entry, move the balance and meters with it; return the
        balance after. The caller holds the transaction and has checked the head. A balance that
        would pass 2^53 cents is refused (BalanceAtLimit; the transaction rolls back)."""
        conn = self._db
        balance, head = conn.execute("SELECT balance_cents, head_digest FROM account WHERE id = 1").fetchone()
        meters = conn.execute(f"SELECT {', '.join(seal.METER_COLUMNS)} FROM meters WHERE id = 1").fetchone()
        txn_id = int(self._one("SELECT COALESCE(MAX(id), 0) FROM transactions")) + 1
        try:
            after = add_cents(balance, amount_cents)
        except AmountTooLarge as exc:
            raise BalanceAtLimit(MSG_AT_LIMIT) from exc
        new_meters = seal.meters_after(meters, kind, amount_cents)
        sealed = seal.txn_digest(
            head, txn_id, kind, amount_cents, after, round_id, now, new_meters, min_bet_cents
        )
        conn.execute(
            "INSERT INTO transactions (id, kind, amount_cents, balance_after_cents, round_id, at, "
            "prev_digest, digest, min_bet_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (txn_id, kind, amount_cents, after, round_id, now, head, sealed, min_bet_cents),
        )
        conn.execute("UPDATE account SET balance_cents = ?, head_digest = ? WHERE id = 1", (after, sealed))
        conn.execute(
            f"UPDATE meters SET {', '.join(f'{c} = ?' for c in seal.METER_COLUMNS)} WHERE id = 1",
            new_meters,
        )
        return after

    # -- money ----------------------------------------------------------------------------------
    @property
    @_guarded
    def balance_cents(self) -> int:
        """The current balance in cents (the bet of an open round is already debited)."""
        return int(self._one("SELECT balance_cents FROM account WHERE id = 1"))

    @_guarded
    def meters(self) -> Meters:
        row = self._db.execute(f"SELECT {', '.join(seal.METER_COLUMNS)} FROM meters").fetchone()
        return Meters(*row)

    @_guarded
    def begin_round(
        self,
        game_id: str,
        game_sha256: str,
        engine_version: str,
        bet: Bet,
        seed: int,
        session_id: int | None = None,
        *,
        game_data: bytes | None = None,
        state_in: Any = None,
        max_win_cents: int | None = None,
    ) -> int:
        """Debit the bet and record the round as open, in one transaction; return its id.

        `game_data` is the game data file the round is played with (its SHA-256 must be
        `game_sha256`); it is stored once per SHA-256, so the round can always be completed
        under its own rules (`stored_game_data`). `state_in` is the cross-round state the round
        begins with (a JSON value, for a game that keeps one): it is kept with the round, sealed
        by its digest and never changed, so the round is resumed and replayed from it. Raises
        RoundInProgress if a round is open, InsufficientFunds if the balance cannot cover
        `bet.total_cents`, and BalanceAtLimit if the round's largest possible win
        (`max_win_cents`, the game's bound) could take the balance past 2^53 cents: no credit can
        then overflow and leave the round open. In each case nothing is written.
        """
        if not isinstance(bet, Bet):
            raise TypeError(f"bet must be a Bet, got {type(bet).__name__}")
        for name, text in (
            ("game_id", game_id),
            ("game_sha256", game_sha256),
            ("engine_version", engine_version),
        ):
            if not isinstance(text, str) or not text:
                raise ValueError(f"{name} must be a non-empty string")
        _require_int("seed", seed, 0)
        if max_win_cents is not None:
            _require_int("max_win_cents", max_win_cents, 0)
        if seed >= 2**64:
            raise ValueError("seed must fit in 64 bits")
        if session_id is not None:
            _require_int("session_id", session_id)
        if game_data is not None and hashlib.sha256(game_data).hexdigest() != game_sha256:
            raise ValueError("game_data does not have the SHA-256 game_sha256")
        state_in_json = None if state_in is None else _to_json(state_in)
        bet_cents = bet.total_cents
        now = self._now()
        with self._tx("money") as conn:
            self._check_head()
            if self._one("SELECT id FROM rounds WHERE status = 'open'") is not None:
                raise RoundInProgress("Finish the current round before starting a new one.")
            if (
                session_id is not None
                and self._one("SELECT id FROM sessions WHERE id = ?", (session_id,)) is None
            ):
                raise ValueError(f"there is no session {session_id}")
            before = int(self._one("SELECT balance_cents FROM account WHERE id = 1"))
            if before < bet_cents:
                raise InsufficientFunds(
                    f"Your balance of {format_cents(before)} does not cover the bet of "
                    f"{format_cents(bet_cents)}."
                )
            if not room_for_win(before - bet_cents, max_win_cents or 0):
                raise BalanceAtLimit(MSG_AT_LIMIT)
            if game_data is not None:
                self._store_game_data(game_sha256, game_id, game_data, now)
            round_id = int(self._one("SELECT COALESCE(MAX(id), 0) FROM rounds")) + 1
            values: dict[str, Any] = dict.fromkeys(seal.ROUND_SEALED_COLUMNS)
            values.update(
                id=round_id,
                game_id=game_id,
                game_sha256=game_sha256,
                engine_version=engine_version,
                seed=str(seed),
                lines=bet.lines,
                level=bet.level,
                coin_value_cents=bet.coin_value_cents,
                coins_per_level_unit=bet.coins_per_level_unit,
                bet_cents=bet_cents,
                status="open",
                balance_before_cents=before,
                started_at=now,
                session_id=session_id,
                state_in_json=state_in_json,
            )
            sealed = seal.round_digest([values[c] for c in seal.ROUND_SEALED_COLUMNS], [])
            conn.execute(
                f"INSERT INTO rounds ({seal.ROUND_SELECT}, digest) "
                f"VALUES ({', '.join('?' * (len(seal.ROUND_SEALED_COLUMNS) + 1))})",
                (*(values[c] for c in seal.ROUND_SEALED_COLUMNS), sealed),
            )
            self._move_money("bet", -bet_cents, round_id, now)
        return round_id

    def _store_game_data(self, sha256: str, game_id: str, content: bytes, now: str) -> None:
        if self._one("SELECT 1 FROM game_data WHERE sha256 = ?", (sha256,)) is not None:
            return  # content-addressed: once per version
        self._db.execute(
            "INSERT INTO game_data (sha256, game_id, content, stored_at, digest) VALUES (?, ?, ?, ?, ?)",
            (sha256, game_id, content, now, seal.game_data_digest(sha256, game_id, now, content)),
        )

    @_guarded
    def stored_game_data(self, sha256: str) -> bytes | None:
        """The game data file stored under this SHA-256 by `begin_round`, or None."""
        row = self._db.execute(
            "SELECT game_id, content, stored_at, digest FROM game_data WHERE sha256 = ?", (sha256,)
        ).fetchone()
        if row is None:
            return None
        content: object  # checked below: a damaged file may hold anything
        game_id, content, stored_at, stored = row
        if (
            not isinstance(content, bytes)
            or hashlib.sha256(content).hexdigest() != sha256
            or seal.game_data_digest(sha256, game_id, stored_at, content) != stored
        ):
            self._damaged(f"stored game data {sha256[:12]} does not match its digest")
        return content

    @_guarded
    def record_choice(self, round_id: int, choice: int, entropy: int = 0) -> None:
        """Append one player choice with its entropy to an open round (one transaction; the
        entropy is what the pick's reveal is drawn with, see game.round)."""
        _require_int("round_id", round_id)
        _require_int("choice", choice)
        _require_int("entropy", entropy, 0)
        if entropy >= 1 << 63:
            raise ValueError("entropy must be below 2**63")
        now = self._now()
        with self._tx("choice") as conn:
            values = self._round_row(round_id)
            if values["status"] == "void":
                raise RoundClosed(f"Round {round_id} was voided; it takes no more choices.")
            if values["status"] != "open":
                raise RoundClosed(f"Round {round_id} is already finished.")
            seq = len(values["choices"])
            conn.execute(
                "INSERT INTO choices (round_id, seq, choice, made_at, entropy) VALUES (?, ?, ?, ?, ?)",
                (round_id, seq, choice, now, entropy),
            )
            values["choices"] = [*values["choices"], (seq, choice, now, entropy)]
            self._write_round(values, ())

    @_guarded
    def finish_round(
        self,
        round_id: int,
        win_coins: int,
        events: list[dict[str, Any]],
        capped: bool,
        state: dict[str, Any] | None = None,
    ) -> int:
        """Credit the win, store the events and close the round, in one transaction.

        `events` are JSON dicts (`game.events.events_to_json`); if they contain a `round_end`
        event its total and cap flag must agree with `win_coins` and `capped`. `state` maps
        cross-round state keys of the round's game to new values, written in the same
        transaction. Returns the new balance in cents. Raises RoundClosed for a finished round:
        a round is never credited twice.
        """
        _require_int("round_id", round_id)
        _require_int("win_coins", win_coins, 0)
        if not isinstance(capped, bool):
            raise TypeError("capped must be a bool")
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            raise TypeError("events must be a list of dicts (see events_to_json)")
        for event in events:
            if event.get("type") == "round_end" and (
                event.get("total_win_coins") != win_coins or bool(event.get("capped", False)) != capped
            ):
                raise ValueError(
                    f"round_end says {event.get('total_win_coins')} coins "
                    f"(capped={event.get('capped')}), finish_round was given {win_coins} "
                    f"(capped={capped})"
                )
        events_json = _to_json(events)  # serialise before the transaction: a bad value writes nothing
        state_json = {key: _to_json(value) for key, value in (state or {}).items()}
        if not all(isinstance(key, str) for key in state_json):
            raise TypeError("state keys must be strings")
        now = self._now()
        with self._tx("money"):
            self._check_head()
            values = self._round_row(round_id)
            if values["status"] == "void":
                raise RoundClosed(f"Round {round_id} was voided and its bet refunded; it pays nothing.")
            if values["status"] != "open":
                raise RoundClosed(f"Round {round_id} is already finished.")
            win_cents: int = win_coins * values["coin_value_cents"]
            after = int(self._one("SELECT balance_cents FROM account WHERE id = 1")) + win_cents
            values.update(
                status="closed",
                win_coins=win_coins,
                win_cents=win_cents,
                capped=int(capped),
                balance_after_cents=after,
                finished_at=now,
                events_json=events_json,
            )
            self._write_round(
                values,
                (
                    "status",
                    "win_coins",
                    "win_cents",
                    "capped",
                    "balance_after_cents",
                    "finished_at",
                    "events_json",
                ),
            )
            self._move_money("win", win_cents, round_id, now)
            for key, value_json in state_json.items():
                self._put_state(values["game_id"], key, value_json, now)
        return after

    @_guarded
    def void_round(self, round_id: int, reason: str) -> int:
        """Void an open round that can no longer be completed and refund its bet; return the new
        balance in cents.

        ONE transaction: a 'refund' journal entry of +bet, the round marked 'void' with `reason`
        (a plain sentence kept for game recall) and `finished_at`, and the refunded meter. No win
        is credited and no cross-round state is written. The ledger does not judge whether the
        round is really broken; the caller (the round driver) does. Raises RoundClosed if the
        round is already closed or void (a round is refunded at most once, never after a win)
        and RoundNotFound if there is none; nothing is written then.
        """
        _require_int("round_id", round_id)
        if not isinstance(reason, str) or not reason.strip():
            raise ValueError("a void round needs a reason")
        reason = reason.strip()
        now = self._now()
        with self._tx("money"):
            self._check_head()
            values = self._round_row(round_id)
            if values["status"] == "void":
                raise RoundClosed(f"Round {round_id} was already voided and its bet refunded.")
            if values["status"] != "open":
                raise RoundClosed(f"Round {round_id} is already finished.")
            # the refund first: the database lets a round turn void only once it is refunded
            after = self._move_money("refund", values["bet_cents"], round_id, now)
            values.update(status="void", void_reason=reason, balance_after_cents=after, finished_at=now)
            self._write_round(values, ("status", "void_reason", "balance_after_cents", "finished_at"))
        return after

    @_guarded
    def top_up(self, *, min_bet_cents: int, amount_cents: int = DEFAULT_TOP_UP_CENTS) -> int:
        """Add the standard amount (`DEFAULT_TOP_UP_CENTS`) when the balance cannot cover
        `min_bet_cents`, the smallest bet of the game it is made for; return the new balance.

        The smallest bet is kept with the top-up (sealed), so the audit checks the rule exactly.
        Refused (TopUpRefused) while the balance still covers the smallest bet, and
        (RoundInProgress) while a round is open, since its win may still arrive. `amount_cents`
        is there to be explicit: any other amount than the standard one is a ValueError.
        """
        _require_int("min_bet_cents", min_bet_cents, 1)
        _require_int("amount_cents", amount_cents, 1)
        if amount_cents != DEFAULT_TOP_UP_CENTS:
            raise ValueError(f"a top-up is always the standard {DEFAULT_TOP_UP_CENTS} cents")
        if min_bet_cents > audit.MAX_BET_CENTS:
            raise ValueError(f"min_bet_cents must be at most {audit.MAX_BET_CENTS}")
        now = self._now()
        with self._tx("money"):
            self._check_head()
            if self._one("SELECT id FROM rounds WHERE status = 'open'") is not None:
                raise RoundInProgress("Finish the current round before topping up.")
            before = int(self._one("SELECT balance_cents FROM account WHERE id = 1"))
            if before >= min_bet_cents:
                raise TopUpRefused(
                    f"Your balance of {format_cents(before)} still covers the smallest bet; "
                    "a top-up is only given when it does not."
                )
            return self._move_money("top_up", amount_cents, None, now, min_bet_cents)

    # -- rounds ---------------------------------------------------------------------------------
    @_guarded
    def open_round(self) -> OpenRound | None:
        """The unfinished round, if any (its digest checked), with everything needed to resume
        it exactly."""
        round_id = self._one("SELECT id FROM rounds WHERE status = 'open'")
        if round_id is None:
            return None
        record = self._record(self._round_row(int(round_id)))
        return OpenRound(
            round_id=record.round_id,
            game_id=record.game_id,
            game_sha256=record.game_sha256,
            engine_version=record.engine_version,
            bet=record.bet,
            seed=record.seed,
            choices=record.choices,
            entropies=record.entropies,
            balance_before_cents=record.balance_before_cents,
            started_at=record.started_at,
            session_id=record.session_id,
            state_in=record.state_in,
        )

    @_guarded
    def history(self, limit: int = 20, offset: int = 0, game_id: str | None = None) -> list[RoundRecord]:
        """Rounds newest first (open, closed and void, see `RoundRecord.status` and
        `void_reason`), with choices and events; each round's digest is checked."""
        _require_int("limit", limit, 0)
        _require_int("offset", offset, 0)
        where, params = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        ids = self._db.execute(
            f"SELECT id FROM rounds {where} ORDER BY id DESC LIMIT ? OFFSET ?", (*params, limit, offset)
        ).fetchall()
        return [self._record(self._round_row(rid)) for (rid,) in ids]

    @_guarded
    def round_detail(self, round_id: int) -> RoundRecord:
        """One round with its choices and events; RoundNotFound if there is none."""
        return self._record(self._round_row(round_id))

    @_guarded
    def count_rounds(self, game_id: str | None = None, *, session_id: int | None = None) -> int:
        """How many rounds (of one game, or of one session) the ledger holds."""
        sql, params = "SELECT COUNT(*) FROM rounds WHERE 1 = 1", list[object]()
        if game_id is not None:
            sql, params = sql + " AND game_id = ?", [*params, game_id]
        if session_id is not None:
            sql, params = sql + " AND session_id = ?", [*params, session_id]
        return int(self._one(sql, tuple(params)))

    def _record(self, v: dict[str, Any]) -> RoundRecord:
        events, state_in = v["events_json"], v["state_in_json"]
        return RoundRecord(
            round_id=v["id"],
            game_id=v["game_id"],
            game_sha256=v["game_sha256"],
            engine_version=v["engine_version"],
            seed=int(v["seed"]),
            bet=_bet_from_row(v["lines"], v["level"], v["coin_value_cents"], v["coins_per_level_unit"]),
            bet_cents=v["bet_cents"],
            status=v["status"],
            win_coins=v["win_coins"],
            win_cents=v["win_cents"],
            capped=None if v["capped"] is None else bool(v["capped"]),
            balance_before_cents=v["balance_before_cents"],
            balance_after_cents=v["balance_after_cents"],
            started_at=v["started_at"],
            finished_at=v["finished_at"],
            session_id=v["session_id"],
            choices=tuple(c[1] for c in v["choices"]),
            entropies=tuple((c[3] if len(c) > 3 else None) or 0 for c in v["choices"]),
            events=None if events is None else json.loads(events),
            void_reason=v["void_reason"],
            state_in=None if state_in is None else json.loads(state_in),
        )

    # -- sessions -------------------------------------------------------------------------------
    @_guarded
    def start_session(self) -> int:
        """Mark the start of a play session (for its balance chart); return its id."""
        now = self._now()
        with self._tx() as conn:
            last_txn = int(self._one("SELECT COALESCE(MAX(id), 0) FROM transactions"))
            balance = int(self._one("SELECT balance_cents FROM account WHERE id = 1"))
            session_id = int(self._one("SELECT COALESCE(MAX(id), 0) FROM sessions")) + 1
            conn.execute(
                "INSERT INTO sessions (id, started_at, start_txn_id, start_balance_cents, digest) "
                "VALUES (?, ?, ?, ?, ?)",
                (session_id, now, last_txn, balance, seal.session_digest(session_id, now, last_txn, balance)),
            )
            return session_id

    @_guarded
    def session_balances(self, session_id: int) -> list[tuple[str, int]]:
        """(UTC time, balance in cents) points of a session: its start, then every bet, win,
        refund and top-up until the next session began. The app holds one session at a time (the
        lock), so a session is a contiguous stretch of the journal."""
        row = self._db.execute(
            "SELECT started_at, start_txn_id, start_balance_cents, digest FROM sessions WHERE id = ?",
            (session_id,),
        ).fetchone()
        if row is None:
            raise LedgerError(f"There is no session number {session_id}.")
        started_at, start_txn, start_balance, stored = row
        if seal.session_digest(session_id, started_at, start_txn, start_balance) != stored:
            self._damaged(f"session {session_id} does not match its digest")
        next_start = self._one("SELECT MIN(start_txn_id) FROM sessions WHERE id > ?", (session_id,))
        end_txn = next_start if next_start is not None else 2**62
        points = [(started_at, start_balance)]
        points.extend(
            self._db.execute(
                "SELECT at, balance_after_cents FROM transactions WHERE id > ? AND id <= ? ORDER BY id",
                (start_txn, end_txn),
            ).fetchall()
        )
        return points

    # -- cross-round state ----------------------------------------------------------------------
    @_guarded
    def get_state(self, game_id: str, key: str, default: Any = None) -> Any:
        """A game's state value that spans rounds (e.g. collected passports), or `default`."""
        row = self._db.execute(
            "SELECT value_json, updated_at, digest FROM game_state WHERE game_id = ? AND key = ?",
            (game_id, key),
        ).fetchone()
        if row is None:
            return default
        value_json, updated_at, stored = row
        if seal.state_digest(game_id, key, value_json, updated_at) != stored:
            self._damaged(f"state {game_id}.{key} does not match its digest")
        return json.loads(value_json)

    @_guarded
    def set_state(self, game_id: str, key: str, value: Any) -> None:
        """Store a JSON value for (game, key) in its own transaction. To change state together
        with a round's credit, pass it to `finish_round(state=...)` instead.

        Refused (RoundInProgress) while a round of this game is open: the round was begun with
        the state as it stands, and resuming it must see the same state again.
        """
        if not isinstance(key, str):
            raise TypeError("state keys must be strings")
        value_json = _to_json(value)
        now = self._now()
        with self._tx("choice"):
            if (
                self._one("SELECT id FROM rounds WHERE status = 'open' AND game_id = ?", (game_id,))
                is not None
            ):
                raise RoundInProgress("Finish the current round before changing its game's state.")
            self._put_state(game_id, key, value_json, now)

    def _put_state(self, game_id: str, key: str, value_json: str, now: str) -> None:
        self._db.execute(
            "INSERT INTO game_state (game_id, key, value_json, updated_at, digest) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, key) DO UPDATE SET value_json = excluded.value_json, "
            "updated_at = excluded.updated_at, digest = excluded.digest",
            (game_id, key, value_json, now, seal.state_digest(game_id, key, value_json, now)),
        )

    # -- audit ----------------------------------------------------------------------------------
    @_guarded
    def check(self) -> None:
        """The cheap check of the balance and meters against the head of the journal, made
        before each round (and by the app whenever it likes); damage is set aside at once."""
        self._check_head()

    @_guarded
    def verify(self) -> list[str]:
        """The full check (the one made at open): an empty list means sound (`game.ledger.audit`)."""
        return audit.audit(self._db)
