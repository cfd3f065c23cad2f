"""The money ledger: balance, rounds, player choices, meters and cross-round state in SQLite.

All money here is integer cents. The ledger never decides an outcome; it stores what the app hands
it (the round's bet and seed before anything moves, each choice as it is made, the win and the
round's events at the end) so that a kill at any instant leaves a consistent, resumable state:

- `begin_round` debits the bet and records the round as open in ONE transaction;
- `record_choice` stores one player choice in its own transaction;
- `finish_round` credits the win, stores the events (and optional cross-round state) and closes
  the round in ONE transaction; a closed round can never be credited again;
- `void_round` refunds the bet of a round that can no longer be completed (the game data it was
  played with changed) and marks it void, in ONE transaction: "malfunction voids all pays and
  plays". A void round is never credited and never refunded twice.

Every balance change is also written to an append-only journal (`transactions`), from which the
balance can be re-derived, and to meters that only ever increase; `verify()` checks the meter
identity (CERTIFICATION M1) and the journal. SQLite triggers and unique indexes enforce the same
invariants inside the database, so even a bug in this module cannot credit a round twice.

A damaged database file (CERTIFICATION F4) is moved aside, never deleted, a fresh wallet is started
and `Ledger.notice_message` says so (`notice`: the same in plain English). A second app instance on
the same file is kept out by an exclusive lock file. Nothing touches the disk at import time.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import messages
from game.messages import Message
from game.money import Bet, format_cents

SCHEMA_VERSION = 2
DEFAULT_START_BALANCE_CENTS = 500_000
DEFAULT_TOP_UP_CENTS = 500_000

# SQLite primary result codes that mean "these bytes are not a sound database" (as opposed to
# "busy", "read-only" or "cannot open", which are not damage and must not trigger a set-aside).
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26


# -- errors -------------------------------------------------------------------------------------
class LedgerError(Exception):
    """Base of every ledger refusal; the message is a plain sentence fit for the player.

    The subclasses keep the names the app was promised (no Error suffix).
    """


class LedgerLocked(LedgerError):  # noqa: N818 - the agreed API names
    """Another running copy of the app holds this ledger."""


class LedgerTooNew(LedgerError):  # noqa: N818 - the agreed API names
    """The file was written by a newer version of the app; it is left untouched."""


class InsufficientFunds(LedgerError):  # noqa: N818 - the agreed API names
    """The balance cannot cover the bet; nothing was written."""


class RoundInProgress(LedgerError):  # noqa: N818 - the agreed API names
    """A round is still open; it must be finished first."""


class RoundClosed(LedgerError):  # noqa: N818 - the agreed API names
    """The round is already finished (closed or void); it is never credited or refunded twice."""


class RoundNotFound(LedgerError):  # noqa: N818 - the agreed API names
    """No round has this id."""


class TopUpRefused(LedgerError):  # noqa: N818 - the agreed API names
    """A top-up is only given when the balance cannot cover the smallest bet."""


# -- records ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Meters:
    """Lifetime meters; each only ever increases. `rounds_played` counts rounds begun (bets);
    a void round stays counted and wagered, and its refund is added to `refunded_cents`."""

    rounds_played: int
    wagered_cents: int
    won_cents: int
    topped_up_cents: int
    refunded_cents: int = 0  # default: keeps the four-field form of schema v1 code readable


@dataclass(frozen=True, slots=True)
class OpenRound:
    """Everything the app needs to resume an unfinished round exactly: `play_round(defn, bet,
    seed, choices)` with the stored values reproduces the events up to the last recorded choice."""

    round_id: int
    game_id: str
    game_sha256: str
    engine_version: str
    bet: Bet
    seed: int
    choices: tuple[int, ...]
    balance_before_cents: int
    started_at: str
    session_id: int | None


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round as stored (game recall, CERTIFICATION G1).

    `status` is "open", "closed" or "void". `balance_before_cents` is before the bet was
    debited, `balance_after_cents` after the win was credited, or after the refund of a void
    round (None while open). `events` are the JSON dicts handed to `finish_round` (None while
    open and for a void round, which has no win). `void_reason` says why a void round was voided
    (None otherwise). Timestamps are UTC ISO-8601 strings.
    """

    round_id: int
    game_id: str
    game_sha256: str
    engine_version: str
    seed: int
    bet: Bet
    bet_cents: int
    status: str
    win_coins: int | None
    win_cents: int | None
    capped: bool | None
    balance_before_cents: int
    balance_after_cents: int | None
    started_at: str
    finished_at: str | None
    session_id: int | None
    choices: tuple[int, ...]
    events: list[dict[str, Any]] | None
    void_reason: str | None = None


