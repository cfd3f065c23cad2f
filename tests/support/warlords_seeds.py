"""Session seeds for Warlords tests, found with the engine (never typed in)."""

from __future__ import annotations

from game.bets import default_bet
from game.definitions import load_game
from game.rng import SeedSource
from game.round import play_round


def battle_session_seed(contenders: int = 2) -> int:
    """A `--seed` whose first round holds a battle of `contenders` colours at the default bet."""
    defn = load_game("warlords").definition
    bet = default_bet(defn)
    for s in range(1, 5000):
        events = play_round(defn, bet, SeedSource(s).next_seed()).events
        if any(e.type == "battle" and len(e.contenders) == contenders for e in events):
            return s
    raise AssertionError(f"no seed gives a battle of {contenders}")
