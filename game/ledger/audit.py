"""The full check of a ledger file, made at every open (and by `Ledger.verify()`).

One pass over the journal and one over the rounds (the file is read once more by SQLite's own
integrity check before this runs), so it stays proportional to the file:

- the journal: each entry's balance_after = previous balance + amount; the meter identity (M1)
  start + top-ups − Σ bets + Σ wins + Σ refunds = balance; meters = the journal's sums; and unless
  `legacy`: the hash chain from the genesis digest, every entry's digest (its meters after it
  included), the head digest, ids without gaps; what the meters mean (`_meaning`): every
  amount and balance within 2^53 cents, a top-up the standard amount made while no round was
  open and the balance could not cover the smallest bet it was made for;
- each round debited exactly once by its bet; each closed round credited exactly once by its
  win and never refunded; each void round refunded once with its bet, never credited, with a
  reason; an open round neither credited nor refunded; bet fields within Bet's bounds; a 64-bit
  seed; and unless `legacy` its digest (columns, events, choices and the state it began with,
  which must read back as JSON);
- choices numbered 0..n−1; foreign keys; unless `legacy`, every session, state and stored game
  data row against its digest.

`legacy=True` runs the money checks only, for a file of an older version before the upgrade seals
it (an unsound old file is set aside, never sealed). Unreadable content (text that is not UTF-8,
a row SQLite cannot decode) is a problem too.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any

from game.bounds import MAX_COIN_VALUE_CENTS, MAX_COINS_PER_LEVEL, MAX_LEVEL, MAX_LINES
from game.ledger import seal
from game.ledger.records import TOP_UP_CENTS
from game.money import MAX_CENTS

MAX_BET_CENTS = max(MAX_LINES, MAX_COINS_PER_LEVEL) * MAX_LEVEL * MAX_COIN_VALUE_CENTS
"""The most any bet can cost within Bet's bounds, so the most a game's smallest bet can be."""


def audit(conn: sqlite3.Connection, *, legacy: bool = False) -> list[str]:
    """Every consistency check; an empty list means sound (see the module docstring)."""
    try:
        problems: list[str] = []
        entries = _journal(conn, legacy, problems)
        _rounds(conn, legacy, entries, problems)
        _rest(conn, legacy, problems)
    except (sqlite3.DatabaseError, ValueError, TypeError, UnicodeError, OverflowError, KeyError) as exc:
        return [f"the data cannot be read back ({type(exc).__name__}: {exc})"]
    return problems


def _journal(conn: sqlite3.Connection, legacy: bool, problems: list[str]) -> dict[tuple[int, str], list[int]]:
    """Walk the journal once; return each round's entries by kind: [count, sum, balance after]."""
    balance, start, created = conn.execute(
        "SELECT balance_cents, start_balance_cents, created_at FROM account WHERE id = 1"
    ).fetchone()
    head = None if legacy else conn.execute("SELECT head_digest FROM account WHERE id = 1").fetchone()[0]
    if not all(type(v) is int and 0 <= v <= MAX_CENTS for v in (balance, start)):
        problems.append(f"the balance {balance!r} or start {start!r} is not within {MAX_CENTS} cents")
    chain = None if legacy else seal.genesis_digest(start, created)
    meters: seal.Meters5 = seal.ZERO_METERS
    running = start
    expected_id = 1
    entries: dict[tuple[int, str], list[int]] = {}
    columns = "id, kind, amount_cents, balance_after_cents, round_id, at" + (
        "" if legacy else ", prev_digest, digest, min_bet_cents"
    )
    open_round: int | None = None
    for row in conn.execute(f"SELECT {columns} FROM transactions ORDER BY id"):
        txn_id, kind, amount, after, round_id, at = row[:6]
        min_bet = None if legacy else row[8]
        _meaning(txn_id, kind, amount, after, running, min_bet, open_round, problems)
        if kind == "bet":
            open_round = round_id
        elif kind in ("win", "refund") and round_id == open_round:
            open_round = None
        running += amount
        if after != running:
            problems.append(f"journal entry {txn_id}: balance_after {after}, expected {running}")
            running = after  # report each break once, not every entry after it
        meters = seal.meters_after(meters, kind, amount)
        if round_id is not None:
            got = entries.setdefault((round_id, kind), [0, 0, after])
            got[0] += 1
            got[1] += amount
            got[2] = max(got[2], after)
        if not legacy:
            prev, stored = row[6], row[7]
            if txn_id != expected_id:
                problems.append(f"journal entry {expected_id} is missing (next is {txn_id})")
            if prev != chain:
                problems.append(f"journal entry {txn_id}: the chain is broken before it")
            if seal.txn_digest(prev, txn_id, kind, amount, after, round_id, at, meters, min_bet) != stored:
                problems.append(f"journal entry {txn_id}: its content does not match its digest")
            chain = stored
        expected_id = txn_id + 1
    rounds_played, wagered, won, topped, refunded = meters
    if start + topped - wagered + won + refunded != balance or running != balance:
        problems.append(
            f"meter identity: start {start} + top-ups {topped} - bets {wagered} + wins {won}"
            f" + refunds {refunded} = {running}, but the balance is {balance}"
        )
    stored_meters = conn.execute(
        f"SELECT {', '.join(seal.METER_COLUMNS)} FROM meters WHERE id = 1"
    ).fetchone()
    n_rounds = conn.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
    for name, meter, expected in zip(seal.METER_COLUMNS, stored_meters, meters, strict=True):
        if meter != expected:
            problems.append(f"meter {name} is {meter}, the journal says {expected}")
    if rounds_played != n_rounds:
        problems.append(f"{rounds_played} bets in the journal, {n_rounds} rounds")
    if not legacy and head != chain:
        problems.append("the wallet's head digest is not the last journal entry's")
    return entries


