"""Session seeds for Secret of the Stones tests, found with the engine (never typed in).

Each search plays rounds at the default bet from `SeedSource` as the app does and is cached, so a
test run pays for it once (each takes well under a second)."""

from __future__ import annotations

from functools import cache

from game.bets import default_bet
from game.definitions import load_game
from game.rng import SeedSource
from game.round import play_round


def _triggers(rounds: int, seed: int) -> list[bool]:
    """Whether each of the first `rounds` rounds of session `seed` triggers free spins."""
    defn = load_game("stones").definition
    bet = default_bet(defn)
    source = SeedSource(seed)
    return [play_round(defn, bet, source.next_seed()).pending is not None for _ in range(rounds)]


@cache
def feature_session_seed(nth: int = 1) -> int:
    """A `--seed` whose `nth` round is the first to trigger free spins at the default bet."""
    for s in range(1, 5000):
        flags = _triggers(nth, s)
        if flags[-1] and not any(flags[:-1]):
            return s
    raise AssertionError(f"no seed triggers free spins first in round {nth}")


@cache
def feature_within_seed(rounds: int) -> int:
    """A `--seed` whose first `rounds` rounds include one that triggers free spins."""
    for s in range(1, 5000):
        if any(_triggers(rounds, s)):
            return s
    raise AssertionError(f"no seed triggers free spins within {rounds} rounds")


@cache
def feature_round_seed() -> int:
    """A round seed (not a session's) whose round triggers free spins at the default bet."""
    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(1, 5000):
        if play_round(defn, bet, s).pending is not None:
            return s
    raise AssertionError("no round seed triggers free spins")
