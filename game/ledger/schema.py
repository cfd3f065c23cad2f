"""The ledger's schema, version by version, and the steps that upgrade a file to the current one.

`MIGRATIONS[v]` turns a version v-1 file into version v (0 = no file yet). Each step runs in one
transaction together with the `user_version` bump, so a kill mid-upgrade leaves the file at the
previous version. A new wallet is created at version 1 and upgraded like any old file, so there
is one definition of the current schema; `expected_schema(v)` is that definition, read back
from a scratch in-memory database, and a file whose schema differs from it is damaged.

The DDL of a released version is frozen (files in the field were written with it; a test pins
the v1 text): never edit a step, add one.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable

from game.ledger import audit, seal

# The top-up step's number (after version 5, the choices' entropy).
TOP_UP_RULE_VERSION = 6
SCHEMA_VERSION = TOP_UP_RULE_VERSION


class DamagedError(Exception):
    """The file is not a sound ledger (internal; the ledger sets it aside and starts afresh)."""


# Version 1, frozen (files in the field were written with it; later versions are upgrade steps).
# Columns that hold money end in _cents (integer minor units); coins are play units.
# The seed is decimal TEXT because a 64-bit unsigned seed does not fit SQLite's signed INTEGER.
SCHEMA_V1 = """
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


def _create_v1(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    # statement by statement: executescript() would COMMIT the surrounding transaction
    for statement in split_sql(SCHEMA_V1):
        conn.execute(statement)
    conn.execute(
        "INSERT INTO account (id, balance_cents, start_balance_cents, created_at) VALUES (1, ?, ?, ?)",
        (start_balance_cents, start_balance_cents, now),
    )
    conn.execute("INSERT INTO meters VALUES (1, 0, 0, 0, 0)")


# Version 2: void rounds and refunds ("malfunction voids all pays and plays"). SQLite cannot
# change a CHECK constraint in place, so `rounds` and `transactions` are rebuilt (new table, copy
# every row with its id, drop the old one, rename) with foreign keys off; `Ledger` turns them
# off outside the transaction and `_upgrade_to_v2` runs `foreign_key_check` before the commit.
# The triggers allow exactly one new path: a 'refund' of +bet for an open round that has its bet
# and no win, once, followed in the same transaction by the round turning 'void'; a void round
# is final and never credited.
SCHEMA_V2_TABLES = """
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

SCHEMA_V2_RULES = """
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

V1_ROUND_COLUMNS = (
    "id, game_id, game_sha256, engine_version, seed, lines, level, coin_value_cents, "
    "coins_per_level_unit, bet_cents, status, win_coins, win_cents, capped, "
    "balance_before_cents, balance_after_cents, started_at, finished_at, events_json, session_id"
)
V1_TRANSACTION_COLUMNS = "id, kind, amount_cents, balance_after_cents, round_id, at"


def _upgrade_to_v2(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    for statement in split_sql(SCHEMA_V2_TABLES):
        conn.execute(statement)
    # every row keeps its id: choices, sessions and the journal refer to them
    conn.execute(f"INSERT INTO rounds_v2 ({V1_ROUND_COLUMNS}) SELECT {V1_ROUND_COLUMNS} FROM rounds")
    conn.execute(
        f"INSERT INTO transactions_v2 ({V1_TRANSACTION_COLUMNS}) "
        f"SELECT {V1_TRANSACTION_COLUMNS} FROM transactions"
    )
    # foreign keys are off here (see Ledger._upgrade), so DROP TABLE deletes no rows through them
    # and fires no trigger; the old tables' indexes and triggers go with them
    conn.execute("DROP TABLE transactions")
    conn.execute("DROP TABLE rounds")
    conn.execute("ALTER TABLE rounds_v2 RENAME TO rounds")
    conn.execute("ALTER TABLE transactions_v2 RENAME TO transactions")
    conn.execute("ALTER TABLE meters ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0")
    for statement in split_sql(SCHEMA_V2_RULES):
        conn.execute(statement)
    broken = conn.execute("PRAGMA foreign_key_check").fetchall()
    if broken:  # raising rolls the whole step back: the file stays at version 1 and is set aside
        raise DamagedError(f"broken references: {broken[:3]}")


# Version 3: critical memory (see game/ledger/seal.py). Digest columns join the journal, the
# account (the chain's head), rounds, sessions and cross-round state; `game_data` keeps, once per
# SHA-256, the game data file a round began with, so an open round always completes under its own
# rules. The step first checks the old file's money (an unsound file is set aside, never sealed),
# drops every trigger (they keep closed rows final, and sealing writes a digest into each), adds
# the columns, seals every row, and creates the full v3 rule set; a kill at any point leaves v2.
SCHEMA_V3_TABLES = """
ALTER TABLE account ADD COLUMN head_digest TEXT NOT NULL DEFAULT '';
ALTER TABLE transactions ADD COLUMN prev_digest TEXT NOT NULL DEFAULT '';
ALTER TABLE transactions ADD COLUMN digest TEXT NOT NULL DEFAULT '';
ALTER TABLE rounds ADD COLUMN digest TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN digest TEXT NOT NULL DEFAULT '';
ALTER TABLE game_state ADD COLUMN digest TEXT NOT NULL DEFAULT '';
CREATE TABLE game_data (
    sha256    TEXT PRIMARY KEY CHECK (length(sha256) = 64),
    game_id   TEXT NOT NULL,
    content   BLOB NOT NULL,
    stored_at TEXT NOT NULL,
    digest    TEXT NOT NULL
);
"""

# The v2 rules, unchanged, then the seals: every row is written with its digest (64 hex digits),
# choices and sessions are append-only, stored game data is never changed or removed.
SCHEMA_V3_RULES = """
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

CREATE TRIGGER transactions_sealed BEFORE INSERT ON transactions
WHEN length(NEW.digest) <> 64 OR length(NEW.prev_digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a journal entry is written with its digests'); END;
CREATE TRIGGER account_sealed BEFORE UPDATE ON account WHEN length(NEW.head_digest) <> 64
BEGIN SELECT RAISE(ABORT, 'the balance moves only with the head of the journal'); END;
CREATE TRIGGER rounds_sealed_insert BEFORE INSERT ON rounds WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a round is written with its digest'); END;
CREATE TRIGGER rounds_sealed_update BEFORE UPDATE ON rounds WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a round is written with its digest'); END;
CREATE TRIGGER choices_no_update BEFORE UPDATE ON choices
BEGIN SELECT RAISE(ABORT, 'a recorded choice is final'); END;
CREATE TRIGGER choices_no_delete BEFORE DELETE ON choices
BEGIN SELECT RAISE(ABORT, 'a recorded choice is final'); END;
CREATE TRIGGER sessions_sealed BEFORE INSERT ON sessions WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a session is written with its digest'); END;
CREATE TRIGGER sessions_no_update BEFORE UPDATE ON sessions
BEGIN SELECT RAISE(ABORT, 'sessions are append-only'); END;
CREATE TRIGGER sessions_no_delete BEFORE DELETE ON sessions
BEGIN SELECT RAISE(ABORT, 'sessions are append-only'); END;
CREATE TRIGGER game_state_sealed_insert BEFORE INSERT ON game_state WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'state is written with its digest'); END;
CREATE TRIGGER game_state_sealed_update BEFORE UPDATE ON game_state WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'state is written with its digest'); END;
CREATE TRIGGER game_data_sealed BEFORE INSERT ON game_data WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'game data is written with its digest'); END;
CREATE TRIGGER game_data_no_update BEFORE UPDATE ON game_data
BEGIN SELECT RAISE(ABORT, 'stored game data is never changed'); END;
CREATE TRIGGER game_data_no_delete BEFORE DELETE ON game_data
BEGIN SELECT RAISE(ABORT, 'stored game data is never removed'); END;
"""


def _upgrade_to_v3(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    problems = audit.audit(conn, legacy=True)
    if problems:  # never seal damage in: the step rolls back and the file is set aside
        raise DamagedError("; ".join(problems[:5]))
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    for statement in split_sql(SCHEMA_V3_TABLES):
        conn.execute(statement)
    seal.seal_all(conn)
    for statement in split_sql(SCHEMA_V3_RULES):
        conn.execute(statement)


# Version 4: each round keeps the cross-round state it began with (`state_in_json`, sealed by the
# round's digest), so a stateful game's round is replayed from its own row, not by playing every
# earlier round of the game again. Rounds begun before have none (NULL): their digests stay those
# of version 3 (see seal.ROUND_SEALED_COLUMNS), so the step writes no row, and a replay of such a
# round still derives its state from the rounds before it. The state is written with the round's
# bet and never changes afterwards.
SCHEMA_V4 = """
ALTER TABLE rounds ADD COLUMN state_in_json TEXT;
CREATE TRIGGER rounds_state_in_final BEFORE UPDATE OF state_in_json ON rounds
WHEN NEW.state_in_json IS NOT OLD.state_in_json
BEGIN SELECT RAISE(ABORT, 'the state a round began with is final'); END;
"""


def _upgrade_to_v4(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    for statement in split_sql(SCHEMA_V4):
        conn.execute(statement)


# Version 5: each choice keeps the entropy drawn after it was made and stored with it in the
# same row (`choices.entropy`, 0 ≤ entropy < 2**63; 0 in sessions with a fixed seed): what a
# pick reveals is drawn from the round's seed AND that entropy, so it cannot be read from the
# ledger before the pick (see game.round). Choices recorded before have none (NULL, replayed as
# entropy 0) and keep the digests version 4 gave their rounds (see seal.round_digest), so the
# step writes no row; a new choice cannot be written without one.
SCHEMA_V5 = """
ALTER TABLE choices ADD COLUMN entropy INTEGER CHECK (entropy >= 0);
CREATE TRIGGER choices_with_entropy BEFORE INSERT ON choices WHEN NEW.entropy IS NULL
BEGIN SELECT RAISE(ABORT, 'a choice is recorded with its entropy'); END;
"""


def _upgrade_to_v5(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    for statement in split_sql(SCHEMA_V5):
        conn.execute(statement)


# The top-up rule (version TOP_UP_RULE_VERSION): each top-up keeps the smallest bet of the game it
# was made for (`min_bet_cents`, sealed in its journal digest), so the audit checks the rule
# exactly: a top-up is the standard amount (500,000 cents, `records.TOP_UP_CENTS`), given while
# no round is open and the balance cannot cover that bet. Other entries carry NULL; top-ups made
# before the step carry NULL too and keep their digests (a NULL is left out of the digest, see
# seal.txn_digest), checked by a bound instead. The database refuses a top-up that breaks the rule
# and any entry whose amount or balance passes 2^53 cents (`game.money.MAX_CENTS`). The step
# writes no row.
SCHEMA_TOP_UP_RULE = """
ALTER TABLE transactions ADD COLUMN min_bet_cents INTEGER;
CREATE TRIGGER transactions_top_up_rule BEFORE INSERT ON transactions
WHEN (NEW.kind = 'top_up') <> (NEW.min_bet_cents IS NOT NULL)
  OR NEW.kind = 'top_up' AND (NEW.amount_cents <> 500000 OR NEW.min_bet_cents < 1
      OR (SELECT balance_cents FROM account WHERE id = 1) >= NEW.min_bet_cents
      OR EXISTS (SELECT 1 FROM rounds WHERE status = 'open'))
BEGIN SELECT RAISE(ABORT, 'a top-up is the standard amount, made when the balance is below the smallest bet');
END;
CREATE TRIGGER transactions_within_bound BEFORE INSERT ON transactions
WHEN abs(NEW.amount_cents) > 9007199254740992 OR NEW.balance_after_cents > 9007199254740992
BEGIN SELECT RAISE(ABORT, 'amounts and balances stay within 2^53 cents'); END;
"""


def _upgrade_top_up_rule(conn: sqlite3.Connection, now: str, start_balance_cents: int) -> None:
    for statement in split_sql(SCHEMA_TOP_UP_RULE):
        conn.execute(statement)


# Upgrade path: MIGRATIONS[v] turns a version v-1 file into version v (0 = no file yet).
MIGRATIONS: dict[int, Callable[[sqlite3.Connection, str, int], None]] = {
    1: _create_v1,
    2: _upgrade_to_v2,
    3: _upgrade_to_v3,
    4: _upgrade_to_v4,
    5: _upgrade_to_v5,
    TOP_UP_RULE_VERSION: _upgrade_top_up_rule,
}


def split_sql(script: str) -> list[str]:
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


def migrate(conn: sqlite3.Connection, version: int, target: int, now: str, start_balance_cents: int) -> None:
    """Run the steps from `version` to `target`, each in its own transaction with its
    `user_version` bump. Foreign keys must be off (rebuilt tables); each step checks them."""
    for step in range(version + 1, target + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[step](conn, now, start_balance_cents)
            conn.execute(f"PRAGMA user_version = {step}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise


SchemaRows = tuple[tuple[str, str, str, str | None], ...]


@functools.cache
def expected_schema(version: int) -> SchemaRows:
    """The (type, name, table, sql) rows a sound file at `version` holds, sorted."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, 0, version, "1970-01-01T00:00:00.000000+00:00", 0)
        return schema_of(conn)
    finally:
        conn.close()


def schema_of(conn: sqlite3.Connection) -> SchemaRows:
    rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    return tuple(sorted(rows, key=lambda r: (r[0], r[1])))
