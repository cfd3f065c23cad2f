"""A child process for the SIGKILL test of the passports: plays Tomb Raider through the real
session and ledger forever, answering the quest's picks automatically, resuming any open round
first. A new ledger starts with every reel active, so its first round is a quest. It prints
"ready", then "done" after each round it finished; the parent kills it at random instants.

    python passport_child.py DATA_DIR SESSION_SEED
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from game.bets import default_bet
from game.definitions import load_game
from game.games.tombraider.model import PassportState
from game.ledger import Ledger
from game.rng import SeedSource
from game.session import STATE_KEY, RoundDriver

START = PassportState(active=(True,) * 5, spins=1, bet_cents=30)


def main() -> None:
    data, seed = Path(sys.argv[1]), int(sys.argv[2])
    loaded = load_game("tombraider")
    ledger = Ledger.open(data / "ledger.sqlite3")
    if ledger.get_state("tombraider", STATE_KEY) is None and ledger.open_round() is None:
        ledger.set_state("tombraider", STATE_KEY, START.model_dump(mode="json"))
    seeds = SeedSource(seed)
    driver = RoundDriver(ledger, loaded, seeds, ledger.start_session())
    view = driver.resume()
    bet = default_bet(loaded.definition)
    print("ready", flush=True)
    while True:
        if view is None:
            if not driver.can_afford(bet):
                ledger.top_up(min_bet_cents=driver.min_bet().total_cents)
            view = driver.start(bet)
        while driver.pending is not None:
            driver.choose(seeds.auto_pick(driver.pending.options, driver.pending.picked))
        driver.finish()
        print("done", flush=True)
        view = None


if __name__ == "__main__":
    main()