def _meaning(
    txn_id: int,
    kind: str,
    amount: int,
    after: int,
    before: int,
    min_bet: int | None,
    open_round: int | None,
    problems: list[str],
) -> None:
    """What the meters mean, entry by entry: amounts and balances within 2^53 cents; a top-up is
    the standard amount, made while no round was open and the balance could not cover the
    smallest bet it was made for (kept with top-ups from schema step TOP_UP_RULE_VERSION on;
    older top-ups are held to a bound: at most the standard amount, the balance below it)."""
    where = f"journal entry {txn_id}"
    if not all(type(v) is int for v in (amount, after)):
        problems.append(f"{where}: an amount is not a whole number of cents")
        return
    if abs(amount) > MAX_CENTS or not 0 <= after <= MAX_CENTS:
        problems.append(f"{where}: an amount or balance passes the bound of {MAX_CENTS} cents")
    if kind != "top_up":
        if min_bet is not None:
            problems.append(f"{where}: a {kind} carries a smallest bet")
        return
    if min_bet is None:
        if amount > TOP_UP_CENTS or before >= TOP_UP_CENTS:
            problems.append(f"{where}: a top-up of {amount} on a balance of {before}")
        return
    if type(min_bet) is not int or not 1 <= min_bet <= MAX_BET_CENTS:
        problems.append(f"{where}: the smallest bet {min_bet!r} is not a bet")
    elif amount != TOP_UP_CENTS:
        problems.append(f"{where}: a top-up of {amount}, not the standard {TOP_UP_CENTS}")
    elif before >= min_bet:
        problems.append(f"{where}: a top-up while the balance {before} covered the smallest bet {min_bet}")
    if open_round is not None:
        problems.append(f"{where}: a top-up while round {open_round} was open")


def _bet_cents(lines: Any, level: Any, coin_value: Any, unit: Any) -> int | None:
    """What a stored bet costs, or None if its fields are not a valid `Bet` (the same bounds,
    checked without building one: this runs for every round at every open)."""
    fields = (lines, level, coin_value, 1 if unit is None else unit)
    limits = (MAX_LINES, MAX_LEVEL, MAX_COIN_VALUE_CENTS, MAX_COINS_PER_LEVEL)
    if not all(type(v) is int and 1 <= v <= hi for v, hi in zip(fields, limits, strict=True)):
        return None
    cents: int = (lines if unit is None else unit) * level * coin_value
    return cents


