"""The money ledger: balance, rounds, player choices, meters and cross-round state in SQLite.

All money here is integer cents. The ledger never decides an outcome; it stores what the app hands
it (the round's bet and seed before anything moves, each choice as it is made, the win and the
round's events at the end) so that a kill at any instant leaves a consistent, resumable state:

- `begin_round` debits the bet and records the round as open in ONE transaction, together with
  the game data the round is played with (stored once per SHA-256);
- `record_choice` stores one player choice, with the entropy its reveal is drawn with, in its own
  transaction;
- `finish_round` credits the win, stores the events (and optional cross-round state) and closes
  the round in ONE transaction; a closed round can never be credited again;
- `void_round` refunds the bet of a round that truly cannot be completed and marks it void, in
  ONE transaction: "malfunction voids all pays and plays". A void round is never credited and
  never refunded twice.

Every balance change is also written to an append-only journal (`transactions`) that is a hash
chain, and to meters that only ever increase. The balance and meters are checked against the
journal, and every round, session and state row against its digest, at every open and before
use (critical memory, GLI-11; see `game.ledger.seal`). SQLite triggers and unique indexes
enforce the money invariants inside the database, so even a bug in this package cannot credit a
round twice.

A damaged database file (CERTIFICATION F4) is moved aside, never deleted, a fresh wallet is started
and `Ledger.notice` says so in one plain sentence; damage found while the app runs sets the file
aside at once and raises `LedgerDamaged`. A disk that says no (full, read-only, a folder where
the file should be...) raises `game.storage.StorageFailure` with one plain sentence. A second app
instance on the same file is kept out by an exclusive lock on the ledger file itself; a ledger
with a second name (a hard link) is refused; a ledger older than the one this data folder last
saved (`anchor`) is set aside as found. Nothing touches the disk at import time.

Modules: `core` (the Ledger), `records` (refusals and records), `schema` (DDL and upgrades),
`seal` (digests and checks), `files` (lock, open, set aside, create), `anchor` (the rollback
anchor).
"""

from __future__ import annotations

from game.ledger.core import DEFAULT_START_BALANCE_CENTS, DEFAULT_TOP_UP_CENTS, MSG_AT_LIMIT, Ledger
from game.ledger.files import MSG_SET_ASIDE
from game.ledger.records import (
    BalanceAtLimit,
    InsufficientFunds,
    LedgerDamaged,
    LedgerError,
    LedgerLocked,
    LedgerTooNew,
    Meters,
    OpenRound,
    RoundClosed,
    RoundInProgress,
    RoundNotFound,
    RoundRecord,
    TopUpRefused,
)
from game.ledger.schema import SCHEMA_VERSION
from game.storage import StorageFailure

__all__ = [
    "DEFAULT_START_BALANCE_CENTS",
    "DEFAULT_TOP_UP_CENTS",
    "MSG_AT_LIMIT",
    "MSG_SET_ASIDE",
    "SCHEMA_VERSION",
    "BalanceAtLimit",
    "InsufficientFunds",
    "Ledger",
    "LedgerDamaged",
    "LedgerError",
    "LedgerLocked",
    "LedgerTooNew",
    "Meters",
    "OpenRound",
    "RoundClosed",
    "RoundInProgress",
    "RoundNotFound",
    "RoundRecord",
    "StorageFailure",
    "TopUpRefused",
]
