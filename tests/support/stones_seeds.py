"""Session seeds for Secret of the Stones tests, found with the engine (never typed in)."""

from __future__ import annotations

from game.bets import default_bet
from game.definitions import load_game
from game.rng import SeedSource
from game.round import play_round


def feature_session_seed() -> int:
    """A `--seed` whose first round triggers free spins at the default bet."""
    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(1, 5000):
        if play_round(defn, bet, SeedSource(s).next_seed()).pending is not None:
            return s
    raise AssertionError("no seed triggers free spins")
