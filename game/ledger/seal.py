"""Critical memory: the digests that seal the ledger, and the checks that read them back.

GLI-11 asks that critical data be kept so that any corruption is detected at start-up and
before use. The ledger's critical data are the balance, the meters, the journal of every balance
change, each round (bet, seed, choices, outcome, events), the cross-round state and the game data
a round was played with. They are sealed like this (schema version 3):

- the journal is a hash chain: each entry carries `prev_digest` (the digest of the entry before
  it; the first one carries the wallet's genesis digest, made from its start balance and
  creation time) and `digest` = SHA-256 over `prev_digest`, its own columns AND the five meters
  as they stood after it. `account.head_digest` holds the last entry's digest;
- so the balance and the meters are checked against the journal twice over: the balance must be
  the last entry's `balance_after_cents` and the meters must re-create the head digest (a cheap
  check made before each round, `check_head`); the full check (`audit`) re-derives both by
  walking the whole chain;
- each round row carries `digest` over every column (its events and, from version 4, the state
  it began with included) and its choices in order (each with its entropy, from version 5);
  each session, cross-round state and stored game data row carries a digest of its columns
  (game data is also keyed by the SHA-256 of its content).

A digest is SHA-256 over the canonical JSON of a tagged list of the values, so no two different
contents share an encoding. This detects damage (a flipped bit, a torn write, an edit by hand
that forgot a digest); it is not a signature and does not stop someone who recomputes them all,
which is fine for play money.

The full check that reads every seal back is `game.ledger.audit`; `check_head` here is the cheap
one made before each round.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable, Sequence
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any

# every column of a version 3 round except its digest, in the order they are sealed
ROUND_V3_COLUMNS = (
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
    "void_reason",
)
ROUND_V3_SELECT = ", ".join(ROUND_V3_COLUMNS)
# Version 4 adds the cross-round state the round began with (JSON; NULL for a game that keeps
# none and for rounds begun before version 4). It is sealed after the others, and only when it is
# there: a NULL state leaves a round's digest what version 3 made it, so the upgrade seals nothing
# anew, while adding, removing or changing a stored state still changes the digest.
ROUND_SEALED_COLUMNS = (*ROUND_V3_COLUMNS, "state_in_json")
ROUND_SELECT = ", ".join(ROUND_SEALED_COLUMNS)
METER_COLUMNS = ("rounds_played", "wagered_cents", "won_cents", "topped_up_cents", "refunded_cents")
TXN_COLUMNS = "id, kind, amount_cents, balance_after_cents, round_id, at, prev_digest, digest, min_bet_cents"

Meters5 = tuple[int, int, int, int, int]
ZERO_METERS: Meters5 = (0, 0, 0, 0, 0)


def _unsealable(value: Any) -> Any:
    raise TypeError(f"cannot seal a {type(value).__name__}")


# Compact ASCII JSON (the text of json.dumps(value, separators=(",", ":"))), with the C encoder
# built once: json.dumps builds one per call, and the full check seals every journal entry and
# round at every open.
_ENCODE = c_make_encoder(None, _unsealable, encode_basestring_ascii, None, ":", ",", False, False, False)


def canonical(value: Any) -> str:
    """The canonical JSON text of ints, strings, None and lists of them."""
    return "".join(_ENCODE(value, 0))


def digest(tag: str, *values: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of [tag, *values]."""
    return hashlib.sha256(canonical([tag, *values]).encode("ascii")).hexdigest()


def genesis_digest(start_balance_cents: int, created_at: str) -> str:
    """Where the chain starts: the wallet's start balance and creation time."""
    return digest("genesis", start_balance_cents, created_at)


def txn_digest(
    prev: str,
    txn_id: int,
    kind: str,
    amount_cents: int,
    balance_after_cents: int,
    round_id: int | None,
    at: str,
    meters_after: Sequence[int],
    min_bet_cents: int | None = None,
) -> str:
    """An entry's digest. A top-up keeps the smallest bet it answered (schema step
    `TOP_UP_RULE_VERSION`), sealed after the rest; NULL (every other entry, and top-ups made before
    the step) is left out, so older entries keep the digests they were written with."""
    tail = () if min_bet_cents is None else (min_bet_cents,)
    return digest(
        "txn", prev, txn_id, kind, amount_cents, balance_after_cents, round_id, at, list(meters_after), *tail
    )


EVENTS_AT = ROUND_SEALED_COLUMNS.index("events_json")
STATE_IN_AT = ROUND_SEALED_COLUMNS.index("state_in_json")


def round_digest(values: Sequence[Any], choices: Iterable[Sequence[Any]]) -> str:
    """`values` in ROUND_SEALED_COLUMNS order (or ROUND_V3_COLUMNS order, for the upgrade to
    version 3); `choices` as (seq, choice, made_at) or, from version 5, (seq, choice, made_at,
    entropy) by seq. A choice's entropy is sealed with it; a NULL one (a choice recorded before
    version 5) is left out, so those rounds keep their digests.

    The events (the largest column by far) enter as their own SHA-256, so sealing a round costs
    one pass over their bytes instead of JSON-escaping them. A NULL `state_in_json` is left out
    (see ROUND_SEALED_COLUMNS)."""
    fields = list(values)
    if len(fields) == len(ROUND_SEALED_COLUMNS) and fields[STATE_IN_AT] is None:
        fields.pop(STATE_IN_AT)
    events = fields[EVENTS_AT]
    if events is not None:
        fields[EVENTS_AT] = hashlib.sha256(events.encode("utf-8", "surrogatepass")).hexdigest()
    sealed = [list(c) if len(c) < 4 or c[3] is not None else list(c[:3]) for c in choices]
    return digest("round", fields, sealed)


