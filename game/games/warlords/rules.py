"""Warlords' rules registered with the engine: the flow for play, the batch for simulation."""

from __future__ import annotations

from game.games import GameRules, register
from game.games.warlords.batch import simulate_batch
from game.games.warlords.flow import play

RULES = register(GameRules("warlords", play, simulate_batch))
