"""The rollback anchor: the head of the journal kept in a second place, `<ledger>.anchor`.

A ledger copied back from a backup, a sync tool that restored an older version, losing the
`-wal` of a file that was not yet checkpointed: each leaves a sound ledger that is OLDER than the
one the app last saved, and nothing inside the file can tell. The anchor can: after every write
that moves money the ledger writes, beside itself, the wallet's identity (its genesis digest:
start balance and creation time), how many balance changes its journal holds and the digest of
the last one. At open, a ledger that is another wallet, holds fewer balance changes, or whose
entry at the anchor's count is not the anchor's digest (a fork) is set aside as found and a new
wallet is started, with one sentence. A ledger AHEAD of its anchor is accepted (the app was
stopped between the commit and the anchor's write; the file's own entries prove the prefix).

The anchor is written after the ledger's commit and checkpoint are durable, through a temporary
file and a rename; it is not fsynced: a power cut can only leave it behind the ledger (accepted)
or unreadable (then, like a missing anchor on the first start after an upgrade, it is written
anew without a word). It guards against accidents, not against someone who rewrites both files.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from game.ledger import seal
from game.messages import Message

log = logging.getLogger(__name__)

SUFFIX = ".anchor"
MAX_BYTES = 4_096
MSG_NOT_LATEST = (
    "Your wallet file is not the latest one Reelhouse saved in this data folder ({found} balance "
    "changes instead of {expected}); it has been set aside as {name} and a new wallet was started."
)
MSG_OTHER_WALLET = (
    "Your wallet file is not the one Reelhouse last saved in this data folder; it has been set "
    "aside as {name} and a new wallet was started."
)
MESSAGES = (MSG_NOT_LATEST, MSG_OTHER_WALLET)


@dataclass(frozen=True, slots=True)
class Anchor:
    wallet: str  # the genesis digest
    changes: int  # journal entries (balance changes)
    head: str  # the last entry's digest (the genesis digest when there is none)


def path_of(ledger: Path) -> Path:
    return ledger.with_name(ledger.name + SUFFIX)


def of(conn: sqlite3.Connection) -> Anchor:
    """The anchor of the ledger open on `conn`."""
    start, created, head = conn.execute(
        "SELECT start_balance_cents, created_at, head_digest FROM account WHERE id = 1"
    ).fetchone()
    changes = conn.execute("SELECT COALESCE(MAX(id), 0) FROM transactions").fetchone()[0]
    return Anchor(seal.genesis_digest(start, created), int(changes), head)


def read(ledger: Path) -> Anchor | None:
    """The anchor beside `ledger`, or None when there is none or it cannot be read."""
    path = path_of(ledger)
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_bytes())
        anchor = Anchor(str(data["wallet"]), int(data["changes"]), str(data["head"]))
    except (OSError, ValueError, TypeError, KeyError) as exc:
        log.warning("the ledger's anchor %s cannot be read (%s): written anew", path, exc)
        return None
    return anchor if anchor.changes >= 0 else None


def write(ledger: Path, anchor: Anchor) -> None:
    """Replace the anchor beside `ledger` (a temporary file and a rename; see the module)."""
    path = path_of(ledger)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"wallet": anchor.wallet, "changes": anchor.changes, "head": anchor.head}))
    os.replace(tmp, path)


def compare(conn: sqlite3.Connection, anchor: Anchor) -> Message | None:
    """None when the ledger on `conn` is the one the anchor describes (or ahead of it), else what
    the player is told once it is set aside (`{name}` left to fill)."""
    here = of(conn)
    if here.wallet != anchor.wallet:
        return Message(MSG_OTHER_WALLET)
    if here.changes < anchor.changes:
        return Message(MSG_NOT_LATEST, {"found": here.changes, "expected": anchor.changes})
    at: str | None
    if anchor.changes == 0:
        at = here.wallet
    else:
        row = conn.execute("SELECT digest FROM transactions WHERE id = ?", (anchor.changes,)).fetchone()
        at = None if row is None else row[0]
    return None if at == anchor.head else Message(MSG_OTHER_WALLET)