# -- schema -------------------------------------------------------------------------------------
# Version 1, frozen (files in the field were written with it; later versions are upgrade steps).
# Columns that hold money end in _cents (integer minor units); coins are play units.
# The seed is decimal TEXT because a 64-bit unsigned seed does not fit SQLite's signed INTEGER.
_SCHEMA_V1 = """
CREATE TABLE account (
    id                  INTEGER PRIMARY KEY CHECK (id = 1),
    balance_cents       INTEGER NOT NULL CHECK (balance_cents >= 0),
    start_balance_cents INTEGER NOT NULL CHECK (start_balance_cents >= 0),
    created_at          TEXT NOT NULL
);
CREATE TABLE meters (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    rounds_played   INTEGER NOT NULL,
    wagered_cents   INTEGER NOT NULL,
    won_cents       INTEGER NOT NULL,
    topped_up_cents INTEGER NOT NULL
);
CREATE TABLE sessions (
    id                  INTEGER PRIMARY KEY,
    started_at          TEXT NOT NULL,
    -- the journal position and balance when the session began: the chart's first point
    start_txn_id        INTEGER NOT NULL,
    start_balance_cents INTEGER NOT NULL
);
CREATE TABLE rounds (
    id                    INTEGER PRIMARY KEY,
    game_id               TEXT NOT NULL,
    game_sha256           TEXT NOT NULL,
    engine_version        TEXT NOT NULL,
    seed                  TEXT NOT NULL,
    lines                 INTEGER NOT NULL,
    level                 INTEGER NOT NULL,
    coin_value_cents      INTEGER NOT NULL,
    coins_per_level_unit  INTEGER,
    bet_cents             INTEGER NOT NULL CHECK (bet_cents > 0),
    status                TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    win_coins             INTEGER CHECK (win_coins >= 0),
    win_cents             INTEGER CHECK (win_cents >= 0),
    capped                INTEGER CHECK (capped IN (0, 1)),
    balance_before_cents  INTEGER NOT NULL,
    balance_after_cents   INTEGER,
    started_at            TEXT NOT NULL,
    finished_at           TEXT,
    events_json           TEXT,
    session_id            INTEGER REFERENCES sessions(id)
);
-- at most one open round at any time (one bet per round, CERTIFICATION F3)
CREATE UNIQUE INDEX rounds_one_open ON rounds(status) WHERE status = 'open';
CREATE INDEX rounds_by_game ON rounds(game_id, id);
CREATE TABLE choices (
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    choice   INTEGER NOT NULL,
    made_at  TEXT NOT NULL,
    PRIMARY KEY (round_id, seq)
);
CREATE TABLE transactions (
    id                  INTEGER PRIMARY KEY,
    kind                TEXT NOT NULL CHECK (kind IN ('bet', 'win', 'top_up')),
    amount_cents        INTEGER NOT NULL,
    balance_after_cents INTEGER NOT NULL,
    round_id            INTEGER REFERENCES rounds(id),
    at                  TEXT NOT NULL,
    CHECK (kind = 'bet' AND amount_cents < 0 AND round_id IS NOT NULL
        OR kind = 'win' AND amount_cents >= 0 AND round_id IS NOT NULL
        OR kind = 'top_up' AND amount_cents > 0 AND round_id IS NULL)
);
-- each round is debited once and credited once, whatever the code above does
CREATE UNIQUE INDEX transactions_one_bet ON transactions(round_id) WHERE kind = 'bet';
CREATE UNIQUE INDEX transactions_one_win ON transactions(round_id) WHERE kind = 'win';
CREATE TABLE game_state (
    game_id    TEXT NOT NULL,
    key        TEXT NOT NULL,
    value_json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (game_id, key)
);

CREATE TRIGGER transactions_no_update BEFORE UPDATE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER transactions_no_delete BEFORE DELETE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER meters_only_increase BEFORE UPDATE ON meters
WHEN NEW.rounds_played < OLD.rounds_played OR NEW.wagered_cents < OLD.wagered_cents
  OR NEW.won_cents < OLD.won_cents OR NEW.topped_up_cents < OLD.topped_up_cents
BEGIN SELECT RAISE(ABORT, 'meters only increase'); END;
CREATE TRIGGER rounds_closed_is_final BEFORE UPDATE ON rounds WHEN OLD.status = 'closed'
BEGIN SELECT RAISE(ABORT, 'a closed round is final'); END;
CREATE TRIGGER rounds_no_delete BEFORE DELETE ON rounds
BEGIN SELECT RAISE(ABORT, 'rounds are never deleted'); END;
"""

# Tables and the columns the code reads; a file at our version lacking any of them is damaged.
_REQUIRED_COLUMNS: dict[str, set[str]] = {
    "account": {"balance_cents", "start_balance_cents"},
    "meters": {"rounds_played", "wagered_cents", "won_cents", "topped_up_cents"},
    "sessions": {"id", "started_at", "start_txn_id", "start_balance_cents"},
    "rounds": {
        "id",
        "game_id",
        "game_sha256",
        "engine_version",
        "seed",
        "lines",
        "level",
        "coin_value_cents",
        "coins_per_level_unit",
        "bet_cents",
        "status",
        "win_coins",
        "win_cents",
        "capped",
        "balance_before_cents",
        "balance_after_cents",
        "started_at",
        "finished_at",
        "events_json",
        "session_id",
    },
    "choices": {"round_id", "seq", "choice", "made_at"},
    "transactions": {"id", "kind", "amount_cents", "balance_after_cents", "round_id", "at"},
    "game_state": {"game_id", "key", "value_json", "updated_at"},
}
# Columns added by later versions: required only in files at (or above) that version.
_ADDED_COLUMNS: dict[int, dict[str, set[str]]] = {
    2: {"rounds": {"void_reason"}, "meters": {"refunded_cents"}},
}

_ROUND_COLUMNS = (
    "id, game_id, game_sha256, engine_version, seed, lines, level, coin_value_cents, "
    "coins_per_level_unit, bet_cents, status, win_coins, win_cents, capped, "
    "balance_before_cents, balance_after_cents, started_at, finished_at, session_id, events_json, "
    "void_reason"
)


