"""The registry's entry for the Relic test game."""

from __future__ import annotations

from typing import Any

from game.definitions import GameDefinition
from game.games.common import GameRules
from relicgame.batch import initial_batch_state, simulate_batch
from relicgame.events import EVENTS
from relicgame.flow import play
from relicgame.model import STATE


def par_sheet(defn: GameDefinition, lines: int | None = None, *, estimate_cap: bool = True) -> dict[str, Any]:
    """Relic is a test of the seams, not a product: it has no par sheet."""
    raise ValueError("the Relic test game has no par sheet")


RULES = GameRules(
    "relic",
    play,
    simulate_batch,
    par_sheet,
    events=EVENTS,
    state_model=STATE,
    initial_batch_state=initial_batch_state,
)
