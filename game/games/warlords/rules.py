"""The registry's entry for Warlords – Crystals of Power: its flow, batch, par sheet and events."""

from game.games.common import GameRules
from game.games.warlords.batch import simulate_batch
from game.games.warlords.events import EVENTS
from game.games.warlords.exact import par_sheet
from game.games.warlords.flow import play

RULES = GameRules("warlords", play, simulate_batch, par_sheet, events=EVENTS)