def _create_v1(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    # statement by statement: executescript() would COMMIT the surrounding transaction
    for statement in _split_sql(_SCHEMA_V1):
        conn.execute(statement)
    conn.execute(
        "INSERT INTO account (id, balance_cents, start_balance_cents, created_at) VALUES (1, ?, ?, ?)",
        (start_balance_cents, start_balance_cents, now),
    )
    conn.execute("INSERT INTO meters VALUES (1, 0, 0, 0, 0)")


# Version 2: void rounds and refunds ("malfunction voids all pays and plays"). SQLite cannot
# change a CHECK constraint in place, so `rounds` and `transactions` are rebuilt (new table, copy
# every row with its id, drop the old one, rename) with foreign keys off; `_upgrade` turns them
# off outside the transaction and `_upgrade_to_v2` runs `foreign_key_check` before the commit.
# The triggers allow exactly one new path: a 'refund' of +bet for an open round that has its bet
# and no win, once, followed in the same transaction by the round turning 'void'; a void round
# is final and never credited.
_SCHEMA_V2_TABLES = """
CREATE TABLE rounds_v2 (
    id                    INTEGER PRIMARY KEY,
    game_id               TEXT NOT NULL,
    game_sha256           TEXT NOT NULL,
    engine_version        TEXT NOT NULL,
    seed                  TEXT NOT NULL,
    lines                 INTEGER NOT NULL,
    level                 INTEGER NOT NULL,
    coin_value_cents      INTEGER NOT NULL,
    coins_per_level_unit  INTEGER,
    bet_cents             INTEGER NOT NULL CHECK (bet_cents > 0),
    status                TEXT NOT NULL CHECK (status IN ('open', 'closed', 'void')),
    win_coins             INTEGER CHECK (win_coins >= 0),
    win_cents             INTEGER CHECK (win_cents >= 0),
    capped                INTEGER CHECK (capped IN (0, 1)),
    balance_before_cents  INTEGER NOT NULL,
    balance_after_cents   INTEGER,
    started_at            TEXT NOT NULL,
    finished_at           TEXT,
    events_json           TEXT,
    session_id            INTEGER REFERENCES sessions(id),
    void_reason           TEXT,
    -- a void round says why, when, and the balance after its refund; it has no win
    CHECK (status <> 'void' OR (length(trim(void_reason)) > 0 AND finished_at IS NOT NULL
        AND balance_after_cents IS NOT NULL AND win_coins IS NULL AND win_cents IS NULL
        AND capped IS NULL)),
    CHECK (status = 'void' OR void_reason IS NULL)
);
CREATE TABLE transactions_v2 (
    id                  INTEGER PRIMARY KEY,
    kind                TEXT NOT NULL CHECK (kind IN ('bet', 'win', 'top_up', 'refund')),
    amount_cents        INTEGER NOT NULL,
    balance_after_cents INTEGER NOT NULL,
    round_id            INTEGER REFERENCES rounds(id),
    at                  TEXT NOT NULL,
    CHECK (kind = 'bet' AND amount_cents < 0 AND round_id IS NOT NULL
        OR kind = 'win' AND amount_cents >= 0 AND round_id IS NOT NULL
        OR kind = 'top_up' AND amount_cents > 0 AND round_id IS NULL
        OR kind = 'refund' AND amount_cents > 0 AND round_id IS NOT NULL)
);
"""

_SCHEMA_V2_RULES = """
CREATE UNIQUE INDEX rounds_one_open ON rounds(status) WHERE status = 'open';
CREATE INDEX rounds_by_game ON rounds(game_id, id);
CREATE UNIQUE INDEX transactions_one_bet ON transactions(round_id) WHERE kind = 'bet';
CREATE UNIQUE INDEX transactions_one_win ON transactions(round_id) WHERE kind = 'win';
CREATE UNIQUE INDEX transactions_one_refund ON transactions(round_id) WHERE kind = 'refund';

CREATE TRIGGER transactions_no_update BEFORE UPDATE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER transactions_no_delete BEFORE DELETE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER transactions_refund_returns_an_open_bet BEFORE INSERT ON transactions
WHEN NEW.kind = 'refund' AND (
    (SELECT status FROM rounds WHERE id = NEW.round_id) IS NOT 'open'
    OR NOT EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.round_id AND kind = 'bet'
                   AND amount_cents = -NEW.amount_cents)
    OR EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.round_id AND kind = 'win'))
BEGIN SELECT RAISE(ABORT, 'a refund returns the bet of an open round that has no win'); END;
CREATE TRIGGER transactions_refunded_never_won BEFORE INSERT ON transactions
WHEN NEW.kind = 'win'
  AND EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.round_id AND kind = 'refund')
BEGIN SELECT RAISE(ABORT, 'a refunded round is never credited'); END;

DROP TRIGGER meters_only_increase;
CREATE TRIGGER meters_only_increase BEFORE UPDATE ON meters
WHEN NEW.rounds_played < OLD.rounds_played OR NEW.wagered_cents < OLD.wagered_cents
  OR NEW.won_cents < OLD.won_cents OR NEW.topped_up_cents < OLD.topped_up_cents
  OR NEW.refunded_cents < OLD.refunded_cents
BEGIN SELECT RAISE(ABORT, 'meters only increase'); END;

CREATE TRIGGER rounds_begin_open BEFORE INSERT ON rounds WHEN NEW.status = 'void'
BEGIN SELECT RAISE(ABORT, 'a round is voided only after it began'); END;
CREATE TRIGGER rounds_closed_is_final BEFORE UPDATE ON rounds WHEN OLD.status = 'closed'
BEGIN SELECT RAISE(ABORT, 'a closed round is final'); END;
CREATE TRIGGER rounds_void_is_final BEFORE UPDATE ON rounds WHEN OLD.status = 'void'
BEGIN SELECT RAISE(ABORT, 'a void round is final'); END;
CREATE TRIGGER rounds_void_only_when_refunded BEFORE UPDATE ON rounds
WHEN NEW.status = 'void'
  AND NOT EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.id AND kind = 'refund')
BEGIN SELECT RAISE(ABORT, 'a round is voided only together with its refund'); END;
CREATE TRIGGER rounds_refunded_is_void BEFORE UPDATE ON rounds
WHEN NEW.status <> 'void'
  AND EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.id AND kind = 'refund')
BEGIN SELECT RAISE(ABORT, 'a refunded round can only be void'); END;
CREATE TRIGGER rounds_no_delete BEFORE DELETE ON rounds
BEGIN SELECT RAISE(ABORT, 'rounds are never deleted'); END;
CREATE TRIGGER choices_only_while_open BEFORE INSERT ON choices
WHEN (SELECT status FROM rounds WHERE id = NEW.round_id) IS NOT 'open'
BEGIN SELECT RAISE(ABORT, 'choices are recorded only while their round is open'); END;
"""

_V1_ROUND_COLUMNS = (
    "id, game_id, game_sha256, engine_version, seed, lines, level, coin_value_cents, "
    "coins_per_level_unit, bet_cents, status, win_coins, win_cents, capped, "
    "balance_before_cents, balance_after_cents, started_at, finished_at, events_json, session_id"
)
_V1_TRANSACTION_COLUMNS = "id, kind, amount_cents, balance_after_cents, round_id, at"


def _upgrade_to_v2(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    for statement in _split_sql(_SCHEMA_V2_TABLES):
        conn.execute(statement)
    # every row keeps its id: choices, sessions and the journal refer to them
    conn.execute(f"INSERT INTO rounds_v2 ({_V1_ROUND_COLUMNS}) SELECT {_V1_ROUND_COLUMNS} FROM rounds")
    conn.execute(
        f"INSERT INTO transactions_v2 ({_V1_TRANSACTION_COLUMNS}) "
        f"SELECT {_V1_TRANSACTION_COLUMNS} FROM transactions"
    )
    # foreign keys are off here (see _upgrade), so DROP TABLE deletes no rows through them and
    # fires no trigger; the old tables' indexes and triggers go with them
    conn.execute("DROP TABLE transactions")
    conn.execute("DROP TABLE rounds")
    conn.execute("ALTER TABLE rounds_v2 RENAME TO rounds")
    conn.execute("ALTER TABLE transactions_v2 RENAME TO transactions")
    conn.execute("ALTER TABLE meters ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0")
    for statement in _split_sql(_SCHEMA_V2_RULES):
        conn.execute(statement)
    broken = conn.execute("PRAGMA foreign_key_check").fetchall()
    if broken:  # raising rolls the whole step back: the file stays at version 1
        raise LedgerError(f"The saved game data could not be upgraded (broken references: {broken[:3]}).")


# Upgrade path: _MIGRATIONS[v] turns a version v-1 file into version v (0 = empty file). Each
# step runs in its own transaction together with the user_version bump, so a kill mid-upgrade
# leaves the file at the previous version. A new wallet is created at version 1 and upgraded
# like any other file, so there is one definition of the current schema.
_MIGRATIONS: dict[int, Callable[[sqlite3.Connection, str, int], None]] = {
    1: _create_v1,
    2: _upgrade_to_v2,
}


def _split_sql(script: str) -> list[str]:
    """Split a schema script into statements (triggers contain ';' inside BEGIN...END)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement: {buffer!r}")
    return statements


# -- the lock file ------------------------------------------------------------------------------
class _LockFile:
    """An exclusive, non-blocking lock on `<ledger>.lock`, held for the ledger's lifetime.

    The OS drops the lock when the process dies (even by SIGKILL), so a crash never leaves a stale
    lock. The file itself is never deleted: deleting a lock file races with a second opener.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if sys.platform.startswith("win"):
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            raise LedgerLocked(
                "Reelhouse is already running with this wallet; close the other window first."
            ) from exc
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            if sys.platform.startswith("win"):
                import msvcrt

                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        finally:
            os.close(fd)  # on POSIX closing the descriptor releases the flock


# -- damage detection ---------------------------------------------------------------------------
class _DamagedError(Exception):
    """The file is not a sound ledger database (internal; turned into a set-aside)."""


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc).lower()  # very old sqlite3 modules without error codes
    return "not a database" in text or "malformed" in text


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; every write goes through Ledger._tx().
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA journal_mode = WAL")  # persistent in the file
        conn.execute("PRAGMA synchronous = FULL")  # fsync the WAL on every commit
    except BaseException:
        conn.close()
        raise
    return conn


def _check_sound(conn: sqlite3.Connection) -> int:
    """Return the schema version of a sound file; raise _DamagedError otherwise."""
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    if rows != [("ok",)]:
        raise _DamagedError("; ".join(str(r[0]) for r in rows[:5]))
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if version == 0:
        if tables:  # an unversioned file with tables is not one of ours
            raise _DamagedError(f"unversioned file with tables {sorted(tables)}")
        return 0
    if version > SCHEMA_VERSION:
        return version
    required = {table: set(columns) for table, columns in _REQUIRED_COLUMNS.items()}
    for added_in, added in _ADDED_COLUMNS.items():
        if version >= added_in:
            for table, columns in added.items():
                required[table] |= columns
    for table, needed in required.items():
        if table not in tables:
            raise _DamagedError(f"table {table} is missing")
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        if not needed <= have:
            raise _DamagedError(f"table {table} lacks {sorted(needed - have)}")
    for table in ("account", "meters"):
        if conn.execute(f"SELECT COUNT(*) FROM {table} WHERE id = 1").fetchone()[0] != 1:
            raise _DamagedError(f"table {table} has no row")
    return version


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable on POSIX (best effort; Windows has no directory handles)."""
    if sys.platform.startswith("win"):
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _set_aside(path: Path, stamp: str) -> Path:
    """Rename the damaged file (and its -wal/-shm companions) to `<name>.damaged-<stamp>`.

    Never deletes. The companions move first: a stale -wal beside a fresh database could
    otherwise be replayed into it if we were killed between the renames.
    """
    base = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(
        Path(f"{base}{suffix}").exists() for suffix in ("", "-wal", "-shm")
    ):  # two damages in one second: never overwrite an earlier set-aside
        n += 1
        base = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    for suffix in ("-wal", "-shm", ""):
        src = Path(f"{path}{suffix}")
        if src.exists():
            os.replace(src, f"{base}{suffix}")
    _fsync_dir(path.parent)
    return base


def _open_sound(path: Path, clock: Callable[[], datetime]) -> tuple[sqlite3.Connection, int, Message | None]:
    """Connect to a sound file (setting a damaged one aside first); return the connection, its
    schema version and the player notice (None unless something was set aside)."""
    try:
        conn = _connect(path)
        try:
            return conn, _check_sound(conn), None
        except BaseException:
            conn.close()
            raise
    except (_DamagedError, sqlite3.DatabaseError) as exc:
        if isinstance(exc, sqlite3.DatabaseError) and not _is_damage(exc):
            raise  # busy, read-only, cannot open...: not damage, never set aside
        aside = _set_aside(path, _utc(clock()).strftime("%Y%m%dT%H%M%SZ"))
    notice = Message(messages.LEDGER_SET_ASIDE, {"name": aside.name})
    conn = _connect(path)
    try:
        return conn, _check_sound(conn), notice
    except BaseException:
        conn.close()
        raise


# -- the ledger ---------------------------------------------------------------------------------
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
        lock: _LockFile,
        path: Path,
        clock: Callable[[], datetime],
        notice: Message | None,
    ) -> None:
        self._conn = conn
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
        another app instance holds the file and LedgerTooNew if a newer app wrote it; a damaged
        file is set aside and replaced by a fresh wallet (see `notice`), never raised.
        """
        path = Path(path)
        _require_int("start_balance_cents", start_balance_cents, 0)
        clock = clock or (lambda: datetime.now(UTC))
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = _LockFile(path.with_name(path.name + ".lock"))
        conn: sqlite3.Connection | None = None
        try:
            conn, version, notice = _open_sound(path, clock)
            if version > SCHEMA_VERSION:
                raise LedgerTooNew(
                    "Your saved game data was written by a newer version of Reelhouse; please update the app."
                )
            ledger = cls(conn, lock, path, clock, notice)
            ledger._upgrade(version, start_balance_cents)
            return ledger
        except BaseException:
            if conn is not None:
                conn.close()
            lock.release()
            raise

    def _upgrade(self, version: int, start_balance_cents: int) -> None:
        if version >= SCHEMA_VERSION:
            return
        # Rebuilding a table (v2) needs foreign keys off: the pragma is a no-op inside a
        # transaction, so it is switched here, around the steps, and each step checks the keys.
        self._conn.execute("PRAGMA foreign_keys = OFF")
        now = self._now()  # one clock reading for the whole upgrade
        try:
            for target in range(version + 1, SCHEMA_VERSION + 1):
                with self._tx():
                    _MIGRATIONS[target](self._conn, now, start_balance_cents)
                    # PRAGMA user_version is written in the same transaction as the step
                    self._conn.execute(f"PRAGMA user_version = {target}")
        finally:
            self._conn.execute("PRAGMA foreign_keys = ON")

    def close(self) -> None:
        """Close the database and release the lock. Safe to call twice."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None  # type: ignore[assignment]
        self._lock.release()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- plumbing -------------------------------------------------------------------------------
    def _now(self) -> str:
        return _utc(self._clock()).isoformat(timespec="microseconds")

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction. IMMEDIATE takes the write lock up front, so the checks made
        inside it still hold when the writes land."""
        conn = self._conn
        if conn is None:
            raise LedgerError("The ledger is closed.")
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        row = self._conn.execute(sql, params).fetchone()
        return None if row is None else row[0]

    def _journal(
        self, kind: str, amount_cents: int, balance_after: int, round_id: int | None, at: str
    ) -> int:
        cur = self._conn.execute(
            "INSERT INTO transactions (kind, amount_cents, balance_after_cents, round_id, at) "
            "VALUES (?, ?, ?, ?, ?)",
            (kind, amount_cents, balance_after, round_id, at),
        )
        return int(cur.lastrowid or 0)

    def _round_status(self, round_id: int) -> str:
        status = self._one("SELECT status FROM rounds WHERE id = ?", (round_id,))
        if status is None:
            raise RoundNotFound(f"There is no round number {round_id}.")
        return str(status)

    # -- money ----------------------------------------------------------------------------------
    @property
    def balance_cents(self) -> int:
        """The current balance in cents (the bet of an open round is already debited)."""
        return int(self._one("SELECT balance_cents FROM account WHERE id = 1"))

    def meters(self) -> Meters:
        row = self._conn.execute(
            "SELECT rounds_played, wagered_cents, won_cents, topped_up_cents, refunded_cents FROM meters"
        ).fetchone()
        return Meters(*row)

    def begin_round(
        self,
        game_id: str,
        game_sha256: str,
        engine_version: str,
        bet: Bet,
        seed: int,
        session_id: int | None = None,
    ) -> int:
        """Debit the bet and record the round as open, in one transaction; return its id.

        Raises RoundInProgress if a round is open and InsufficientFunds if the balance cannot
        cover `bet.total_cents`; in both cases nothing is written.
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
        if session_id is not None:
            _require_int("session_id", session_id)
        bet_cents = bet.total_cents
        now = self._now()
        with self._tx() as conn:
            if self._one("SELECT id FROM rounds WHERE status = 'open'") is not None:
                raise RoundInProgress("Finish the current round before starting a new one.")
            if (
                session_id is not None
                and self._one("SELECT id FROM sessions WHERE id = ?", (session_id,)) is None
            ):
                raise ValueError(f"there is no session {session_id}")
            before = self.balance_cents
            if before < bet_cents:
                raise InsufficientFunds(
                    f"Your balance of {format_cents(before)} does not cover the bet of "
                    f"{format_cents(bet_cents)}."
                )
            after = before - bet_cents
            conn.execute("UPDATE account SET balance_cents = ? WHERE id = 1", (after,))
            cur = conn.execute(
                "INSERT INTO rounds (game_id, game_sha256, engine_version, seed, lines, level, "
                "coin_value_cents, coins_per_level_unit, bet_cents, status, "
                "balance_before_cents, started_at, session_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)",
                (
                    game_id,
                    game_sha256,
                    engine_version,
                    str(seed),
                    bet.lines,
                    bet.level,
                    bet.coin_value_cents,
                    bet.coins_per_level_unit,
                    bet_cents,
                    before,
                    now,
                    session_id,
                ),
            )
            round_id = int(cur.lastrowid or 0)
            self._journal("bet", -bet_cents, after, round_id, now)
            conn.execute(
                "UPDATE meters SET rounds_played = rounds_played + 1, "
                "wagered_cents = wagered_cents + ? WHERE id = 1",
                (bet_cents,),
            )
        return round_id

    def record_choice(self, round_id: int, choice: int) -> None:
        """Append one player choice to an open round (its own transaction)."""
        _require_int("round_id", round_id)
        _require_int("choice", choice)
        now = self._now()
        with self._tx() as conn:
            status = self._round_status(round_id)
            if status == "void":
                raise RoundClosed(f"Round {round_id} was voided; it takes no more choices.")
            if status != "open":
                raise RoundClosed(f"Round {round_id} is already finished.")
            seq = self._one("SELECT COUNT(*) FROM choices WHERE round_id = ?", (round_id,))
            conn.execute(
                "INSERT INTO choices (round_id, seq, choice, made_at) VALUES (?, ?, ?, ?)",
                (round_id, seq, choice, now),
            )

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
        with self._tx() as conn:
            row = conn.execute(
                "SELECT status, coin_value_cents, game_id FROM rounds WHERE id = ?", (round_id,)
            ).fetchone()
            if row is None:
                raise RoundNotFound(f"There is no round number {round_id}.")
            status, coin_value_cents, game_id = row
            if status == "void":
                raise RoundClosed(f"Round {round_id} was voided and its bet refunded; it pays nothing.")
            if status != "open":
                raise RoundClosed(f"Round {round_id} is already finished.")
            win_cents = win_coins * coin_value_cents
            after = self.balance_cents + win_cents
            conn.execute("UPDATE account SET balance_cents = ? WHERE id = 1", (after,))
            conn.execute(
                "UPDATE rounds SET status = 'closed', win_coins = ?, win_cents = ?, capped = ?, "
                "balance_after_cents = ?, finished_at = ?, events_json = ? WHERE id = ?",
                (win_coins, win_cents, int(capped), after, now, events_json, round_id),
            )
            self._journal("win", win_cents, after, round_id, now)
            conn.execute("UPDATE meters SET won_cents = won_cents + ? WHERE id = 1", (win_cents,))
            for key, value_json in state_json.items():
                self._put_state(game_id, key, value_json, now)
        return after

    def void_round(self, round_id: int, reason: str) -> int:
        """Void an open round that can no longer be completed and refund its bet; return the new
        balance in cents.

        ONE transaction: a 'refund' journal entry of +bet, the round marked 'void' with `reason`
        (a plain sentence kept for game recall) and `finished_at`, and the refunded meter. No win
        is credited and no cross-round state is written. The ledger does not judge whether the
        round is really broken; the caller (the round driver) does, when the game data or engine
        the round was played with is no longer installed. Raises RoundClosed if the round is
        already closed or void (a round is refunded at most once, never after a win) and
        RoundNotFound if there is none; nothing is written then.
        """
        _require_int("round_id", round_id)
        if not isinstance(reason, str) or not reason.strip():
            raise ValueError("a void round needs a reason")
        reason = reason.strip()
        now = self._now()
        with self._tx() as conn:
            row = conn.execute("SELECT status, bet_cents FROM rounds WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise RoundNotFound(f"There is no round number {round_id}.")
            status, bet_cents = row
            if status == "void":
                raise RoundClosed(f"Round {round_id} was already voided and its bet refunded.")
            if status != "open":
                raise RoundClosed(f"Round {round_id} is already finished.")
            after = self.balance_cents + bet_cents
            conn.execute("UPDATE account SET balance_cents = ? WHERE id = 1", (after,))
            # the refund first: the database lets a round turn void only once it is refunded
            self._journal("refund", bet_cents, after, round_id, now)
            conn.execute(
                "UPDATE rounds SET status = 'void', void_reason = ?, balance_after_cents = ?, "
                "finished_at = ? WHERE id = ?",
                (reason, after, now, round_id),
            )
            conn.execute("UPDATE meters SET refunded_cents = refunded_cents + ? WHERE id = 1", (bet_cents,))
        return after

    def top_up(self, *, min_bet_cents: int, amount_cents: int = DEFAULT_TOP_UP_CENTS) -> int:
        """Add play money when the balance cannot cover `min_bet_cents`; return the new balance.

        Refused (TopUpRefused) while the balance still covers the smallest bet, and
        (RoundInProgress) while a round is open, since its win may still arrive.
        """
        _require_int("min_bet_cents", min_bet_cents, 1)
        _require_int("amount_cents", amount_cents, 1)
        now = self._now()
        with self._tx() as conn:
            if self._one("SELECT id FROM rounds WHERE status = 'open'") is not None:
                raise RoundInProgress("Finish the current round before topping up.")
            before = self.balance_cents
            if before >= min_bet_cents:
                raise TopUpRefused(
                    f"Your balance of {format_cents(before)} still covers the smallest bet; "
                    "a top-up is only given when it does not."
                )
            after = before + amount_cents
            conn.execute("UPDATE account SET balance_cents = ? WHERE id = 1", (after,))
            self._journal("top_up", amount_cents, after, None, now)
            conn.execute(
                "UPDATE meters SET topped_up_cents = topped_up_cents + ? WHERE id = 1",
                (amount_cents,),
            )
        return after

    # -- rounds ---------------------------------------------------------------------------------
    def open_round(self) -> OpenRound | None:
        """The unfinished round, if any, with everything needed to resume it exactly."""
        row = self._conn.execute(f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE status = 'open'").fetchone()
        if row is None:
            return None
        record = self._record(row)
        return OpenRound(
            round_id=record.round_id,
            game_id=record.game_id,
            game_sha256=record.game_sha256,
            engine_version=record.engine_version,
            bet=record.bet,
            seed=record.seed,
            choices=record.choices,
            balance_before_cents=record.balance_before_cents,
            started_at=record.started_at,
            session_id=record.session_id,
        )

    def history(self, limit: int = 20, offset: int = 0, game_id: str | None = None) -> list[RoundRecord]:
        """Rounds newest first (open, closed and void, see `RoundRecord.status` and
        `void_reason`), with choices and events."""
        _require_int("limit", limit, 0)
        _require_int("offset", offset, 0)
        where, params = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = self._conn.execute(
            f"SELECT {_ROUND_COLUMNS} FROM rounds {where} ORDER BY id DESC LIMIT ? OFFSET ?",
            (*params, limit, offset),
        ).fetchall()
        return [self._record(row) for row in rows]

    def round_detail(self, round_id: int) -> RoundRecord:
        """One round with its choices and events; RoundNotFound if there is none."""
        row = self._conn.execute(f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,)).fetchone()
        if row is None:
            raise RoundNotFound(f"There is no round number {round_id}.")
        return self._record(row)

    def count_rounds(self, game_id: str | None = None) -> int:
        if game_id is None:
            return int(self._one("SELECT COUNT(*) FROM rounds"))
        return int(self._one("SELECT COUNT(*) FROM rounds WHERE game_id = ?", (game_id,)))

    def _record(self, row: tuple[Any, ...]) -> RoundRecord:
        (
            rid,
            game_id,
            sha,
            engine,
            seed,
            lines,
            level,
            coin_value,
            unit,
            bet_cents,
            status,
            win_coins,
            win_cents,
            capped,
            before,
            after,
            started,
            finished,
            session_id,
            events,
            void_reason,
        ) = row
        choices = tuple(
            r[0]
            for r in self._conn.execute("SELECT choice FROM choices WHERE round_id = ? ORDER BY seq", (rid,))
        )
        return RoundRecord(
            round_id=rid,
            game_id=game_id,
            game_sha256=sha,
            engine_version=engine,
            seed=int(seed),
            bet=_bet_from_row(lines, level, coin_value, unit),
            bet_cents=bet_cents,
            status=status,
            win_coins=win_coins,
            win_cents=win_cents,
            capped=None if capped is None else bool(capped),
            balance_before_cents=before,
            balance_after_cents=after,
            started_at=started,
            finished_at=finished,
            session_id=session_id,
            choices=choices,
            events=None if events is None else json.loads(events),
            void_reason=void_reason,
        )

    # -- sessions -------------------------------------------------------------------------------
    def start_session(self) -> int:
        """Mark the start of a play session (for its balance chart); return its id."""
        now = self._now()
        with self._tx() as conn:
            last_txn = int(self._one("SELECT COALESCE(MAX(id), 0) FROM transactions"))
            cur = conn.execute(
                "INSERT INTO sessions (started_at, start_txn_id, start_balance_cents) VALUES (?, ?, ?)",
                (now, last_txn, self.balance_cents),
            )
            return int(cur.lastrowid or 0)

    def session_balances(self, session_id: int) -> list[tuple[str, int]]:
        """(UTC time, balance in cents) points of a session: its start, then every bet, win,
        refund and top-up until the next session began. The app holds one session at a time (the lock), so
        a session is a contiguous stretch of the journal."""
        row = self._conn.execute(
            "SELECT started_at, start_txn_id, start_balance_cents FROM sessions WHERE id = ?",
            (session_id,),
        ).fetchone()
        if row is None:
            raise LedgerError(f"There is no session number {session_id}.")
        started_at, start_txn, start_balance = row
        next_start = self._one("SELECT MIN(start_txn_id) FROM sessions WHERE id > ?", (session_id,))
        end_txn = next_start if next_start is not None else 2**62
        points = [(started_at, start_balance)]
        points.extend(
            self._conn.execute(
                "SELECT at, balance_after_cents FROM transactions WHERE id > ? AND id <= ? ORDER BY id",
                (start_txn, end_txn),
            ).fetchall()
        )
        return points

    # -- cross-round state ----------------------------------------------------------------------
    def get_state(self, game_id: str, key: str, default: Any = None) -> Any:
        """A game's state value that spans rounds (e.g. collected passports), or `default`."""
        value_json = self._one(
            "SELECT value_json FROM game_state WHERE game_id = ? AND key = ?", (game_id, key)
        )
        return default if value_json is None else json.loads(value_json)

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
        with self._tx():
            if (
                self._one("SELECT id FROM rounds WHERE status = 'open' AND game_id = ?", (game_id,))
                is not None
            ):
                raise RoundInProgress("Finish the current round before changing its game's state.")
            self._put_state(game_id, key, value_json, now)

    def _put_state(self, game_id: str, key: str, value_json: str, now: str) -> None:
        self._conn.execute(
            "INSERT INTO game_state (game_id, key, value_json, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, key) DO UPDATE SET value_json = excluded.value_json, "
            "updated_at = excluded.updated_at",
            (game_id, key, value_json, now),
        )

    # -- audit ----------------------------------------------------------------------------------
    def verify(self) -> list[str]:
        """Consistency checks; an empty list means consistent.

        - meter identity (M1): start + top-ups − Σ bets + Σ wins + Σ refunds = balance;
        - the journal chain: every entry's balance_after = previous balance + amount;
        - meters equal the journal sums;
        - every round is debited exactly once by its bet; every closed round credited exactly
          once by its win and never refunded; every void round refunded exactly once with its
          bet, never credited, and with a reason; an open round neither credited nor refunded;
          amounts and balances match;
        - choices are numbered 0..n-1; foreign keys hold.
        """
        conn = self._conn
        problems: list[str] = []
        balance, start = conn.execute(
            "SELECT balance_cents, start_balance_cents FROM account WHERE id = 1"
        ).fetchone()
        sums = dict(
            conn.execute(
                "SELECT kind, COALESCE(SUM(amount_cents), 0) FROM transactions GROUP BY kind"
            ).fetchall()
        )
        bets, wins, top_ups = -sums.get("bet", 0), sums.get("win", 0), sums.get("top_up", 0)
        refunds = sums.get("refund", 0)
        expected_balance = start + top_ups - bets + wins + refunds
        if expected_balance != balance:
            problems.append(
                f"meter identity: start {start} + top-ups {top_ups} - bets {bets} + wins {wins}"
                f" + refunds {refunds} = {expected_balance}, but the balance is {balance}"
            )

        running = start
        for txn_id, amount, after in conn.execute(
            "SELECT id, amount_cents, balance_after_cents FROM transactions ORDER BY id"
        ):
            running += amount
            if after != running:
                problems.append(f"journal entry {txn_id}: balance_after {after}, expected {running}")
                running = after  # report each break once, not every entry after it

        m = self.meters()
        n_rounds = int(self._one("SELECT COUNT(*) FROM rounds"))
        for name, meter, expected in (
            ("rounds_played", m.rounds_played, n_rounds),
            ("wagered_cents", m.wagered_cents, bets),
            ("won_cents", m.won_cents, wins),
            ("topped_up_cents", m.topped_up_cents, top_ups),
            ("refunded_cents", m.refunded_cents, refunds),
        ):
            if meter != expected:
                problems.append(f"meter {name} is {meter}, the journal says {expected}")

        n_open = int(self._one("SELECT COUNT(*) FROM rounds WHERE status = 'open'"))
        if n_open > 1:
            problems.append(f"{n_open} rounds are open at once")

        def per_kind(kind: str) -> str:
            # count, sum and balance after of one round's journal entries of one kind
            return (
                f"(SELECT COUNT(*) FROM transactions t WHERE t.round_id = r.id AND t.kind = '{kind}'), "
                f"(SELECT SUM(amount_cents) FROM transactions t "
                f" WHERE t.round_id = r.id AND t.kind = '{kind}'), "
                f"(SELECT MAX(balance_after_cents) FROM transactions t "
                f" WHERE t.round_id = r.id AND t.kind = '{kind}')"
            )

        for row in conn.execute(
            "SELECT r.id, r.status, r.lines, r.level, r.coin_value_cents, "
            "r.coins_per_level_unit, r.bet_cents, r.win_coins, r.win_cents, "
            "r.balance_before_cents, r.balance_after_cents, r.void_reason, "
            f"{per_kind('bet')}, {per_kind('win')}, {per_kind('refund')} "
            "FROM rounds r ORDER BY r.id"
        ):
            (
                rid,
                status,
                lines,
                level,
                coin_value,
                unit,
                bet_cents,
                win_coins,
                win_cents,
                before,
                after,
                void_reason,
                n_bet,
                bet_amount,
                bet_after,
                n_win,
                win_amount,
                win_after,
                n_refund,
                refund_amount,
                refund_after,
            ) = row
            where = f"round {rid}"
            try:
                expected_bet = _bet_from_row(lines, level, coin_value, unit).total_cents
            except ValueError as exc:
                problems.append(f"{where}: bet fields are invalid ({exc})")
                expected_bet = bet_cents
            if bet_cents != expected_bet:
                problems.append(f"{where}: bet_cents {bet_cents}, the bet costs {expected_bet}")
            if n_bet != 1:
                problems.append(f"{where}: {n_bet} bet entries in the journal, expected 1")
            elif bet_amount != -bet_cents or bet_after != before - bet_cents:
                problems.append(f"{where}: the bet entry does not match the round")
            if status == "open":
                if n_win:
                    problems.append(f"{where}: open but credited")
                if n_refund:
                    problems.append(f"{where}: open but refunded")
                continue
            if status == "void":
                if n_win:
                    problems.append(f"{where}: void but credited")
                if n_refund != 1:
                    problems.append(f"{where}: void with {n_refund} refund entries, expected 1")
                elif refund_amount != bet_cents or refund_after != after:
                    problems.append(f"{where}: the refund entry does not match the round")
                if not void_reason:
                    problems.append(f"{where}: void without a reason")
                continue
            if n_refund:
                problems.append(f"{where}: closed but refunded")
            if n_win != 1:
                problems.append(f"{where}: closed with {n_win} win entries, expected 1")
                continue
            if win_cents != win_coins * coin_value:
                problems.append(f"{where}: win_cents {win_cents} != {win_coins} coins x {coin_value}")
            if win_amount != win_cents or win_after != after:
                problems.append(f"{where}: the win entry does not match the round")

        for rid, n, lo, hi in conn.execute(
            "SELECT round_id, COUNT(*), MIN(seq), MAX(seq) FROM choices GROUP BY round_id"
        ):
            if lo != 0 or hi != n - 1:
                problems.append(f"round {rid}: choices are not numbered 0..{n - 1}")

        for fk in conn.execute("PRAGMA foreign_key_check").fetchall():
            problems.append(f"foreign key broken: {fk}")
        return problems


def _utc(moment: datetime) -> datetime:
    """A clock reading in UTC; a naive reading is taken to be UTC already."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)
