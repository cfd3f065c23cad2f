"""Shared fixtures for the engine tests: the installed Stones game, the fixed tiny game, and a
helper that evaluates a hand-built grid through the production evaluator."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

from game.definitions import GameDefinition, LoadedGame, load_definition, load_game
from game.evaluate import (
    compile_game,
    evaluate_grids,
    spin_wins,
)
from game.events import Win
from game.money import Bet

DATA = Path(__file__).parent / "data"
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="session")
def stones() -> LoadedGame:
    return load_game("stones")


@pytest.fixture(scope="session")
def tiny() -> LoadedGame:
    return load_definition(DATA / "tiny" / "game.toml")


GridEval = Callable[..., tuple[int, list[Win]]]


def evaluate_grid(
    defn: GameDefinition,
    grid: Sequence[Sequence[str]],
    *,
    lines: int | None = None,
    level: int = 1,
    multiplier: int = 1,
    wild_symbols: Sequence[str] = (),
) -> tuple[int, list[Win]]:
    """(total coins, wins) of one hand-built grid[reel][row] of symbol ids."""
    cg = compile_game(defn)
    n_lines = len(defn.lines) if lines is None else lines
    bet = Bet(lines=n_lines, level=level, coin_value_cents=defn.bet.default_coin_value_cents)
    g = np.array([[[cg.index[s] for s in reel] for reel in grid]], dtype=np.int64)
    lut = cg.lut(cg.wild_set_of(wild_symbols))
    batch = evaluate_grids(cg, lut, g, bet, multiplier)
    return int(batch.win_coins[0]), spin_wins(cg, lut, batch, g[0], 0, bet)


@pytest.fixture(scope="session")
def eval_grid() -> GridEval:
    return evaluate_grid


@pytest.fixture(scope="session")
def relic() -> LoadedGame:
    """The test-only stateful game (tests/support/relicgame), registered."""
    import relicgame

    relicgame.register()
    return load_definition(Path(relicgame.DATA) / "relic" / "game.toml")
