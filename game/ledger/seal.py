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
- each round row carries `digest` over every column (its events included) and its choices in
  order; each session, cross-round state and stored game data row carries a digest of its
  columns (game data is also keyed by the SHA-256 of its content).

A digest is SHA-256 over the canonical JSON of a tagged list of the values, so no two different
contents share an encoding. This detects damage (a flipped bit, a torn write, an edit by hand
that forgot a digest); it is not a signature and does not stop someone who recomputes them all,
which is fine for play money.

`audit(conn)` is the full check, run at every open (and by `Ledger.verify()`); it returns plain
problem lines, empty when sound. `legacy=True` runs only the money checks, for a file of an older
version before it is sealed by the upgrade (an unsound old file is set aside, never sealed).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from game.money import Bet

# every column of a round except its digest, in the order they are sealed
ROUND_SEALED_COLUMNS = (
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
ROUND_SELECT = ", ".join(ROUND_SEALED_COLUMNS)
METER_COLUMNS = ("rounds_played", "wagered_cents", "won_cents", "topped_up_cents", "refunded_cents")
TXN_COLUMNS = "id, kind, amount_cents, balance_after_cents, round_id, at, prev_digest, digest"

Meters5 = tuple[int, int, int, int, int]
ZERO_METERS: Meters5 = (0, 0, 0, 0, 0)


def digest(tag: str, *values: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of [tag, *values]."""
    text = json.dumps([tag, *values], separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


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
) -> str:
    return digest(
        "txn", prev, txn_id, kind, amount_cents, balance_after_cents, round_id, at, list(meters_after)
    )


def round_digest(values: Sequence[Any], choices: Iterable[Sequence[Any]]) -> str:
    """`values` in ROUND_SEALED_COLUMNS order; `choices` as (seq, choice, made_at) by seq."""
    return digest("round", list(values), [list(c) for c in choices])


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


def choices_of(conn: sqlite3.Connection, round_id: int) -> list[tuple[int, int, str]]:
    return conn.execute(
        "SELECT seq, choice, made_at FROM choices WHERE round_id = ? ORDER BY seq", (round_id,)
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
    txn_id, kind, amount, after, round_id, at, prev, stored = last
    if head != stored:
        return f"the wallet's head digest is not that of journal entry {txn_id}"
    if txn_digest(prev, txn_id, kind, amount, after, round_id, at, meters) != stored:
        return f"the meters or journal entry {txn_id} do not match its digest"
    if balance != after:
        return f"the balance {balance} is not the journal's {after}"
    return None


def check_round(conn: sqlite3.Connection, round_id: int, stored: str) -> bool:
    """Whether round `round_id`'s row and choices still make its `stored` digest."""
    row = conn.execute(f"SELECT {ROUND_SELECT} FROM rounds WHERE id = ?", (round_id,)).fetchone()
    return row is not None and round_digest(row, choices_of(conn, round_id)) == stored


# -- the full check ---------------------------------------------------------------------------------
def audit(conn: sqlite3.Connection, *, legacy: bool = False) -> list[str]:
    """Every consistency check; an empty list means sound. See the module docstring.

    - meter identity (M1): start + top-ups − Σ bets + Σ wins + Σ refunds = balance;
    - the journal: each entry's balance_after = previous balance + amount; meters = journal sums;
    - each round debited exactly once by its bet; each closed round credited exactly once by
      its win and never refunded; each void round refunded once with its bet, never credited,
      and with a reason; an open round neither credited nor refunded;
    - choices numbered 0..n-1; foreign keys hold;
    - unless `legacy`: the chain, the head, every digest, stored game data matching its key.

    Unreadable content (text that is not UTF-8, a row SQLite cannot decode) is a problem too.
    """
    try:
        problems = _money_checks(conn)
        if not legacy:
            problems += _seal_checks(conn)
    except (sqlite3.DatabaseError, ValueError, TypeError, UnicodeError, OverflowError) as exc:
        return [f"the data cannot be read back ({type(exc).__name__}: {exc})"]
    return problems


def _money_checks(conn: sqlite3.Connection) -> list[str]:
    problems: list[str] = []
    balance, start = conn.execute(
        "SELECT balance_cents, start_balance_cents FROM account WHERE id = 1"
    ).fetchone()
    sums = dict(
        conn.execute("SELECT kind, COALESCE(SUM(amount_cents), 0) FROM transactions GROUP BY kind").fetchall()
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

    meters = conn.execute(f"SELECT {', '.join(METER_COLUMNS)} FROM meters WHERE id = 1").fetchone()
    n_rounds = conn.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
    for name, meter, expected in zip(
        METER_COLUMNS, meters, (n_rounds, bets, wins, top_ups, refunds), strict=True
    ):
        if meter != expected:
            problems.append(f"meter {name} is {meter}, the journal says {expected}")

    n_open = conn.execute("SELECT COUNT(*) FROM rounds WHERE status = 'open'").fetchone()[0]
    if n_open > 1:
        problems.append(f"{n_open} rounds are open at once")
    problems += _round_checks(conn)

    for rid, n, lo, hi in conn.execute(
        "SELECT round_id, COUNT(*), MIN(seq), MAX(seq) FROM choices GROUP BY round_id"
    ):
        if lo != 0 or hi != n - 1:
            problems.append(f"round {rid}: choices are not numbered 0..{n - 1}")

    for fk in conn.execute("PRAGMA foreign_key_check").fetchall():
        problems.append(f"foreign key broken: {fk}")
    return problems


def _per_kind(kind: str) -> str:
    # count, sum and balance after of one round's journal entries of one kind
    return (
        f"(SELECT COUNT(*) FROM transactions t WHERE t.round_id = r.id AND t.kind = '{kind}'), "
        f"(SELECT SUM(amount_cents) FROM transactions t WHERE t.round_id = r.id AND t.kind = '{kind}'), "
        f"(SELECT MAX(balance_after_cents) FROM transactions t "
        f" WHERE t.round_id = r.id AND t.kind = '{kind}')"
    )


def _round_checks(conn: sqlite3.Connection) -> list[str]:
    problems: list[str] = []
    for row in conn.execute(
        "SELECT r.id, r.status, r.lines, r.level, r.coin_value_cents, "
        "r.coins_per_level_unit, r.bet_cents, r.win_coins, r.win_cents, "
        "r.balance_before_cents, r.balance_after_cents, r.void_reason, r.seed, "
        f"{_per_kind('bet')}, {_per_kind('win')}, {_per_kind('refund')} "
        "FROM rounds r ORDER BY r.id"
    ):
        (rid, status, lines, level, coin_value, unit, bet_cents, win_coins, win_cents) = row[:9]
        (before, after, void_reason, seed) = row[9:13]
        (n_bet, bet_amount, bet_after, n_win, win_amount, win_after) = row[13:19]
        (n_refund, refund_amount, refund_after) = row[19:22]
        where = f"round {rid}"
        try:
            expected_bet = Bet(
                lines=lines, level=level, coin_value_cents=coin_value, coins_per_level_unit=unit
            ).total_cents
        except ValueError as exc:
            problems.append(f"{where}: bet fields are invalid ({exc})")
            expected_bet = bet_cents
        if bet_cents != expected_bet:
            problems.append(f"{where}: bet_cents {bet_cents}, the bet costs {expected_bet}")
        if not (isinstance(seed, str) and seed.isdigit() and str(int(seed)) == seed and int(seed) < 2**64):
            problems.append(f"{where}: the seed {seed!r} is not a 64-bit number")
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
        if status != "closed":
            problems.append(f"{where}: unknown status {status!r}")
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
    return problems


def _seal_checks(conn: sqlite3.Connection) -> list[str]:
    problems: list[str] = []
    balance, start, created, head = conn.execute(
        "SELECT balance_cents, start_balance_cents, created_at, head_digest FROM account WHERE id = 1"
    ).fetchone()
    running_digest = genesis_digest(start, created)
    meters: Meters5 = ZERO_METERS
    running_balance = start
    expected_id = 1
    for txn_id, kind, amount, after, round_id, at, prev, stored in conn.execute(
        f"SELECT {TXN_COLUMNS} FROM transactions ORDER BY id"
    ):
        if txn_id != expected_id:
            problems.append(f"journal entry {expected_id} is missing (next is {txn_id})")
        expected_id = txn_id + 1
        if prev != running_digest:
            problems.append(f"journal entry {txn_id}: the chain is broken before it")
        meters = meters_after(meters, kind, amount)
        running_balance += amount
        if txn_digest(prev, txn_id, kind, amount, after, round_id, at, meters) != stored:
            problems.append(f"journal entry {txn_id}: its content does not match its digest")
        running_digest = stored
    if head != running_digest:
        problems.append("the wallet's head digest is not the last journal entry's")
    if running_balance != balance:
        problems.append(f"the balance {balance} is not the journal's {running_balance}")
    stored_meters = conn.execute(f"SELECT {', '.join(METER_COLUMNS)} FROM meters WHERE id = 1").fetchone()
    if tuple(stored_meters) != meters:
        problems.append(f"the meters {tuple(stored_meters)} are not the journal's {meters}")

    choices: dict[int, list[tuple[int, int, str]]] = {}
    for rid, seq, choice, made_at in conn.execute(
        "SELECT round_id, seq, choice, made_at FROM choices ORDER BY round_id, seq"
    ):
        choices.setdefault(rid, []).append((seq, choice, made_at))
    for row in conn.execute(f"SELECT {ROUND_SELECT}, digest FROM rounds ORDER BY id"):
        if round_digest(row[:-1], choices.get(row[0], [])) != row[-1]:
            problems.append(f"round {row[0]}: its content does not match its digest")
        if row[18] is not None:  # events_json: must read back as the list the app stored
            events = json.loads(row[18])
            if not isinstance(events, list):
                problems.append(f"round {row[0]}: its events are not a list")

    for sid, started, start_txn, start_balance, stored in conn.execute(
        "SELECT id, started_at, start_txn_id, start_balance_cents, digest FROM sessions"
    ):
        if session_digest(sid, started, start_txn, start_balance) != stored:
            problems.append(f"session {sid}: its content does not match its digest")
    for game_id, key, value_json, updated, stored in conn.execute(
        "SELECT game_id, key, value_json, updated_at, digest FROM game_state"
    ):
        if state_digest(game_id, key, value_json, updated) != stored:
            problems.append(f"state {game_id}.{key}: its content does not match its digest")
        json.loads(value_json)
    for sha, game_id, content, stored_at, stored in conn.execute(
        "SELECT sha256, game_id, content, stored_at, digest FROM game_data"
    ):
        if not isinstance(content, bytes) or hashlib.sha256(content).hexdigest() != sha:
            problems.append(f"stored game data {sha[:12]}: its content does not match its SHA-256")
        elif game_data_digest(sha, game_id, stored_at, content) != stored:
            problems.append(f"stored game data {sha[:12]}: its row does not match its digest")
    return problems


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
    for row in conn.execute(f"SELECT {ROUND_SELECT} FROM rounds ORDER BY id").fetchall():
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