def _rounds(
    conn: sqlite3.Connection, legacy: bool, entries: dict[tuple[int, str], list[int]], problems: list[str]
) -> None:
    choices: dict[int, list[tuple[Any, ...]]] = {}
    has_entropy = any(row[1] == "entropy" for row in conn.execute("PRAGMA table_info(choices)"))
    for rid, *made in conn.execute(
        f"SELECT round_id, seq, choice, made_at{', entropy' if has_entropy else ''} "
        "FROM choices ORDER BY round_id, seq"
    ):
        choices.setdefault(rid, []).append(tuple(made))
    for rid, made in choices.items():
        if [c[0] for c in made] != list(range(len(made))):
            problems.append(f"round {rid}: choices are not numbered 0..{len(made) - 1}")
        if has_entropy and not all(c[3] is None or (type(c[3]) is int and 0 <= c[3] < 2**63) for c in made):
            problems.append(f"round {rid}: a choice's entropy is not a whole number from 0 to 2**63 - 1")
    none = (0, None, None)
    columns = seal.ROUND_V3_SELECT if legacy else seal.ROUND_SELECT + ", digest"
    n_open = 0
    for row in conn.execute(f"SELECT {columns} FROM rounds ORDER BY id"):
        (rid, _, _, _, seed, lines, level, coin_value, unit, bet_cents, status) = row[:11]
        (win_coins, win_cents, _, before, after, _, _, _, _, void_reason) = row[11:21]
        where = f"round {rid}"
        if not legacy:
            if seal.round_digest(row[:-1], choices.get(rid, [])) != row[-1]:
                problems.append(f"{where}: its content does not match its digest")
            if row[seal.STATE_IN_AT] is not None:
                json.loads(row[seal.STATE_IN_AT])
        cost = _bet_cents(lines, level, coin_value, unit)
        if cost is None:
            problems.append(f"{where}: bet fields are invalid")
        elif bet_cents != cost:
            problems.append(f"{where}: bet_cents {bet_cents}, the bet costs {cost}")
        if not (isinstance(seed, str) and seed.isdigit() and str(int(seed)) == seed and int(seed) < 2**64):
            problems.append(f"{where}: the seed {seed!r} is not a 64-bit number")
        n_bet, bet_amount, bet_after = entries.get((rid, "bet"), none)
        n_win, win_amount, win_after = entries.get((rid, "win"), none)
        n_refund, refund_amount, refund_after = entries.get((rid, "refund"), none)
        if n_bet != 1:
            problems.append(f"{where}: {n_bet} bet entries in the journal, expected 1")
        elif bet_amount != -bet_cents or bet_after != before - bet_cents:
            problems.append(f"{where}: the bet entry does not match the round")
        if status == "open":
            n_open += 1
            if n_win or n_refund:
                problems.append(f"{where}: open but credited or refunded")
        elif status == "void":
            if n_win:
                problems.append(f"{where}: void but credited")
            if n_refund != 1:
                problems.append(f"{where}: void with {n_refund} refund entries, expected 1")
            elif refund_amount != bet_cents or refund_after != after:
                problems.append(f"{where}: the refund entry does not match the round")
            if not void_reason:
                problems.append(f"{where}: void without a reason")
        elif status != "closed":
            problems.append(f"{where}: unknown status {status!r}")
        elif n_refund:
            problems.append(f"{where}: closed but refunded")
        elif n_win != 1:
            problems.append(f"{where}: closed with {n_win} win entries, expected 1")
        elif win_cents != win_coins * coin_value:
            problems.append(f"{where}: win_cents is not win_coins x coin value")
        elif win_amount != win_cents or win_after != after:
            problems.append(f"{where}: the win entry does not match the round")
    if n_open > 1:
        problems.append(f"{n_open} rounds are open at once")


def _rest(conn: sqlite3.Connection, legacy: bool, problems: list[str]) -> None:
    for fk in conn.execute("PRAGMA foreign_key_check").fetchall():
        problems.append(f"foreign key broken: {fk}")
    if legacy:
        return
    for sid, started, start_txn, start_balance, stored in conn.execute(
        "SELECT id, started_at, start_txn_id, start_balance_cents, digest FROM sessions"
    ):
        if seal.session_digest(sid, started, start_txn, start_balance) != stored:
            problems.append(f"session {sid}: its content does not match its digest")
    for game_id, key, value_json, updated, stored in conn.execute(
        "SELECT game_id, key, value_json, updated_at, digest FROM game_state"
    ):
        if seal.state_digest(game_id, key, value_json, updated) != stored:
            problems.append(f"state {game_id}.{key}: its content does not match its digest")
        json.loads(value_json)
    for sha, game_id, content, stored_at, stored in conn.execute(
        "SELECT sha256, game_id, content, stored_at, digest FROM game_data"
    ):
        if not isinstance(content, bytes) or hashlib.sha256(content).hexdigest() != sha:
            problems.append(f"stored game data {sha[:12]}: its content does not match its SHA-256")
        elif seal.game_data_digest(sha, game_id, stored_at, content) != stored:
            problems.append(f"stored game data {sha[:12]}: its row does not match its digest")
