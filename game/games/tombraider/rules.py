"""The registry's entry for Tomb Raider – Secret of the Sword: its flow, batch, par sheet, events
and the passports it carries from round to round."""

from game.games.common import GameRules
from game.games.tombraider.batch import initial_batch_state, simulate_batch
from game.games.tombraider.events import EVENTS
from game.games.tombraider.exact import par_sheet
from game.games.tombraider.flow import play
from game.games.tombraider.model import STATE

RULES = GameRules(
    "tombraider",
    play,
    simulate_batch,
    par_sheet,
    events=EVENTS,
    state_model=STATE,
    initial_batch_state=initial_batch_state,
)
