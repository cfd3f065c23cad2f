"""The registry's entry for plain line games (feature type "lines")."""

from game.games.common import GameRules
from game.games.lines.batch import simulate_batch
from game.games.lines.exact import par_sheet
from game.games.lines.flow import play

RULES = GameRules("lines", play, simulate_batch, par_sheet)
