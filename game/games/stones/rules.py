"""The registry's entry for Secret of the Stones: its flow, batch, par sheet and events."""

from game.games.common import GameRules
from game.games.stones.batch import simulate_batch
from game.games.stones.events import EVENTS
from game.games.stones.exact import par_sheet
from game.games.stones.flow import play
from game.games.stones.variance import round_moments

RULES = GameRules("stones", play, simulate_batch, par_sheet, events=EVENTS, round_moments=round_moments)
