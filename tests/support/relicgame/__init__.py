"""Relic: a test-only game whose feature needs state from earlier rounds.

It proves the engine's seams on something that is not Secret of the Stones: a typed cross-round
state carried by the session and the ledger (and across a SIGKILL), the batch simulator playing
players in lock-step, play ≡ simulation by tapes, and the cell behaviours the shared reel view
animates (overlay wilds, cascades, held cells). Registered by the tests (`register()`); never
shipped. Rules, in the order of the draws:

1. A base spin (`stops`). Then `below(overlay_one_in)`: on 0, `below(reels × rows)` names a cell;
   it and its right-hand neighbour (if any) are overlaid with the wild (style "relic").
2. The grid's line wins are paid; while a spin step wins and fewer than `cascade_steps` cascades
   have run, the winning cells burst, the symbols above fall and new ones drop in from the strip
   above the window (stop - 1, stop - 2, ...): a `CascadeEvent` per step, no draws.
3. Gems on the middle row of the final grid add to the player's collected gems (the state).
4. With `gems_to_unlock` or more collected: the relic re-spins. Every gem on the grid is held; the
   other cells re-spin `respins` times on the relic reel set (`stops` each); new gems join the held
   ones. Each held gem then pays `gem_pays_x_bet` × the total bet; the collected gems go back to 0.
"""

from game import games

FEATURE_TYPE = "relic"
DATA = __path__[0] + "/data"


def register() -> None:
    """Make the relic game playable (idempotent)."""
    games.register_package(FEATURE_TYPE, "relicgame")