def session_digest(session_id: int, started_at: str, start_txn_id: int, start_balance_cents: int) -> str:
    return digest("session", session_id, started_at, start_txn_id, start_balance_cents)


def state_digest(game_id: str, key: str, value_json: str, updated_at: str) -> str:
    return digest("state", game_id, key, value_json, updated_at)


def game_data_digest(sha256: str, game_id: str, stored_at: str, content: bytes) -> str:
    return digest("game_data", sha256, game_id, stored_at, hashlib.sha256(content).hexdigest())


def meters_after(meters: Sequence[int], kind: str, amount_cents: int) -> Meters5:
    """The five meters after one journal entry of `kind` (a bet also counts a round played)."""
    rounds, wagered, won, topped, refunded = meters
    if kind == "bet":
        return rounds + 1, wagered - amount_cents, won, topped, refunded
    if kind == "win":
        return rounds, wagered, won + amount_cents, topped, refunded
    if kind == "top_up":
        return rounds, wagered, won, topped + amount_cents, refunded
    if kind == "refund":
        return rounds, wagered, won, topped, refunded + amount_cents
    raise ValueError(f"unknown journal kind {kind!r}")


def choices_of(conn: sqlite3.Connection, round_id: int) -> list[tuple[Any, ...]]:
    """A round's choices as (seq, choice, made_at, entropy) by seq; a file before version 5 has
    no entropy column: (seq, choice, made_at)."""
    has_entropy = any(row[1] == "entropy" for row in conn.execute("PRAGMA table_info(choices)"))
    columns = "seq, choice, made_at, entropy" if has_entropy else "seq, choice, made_at"
    return conn.execute(
        f"SELECT {columns} FROM choices WHERE round_id = ? ORDER BY seq", (round_id,)
    ).fetchall()


# -- the cheap check before each round ------------------------------------------------------------
def check_head(conn: sqlite3.Connection) -> str | None:
    """Balance and meters against the head of the chain (a few rows): None, or the problem."""
    account = conn.execute(
        "SELECT balance_cents, start_balance_cents, created_at, head_digest FROM account WHERE id = 1"
    ).fetchone()
    meters = conn.execute(f"SELECT {', '.join(METER_COLUMNS)} FROM meters WHERE id = 1").fetchone()
    if account is None or meters is None:
        return "the account or meters row is missing"
    balance, start, created, head = account
    last = conn.execute(f"SELECT {TXN_COLUMNS} FROM transactions ORDER BY id DESC LIMIT 1").fetchone()
    if last is None:
        if head != genesis_digest(start, created):
            return "the wallet's head digest does not match its genesis"
        if balance != start or tuple(meters) != ZERO_METERS:
            return "balance or meters moved without a journal entry"
        return None
    txn_id, kind, amount, after, round_id, at, prev, stored, min_bet = last
    if head != stored:
        return f"the wallet's head digest is not that of journal entry {txn_id}"
    if txn_digest(prev, txn_id, kind, amount, after, round_id, at, meters, min_bet) != stored:
        return f"the meters or journal entry {txn_id} do not match its digest"
    if balance != after:
        return f"the balance {balance} is not the journal's {after}"
    return None


def seal_all(conn: sqlite3.Connection) -> None:
    """Compute every digest of a file that has none yet (the upgrade to version 3).

    The triggers that keep rows final are dropped by the caller first and recreated after.
    """
    start, created = conn.execute(
        "SELECT start_balance_cents, created_at FROM account WHERE id = 1"
    ).fetchone()
    prev = genesis_digest(start, created)
    meters: Meters5 = ZERO_METERS
    rows = conn.execute(
        "SELECT id, kind, amount_cents, balance_after_cents, round_id, at FROM transactions ORDER BY id"
    ).fetchall()
    for txn_id, kind, amount, after, round_id, at in rows:
        meters = meters_after(meters, kind, amount)
        stored = txn_digest(prev, txn_id, kind, amount, after, round_id, at, meters)
        conn.execute(
            "UPDATE transactions SET prev_digest = ?, digest = ? WHERE id = ?", (prev, stored, txn_id)
        )
        prev = stored
    conn.execute("UPDATE account SET head_digest = ? WHERE id = 1", (prev,))
    for row in conn.execute(f"SELECT {ROUND_V3_SELECT} FROM rounds ORDER BY id").fetchall():
        sealed = round_digest(row, choices_of(conn, row[0]))
        conn.execute("UPDATE rounds SET digest = ? WHERE id = ?", (sealed, row[0]))
    for sid, started, start_txn, start_balance in conn.execute(
        "SELECT id, started_at, start_txn_id, start_balance_cents FROM sessions"
    ).fetchall():
        conn.execute(
            "UPDATE sessions SET digest = ? WHERE id = ?",
            (session_digest(sid, started, start_txn, start_balance), sid),
        )
    for game_id, key, value_json, updated in conn.execute(
        "SELECT game_id, key, value_json, updated_at FROM game_state"
    ).fetchall():
        conn.execute(
            "UPDATE game_state SET digest = ? WHERE game_id = ? AND key = ?",
            (state_digest(game_id, key, value_json, updated), game_id, key),
        )
