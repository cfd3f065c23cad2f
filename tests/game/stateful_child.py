"""A child process for the SIGKILL test of state across rounds: plays the Relic test game through
the real session and ledger, forever, resuming any open round first. The parent kills it.

    python stateful_child.py DATA_DIR SESSION_SEED
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "support"))
sys.path.insert(0, str(HERE.parent.parent))

import relicgame  # noqa: E402

from game.bets import default_bet  # noqa: E402
from game.definitions import load_definition  # noqa: E402
from game.ledger import Ledger  # noqa: E402
from game.rng import SeedSource  # noqa: E402
from game.session import RoundDriver  # noqa: E402


def main() -> None:
    data, seed = Path(sys.argv[1]), int(sys.argv[2])
    relicgame.register()
    loaded = load_definition(Path(relicgame.DATA) / "relic" / "game.toml")
    ledger = Ledger.open(data / "ledger.sqlite3")
    driver = RoundDriver(ledger, loaded, SeedSource(seed), ledger.start_session())
    if driver.resume() is not None:
        driver.finish()
    bet = default_bet(loaded.definition)
    print("ready", flush=True)
    while True:
        if not driver.can_afford(bet):
            ledger.top_up(min_bet_cents=driver.min_bet().total_cents)
        driver.start(bet)
        driver.finish()
        print("done", flush=True)


if __name__ == "__main__":
    main()
