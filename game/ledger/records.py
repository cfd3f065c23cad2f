"""The ledger's refusals and the records it hands out (no SQL here).

Every refusal derives from `LedgerError` and carries one plain sentence fit for the player. A
damaged file found while the app runs is a `LedgerDamaged`, which is a `game.storage.StorageFailure`
(the app must end), not a refusal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.money import Bet
from game.storage import MSG_DAMAGED_NOW, StorageFailure

TOP_UP_CENTS = 500_000
"""The standard top-up: every top-up is exactly this (the schema's trigger and the audit say so)."""


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


class BalanceAtLimit(LedgerError):  # noqa: N818 - reads as what happened
    """The round's largest possible win would take the balance past 2^53 cents
    (`game.money.MAX_CENTS`); nothing was written."""


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
    seed, choices, state=state_in, entropies=entropies)` with the stored values reproduces the
    events up to the last recorded choice."""

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
    state_in: Any = None  # the cross-round state it began with (None: none kept, or before v4)
    entropies: tuple[int, ...] = ()  # each choice's entropy (0: none, e.g. recorded before v5)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round as stored (game recall, CERTIFICATION G1).

    `status` is "open", "closed" or "void". `balance_before_cents` is before the bet was
    debited, `balance_after_cents` after the win was credited, or after the refund of a void
    round (None while open). `events` are the JSON dicts handed to `finish_round` (None while
    open and for a void round, which has no win). `void_reason` says why a void round was voided
    (None otherwise). `state_in` is the cross-round state (JSON) the round began with, for a
    game that keeps one; None for other games and for rounds begun before schema version 4.
    Timestamps are UTC ISO-8601 strings.
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
    state_in: Any = None
    entropies: tuple[int, ...] = ()
    """Each choice's entropy, parallel to `choices` (0: none; choices recorded before schema
    version 5 have none): replay with `play_round(..., entropies=entropies)`."""


class LedgerDamaged(StorageFailure):
    """Damage found while the app runs (a digest, the chain or the balance no longer match).

    The file has already been set aside (never deleted) when this is raised, and the ledger is
    closed; the next start begins a new wallet. `name` is the set-aside file's name.
    """

    def __init__(self, name: str) -> None:
        super().__init__("damaged", MSG_DAMAGED_NOW, name=name)
        self.name = name
