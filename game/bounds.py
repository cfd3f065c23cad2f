"""The bounds that keep every amount far inside a 64-bit integer (and exact in a float64).

A game's data may not ask for more than these; `game.definitions` checks each field against
them and, at load, bounds the largest win a round could ever pay (pays × lines × level ×
multiplier × spins × coin value) by `MAX_ROUND_WIN_CENTS` = 2^53, so sums of wins over a
simulation batch, a balance and a ledger's meters all stay exact in int64 with room to spare.
The engine's integer tables take their dtypes from the same numbers (`game.evaluate`).
"""

from __future__ import annotations

MAX_LINE_PAY = 100_000
"""Coins one line pays at level 1 (the largest entry of a paytable)."""
MAX_SCATTER_PAY = 100_000
"""Times the total bet a scatter pays."""
MAX_SYMBOLS = 100
"""Symbols in a game: the line table stores a symbol index in int8."""
MAX_REELS = 7
MAX_ROWS = 6
MAX_LINES = 100
MAX_LEVEL = 100
MAX_LEVELS = 20
"""How many bet levels (and coin values) a game may offer."""
MAX_COIN_VALUE_CENTS = 100_000
MAX_COINS_PER_LEVEL = 1_000
MAX_STRIP = 10_000
"""Stops on one reel strip."""
MAX_CAP_COINS_PER_LEVEL = 10**9
MAX_ROUND_WIN_CENTS = 2**53
"""No round may be able to win more (9,007,199,254,740,992 cents): int64 holds 1,024 times it."""
MAX_DATA_BYTES = 1_000_000
"""A game data file larger than this is refused before it is parsed."""
MAX_NESTING = 32
"""Deepest nesting of tables and arrays a game data file may use."""
