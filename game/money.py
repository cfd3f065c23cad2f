"""Bets and money: coins for play logic, integer minor units (cents) for the ledger and display.

Floats never hold money. A coin value is stored in cents (0.05 → 5); a win in coins times the coin
value in cents is the win in cents.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from pydantic import BaseModel, ConfigDict, Field

from game.bounds import MAX_COIN_VALUE_CENTS, MAX_COINS_PER_LEVEL, MAX_LEVEL, MAX_LINES, MAX_ROUND_WIN_CENTS

MAX_CENTS = MAX_ROUND_WIN_CENTS
"""The most a balance, an amount or a win may be (2^53 cents): exact in a float64, and int64 (and
SQLite's INTEGER) holds 1,024 times it, so no sum of two of them can overflow."""


class AmountTooLarge(ValueError):  # noqa: N818 - reads as what happened
    """A balance or amount would pass `MAX_CENTS`; nothing was changed."""


def add_cents(balance: int, amount: int) -> int:
    """`balance + amount`, refused (AmountTooLarge) when either or the sum passes `MAX_CENTS`."""
    total = balance + amount
    if abs(balance) > MAX_CENTS or abs(amount) > MAX_CENTS or abs(total) > MAX_CENTS:
        raise AmountTooLarge(f"{balance} + {amount} cents passes the bound of {MAX_CENTS} cents")
    return total


def room_for_win(balance: int, max_win: int) -> bool:
    """Whether a round that may win up to `max_win` cents can start on `balance`: the balance
    after its largest possible win still within `MAX_CENTS` (checked before the bet, so no credit
    can overflow and no round is ever left open for want of room)."""
    return 0 <= max_win <= MAX_CENTS and balance + max_win <= MAX_CENTS


class Bet(BaseModel):
    """One round's stake: active lines, coins per line (level) and coin value in cents.

    `coins_per_level_unit` lets a game with a fixed line count charge a different number of coins
    per level than its line count (Warlords: 30 lines cost 15 coins per level). For line games where
    every line costs one coin per level it equals `lines`.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    lines: int = Field(ge=1, le=MAX_LINES)
    level: int = Field(ge=1, le=MAX_LEVEL)
    coin_value_cents: int = Field(ge=1, le=MAX_COIN_VALUE_CENTS)
    coins_per_level_unit: int | None = Field(default=None, ge=1, le=MAX_COINS_PER_LEVEL)

    @property
    def total_coins(self) -> int:
        """Total bet in coins: lines × level (or the game's fixed coin count × level)."""
        unit = self.coins_per_level_unit if self.coins_per_level_unit is not None else self.lines
        return unit * self.level

    @property
    def total_cents(self) -> int:
        """Total bet in minor currency units."""
        return self.total_coins * self.coin_value_cents

    def coins_to_cents(self, coins: int) -> int:
        """A win in coins expressed in minor currency units at this bet's coin value."""
        return coins * self.coin_value_cents


MAX_AMOUNT_DIGITS = 15
"""Whole-number digits an amount may have (a quadrillion): beyond, it is refused, never overflowed."""


def parse_amount_cents(text: str) -> int:
    """Parse a currency amount such as "0.05" or "1" into integer cents, exactly.

    Raises ValueError with a plain message for anything that is not a non-negative amount with at
    most two decimals.
    """
    try:
        value = Decimal(text.strip())
    except (InvalidOperation, AttributeError, ValueError) as exc:
        raise ValueError(f"not an amount: {text!r}") from exc
    if not value.is_finite() or value < 0:
        raise ValueError(f"not a non-negative amount: {text!r}")
    if value and value.adjusted() > MAX_AMOUNT_DIGITS:
        raise ValueError(f"too large an amount: {text!r}")
    cents = value * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"more than two decimals: {text!r}")
    return int(cents)


def format_cents(cents: int, symbol: str = "€", decimal_sep: str = ".", group_sep: str = ",") -> str:
    """Format minor units as a currency string: 123456 → "€1,234.56" (no floats involved)."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    grouped = f"{whole:,}".replace(",", group_sep)
    return f"{sign}{symbol}{grouped}{decimal_sep}{frac:02d}"


def cents_to_decimal_str(cents: int) -> str:
    """Minor units as a plain decimal string: 5 → "0.05"."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}{whole}.{frac:02d}"
